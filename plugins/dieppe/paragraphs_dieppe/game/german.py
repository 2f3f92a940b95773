"""Phase D: the German actions, played by the rules (rules 6, 8, 9.3, 11.1).

* Fire (11.1): the German stack with the most levels fires first, at the adjacent British
  stack with the fewest levels; ties are rolled with a d6; the order is computed again
  before each shot (ruling R19). The Hess battery never fires.
* Movement (9.3): a German unit next to a British one stays; the others must move, the
  stacks with the most levels first. Below alarm 6 they head for the nearest other German
  stack with room, from 6 for the nearest British stack (stopping next to it), going
  around face-down markers, obstacles and British zones (R24, R25). Units over the limit
  at the end stay in the zone before (smallest FF first, R26).
* Below alarm 6 a unit fires **or** moves; from 6 it may fire **and** move (R14).
* Reinforcements (8) from alarm 6, their arrival being their action.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, TypeVar

from paragraphs_raids.dice import Roller, pick_at_random
from paragraphs_raids.german_ai import Candidate
from paragraphs_raids.markers import mark_done
from paragraphs_raids.stacks import BRITISH, GERMAN, Piece, apply_losses, front_line

from paragraphs_dieppe.game.actions import british_order, tell_before
from paragraphs_dieppe.game.landsearch import LevelSearch, land_search
from paragraphs_dieppe.game.officers import begin_german_movement
from paragraphs_dieppe.game.state import LAST_RESORT, GameState, sort_german
from paragraphs_dieppe.rules.fire import fire_outcome, shooter_value, target_value
from paragraphs_dieppe.rules.movement import stack_allowance
from paragraphs_dieppe.rules.reinforcements import next_entry, roll_reinforcements

T = TypeVar("T")
#: Units that never fire (rule 11: the Hess battery).
NEVER_FIRE: Final = frozenset({"hess"})


def german_phase(g: GameState) -> None:
    """Phase D in the order of rule 4: fire, movement, reinforcements."""
    g.phase = "D"
    fired = german_fire(g)
    german_movement(g, fired)
    if g.alarm.level >= g.params.reinforcements_from_alarm:
        reinforcements(g)


def _shooters(g: GameState, zone: str) -> list[Piece]:
    return [p for p in g.stack(zone) if p.side == GERMAN and not p.acted and p.role not in NEVER_FIRE and p.factors.get("fire") > 0]


def british_targets(g: GameState, zone: str) -> list[str]:
    """British zones one line away from ``zone`` (any colour of line)."""
    stacks = g.stacks
    return [z for z in g.lookups.neighbours[zone] if (s := stacks.get(z)) and s[0].side == BRITISH]


def german_fire(g: GameState) -> set[str]:
    """Rule 11.1's German fire, stack after stack by priority; returns the ids that fired."""
    fired: set[str] = set()
    done_zones: set[str] = set()
    neighbours = g.lookups.neighbours
    near: set[str] = set()
    near_at = -1
    while True:
        # Who is next to the British changes only when a shot empties a British zone.
        if near_at != g.sides_version:
            near = {n for z in g.zones_of(BRITISH) for n in neighbours[z]}
            near_at = g.sides_version
        # Zone -> who can fire from it, kept for the shot (choosing rolls dice, changes nothing).
        able = {z: shooters for z in g.zones_of(GERMAN) if z in near and z not in done_zones and (shooters := _shooters(g, z))}
        if not able:
            return fired
        ready = list(able)
        zone = best_by_points(ready, [g.points_in(z) for z in ready], True, g.roll, "German fire: equal stacks")
        assert zone is not None
        done_zones.add(zone)
        targets = british_targets(g, zone)
        target = best_by_points(targets, [g.points_in(z) for z in targets], False, g.roll, "German fire: equal targets")
        assert target is not None
        shooters = able[zone]
        fired |= {p.id for p in shooters}
        german_shot(g, shooters, zone, target)
        for p in shooters:  # mark_done of the survivors, without a generator
            if not g.is_lost(p.id):
                p.acted = True


