"""The procedures against the rulebook's worked examples (fit study 5.1) and the derived
checks, with each ruling's default and its alternative."""

from __future__ import annotations

import pytest

from paragraphs.content import load_book
from paragraphs.errors import ParagraphsError

from paragraphs_spi_commando.cells import Charts, Prohibited, UnknownCell
from paragraphs_spi_commando.rulings import choices
from paragraphs_spi_commando.rules import dice, fire, grenades, melee, observation, panic, tasks, wounds


@pytest.fixture(scope="module")
def book(host):
    return load_book(host, "spi_commando", use_cache=False)


@pytest.fixture(scope="module")
def charts(book) -> Charts:
    return Charts.from_book(book)


# --------------------------------------------------------------------------- [3.7], [4.0]


def test_square_coordinates_example_3_7() -> None:
    assert tasks.square_id(25, 47) == "2547"


def test_percentile_and_d10_readings_example_4_0() -> None:
    assert dice.d100_face(3, 9) == 39
    assert dice.d100_face(0, 7) == 7
    assert dice.d100_face(0, 0) == 100
    # two d10 showing 0 make 20 on 2D10
    assert dice.DiceCode.parse("2D10").total([dice.d10_face(0), dice.d10_face(0)]) == 20
    with pytest.raises(ParagraphsError):
        dice.d10_face(10)


def test_dice_codes_and_halvings() -> None:
    assert dice.DiceCode.parse("2D6-2") == dice.DiceCode(2, 6, -2)
    assert dice.DiceCode.parse("D10+13") == dice.DiceCode(1, 10, 13)
    assert dice.DiceCode.parse("1D6−1").total([1], minimum=1) == 1
    assert str(dice.DiceCode.parse("1d10+1")) == "1D10+1"
    assert (dice.halve_up(7), dice.halve_down(7)) == (4, 3)
    with pytest.raises(ParagraphsError):
        dice.DiceCode.parse("2D")


# --------------------------------------------------------------------------- movement [7.0]


def test_movement_costs_examples_7_22_to_7_35(charts, book) -> None:
    assert (tasks.move_cost(charts), tasks.move_cost(charts, diagonal=True)) == (5, 7)
    assert (tasks.move_cost(charts, terrain="rough_crater"), tasks.move_cost(charts, diagonal=True, terrain="rough_crater")) == (10, 14)
    # R4: the chart's woods (x1 +3) by default, the text's (x2 +3) as the alternative
    assert choices(book)["R4"] == "chart"
    assert (tasks.move_cost(charts, terrain="woods"), tasks.move_cost(charts, diagonal=True, terrain="woods")) == (8, 10)
    assert (tasks.move_cost(charts, terrain="woods", ruling_r4="text"), tasks.move_cost(charts, diagonal=True, terrain="woods", ruling_r4="text")) == (13, 17)
    assert tasks.move_cost(charts, door=True) == 10
    with pytest.raises(Prohibited):
        tasks.move_cost(charts, terrain="wall")
    assert tasks.move_cost(charts, prone=True, diagonal=True) == 14
    assert tasks.move_cost(charts, seriously_wounded=True) == 10


def test_entry_queue_example_38_53() -> None:
    assert [tasks.entry_queue_cost(n) for n in (1, 2, 3)] == [0, 5, 10]


def test_task_ledger_limits(charts) -> None:
    ledger = tasks.TaskLedger()
    ledger.spend("fire rifle", fire.fire_cost(charts, "rifle"), combat=True)
    assert ledger.left == 37
    with pytest.raises(ParagraphsError, match="one combat task"):
        ledger.spend("throw", 5, combat=True)
    ledger.spend("move", 35)
    with pytest.raises(ParagraphsError, match="2 left"):
        ledger.spend("stand", 7)
    ledger.fall_prone_last()
    assert ledger.left == 0


def test_opportunity_plot_cost_ruling_r5(book) -> None:
    assert choices(book)["R5"] == "fire_cost_plus_five"
    assert tasks.opportunity_plot_cost(13, fired=False) == 18
    assert tasks.opportunity_plot_cost(13, fired=True) == 18
    assert tasks.opportunity_plot_cost(13, fired=False, ruling_r5="five_only") == 5


def test_initiative_rerolls_ties() -> None:
    assert tasks.initiative(7, 3) == "A" and tasks.initiative(2, 9) == "B" and tasks.initiative(5, 5) is None


# --------------------------------------------------------------------------- observation [8.0]


