"""The state of a play-through, its journal, and save files.

* :class:`State` and the journal (:mod:`paragraphs.state.core`);
* :func:`save_state` / :func:`load_state`, :class:`SaveMissing` (:mod:`paragraphs.state.savefile`);
* :func:`hold_save`, the lock a command holds while it uses a save (:mod:`paragraphs.state.lock`);
* migrations of older saves (:mod:`paragraphs.state.migrations`).
"""

from __future__ import annotations

# ``typing`` is not imported at run time here (start-up time)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

from paragraphs.foundation.errors import SaveError
from paragraphs.state.core import CHECKPOINT_EVERY, REPLAYABLE, State

if TYPE_CHECKING:
    from paragraphs.state.lock import SaveBusy, hold_save
    from paragraphs.state.migrations import MIGRATIONS, migration
    from paragraphs.state.savefile import SAVE_FORMAT, SAVE_VERSION, SaveMark, SaveMissing, load_state, save_exists, save_state

# Save files, their lock and migrations are imported when first used: the engine imports
# this package for State, and a command that saves nothing (``read`` without ``--state``)
# need not load threads, locks and hashing to start (see benchmarks/cli_startup.py).
_LAZY = {
    "SaveBusy": "lock",
    "hold_save": "lock",
    "MIGRATIONS": "migrations",
    "migration": "migrations",
    "SAVE_FORMAT": "savefile",
    "SAVE_VERSION": "savefile",
    "SaveMark": "savefile",
    "SaveMissing": "savefile",
    "load_state": "savefile",
    "save_exists": "savefile",
    "save_state": "savefile",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value

__all__ = [
    "CHECKPOINT_EVERY",
    "MIGRATIONS",
    "REPLAYABLE",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "SaveBusy",
    "SaveError",
    "SaveMark",
    "SaveMissing",
    "State",
    "hold_save",
    "load_state",
    "migration",
    "save_exists",
    "save_state",
]