def best_by_points(items: list[T], points: list[int], most: bool, roll: Roller, purpose: str) -> T | None:
    """``best_with_random_ties(items, key, roll, purpose)`` where the key is ``-points``
    (``most``) or ``points`` of each item, read from the list given (the same choice and
    the same die: tests/test_fast_paths.py compares the two). The key function was
    called through Python's generic call for every item, every German fire and move."""
    n = len(items)
    if n == 0:
        return None
    if n == 1:  # one choice (the usual case): no die, as best_with_random_ties rolls none
        return items[0]
    best = points[0]
    for k in points:
        if (k > best) if most else (k < best):
            best = k
    tied = [items[i] for i in range(n) if points[i] == best]
    return pick_at_random(tied, roll, purpose)


def german_shot(g: GameState, shooters: Sequence[Piece], zone: str, target_zone: str) -> bool:
    """One German fire (rule 11.1). True when the target was hit."""
    front = shooters[0]
    stack = g.stack(target_zone)
    aim = front_line(stack, LAST_RESORT)
    assert aim is not None
    attack = shooter_value(front, shooters, turn=g.turn, light_table=g.scenario.tables["light"])
    defence = target_value(aim, stack, g.map.zone(target_zone).protection, exemption=g.lookups.rulings["sniper_mortar_defence"])
    result = fire_outcome(attack.base, defence.base, GERMAN, g.roll)
    told = len(g.journal.entries)
    if result.defender_hit:
        for piece, gone in apply_losses(list(stack), 1, stack.index(aim)):
            if gone:
                g.eliminate(piece)
        stack[:] = british_order(stack)
    else:
        g.take_loss(front)
    if g.journal.enabled:  # the wording is only built for a journal
        g.log_line(f"German fire from {zone} at {target_zone}: {attack.describe()} + {result.attack_face} against {defence.describe()} + {result.defence_face}: {aim.label() if result.defender_hit else front.label()} hit")
        tell_before(g, told)
    # Rule 7: the fire is the event and the alarm follows it, so the journal tells the fire
    # with its dice first (the losses roll nothing and the markers a 9 turns over hold
    # nobody fired at or firing: the game is the same as raising it before the losses).
    g.alarm_event("first_fire")
    if result.defender_hit and g.british_reorganise is not None and len([p for p in stack if p.role not in LAST_RESORT]) > 1:
        # rule 2.2: after a combat the British player orders his own stack; asked after
        # the fire is told (he sees what was hit), and only when there is a choice
        top = g.british_reorganise(target_zone, stack)
        if top is not None and top is not stack[0]:
            stack.remove(top)
            stack.insert(0, top)
            g.log_line(f"the British reorganise {target_zone}: {top.label()} on top")
    return result.defender_hit


def _movers(g: GameState, zone: str, fired: set[str], both: bool) -> list[Piece]:
    return [p for p in g.stack(zone) if p.side == GERMAN and p.kind.mobile and (p.factors.move or 0) > 0 and (not p.acted or (both and p.id in fired))]


