"""The Dieppe rules the shared layer must carry, on a small made-up scenario (no Dieppe code).

Each test is one of the Dieppe rulebook's worked examples or rules, as the Dieppe plan
(sections 1 and 3) lists them: the counters read FF-AF-MP, the British roll a d6 and the
Germans a d10 read 0-9, the alarm runs 0-9.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from paragraphs.dice import DiceConventions
from paragraphs_raids.actions import ActionLog, ActionRefused
from paragraphs_raids.activation import ActivationRule, activation_check
from paragraphs_raids.alert import AlertTrack
from paragraphs_raids.chances import win_chance
from paragraphs_raids.combat import ATTACKER_HIT, attack_base, defence_base, resolve
from paragraphs_raids.dice import ScriptedRoller
from paragraphs_raids.german_ai import Attacker, Candidate, Priority, best_with_random_ties, choose_goal, fewest_levels, most_levels_first, nearest_then_largest, order_with_random_ties, walk_toward
from paragraphs_raids.markers import ActivationMarkers, Container, MarkerBack
from paragraphs_raids.stacks import Factors, Piece, UnitKind, apply_losses, factor, front_line, hit, reorganise_german, stack_points, strongest_on_top
from paragraphs_raids.zonemap import Connection, Zone, ZoneMap

D10 = DiceConventions(d10=(0, 9))
FIRE = factor("fire")
ON_TOP = strongest_on_top(FIRE)
COSTS = {"land": {"yellow": 1, "yellow_dotted": 2}, "sea": {"blue": 1}, "landing": {"blue_dotted": 2}}

COMMANDO = UnitKind("commando", "british", "infantry", Factors.of(fire=3, assault=4, move=3, points=2), Factors.of(fire=2, assault=2, move=2, points=1), infantry=True)
OFFICER = UnitKind("officer", "british", "officer", Factors.of(fire=1, assault=1, move=3, points=0))
INFANTRY = UnitKind("infantry", "german", "infantry", Factors.of(fire=3, assault=2, move=3, points=2), Factors.of(fire=2, assault=1, move=2, points=1), infantry=True)
MG = UnitKind("mg", "german", "mg", Factors.of(fire=5, assault=1, move=0, points=1), None, mobile=False)


def infantry(p: Piece) -> bool:
    return p.kind.infantry


def test_e5_british_fire_ten_against_seven_and_the_shooter_is_hit() -> None:
    """Dieppe 11.1 example: FF 3 + 6 (three full commandos) + 1 officer = 10 against the
    MG's FF 5 + 2 (a full infantry under it) = 7, no officer in defence; d6 2 and d10 6
    make 12 against 13, so the shooter's front commando flips to 2-2-2."""
    shooters = [Piece(f"c{i}", COMMANDO) for i in range(4)] + [Piece("lovat", OFFICER)]
    mg, inf = Piece("mg", MG), Piece("inf", INFANTRY)
    target = [inf, mg]
    reorganise_german(target, ON_TOP)
    assert target == [mg, inf]
    attack = attack_base(shooters[0], shooters, infantry, factor=FIRE)
    defence = defence_base(mg, target, infantry, protection=0, factor=FIRE, officer_bonus=0)
    assert (attack.base, defence.base) == (10, 7)
    assert attack.describe() == "3 + 6 stack + 1 officer"
    result = resolve(attack.base, defence.base, ScriptedRoller([2, 6], D10), attack_die="d6", defence_die="d10")
    assert (result.attack_total, result.defence_total, result.label) == (12, 13, ATTACKER_HIT)
    assert hit(shooters[0]) is False and shooters[0].factors == COMMANDO.reduced
    assert win_chance(3, "d6", "d10", D10) == Fraction(3, 4)


def test_dieppe_fire_defence_has_no_officer_bonus_but_bruneval_keeps_it() -> None:
    british = [Piece("c", COMMANDO), Piece("lovat", OFFICER)]
    assert defence_base(british[0], british, infantry, 0, factor=FIRE, officer_bonus=0).officer == 0
    assert defence_base(british[0], british, infantry, 0, factor=FIRE).officer == 1


