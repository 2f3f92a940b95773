"""The alert track: a level that events raise, read by activation, movement and reinforcements.

Bruneval rule 15: the level runs 0-6, starts at 0 and rises by +1 for the first and the
second paratrooper wave, the first and the second combat, the boats detected and the boats
arriving; phase D of each turn adjusts it. Dieppe rule 7 has other events and a 0-9 track
and applies them at once. An event is described by the increases of its successive
occurrences, so "first combat +1, second combat +1" is ``(1, 1)`` and "first assault +2"
is ``(2,)``; later occurrences add nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass
class AlertTrack:
    """The alert level and the events that raise it.

    Attributes:
        level: current level.
        minimum, maximum: ends of the track.
        events: event id -> increases of its 1st, 2nd... occurrence.
        seen: event id -> how many times it has happened.
        pending: increases noted but not yet applied (applied by :meth:`adjust`).
    """

    level: int = 0
    minimum: int = 0
    maximum: int = 6
    events: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    seen: dict[str, int] = field(default_factory=dict)
    pending: list[tuple[int, str]] = field(default_factory=list)

    def happen(self, event: str, *, at_once: bool = False) -> int:
        """Record one occurrence of ``event``; returns the increase it brings (maybe 0).

        With ``at_once`` the level moves now (Dieppe); otherwise the increase waits for the
        adjustment phase (Bruneval phase D).

        Raises:
            KeyError: the title declares no such event.
        """
        steps = self.events[event]
        n = self.seen.get(event, 0)
        self.seen[event] = n + 1
        amount = steps[n] if n < len(steps) else 0
        if amount:
            if at_once:
                self.raise_by(amount)
            else:
                self.pending.append((amount, event))
        return amount

    def raise_by(self, amount: int) -> int:
        """Move the level by ``amount`` within the track; returns the new level."""
        self.level = max(self.minimum, min(self.maximum, self.level + amount))
        return self.level

    def adjust(self) -> list[tuple[int, str]]:
        """Apply every pending increase (the alert phase); returns what was applied."""
        applied = self.pending
        self.pending = []
        for amount, _ in applied:
            self.raise_by(amount)
        return applied


def movement_allowance(level: int, table: Mapping[int, int]) -> int:
    """Movement points a German unit gets at ``level`` (Bruneval 8.2 and 15: the level
    halved and rounded down, printed on the track as 0,0,1,1,2,2,3).

    Raises:
        KeyError: the level is not on the track.
    """
    return table[level]
