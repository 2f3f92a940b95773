"""The state of a play-through as plain JSON data, and its journal.

Everything a play-through knows lives in :class:`State`: sightings, counters with a ledger
of reasons, named values (tracks, conditions, flags), read counts, retired paragraphs,
standing notes, armed hooks, the PRNG position, title-owned data, and a journal of what
was done.

The journal stores each step's *inputs* (what was started, the answers, the dice and the
PRNG position after it), not a copy of the whole state: a full snapshot of the state
before a step (a *checkpoint*) is kept only every :data:`CHECKPOINT_EVERY` steps, on
steps the engine cannot replay, and on the last step (so undoing one step needs nothing
but the state). Undoing further back restores the nearest checkpoint and replays the
steps after it with their recorded answers and dice (:meth:`paragraphs.interpreter.engine.Engine.undo`):
no die is ever re-rolled.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from paragraphs.foundation.dataclass_code import field
# ``typing`` is not imported at run time here (start-up time)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

from paragraphs.foundation.errors import SaveError

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # the standard decorator, its methods compiled once between runs (start-up time)
    from paragraphs.foundation.dataclass_code import dataclass

#: A full snapshot of the state is kept in the journal every this many steps.
CHECKPOINT_EVERY = 50

#: Journal actions the engine can replay from their inputs (others keep a checkpoint).
REPLAYABLE = frozenset({"read", "event", "perform", "set", "counter", "extra"})

#: Fields that make up the state proper (everything but the journal).
STATE_FIELDS = _FIELDS = (
    "title",
    "content_hash",
    "sightings",
    "counters",
    "ledger",
    "values",
    "read_counts",
    "retired",
    "notes",
    "hooks",
    "rng",
    "extra",
)


@dataclass
class State:
    """A play-through. All fields are JSON-able; ``to_json`` and ``from_json`` round-trip.

    Attributes:
        sightings: sighting id -> details (``revealed``, ``observer``, ``lapses``).
        counters: counter name -> value (``vp``).
        ledger: every counter change with its reason and paragraph.
        values: named values: title tracks (``condition``, ``alert``) and flags.
        read_counts: paragraph id -> times read.
        retired: paragraphs that now read as "no event".
        notes: standing notes (``{"id", "text", "paragraph"}``).
        hooks: armed deferred triggers (``{"id", "event", "paragraph", "once", ...}``).
        rng: the PRNG position ``{"seed", "position"}``, or None.
        extra: data a title keeps for itself (event markers, units, the board).
        journal: what was done, step by step (inputs, with a checkpoint now and then).
        saved_as: where and how this state was last saved or loaded (not part of the
            play-through: it lets the next save append to the journal file and notice a
            save that another command changed meanwhile).
    """

    title: str = ""
    content_hash: str = ""
    sightings: dict[str, dict[str, Any]] = field(default_factory=dict)
    counters: dict[str, int] = field(default_factory=dict)
    ledger: list[dict[str, Any]] = field(default_factory=list)
    values: dict[str, Any] = field(default_factory=dict)
    read_counts: dict[str, int] = field(default_factory=dict)
    retired: list[str] = field(default_factory=list)
    notes: list[dict[str, Any]] = field(default_factory=list)
    hooks: list[dict[str, Any]] = field(default_factory=list)
    rng: dict[str, int] | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    journal: list[dict[str, Any]] = field(default_factory=list)
    saved_as: Any = field(default=None, compare=False, repr=False)

    # ---------------------------------------------------------------- copying
    def snapshot(self) -> dict[str, Any]:
        """Everything but the journal, as a deep JSON-able copy."""
        return {name: _copy(getattr(self, name)) for name in _FIELDS}

    def copy(self, *, journal: bool = True) -> State:
        """A deep copy of the state. The journal's entries are never changed once written,
        so the copy shares them (``journal=False`` leaves the copy's journal empty)."""
        clone = State(**self.snapshot())
        if journal:
            clone.journal = list(self.journal)
        clone.saved_as = self.saved_as
        return clone

    def restore(self, snap: Mapping[str, Any]) -> None:
        for name in _FIELDS:
            setattr(self, name, _copy(snap[name]))

    # ---------------------------------------------------------------- journal and undo
    def record(self, entry: dict[str, Any], before: Mapping[str, Any]) -> None:
        """Append a journal entry; ``before`` is the state before it (a snapshot).

        The snapshot is kept on the new last entry (undoing one step needs no replay),
        and stays only on checkpoint steps: the previous last entry loses it unless it is
        a checkpoint. Entries are never changed in place (copies of the state share
        them), so the previous one is replaced by a copy.
        """
        self.journal = append_entry(self.journal, entry, before)

    def undo(self, to_step: int | None = None) -> int:
        """Undo back to just before journal step ``to_step`` (the last one by default),
        when that step kept the state before it (the last step always does).

        Undoing to a step without a checkpoint needs the engine to replay: use
        :meth:`paragraphs.interpreter.engine.Engine.undo`.

        Returns:
            The number of journal entries undone.

        Raises:
            SaveError: there is no such step, or it needs a replay.
        """
        target = self.undo_target(to_step)
        before = self.journal[target - 1].get("before")
        if before is None:
            raise SaveError(f"undoing to step {target} replays the steps after a checkpoint: use Engine.undo")
        undone = len(self.journal) - target + 1
        self.restore(before)
        self.truncate_journal(target - 1)
        return undone

    def undo_target(self, to_step: int | None) -> int:
        """The journal step an undo goes back to (checked)."""
        if not self.journal:
            raise SaveError("nothing to undo")
        target = len(self.journal) if to_step is None else int(to_step)
        if not 1 <= target <= len(self.journal):
            raise SaveError(f"no journal step {target} (steps 1-{len(self.journal)})")
        return target

    def truncate_journal(self, keep: int, last_before: Mapping[str, Any] | None = None) -> None:
        """Keep the first ``keep`` entries; ``last_before`` is the state before the new
        last entry, when known (so a later single-step undo needs no replay)."""
        kept = self.journal[:keep]
        if kept and last_before is not None and "before" not in kept[-1]:
            kept[-1] = {**kept[-1], "before": dict(last_before)}
        self.journal = kept
        # The journal file on disk holds the undone steps: the next save rewrites it.
        if self.saved_as is not None:
            self.saved_as = self.saved_as.after_undo()

    # ---------------------------------------------------------------- conveniences
    def has_sighting(self, sid: str, observer: str | None = None) -> bool:
        """Whether ``sid`` is sighted (by ``observer`` when given: an unattributed
        sighting counts for every observer)."""
        info = self.sightings.get(sid)
        if info is None:
            return False
        if observer is None:
            return True
        if "observer" in info:  # the version 2 shape, still accepted in memory
            return info["observer"] == observer
        by = info.get("by")
        # held unattributed (no ``by``, or details beside it): it counts for everyone
        return by is None or observer in by or len(info) > 1

    def clear_sighting(self, sid: str, observer: str | None = None) -> bool:
        """Remove sighting ``sid`` (for ``observer`` only, when given); whether it was held."""
        info = self.sightings.get(sid)
        if info is None:
            return False
        if observer is None:
            del self.sightings[sid]
            return True
        if info.get("observer") == observer:
            del self.sightings[sid]
            return True
        by = info.get("by") or {}
        if observer not in by:
            return False
        rest = {k: v for k, v in by.items() if k != observer}
        kept = {k: v for k, v in info.items() if k != "by"}
        if rest:
            kept["by"] = rest
        if rest or kept:
            self.sightings[sid] = kept
        else:
            del self.sightings[sid]
        return True

    def observers(self, sid: str) -> list[str]:
        """Who observes ``sid`` (empty for an unattributed or absent sighting)."""
        info = self.sightings.get(sid) or {}
        if "observer" in info:
            return [str(info["observer"])]
        return sorted(info.get("by") or ())

    def add_counter(self, name: str, delta: int, reason: str, paragraph: str = "") -> None:
        self.counters[name] = self.counters.get(name, 0) + delta
        self.ledger.append({"counter": name, "delta": delta, "reason": reason, "paragraph": paragraph})

    def summary(self, tracks: tuple[str, ...] = ()) -> dict[str, Any]:
        """The short public view used by ``read --json``: sorted sightings, counters, tracks."""
        out: dict[str, Any] = {
            "sightings": sorted(self.sightings),
            "counters": dict(sorted(self.counters.items())),
        }
        observed = {sid: self.observers(sid) for sid in sorted(self.sightings) if self.observers(sid)}
        if observed:
            out["observers"] = observed
        for name in tracks:
            out[name] = self.values.get(name)
        out["values"] = dict(sorted(self.values.items()))
        out["retired"] = sorted(self.retired)
        out["read_counts"] = dict(sorted(self.read_counts.items()))
        out["notes"] = [n["text"] for n in self.notes]
        out["hooks"] = [{"id": h["id"], "event": h["event"], "paragraph": h["paragraph"]} for h in self.hooks]
        return out

    # ---------------------------------------------------------------- JSON
    def to_json(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in _FIELDS}
        data["journal"] = self.journal
        return copy.deepcopy(data)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> State:
        known = {name: copy.deepcopy(data[name]) for name in (*_FIELDS, "journal") if name in data}
        return cls(**known)


def is_checkpoint(entry: Mapping[str, Any]) -> bool:
    """Whether a journal entry keeps its snapshot for good (not only while it is last)."""
    return entry.get("action") not in REPLAYABLE or int(entry.get("step", 1)) % CHECKPOINT_EVERY == 1


def append_entry(journal: list[dict[str, Any]], entry: Mapping[str, Any], before: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A new journal list: ``journal`` plus ``entry`` (numbered, with ``before``)."""
    new = dict(entry)
    new["step"] = len(journal) + 1
    new["before"] = dict(before)
    out = list(journal)
    if out and "before" in out[-1] and not is_checkpoint(out[-1]):
        out[-1] = {k: v for k, v in out[-1].items() if k != "before"}
    out.append(new)
    return out


_SCALARS = frozenset({str, int, float, bool, type(None)})


def _copy(value: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists, scalars): much faster than deepcopy,
    which matters because exact odds copy the state for every branch they explore, and
    the journal mode copies it for every resolution. Scalars inside a dict or a list are
    taken as they are, without a call for each (read counts are hundreds of them)."""
    cls = value.__class__
    if cls is dict:
        scalars = _SCALARS
        return {k: v if v.__class__ in scalars else _copy(v) for k, v in value.items()}
    if cls is list:
        scalars = _SCALARS
        return [v if v.__class__ in scalars else _copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return copy.deepcopy(value)