def test_light_and_range_are_extra_named_modifiers() -> None:
    """Dieppe 11.1: the mortar fires -2 in turns 1-5 (light) and -1 at R2 (range)."""
    mortar = Piece("mortar", UnitKind("mortar", "british", "mortar", Factors.of(fire=4, assault=0, move=1, points=1)))
    value = attack_base(mortar, [mortar], infantry, factor=FIRE, officer_bonus=0, extra=(("light", -2), ("range", -1)))
    assert value.base == 1 and value.describe() == "4 - 2 light - 1 range"


def test_e4_german_fire_priority_most_levels_first_at_the_fewest_levels() -> None:
    """Dieppe 11.1 example: S5 (5 levels, with the MG) fires before S4, at the 6-level stack."""
    attackers = [Attacker("s4", True, 0, points=4), Attacker("s5", True, 0, points=5)]
    roll = ScriptedRoller([])  # no tie: no die
    order = order_with_random_ties(attackers, most_levels_first, roll, "fire order")
    assert [a.zone for a in order] == ["s5", "s4"]
    levels = {"b6": 6, "b8": 8}
    assert best_with_random_ties(["b8", "b6"], fewest_levels(levels.__getitem__), roll, "target") == "b6"
    # Equal levels: a d6 decides.
    assert best_with_random_ties(["b8", "b6"], fewest_levels(lambda z: 6), ScriptedRoller([2]), "target") == "b6"


def test_e2_german_movement_goal_nearest_then_most_levels_and_stop_adjacent() -> None:
    """Dieppe 9.3 example at alarm 7: two British stacks 2 MP away, 8 and 6 levels: the
    reinforcement heads for the 8 and stops next to it, without rolling."""
    zones = [Zone(z, z, 0, 10) for z in ("start", "m1", "big", "m2", "small")]
    links = [("start", "m1"), ("m1", "big"), ("start", "m2"), ("m2", "small")]
    zmap = ZoneMap(zones, [Connection(a, b, "yellow") for a, b in links], COSTS)
    big = [Piece(f"b{i}", COMMANDO) for i in range(4)]
    small = [Piece("s1", COMMANDO), Piece("s2", COMMANDO), Piece("s3", COMMANDO, reduced=True), Piece("s4", COMMANDO, reduced=True), Piece("o", OFFICER)]
    assert (stack_points(big), stack_points(small)) == (8, 6)
    costs = zmap.path_costs("start", stop_in={"big", "small"})
    enemy = Priority("nearest enemy", lambda: [Candidate("big", costs["big"], 8), Candidate("small", costs["small"], 6)], enter=False)
    roll = ScriptedRoller([])
    chosen = choose_goal([enemy], roll, nearest_then_largest)
    assert chosen is not None and chosen[1] == Candidate("big", 2, 8)
    assert walk_toward(zmap, "start", "big", 3, roll, impassable={"big", "small"}, enter_goal=False) == ["m1"]
    assert roll.used == 0


def test_e3_activation_at_alarm_4_draws_by_type_and_the_mg_goes_on_top() -> None:
    """Dieppe 10 example: alarm 4 (+1 first landing, +1 first A marker, +2 first assault);
    a stack next to a second A zone rolls d10 4 <= 4; the back shows one infantry and one
    MG, drawn by type; the MG (FF 5) goes on top; the alarm stays at 4."""
    alarm = AlertTrack(maximum=9, events={"first_landing": (1,), "first_a_marker": (1,), "first_assault": (2,)})
    for event in ("first_landing", "first_a_marker", "first_assault"):
        alarm.happen(event, at_once=True)
    assert alarm.level == 4
    rule = ActivationRule("d10", add_radius=False, max_radius=1)
    assert activation_check(alarm.level, 1, ScriptedRoller([5], D10), rule).activated is False
    result = activation_check(alarm.level, 1, ScriptedRoller([4], D10), rule)
    assert result.activated
    markers = ActivationMarkers({"a2": MarkerBack((("infantry", 1), ("mg", 1)))})
    back = markers.reveal("a2")
    assert back is not None and back.total == 2 and "a2" not in markers
    kinds = {"i1": INFANTRY, "i2": INFANTRY, "m1": MG, "m2": MG}
    garrison = Container(["i1", "i2", "m1", "m2"], lambda c: kinds[c].id)
    drawn = garrison.draw_back(back, ScriptedRoller([2, 1]), "garrison")  # d6 even: i2; d6 odd: m1
    assert drawn == ["i2", "m1"] and len(garrison) == 2
    stack = [Piece(c, kinds[c]) for c in drawn]
    reorganise_german(stack, ON_TOP)
    assert [p.id for p in stack] == ["m1", "i2"] and not any(p.acted for p in stack)
    assert alarm.happen("first_a_marker", at_once=True) == 0 and alarm.level == 4
    assert sum(1 for face in range(10) if face <= 4) / 10 == 0.5  # odds: 1/2