def german_movement(g: GameState, fired: set[str]) -> None:
    """Rule 9.3: every German stack not next to the British moves, the largest first."""
    moved: set[str] = set()
    # German movement never moves a British unit, so the British zones (and the zones
    # next to them, where Germans stay) hold for the whole phase.
    british = set(g.zones_of(BRITISH))
    neighbours = g.lookups.neighbours
    # Ruling R50 (content ``adjacent_lcas``): whether LCAs waiting off a beach hold the
    # Germans next to them like any British unit, or only the land units rule 9.3 lists.
    holding = british if g.lookups.rulings["adjacent_lcas"] == "hold" else british - g.boat_only
    near = {n for z in holding for n in neighbours[z]}
    both = g.alarm.level >= g.params.german_both_from_alarm
    order = g.lookups.order
    # The stacks ready to move are found once: a move only ever takes units out of
    # them (the movers, and the units they join), since whoever arrives has moved.
    ready = {z: ms for z in g.zones_of(GERMAN) if z not in near and (ms := _movers(g, z, fired, both))}
    if not ready:
        return
    # Zones German routes avoid (ruling R25): face-down markers, obstacles, the British
    # (who stop a route rather than block it), the sea. A German move never turns a marker
    # over nor meets an obstacle, so they hold for the whole phase too; frozen once, they
    # are the map's cache keys as they are.
    avoided = set(g.markers) | set(g.obstacles) | g.boat_only
    toward_enemy = g.alarm.level >= g.params.german_both_from_alarm
    # From alarm 6 the goal is a British stack; when every British unit is afloat no land
    # route reaches one, so nobody has a goal (the search would find none).
    goalless = toward_enemy
    if goalless:
        land_steps = g.lookups.land_steps
        for z in british:  # any British zone a land route reaches (a loop: no generator)
            if land_steps[z]:
                goalless = False
                break
    zones = _Avoid(frozenset(british), frozenset(avoided - british), toward_enemy, goalless)
    levels = {z: sum(p.points for p in ms) for z, ms in ready.items()}
    led = begin_german_movement(g)  # ruling R21: None unless phase_start
    while ready:
        zone = _largest(ready, levels, order)
        movers = ready.pop(zone)
        moved |= {p.id for p in movers}
        joined = _move_stack(g, zone, movers, moved, zones, led)
        # Only the stack joined loses units (all of them: they have reached their goal);
        # every other stack ready to move still stands where it was, untouched.
        if joined is not None:
            ready.pop(joined, None)


def _largest(ready: dict[str, list[Piece]], levels: dict[str, int], order: dict[str, int]) -> str:
    """``min(ready, key=lambda z: (-levels[z], order[z]))``: the stack with the most
    levels, the first in content order among equals. A loop: a key function is called
    through Python's generic call for every stack, every move of the phase
    (tests/test_fast_paths.py compares the two)."""
    best = ""
    best_levels = 0
    best_order = 0
    for z in ready:
        n = levels[z]
        if not best or n > best_levels or (n == best_levels and order[z] < best_order):
            best, best_levels, best_order = z, n, order[z]
    return best


class _Avoid:
    """What German routes steer by during one movement phase (see :func:`german_movement`).

    A plain class, not a NamedTuple: in the compiled build its __init__ is compiled and
    its fields are read straight from the object (a NamedTuple is built through an
    interpreted ``__new__``).
    """

    def __init__(self, british: frozenset[str], impassable: frozenset[str], toward_enemy: bool, goalless: bool) -> None:
        #: the British zones: a route may end in one but not cross it.
        self.british = british
        #: the zones a route never enters (those avoided that hold no British unit).
        self.impassable = impassable
        #: alarm 6 or more: the Germans head for the British.
        self.toward_enemy = toward_enemy
        #: no land route can reach a goal this phase.
        self.goalless = goalless