def test_observation_range_with_the_derived_blizzard_day(charts) -> None:
    assert observation.observation_range(charts, "clear", "day") is None
    assert observation.observation_range(charts, "clear", "night") == 12  # scenario 39
    assert observation.observation_range(charts, "light_rain", "dawn_dusk") == 20  # scenario 40
    assert observation.observation_range(charts, "light_snow", "night") == 8  # scenario 45
    assert observation.observation_range(charts, "blizzard", "day") == 10  # [33.25]
    with pytest.raises(UnknownCell, match="cell.observation_range.blizzard.night"):
        observation.observation_range(charts, "blizzard", "night")
    assert observation.in_range(12, 12) and not observation.in_range(13, 12) and observation.in_range(400, None)


def test_observation_chance_derived_checks(charts, book) -> None:
    S = observation.Sighting
    # code C (85) against a prone man in woods: 85 - 15 - 10 = 60
    assert observation.observation_chance(charts, "C", S(target_prone=True, target_terrain="woods")) == 60
    assert observation.observation_chance(charts, "B", S(target_prone=True, target_terrain="woods")) == 65
    assert observation.observation_chance(charts, "B", S(target_prone=True, target_terrain="woods", observer_moved=True)) == 40
    assert observation.observation_chance(charts, "A", S(target_moving=True)) == 95  # held at 95
    assert observation.observation_chance(charts, "D", S(), defending=True) == 60
    assert observation.observation_chance(charts, "M", S(target_prone=True, target_terrain="rough", observer_moved=True)) == 5  # held at 5
    assert observation.base_chance(charts, "M", defending=True) == 20
    # R11: exclusive range rows by default, cumulative as the alternative
    assert choices(book)["R11"] == "exclusive"
    assert observation.observation_chance(charts, "A", S(distance=55)) == 55
    assert observation.observation_chance(charts, "A", S(distance=55), ruling_r11="cumulative") == 30
    assert observation.observation_chance(charts, "A", S(distance=30)) == 70
    with pytest.raises(UnknownCell):
        observation.base_chance(charts, "N")
    assert observation.observed(60, 60) and not observation.observed(60, 61)


def test_observation_limits() -> None:
    ledger = observation.ObserverLedger(held=set())
    assert ledger.refusal("U1", phase="observation") is None
    ledger.record("U1", True, phase="observation")
    assert "Observation Phase" in ledger.refusal("U2", phase="observation")
    ledger.new_phase()
    ledger.record("U2", False, phase="task")
    assert "once per" not in (ledger.refusal("U2", phase="task") or "") and "[8.36]" in ledger.refusal("U2", phase="task")
    ledger.record("U3", True, phase="task")
    assert "[8.32]" in ledger.refusal("U4", phase="task")
    ledger.new_phase()
    assert "[8.85]" in ledger.refusal("U4", phase="task")  # two new this turn
    ledger.new_turn()
    ledger.held.add("U9")
    assert "[8.34]" in ledger.refusal("U4", phase="task")  # three held
    # [8.84]: lapse only at bookkeeping, only out of range or sight
    assert not ledger.lapse("U1", in_range=True, in_los=True)
    assert ledger.lapse("U1", in_range=True, in_los=False) and "U1" not in ledger.held


def test_ruler_range_addenda() -> None:
    assert observation.range_from_ruler(9.25) == 37


# --------------------------------------------------------------------------- wounds [9.0]


def test_wound_thresholds_examples_9_21_9_22() -> None:
    assert wounds.condition(9, 5) == "seriously wounded"
    assert wounds.condition(9, 4) == "wounded"
    assert wounds.condition(9, 10) == "incapacitated"
    assert [wounds.condition(13, w) for w in (6, 7, 13, 15, 16)] == ["wounded", "seriously wounded", "incapacitated", "incapacitated", "dead"]
    assert wounds.allowance(9, 9) == 0 and wounds.allowance(9, 8) == 50


def test_task_point_loss_under_opportunity_fire() -> None:
    # 20 spent, then hit for 6 wound points by opportunity fire: 50 - 20 - 12 = 18 left
    ledger = tasks.TaskLedger()
    ledger.spend("move", 20)
    ledger.lose(wounds.task_point_loss(6))
    assert ledger.left == 18
    assert wounds.task_point_loss(4, killed=True, remaining=30) == 30
    assert wounds.loses_task_points(opportunity_fire=True, acted=False)
    assert not wounds.loses_task_points(opportunity_fire=False, acted=False)
    assert wounds.loses_task_points(opportunity_fire=False, acted=False, ruling_r6="anyone_before_acting")


