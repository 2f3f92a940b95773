"""The state of a play-through as plain JSON data, its journal, undo, and save files.

Everything a play-through knows lives in :class:`State`: sightings, counters with a ledger
of reasons, named values (tracks, conditions, flags), read counts, retired paragraphs,
standing notes, armed hooks, the PRNG position, title-owned data, and a journal of what
was done. Each journal entry keeps a snapshot of the state before it, so undo restores
everything, the PRNG position included: undoing never re-rolls a die.

Save files are versioned JSON (schema ``schemas/core/save.schema.json``), written
atomically with the previous save kept as ``<file>.bak``. A corrupt, truncated or newer
save is refused with a one-line reason, and nothing is overwritten. Older saves are
migrated.
"""

from __future__ import annotations

import copy
import json
import os
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from paragraphs.errors import SaveError

SAVE_FORMAT = "paragraphs-save"
SAVE_VERSION = 2

# Fields that make up the state proper (everything but the journal).
_FIELDS = (
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
        journal: what was done, each entry with the state before it.
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

    # ---------------------------------------------------------------- copying
    def snapshot(self) -> dict[str, Any]:
        """Everything but the journal, as a deep JSON-able copy."""
        return {name: _copy(getattr(self, name)) for name in _FIELDS}

    def copy(self) -> State:
        """A deep copy (the journal included)."""
        clone = State(**self.snapshot())
        clone.journal = copy.deepcopy(self.journal)
        return clone

    def restore(self, snap: Mapping[str, Any]) -> None:
        for name in _FIELDS:
            setattr(self, name, _copy(snap[name]))

    # ---------------------------------------------------------------- journal and undo
    def record(self, entry: dict[str, Any], before: Mapping[str, Any]) -> None:
        """Append a journal entry that remembers the state before it."""
        entry = dict(entry)
        entry["step"] = len(self.journal) + 1
        entry["before"] = dict(before)
        self.journal.append(entry)

    def undo(self, to_step: int | None = None) -> int:
        """Undo back to just before journal step ``to_step`` (the last one by default).

        Returns:
            The number of journal entries undone.

        Raises:
            SaveError: there is no such step.
        """
        if not self.journal:
            raise SaveError("nothing to undo")
        target = len(self.journal) if to_step is None else int(to_step)
        if not 1 <= target <= len(self.journal):
            raise SaveError(f"no journal step {target} (steps 1-{len(self.journal)})")
        undone = len(self.journal) - target + 1
        self.restore(self.journal[target - 1]["before"])
        del self.journal[target - 1 :]
        return undone

    # ---------------------------------------------------------------- conveniences
    def has_sighting(self, sid: str, observer: str | None = None) -> bool:
        info = self.sightings.get(sid)
        if info is None:
            return False
        return observer is None or info.get("observer") in (None, observer)

    def add_counter(self, name: str, delta: int, reason: str, paragraph: str = "") -> None:
        self.counters[name] = self.counters.get(name, 0) + delta
        self.ledger.append({"counter": name, "delta": delta, "reason": reason, "paragraph": paragraph})

    def summary(self, tracks: tuple[str, ...] = ()) -> dict[str, Any]:
        """The short public view used by ``read --json``: sorted sightings, counters, tracks."""
        out: dict[str, Any] = {
            "sightings": sorted(self.sightings),
            "counters": dict(sorted(self.counters.items())),
        }
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


def _copy(value: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists, scalars): much faster than deepcopy,
    which matters because exact odds copy the state for every branch they explore."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return copy.deepcopy(value)


# --------------------------------------------------------------------------- migrations

#: version -> function upgrading a save's payload from that version to the next one.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


def migration(from_version: int) -> Callable[[Callable[[dict[str, Any]], dict[str, Any]]], Callable[[dict[str, Any]], dict[str, Any]]]:
    def register(fn: Callable[[dict[str, Any]], dict[str, Any]]) -> Callable[[dict[str, Any]], dict[str, Any]]:
        MIGRATIONS[from_version] = fn
        return fn

    return register


@migration(1)
def _v1_to_v2(state: dict[str, Any]) -> dict[str, Any]:
    """Version 1 kept sightings as a list of ids and counters without a ledger.

    Version 2 keeps per-sighting details (observer, what was revealed, when it lapses)
    and a ledger of every counter change with its reason.
    """
    out = dict(state)
    out["sightings"] = {sid: {} for sid in state.get("sightings", [])}
    out.setdefault("ledger", [])
    for name, value in state.get("counters", {}).items():
        if value:
            out["ledger"].append({"counter": name, "delta": value, "reason": "carried over from a version 1 save", "paragraph": ""})
    out.setdefault("hooks", [])
    out.setdefault("extra", {})
    out.setdefault("journal", [])
    return out


# --------------------------------------------------------------------------- files


def save_state(state: State, path: str | os.PathLike[str], *, library_version: str | None = None) -> None:
    """Write a save atomically (temporary file, flush, fsync, rename); keep the previous one.

    The previous save, if any, is kept as ``<path>.bak``.
    """
    from paragraphs.__about__ import __version__

    target = Path(path)
    payload = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "library": library_version or __version__,
        "title": state.title,
        "content_hash": state.content_hash,
        "state": state.to_json(),
    }
    text = json.dumps(payload, indent=1, sort_keys=True, ensure_ascii=False)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if target.exists():
            os.replace(target, target.with_name(target.name + ".bak"))
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def load_state(path: str | os.PathLike[str], *, title: str | None = None) -> State:
    """Read a save file, migrating older versions.

    Raises:
        SaveError: the file is missing, corrupt, truncated, for another title, or was
            written by a newer library (a one-line reason; the file is left alone).
    """
    target = Path(path)
    try:
        text = target.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"{target}: no such save file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"{target}: cannot read: {exc}") from None
    try:
        payload = json.loads(text)
    except json.JSONDecodeError as exc:
        what = "truncated" if exc.pos >= len(text.rstrip()) else "corrupt"
        raise SaveError(f"{target}: {what} save (JSON error at line {exc.lineno} col {exc.colno})") from None
    if not isinstance(payload, dict) or payload.get("format") != SAVE_FORMAT:
        raise SaveError(f"{target}: not a paragraphs save file")
    version = payload.get("version")
    if not isinstance(version, int) or version < 1:
        raise SaveError(f"{target}: save has no valid version")
    if version > SAVE_VERSION:
        raise SaveError(f"{target}: save version {version} is newer than this library reads ({SAVE_VERSION}); upgrade paragraphs-engine")
    body = payload.get("state")
    if not isinstance(body, dict):
        raise SaveError(f"{target}: save has no state")
    while version < SAVE_VERSION:
        body = MIGRATIONS[version](body)
        version += 1
    problems = _schema_problems({**payload, "version": SAVE_VERSION, "state": body})
    if problems:
        raise SaveError(f"{target}: corrupt save: {problems[0]}")
    if title is not None and body.get("title") not in ("", None, title):
        raise SaveError(f"{target}: save is for title {body.get('title')!r}, not {title!r}")
    return State.from_json(body)


def _schema_problems(payload: Mapping[str, Any]) -> list[str]:
    """Light structural check of a save (the full schema is for tools and editors)."""
    state = payload.get("state", {})
    expected: dict[str, type | tuple[type, ...]] = {
        "sightings": dict,
        "counters": dict,
        "ledger": list,
        "values": dict,
        "read_counts": dict,
        "retired": list,
        "notes": list,
        "hooks": list,
        "extra": dict,
        "journal": list,
        "rng": (dict, type(None)),
    }
    out = []
    for name, kind in expected.items():
        if name in state and not isinstance(state[name], kind):
            out.append(f"field {name!r} has the wrong type")
    for name, value in state.get("counters", {}).items():
        if not isinstance(value, int):
            out.append(f"counter {name!r} is not an integer")
    return out
