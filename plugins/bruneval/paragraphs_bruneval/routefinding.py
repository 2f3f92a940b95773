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

import heapq
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


@lru_cache(maxsize=256)
def _bounds_to(zmap: ZoneMap, goals: tuple[str, ...]) -> dict[str, int]:
    """Open-map cost from every zone to the nearest of ``goals`` (lines cost the same both
    ways, so the costs from the goals serve); few sets of goals come back, kept."""
    least = least_costs(zmap)
    out: dict[str, int] = {}
    for goal in goals:
        for zone, cost in least[goal].items():
            if cost < out.get(zone, FAR):
                out[zone] = cost
    return out


def cost_to_nearest(zmap: ZoneMap, start: str, goals: Collection[str], sinks: Collection[str]) -> int:
    """``min(zmap.path_costs(start, stop_in=sinks)[d] for d in goals)``, FAR when none is reached.

    As in :meth:`ZoneMap.path_costs`, zones of ``sinks`` (``start`` apart) are reached but
    never crossed; the search stops at the first goal it settles, which is the nearest.
    """
    if not goals:
        return FAR
    bound = _bounds_to(zmap, tuple(goals)).get
    lines = zmap.step_lists()
    dist = {start: 0}
    known = dist.get
    first = bound(start, FAR)
    if first >= FAR:
        return FAR  # no goal lies anywhere it could walk to, even on the open map
    # A* with one list per estimate (cost so far + the open map's cost to the nearest
    # goal): lines cost 1 or more and the estimate never drops along a line by more than
    # the line costs, so estimates only grow and the lists are emptied in order, as a
    # heap would; within one list every entry of a zone has the same cost.
    buckets: list[list[tuple[int, str]]] = [[] for _ in range(first + 16)]
    buckets[first].append((0, start))
    f = first
    while f < len(buckets):
        bucket = buckets[f]
        while bucket:
            d, zid = bucket.pop()
            if d > dist[zid]:
                continue
            if zid in goals:
                return d
            if zid in sinks and zid != start:
                continue
            for other, cost in lines[zid]:
                nd = d + cost
                if nd < known(other, FAR):
                    dist[other] = nd
                    try:
                        buckets[nd + bound(other, FAR)].append((nd, other))
                    except IndexError:
                        _grow(buckets, nd + bound(other, FAR), (nd, other))
        f += 1
    return FAR


def costs_toward(zmap: ZoneMap, target: str, start: str, blocked: Collection[str], weights: Mapping[str, int]) -> Mapping[str, int]:
    """Costs to ``target`` as :meth:`ZoneMap.costs_to` gives them (``impassable=blocked``,
    ``surcharge=weights``), exact for ``start`` and for every zone on a cheapest route from
    ``start`` to ``target``; other zones are missing or too dear. That is what choosing the
    nearest target and following :meth:`ZoneMap.next_steps` from ``start`` read.

    The search runs backwards from ``target`` like ``costs_to`` (the weight of a zone is
    paid on entering it, the target's never; blocked zones are reached, never crossed)
    and stops once every zone costing no more than ``start``, with its open-map cost from
    ``start`` added, is settled: the zones of the cheapest routes are among them. (A heap
    here: the lists of :func:`cost_to_nearest` save nothing on these shorter searches.)
    """
    if start in blocked:
        # Never settled by the search: ask the full one.
        return zmap.costs_to(target, impassable=blocked, surcharge=weights)
    bound = least_costs(zmap)[start].get
    lines = zmap.step_lists()
    push, pop = heapq.heappush, heapq.heappop
    dist = {target: 0}
    known = dist.get
    weight = weights.get
    heap = [(bound(target, FAR), 0, target)]
    limit = None
    while heap:
        f, d, zid = pop(heap)
        if d > dist[zid]:
            continue
        if limit is not None and f > limit:
            break
        if zid == start:
            limit = d  # its open-map cost from itself is 0
        if zid != target:
            d += weight(zid, 0)
        for other, cost in lines[zid]:
            nd = d + cost
            # (the target costs 0 and is never improved upon: it is never pushed again)
            if nd < known(other, FAR):
                dist[other] = nd
                if other not in blocked:
                    push(heap, (nd + bound(other, FAR), nd, other))
    return dist


def _grow(buckets: list[list[tuple[int, str]]], estimate: int, entry: tuple[int, str]) -> None:
    """List ``entry`` under an estimate beyond the lists made so far; one of FAR or more
    (no goal anywhere beyond that zone, even on the open map) is dropped."""
    if estimate < FAR:
        buckets.extend([] for _ in range(estimate + 1 - len(buckets)))
        buckets[estimate].append(entry)
