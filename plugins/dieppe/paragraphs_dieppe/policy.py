"""The default British player: the historical plan of No. 4 Commando, played sensibly.

Each turn of phase B it:

1. lands the LCAs' cargo (while the plan is young), each LCA's troops on the beach its
   ship waiting zone reaches (or where event 5c put the group), walking on inland with
   the MP left;
2. with each stack ashore, in turn: withdraws when the battery is down or time runs short
   (to a beach whose LCAs have room, then embarks); otherwise assaults a German zone next
   to it when the odds are good (the battery always), fires at one when a hit is likely,
   and walks toward its objective: a telephone line first for the stack nearest one, then
   the Hess battery, going around known Germans and face-down markers where it can;
3. fires the mortar and the sniper at the best target in reach;
4. sails LCAs to Newhaven once their troops are aboard (on the last turn, whatever is).

It only calls the checked actions of :mod:`paragraphs_dieppe.game.actions`; an action the
rules refuse is skipped.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from fractions import Fraction
from typing import Final

from paragraphs.dice import DiceConventions, parse_die
from paragraphs_raids.actions import ActionRefused
from paragraphs_raids.stacks import BRITISH, GERMAN, Piece, front_line

from paragraphs_dieppe.game import actions
from paragraphs_dieppe.game.landsearch import land_search
from paragraphs_dieppe.game.state import LAST_RESORT, GameState
from paragraphs_dieppe.lookups import Lookups
from paragraphs_dieppe.rules.fire import shooter_value, target_value
from paragraphs_dieppe.rules.movement import stack_allowance

_D10: Final = DiceConventions()
#: (map, zone, Newhaven) -> the first cheapest way there by sea.
_AT_SEA: Final[dict[tuple[object, str, str], tuple[str, ...]]] = {}


def hit_chances(attack_die: str = "d6", defence_die: str = "d10") -> tuple[int, list[float]]:
    """``win_chance(margin, attack_die, defence_die)`` as floats for every margin where it
    is neither 0 nor 1: the lowest such margin and the chances from there up.

    One pass over the pairs of faces, summed exactly by the difference of the faces and
    then cumulated, gives every margin's fraction at once; ``win_chance`` sums the pairs
    again for each margin, some 60 exact fraction products each time, and the policy met
    a new margin every few games (``tests/test_fast_paths.py`` compares the two).
    """
    a = parse_die(attack_die, _D10).distribution
    d = parse_die(defence_die, _D10).distribution
    by_gap: dict[int, Fraction] = {}
    for fa, pa in a.items():
        for fd, pd in d.items():
            # The attack hits when margin + fa >= fd, that is when margin >= fd - fa.
            by_gap[fd - fa] = by_gap.get(fd - fa, Fraction(0)) + pa * pd
    low, high = min(by_gap), max(by_gap)
    running = Fraction(0)
    chances: list[float] = []
    for gap in range(low, high):  # from ``high`` on, every pair hits
        running += by_gap.get(gap, Fraction(0))
        chances.append(float(running))
    return low, chances


#: The lowest margin that can hit and the chances a British fire hits from there up
#: (below: never; beyond the list: always).
_LOWEST, _CHANCES = hit_chances()


def _hit_chance(margin: int) -> float:
    """The chance a British fire hits at ``margin`` (attack minus defence), as a float."""
    if margin < _LOWEST:
        return 0.0
    i = margin - _LOWEST
    return _CHANCES[i] if i < len(_CHANCES) else 1.0


#: Turns left, from which stacks head back to the boats whatever they are doing.
DEFAULT_WITHDRAW_MARGIN = 4


def nearest(lookups: Lookups, start: str, goals: Sequence[str], blocked: Collection[str]) -> str:
    """Of ``goals``, the cheapest to walk to from ``start`` without entering ``blocked``
    zones, the first in content order among equals (and among unreachable ones).

    The same as reading ``ZoneMap.path_costs(start, impassable=blocked)`` with 99 for a
    goal it does not reach, but the search (the compiled :class:`LevelSearch` of
    :mod:`paragraphs_dieppe.game.landsearch`) stops at the first cost level that holds a
    goal: a stack withdrawing is usually a few lines from a beach
    (``tests/test_fast_paths.py`` compares the two on random boards).
    """
    search = land_search(lookups, start, closed=blocked)
    order = lookups.order
    level = 0
    while True:
        found = [z for z in search.zones_costing(level) if z in goals]
        if found:
            return min(found, key=order.__getitem__)
        if search.ended_below(level + 1):
            return min(goals, key=order.__getitem__)
        level += 1


def _give_up(g: GameState, what: str, refused: ActionRefused) -> None:
    """An action the rules refuse is skipped; the journal says which and why."""
    g.log_line(f"(the player gives up: {what}: {refused})")


def _closest(zones: list[str], radii: Mapping[str, int], order: Mapping[str, int]) -> str:
    """``min(zones, key=lambda z: (radii.get(z) or 99, order[z]))`` as a loop (no key
    function called through Python's generic call per zone; tests/test_fast_paths.py
    compares the two)."""
    best = ""
    best_r = best_o = 0
    for z in zones:
        r = radii.get(z) or 99
        o = order[z]
        if not best or r < best_r or (r == best_r and o < best_o):
            best, best_r, best_o = z, r, o
    return best


def _anyone_ashore(g: GameState) -> bool:
    """Whether a British unit other than an LCA stands on the map (read from the stacks,
    without listing the British pieces)."""
    stacks = g.stacks
    for z in g.zones_of(BRITISH):
        for p in stacks[z]:
            if p.role != "boat":
                return True
    return False


class DefaultPolicy:
    """The historical plan (see the module docstring).

    Args:
        land_until: last turn a group still lands.
        withdraw_margin: a stack heads back when the turns left are this many or fewer.
        fire_threshold: smallest chance of hitting for which a stack fires.
    """

    def __init__(self, land_until: int = 4, withdraw_margin: int = DEFAULT_WITHDRAW_MARGIN, fire_threshold: float = 0.55) -> None:
        self.land_until = land_until
        self.withdraw_margin = withdraw_margin
        self.fire_threshold = fire_threshold
        # Shared by every player of the process: each entry is a pure function of its key,
        # and the sea never changes (a few entries per map).
        self._at_sea = _AT_SEA

    # ------------------------------------------------------------------ phase B
    def british_phase(self, g: GameState) -> None:
        if g.turn <= self.land_until:
            self._land_all(g)
        for zone in sorted(g.zones_of(BRITISH), key=g.lookups.order.__getitem__):
            if zone in g.boat_only:
                continue
            self._act_with_stack(g, zone)
        self._support_fire(g)
        self._sail(g)

    # ------------------------------------------------------------------ helpers
    # One method per action rather than one generic ``_try(g, what, fn, *args)``: the
    # compiled build calls each action directly, where the generic form went through
    # Python's call with a tuple of arguments on every action of the game.
    def _land(self, g: GameState, pieces: Sequence[Piece], lca: Piece, path: Sequence[str]) -> None:
        try:
            actions.land(g, pieces, lca, path)
        except ActionRefused as exc:
            _give_up(g, "landing", exc)

    def _move(self, g: GameState, what: str, pieces: Sequence[Piece], path: Sequence[str]) -> actions.MoveReport | None:
        try:
            return actions.move(g, pieces, path)
        except ActionRefused as exc:
            _give_up(g, what, exc)
            return None

    def _fire(self, g: GameState, what: str, shooters: Sequence[Piece], target_zone: str) -> None:
        try:
            actions.fire(g, shooters, target_zone)
        except ActionRefused as exc:
            _give_up(g, what, exc)

    def _embark_on(self, g: GameState, pieces: Sequence[Piece], lca: Piece) -> None:
        try:
            actions.embark(g, pieces, lca)
        except ActionRefused as exc:
            _give_up(g, "embark", exc)

    def _sail_to(self, g: GameState, lcas: Sequence[Piece], path: Sequence[str]) -> None:
        try:
            actions.sail(g, lcas, path)
        except ActionRefused as exc:
            _give_up(g, "sail home", exc)

    def _withdrawing(self, g: GameState) -> bool:
        return g.hess_killed >= 2 or g.params.turns - g.turn < self.withdraw_margin

    def _goal(self, g: GameState, zone: str) -> str | None:
        hess = g.lookups.hess_zone
        if g.hess_killed < 2 and any(p.role == "hess" for p in g.stacks.get(hess, ())):
            if g.telephones and not g.telephone_cut:
                radii = g.map.radii_from(zone)
                # min(g.telephones, key=lambda t: (radii.get(t) or 99, t)) as a loop (no
                # key function called through Python's generic call per telephone).
                nearest_t = ""
                near = 0
                for t in g.telephones:
                    r = radii.get(t) or 99
                    if not nearest_t or r < near or (r == near and t < nearest_t):
                        nearest_t, near = t, r
                if near <= 2:
                    return nearest_t
            return hess
        return None

    def _fresh(self, g: GameState, zone: str) -> list[Piece]:
        closed, used = g.log.closed, g.log.used
        stack = g.stacks.get(zone)  # (a list, iterated natively; not .get(zone, ()))
        if stack is None:
            return []
        return [p for p in stack if p.side == BRITISH and not p.acted and p.id not in closed and p.role != "boat" and "move" not in used.get(p.id, ())]

    def _route(self, g: GameState, start: str, goal: str, allowance: int, enter_goal: bool) -> list[str]:
        """The longest affordable prefix of a cheapest land route toward ``goal``.

        Known Germans, face-down markers and obstacles weigh on the route, so it goes
        around them when it can; when it cannot, it ends in the first such zone met (the
        move then reveals the marker or assaults the Germans there).
        """
        markers = g.markers.hidden
        stacks = g.stacks
        blocked = g.boat_only
        # The weights and the search toward the goal depend only on where the Germans,
        # the markers and the obstacles are: kept in the game (GameState.toward) for the
        # next stack that heads the same way. The search (ZoneMap.costs_to's, from the
        # goal) goes only as far as this stack stands, and on from there when a stack
        # further away asks.
        germans = g.zones_of(GERMAN)
        key = (goal, germans, tuple(markers), tuple(g.obstacles.items()))
        known = g.toward.get(key)
        if known is None:
            # {germans: 4} | {markers: 3} | {obstacles: 2} in one dict (a later kind
            # overrides an earlier one, as the merge does), without the three halves.
            weights: dict[str, int] = {}
            for z in germans:
                weights[z] = 4
            for z in markers:
                weights[z] = 3
            for z in g.obstacles:
                weights[z] = 2
            weights.pop(goal, None)
            known = g.toward[key] = (weights, land_search(g.lookups, goal, stops=blocked, weights=weights))
        weights, to_goal = known
        if to_goal.cost(start) is None:
            return []
        # The search now knows every zone cheaper than ``start`` (LevelSearch.cost): the
        # zones the walk below passes through and every zone a step of it may go to (on
        # a cheapest route each step goes to a cheaper zone, every line costing 1 MP or
        # more), so their costs are read straight from it.
        dist, rank = to_goal.dist, to_goal.rank
        land_steps = g.lookups.land_steps
        path: list[str] = []
        here = start
        spent = 0
        while here != goal:
            # The first of ZoneMap.next_steps (the only one the plan takes), found without
            # listing the others: a joined zone on a cheapest route, in content order.
            best = dist[rank[here]]
            if not best:
                break
            nxt = ""
            cost = 0
            for other, step in land_steps[here].items():
                rest = dist[rank[other]]
                # Unreachable (or not cheaper than here, so not on a cheapest route).
                if not 0 <= rest < best or (rest != 0 and other in blocked):
                    continue
                if step + (weights.get(other, 0) if rest != 0 else 0) + rest == best:
                    nxt, cost = other, step
                    break
            if not nxt or spent + cost > allowance:
                break
            if nxt == goal and not enter_goal:
                break
            path.append(nxt)
            spent += cost
            here = nxt
            if nxt in markers or ((s := stacks.get(nxt)) and s[0].side == GERMAN):
                break
        return path

    def _fit(self, g: GameState, path: list[str], pieces: Sequence[Piece]) -> list[str]:
        """Cut ``path`` back to a zone with room for ``pieces`` (markers and Germans end it)."""
        need = g.points_in("", pieces)
        markers = g.markers.hidden
        limit = g.params.side_stacking
        while path:
            end = path[-1]
            if end in markers or g.side_in(end) == GERMAN:
                return path
            if g.points_in(end) + need <= limit:
                return path
            path = path[:-1]
        return path

    # ------------------------------------------------------------------ landing
    def _land_all(self, g: GameState) -> None:
        home = g.lookups.newhaven
        for lca in [p for p in g.pieces_of(BRITISH) if p.role == "boat" and p.zone != home]:
            cargo = [c for c in g.cargo(lca) if c.id not in g.reembarked and not c.acted]
            if not cargo or g.late.get(cargo[0].group, 0) > g.turn:
                continue
            forced = g.off_course.get(cargo[0].group)
            beaches = [forced] if forced else list(g.lookups.landing[lca.zone])
            if not beaches:
                continue
            beach = beaches[0]
            allowance = stack_allowance(cargo, cargo, phase_led=g.officer_led)
            goal = self._goal(g, beach)
            path = [beach]
            if goal and beach not in g.markers:
                path += self._route(g, beach, goal, allowance - 2, enter_goal=False)
            path = self._fit(g, path, cargo)
            if not path:
                continue
            if path[-1] in g.markers and len(path) > 1:
                path = path[:-1]
            self._land(g, cargo, lca, path)

    # ------------------------------------------------------------------ stacks ashore
    def _act_with_stack(self, g: GameState, zone: str) -> None:
        pieces = self._fresh(g, zone)
        if not pieces or zone not in g.stacks:
            return
        if self._withdrawing(g):
            self._withdraw(g, zone, pieces)
            return
        commandos = [p for p in pieces if p.role == "commando"]
        others = [p for p in pieces if p.role in ("officer",)]
        movers = commandos + others
        if not commandos:
            return
        # Assault a German zone next door when it is worth it (R13: both actions).
        used = g.log.used
        for target in g.lookups.land_neighbours[zone]:
            if g.side_in(target) == GERMAN and self._worth_assault(g, commandos, target) and not any(used.get(p.id) for p in movers):
                if g.points_in("", movers) <= g.params.side_stacking:
                    self._move(g, f"assault on {target}", movers, [target])
                    return
        # Fire at the best adjacent German zone.
        self._fire_from(g, zone, [p for p in pieces if p.role in ("commando", "officer")])
        movers = [p for p in self._fresh(g, zone) if p.role in ("commando", "officer")]
        if not movers or zone in g.stuck or any(g.side_in(z) == GERMAN for z in g.lookups.neighbours[zone]) and used.get(movers[0].id):
            return
        goal = self._goal(g, zone)
        if goal is None or goal == zone:
            return
        allowance = stack_allowance(movers, g.stack(zone), phase_led=g.officer_led)
        path = self._fit(g, self._route(g, zone, goal, allowance, enter_goal=goal in g.telephones), movers)
        if path and (path[-1] in g.markers.hidden or g.side_in(path[-1]) == GERMAN):
            fresh = not any(used.get(p.id) for p in movers)
            strong = g.side_in(path[-1]) != GERMAN or self._worth_assault(g, [p for p in movers if p.role == "commando"], path[-1])
            if not (fresh and strong and g.points_in("", movers) <= g.params.side_stacking):
                path = self._fit(g, path[:-1], movers)
        if path:
            self._move(g, f"move toward {goal}", movers, path)

    def _worth_assault(self, g: GameState, commandos: Sequence[Piece], target: str) -> bool:
        germans = [p for p in g.stack(target) if p.side == GERMAN]
        if any(p.role == "hess" for p in germans):
            return sum(p.points for p in commandos) >= 6
        mine = sum(p.points for p in commandos)
        theirs = sum(p.points for p in germans)
        return len(commandos) >= len(germans) and mine >= 2 * max(1, theirs)

    def _fire_from(self, g: GameState, zone: str, shooters: list[Piece]) -> None:
        shooters = actions.british_order([p for p in shooters if p.id not in g.log.closed and not p.acted])
        used = g.log.used
        if not shooters or shooters[0].role != "commando" or any("fire" in used.get(p.id, ()) for p in shooters):
            return
        best: tuple[float, str] | None = None
        a: int | None = None
        for target in g.lookups.neighbours[zone]:
            if g.side_in(target) != GERMAN or target in g.markers.hidden:
                continue
            germans = [p for p in g.stack(target) if p.side == GERMAN]
            aim = front_line(germans, LAST_RESORT)
            if aim is None or aim.role == "hess":
                continue
            if a is None:  # the shooters' value is the same whatever they aim at
                a = shooter_value(shooters[0], shooters, turn=g.turn, light_table=g.scenario.tables["light"]).base
            d = target_value(aim, germans, g.map.zone(target).protection).base
            chance = _hit_chance(a - d)
            if best is None or chance > best[0]:
                best = (chance, target)
        if best is not None and best[0] >= self.fire_threshold:
            self._fire(g, f"fire at {best[1]}", shooters, best[1])

    def _support_units(self, g: GameState) -> list[Piece]:
        """The mortar and the sniper still able to act, in the order of ``pieces_of(BRITISH)``
        (read from the stacks: asked twice a turn, where the whole British list was built
        to keep two units)."""
        closed = g.log.closed
        stacks = g.stacks
        out: list[Piece] = []
        for z in g.zones_of(BRITISH):
            for p in stacks[z]:
                if (p.role == "mortar" or p.role == "sniper") and not p.acted and p.id not in closed:
                    out.append(p)
        return out

    def _support_fire(self, g: GameState) -> None:
        for p in self._support_units(g):
            reach = g.params.mortar_range if p.role == "mortar" else 1
            radii = g.map.radii_from(p.zone)
            # German zones in reach (the nearest is chosen below, so their order is free).
            targets = [z for z in g.zones_of(GERMAN) if 1 <= radii.get(z, -1) <= reach and z not in g.markers.hidden]
            targets = [z for z in targets if (f := front_line([q for q in g.stack(z)], LAST_RESORT)) is not None and f.role != "hess"]
            if targets:
                self._fire(g, f"{p.role} fire", [p], _closest(targets, radii, g.map.order))
        # The sniper and the mortar follow the nearest commandos when they can.
        for p in self._support_units(g):
            friends = [z for z in g.zones_of(BRITISH) if z != p.zone and z not in g.boat_only and any(q.role == "commando" for q in g.stack(z))]
            if not friends or self._withdrawing(g) and p.zone in g.lookups.beaches:
                continue
            goal = _closest(friends, g.map.radii_from(p.zone), g.map.order)
            path = self._fit(g, self._route(g, p.zone, goal, stack_allowance([p], g.stack(p.zone), phase_led=g.officer_led), enter_goal=True), [p])
            if path and path[-1] not in g.markers and g.side_in(path[-1]) != GERMAN:
                self._move(g, f"{p.role} follows", [p], path)

    # ------------------------------------------------------------------ going home
    def _boats_for(self, g: GameState, beach: str) -> list[Piece]:
        out = []
        for zone in g.lookups.landing[beach]:
            out += [b for b in g.boats_in(zone)]
        return out

    def _has_boats(self, g: GameState, beach: str) -> bool:
        """Whether :meth:`_boats_for` finds any, without listing them."""
        stacks = g.stacks
        for zone in g.lookups.landing[beach]:  # loops, not any(): asked per beach per stack
            for p in stacks.get(zone, ()):
                if p.role == "boat":
                    return True
        return False

    def _withdraw(self, g: GameState, zone: str, pieces: list[Piece]) -> None:
        beaches = [z for z in g.lookups.beaches if self._has_boats(g, z)]
        if not beaches:
            return
        if zone in beaches:
            self._embark(g, zone, pieces)
            return
        allowance = stack_allowance(pieces, g.stack(zone), phase_led=g.officer_led)
        if len(beaches) == 1:
            beach = beaches[0]  # no need to measure the way to the only beach with boats
        else:
            blocked = set(g.zones_of(GERMAN))  # | the markers | the sea, in one set
            blocked.update(g.markers.hidden)
            blocked.update(g.boat_only)
            beach = nearest(g.lookups, zone, beaches, blocked)
        path = self._fit(g, self._route(g, zone, beach, allowance, enter_goal=True), pieces)
        if not path or path[-1] in g.markers or g.side_in(path[-1]) == GERMAN:
            return
        report = self._move(g, "withdraw", pieces, path)
        if report is not None and report.end in beaches:
            self._embark(g, report.end, [p for p in pieces if p.zone == report.end and p.id not in g.log.closed])

    def _embark(self, g: GameState, beach: str, pieces: list[Piece]) -> None:
        waiting = list(pieces)
        for lca in self._boats_for(g, beach):
            room = g.params.lca_capacity - g.cargo_levels(lca)
            load: list[Piece] = []
            for p in sorted(waiting, key=lambda p: -p.points):
                need = p.points + sum(g.pieces[c].points for c in p.carrying)
                if need <= room:
                    load.append(p)
                    room -= need
            if load:
                self._embark_on(g, load, lca)
                waiting = [p for p in waiting if p not in load]
            if not waiting:
                return

    def _sea_route(self, g: GameState, zone: str, home: str) -> list[str]:
        """The first cheapest way by sea from ``zone`` to ``home`` (the sea never changes,
        so it is worked out once per zone)."""
        key = (g.map, zone, home)
        known = self._at_sea.get(key)
        if known is None:
            to_home = g.map.costs_to(home, impassable=(), mode="sea")
            path: list[str] = []
            here = zone
            while here != home:
                steps = g.map.next_steps(here, to_home, mode="sea")
                if not steps:
                    break
                here = steps[0]
                path.append(here)
            known = self._at_sea[key] = tuple(path)
        return list(known)

    def _sail(self, g: GameState) -> None:
        home = g.lookups.newhaven
        last = g.turn >= g.params.turns
        ashore = _anyone_ashore(g)
        for zone in [z for z in g.zones_of(BRITISH) if z in g.boat_only and z != home]:
            boats = [b for b in g.boats_in(zone) if not b.acted and b.id not in g.log.closed]
            loaded = [b for b in boats if g.aboard.get(b.id)]
            ready = [b for b in loaded if all(c in g.reembarked for c in g.aboard[b.id])]
            go = loaded if (last or (not ashore and self._withdrawing(g))) else [b for b in ready if g.cargo_levels(b) >= g.params.lca_capacity - 1]
            if not go:
                continue
            path = self._sea_route(g, zone, home)
            if path:
                self._sail_to(g, go, path)
