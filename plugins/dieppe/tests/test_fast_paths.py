"""The speed work's shortcuts (issue 14) give what the general code they replace gives.

The frozen games (test_golden_games.py) check whole games; these check each shortcut on
its own, over every counter and zone of the scenario, so a content change that made one
wrong would be caught here by name.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Callable
from typing import Any

from paragraphs.dice import DiceConventions
from paragraphs_raids.activation import activation_check
from paragraphs_raids.chances import win_chance
from paragraphs_raids.combat import CombatResult, SideValue
from paragraphs_raids.dice import PrngRoller, RollNote, ScriptedRoller, pick_at_random
from paragraphs_raids.german_ai import best_with_random_ties, walk_toward
from paragraphs_raids.markers import ActivationMarkers
from paragraphs_raids.stacks import BRITISH, GERMAN, Piece, factor, strongest_on_top
from paragraphs_raids.state import RaidState

from paragraphs_dieppe.game.actions import AssaultReport, FireValues, MoveReport, _british_rank, british_order
from paragraphs_dieppe.game.german import _largest, best_by_points, walk_from_search
from paragraphs_dieppe.game.landsearch import land_search
from paragraphs_dieppe.game.state import german_order, sort_german
from paragraphs_dieppe.policy import _closest, _hit_chance, hit_chances, nearest
from paragraphs_dieppe.rules.activation import ADJACENT, adjacent_test
from paragraphs_dieppe.rules.assault import Line, LineResult, _assault_rank, _fewest_supports, by_assault
from paragraphs_dieppe.rules.fire import Shot
from paragraphs_dieppe.rules.movement import LAND, allowance, stack_allowance
from paragraphs_dieppe.rules.reinforcements import ReinforcementRoll
from paragraphs_dieppe.scenario import Scenario


def pieces(scenario: Scenario) -> list[Piece]:
    out = []
    for c in scenario.counters.values():
        for reduced in (False, True):
            p = Piece(c.id, c.kind, c.name, c.group)
            p.reduced = reduced
            out.append(p)
    return out


def test_the_german_order_is_the_raids_layer_s(scenario: Scenario) -> None:
    general = strongest_on_top(factor("fire"), ("hess", "officer"))
    for p in pieces(scenario):
        assert german_order(p) == general(p), p.id


def test_the_map_tables_answer_as_the_map(scenario: Scenario) -> None:
    z, t = scenario.zmap, scenario.lookups
    land = z.movable_kinds(LAND)
    for zone in z.order:
        assert list(t.neighbours[zone]) == z.neighbours(zone)
        assert list(t.land_neighbours[zone]) == z.neighbours(zone, land)
        assert (t.protection[zone], t.stacking[zone]) == (z.zone(zone).protection, z.zone(zone).stacking)
        assert t.land_steps[zone] == z.steps(zone, LAND) and list(t.land_steps[zone]) == list(z.steps(zone, LAND))
        assert list(t.landing[zone]) == list(z.steps(zone, "landing"))
        assert t.letters[zone] == str(scenario.zone_records[zone].get("activation") or "")
    assert (t.newhaven, t.hess_zone, list(t.beaches)) == (z.tagged("newhaven")[0], z.tagged("hess")[0], z.tagged("beach"))
    for n in range(10):
        assert t.entries[n] == next(zid for zid, rec in scenario.zone_records.items() if rec.get("entry") == n)


def test_the_rulings_table_is_the_scenario_s_rulings_even_for_a_variant(scenario: Scenario) -> None:
    assert dict(scenario.lookups.rulings) == dict(scenario.rulings) and scenario.rulings
    for ruling_id, reading in scenario.rulings.items():
        assert scenario.lookups.rulings[ruling_id] == scenario.ruling(ruling_id) == reading
    # A sweep's variant (cli_simulate.apply_variant) is a new scenario: its own table.
    variant = dataclasses.replace(scenario, rulings={**scenario.rulings, "move_surplus": "other reading"})
    assert variant.lookups.rulings["move_surplus"] == "other reading"
    assert scenario.lookups.rulings["move_surplus"] == scenario.ruling("move_surplus")


def written_out(hit: Piece) -> list[tuple[type, tuple[Any, ...], dict[str, Any]]]:
    """The classes a game builds many times, with their __init__ written out (compiled in
    the mypyc build, where a dataclass's generated one stays interpreted), each with the
    arguments of a plain dataclass of the same fields and defaults (typed: the compiled
    build checks them)."""
    result = CombatResult(7, 5, 3, 4)
    attack, defence = SideValue(4, 1, 0), SideValue(2, 0, 1, 3)
    return [
        (MoveReport, (), {"path": [], "end": "", "stopped": "", "assault": None}),
        (MoveReport, (["a", "b"], "b", "marker"), {"path": ["a", "b"], "end": "b", "stopped": "marker", "assault": None}),
        (AssaultReport, ("z",), {"zone": "z", "rounds": 0, "won": False, "prisoner": None}),
        (AssaultReport, ("z", 2, True, "p"), {"zone": "z", "rounds": 2, "won": True, "prisoner": "p"}),
        (Line, (), {"british": [], "german": []}),
        (LineResult, (7, 5, result, hit, True), {"attack": 7, "defence": 5, "result": result, "hit": hit, "eliminated": True}),
        (ReinforcementRoll, (False,), {"arrive": False, "entry": None, "count": 0}),
        (ReinforcementRoll, (True, 3, 2), {"arrive": True, "entry": 3, "count": 2}),
        (FireValues, ("z", hit, hit, 1, attack, defence), {"zone": "z", "front": hit, "aim": hit, "radius": 1, "attack": attack, "defence": defence}),
        (Shot, (hit, hit, attack, defence, result, ((hit, False),)), {"shooter": hit, "target": hit, "attack": attack, "defence": defence, "result": result, "losses": ((hit, False),)}),
    ]


def test_the_written_out_inits_are_the_dataclass_ones(scenario: Scenario) -> None:
    for cls, args, expected in written_out(pieces(scenario)[0]):
        made = cls(*args)
        assert {f.name: getattr(made, f.name) for f in dataclasses.fields(made)} == expected, cls
        assert made == cls(**expected) and repr(made) == repr(cls(**expected))
        # Written in the class (compiled in the mypyc build, where it has no code object),
        # not generated by dataclasses (whose code comes from "<string>").
        code = getattr(vars(cls)["__init__"], "__code__", None)
        assert code is None or code.co_filename.endswith(".py"), cls
    assert MoveReport().path is not MoveReport().path and Line().british is not Line().british


def test_a_stack_s_allowance_is_its_slowest_unit_s(scenario: Scenario) -> None:
    every = pieces(scenario)
    officers = [p for p in every if p.role == "officer"]
    others = [p for p in every if p.role != "officer"]
    for stack in [*itertools.combinations(others[::5], 3), *((p, o) for p in others[::7] for o in officers[:2])]:
        for vorwarts in (None, 4):
            led = [p for p in stack if p.role != "officer"] or list(stack)
            assert stack_allowance(stack, stack, vorwarts=vorwarts) == min(allowance(p, stack, vorwarts=vorwarts) for p in led)


def test_the_german_walk_from_the_goal_search_is_walk_toward(scenario: Scenario) -> None:
    """German movement walks along the search that chose its goal instead of searching
    again from the goal: same zones and same dice as the raids layer's walk_toward, over
    random boards (British zones end routes, markers and the sea close them)."""
    zmap, steps = scenario.zmap, scenario.lookups.land_steps
    land_zones = [z for z in zmap.order if steps[z]]
    rng = random.Random(14)
    checked = ties = 0
    for _ in range(120):
        british = frozenset(rng.sample(land_zones, rng.randint(0, 5)))
        avoided = frozenset(rng.sample(land_zones, rng.randint(0, 6))) | scenario.boat_only_zones
        start = rng.choice([z for z in land_zones if z not in british])
        costs = zmap.path_costs(start, impassable=avoided - british, stop_in=british)
        search = land_search(scenario.lookups, start, closed=avoided - british, stops=british)
        assert search.all_costs() == costs
        for goal in [z for z in costs if z != start]:
            enter = goal not in british
            allowance = rng.randint(1, 8)
            seed = rng.getrandbits(32)
            general_notes: list[RollNote] = []
            fast_notes: list[RollNote] = []
            general = walk_toward(zmap, start, goal, allowance, PrngRoller(seed, notes=general_notes), impassable=avoided | british, enter_goal=enter)
            fast = walk_from_search(search, PrngRoller(seed, notes=fast_notes), british, start, goal, allowance, enter_goal=enter)
            assert (fast, fast_notes) == (general, general_notes), (start, goal, sorted(british), sorted(avoided))
            checked += 1
            ties += bool(general_notes)
    assert checked > 2000 and ties > 200  # equal routes (rolled for) were met, not only single ones


def test_the_adjacent_test_is_the_raids_layer_s_activation_check() -> None:
    for alarm in range(10):
        for face in range(10):
            general = activation_check(alarm, 1, ScriptedRoller([face]), ADJACENT).activated
            assert adjacent_test(alarm, ScriptedRoller([face])) == general, (alarm, face)


def test_the_nearest_beach_is_the_one_the_whole_search_names(scenario: Scenario) -> None:
    """A withdrawal's beach comes from a search that stops at the nearest goals; the whole
    search (ZoneMap.path_costs, 99 for a goal it misses) names the same one."""
    zmap, lookups = scenario.zmap, scenario.lookups
    land_zones = [z for z in zmap.order if lookups.land_steps[z]]
    rng = random.Random(42)
    for _ in range(400):
        blocked = set(rng.sample(land_zones, rng.randint(0, 10))) | scenario.boat_only_zones
        start = rng.choice([z for z in land_zones if z not in blocked])
        goals = rng.sample(land_zones, rng.randint(2, 4))
        dist = zmap.path_costs(start, impassable=blocked)
        assert nearest(lookups, start, goals, blocked) == min(goals, key=lambda b: (dist.get(b, 99), zmap.order[b])), (start, goals, sorted(blocked))


def test_the_land_search_settled_in_steps_is_the_map_s_search(scenario: Scenario) -> None:
    """land_search, asked a few questions in a random order, answers each as the map's
    whole search does (costs, and zones in the order that search lists them), and once
    run to its end it is that search, order included (the German goal's die depends on it)."""
    zmap, lookups = scenario.zmap, scenario.lookups
    land_zones = [z for z in zmap.order if lookups.land_steps[z]]
    rng = random.Random(7)
    for _ in range(300):
        british = frozenset(rng.sample(land_zones, rng.randint(0, 5)))
        avoided = frozenset(rng.sample(land_zones, rng.randint(0, 6))) | scenario.boat_only_zones
        start = rng.choice([z for z in land_zones if z not in british])
        whole = zmap.path_costs(start, impassable=avoided - british, stop_in=british)
        search = land_search(lookups, start, closed=avoided - british, stops=british)
        for _ in range(4):
            level = rng.randint(0, 12)
            zone = rng.choice(list(zmap.order))
            assert search.cost(zone) == whole.get(zone), (start, zone)
            assert search.cost_below(zone, level) == (whole[zone] if whole.get(zone, 99) < level else None)
            assert search.at_level(level) == [z for z, c in whole.items() if c == level]
            assert sorted(search.zones_costing(level)) == sorted(z for z, c in whole.items() if c == level)
            assert list(search.costs_through(level).items()) == [(z, c) for z, c in whole.items() if c <= level]
            assert search.ended_below(level) == (max(whole.values()) < level)
        assert list(search.all_costs().items()) == list(whole.items())


def test_the_land_search_from_a_goal_with_weights_is_costs_to(scenario: Scenario) -> None:
    """The British player's search from its goal, surcharges and all, is ZoneMap.costs_to."""
    zmap, lookups = scenario.zmap, scenario.lookups
    land_zones = [z for z in zmap.order if lookups.land_steps[z]]
    rng = random.Random(8)
    for _ in range(300):
        goal = rng.choice(land_zones)
        weights = {z: rng.randint(2, 4) for z in rng.sample(land_zones, rng.randint(0, 8)) if z != goal}
        whole = zmap.costs_to(goal, impassable=scenario.boat_only_zones, surcharge=weights)
        search = land_search(lookups, goal, stops=scenario.boat_only_zones, weights=weights)
        start = rng.choice(land_zones)
        assert search.cost(start) == whole.get(start), (goal, start, weights)
        assert list(search.all_costs().items()) == list(whole.items())


class _PlainBoard(RaidState):
    """The raids layer's own placing and lifting, on a board of its own."""

    def __init__(self) -> None:
        self.stacks: dict[str, list[Piece]] = {}
        self.pieces: dict[str, Piece] = {}
        self.aboard: dict[str, list[str]] = {}

    @property
    def german_key(self) -> Callable[[Piece], Any]:
        return strongest_on_top(factor("fire"), ("hess", "officer"))


def test_placing_and_lifting_are_the_raids_layer_s(board: Callable[..., Any]) -> None:
    """GameState.place and lift (written out) leave every stack as RaidState's do, in the
    same order, over random placings (on top or not) and liftings of both sides."""
    g = board()
    plain = _PlainBoard()
    mine = g.pieces
    theirs = {i: Piece(p.id, p.kind, p.name, p.group, reduced=p.reduced) for i, p in mine.items()}
    for i in list(mine)[::3]:
        mine[i].reduced = theirs[i].reduced = True
    zones = list(g.zmap.order)[:12]
    rng = random.Random(3)
    for _ in range(3000):
        i = rng.choice(list(mine))
        if rng.random() < 0.25:
            g.lift(mine[i])
            plain.lift(theirs[i])
        else:
            zone, top = rng.choice(zones), rng.random() < 0.3
            g.place(mine[i], zone, top=top)
            plain.place(theirs[i], zone, top=top)
        for zone in zones:
            assert [p.id for p in g.stacks.get(zone, [])] == [p.id for p in plain.stacks.get(zone, [])], zone
            assert g.side_in(zone) == plain.side_in(zone), zone  # GameState.side_in written out
        assert mine[i].zone == theirs[i].zone
        # The zones per side, kept between changes that may alter them, are never stale.
        for side in (BRITISH, GERMAN):
            assert g.zones_of(side) == tuple(z for z, s in g.stacks.items() if s and s[0].side == side), side


def test_the_zones_per_side_follow_every_way_the_board_changes(board: Callable[..., Any], put: Callable[..., list[Any]]) -> None:
    """zones_of is kept until a change that may alter it: each of these must show."""
    g = board()
    lca, commando, flak = g.pieces["lca-1"], g.pieces["lovat"], g.pieces["flak-1"]
    put(g, "C6", "lovat")
    assert g.zones_of(BRITISH) == ("C6",) and g.zones_of(GERMAN) == ()
    g.place(flak, "C6", top=True)  # a new top of the other side (never in a game: the test of the rule)
    assert g.zones_of(BRITISH) == () and g.zones_of(GERMAN) == ("C6",)
    g.lift(flak)
    assert g.zones_of(BRITISH) == ("C6",)
    g.move_pieces([flak], "A2")
    assert g.zones_of(GERMAN) == ("A2",)
    g.lift(commando)
    assert g.zones_of(BRITISH) == ()
    g.stacks = {"G1": [lca]}  # a saved game read back puts new stacks in place
    assert g.zones_of(BRITISH) == ("G1",) and g.zones_of(GERMAN) == ()


def test_the_british_order_is_a_stable_sort_on_its_rank(scenario: Scenario) -> None:
    """british_order (an insertion sort written out) orders as sorted() with its key, ties
    kept in the order given, over random stacks of every British counter, full or reduced."""
    british = [p for p in pieces(scenario) if p.side == BRITISH]
    assert {p.role for p in british} >= {"commando", "mortar", "sniper", "officer", "boat"}
    rng = random.Random(5)
    for n in [0, 1, 2, *range(3, 13)] * 40:
        stack = rng.sample(british, n)
        assert [id(p) for p in british_order(stack)] == [id(p) for p in sorted(stack, key=_british_rank)]


def test_is_lost_follows_every_way_lost_changes(board: Callable[..., Any]) -> None:
    """GameState.is_lost (a set kept in step with the list) answers as ``in g.lost``."""
    g = board()
    ids = list(g.pieces)

    def same() -> None:
        for i in ids:
            assert g.is_lost(i) == (i in g.lost), i

    same()
    rng = random.Random(11)
    for i in rng.sample(ids, 12):
        g.eliminate(g.pieces[i])  # the game's way
        same()
    g.lost.append(ids[0])  # straight onto the list, as a test or a loader may
    same()
    g.lost = [ids[1], ids[2]]  # a new list (a board file read back)
    same()
    g.lost = []
    same()


def test_the_hit_chances_table_is_win_chance() -> None:
    """The policy's table of British hit chances, built in one pass, gives win_chance's
    exact fraction as a float for every margin, including those that never or always hit."""
    for attack_die, defence_die in (("d6", "d10"), ("d6", "d6"), ("d10", "d6")):
        low, chances = hit_chances(attack_die, defence_die)
        for margin in range(-30, 31):
            i = margin - low
            mine = 0.0 if i < 0 else chances[i] if i < len(chances) else 1.0
            assert mine == float(win_chance(margin, attack_die, defence_die, DiceConventions())), (attack_die, defence_die, margin)
    for margin in range(-30, 31):
        assert _hit_chance(margin) == float(win_chance(margin, "d6", "d10", DiceConventions())), margin


def test_the_support_units_are_those_of_the_british_pieces(scenario: Scenario) -> None:
    """The policy's mortar and sniper still able to act, read from the stacks, are those
    the plain filter of ``pieces_of(BRITISH)`` keeps, in its order, at every British phase
    of real games (where they land, act, get closed, or fall)."""
    from paragraphs_dieppe.game.turn import play_game
    from paragraphs_dieppe.policy import DefaultPolicy

    seen = 0

    def same(policy: DefaultPolicy, g: Any) -> None:
        nonlocal seen
        plain = [p for p in g.pieces_of(BRITISH) if p.role in ("mortar", "sniper") and not p.acted and p.id not in g.log.closed]
        assert [id(p) for p in policy._support_units(g)] == [id(p) for p in plain]
        seen += len(plain)

    class Watching:  # wraps the player (the compiled build's classes cannot be subclassed)
        def __init__(self) -> None:
            self.player = DefaultPolicy()

        def british_phase(self, g: Any) -> None:
            same(self.player, g)  # before the phase
            self.player.british_phase(g)
            same(self.player, g)  # after it: units acted, closed or fell

    for seed in range(12):
        play_game(scenario, seed, Watching(), record=False)
    assert seen > 0


def test_the_assault_order_is_a_stable_sort_on_its_rank(scenario: Scenario) -> None:
    """by_assault (an insertion sort written out) orders as sorted() with its key, ties kept
    in the order given, over random stacks of every counter, full or reduced; and the line
    a spare commando supports is the first of the fewest supports, as min() with its key."""
    every = pieces(scenario)
    rng = random.Random(9)
    for n in [0, 1, 2, *range(3, 13)] * 40:
        stack = rng.sample(every, n)
        assert [id(p) for p in by_assault(stack)] == [id(p) for p in sorted(stack, key=_assault_rank)]
        lines = [Line(rng.sample(every, rng.randint(1, 3)), []) for _ in range(rng.randint(1, 5))]
        assert _fewest_supports(lines) == min(range(len(lines)), key=lambda i: (len(lines[i].british), i))


def test_the_largest_stack_moves_first_as_min_with_its_key() -> None:
    """german_movement's _largest picks as min(ready, key=(-levels, content order))."""
    rng = random.Random(3)
    for _ in range(500):
        zones = rng.sample([f"Z{i}" for i in range(12)], rng.randint(1, 8))
        levels = {z: rng.randint(1, 4) for z in zones}
        order = {z: rng.randint(0, 50) * 12 + i for i, z in enumerate(zones)}
        ready: dict[str, list[Piece]] = {z: [] for z in zones}
        assert _largest(ready, levels, order) == min(ready, key=lambda z: (-levels[z], order[z]))


def test_the_german_sort_is_a_stable_sort_on_the_german_order(scenario: Scenario) -> None:
    """sort_german (an insertion sort written out, in place) orders as list.sort with
    german_order, ties kept in the order given, over random stacks of every counter."""
    every = pieces(scenario)
    rng = random.Random(11)
    for n in [0, 1, 2, *range(3, 13)] * 40:
        stack = rng.sample(every, n)
        expected = sorted(stack, key=german_order)
        same = stack
        sort_german(stack)
        assert stack is same and [id(p) for p in stack] == [id(p) for p in expected]


def test_the_best_by_points_is_best_with_random_ties() -> None:
    """best_by_points (keys read from a list) chooses as best_with_random_ties with the key
    -points (most) or points (least): the same item and the same dice."""
    rng = random.Random(21)
    for _ in range(400):
        items = [f"Z{i}" for i in range(rng.randint(0, 7))]
        points = {z: rng.randint(0, 4) for z in items}
        for most in (True, False):
            seed = rng.getrandbits(32)
            general_notes: list[RollNote] = []
            fast_notes: list[RollNote] = []
            sign = -1 if most else 1
            general = best_with_random_ties(items, lambda z: sign * points[z], PrngRoller(seed, notes=general_notes), "ties")
            fast = best_by_points(items, [points[z] for z in items], most, PrngRoller(seed, notes=fast_notes), "ties")
            assert (fast, fast_notes) == (general, general_notes)


def test_the_closest_zone_is_min_with_its_key(scenario: Scenario) -> None:
    """policy._closest picks as min() with the key (radius or 99, content order)."""
    zmap = scenario.zmap
    rng = random.Random(4)
    names = list(zmap.order)
    for _ in range(300):
        radii = zmap.radii_from(rng.choice(names))
        zones = rng.sample(names, rng.randint(1, 8))
        assert _closest(zones, radii, zmap.order) == min(zones, key=lambda z: (radii.get(z) or 99, zmap.order[z]))


def test_the_markers_are_dealt_as_the_raids_layer_deals_them(scenario: Scenario) -> None:
    """ActivationMarkers.deal_with_roller (written out) gives the markers and the dice of
    ActivationMarkers.deal with a picking function, also with pools shorter than the zones."""
    zones = scenario.activation_zones()
    for seed in range(40):
        pools = {k: list(v)[: len(v) - seed % 3] for k, v in scenario.marker_backs.items()}
        general_notes: list[RollNote] = []
        fast_notes: list[RollNote] = []
        plain = PrngRoller(seed, notes=general_notes)
        general = ActivationMarkers.deal(zones, pools, lambda n, why: pick_at_random(list(range(n)), plain, f"set-up: {why}"))
        fast = ActivationMarkers.deal_with_roller(zones, pools, PrngRoller(seed, notes=fast_notes))
        assert (fast.hidden, fast_notes) == (general.hidden, general_notes)
        assert list(fast.hidden) == list(general.hidden)
