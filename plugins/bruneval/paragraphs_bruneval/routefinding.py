"""Goal-directed route searches for the default British player (A* on the zone map).

The default player asks the map narrow questions: how much it costs to reach the nearest
of some zones, and which way leads from here to there. The raids layer's
:class:`~paragraphs_raids.zonemap.ZoneMap` answers them with full searches (the cost of
every zone). Here the same costs come from searches that stop once the answer is known,
steered by the cheapest costs on the open map (no zone blocked, no weight), which no
route on a real board undercuts: about a fifth of the zones are then visited. The answers
are exactly those of the full searches (``tests/test_routefinding.py`` compares them).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from functools import lru_cache
from typing import Final

from paragraphs_raids.zonemap import ZoneMap

#: A cost no route reaches.
FAR: Final = 1 << 20


@lru_cache(maxsize=8)
def least_costs(zmap: ZoneMap) -> dict[str, Mapping[str, int]]:
    """Cheapest land costs between every two zones on the open map (no zone blocked, no
    weight): lower bounds of every route on a real board. Per map, once."""
    return {z.id: zmap.path_costs(z.id) for z in zmap.zones}


class RankedMap:
    """The land map as the searches read it: zones numbered by map rank, each zone's lines
    as (neighbour rank, cost), and :func:`least_costs` as one list per zone (FAR where
    it never leads). Reading a list by number costs less than a dict by zone id, above
    all compiled; made once per map (:func:`ranked`).
    """

    def __init__(self, zmap: ZoneMap) -> None:
        # Typed as tuples, dicts and lists: the compiled build indexes those natively, a
        # Sequence or Mapping through Python's generic look-up at every zone searched.
        self.zmap = zmap
        self.ids: tuple[str, ...] = zmap.ids
        self.rank: dict[str, int] = zmap.order
        self.lines: tuple[tuple[tuple[int, int], ...], ...] = zmap.rank_lines()
        least = least_costs(zmap)
        self.least: list[list[int]] = [[least[a].get(b, FAR) for b in self.ids] for a in self.ids]
        self._bounds: dict[tuple[int, ...], list[int]] = {}
        #: Per reach, per zone: the zones within that reach by rank with their closeness
        #: (filled by the default player as markers ask: ``policy._near_marker``).
        self.near: dict[int, dict[str, tuple[tuple[int, int], ...]]] = {}
        self._lists: list[list[list[int]]] = []

    def lists(self, size: int) -> list[list[int]]:
        """Lists per estimate for one search, at least ``size`` of them, all empty: the
        search hands them back emptied when it ends (:meth:`give_back`). Made once per map
        and search at a time, where making and freeing a score of lists for every search
        was a third of its cost compiled. (Taken from a pool with one pop: two searches
        running at once in two threads never share them.)"""
        try:
            lists = self._lists.pop()
        except IndexError:
            lists = []
        if len(lists) < size:
            lists.extend([] for _ in range(size - len(lists)))
        return lists

    def give_back(self, lists: list[list[int]], first: int, top: int) -> None:
        """Empty the lists a search filled, from estimate ``first`` to ``top``, and put them
        back for the next search (:meth:`lists`). A search reads its lists in place rather
        than popping them (a pop may resize the list each time)."""
        for i in range(first, top + 1):
            bucket = lists[i]
            if bucket:
                bucket.clear()
        self._lists.append(lists)

    def bounds_to(self, goals: tuple[int, ...]) -> list[int]:
        """Open-map cost from every zone to the nearest of ``goals`` (lines cost the same
        both ways, so the costs from the goals serve); few sets of goals come back, kept.
        A zone's bound is 0 exactly when it is a goal (every line costs 1 or more)."""
        out = self._bounds.get(goals)
        if out is None:
            out = [FAR] * len(self.ids)
            for goal in goals:
                for zone, cost in enumerate(self.least[goal]):
                    if cost < out[zone]:
                        out[zone] = cost
            if len(self._bounds) >= 256:
                self._bounds.clear()
            self._bounds[goals] = out
        return out

    def flags(self, zones: Collection[str]) -> list[bool]:
        """Per rank, whether the zone is one of ``zones``."""
        out = [False] * len(self.ids)
        for zone in zones:
            out[self.rank[zone]] = True
        return out

    def weights(self, weights: Mapping[str, int]) -> list[int]:
        """Per rank, the zone's weight (0 for none)."""
        out = [0] * len(self.ids)
        for zone, weight in weights.items():
            out[self.rank[zone]] = weight
        return out


def ranked(zmap: ZoneMap) -> RankedMap:
    """The :class:`RankedMap` of ``zmap``, made once and kept with the map."""
    found = zmap.derived.get(_RANKED)
    if not isinstance(found, RankedMap):
        found = zmap.derived[_RANKED] = RankedMap(zmap)
    return found


_RANKED: Final = "bruneval.routefinding.ranked"


def cost_to_nearest(zmap: ZoneMap, start: str, goals: Collection[str], sinks: Collection[str]) -> int:
    """``min(zmap.path_costs(start, stop_in=sinks)[d] for d in goals)``, FAR when none is reached.

    As in :meth:`ZoneMap.path_costs`, zones of ``sinks`` (``start`` apart) are reached but
    never crossed; the search stops at the first goal it settles, which is the nearest.
    (:func:`nearest_by_rank` on zone ids.)
    """
    if not goals:
        return FAR
    rm = ranked(zmap)
    return nearest_by_rank(rm, rm.rank[start], tuple(rm.rank[g] for g in goals), rm.flags(sinks))