def test_a_type_that_has_run_out_places_nobody_and_obstacles_place_no_units() -> None:
    garrison = Container(["m1"], lambda c: "mg")
    assert garrison.draw("mg", 2) == ["m1"] and garrison.draw("mg", 1) == []
    mines = MarkerBack(obstacle="mines")
    assert mines.total == 0 and mines.describe() == "mines" and garrison.draw_back(mines) == []


def test_two_mortar_losses() -> None:
    """Dieppe 11.1: two losses eliminate a full unit, or a reduced one and hit the next."""
    full, under = Piece("i1", INFANTRY), Piece("i2", INFANTRY)
    assert apply_losses([full, under], 2) == [(full, True)]
    reduced, under = Piece("i3", INFANTRY, reduced=True), Piece("i4", INFANTRY)
    assert apply_losses([reduced, under], 2) == [(reduced, True), (under, False)] and under.reduced


def test_two_different_actions_per_unit_and_activations_that_close() -> None:
    """Dieppe 6: two different actions per unit; starting another unit closes the first."""
    log = ActionLog(per_unit=2, distinct=True, closes=True)
    a, b, c = Piece("a", COMMANDO), Piece("b", COMMANDO), Piece("c", COMMANDO)
    assert log.take([a, b], "move") == []
    with pytest.raises(ActionRefused, match="already taken the action 'move'"):
        log.take([a], "move")
    assert log.take([a], "fire") == ["a"]  # a split off for its second action and is done
    assert log.take([c], "fire") == ["b"]  # c starts: b's activation closes, its action is lost
    assert log.refusal([b], "fire") == "b has finished acting this phase"
    bruneval = ActionLog()  # one action per unit
    assert bruneval.take([a], "move") == ["a"]
    log.clear()
    assert log.refusal([b], "fire") is None


def test_front_line_roles_are_the_titles() -> None:
    """Dieppe 2.2: officers and snipers stand behind; Bruneval names its radar operators."""
    sniper = Piece("sn", UnitKind("sniper", "british", "sniper", Factors.of(fire=2, assault=0, move=3, points=0)))
    c = Piece("c", COMMANDO)
    assert front_line([sniper, c], ("officer", "sniper")) is c
    assert front_line([sniper, c], ("officer",)) is sniper


def test_g2_loads_exactly_four_lcas_of_eight_levels_and_a_fifth_commando_does_not_fit() -> None:
    """Dieppe 3.3: 16 commandos (32 levels) in LCA 4-7, at most 8 levels each."""
    from paragraphs_raids.transport import share_out

    commandos = [Piece(f"c{i}", COMMANDO) for i in range(16)]
    room = {f"lca{i}": 8 for i in (4, 5, 6, 7)}
    plan = share_out(commandos, room, lambda p: p.points)
    assert plan is not None and [len(plan[b]) for b in room] == [4, 4, 4, 4]
    assert share_out([*commandos, Piece("extra", COMMANDO)], room, lambda p: p.points) is None