def test_endurance_generation_example_9_4() -> None:
    assert [wounds.endurance("D10+8", [r]) for r in (6, 7, 7, 5, 9)] == [14, 15, 15, 13, 17]


# --------------------------------------------------------------------------- fire [10.0]


def test_pistol_bands(charts) -> None:
    assert [fire.base_chance(charts, "pistol", r, braced=False) for r in (0, 1, 3, 5, 20, 25)] == [90, 90, 75, 60, 60, 35]
    with pytest.raises(Prohibited):
        fire.base_chance(charts, "pistol", 31, braced=False)
    assert fire.fires(charts, "pistol") == 1 and fire.fires(charts, "smg") == 5


def test_serious_wound_halving_example_9_33() -> None:
    assert fire.hit_chance(76, seriously_wounded=True) == 38


def test_fire_on_the_same_roll(charts) -> None:
    p = fire.hit_chance(60, fire.modifier_total(charts, ["target_prone"]))
    assert p == 48 and fire.kill_chance(charts, p) == 8
    assert [fire.shot(p, 8, r) for r in (5, 8, 9, 30, 48, 49)] == ["killed", "killed", "wounded", "wounded", "wounded", "missed"]
    assert [fire.kill_chance(charts, h) for h in (5, 6, 47, 60, 71)] == [0, 1, 7, 10, 11]
    with pytest.raises(UnknownCell, match="cell.kill_percentage.72-90.result"):
        fire.kill_chance(charts, fire.hit_chance(75, bonus=12))


def test_zero_or_less_counts_as_01(charts) -> None:
    assert fire.hit_chance(35, -40) == 1
    with pytest.raises(Prohibited):
        fire.hit_chance(0, -5)
    assert fire.hit_chance(0, 5) == 5


def test_halve_last_ruling_r7_and_cap_r8(book) -> None:
    assert choices(book)["R7"] == "halve_last" and choices(book)["R8"] == "fire_final"
    assert fire.hit_chance(60, -12, bonus=12, seriously_wounded=True) == 30
    assert fire.hit_chance(1, 0, seriously_wounded=True) == 1
    assert fire.hit_chance(1, 0, seriously_wounded=True, ruling_r7="floor_first") == 0
    assert fire.hit_chance(90, 10, bonus=12) == 90
    assert fire.hit_chance(90, 10, bonus=12, seriously_wounded=True) == 56
    assert fire.hit_chance(90, 10, bonus=12, seriously_wounded=True, ruling_r8="fire_before_halving") == 45


def test_terrain_and_modifier_rows(charts) -> None:
    assert fire.modifier_total(charts, [], target_terrain="rough_crater") == -10
    assert fire.modifier_total(charts, ["aiming", "target_moving"], target_terrain="woods") == -8
    assert fire.modifier_total(charts, [], target_terrain="clear") == 0
    with pytest.raises(UnknownCell, match="target_behind_window"):
        fire.modifier_total(charts, ["target_behind_window"])
    with pytest.raises(ParagraphsError, match="multiplier"):
        fire.modifier_total(charts, ["firer_seriously_wounded"])


def test_damage_magazine_and_costs(charts) -> None:
    assert fire.damage(charts, "pistol", [4]) == 4
    assert fire.resolve(charts, "pistol", 60, 30, [3]) == fire.FireResult("wounded", 3)
    assert fire.resolve(charts, "pistol", 60, 61).outcome == "missed"
    assert not fire.unloaded(charts, "pistol", 1)
    with pytest.raises(UnknownCell):
        fire.unloaded(charts, "smg", 1)
    assert fire.fire_cost(charts, "rifle") == 13 and fire.fire_cost(charts, "smg", seriously_wounded=True) == 36
    assert fire.fire_cost(charts, "carbine", at_man_entering=True) == 26
    with pytest.raises(UnknownCell, match="cell.task_points.fire_pistol.result"):
        fire.fire_cost(charts, "pistol")


def test_braced_rows_and_the_machinegun(charts) -> None:
    assert fire.fire_row(charts, "rifle", braced=True) == "rifle_braced"
    assert fire.fire_row(charts, "rifle", braced=False) == "rifle"
    assert fire.fire_row(charts, "pistol", braced=True) == "pistol"
    assert fire.is_braced(prone=True, next_to_wall=False)
    with pytest.raises(Prohibited):
        fire.fire_row(charts, "machinegun", braced=False)
    with pytest.raises(UnknownCell, match="cell.fire_combat.rifle_braced.9-20"):
        fire.base_chance(charts, "rifle", 12, braced=True)
    supplied = charts.with_answers({"cell.fire_combat.rifle_braced.9-20": 65})
    assert fire.base_chance(supplied, "rifle", 12, braced=True) == 65


