"""Land route searches that stop once they know enough (issue 14).

The raids layer's ``ZoneMap.path_costs`` and ``ZoneMap.costs_to`` search the whole map
every time. A German stack only needs the zones up to its nearest goal, and the British
player only the zones nearer its goal than the stack that walks there: on the Dieppe map
that is a third to two thirds of it. :class:`LandSearch` is the same search (Dijkstra
with one list of zones per cost, each list taken in map order, ``ZoneMap._search``) run
one cost level at a time, only as far as a question needs, and it can be asked again
later: it goes on from where it stopped. Every cost it answers is the one the whole
search gives, and the zones come in the same order (the order they were first reached),
so the dice the callers roll among equal choices fall the same way.
``tests/test_fast_paths.py`` compares it with the map's searches on random boards.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Final

from paragraphs_dieppe.lookups import Lookups

#: The cost of a zone not reached (yet).
FAR: Final = 1 << 30


class LandSearch:
    """A land search from ``origin``, settled one cost level at a time.

    Args:
        lookups: the scenario's tables (zones by rank, their land lines).
        origin: where the search starts (a mover, or the goal of a backward search).
        closed: zones never entered (the origin excepted).
        stops: zones entered but never left (the origin excepted).
        weights: zone -> weight added when leaving it (in a search from a goal, the
            surcharge of entering it on the way there); the origin's never counts.
    """

    def __init__(self, lookups: Lookups, origin: str, closed: Collection[str] = (), stops: Collection[str] = (), weights: Mapping[str, int] | None = None) -> None:
        self.names = lookups.names
        self.rank = lookups.order
        self.lines = lookups.land_lines
        dist = [FAR] * len(self.names)
        for zone in closed:
            if zone in self.rank:
                dist[self.rank[zone]] = -1  # never improved upon, so never entered
        first = self.rank[origin]
        dist[first] = 0
        self.first = first
        self.dist = dist
        #: zone ranks in the order they were first reached (the whole search's dict order).
        self.reached = [first]
        self.buckets: list[list[int]] = [[first]]
        #: the next cost level to settle: every zone whose cost is at most this is known.
        self.level = 0
        self.stops = stops
        self.weights = weights or None

    @property
    def exhausted(self) -> bool:
        return self.level >= len(self.buckets)

    def settle_level(self) -> None:
        """Settle the next cost level (one bucket of ``ZoneMap._search``)."""
        d = self.level
        self.level = d + 1
        bucket = self.buckets[d]
        if len(bucket) > 1:
            bucket.sort()
        dist = self.dist
        lines = self.lines
        names = self.names
        buckets = self.buckets
        reached = self.reached
        first = self.first
        stops = self.stops
        weights = self.weights
        for here in bucket:
            if dist[here] != d:
                continue  # settled earlier at a lower cost
            base = d
            if here != first:
                name = names[here]
                if name in stops:
                    continue
                if weights is not None:
                    base += weights.get(name, 0)
            for other, cost in lines[here]:
                nd = base + cost
                if nd < dist[other]:
                    if dist[other] == FAR:
                        reached.append(other)
                    dist[other] = nd
                    while len(buckets) <= nd:
                        buckets.append([])
                    buckets[nd].append(other)

    def settle_through(self, level: int) -> None:
        """Settle every cost level up to ``level`` (or the whole map if it ends first)."""
        while self.level < level and self.level < len(self.buckets):
            self.settle_level()

    def cost(self, zone: str) -> int | None:
        """The cheapest cost to ``zone``; None when it cannot be reached."""
        i = self.rank[zone]
        dist = self.dist
        while dist[i] > self.level and self.level < len(self.buckets):
            self.settle_level()
        found = dist[i]
        return found if 0 <= found < FAR else None

    def cost_below(self, zone: str, bound: int) -> int | None:
        """The cost to ``zone`` when it is below ``bound``; None otherwise (or unreachable)."""
        self.settle_through(bound - 1)
        found = self.dist[self.rank[zone]]
        return found if 0 <= found < bound else None

    def at_level(self, level: int) -> list[str]:
        """The zones whose cost is ``level``, in the order they were first reached
        (settles the map up to that level first)."""
        self.settle_through(level)
        dist = self.dist
        names = self.names
        return [names[i] for i in self.reached if dist[i] == level]

    def zones_costing(self, level: int) -> list[str]:
        """The zones whose cost is ``level``, in no useful order (a quick look for a goal
        at that level; :meth:`at_level` gives them in the whole search's order). Empty
        once the search has ended below ``level``."""
        self.settle_through(level)
        if level >= len(self.buckets):
            return []
        dist = self.dist
        names = self.names
        return [names[i] for i in self.buckets[level] if dist[i] == level]

    def ended_below(self, level: int) -> bool:
        """Whether no zone costs ``level`` or more."""
        self.settle_through(level)
        return level >= len(self.buckets)

    def costs_through(self, level: int) -> dict[str, int]:
        """Zone -> cost for every zone costing at most ``level``, in the whole search's order."""
        self.settle_through(level)
        dist = self.dist
        names = self.names
        return {names[i]: dist[i] for i in self.reached if dist[i] <= level}

    def all_costs(self) -> dict[str, int]:
        """What ``ZoneMap._search`` returns: every zone reached, with its cost."""
        while self.level < len(self.buckets):
            self.settle_level()
        dist = self.dist
        names = self.names
        return {names[i]: dist[i] for i in self.reached}
