"""The state of a play-through, its journal, and save files.

* :class:`State` and the journal (:mod:`paragraphs.state.core`);
* :func:`save_state` / :func:`load_state`, :class:`SaveMissing` (:mod:`paragraphs.state.savefile`);
* :func:`hold_save`, the lock a command holds while it uses a save (:mod:`paragraphs.state.lock`);
* migrations of older saves (:mod:`paragraphs.state.migrations`).
"""

from __future__ import annotations

from paragraphs.foundation.errors import SaveError
from paragraphs.state.core import CHECKPOINT_EVERY, REPLAYABLE, State
from paragraphs.state.lock import SaveBusy, hold_save
from paragraphs.state.migrations import MIGRATIONS, migration
from paragraphs.state.savefile import SAVE_FORMAT, SAVE_VERSION, SaveMark, SaveMissing, load_state, save_exists, save_state

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