# --------------------------------------------------------------------------- grenades [11.0]


def test_grenade_accuracy_derived_checks(charts) -> None:
    assert grenades.base_chance(charts, "wwii", "fragmentation", 3) == 75
    assert grenades.accuracy(charts, 75, ["no_los"]) == 37
    assert grenades.accuracy(charts, 75, ["target_wall_or_trench"]) == 85
    assert grenades.accuracy(charts, 75, ["thrower_prone", "no_los"], bonus=10) == 21
    with pytest.raises(Prohibited):
        grenades.base_chance(charts, "wwi", "fragmentation", 13)
    assert grenades.base_chance(charts, "wwi", "smoke", 14) == 5
    with pytest.raises(UnknownCell, match="cell.grenade_accuracy.wwii_smoke.2-4"):
        grenades.base_chance(charts, "wwii", "smoke", 3)


def test_burst_kill_example_11_0(book) -> None:
    assert choices(book)["R12"] == "accuracy_roll"
    assert grenades.burst_kill(6, 12) and not grenades.burst_kill(6, 13)


def test_scatter(charts, book) -> None:
    assert [grenades.scatter_distance(charts, d) for d in range(1, 7)] == [1, 1, 1, 2, 2, 3]
    assert [grenades.scatter_direction(d) for d in (1, 8, 9, 10)] == [1, 8, None, None]
    assert choices(book)["R13"] == "by_kind"
    assert [grenades.passes_aperture("window", d) for d in (1, 2, 3)] == [True, True, False]
    assert [grenades.passes_aperture("door", d) for d in (1, 3, 5, 6)] == [False, True, True, False]
    assert grenades.passes_aperture("door", 1, ruling_r13="door_one_to_five")


def test_smoke_example_11_53() -> None:
    assert grenades.smoke_length(4) == 2 and grenades.smoke_length(5) == 3
    assert grenades.smoke_clears(1) and not grenades.smoke_clears(2)


def test_grenade_damage(charts, book) -> None:
    closed = grenades.square_kind(inside_building=True)
    assert closed == "closed" and grenades.square_kind(trench_or_bunker=True) == "vented"
    assert grenades.damage(charts, "wwii", closed, [3, 4]) == 7
    assert grenades.damage(charts, "wwi", "open", [1]) == 1  # 1D6-1 never below 1
    assert grenades.damage(charts, "wwii", closed, [3, 4], through_aperture=True) == 3
    assert choices(book)["R2"] == "as_printed"
    assert grenades.damage(charts, "wwii", closed, [3, 4], through_aperture=True, ruling_r2="up_everywhere") == 4
    assert grenades.damage(charts, "modern", "open", [1], through_aperture=True) == 1
    assert grenades.second_grenade_explodes(25) and not grenades.second_grenade_explodes(26)


# --------------------------------------------------------------------------- hand to hand [12.0]


def test_disengagement_and_weapon_draw(charts) -> None:
    assert melee.disengagement(charts, 1, 2, 3) == "all" and melee.disengagement(charts, 1, 2, 4) == "none"
    assert [melee.disengagement(charts, 2, 1, r) for r in (3, 4, 5, 6)] == ["all", "one", "one", "none"]
    assert [melee.disengagement(charts, 2, 2, r) for r in (2, 3, 4, 5)] == ["all", "one", "one", "none"]
    assert melee.draws_weapon(charts, armed=True, grappled=True, roll=6) and not melee.draws_weapon(charts, armed=True, grappled=True, roll=7)
    assert melee.draws_weapon(charts, armed=False, grappled=False, roll=7)


def test_grappling() -> None:
    assert melee.grapple("grapple", "grapple")
    assert melee.grapple("grapple", "evade", 6) and not melee.grapple("grapple", "evade", 5)
    assert not melee.grapple("evade", "evade")
    assert melee.breaks_grapple(1) and not melee.breaks_grapple(2)
    # [12.45]: A and B grapple each other, C grapples A: A may not grapple C
    assert not melee.may_grapple("C", grapples="B") and melee.may_grapple("B", grapples="B")


