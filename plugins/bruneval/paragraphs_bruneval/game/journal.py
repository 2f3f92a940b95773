"""The journal of a game: what happened, turn by turn and phase by phase, with its rolls."""

from __future__ import annotations

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

    def log(self, turn: int, phase: str, text: str) -> None:
        if not self.enabled:
            return
        self.entries.append(Entry(turn, phase, text, tuple(self.notes)))
        self.notes.clear()

    def to_json(self) -> list[dict[str, Any]]:
        return [e.to_json() for e in self.entries]