def test_a_prisoner_passes_to_another_escort_or_is_lost() -> None:
    """Dieppe 12: a commando escorts; a sniper or an officer may not."""
    from paragraphs_raids.transport import hand_over

    escort, officer, other = Piece("e", COMMANDO), Piece("o", OFFICER), Piece("c", COMMANDO)
    commando_only = lambda p: p.kind.id == "commando"  # noqa: E731
    assert hand_over([escort, officer, other], escort, commando_only) is other
    assert hand_over([escort, officer], escort, commando_only) is None


def test_a_raid_state_keeps_dieppe_stacks_in_fire_order_and_counts_boats_only_at_sea() -> None:
    """Dieppe 2.2 and 9: the German stack with the highest FF on top; a D/E zone counts
    its LCAs only (4 x LCA), the commandos aboard being under them, off the map."""
    from dataclasses import dataclass, field

    from paragraphs_raids.state import RaidState

    lca_kind = UnitKind("lca", "british", "boat", Factors.of(fire=2, assault=0, move=2, points=1))
    zmap = ZoneMap([Zone("g2", "G2", 0, 4), Zone("gz", "GZ", 0, 10)], [Connection("g2", "gz", "blue_dotted")], COSTS)

    @dataclass
    class Board(RaidState):
        stacks: dict = field(default_factory=dict)
        pieces: dict = field(default_factory=dict)
        aboard: dict = field(default_factory=dict)

        @property
        def zmap(self) -> ZoneMap:
            return zmap

        @property
        def boat_only_zones(self) -> frozenset[str]:
            return frozenset({"g2"})

        @property
        def german_key(self):
            return ON_TOP

    b = Board()
    inf, mg = Piece("inf", INFANTRY), Piece("mg", MG)
    b.place(inf, "gz")
    b.place(mg, "gz")
    assert [p.id for p in b.stack("gz")] == ["mg", "inf"] and b.side_in("gz") == "german"
    lcas = [Piece(f"lca{i}", lca_kind) for i in range(4)]
    for lca in lcas:
        b.place(lca, "g2")
    commando = Piece("c", COMMANDO)
    b.pieces = {p.id: p for p in [*lcas, commando]}
    b.aboard["lca0"] = ["c"]
    assert b.points_in("g2") == 4 and b.room_for("g2", [commando]) and not b.room_for("g2", [Piece("lca9", lca_kind)])
    assert b.cargo_points(lcas[0]) == 2


def test_content_builders_read_named_factors_and_costs_per_movement_mode() -> None:
    """Dieppe content: FF-AF-MP counters, lines with a cost per movement mode."""
    from types import SimpleNamespace

    from paragraphs_raids import content

    data = {
        "terrain": {"sea": {"protection": 0, "stacking": 4, "stacking_counts": "boats"}, "yellow": {"protection": 0, "stacking": 10}},
        "connection_kinds": {"blue": {"costs": {"sea": 1}}, "blue_dotted": {"costs": {"landing": 2}}, "yellow": {"cost": 1}, "red_dotted": {"cost": None}},
        "zones": {"g2": {"name": "G2", "terrain": "sea"}, "beach": {"name": "Orange 2", "terrain": "yellow", "tags": ["beach"]}, "c6": {"name": "Quiberville", "terrain": "yellow"}},
        "connections": {"1": {"a": "g2", "b": "beach", "kind": "blue_dotted"}, "2": {"a": "beach", "b": "c6", "kind": "yellow"}},
    }
    zmap, boat_only = content.zone_map(data)
    assert boat_only == {"g2"}
    assert zmap.path_costs("g2", mode="landing") == {"g2": 0, "beach": 2} and zmap.path_costs("beach") == {"beach": 0, "c6": 1}
    units = {"commando": SimpleNamespace(factors={"side": "british", "role": "infantry", "infantry": True, "fire": 3, "assault": 4, "move": 3, "points": 2, "reduced": {"fire": 2, "assault": 2, "move": 2, "points": 1}})}
    kind = content.unit_kinds(units, ("fire", "assault"))["commando"]
    assert kind.full == COMMANDO.full and kind.reduced == COMMANDO.reduced and kind.infantry