def test_blows(charts, book) -> None:
    assert melee.hit_chance(charts, "carbine_rifle") == 30
    assert melee.hit_chance(charts, "carbine_rifle", seriously_wounded=True) == 15
    assert [melee.blow_damage(charts, "carbine_rifle", d, grappled=False) for d in (1, 2)] == [1, 2]
    assert melee.blow_damage(charts, "carbine_rifle", 2, grappled=False, seriously_wounded=True) == 2
    assert choices(book)["R15"] == "grappled_only"
    assert melee.blow_damage(charts, "carbine_rifle", 2, grappled=False, seriously_wounded=True, ruling_r15="all_blows") == 1
    assert melee.blow_damage(charts, "fists", 1, grappled=True, seriously_wounded=True) == 1
    assert melee.kill_chance(charts, "carbine_rifle") == 3
    with pytest.raises(UnknownCell, match="cell.melee_damage.3.6"):
        melee.blow_damage(charts, "carbine_rifle", 3, grappled=False)


def test_saber_and_garrote_examples_12_25_12_83(charts) -> None:
    assert melee.kill_chance(charts, "saber", surprised_first_blow=True) == 30
    assert melee.garrote_hit_chance(charts, grappled=True, surprised=False) == 5
    assert melee.garrote_hit_chance(charts, grappled=True, surprised=True) == 50
    assert melee.garrote_hit_chance(charts, grappled=False, surprised=True) == 0
    assert melee.garrote_kill_chance(charts) == 90
    assert melee.blow_damage(charts, "garrote", 5, grappled=True) == 0


# --------------------------------------------------------------------------- panic and preservation


def test_panic_percentage(charts) -> None:
    assert panic.panic_percentage(charts, 25, wounds="wounded", observed="first", condition=1) == 55
    assert panic.panic_percentage(charts, 25, wounds="seriously wounded", observed="first", condition=1) == 65
    assert panic.panic_percentage(charts, 25, wounds="wounded", observed="seen") == 40
    assert panic.panic_percentage(charts, 25, condition=2) == 45  # [15.12]: condition two adds 20
    assert panic.panic_percentage(charts, 20, first_alert_turn=True) == 30  # [38.63]
    assert panic.panic_percentage(charts, 10, wounds="wounded", multiplier=3) == 60
    assert [panic.panic_result(charts, d) for d in (6, 7, 9, 10)] == ["prone", "fire", "move", "move"]
    assert panic.panics(40, 40) and not panic.panics(40, 41)
    with pytest.raises(ParagraphsError):
        panic.panic_percentage(charts, 10, wounds="dead")


def test_panic_under_opportunity_fire_ruling_r19(book) -> None:
    assert choices(book)["R19"] == "subjected"
    assert panic.checks_under_opportunity_fire(hit=False)
    assert not panic.checks_under_opportunity_fire(hit=False, ruling_r19="hit_only")


def test_preservation_examples_15_0_15_12() -> None:
    assert panic.preservation_percentage(10, 2, 1) == 30
    assert panic.side_condition(0, 30, 30) == 1 and panic.side_condition(0, 30, 31) == 0
    # the check of the turn the condition rises uses the old condition; +5 after the routine
    assert panic.man_preservation_percentage(25, 0) == 25
    assert panic.man_preservation_percentage(25, 1) == 35
    assert panic.man_preservation_percentage(25, 1, ran_routine=True) == 40


def test_rulings_are_checked_against_their_options(book) -> None:
    assert set(choices(book)) >= {"R2", "R4", "R5", "R6", "R7", "R8", "R11", "R12", "R13", "R15", "R19"}


def test_an_overlay_changes_a_ruling_and_fills_a_cell(host, tmp_path) -> None:
    (tmp_path / "mine.yaml").write_text(
        "rulings:\n  - {id: R4, choice: text}\n"
        "cells:\n  - {key: cell.kill_percentage.72-90.result, value: 12, source: my copy}\n"
    )
    book = load_book(host, "spi_commando", [tmp_path], use_cache=False)
    charts = Charts.from_book(book)
    assert choices(book)["R4"] == "text"
    assert tasks.move_cost(charts, terrain="woods", ruling_r4=choices(book)["R4"]) == 13
    assert fire.kill_chance(charts, 87) == 12
    (tmp_path / "mine.yaml").write_text("rulings:\n  - {id: R4, choice: sideways}\n")
    with pytest.raises(ParagraphsError, match="R4"):
        choices(load_book(host, "spi_commando", [tmp_path], use_cache=False))
