"""The alert track: a level that events raise, read by activation, movement and reinforcements.

Bruneval rule 15: the level runs 0-6, starts at 0 and rises by +1 for the first and the
second paratrooper wave, the first and the second combat, the boats detected and the boats
arriving; phase D of each turn adjusts it. Dieppe rule 7 has other events and a 0-9 track
and applies them at once. An event is described by the increases of its successive
occurrences, so "first combat +1, second combat +1" is ``(1, 1)`` and "first assault +2"
is ``(2,)``; later occurrences add nothing, unless the event repeats (Dieppe: +1 for
*each* Bangalore attempt and each mine explosion), when its last increase applies to
every later occurrence. The ends of the track come from content (Bruneval 0-6, Dieppe
0-9), and the track notes each watched level it reaches (Dieppe flips every marker on
reaching 9).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass
class AlertTrack:
    """The alert level and the events that raise it.

    Attributes:
        maximum: top of the track (content gives it; no default).
        level: current level.
        minimum: bottom of the track.
        events: event id -> increases of its 1st, 2nd... occurrence.
        repeat: events whose last increase applies to every later occurrence.
        watch: levels whose reaching is noted in ``reached`` (once each).
        seen: event id -> how many times it has happened.
        pending: increases noted but not yet applied (applied by :meth:`adjust`).
        reached: watched levels reached so far, in the order they were reached.
    """

    maximum: int
    level: int = 0
    minimum: int = 0
    events: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    repeat: frozenset[str] = frozenset()
    watch: frozenset[int] = frozenset()
    seen: dict[str, int] = field(default_factory=dict)
    pending: list[tuple[int, str]] = field(default_factory=list)
    reached: list[int] = field(default_factory=list)

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
        if n < len(steps):
            amount = steps[n]
        else:
            amount = steps[-1] if steps and event in self.repeat else 0
        if amount:
            if at_once:
                self.raise_by(amount)
            else:
                self.pending.append((amount, event))
        return amount

    def raise_by(self, amount: int) -> int:
        """Move the level by ``amount`` within the track; returns the new level."""
        return self.set_level(self.level + amount)

    def set_level(self, level: int) -> int:
        """Put the marker on ``level`` (kept within the track); returns the new level.

        Each watched level passed or reached on the way up is noted once in ``reached``.
        """
        old = self.level
        self.level = max(self.minimum, min(self.maximum, level))
        for watched in sorted(self.watch):
            if old < watched <= self.level and watched not in self.reached:
                self.reached.append(watched)
        return self.level

    def has_reached(self, level: int) -> bool:
        """Whether the level is at or above ``level``."""
        return self.level >= level

    def adjust(self) -> list[tuple[int, str]]:
        """Apply every pending increase (the alert phase); returns what was applied."""
        applied = self.pending
        self.pending = []
        for amount, _ in applied:
            self.raise_by(amount)
        return applied


def movement_allowance(level: int, table: Mapping[int, int]) -> int:
    """Movement points a German unit gets at ``level``, read from a printed table
    (Bruneval 8.2 and 15: the level halved and rounded down, printed on the track as
    0,0,1,1,2,2,3; Dieppe prints movement on the counters and does not use this).

    Raises:
        KeyError: the level is not on the track.
    """
    return table[level]
