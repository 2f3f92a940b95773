"""Each ruling of docs/titles/dieppe.md (numbers R1-R46 of the design study, R47-R50 since) with a test;
the content rulings also through an overlay."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from paragraphs_raids.actions import ActionRefused
from paragraphs_raids.cli import RaidChoices
from paragraphs_raids.dice import PrngRoller
from paragraphs_raids.markers import MarkerBack

from paragraphs_dieppe.game import actions
from paragraphs_dieppe.game.german import german_fire, german_movement, reinforcements
from paragraphs_dieppe.game.setup import new_game
from paragraphs_dieppe.game.state import Options
from paragraphs_dieppe.game.turn import game_over, phase_a, tally
from paragraphs_dieppe.rules.fire import target_value
from paragraphs_dieppe.rules.movement import allowance
from paragraphs_dieppe.scenario import Scenario, load_scenario

Board = Callable[..., Any]
Put = Callable[..., list[Any]]


class ThenRandom:
    """Scripted dice first, then seeded ones (for tests that only care about the first rolls)."""

    def __init__(self, values: list[int], scenario: Scenario) -> None:
        self.values = list(values)
        self.prng = PrngRoller(1, scenario.conventions)

    def __call__(self, die: str, purpose: str, allowed: frozenset[int] | None = None) -> int:
        while self.values:
            v = self.values.pop(0)
            if allowed is None or v in allowed:
                return v
        return self.prng(die, purpose, allowed)


def with_ruling(scenario: Scenario, ruling: str, choice: str) -> Scenario:
    return dataclasses.replace(scenario, rulings={**scenario.rulings, ruling: choice})


def test_r1_r2_six_phases_and_fire_assault_move(scenario: Scenario) -> None:
    from paragraphs_dieppe.scenario import FACTOR_NAMES

    assert FACTOR_NAMES == ("fire", "assault")
    assert scenario.kinds["german_infantry"].full.names == ("fire", "assault")


def test_r4_markers_are_dealt_per_letter(scenario: Scenario) -> None:
    g = new_game(scenario, PrngRoller(5, scenario.conventions))
    for zone, back in g.markers.hidden.items():
        assert back in scenario.marker_backs[g.letter(zone)]
    assert len(g.markers) == sum(len(z) for z in scenario.activation_zones().values())


def test_r5_a_type_run_out_places_nobody(board: Board, put: Put) -> None:
    g = board([])
    g.garrison.left = ["gi-1"]
    g.markers.hidden["A2"] = MarkerBack((("infantry", 1), ("machine_gun", 1)))
    placed = g.reveal("A2")
    assert [p.id for p in placed] == ["gi-1"]


def test_r7_a_late_group_lands_from_the_turn_in_brackets(board: Board, put: Put) -> None:
    g = board([])
    lca = put(g, "G2", "lca-4")[0]
    g.aboard["lca-4"] = ["g2-1"]
    g.late["group2"] = 2
    with pytest.raises(ActionRefused, match="before turn 2"):
        actions.land(g, [g.pieces["g2-1"]], lca, ["ORANGE2"])
    g.turn = 2
    assert actions.land(g, [g.pieces["g2-1"]], lca, ["ORANGE2"]).end == "ORANGE2"


def test_r8_r38_an_lca_sunk_takes_its_cargo(board: Board, put: Put, scenario: Scenario) -> None:
    g = board([])
    lca = put(g, "G2", "lca-4")[0]
    g.aboard["lca-4"] = ["lovat", "g2-1"]
    g.eliminate(lca)
    assert {"lca-4", "lovat", "g2-1"} <= set(g.lost) and g.officers_killed == ["lovat"]
    assert scenario.kinds["lca"].reduced is None


def test_r9_off_course_group_lands_at_its_beach_only(board: Board, put: Put) -> None:
    g = board([])
    lca = put(g, "G1", "lca-1")[0]
    g.aboard["lca-1"] = ["g1-1"]
    g.off_course["group1"] = "C5"
    with pytest.raises(ActionRefused, match="off course"):
        actions.land(g, [g.pieces["g1-1"]], lca, ["ORANGE1"])
    assert actions.land(g, [g.pieces["g1-1"]], lca, ["C5"]).end == "C5" and "lca-1" in g.stack("G1")[0].id


@pytest.mark.parametrize(("choice", "alarm"), [("once", 1), ("twice", 2)])
def test_r11_ship_detection_once_or_twice(board: Board, scenario: Scenario, choice: str, alarm: int) -> None:
    g = board([2, 0])  # event a (battery), d10 0: nothing; an even face, so no event d
    g.use_scenario(with_ruling(scenario, "ship_detection", choice))
    phase_a(g)
    assert g.alarm.level == alarm


def test_r11_the_reading_is_content_an_overlay_changes(tmp_path: Path) -> None:
    (tmp_path / "rulings.yaml").write_text("rulings:\n  - {id: ship_detection, choice: twice}\n")
    assert load_scenario(overlays=[str(tmp_path)], use_cache=False).ruling("ship_detection") == "twice"
    (tmp_path / "rulings.yaml").write_text("rulings:\n  - {id: ship_detection, choice: thrice}\n")
    with pytest.raises(Exception, match="thrice"):
        load_scenario(overlays=[str(tmp_path)], use_cache=False)


def test_r13_entering_germans_needs_both_actions(board: Board, put: Put) -> None:
    g = board([])
    stack = put(g, "SAANE", "g2-1", "g2-2")
    put(g, "T1", "gi-1")
    g.log.take(stack, "fire")
    with pytest.raises(ActionRefused, match="both actions"):
        actions.move(g, stack, ["T1"])


def test_r14_from_alarm_6_a_german_that_fired_may_move(scenario: Scenario, board: Board, put: Put) -> None:
    # The first fire raises the alarm by one: from 6 to 7, or from 4 to 5.
    for alarm, moves in ((6, True), (4, False)):
        g = board(alarm=alarm)
        g.roll = ThenRandom([9, 1], scenario)  # German d10 9 against the British d6 1: hit
        g.phase = "D"
        put(g, "T1", "gi-1")
        put(g, "SAANE", "g2-1", reduced=("g2-1",))
        put(g, "WOOD", "g2-2")
        fired = german_fire(g)
        assert "g2-1" in g.lost
        german_movement(g, fired)
        assert (g.pieces["gi-1"].zone != "T1") is moves


@pytest.mark.parametrize(("choice", "stays"), [("hold", True), ("ignore", False)])
def test_r50_rule_9_3_does_a_waiting_lca_hold_the_germans_next_to_it(scenario: Scenario, board: Board, put: Put, choice: str, stays: bool) -> None:
    """Rule 9.3: a German next to a British unit "of any type" does not move, but the list
    that follows names commandos, howitzer, sniper and officers, not the LCAs. `hold` (the
    reading in force): an LCA waiting in G2 keeps the Germans on Orange II in place;
    `ignore`: they go for the commandos in T1."""
    g = board(alarm=7)
    g.use_scenario(with_ruling(scenario, "adjacent_lcas", choice))
    g.roll = ThenRandom([], scenario)
    g.phase = "D"
    put(g, "G2", "lca-4")
    put(g, "ORANGE2", "gi-1")
    put(g, "T1", "g2-1")
    german_movement(g, set())
    assert (g.pieces["gi-1"].zone == "ORANGE2") is stays


def test_r50_the_reading_is_content_an_overlay_changes(tmp_path: Path) -> None:
    assert load_scenario(use_cache=False).ruling("adjacent_lcas") == "hold"
    (tmp_path / "rulings.yaml").write_text("rulings:\n  - {id: adjacent_lcas, choice: ignore}\n")
    assert load_scenario(overlays=[str(tmp_path)], use_cache=False).ruling("adjacent_lcas") == "ignore"


def test_r16_every_bangalore_and_every_explosion_raises_the_alarm(board: Board, put: Put) -> None:
    g = board([1, 1])  # two odd faces: the wire holds twice
    g.obstacles["T1"] = "wire"
    actions.move(g, put(g, "SAANE", "g2-1"), ["T1"])
    actions.move(g, put(g, "R1", "g2-2"), ["T1"])
    assert g.alarm.level == 2
    g2 = board([0, 9])  # mines: 0 + 2 levels has no effect, then 9 + 2 explodes
    g2.obstacles["T1"] = "mines"
    actions.move(g2, put(g2, "SAANE", "g2-1"), ["T1"])
    assert g2.alarm.level == 0 and g2.obstacles["T1"] == "mines"
    actions.move(g2, put(g2, "R1", "g2-2"), ["T1"])
    assert g2.alarm.level == 1 and "T1" not in g2.obstacles and g2.pieces["g2-2"].reduced


def test_r17_an_obstacle_is_not_the_first_a_marker(board: Board, put: Put) -> None:
    g = board([])
    g.markers.hidden["A2"] = MarkerBack((), "mines")
    g.reveal("A2")
    assert g.alarm.level == 0 and g.obstacles == {"A2": "mines"}


def test_r18_alarm_9_reveals_every_marker(board: Board) -> None:
    g = board(alarm=8)
    g.markers.hidden.update({"A2": MarkerBack((), "wire"), "B3": MarkerBack((), "mines")})
    g.alarm.seen["first_fire"] = 0
    g.alarm_event("first_fire")
    assert g.alarm.level == 9 and not g.markers and g.obstacles == {"A2": "wire", "B3": "mines"}


def test_r20_a_held_entry_delays_the_reinforcements(scenario: Scenario, board: Board, put: Put) -> None:
    g = board([0, 3, 6, 6, 6], alarm=7)  # they come (0 < 7), at R3, three of them
    put(g, "R3", "g2-1")
    reinforcements(g)
    assert g.delayed == [(4, 3)] and not g.stack("R4")
    g.roll = ThenRandom([9], scenario)  # next turn: none from the roll, the delayed three enter
    reinforcements(g)
    assert len(g.stack("R4")) == 3


def test_r20_rule_8_a_delayed_group_enters_at_the_very_next_entry(scenario: Scenario, board: Board, put: Put) -> None:
    """Rule 8: held out of R3, they come next turn at R4, the entry just above, even when
    R4 is held as they are turned away; if it is still held then, they wait again."""
    g = board([0, 3, 6, 6, 6], alarm=7)  # they come (0 < 7), at R3, three of them
    put(g, "R3", "g2-1")
    put(g, "R4", "g2-2")
    reinforcements(g)
    assert g.delayed == [(4, 3)]
    g.lift(g.pieces["g2-2"])  # the commandos leave R4 during the British phase
    g.roll = ThenRandom([9], scenario)  # next turn: none from the roll, the delayed three enter
    reinforcements(g)
    assert len(g.stack("R4")) == 3 and not g.stack("R5") and not g.delayed


def test_r20_rule_8_a_delayed_group_turned_away_again_moves_up_again(scenario: Scenario, board: Board, put: Put) -> None:
    g = board([0, 9, 6, 6, 6], alarm=7)  # they come at R9, three of them
    put(g, "R9", "g2-1")
    put(g, "R0", "g2-2")
    reinforcements(g)
    assert g.delayed == [(0, 3)]  # R0 follows R9
    g.roll = ThenRandom([9], scenario)
    reinforcements(g)  # R0 is still held: they wait for R1
    assert g.delayed == [(1, 3)] and not g.stack("R1")


def test_r20_reinforcements_an_entry_has_no_room_for_stay_in_the_container(scenario: Scenario, board: Board, put: Put) -> None:
    """Rule 8 does not say what happens when the entry holds Germans already: the counters
    it has no room for (10 levels a side) are put back in the container."""
    g = board([], alarm=7)
    g.roll = ThenRandom([0, 3, 6], scenario)  # they come, at R3, three of them (then the draws)
    put(g, "R3", "gi-1", "gi-2", "gi-3", "gi-4")  # 8 levels: room for one more infantry
    before = len(g.reinforcements)
    reinforcements(g)
    assert g.points_in("R3") == 10 and len(g.reinforcements) == before - 1 and not g.delayed


def test_r21_the_officer_bonus_is_for_infantry(board: Board, put: Put) -> None:
    g = board([])
    stack = put(g, "ORANGE1", "mills-roberts", "g1-1", "mortar")
    assert allowance(g.pieces["g1-1"], stack) == 4 and allowance(g.pieces["mortar"], stack) == 2


def test_r22_officers_never_enter_an_enemy_zone_alone(board: Board, put: Put) -> None:
    g = board([])
    put(g, "T1", "gi-1")
    with pytest.raises(ActionRefused, match="without commandos"):
        actions.move(g, put(g, "SAANE", "lovat"), ["T1"])


def test_r24_below_alarm_6_germans_join_the_nearest_friends(board: Board, put: Put) -> None:
    g = board([], alarm=2)
    g.phase = "D"
    put(g, "B3", "gi-1")
    put(g, "B2", "gi-2", "gi-3")
    put(g, "SAANE", "g2-1")
    german_movement(g, set())
    assert g.pieces["gi-1"].zone == g.pieces["gi-2"].zone == g.pieces["gi-3"].zone


def test_r32_r33_r34_the_target_value(board: Board, put: Put) -> None:
    g = board([])
    stack = put(g, "A2", "gi-1", "gi-2", "gof-1")
    # FF 3 + 2 levels of the infantry with it + 1 protection (added), no officer.
    assert target_value(stack[0], stack, 1).base == 6
    # Against a sniper or the mortar: no stack bonus.
    assert target_value(stack[0], stack, 1, shooter_role="sniper").base == 4


@pytest.mark.parametrize(("choice", "defence"), [("their_fire", 3), ("them_as_targets", 5)])
def test_r32_rule_11_1_whose_stack_bonus_the_sniper_and_mortar_exemption_removes(board: Board, put: Put, scenario: Scenario, choice: str, defence: int) -> None:
    """Rule 11.1's defence line ends "(non applicable to the sniper and mortar)".
    `their_fire` (the reading in force): a target fired at by them adds no stack levels;
    `them_as_targets`: it is the sniper or the mortar as a target that adds none, so
    infantry shot at by the mortar keeps its stack bonus."""
    g = board([], turn=9)
    g.use_scenario(with_ruling(scenario, "sniper_mortar_defence", choice))
    shooter = put(g, "ORANGE2", "mortar")
    put(g, "SAANE", "gi-1", "gi-2")
    # FF 3 of gi-1, + 2 for gi-2's levels unless exempt; SAANE is open ground (protection 0)
    assert actions.fire_values(g, shooter, "SAANE").defence.base == defence


@pytest.mark.parametrize(("choice", "hit"), [("literal", True), ("none", False)])
def test_r36_a_mortar_short_at_r2(board: Board, put: Put, scenario: Scenario, choice: str, hit: bool) -> None:
    g = board([1, 9], turn=9)  # 4 - 1 (range) + 1 against 3 + 9
    g.use_scenario(with_ruling(scenario, "r2_counterfire", choice))
    put(g, "SAANE", "mortar")
    put(g, "B1", "gi-1")
    shot = actions.fire(g, [g.pieces["mortar"]], "B1")
    assert shot.label == "shooter hit" and ("mortar" in g.lost) is hit


def test_r37_the_mortar_s_second_loss_spills_under(board: Board, put: Put) -> None:
    g = board([6, 0], turn=9)  # 4 + 6 against 2 (reduced, no stack against the mortar) + 0: hit
    put(g, "ORANGE2", "mortar")
    put(g, "SAANE", "gi-1", "gof-1", reduced=("gi-1",))
    actions.fire(g, [g.pieces["mortar"]], "SAANE")
    assert "gi-1" in g.lost and "gof-1" in g.lost


def test_r37_rule_11_1_a_full_strength_unit_takes_both_mortar_losses(board: Board, put: Put) -> None:
    """Rule 11.1: a unit at full strength hit by the mortar is eliminated and nothing
    spills; only a reduced unit passes the second loss to the unit under it. A machine
    gun is at full strength (its back is its elimination), so the infantry under it is
    untouched."""
    g = board([6, 0], turn=9)  # 4 + 6 against 5 + 0: hit
    put(g, "ORANGE2", "mortar")
    put(g, "SAANE", "gmg-1", "gi-1")
    shot = actions.fire(g, [g.pieces["mortar"]], "SAANE")
    assert [(p.id, gone) for p, gone in shot.losses] == [("gmg-1", True)]
    assert "gmg-1" in g.lost and not g.pieces["gi-1"].reduced and "gi-1" not in g.lost


def test_r39_rule_12_the_mortar_s_second_loss_never_falls_on_a_hess_cannon(board: Board, put: Put) -> None:
    """Rule 12: the 155 mm cannon fall only to an assault, so the second loss of a mortar
    hit on a reduced unit standing on them is lost rather than destroying a cannon."""
    g = board([6, 0], turn=9)  # 4 + 6 against 2 (reduced, no stack against the mortar) + 3 protection + 0: hit
    put(g, "WOOD", "mortar")
    put(g, "H", "hess-1", "hess-2", "gi-1", reduced=("gi-1",))
    shot = actions.fire(g, [g.pieces["mortar"]], "H")
    assert [(p.id, gone) for p, gone in shot.losses] == [("gi-1", True)]
    assert g.hess_killed == 0 and [p.id for p in g.stack("H")] == ["hess-1", "hess-2"]


def test_r39_the_battery_falls_only_to_an_assault(board: Board, put: Put, scenario: Scenario) -> None:
    g = board([6, 0, 6, 0], turn=4)
    put(g, "H", "hess-1", "hess-2")
    stack = put(g, "WOOD", "g2-1", "g2-2", "g2-3")
    with pytest.raises(ActionRefused, match="assault"):
        actions.fire(g, stack, "H")
    report = actions.move(g, stack, ["H"])
    assert report.assault is not None and report.assault.won
    assert g.hess_killed == 2 and g.hess_last_turn == 4 and g.alarm.level == 9
    t = tally(g)
    assert (t.hess_guns, t.hess_last_turn) == (2, 4)


@pytest.mark.parametrize(("choice", "counted"), [("at_newhaven", False), ("aboard", True)])
def test_r40_the_prisoner_counts_when_brought_home(board: Board, put: Put, scenario: Scenario, choice: str, counted: bool) -> None:
    g = board([])
    g.use_scenario(with_ruling(scenario, "prisoner_vp", choice))
    put(g, "G2", "lca-4")
    g.aboard["lca-4"] = ["g2-1"]
    g.pieces["g2-1"].carrying.append("gmg-1")
    g.prisoner = "gmg-1"
    assert (tally(g).prisoner == "machine_gun") is counted


def test_r40_rule_12_an_escort_killed_in_an_assault_hands_the_prisoner_over(board: Board, put: Put) -> None:
    """Rule 12: the prisoner is lost only when his escort falls and he is left alone. An
    escort eliminated in an assault, with other commandos of the assault still standing,
    hands him to one of them (as in a zone, ruling R40)."""
    g = board([1, 9])  # line 1: British d6 1 against the German d10 9, the escort falls
    stack = put(g, "SAANE", "g2-1", "g2-2", reduced=("g2-1", "g2-2"))
    g.pieces["g2-1"].carrying.append("gmg-1")
    g.prisoner, g.prisoner_taken = "gmg-1", True
    put(g, "T1", "gi-1")
    report = actions.move(g, stack, ["T1"])
    assert report.assault is not None and "g2-1" in g.lost
    assert g.prisoner == "gmg-1" and g.pieces["g2-2"].carrying == ["gmg-1"]


def test_r40_rule_12_an_escort_killed_by_mines_on_the_move_hands_the_prisoner_over(board: Board, put: Put) -> None:
    """Rule 12 again: a moving stack is off the map while it walks, so an escort killed
    by mines on the way must hand the prisoner to a commando walking with him."""
    g = board([9])  # mines: 9 + 2 levels, a loss for the top unit, the escort
    stack = put(g, "SAANE", "g2-1", "g2-2", reduced=("g2-1", "g2-2"))
    g.pieces["g2-1"].carrying.append("gmg-1")
    g.prisoner, g.prisoner_taken = "gmg-1", True
    g.obstacles["T1"] = "mines"
    actions.move(g, stack, ["T1"])
    assert "g2-1" in g.lost and g.prisoner == "gmg-1" and g.pieces["g2-2"].carrying == ["gmg-1"]


def test_r41_a_commando_entering_t_cuts_the_line(board: Board, put: Put) -> None:
    g = board([])
    g.telephones = {"T1", "T2"}
    actions.move(g, put(g, "SAANE", "g2-1"), ["T1"])
    assert g.telephone_cut and g.telephones == {"T2"}


@pytest.mark.parametrize(("choice", "missing"), [("starting_levels", 49 - 1), ("eliminated_counters", 49 - 2)])
def test_r42_the_newhaven_deduction(board: Board, put: Put, scenario: Scenario, choice: str, missing: int) -> None:
    g = board([])
    g.use_scenario(with_ruling(scenario, "newhaven_deduction", choice))
    put(g, "NEWHAVEN", "lca-4")
    g.aboard["lca-4"] = ["g2-1"]
    g.pieces["g2-1"].reduced = True
    assert tally(g).levels_missing == missing


def test_r43_the_game_ends_when_everyone_is_home(board: Board, put: Put) -> None:
    g = board([])
    put(g, "NEWHAVEN", "lca-4")
    g.aboard["lca-4"] = ["g2-1"]
    assert game_over(g)
    put(g, "ORANGE2", "g2-2")
    assert not game_over(g)


def test_r44_bad_luck_doubles_the_first_infantry_of_each_letter(board: Board) -> None:
    g = board([])
    g.options = Options(bad_luck=True)
    g.garrison.left = ["gi-1", "gi-2", "gi-3", "gi-4", "gi-5", "gi-6"]
    g.roll = PrngRoller(3, g.scenario.conventions)
    g.markers.hidden.update({"A2": MarkerBack((("infantry", 2),)), "A3": MarkerBack((("infantry", 1),))})
    assert len(g.reveal("A2")) == 4 and len(g.reveal("A3")) == 1


def test_r45_the_three_printed_levels(scenario: Scenario) -> None:
    """Rule 13 prints three levels: Green (rule 1), Hardened (1 and 2), Seasoned (1, 2 and 3)."""
    levels = dict(scenario.difficulty_levels)
    assert Options.from_choices(RaidChoices(difficulty="green"), levels).optional == ["bad_luck"]
    assert Options.from_choices(RaidChoices(difficulty="hardened"), levels).optional == ["bad_luck", "alarm"]
    assert Options.from_choices(RaidChoices(difficulty="seasoned"), levels).optional == ["bad_luck", "alarm", "vorwarts"]
    assert set(levels) == {"green", "hardened", "seasoned"}
    from paragraphs_dieppe.raid_title import LEVEL_RULES, LEVELS

    assert LEVEL_RULES == levels and set(LEVELS) == set(levels)


def test_r46_at_most_10_levels_enter_an_assault(board: Board, put: Put) -> None:
    g = board([])
    g.place(g.pieces["g2-6"], "SAANE")
    stack = put(g, "SAANE", "g2-1", "g2-2", "g2-3", "g2-4", "g2-5", "g2-6")
    put(g, "T1", "gi-1")
    with pytest.raises(ActionRefused, match="10 levels"):
        actions.move(g, stack, ["T1"])


def test_r29_a_fire_is_an_action_that_tests_the_markers_around(board: Board, put: Put) -> None:
    g = board([6, 0, 3], alarm=3)  # the fire (a hit; the first fire makes the alarm 4), then C6 tested: 3 <= 4
    g.garrison.left = ["gi-9"]
    stack = put(g, "SAANE", "g2-1")
    put(g, "T1", "gi-1")
    g.markers.hidden["C6"] = MarkerBack((("infantry", 1),))
    actions.fire(g, stack, "T1")
    assert "C6" not in g.markers and [p.id for p in g.stack("C6")] == ["gi-9"]


def test_r29_rule_10_sailing_lcas_test_the_markers_they_pass(board: Board, put: Put) -> None:
    """Rule 10: any British unit acting next to a face-down marker tests it, LCAs too: a
    flotilla sailing from G2 past a marker on the shore turns it over on a d10 at or
    under the alarm (here a marker laid on Orange II, one line from G2)."""
    g = board([2], alarm=4)
    g.garrison.left = ["gi-9"]
    boats = put(g, "G2", "lca-4")
    g.markers.hidden["ORANGE2"] = MarkerBack((("infantry", 1),))
    actions.sail(g, boats, ["SEA-W"])
    assert "ORANGE2" not in g.markers and [p.id for p in g.stack("ORANGE2")] == ["gi-9"]


def test_r15_starting_another_unit_closes_the_open_activation(board: Board, put: Put) -> None:
    g = board([])
    first = put(g, "SAANE", "g2-1")
    second = put(g, "R2", "g2-2")
    actions.move(g, first, ["T1"])
    actions.move(g, second, ["B1"])
    assert g.pieces["g2-1"].acted  # Job Done: its second action is lost
    with pytest.raises(ActionRefused, match="finished acting"):
        actions.move(g, first, ["SAANE"])


def test_r19_the_german_fire_order_is_computed_again_after_each_shot(board: Board, put: Put) -> None:
    # T1 (5 levels) fires first, at the 1-level stack of SAANE, and eliminates it; C6
    # would have aimed at SAANE too (its fewest levels), and now aims at ORANGE2.
    g = board([9, 1, 9, 1], alarm=6)
    g.phase = "D"
    put(g, "T1", "gi-1", "gi-2", "gmg-1")
    put(g, "C6", "gi-3")
    put(g, "SAANE", "g2-1", reduced=("g2-1",))
    put(g, "ORANGE2", "g2-2", "g2-3", "g2-4")
    german_fire(g)
    shots = [e.text for e in g.journal.entries if e.text.startswith("German fire")]
    assert shots[0].startswith("German fire from T1 at SAANE") and "g2-1" in g.lost
    assert shots[1].startswith("German fire from C6 at ORANGE2")


def test_r23_an_assault_from_a_landing_withdraws_aboard(board: Board, put: Put) -> None:
    g = board([1, 9])
    lca = put(g, "G2", "lca-4")[0]
    g.aboard["lca-4"] = ["g2-1"]
    put(g, "ORANGE2", "gi-1", "gi-2")
    rep = actions.land(g, [g.pieces["g2-1"]], lca, ["ORANGE2"])
    assert rep.assault is not None and not rep.assault.won
    assert g.aboard["lca-4"] == ["g2-1"] and g.pieces["g2-1"].reduced


def test_r25_german_routes_go_around_face_down_markers(board: Board, put: Put) -> None:
    g = board([], alarm=7)
    g.phase = "D"
    put(g, "R2", "ri-1")
    put(g, "A2", "g2-1")
    g.markers.hidden["B1"] = MarkerBack((), "mines")
    german_movement(g, set())
    # R2 joins the map only through B1: with B1 marked, the unit cannot get closer.
    assert g.pieces["ri-1"].zone == "R2"


def test_r26_the_smallest_fire_factor_stays_behind(board: Board, put: Put) -> None:
    g = board([], alarm=2)
    g.phase = "D"
    put(g, "B2", "gi-1", "gi-2", "gi-3", "gi-4")
    put(g, "B3", "gi-5", "gof-1", "gmg-1", reduced=("gi-5",))
    put(g, "SAANE", "g2-1")
    german_movement(g, set())
    # B2's 8 levels move first, to B3 (4 levels, room for 2 more): the whole stack cannot
    # join, so the weakest stay behind where there is room.
    assert g.points_in("B3") <= 10 and g.points_in("B2") <= 10


@pytest.mark.parametrize("choice", ["not_acted", "acted"])
def test_r47_units_a_full_beach_keeps_aboard_have_not_acted(board: Board, put: Put, scenario: Scenario, choice: str) -> None:
    # ORANGE2 holds 8 levels: of three full commandos landing, one fits (2 levels) and two
    # stay aboard LCA 5 (actions._arrive). Rules 9.2 and 6: they never left the boat, so
    # they did not land and took no action (`not_acted`, the reading in force); `acted`
    # spends their move as if they had landed.
    g = board([])
    g.use_scenario(with_ruling(scenario, "kept_aboard", choice))
    lca = put(g, "G2", "lca-5")[0]
    g.aboard["lca-5"] = ["g2-6", "g2-7", "g2-8"]
    put(g, "ORANGE2", "g2-1", "g2-2", "g2-3", "g2-4")
    cargo = [g.pieces[c] for c in ("g2-6", "g2-7", "g2-8")]
    actions.land(g, cargo, lca, ["ORANGE2"])
    kept = [g.pieces[c] for c in g.aboard["lca-5"]]
    assert len(kept) == 2 and g.points_in("ORANGE2") == 10
    assert [g.log.actions_of(p) for p in kept] == ([[], []] if choice == "not_acted" else [["move"], ["move"]])
    assert not any(p.acted for p in kept)
    g.lift(g.pieces["g2-1"])  # room again on the beach (a troop walked on)
    if choice == "not_acted":
        assert actions.land(g, kept[:1], lca, ["ORANGE2"]).end == "ORANGE2" and kept[0].zone == "ORANGE2"
    else:
        with pytest.raises(ActionRefused, match="already taken the action 'move'"):
            actions.land(g, kept[:1], lca, ["ORANGE2"])


@pytest.mark.parametrize("choice", ["not_acted", "acted"])
def test_r47_a_landing_the_beach_has_no_room_for_lands_nobody(board: Board, put: Put, scenario: Scenario, choice: str) -> None:
    g = board([])  # no die may be rolled
    g.use_scenario(with_ruling(scenario, "kept_aboard", choice))
    lca = put(g, "G2", "lca-5")[0]
    g.aboard["lca-5"] = ["g2-6", "g2-7"]
    put(g, "ORANGE2", "g2-1", "g2-2", "g2-3", "g2-4", "g2-5")  # 10 levels: full
    cargo = [g.pieces[c] for c in ("g2-6", "g2-7")]
    if choice == "not_acted":  # nobody lands: no action, no alarm for a first landing
        with pytest.raises(ActionRefused, match="ORANGE2 has no room for them"):
            actions.land(g, cargo, lca, ["ORANGE2"])
        assert g.alarm.level == 0 and not g.log.used
    else:  # the old reading: the landing is made, everyone stays aboard with the move spent
        actions.land(g, cargo, lca, ["ORANGE2"])
        assert g.aboard["lca-5"] == ["g2-6", "g2-7"] and [g.log.actions_of(p) for p in cargo] == [["move"], ["move"]]


@pytest.mark.parametrize("choice", ["stay_back", "refuse"])
def test_r49_rule_11_2_an_assault_falling_back_into_a_full_zone(board: Board, put: Put, scenario: Scenario, choice: str) -> None:
    """Rule 11.2 sends the commandos of a stopped assault back to the zone they assaulted
    from, and rule 2.2 holds a stack standing there to 10 levels a side. A stack passing
    through Orange II (6 levels there) assaults A2 and falls back: `stay_back` stops the
    units Orange II has no room for in C6, where they came from; `refuse` refuses such an
    assault before any die or marker. The limit is never broken."""
    g = board([])
    g.use_scenario(with_ruling(scenario, "move_surplus", choice))
    put(g, "ORANGE2", "g2-1", "g2-2", "g2-3")  # 6 levels
    stack = put(g, "C6", "g2-4", "g2-5", "g2-6")
    put(g, "A2", "gi-1")
    if choice == "refuse":
        with pytest.raises(ActionRefused, match="ruling R49"):
            actions.move(g, stack, ["ORANGE2", "A2"])
        assert g.alarm.level == 0 and not g.log.used and [p.zone for p in stack] == ["C6"] * 3
        return
    g.roll = ThenRandom([1, 9], scenario)  # one line (case 1), lost: g2-4 is reduced
    g.keep_going = lambda commandos, germans: False  # the player stops after one round
    report = actions.move(g, stack, ["ORANGE2", "A2"])
    assert report.assault is not None and not report.assault.won
    # 5 levels come back to 6: g2-4 (1) and g2-5 (2) fit, g2-6 stops in C6
    assert g.points_in("ORANGE2") == 9 and [p.id for p in g.stack("C6")] == ["g2-6"]


def test_r49_rule_11_2_a_stack_that_landed_falls_back_aboard_when_the_beach_is_full(board: Board, put: Put) -> None:
    """The same after a landing that walked on into an assault: what the beach has no
    room for goes back aboard the LCA it landed from (ruling R49, `stay_back`)."""
    g = board([1, 9])  # one line (case 1), lost: g2-6 is reduced
    g.keep_going = lambda commandos, germans: False
    lca = put(g, "G2", "lca-5")[0]
    g.aboard["lca-5"] = ["g2-6", "g2-7", "g2-8"]
    put(g, "ORANGE2", "g2-1", "g2-2", "g2-3")  # 6 levels
    put(g, "SAANE", "gi-1")
    cargo = [g.pieces[c] for c in ("g2-6", "g2-7", "g2-8")]
    report = actions.land(g, cargo, lca, ["ORANGE2", "SAANE"])
    assert report.assault is not None and not report.assault.won
    assert g.points_in("ORANGE2") == 9 and g.aboard["lca-5"] == ["g2-8"]


def test_r49_rule_2_2_a_move_through_full_zones_leaves_nobody_over_the_limit(board: Board, put: Put) -> None:
    """Rule 2.2 under `stay_back`: six levels walking from the Saane through Orange II
    (8 levels) into C6 (8 levels): one troop fits in C6, one stops in Orange II, and the
    third, with room in neither, stays where the move began instead of crowding C6."""
    g = board([])
    put(g, "ORANGE2", "g2-1", "g2-2", "g2-3", "g2-4")
    put(g, "C6", "g1-1", "g1-2", "g1-3", "g1-4")
    stack = put(g, "SAANE", "g2-5", "g2-6", "g2-7")
    actions.move(g, stack, ["ORANGE2", "C6"])
    assert (g.points_in("C6"), g.points_in("ORANGE2"), g.points_in("SAANE")) == (10, 10, 2)


def test_r47_the_reading_is_content_an_overlay_changes(tmp_path: Path) -> None:
    assert load_scenario(use_cache=False).ruling("kept_aboard") == "not_acted"
    (tmp_path / "rulings.yaml").write_text("rulings:\n  - {id: kept_aboard, choice: acted}\n")
    assert load_scenario(overlays=[str(tmp_path)], use_cache=False).ruling("kept_aboard") == "acted"


@pytest.mark.parametrize("choice", ["stay_back", "refuse"])
def test_r49_rule_2_2_a_move_ending_over_the_limit(board: Board, put: Put, scenario: Scenario, choice: str) -> None:
    """Rule 2.2: a stack standing still keeps to 10 levels a side. Six levels walking into
    C6, which holds six: `stay_back` (the reading in force) stops the one that does not
    fit in the zone it came from; `refuse` refuses the move before anything changes."""
    g = board([])
    g.use_scenario(with_ruling(scenario, "move_surplus", choice))
    put(g, "C6", "g2-1", "g2-2", "g2-3")
    movers = put(g, "SAANE", "g2-4", "g2-5", "g2-6")
    if choice == "stay_back":
        report = actions.move(g, movers, ["C6"])
        assert report.end == "C6" and g.points_in("C6") == 10 and [p.id for p in g.stack("SAANE")] == ["g2-6"]
    else:
        with pytest.raises(ActionRefused, match="C6 has room for 4 of their 6 levels"):
            actions.move(g, movers, ["C6"])
        assert g.points_in("C6") == 6 and g.points_in("SAANE") == 6 and not g.log.used


def test_r49_the_reading_is_content_an_overlay_changes(tmp_path: Path) -> None:
    assert load_scenario(use_cache=False).ruling("move_surplus") == "stay_back"
    (tmp_path / "rulings.yaml").write_text("rulings:\n  - {id: move_surplus, choice: refuse}\n")
    assert load_scenario(overlays=[str(tmp_path)], use_cache=False).ruling("move_surplus") == "refuse"


def test_r27_mines_hit_the_strongest_unit_of_the_entering_stack(board: Board, put: Put) -> None:
    """Rule 10: the unit on top of the entering stack takes the mines' loss; the engine
    arranges a moving stack full commandos first, so a full one takes it (and flips)."""
    g = board([9])  # 9 + 3 levels: a loss
    g.obstacles["T1"] = "mines"
    stack = put(g, "SAANE", "g2-2", "g2-1", reduced=("g2-2",))
    actions.move(g, stack, ["T1"])
    assert g.pieces["g2-1"].reduced and "g2-2" not in g.lost and "T1" not in g.obstacles


def test_r31_the_sniper_and_the_mortar_fire_alone(board: Board, put: Put) -> None:
    """Rule 11.1 gives the sniper and the mortar no stack or officer bonus; firing with
    others would only spend their fire, so they fire alone."""
    g = board([])
    stack = put(g, "SAANE", "sniper", "g2-1")
    put(g, "T1", "gi-1")
    with pytest.raises(ActionRefused, match="fire alone"):
        actions.fire(g, stack, "T1")


def test_r28_wire_stops_the_stack_until_the_next_turn(board: Board, put: Put) -> None:
    from paragraphs_dieppe.game.turn import end_of_british_phase, end_of_turn

    g = board([1])  # an odd face: the wire holds
    g.obstacles["T1"] = "wire"
    stack = put(g, "SAANE", "g2-1")
    report = actions.move(g, stack, ["T1", "B1"])
    assert report.end == "T1" and g.obstacles == {"T1": "wire"}
    end_of_british_phase(g)
    with pytest.raises(ActionRefused, match="barbed wire"):
        actions.move(g, stack, ["B1"])
    end_of_turn(g)
    assert actions.move(g, stack, ["B1"]).end == "B1"


def test_r31_only_the_units_firing_together_add_their_levels(board: Board, put: Put) -> None:
    g = board([6, 0])
    stack = put(g, "SAANE", "g2-1", "g2-2", "g2-3", "g2-4")
    put(g, "T1", "gi-1")
    shot = actions.fire(g, stack[:2], "T1")
    assert shot.attack.base == 3 + 2


def test_light_and_the_sniper_s_choice_of_target(board: Board, put: Put) -> None:
    """Rule 11.1: the sniper loses 2 in turns 1-5 and 1 in turns 6-8 (light), adds no
    stack or officer, and may aim at any unit of the stack."""
    for turn, light in ((3, -2), (7, -1), (10, 0)):
        g = board([6, 0], turn=turn)
        put(g, "SAANE", "sniper", "lovat")
        put(g, "T1", "gmg-1", "gi-1")
        shot = actions.fire(g, [g.pieces["sniper"]], "T1", target=g.pieces["gi-1"])
        assert shot.attack.base == 3 + light and dict(shot.attack.extra) == {"light": light}
        assert shot.target.id == "gi-1" and g.pieces["gi-1"].reduced and "gmg-1" not in g.lost


def test_the_vp_tally(scenario: Scenario) -> None:
    from paragraphs_dieppe.rules.victory import Tally, score, success_level

    tally_ = Tally(hess_guns=2, hess_last_turn=5, telephone_cut=True, prisoner="officer", flak=1, pillboxes=2, officers_killed=("lovat",), levels_missing=12)
    vp, reasons = score(tally_, scenario.victory_points, scenario.tables["hess_timetable"])
    assert vp == 20 + 5 + 2 + 4 + 1 + 2 - 5 - 12 == 17
    assert success_level(vp, scenario.tables["success_levels"]) == "semi" and len(reasons) == 8
    late = Tally(hess_guns=2, hess_last_turn=9)
    assert score(late, scenario.victory_points, scenario.tables["hess_timetable"])[0] == 20
    one = Tally(hess_guns=1, hess_last_turn=None)
    assert score(one, scenario.victory_points, scenario.tables["hess_timetable"])[0] == 10


def test_vorwarts_gives_every_mobile_german_4_mp(board: Board, put: Put) -> None:
    g = board([])
    stack = put(g, "B2", "gi-1", "gof-1")
    put(g, "T1", "gmg-1")
    assert allowance(g.pieces["gi-1"], stack) == 4  # 3 + the officer's 1
    assert allowance(g.pieces["gi-1"], stack, vorwarts=4) == 5
    assert allowance(g.pieces["gmg-1"], [g.pieces["gmg-1"]], vorwarts=4) == 0  # a machine gun never moves
    assert allowance(g.pieces["g2-1"], [g.pieces["g2-1"]], vorwarts=4) == 3  # the British keep theirs