def _move_stack(g: GameState, zone: str, movers: list[Piece], moved: set[str], zones: _Avoid, led: frozenset[str] | None = None) -> str | None:
    """Move one stack toward its goal; returns the zone of the German stack it joined, if any."""
    british = zones.british
    toward_enemy = zones.toward_enemy
    if zones.goalless:
        mark_done(movers)
        return None
    search = _search_from(g, zone, zones)
    limit = g.params.side_stacking
    stacks = g.stacks
    need = 0 if toward_enemy else sum(p.points for p in movers)
    # The goals at the lowest cost that has any: the whole search's candidates (every
    # zone it reaches, in its order) of the lowest cost, which are the only ones
    # best_with_random_ties can choose, listed in the same order (so the same die).
    level = 0
    found: list[Candidate] = []
    while True:
        hit = False
        for z in search.zones_costing(level):  # a loop, not any(): asked at every level
            if _goal_at(z, zone, toward_enemy, british, stacks, g, need, limit):
                hit = True
                break
        if hit:
            found = [Candidate(z, level, g.points_in(z)) for z in search.at_level(level) if _goal_at(z, zone, toward_enemy, british, stacks, g, need, limit)]
            break
        if search.ended_below(level + 1):
            break
        level += 1
    # best_with_random_ties by (cost, -points): every candidate costs ``level``.
    goal = best_by_points(found, [c.points for c in found], True, g.roll, "German goal: equal choices")
    if goal is None:
        mark_done(movers)
        return None
    vorwarts = g.params.vorwarts_move if g.options.vorwarts else None
    allowance = stack_allowance(movers, g.stack(zone), vorwarts=vorwarts, phase_led=led)
    path = walk_from_search(search, g.roll, british, zone, goal.zone, allowance, enter_goal=not toward_enemy)
    mark_done(movers)
    if not path:
        return None
    end = path[-1]
    # Rule 9.3 (R26): units that do not fit stay behind, the smallest FF first, in the
    # last zone of the path with room for them (at worst where they started).
    for p in movers:
        g.lift(p)
    left: list[Piece] = []
    strongest_first = list(movers)
    sort_german(strongest_first)
    for p in strongest_first:
        # The path from its end back, then the start zone (indices, not a list per unit).
        for k in range(len(path) - 1, -2, -1):
            where = path[k] if k >= 0 else zone
            if g.points_in(where) + p.points <= limit or where == zone:
                g.place(p, where)
                if where != end:
                    left.append(p)
                break
    joined = None
    if not toward_enemy:
        # Below alarm 6 the goal is to join: the units joined have reached theirs too.
        moved |= {p.id for p in g.stack(end)}
        joined = end
    if g.journal.enabled:
        g.log_line(move_line(zone, end, movers, left))
    return joined


def move_line(zone: str, end: str, movers: Sequence[Piece], left: Sequence[Piece]) -> str:
    """The journal's line for one stack's move: who reached ``end``, and who the rule 9.3
    limit (R26) left behind, where. A stack that could not move at all is said to stay,
    in one line, not as a move (its route may still have rolled a die, noted with it)."""
    arrived = [p for p in movers if p not in left]
    behind: dict[str, list[str]] = {}
    for p in left:
        behind.setdefault(p.zone, []).append(p.label())
    parts = [f"{', '.join(names)} {'stay in' if where == zone else 'stop in'} {where}" for where, names in behind.items()]
    if arrived:
        return "; ".join([f"German move from {zone} to {end} ({', '.join(p.label() for p in arrived)})", *parts])
    if list(behind) == [zone]:
        return f"{parts[0]}: no room on the way to {end}"
    return f"German move from {zone} toward {end}: " + "; ".join(parts) + " (no room further)"


def _search_from(g: GameState, zone: str, zones: _Avoid) -> LevelSearch:
    """``ZoneMap.path_costs(zone, impassable=..., stop_in=british)``, settled only as far
    as a goal is found (see :mod:`paragraphs_dieppe.game.landsearch`), kept in the game
    (``GameState.searches_from``) and taken further for the next stack or turn with the
    same board."""
    key = (zone, zones.impassable, zones.british)
    search = g.searches_from.get(key)
    if search is None:
        search = g.searches_from[key] = land_search(g.lookups, zone, closed=zones.impassable, stops=zones.british)
    return search


def _goal_at(z: str, start: str, toward_enemy: bool, british: frozenset[str], stacks: Mapping[str, list[Piece]], g: GameState, need: int, limit: int) -> bool:
    """Whether a German stack in ``start`` may head for ``z`` (rule 9.3): a British zone
    from alarm 6, below it a German stack with room for it."""
    if z == start:
        return False
    if toward_enemy:
        return z in british
    s = stacks.get(z)
    return s is not None and len(s) > 0 and s[0].side == GERMAN and g.points_in(z) + need <= limit


