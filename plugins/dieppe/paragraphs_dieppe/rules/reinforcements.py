"""Rule 8: German reinforcements, from alarm 6 until their container is empty.

Each turn a d10 is rolled: under the alarm level (strictly: ruling R20) reinforcements
come. A second d10 names the entry zone R0-R9 and a d6 how many counters (1-2: one, 3-4:
two, 5-6: three; content table ``reinforcement_count``), drawn at random from the
container; fewer come when fewer are left. An entry held by British units delays them to
the next turn at the next entry up (R9 is followed by R0). Arriving is their German action.
"""

from __future__ import annotations

from dataclasses import dataclass

from paragraphs_raids.dice import Roller


# __init__ written out, not frozen: see LineResult in rules.assault.
@dataclass(init=False, slots=True)
class ReinforcementRoll:
    """The rolls of one turn: whether they come, where and how many."""

    arrive: bool
    entry: int | None
    count: int

    def __init__(self, arrive: bool, entry: int | None = None, count: int = 0) -> None:
        self.arrive = arrive
        self.entry = entry
        self.count = count

    def label(self) -> str:
        """``none arrive`` or ``2 arrive at R7`` (the odds labels)."""
        return f"{self.count} arrive at R{self.entry}" if self.arrive else "none arrive"


def roll_reinforcements(alarm: int, remaining: int, roll: Roller, count_table: object) -> ReinforcementRoll:
    """Rule 8: the three rolls (the entry and count only when they come, R20)."""
    if roll("d10", "reinforcements: do they come?") >= alarm:
        return ReinforcementRoll(False)
    entry = roll("d10", "reinforcements: entry zone")
    count = int(count_table.lookup(roll("d6", "reinforcements: how many")).result)  # type: ignore[attr-defined]
    return ReinforcementRoll(True, entry, min(count, remaining))


def next_entry(entry: int) -> int:
    """Rule 8: the entry after R``entry`` (R9 -> R0)."""
    return (entry + 1) % 10

