"""Rule 8.2: automatic German movement (the second German action of phase E).

Every German unit gets the alert level halved, rounded down (0,0,1,1,2,2,3 PM). Units
without movement (machine guns, pillboxes, radar operators, and the posts set up in rule
3.1, see the ruling) stay put; the others must move, toward the first goal of this list
that they can reach:

1. the nearest British stack, the one with the most stacking points among equally near;
2. the nearest British unit;
3. the nearest German stack with the most stacking points, joining it if stacking allows
   (a full stack stays the goal: the unit stops next to it);
4. the nearest German unit, joining it if stacking allows;
5. a beach zone;
6. the Würzburg radar.

They follow the cheapest route; equal goals and equal routes are settled with a d6 (odd
to the first option, even to the second in the example). A German unit never enters a
British zone nor the sea; it stops short when the next line costs more than it has left.
Passing through a zone with a face-down marker activates it at once: the garrison it shows
is placed there and acts on its own. When the units that arrive would break the stacking
limit where they stop, the surplus stays in the zone they came from, or, when that one is
full too, steps further back along the path (ruling ``german_surplus``, see
:mod:`paragraphs_bruneval.rules.stacking`).

Rulings:

* "garrison" in the rule's list of units that never move is read as the units set up at
  their posts in rule 3.1 (the Luftwaffe guard at W, the Beach Fortress' coastal unit):
  the example moves activated Luftwaffe units, so garrison units in general do move.
* "Nearest" comes first and stacking points break ties, as in the example, where both
  targets cost the same.
* The units of a zone move together as one stack; stacks move in order of stacking points
  (most first), then map order. The surplus left behind is the weakest units.

How it is computed (speed, not rules): nineteen moves in twenty head for the nearest
British stack. Their goal and route are read from a table of land distances made once per
map (:class:`LandRoutes`), which gives exactly what a route search that may not cross
British zones gives whenever no British zone without stacking points lies nearer (see
:meth:`MovementPhase.nearest_british`); otherwise, and for the other lines, the search
runs as the rule reads.
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence
from typing import Final, TYPE_CHECKING

from paragraphs_raids.dice import Roller, pick_at_random
from paragraphs_raids.german_ai import Candidate, Priority, choose_goal, next_to_move, surplus, walk_toward
from paragraphs_raids.stacks import BRITISH, GERMAN, NO_PIECES, Piece
from paragraphs_raids.zonemap import ZoneMap

from paragraphs_bruneval.rules.activation import activate
from paragraphs_bruneval.rules.alert import german_allowance
from paragraphs_bruneval.rules.stacking import place_surplus

from paragraphs_bruneval.game.state import GERMAN_ORDER

if TYPE_CHECKING:
    from paragraphs_bruneval.game.state import GameState


#: The first line of the priority list (the one the distance table can answer).
NEAREST_BRITISH_STACK: Final = "nearest British stack with the most stacking points"


def can_move(g: GameState, p: Piece) -> bool:
    return p.side == GERMAN and p.kind.mobile and not p.acted and p.id not in g.holds_post


def sea(g: GameState) -> frozenset[str]:
    return g.lookups.boat_only_zones


def priorities(g: GameState, start: str, movers: Sequence[Piece], phase: MovementPhase | None = None) -> list[Priority]:
    """The rule 8.2 list for a stack in ``start``, each line offering its reachable goals.

    ``phase`` (what :func:`german_movement` reads once per phase) lets the first line be
    answered from the map's fixed distances when that gives the same goals (see
    :meth:`MovementPhase.nearest_british`); the route search below runs only when needed.
    """
    lines = _Lines(g, start, phase or MovementPhase.of(g))
    return [
        Priority(NEAREST_BRITISH_STACK, lines.british_stacks, enter=False),
        Priority("nearest British unit", lines.british_units, enter=False),
        Priority("nearest German stack to join", lines.german_stacks, enter=True),
        Priority("nearest German unit to join", lines.german_units, enter=True),
        Priority("a beach zone", lines.beaches, enter=True),
        Priority("the Würzburg radar", lines.radar, enter=True),
    ]


class _Lines:
    """The goals each line of the rule 8.2 list offers a stack in ``start``, read when the
    line is asked. (Methods of one object rather than functions nested in
    :func:`priorities`: those and the variables they shared held each other, a cycle
    that kept the whole game alive until the garbage collector came.)"""

    def __init__(self, g: GameState, start: str, phase: MovementPhase) -> None:
        self.g = g
        self.start = start
        self.phase = phase
        self._costs: Mapping[str, int] | None = None

    def costs(self) -> Mapping[str, int]:
        # Searched only when a line needs it: most stacks take the first line from the table.
        if self._costs is None:
            g = self.g
            self._costs = g.zmap.path_costs(self.start, impassable=sea(g), stop_in=self.phase.british_set)
        return self._costs

    def british_stacks(self) -> list[Candidate]:
        return self._british_goals(True)

    def british_units(self) -> list[Candidate]:
        return self._british_goals(False)

    def _british_goals(self, with_points: bool) -> list[Candidate]:
        ph = self.phase
        if with_points:
            quick = ph.nearest_british(self.start)
            if quick is not None:
                return quick
        # Map order, never set order: ties are rolled for in list order (reproducible).
        out = []
        reach = self.costs()
        for z in ph.british:
            if z in reach:
                points = ph.points[z]
                if points > 0 or not with_points:
                    out.append(Candidate(z, reach[z], points))
        return out

    def german_stacks(self) -> list[Candidate]:
        return self._german_goals(True)

    def german_units(self) -> list[Candidate]:
        return self._german_goals(False)

    def _german_goals(self, stacks: bool) -> list[Candidate]:
        g = self.g
        out = []
        reach = self.costs()
        for z in g.zmap.in_order(g.german_zones()):
            if z == self.start or z not in reach:
                continue
            n = len(g.stacks[z])
            # A full stack stays a goal: the unit heads for it and joins only if there is room.
            if (n > 1) == stacks:
                out.append(Candidate(z, reach[z], g.points_in(z)))
        return out

    def beaches(self) -> list[Candidate]:
        g = self.g
        reach = self.costs()
        return [Candidate(z, reach[z]) for z in g.lookups.beaches if z in reach and g.side_in(z) != BRITISH]

    def radar(self) -> list[Candidate]:
        where = _radar_zone(self.g)
        return [Candidate(where, self.costs()[where])] if where is not None and where in self.costs() else []


def _radar_zone(g: GameState) -> str | None:
    w = g.wurzburg
    if w.status == "intact":
        return g.wurzburg_zone
    if w.status == "dismantled":
        if w.carrier is not None:
            return g.pieces[w.carrier].zone or None
        return w.zone
    return None


def move_stack(g: GameState, start: str, movers: list[Piece], allowance: int, phase: MovementPhase | None = None) -> set[str]:
    """Move one German stack by the priority list (see the module docstring).

    ``phase``: what :func:`german_movement` reads once for all its stacks (None: read now).
    Returns the zones whose stacks the move may have changed (its start and its path:
    surplus units and activated garrisons only go there).
    """
    ph = phase or MovementPhase.of(g)
    quick = ph.nearest_british(start)
    chosen: tuple[str, str, bool] | None
    if quick:
        # The first line answered from the distance table: its goals all lie at the same
        # cost, so the tie-break of choose_goal is the most stacking points, then a d6.
        goal = quick[0]
        if len(quick) > 1:  # (most often one goal: nothing to compare)
            most = max(c.points for c in quick)
            tied = [c for c in quick if c.points == most]
            goal = tied[0] if len(tied) == 1 else pick_at_random(tied, g.roll, f"German goal ({NEAREST_BRITISH_STACK}): equal choices")
        chosen = (NEAREST_BRITISH_STACK, goal.zone, False)
    else:
        found = choose_goal(priorities(g, start, movers, ph), g.roll)
        chosen = None if found is None else (found[0].name, found[1].zone, found[0].enter)
    for p in movers:
        p.acted = True
    # The journal's words, only when a journal is kept (a series keeps none).
    names = ", ".join(p.label() for p in movers) if g.journal.enabled else ""
    if chosen is None:
        if g.journal.enabled:
            g.log(f"{names} in {start}: no goal within reach, they stay.")
        return {start}
    why, goal_zone, may_enter = chosen
    if quick:
        # The route too comes from the table (see MovementPhase.walk).
        path = ph.walk(start, goal_zone, allowance, g.roll)
    else:
        blocked = sea(g) | g.british_zones()
        enter = may_enter and (g.side_in(goal_zone) != GERMAN or any(g.room_for(goal_zone, [p]) for p in movers))
        path = walk_toward(g.zmap, start, goal_zone, allowance, g.roll, impassable=blocked, enter_goal=enter)
    if not path:
        if g.journal.enabled:  # (a stack in contact most often: several a turn)
            g.log(f"{names} in {start} head for {goal_zone} ({why}) but cannot move closer.")
        return {start}
    last = len(path) - 1
    for i, zone in enumerate(path):
        if i < last and not g.stacks.get(zone) and zone not in g.markers.hidden:
            # Passing through an empty zone changes nothing there: the units are put down
            # where something happens (a marker, other units, the end of the move). The zone
            # still gets its (empty) entry, as if they had stood in it, so that the order in
            # which the board lists its zones stays the same.
            g.stacks.setdefault(zone, [])
            continue
        g.move_pieces(movers, zone)
        if zone in g.markers.hidden:  # (its dict read directly: no method call compiled)
            activate(g, zone, f"{names} moving through")
    surplus = _surplus(g, path[-1], movers)
    placed = place_surplus(g, surplus, [*reversed(path[:-1]), start]) if surplus else []
    if g.journal.enabled:
        g.log(
            f"{names} move {start} -> {' -> '.join(path)} toward {goal_zone} ({why})"
            + (f"; over the stacking limit, {_where(placed)}" if placed else "")
            + "."
        )
    return {start, *path}


def _where(placed: list[tuple[Piece, str]]) -> str:
    """``a, b stay in X; c stays in Y`` (zones in the order reached)."""
    by_zone: dict[str, list[str]] = {}
    for p, zone in placed:
        by_zone.setdefault(zone, []).append(p.label())
    return "; ".join(f"{', '.join(names)} stay in {zone}" for zone, names in by_zone.items())


def _surplus(g: GameState, zone: str, movers: list[Piece]) -> list[Piece]:
    """The weakest of the arriving units, as few as needed to respect the limit."""
    over = g.points_in(zone) - g.zmap.zone(zone).stacking
    return surplus(movers, over, GERMAN_ORDER) if over > 0 else []


def german_movement(g: GameState) -> None:
    """Phase E.2: every mobile German stack that has not fought moves (rule 8.2)."""
    allowance = german_allowance(g.alert.level, dict(g.scenario.alert_movement))
    if allowance == 0:
        g.log(f"Alert {g.alert.level}: the Germans have no movement points.")
        return
    # Read once: German moves never change which zones the British hold, nor their points.
    phase = MovementPhase(g)
    holds = g.holds_post
    stacks = g.stacks
    ready = ready_to_move(g)
    while True:
        first = next_to_move(ready, g.zmap.order)
        if first is None:
            return
        # A move changes only the stacks of the zones it returns (the units leave, a
        # marker passed places units that may move too, the surplus stays behind): only
        # those are looked at again.
        for zone in move_stack(g, first, ready[first], allowance, phase):
            movers = _movers_in(stacks.get(zone, NO_PIECES), holds)
            if movers:
                ready[zone] = movers
            elif zone in ready:  # (not ready.pop(zone, None): a method call through Python when compiled)
                del ready[zone]


def ready_to_move(g: GameState) -> dict[str, list[Piece]]:
    """Zone -> its pieces that :func:`can_move`, in stack order, for every zone holding one.

    The zones are found from the German pieces (a list kept for the game, see
    ``GameState.pieces_of_side``) rather than from every entry of the board, so they come
    in no particular order: :func:`~paragraphs_raids.german_ai.next_to_move` does not
    depend on it (tests/test_fast_paths.py holds this to the plain reading).
    """
    holds = g.holds_post
    stacks = g.stacks
    ready: dict[str, list[Piece]] = {}
    for p in g.pieces_of_side(GERMAN):
        zone = p.zone
        if zone and not p.acted and p.kind.mobile and p.id not in holds and zone not in ready:
            ready[zone] = _movers_in(stacks[zone], holds)
    return ready


def _movers_in(stack: list[Piece], holds: Container[str]) -> list[Piece]:
    """The pieces of ``stack`` that :func:`can_move` (``holds``: ``g.holds_post``)."""
    # can_move inlined, acted first (most pieces have, once stacks moved); a loop, not a
    # comprehension: asked for every stack a move changed, most of which give nobody.
    movers = []
    for p in stack:
        if not p.acted and p.side == GERMAN and p.kind.mobile and p.id not in holds:
            movers.append(p)
    return movers


#: A distance no land route has (the table holds only the zones a route reaches).
_UNREACHED: Final = 1 << 30


class MovementPhase:
    """What every German stack's move reads and no German move changes: the zones the
    British hold (not at sea), in map order, with their stacking points; and the answers
    of the map's fixed distance table (:class:`LandRoutes`) already given.

    Args:
        g: the game, as German movement starts (or as one stack moves, in tests).
    """

    def __init__(self, g: GameState) -> None:
        self.g = g
        zmap = g.zmap
        at_sea = sea(g)
        # g.british_zones() - at_sea (the British boats' zones left out).
        british: set[str] = set()
        for z in g.british_zones():
            if z not in at_sea:
                british.add(z)
        self.british_set = frozenset(british)
        self.british = zmap.in_order(british)
        self.points = {z: g.points_in(z) for z in self.british}
        self.routes = land_routes(zmap, at_sea)
        #: start zone -> the first line's goals when the table answered it (None: it could not).
        self.quick: dict[str, list[Candidate] | None] = {}

    @classmethod
    def of(cls, g: GameState) -> MovementPhase:
        return cls(g)

    def nearest_british(self, start: str) -> list[Candidate] | None:
        """The first line's tied goals (nearest British stack with stacking points, map
        order) from the distance table, or None when only a route search can tell.

        Why the table gives the same answer as a search that may not cross British
        zones: a cheapest route to the nearest British zone crosses only zones nearer than
        it, so none of them is British, and the route is allowed. That holds when no
        British zone, with points or without (a lone officer), is nearer than the nearest
        one with points; otherwise the search decides. The routes walked toward such a
        goal never cross a British zone either, for the same reason (:meth:`walk`).
        """
        if start in self.quick:
            return self.quick[start]
        answer = None
        row = self.routes.distances.get(start)
        if row is not None:
            # One pass in map order: the nearest of all, and the zones with points tied
            # at the nearest distance so far (int distances: no None to compare).
            points = self.points
            nearest_any = nearest = _UNREACHED
            tied: list[str] = []
            for z in self.british:
                d = row.get(z, _UNREACHED)
                if d == _UNREACHED:
                    continue
                if d < nearest_any:
                    nearest_any = d
                if points[z] > 0:
                    if d < nearest:
                        nearest = d
                        tied = [z]
                    elif d == nearest:
                        tied.append(z)
            if nearest != _UNREACHED and nearest_any == nearest:
                answer = [Candidate(z, nearest, points[z]) for z in tied]
        self.quick[start] = answer
        return answer

    def walk(self, start: str, goal: str, allowance: int, roll: Roller) -> list[str]:
        """:func:`~paragraphs_raids.german_ai.walk_toward` toward a goal of
        :meth:`nearest_british` (not entered), read from the distance table.

        Every zone on a cheapest route to it is nearer than the goal, so none is British
        nor at sea: the table's cheapest routes are the ones a search avoiding them would
        find, offered in the same (map) order, and ties are rolled for the same way.
        """
        # walk_along's loop written out over the table (tests/test_german_routes_table.py
        # holds it to walk_toward, dice and all): asked for nineteen German moves in
        # twenty, where walk_along called two functions through Python at every step.
        routes = self.routes
        steps = routes.steps
        known = routes.toward(goal)
        path: list[str] = []
        here = start
        left = allowance
        while here != goal:
            options = routes._next_from(known, here, goal)
            if not options:
                break
            nxt = pick_at_random(options, roll, f"German route from {here}: equal routes") if len(options) > 1 else options[0]
            if nxt == goal:
                break  # the goal is not entered (a British stack)
            cost = steps[here][nxt]
            if cost > left:
                break
            left -= cost
            path.append(nxt)
            here = nxt
        return path


class LandRoutes:
    """The cheapest land routes of a map, never through the sea: what German movement
    reads for every stack, computed once per map (the map never changes, only who stands
    where).

    Attributes:
        distances: zone -> zone -> movement points of the cheapest route (lines work both
            ways, so a row read from the goal gives the cost to it).
        steps: zone -> the zones one line away with the cost of that line, in map order.
    """

    def __init__(self, zmap: ZoneMap, at_sea: frozenset[str]) -> None:
        self.distances: dict[str, dict[str, int]] = {z.id: dict(zmap.path_costs(z.id, impassable=at_sea)) for z in zmap.zones if z.id not in at_sea}
        self.steps: dict[str, dict[str, int]] = {z.id: dict(zmap.steps(z.id)) for z in zmap.zones}
        # goal -> here -> next_zones(here, goal): a dict per goal rather than one keyed by
        # (here, goal), so that a walk reads one string key per step and makes no tuple.
        self._next: dict[str, dict[str, tuple[str, ...]]] = {}

    def next_zones(self, here: str, goal: str) -> tuple[str, ...]:
        """The zones one line from ``here`` on a cheapest route to ``goal``, in map order
        (what :meth:`ZoneMap.next_steps` answers; kept, as the map never changes)."""
        return self._next_from(self.toward(goal), here, goal)

    def toward(self, goal: str) -> dict[str, tuple[str, ...]]:
        """The answers of :meth:`next_zones` toward ``goal`` known so far, by ``here``."""
        found = self._next.get(goal)
        if found is None:
            found = self._next[goal] = {}
        return found

    def _next_from(self, known: dict[str, tuple[str, ...]], here: str, goal: str) -> tuple[str, ...]:
        found = known.get(here)
        if found is None:
            to_goal = self.distances[goal]
            best = to_goal.get(here)
            found = ()
            if best:
                found = tuple(o for o, cost in self.steps[here].items() if (rest := to_goal.get(o)) is not None and cost + rest == best)
            known[here] = found
        return found


def land_routes(zmap: ZoneMap, at_sea: frozenset[str]) -> LandRoutes:
    """The map's land routes avoiding ``at_sea`` (made on first use, then kept with the map)."""
    per_map: dict[frozenset[str], LandRoutes] | None = zmap.derived.get("bruneval.land_routes")
    if per_map is None:
        per_map = zmap.derived["bruneval.land_routes"] = {}
    found = per_map.get(at_sea)
    if found is None:
        found = per_map[at_sea] = LandRoutes(zmap, at_sea)
    return found
