"""Upgrades of older save payloads, one version at a time.

Each migration takes the ``state`` object of a save of its version and returns the next
version's. They run before the save is validated, so they must not trust the data: a
value of the wrong shape raises :class:`MigrationFailed` and the save is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Migration = Callable[[dict[str, Any]], dict[str, Any]]

#: version -> function upgrading a save's state from that version to the next one.
MIGRATIONS: dict[int, Migration] = {}


class MigrationFailed(Exception):
    """The old save does not have the shape its version promises."""


def migration(from_version: int) -> Callable[[Migration], Migration]:
    def register(fn: Migration) -> Migration:
        MIGRATIONS[from_version] = fn
        return fn

    return register


def migrate(state: dict[str, Any], version: int, to_version: int) -> dict[str, Any]:
    while version < to_version:
        try:
            state = MIGRATIONS[version](state)
        except (TypeError, KeyError, AttributeError, ValueError) as exc:
            raise MigrationFailed(f"cannot upgrade it from version {version}: {type(exc).__name__}: {exc}") from None
        version += 1
    return state


@migration(1)
def _v1_to_v2(state: dict[str, Any]) -> dict[str, Any]:
    """Version 1 kept sightings as a list of ids and counters without a ledger.

    Version 2 keeps per-sighting details (observer, what was revealed, when it lapses)
    and a ledger of every counter change with its reason.
    """
    out = dict(state)
    sightings = state.get("sightings", [])
    if not isinstance(sightings, list):
        raise TypeError("sightings of a version 1 save are a list")
    out["sightings"] = {str(sid): {} for sid in sightings}
    out.setdefault("ledger", [])
    counters = state.get("counters", {})
    if not isinstance(counters, dict):
        raise TypeError("counters are a map")
    for name, value in counters.items():
        if value and isinstance(value, int) and not isinstance(value, bool):
            out["ledger"].append({"counter": name, "delta": value, "reason": "carried over from a version 1 save", "paragraph": ""})
    out.setdefault("hooks", [])
    out.setdefault("extra", {})
    out.setdefault("journal", [])
    return out


@migration(2)
def _v2_to_v3(state: dict[str, Any]) -> dict[str, Any]:
    """Version 3 lets many observers hold one sighting, and journals inputs.

    A sighting with an ``observer`` becomes one with that observer in ``by``. Each journal
    entry gains ``rng``, the PRNG position after it (read from the next entry's snapshot,
    or the state's for the last one), so that it can be replayed without its snapshot.
    """
    out = dict(state)
    sightings = state.get("sightings", {})
    if not isinstance(sightings, dict):
        raise TypeError("sightings are a map")
    out["sightings"] = {sid: _v3_sighting(info) for sid, info in sightings.items()}
    journal = state.get("journal", [])
    if not isinstance(journal, list):
        raise TypeError("the journal is a list")
    entries = []
    for i, entry in enumerate(journal):
        if not isinstance(entry, dict):
            raise TypeError(f"journal entry {i + 1} is not an object")
        new = dict(entry)
        following = journal[i + 1].get("before") if i + 1 < len(journal) and isinstance(journal[i + 1], dict) else state
        if isinstance(following, dict) and "rng" in following:
            new["rng"] = following["rng"]
        if isinstance(new.get("before"), dict):
            before = dict(new["before"])
            if isinstance(before.get("sightings"), dict):
                before["sightings"] = {sid: _v3_sighting(info) for sid, info in before["sightings"].items()}
            new["before"] = before
        entries.append(new)
    out["journal"] = entries
    return out


def _v3_sighting(info: Any) -> Any:
    if not isinstance(info, dict) or "observer" not in info:
        return info
    detail = {k: v for k, v in info.items() if k != "observer"}
    return {"by": {str(info["observer"]): detail}}


@migration(3)
def _v3_to_v4(state: dict[str, Any]) -> dict[str, Any]:
    """Version 4 changes the file, not the state: the save is held in one of two slots
    overwritten in turn, and the steps past the journal file travel with it
    (:mod:`paragraphs.state.slots`). The state of a version 3 save is a version 4 state."""
    return state
