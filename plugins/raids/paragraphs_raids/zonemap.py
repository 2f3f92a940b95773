"""Zone maps: geographic zones joined by lines of kinds the title names.

Both raid titles draw their map as zones (ZG/GZ) linked by lines. What a line costs
depends on its kind and on how the piece moves: Bruneval (rules 1.2 and 8) has solid lines
(1 PM), dashed lines (2 PM) and red dashed lines that let units fight across but never
move; Dieppe (rule 9) adds blue lines that only LCAs sail along (solid, 1 MP) and blue
dotted lines used to land and embark (2 MP). So a line kind is a plain string from the
content, and costs come as one table per **movement mode** (``land``, ``sea``,
``landing``...): kind -> movement points, None (or absent) for a line that mode never
crosses. Distances come in two flavours:

* the **cost** of the cheapest route in one mode (:meth:`ZoneMap.path_costs`), which only
  uses lines that mode may move along and avoids zones it may not enter;
* the **radius** R, the number of lines between two zones (Bruneval 1.1), counted over the
  kinds a rule names (None: every kind): Bruneval's activation ignores red dashed lines
  (rule 12), its embarkation penalty counts every kind (rule 11).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any, Final
from dataclasses import dataclass

from paragraphs_raids.pickling import by_fields

#: The movement mode of a land unit, and the default of every cost query.
LAND: Final = "land"

#: Movement points per line kind for one movement mode (None: that mode cannot cross it).
CostTable = Mapping[str, "int | None"]


@dataclass(frozen=True, slots=True)
class Zone:
    """A geographic zone.

    Attributes:
        id: stable id (``W``, ``DZ-A3``).
        name: display name.
        protection: protection value used in combat (rule 1.4).
        stacking: stacking points allowed when units stop there (rule 1.4).
        tags: what the zone is for (``beach``, ``embarkation``, ``activation``...).
    """

    id: str
    name: str
    protection: int
    stacking: int
    tags: frozenset[str] = frozenset()

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_fields(self)  # see paragraphs_raids.pickling

    def has(self, tag: str) -> bool:
        return tag in self.tags


@dataclass(frozen=True, slots=True)
class Connection:
    """A line between two zones; it works both ways."""

    a: str
    b: str
    kind: str

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_fields(self)  # see paragraphs_raids.pickling


class ZoneMap:
    """Zones and lines, with cost and radius queries.

    Args:
        zones: every zone, in the order content lists them (ties are broken in that order).
        connections: every line; two zones may be joined by more than one.
        costs: movement mode -> (line kind -> movement points, None when that mode never
            crosses such a line). A kind a mode does not list is not crossed either.

    Raises:
        ValueError: a line names an unknown zone, or a mode gives a line a cost below 1.
    """

    def __init__(self, zones: Sequence[Zone], connections: Sequence[Connection], costs: Mapping[str, CostTable]) -> None:
        self.zones = zones
        self.connections = connections
        self.costs = {mode: dict(table) for mode, table in costs.items()}
        self.by_id: dict[str, Zone] = {z.id: z for z in self.zones}
        self.order: dict[str, int] = {z.id: i for i, z in enumerate(self.zones)}
        self._links: dict[str, list[tuple[str, str]]] = {z.id: [] for z in self.zones}
        for c in self.connections:
            for zone in (c.a, c.b):
                if zone not in self.by_id:
                    raise ValueError(f"connection {c.a}-{c.b} names unknown zone {zone!r}")
            self._links[c.a].append((c.b, c.kind))
            self._links[c.b].append((c.a, c.kind))
        self.kinds: frozenset[str] = frozenset(c.kind for c in self.connections)
        self._steps: dict[str, dict[str, dict[str, int]]] = {mode: self._step_table(table) for mode, table in self.costs.items()}
        # The route searches number zones by map rank: each zone's lines, in map order,
        # as (neighbour rank, cost) per mode.
        # Tuples, as LevelSearch keeps them (it copies any other kind of sequence, per search).
        self._names: tuple[str, ...] = tuple(z.id for z in self.zones)
        self._rank = self.order
        self._lines: dict[str, tuple[tuple[tuple[int, int], ...], ...]] = {
            mode: tuple(tuple((self.order[o], c) for o, c in step[zid].items()) for zid in self._names) for mode, step in self._steps.items()
        }
        # The same lines by zone id, for searches that keep zone ids (step_lists).
        self._step_lists = {mode: {zid: tuple(links.items()) for zid, links in step.items()} for mode, step in self._steps.items()}
        #: The cost of a zone not reached yet (the heap search's bound, kept).
        self._far = 1 << 30
        self._movable = {mode: frozenset(k for k, cost in table.items() if cost is not None) for mode, table in self.costs.items()}
        # kinds -> start -> radii (a dict per kinds of lines: no key tuple made and hashed
        # per question; activation tests and officers ask it for every unit that moves).
        self._radii: dict[frozenset[str] | None, dict[str, dict[str, int]]] = {}
        # Neighbours in content order, asked for in every phase; kept since the map never changes.
        self._neighbours: dict[tuple[str, frozenset[str] | None], tuple[str, ...]] = {}
        # Every zone's neighbours over any line, in content order, made once: the
        # readings of contact (who may attack whom) ask for them all the time (linked).
        self._linked: dict[str, tuple[str, ...]] = {z.id: tuple(self.neighbours(z.id)) for z in self.zones}
        self._tags: dict[str, list[str]] = {}
        for z in self.zones:
            for tag in z.tags:
                self._tags.setdefault(tag, []).append(z.id)
        # Searches repeat a lot within a turn (every German stack, every British plan),
        # so results are kept per (mode, goal, blocked zones); the map itself never changes.
        self._to_cache: dict[tuple[str, str, frozenset[str], tuple[tuple[str, int], ...]], dict[str, int]] = {}
        self._from_cache: dict[tuple[str, str, frozenset[str], frozenset[str]], dict[str, int]] = {}
        #: Tables a title derives from the map, by the title's own key, kept with the map (so
        #: they go when it goes; a compiled map cannot be a weak dictionary's key).
        self.derived: dict[str, Any] = {}

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # Pickled as what it was built from (its caches are rebuilt on use): the compiled
        # build cannot restore it attribute by attribute (see paragraphs_raids.pickling).
        return ZoneMap, (self.zones, self.connections, self.costs)

    def _step_table(self, table: CostTable) -> dict[str, dict[str, int]]:
        step: dict[str, dict[str, int]] = {z.id: {} for z in self.zones}
        for c in self.connections:
            cost = table.get(c.kind)
            if cost is None:
                continue
            if cost < 1:
                # The searches settle zones one cost level at a time (see _search); the
                # content schemas ask for 1 or more too.
                raise ValueError(f"a {c.kind} line costs {cost}: a line that can be crossed costs at least 1 movement point")
            for x, y in ((c.a, c.b), (c.b, c.a)):
                old = step[x].get(y)
                if old is None or cost < old:
                    step[x][y] = cost
        # Neighbours in content order keep every later tie-break reproducible.
        return {zid: dict(sorted(links.items(), key=lambda kv: self.order[kv[0]])) for zid, links in step.items()}

    def _mode(self, mode: str) -> dict[str, dict[str, int]]:
        try:
            return self._steps[mode]
        except KeyError:
            raise KeyError(f"the map has no movement mode {mode!r} (modes: {', '.join(sorted(self._steps))})") from None

    def movable_kinds(self, mode: str = LAND) -> frozenset[str]:
        """Line kinds a piece moving in ``mode`` may move along."""
        found = self._movable.get(mode)  # (no empty frozenset made for the default on every call)
        return frozenset() if found is None else found

    # ------------------------------------------------------------------ basics
    def zone(self, zone_id: str) -> Zone:
        return self.by_id[zone_id]

    def tagged(self, tag: str) -> list[str]:
        """Ids of the zones carrying ``tag``, in content order."""
        return list(self._tags.get(tag, ()))

    def neighbours(self, zone_id: str, kinds: frozenset[str] | None = None) -> list[str]:
        """Zones joined to ``zone_id`` by a line of one of ``kinds`` (None: any kind), in content order."""
        key = (zone_id, kinds)
        hit = self._neighbours.get(key)
        if hit is None:
            seen: dict[str, None] = {}
            for other, kind in self._links[zone_id]:
                if kinds is None or kind in kinds:
                    seen[other] = None
            hit = self._neighbours[key] = tuple(sorted(seen, key=self.order.__getitem__))
        return list(hit)

    def linked(self, zone_id: str) -> tuple[str, ...]:
        """``neighbours(zone_id)`` (over any line), the map's own tuple rather than a new list."""
        return self._linked[zone_id]

    def in_order(self, zones: Iterable[str]) -> list[str]:
        """``zones`` sorted in content (map) order."""
        # Their ranks sorted, read back as ids: ranks are distinct, so this is the sort by
        # rank, without a key function called through Python for every zone.
        order, names = self.order, self._names
        ranks = [order[z] for z in zones]
        ranks.sort()
        return [names[r] for r in ranks]

    def adjacent(self, a: str, b: str, kinds: frozenset[str] | None = None) -> bool:
        for other, kind in self._links[a]:  # (a loop: asked for every attack and stop weighed)
            if other == b and (kinds is None or kind in kinds):
                return True
        return False

    # These two are asked at every step of every move: the table is read directly, and
    # _mode only explains an unknown mode.
    def step_cost(self, a: str, b: str, mode: str = LAND) -> int | None:
        """Movement points to go from ``a`` to the joined zone ``b`` in ``mode``; None if no line that mode crosses."""
        table = self._steps.get(mode)
        return (self._mode(mode) if table is None else table)[a].get(b)

    def steps(self, zone_id: str, mode: str = LAND) -> Mapping[str, int]:
        """Zones reachable in one move from ``zone_id`` in ``mode``, with their cost."""
        table = self._steps.get(mode)
        return (self._mode(mode) if table is None else table)[zone_id]

    def step_lists(self, mode: str = LAND) -> Mapping[str, tuple[tuple[str, int], ...]]:
        """:meth:`steps` of every zone at once, as ``(zone, cost)`` pairs in map order: a
        search that expands many zones reads this table instead of asking zone by zone."""
        table = self._step_lists.get(mode)
        if table is None:
            self._mode(mode)  # a clear error for an unknown mode
            return {}
        return table

    @property
    def ids(self) -> tuple[str, ...]:
        """Zone ids by map rank (the rank of a zone is :attr:`order`'s number)."""
        return self._names

    def rank_lines(self, mode: str = LAND) -> tuple[tuple[tuple[int, int], ...], ...]:
        """:meth:`step_lists` by map rank, as ``(neighbour rank, cost)`` pairs: for searches
        that number zones (a list read by number costs less than a dict read by id)."""
        lines = self._lines.get(mode)
        if lines is None:
            self._mode(mode)  # a clear error for an unknown mode
            return ()
        return lines

    # ------------------------------------------------------------------ costs
    def path_costs(
        self,
        start: str,
        *,
        impassable: Iterable[str] = (),
        stop_in: Iterable[str] = (),
        mode: str = LAND,
    ) -> Mapping[str, int]:
        """Cheapest cost in movement points from ``start`` to every zone it can reach.

        The result is shared between calls: do not change it. Its zones come in the
        order a textbook Dijkstra search (a heap ordered by cost, then map order) first
        reaches them: callers that roll among equal zones rely on it.

        Args:
            start: where the mover stands.
            impassable: zones it may neither enter nor cross (the sea for a land unit).
            stop_in: zones it may reach but not go beyond (zones held by the enemy are
                reported, so "nearest enemy" can be measured, but not crossed).
            mode: the movement mode whose cost table applies.
        """
        blocked = frozenset(impassable)
        sinks = frozenset(stop_in)
        key = (mode, start, blocked, sinks)
        hit = self._from_cache.get(key)
        if hit is not None:
            return hit
        if len(self._from_cache) > 4096:
            self._from_cache.clear()
        self._mode(mode)  # a clear error for an unknown mode
        dist = self._search(mode, start, blocked, sinks, None)
        self._from_cache[key] = dist
        return dist

    def costs_to(self, target: str, *, impassable: Iterable[str] = (), surcharge: Mapping[str, int] | None = None, mode: str = LAND) -> Mapping[str, int]:
        """Cheapest cost from every zone to ``target`` without crossing ``impassable`` zones.

        Connections work both ways at the same cost, so this is a search from the target;
        ``target`` itself may be impassable (an enemy zone one moves *toward*).
        ``surcharge`` adds a weight (0 or more) for entering some zones (a player steering
        clear of danger); the costs returned then include it. The result is shared
        between calls: do not change it (its order is that of :meth:`path_costs`).

        Raises:
            ValueError: a negative surcharge (a route search cannot take a bonus).
        """
        blocked = frozenset(impassable)
        if target in blocked:
            blocked -= {target}
        # The surcharge's items in its own order: cheaper to build and compare than a
        # frozenset on every call (most calls find their answer kept); the same weights
        # listed in another order only miss the cache.
        extra = tuple(surcharge.items()) if surcharge else ()
        key = (mode, target, blocked, extra)
        hit = self._to_cache.get(key)
        if hit is not None:
            return hit
        if len(self._to_cache) > 4096:
            self._to_cache.clear()
        self._mode(mode)  # a clear error for an unknown mode
        weights = dict(extra)
        if weights and min(weights.values()) < 0:
            raise ValueError(f"route surcharges cannot be negative: {sorted(z for z, w in weights.items() if w < 0)}")
        # Searching backwards, impassable zones are reached (they get a cost) but never
        # left: the zone beyond them cannot be reached through them.
        dist = self._search(mode, target, frozenset(), blocked, weights or None)
        self._to_cache[key] = dist
        return dist

    def _search(self, mode: str, origin: str, closed: frozenset[str], stops: frozenset[str], weights: Mapping[str, int] | None) -> dict[str, int]:
        """Dijkstra's search from ``origin``, with a list of zones per cost (a bucket queue)
        instead of a heap.

        Every line costs at least 1, so no zone joins the bucket of cost d while it is
        being emptied, and sorting it by map rank takes its zones out in the order a heap
        of (cost, map rank) would. The result is built in the order zones are first
        reached, as the heap search did, so callers that iterate over it (and roll among
        equal zones) see the same order. Zones are numbered by map rank inside: this runs
        for every German stack that moves and every British plan.

        Args:
            closed: zones never entered (the origin excepted).
            stops: zones entered but never left (the origin excepted).
            weights: zone -> weight added when leaving it (in a backward search, the
                surcharge of entering it on the forward route); the origin's never counts.
        """
        return LevelSearch(self._names, self._rank, self._lines[mode], origin, closed, stops, weights).all_costs()

    def level_search(self, mode: str, origin: str, closed: Iterable[str] = (), stops: Collection[str] = (), weights: Mapping[str, int] | None = None) -> LevelSearch:
        """The search of :meth:`_search` from ``origin``, settled only as far as it is asked
        (:class:`LevelSearch`): for callers that need the zones up to a goal, not the map."""
        self._mode(mode)
        return LevelSearch(self._names, self._rank, self._lines[mode], origin, closed, stops, weights)

    def next_steps(
        self,
        here: str,
        to_target: Mapping[str, int],
        *,
        impassable: Iterable[str] = (),
        surcharge: Mapping[str, int] | None = None,
        mode: str = LAND,
    ) -> list[str]:
        """Neighbours of ``here`` that lie on a cheapest route to the target of ``to_target``.

        ``to_target`` is the result of :meth:`costs_to` (with the same ``surcharge``).
        Several zones mean equal routes: the caller breaks the tie (the raid rules roll a d6).
        """
        best = to_target.get(here)
        if not best:
            return []
        blocked = impassable if isinstance(impassable, (set, frozenset)) else set(impassable)
        steps = self._steps.get(mode)
        if steps is None:
            steps = self._mode(mode)  # a clear error
        # Asked at every step of every walk: the common cases (no surcharge, the target
        # reached in one step) test as little as they can.
        out = []
        for other, cost in steps[here].items():
            rest = to_target.get(other)
            if rest is None:
                continue
            if rest == 0:
                if cost == best:
                    out.append(other)
                continue
            if other in blocked:
                continue
            if surcharge:
                cost += surcharge.get(other, 0)
            if cost + rest == best:
                out.append(other)
        return out

    # ------------------------------------------------------------------ radius
    def radii_from(self, start: str, kinds: frozenset[str] | None = None) -> dict[str, int]:
        """Radius R (number of lines of ``kinds``, None: any kind) from ``start`` to every zone it reaches."""
        per_start = self._radii.get(kinds)
        if per_start is None:
            per_start = self._radii[kinds] = {}
        hit = per_start.get(start)
        if hit is not None:
            return hit
        dist = {start: 0}
        frontier = [start]
        while frontier:
            nxt = []
            for zid in frontier:
                for other, kind in self._links[zid]:
                    if (kinds is None or kind in kinds) and other not in dist:
                        dist[other] = dist[zid] + 1
                        nxt.append(other)
            frontier = nxt
        per_start[start] = dist
        return dist

    def radius(self, a: str, b: str, kinds: frozenset[str] | None = None) -> int | None:
        """Radius R between ``a`` and ``b`` over ``kinds`` (None: any kind); None when they are not linked."""
        return self.radii_from(a, kinds).get(b)