def nearest_by_rank(rm: RankedMap, start: int, goals: tuple[int, ...], sinks: list[bool]) -> int:
    """:func:`cost_to_nearest` with zones by rank (``sinks``: a flag per rank)."""
    if not goals:
        return FAR
    bound = rm.bounds_to(goals)
    first = bound[start]
    if first >= FAR:
        return FAR  # no goal lies anywhere it could walk to, even on the open map
    lines = rm.lines
    dist = [FAR] * len(bound)
    dist[start] = 0
    # A* with one list per estimate (cost so far + the open map's cost to the nearest
    # goal): lines cost 1 or more and the estimate never drops along a line by more than
    # the line costs, so estimates only grow and the lists are read in order, as a
    # heap would. A list holds zone ranks only: an entry's cost is its list's estimate
    # less the zone's bound, and the first goal settled is the nearest whatever the
    # order within a list.
    buckets = rm.lists(first + 16)
    buckets[first].append(start)
    f = top = first  # top: the highest estimate listed
    try:
        while f <= top:
            # (Read in place, the list emptied when the search ends; a zone listed here
            # while it is read, at an equal estimate, is read too: a list's iterator
            # goes on to the items appended meanwhile.)
            for zone in buckets[f]:
                left = bound[zone]
                d = f - left
                if d > dist[zone]:
                    continue
                if left == 0:
                    return d  # a goal
                if sinks[zone] and zone != start:
                    continue
                for other, cost in lines[zone]:
                    nd = d + cost
                    if nd < dist[other]:
                        dist[other] = nd
                        estimate = nd + bound[other]
                        if estimate < len(buckets):
                            buckets[estimate].append(other)
                            if estimate > top:
                                top = estimate
                        else:
                            top = _grow(buckets, estimate, other, top)
            f += 1
    finally:
        rm.give_back(buckets, first, top)
    return FAR


def costs_toward(zmap: ZoneMap, target: str, start: str, blocked: Collection[str], weights: Mapping[str, int]) -> Mapping[str, int]:
    """Costs to ``target`` as :meth:`ZoneMap.costs_to` gives them (``impassable=blocked``,
    ``surcharge=weights``), exact for ``start`` and for every zone on a cheapest route from
    ``start`` to ``target``; other zones are missing or too dear. That is what choosing the
    nearest target and following :meth:`ZoneMap.next_steps` from ``start`` read.
    (:func:`toward_by_rank` on zone ids.)
    """
    rm = ranked(zmap)
    if start in blocked:
        # Never settled by the search: ask the full one.
        return zmap.costs_to(target, impassable=blocked, surcharge=weights)
    dist = toward_by_rank(rm, rm.rank[target], rm.rank[start], rm.flags(blocked), rm.weights(weights))
    return {rm.ids[zone]: cost for zone, cost in enumerate(dist) if cost < FAR}


def toward_by_rank(rm: RankedMap, target: int, start: int, blocked: list[bool], weights: list[int]) -> list[int]:
    """:func:`costs_toward` with zones by rank (``blocked``: a flag per rank, ``start``
    not blocked; ``weights``: per rank), FAR for the zones not reached.

    The search runs backwards from ``target`` like ``costs_to`` (the weight of a zone is
    paid on entering it, the target's never; blocked zones are reached, never crossed)
    and stops once every zone costing no more than ``start``, with its open-map cost from
    ``start`` added, is settled: the zones of the cheapest routes are among them, and
    which zones those are does not hang on the order equal estimates are taken in. Every
    zone whose estimate is at most the cost of ``start`` is expanded, whatever that order,
    so the costs found are those of any order (a heap's, as this search used to keep).
    Lists per estimate, as :func:`nearest_by_rank` keeps, hold zone ranks only: the
    compiled build then makes no call per zone, where a heap cost one to push and one to
    pop. An entry's cost is its list's estimate less the zone's bound.
    """
    bound = rm.least[start]
    lines = rm.lines
    dist = [FAR] * len(bound)
    dist[target] = 0
    first = bound[target]
    if first >= FAR:
        return dist  # start cannot reach the target even on the open map
    # Estimates never drop along a line (the open map's costs bound every route and
    # weights only add), so the lists are read in order, as a heap would be.
    buckets = rm.lists(first + 16)
    buckets[first].append(target)
    limit = -1  # the cost of start, once settled
    f = top = first  # top: the highest estimate listed
    try:
        while f <= top:
            if limit >= 0 and f > limit:
                break
            # (Read in place, the list emptied when the search ends; a zone listed here
            # while it is read, at an equal estimate, is read too: a list's iterator
            # goes on to the items appended meanwhile.)
            for zone in buckets[f]:
                d = f - bound[zone]
                if d > dist[zone]:
                    continue
                if zone == start:
                    limit = d  # its open-map cost from itself is 0
                if zone != target:
                    d += weights[zone]
                for other, cost in lines[zone]:
                    nd = d + cost
                    # (the target costs 0 and is never improved upon: it is never listed again)
                    if nd < dist[other]:
                        dist[other] = nd
                        if not blocked[other]:
                            estimate = nd + bound[other]
                            if estimate < len(buckets):
                                buckets[estimate].append(other)
                                if estimate > top:
                                    top = estimate
                            else:
                                top = _grow(buckets, estimate, other, top)
            f += 1
    finally:
        rm.give_back(buckets, first, top)
    return dist


def _grow(buckets: list[list[int]], estimate: int, zone: int, top: int) -> int:
    """List ``zone`` under an estimate beyond the lists made so far, and return the
    highest estimate listed; one of FAR or more (no goal anywhere beyond that zone, even
    on the open map) is dropped."""
    if estimate >= FAR:
        return top
    buckets.extend([] for _ in range(estimate + 1 - len(buckets)))
    buckets[estimate].append(zone)
    return estimate
