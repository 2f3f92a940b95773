"""The journal of a raid game: what happened, turn by turn and phase by phase, with its rolls.

Shared by the raid titles: an automatic game, the companion's turn and a board file all
write one. :func:`journal_lines` prints it with the clock time of each turn
(:func:`clock`, from the scenario's start time and turn length).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from paragraphs_raids.dice import RollNote


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of the journal and the rolls made for it."""

    turn: int
    phase: str
    text: str
    rolls: tuple[RollNote, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"turn": self.turn, "phase": self.phase, "text": self.text, "rolls": [r.to_json() for r in self.rolls]}

    def format(self) -> str:
        dice = "; ".join(f"{r.die}={r.value} ({r.purpose})" for r in self.rolls)
        return f"{self.text}" + (f"  [{dice}]" if dice else "")


@dataclass
class Journal:
    """Entries in order. Rolls noted since the last entry belong to the next one.

    With ``enabled`` false (Monte Carlo series) nothing is kept.
    """

    enabled: bool = True
    entries: list[Entry] = field(default_factory=list)
    notes: list[RollNote] = field(default_factory=list)
    #: How many entries an interactive session has already said (they are said as the step
    #: goes, before each die or choice it asks, and the rest when it ends).
    said: int = 0

    def log(self, turn: int, phase: str, text: str) -> None:
        if not self.enabled:
            return
        self.entries.append(Entry(turn, phase, text, tuple(self.notes)))
        self.notes.clear()

    def to_json(self) -> list[dict[str, Any]]:
        return [e.to_json() for e in self.entries]


def clock(turn: int, start: str, minutes: int) -> str:
    """The time at the start of ``turn``: turn 1 is ``start`` (``"00:15"`` in Bruneval,
    ``"04:45"`` in Dieppe), each turn lasts ``minutes``."""
    h, m = (int(x) for x in start.split(":"))
    total = h * 60 + m + (turn - 1) * minutes
    return f"{total // 60 % 24:02d}:{total % 60:02d}"


def journal_lines(entries: Iterable[Entry], *, start: str, minutes: int, phase_names: Mapping[str, str] | None = None, rolls: bool = True) -> list[str]:
    """The journal as text: a heading per turn with its time, one line per entry, its dice after it.

    ``phase_names`` maps a phase id to a name whose first word tags each line.
    """
    names = phase_names or {}
    lines: list[str] = []
    turn = None
    for e in entries:
        if e.turn != turn and e.phase != "setup":
            turn = e.turn
            lines.append(f"Turn {e.turn} ({clock(e.turn, start, minutes)})")
        tag = names.get(e.phase, e.phase).split(" ")[0]
        lines.append(f"  {tag:5} {e.text}")
        if rolls and e.rolls:
            lines.append("        dice: " + "; ".join(f"{r.die} {r.value} ({r.purpose})" for r in e.rolls))
    return lines


@dataclass
class GameResult:
    """The end of an automatic raid game: seed, VP, level, reasons, turns and the journal.

    ``options`` is the title's choices as JSON (``{"optional": [...], "difficulty": ...,
    "events": ...}``), the same shape for every raid title.
    """

    title: str
    seed: int
    vp: int
    result: str
    reasons: list[str]
    turns: int
    journal: Journal = field(default_factory=Journal)
    options: dict[str, Any] = field(default_factory=dict)
    policy: str = "default"

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "seed": self.seed,
            "policy": self.policy,
            "options": dict(self.options),
            "vp": self.vp,
            "result": self.result,
            "reasons": list(self.reasons),
            "turns": self.turns,
            "journal": self.journal.to_json(),
        }