#: The cost of a zone not reached (yet).
FAR: Final = 1 << 30


class LevelSearch:
    """Dijkstra's search from ``origin`` with a list of zones per cost (a bucket queue),
    settled one cost level at a time, only as far as a question needs; asked again, it goes
    on from where it stopped.

    Every line costs at least 1, so no zone joins the bucket of cost d while it is being
    emptied, and sorting it by map rank takes its zones out in the order a heap of (cost,
    map rank) would. Zones are kept in the order they were first reached, as the heap
    search did, so callers that iterate over the costs (and roll among equal zones) see
    the same order whether they settle the whole map (:meth:`all_costs`, what
    :meth:`ZoneMap._search` returns) or stop early. Zones are numbered by map rank.

    Args:
        names: zone ids by map rank.
        rank: zone id -> map rank.
        lines: per zone rank, its lines of the search's mode as (neighbour rank, cost).
        origin: where the search starts (a mover, or the goal of a backward search).
        closed: zones never entered (the origin excepted).
        stops: zones entered but never left (the origin excepted).
        weights: zone -> weight added when leaving it (in a search from a goal, the
            surcharge of entering it on the way there); the origin's never counts.
    """

    def __init__(
        self,
        names: Sequence[str],
        rank: Mapping[str, int],
        lines: Sequence[tuple[tuple[int, int], ...]],
        origin: str,
        closed: Iterable[str] = (),
        stops: Collection[str] = (),
        weights: Mapping[str, int] | None = None,
    ) -> None:
        # Kept as a tuple, a dict, a frozenset, whatever kind of sequence, mapping or
        # collection was given: the compiled build (mypyc) indexes those natively, where a
        # Sequence or a Mapping goes through Python's generic look-up at every zone
        # settled. The tables callers pass are mostly of these types already, kept as they are.
        self.names: tuple[str, ...] = names if isinstance(names, tuple) else tuple(names)
        self.rank: dict[str, int] = rank if isinstance(rank, dict) else dict(rank)
        self.lines: tuple[tuple[tuple[int, int], ...], ...] = lines if isinstance(lines, tuple) else tuple(lines)
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
        self.stops: frozenset[str] = stops if isinstance(stops, frozenset) else frozenset(stops)
        self.weights: dict[str, int] | None = (weights if isinstance(weights, dict) else dict(weights)) if weights else None

    @property
    def exhausted(self) -> bool:
        return self.level >= len(self.buckets)

    def settle_level(self) -> None:
        """Settle the next cost level (one bucket)."""
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
        """Every zone reached, with its cost, in the order first reached (the whole search)."""
        while self.level < len(self.buckets):
            self.settle_level()
        dist = self.dist
        names = self.names
        return {names[i]: dist[i] for i in self.reached}