def walk_from_search(
    search: LevelSearch,
    roll: Roller,
    sinks: frozenset[str],
    start: str,
    goal: str,
    allowance: int,
    *,
    enter_goal: bool,
) -> list[str]:
    """The raids layer's ``walk_toward`` (same zones, same dice), without its search
    from the goal: ``search`` (the search from ``start`` that chose the goal, settled at
    least to the goal's cost) already holds every cheapest route to it.

    Lines cost the same both ways, so a zone lies on a cheapest route from ``start`` to
    ``goal`` exactly when a chain of lines, each paying its cost in the search, leads from
    it to the goal; the routes avoid the same zones in both searches (the British zones,
    ``sinks``, are ends, never crossings). The walk then takes, in content order, the
    joined zones one step further along such a chain: the zones ``next_steps`` offers.
    Zones are read by their rank in the search's own tables (its costs by rank and its
    land lines, in content order), not through dicts of names.
    ``tests/test_fast_paths.py`` checks it against ``walk_toward`` on many boards.
    """
    dist = search.dist
    lines = search.lines
    names = search.names
    rank = search.rank
    first = rank[start]
    last = rank[goal]
    on_route = [False] * len(names)
    on_route[last] = True
    frontier = [last]
    while frontier:
        there = frontier.pop()
        cost_there = dist[there]
        for zone, step in lines[there]:
            cost = dist[zone]
            # (a closed zone's cost is -1; one not settled costs more than ``there``)
            if cost >= 0 and cost + step == cost_there and not on_route[zone] and (zone == first or names[zone] not in sinks):
                on_route[zone] = True
                frontier.append(zone)
    path: list[str] = []
    here = first
    left = allowance
    while here != last:
        further = dist[here]
        options: list[int] = []
        costs: list[int] = []
        for zone, step in lines[here]:
            if on_route[zone] and dist[zone] == further + step:
                options.append(zone)
                costs.append(step)
        if not options:
            break
        i = 0
        if len(options) > 1:
            chosen = pick_at_random([names[z] for z in options], roll, f"German route from {names[here]}: equal routes")
            i = options.index(rank[chosen])
        nxt = options[i]
        if nxt == last and not enter_goal:
            break
        step = costs[i]
        if step > left:
            break
        left -= step
        path.append(names[nxt])
        here = nxt
    return path


def reinforcements(g: GameState) -> None:
    """Rule 8: delayed groups enter first, then this turn's roll (R20)."""
    s = g.scenario
    waiting, g.delayed = g.delayed, []
    for entry, count in waiting:
        _enter(g, entry, count)
    if not len(g.reinforcements):
        return
    rolled = roll_reinforcements(g.alarm.level, len(g.reinforcements), g.roll, s.tables["reinforcement_count"])
    if not rolled.arrive:
        g.log_line("no reinforcements this turn")
        return
    assert rolled.entry is not None
    _enter(g, rolled.entry, rolled.count, fresh=True)


def _enter(g: GameState, entry: int, count: int, fresh: bool = False) -> None:
    zone = g.scenario.entry(entry)
    if g.side_in(zone) == BRITISH:
        # Rule 8: next turn, at the entry just above (held or not now: it is looked at then).
        nxt = next_entry(entry)
        g.delayed.append((nxt, count))
        g.log_line(f"R{entry} is held by commandos: {count} reinforcement(s) delayed to R{nxt} next turn")
        return
    arrived = []
    for _ in range(count):
        if not len(g.reinforcements):
            break
        ids = list(g.reinforcements)
        chosen = pick_at_random(ids, g.roll, "reinforcement drawn")
        g.reinforcements.left.remove(chosen)
        piece = g.pieces[chosen]
        if g.points_in(zone) + piece.points > g.params.side_stacking:
            g.reinforcements.left.append(chosen)
            break
        g.place(piece, zone)
        piece.acted = True
        arrived.append(piece)
    if arrived and g.journal.enabled:
        g.log_line(f"{len(arrived)} reinforcement(s) arrive at R{entry}: {', '.join(p.label() for p in arrived)}")
