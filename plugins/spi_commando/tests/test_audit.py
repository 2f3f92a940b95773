"""Defects found by the case-by-case audit of the standard rules ([5.0]-[15.0]) against
the referee; each test names the case it holds the referee to
(table: /work/briefs/spiaudit-table.md)."""

from __future__ import annotations

import pytest

import paragraphs
from paragraphs.errors import ParagraphsError

from paragraphs_spi_commando.testing import game, overlaid, perform, start, text_of, to_phase


@pytest.fixture(scope="module")
def engine():
    return paragraphs.open_title("spi_commando")


def surprised_on_turn_one(engine):
    """Scenario 45, turn 1: A1 enters B4's square unseen, so B4 is surprised ([12.21])."""
    state = start(engine, phase="E")
    state = perform(engine, state, "activate", [99], man="A1").state
    res = perform(engine, state, "enter", mover="A1", occupants="B4")
    assert "B4 is surprised" in res.label
    return res.state


def next_turn_phase_d(engine, state):
    state = perform(engine, state, "next").state  # leave D of this turn, or E, F...
    return to_phase(engine, state, "D")


def test_12_22_surprise_lasts_the_turn_and_the_next_only(engine) -> None:
    state = surprised_on_turn_one(engine)
    state = to_phase(engine, state, "D")
    assert game(state)["turn"] == 2
    # turn 2, the turn after the surprise: B4 still may not disengage ([12.32])
    res = perform(engine, state, "melee", [99, 7, 3, 90] + [90, 90] * 4, {f"stance.{r}{m}": "evade" for r in range(1, 6) for m in (1, 2)}, first="A1", second="B4", options="withdraw=B4 A1=fists B4=fists square=2547")
    assert "B4 is surprised and may not disengage ([12.32])" in text_of(res)
    # turn 3: the surprise is over; B4 rolls to disengage like any man (2D6 3 + 1: 2-5)
    state = next_turn_phase_d(engine, state)
    assert game(state)["turn"] == 3
    res = perform(engine, state, "melee", [99, 7, 3, 3, 1], {"cell.task_points.disengage.result": 5}, first="A1", second="B4", options="withdraw=B4")
    assert res.label == "B4 disengages from A1 ([12.31]): 5 task points"


def test_12_24_and_12_25_no_longer_apply_two_turns_after_the_surprise(engine) -> None:
    state = surprised_on_turn_one(engine)
    state = next_turn_phase_d(engine, to_phase(engine, state, "D"))
    assert game(state)["turn"] == 3
    # A1 grapples, B4 evades: no longer grappled outright ([12.24]), A1 needs the 6 of
    # [12.42]; he rolls 5 and fails; his fists then strike unbound: hit on 10 (20), and
    # the kill chance is the fists' 2, not tripled ([12.25]): 3 does not kill; damage d10 1
    answers = {"stance.11": "grapple", "stance.12": "evade", **{f"stance.{r}{m}": "evade" for r in range(2, 6) for m in (1, 2)}}
    dice = [99, 7, 3, 5, 10, 3, 1, 90] + [90, 90] * 4
    res = perform(engine, state, "melee", dice, answers, first="A1", second="B4", options="A1=fists B4=fists square=2547")
    said = text_of(res)
    assert "A1 fails to grapple B4 ([12.42])" in said and "is surprised" not in said
    assert "A1 hits B4: 1 WP" in said


def test_12_0_a_surprised_man_checks_for_panic_before_the_combat(engine) -> None:
    # [12.0]: every man in the combat checks, the surprised one too (A1, a commando, so
    # [38.49] does not spare him); he panics (1), but being surprised he still cannot
    # grapple ([12.24]) nor strike before a blow lands on him ([12.23])
    state = start(engine, phase="D")
    stances = {f"stance.{r}2": "evade" for r in range(1, 6)}
    res = perform(engine, state, "melee", [1, 7, 7, 3] + [90] * 5, stances, first="A1", second="B4", options="surprised=A1 A1=fists B4=fists square=2547")
    said = text_of(res)
    assert "A1 panics" in said and "A1 grapples and strikes every round in his panic ([14.29])" in said
    assert "A1 is surprised and may not strike yet" in said and "A1 grapples" not in said.replace("A1 grapples and strikes", "")
    assert res.label == "hand-to-hand combat of A1 and B4 ends after five rounds: A1 unhurt, B4 unhurt"


GRENADE_CELLS = {"cell.task_points.prepare_grenade.result": 10, "cell.task_points.throw_grenade.result": 8, "cell.task_points.reload.result": 10}


def holding_a_grenade_next_turn(engine, kind: str):
    """A1 prepares a ``kind`` grenade in turn 1's phase E and holds it: the state with him
    activated again in turn 2's phase E."""
    state = start(engine, phase="E")
    state = perform(engine, state, "activate", [99], man="A1").state
    state = perform(engine, state, "prepare", answers=GRENADE_CELLS, man="A1", kind=kind).state
    state = perform(engine, state, "done", man="A1").state
    state = to_phase(engine, perform(engine, state, "next").state, "E")
    return perform(engine, state, "activate", [99], man="A1").state


def test_11_12_a_man_holding_a_prepared_grenade_neither_fires_nor_reloads(engine) -> None:
    state = start(engine, phase="E")
    state = perform(engine, state, "activate", [99], man="A1").state
    state = perform(engine, state, "seen", observer="A1", target="B1").state
    state = perform(engine, state, "prepare", answers=GRENADE_CELLS, man="A1", kind="fragmentation").state
    with pytest.raises(ParagraphsError, match=r"A1 holds a prepared fragmentation grenade: he throws it first \(\[11.12\]\)"):
        perform(engine, state, "fire_at", answers=GRENADE_CELLS, firer="A1", target="B1", weapon="pistol", distance=3)
    with pytest.raises(ParagraphsError, match=r"\[11.12\]"):
        perform(engine, state, "spray", answers=GRENADE_CELLS, firer="A1", weapon="smg", shares="B1:3:12 B2:2:13")
    with pytest.raises(ParagraphsError, match=r"\[11.12\]"):
        perform(engine, state, "task", answers=GRENADE_CELLS, man="A1", name="reload")
    # once the grenade is thrown he may reload (his fire waits for the next turn, [6.42])
    state = perform(engine, state, "throw", [1], GRENADE_CELLS, man="A1", distance=1).state
    res = perform(engine, state, "task", answers=GRENADE_CELLS, man="A1", name="reload")
    assert res.label == "A1: reload, 10 task points, 22 left"


def test_11_82_the_throw_takes_the_target_square_modifiers(engine) -> None:
    state = start(engine, phase="E")
    state = perform(engine, state, "activate", [99], man="A1").state
    state = perform(engine, state, "prepare", answers=GRENADE_CELLS, man="A1", kind="fragmentation").state
    # WWII fragmentation at 6 squares: 55, +10 British bonus, -10 through a door, -8 for a
    # square higher than the thrower: 47, and no line of sight halves it: 23; 24 scatters
    res = perform(engine, state, "throw", [24, 3, 4], GRENADE_CELLS, man="A1", distance=6, options="through_door target_higher no_los")
    assert "(chance 23, rolled 24)" in res.label


def test_8_45_observing_a_man_inside_a_building_from_outside(engine) -> None:
    # [8.45], [8.64]: -20 for a target inside a building seen from outside, -5 inside a
    # hangar or barracks; phase A, A1 at B1 three squares away
    state = start(engine)
    plain = perform(engine, state, "observe", [99], observer="A1", target="B1", distance=3)
    chance = int(plain.label.split("chance ")[1].rstrip(")"))
    inside = perform(engine, state, "observe", [99], observer="A1", target="B1", distance=3, options="inside_building")
    assert inside.label == f"A1 does not observe B1 (chance {chance - 20})"
    hangar = perform(engine, state, "observe", [99], observer="A1", target="B1", distance=3, options="inside_hangar")
    assert hangar.label == f"A1 does not observe B1 (chance {chance - 5})"


SMG_CELLS = {"cell.fire_combat.smg.2-3": 60, "cell.kill_percentage.72-90.result": 12, "cell.fire_combat.smg.magazine": 10}


def test_13_24_firing_a_captured_enemy_weapon(engine) -> None:
    # [10.82] -15 for an enemy weapon, which [13.24] spares pistols, melee weapons, rifles
    # and carbines; A1 fires an SMG taken from the enemy at B1: 72 becomes 57
    state = start(engine, phase="E")
    state = perform(engine, state, "activate", [99], man="A1").state
    state = perform(engine, state, "seen", observer="A1", target="B1").state
    own = perform(engine, state, "fire_at", [99] * 6, SMG_CELLS, firer="A1", target="B1", weapon="smg", distance=3)
    assert own.label == "A1 missed B1 (chance 72)"
    taken = perform(engine, state, "fire_at", [99] * 6, SMG_CELLS, firer="A1", target="B1", weapon="smg", distance=3, options="enemy_weapon")
    assert taken.label == "A1 missed B1 (chance 57)"
    with pytest.raises(ParagraphsError, match=r"fires without the -15 \(\[13.24\]\)"):
        perform(engine, state, "fire_at", [99, 99], SMG_CELLS, firer="A1", target="B1", weapon="pistol", distance=3, options="enemy_weapon")


def test_11_13_a_held_fragmentation_grenade_goes_off_when_a_smoke_one_is_prepared(engine) -> None:
    state = holding_a_grenade_next_turn(engine, "fragmentation")
    # turn 2: preparing a smoke grenade while holding the fragmentation one: 25 sets the
    # first off, and the second with it; the burst is a fragmentation burst
    res = perform(engine, state, "prepare", [25], GRENADE_CELLS, man="A1", kind="smoke")
    assert "goes off in his hand" in res.label
    assert game(res.state)["men"]["A1"]["grenade"] is None and game(res.state)["men"]["A1"]["prepared"] is None
    burst = perform(engine, res.state, "burst", [4], men="A1")  # the roll of 100 kills nobody ([11.0], R12)
    assert burst.label == "burst: A1 4 WP, wounded"


def test_10_22_a_prone_firer_fires_braced(engine) -> None:
    # A1 falls prone, then fires his SMG: braced without saying so ([10.22]), so the
    # braced row's cell is the one asked for
    state = start(engine, phase="E")
    state = perform(engine, state, "activate", [99], man="A1").state
    state = perform(engine, state, "seen", observer="A1", target="B1").state
    state = perform(engine, state, "task", man="A1", name="fall_prone").state
    stopped = engine.perform("fire_at", state, {}, args={"firer": "A1", "target": "B1", "weapon": "smg", "distance": 3})
    assert [q.key for q in stopped.questions] == ["cell.fire_combat.smg_braced.2-3"]


# the pistol's fire cost and the change of the prepared weapon ([13.18]) are lost cells:
# the players' values
PISTOL_CELLS = {"cell.task_points.fire_pistol.result": 15, "cell.kill_percentage.72-90.result": 12, "cell.task_points.change_weapon.result": 5}


def test_10_71_opportunity_fire_answers_an_enemy_opportunity_fire(engine) -> None:
    # B1 and A2 lie in wait; A1 acts; B1's opportunity fire at A1 lets A2, plotted and
    # seeing him fire ([8.5]), fire opportunity fire at B1 ([10.71]: it can trigger more)
    state = start(engine, phase="B")
    state = perform(engine, state, "plot", man="B1").state
    state = perform(engine, state, "plot", man="A2").state
    state = to_phase(engine, state, "E")
    state = perform(engine, state, "activate", [99], man="A1").state
    state = perform(engine, state, "seen", observer="B1", target="A1").state
    state = perform(engine, state, "fire_at", [99, 99, 99], PISTOL_CELLS, firer="B1", target="A1", weapon="pistol", distance=3).state
    state = perform(engine, state, "seen", observer="A2", target="B1").state
    state = perform(engine, state, "seen", observer="A3", target="B1").state
    # A3 is not plotted: he may not answer
    with pytest.raises(ParagraphsError, match="only a man plotted for opportunity fire"):
        perform(engine, state, "fire_at", [99], PISTOL_CELLS, firer="A3", target="B1", weapon="pistol", distance=3)
    res = perform(engine, state, "fire_at", [99, 99, 99], PISTOL_CELLS, firer="A2", target="B1", weapon="pistol", distance=3)
    assert "A2 interrupts B1 with opportunity fire" in text_of(res) and game(res.state)["men"]["A2"]["opp_fired"]


def test_11_74_a_man_carrying_the_enemys_explosive_panics_at_three_times_his_percentage(engine) -> None:
    state = start(engine, scenario="40")
    state = perform(engine, state, "explosive", man="A1").state
    state = perform(engine, state, "wound", man="A1", points=30).state  # A1 killed
    state = to_phase(engine, state, "E", initiative=(1, 9))
    state = perform(engine, state, "activate", [99], man="B1").state
    # B1 takes the British charge from the dead man ([11.71]: the exchange weapons task)
    state = perform(engine, state, "exchange", [], {"cell.task_points.exchange_weapons.result": 8}, man="B1", other="A1", options="take=explosive").state
    for b in ("B1", "B2"):
        state = perform(engine, state, "seen", observer=b, target="A2").state  # the alarm ([38.61])
    plain = text_of(perform(engine, state, "panic_check", [100, 1], man="B2"))
    percentage = int(plain.split("(panic ")[1].split("%")[0])
    carrying = text_of(perform(engine, state, "panic_check", [100, 1], man="B1"))
    assert f"(panic {3 * percentage}%)" in carrying


def test_10_82_and_9_22_a_man_the_record_shows_prone_is_fired_at_and_observed_prone(engine) -> None:
    # B1 incapacitated is always prone ([9.22]): the -12 of [10.82] and the -15 of [8.64]
    # apply without the players typing prone
    state = start(engine, phase="E")
    state = perform(engine, state, "activate", [99], man="A1").state
    state = perform(engine, state, "seen", observer="A1", target="B1").state
    state = perform(engine, state, "wound", man="B1", points=11).state
    shot = perform(engine, state, "fire_at", [99], PISTOL_CELLS, firer="A1", target="B1", weapon="pistol", distance=3)
    assert shot.label == "A1 missed B1 (chance 75)"  # 75 + 12 British bonus - 12 prone
    typed = perform(engine, state, "fire_at", [99], PISTOL_CELLS, firer="A1", target="B1", weapon="pistol", distance=3, options="prone")
    assert typed.label == shot.label  # typing it as well changes nothing
    plain = perform(engine, state, "observe", [99], observer="A2", target="B2", distance=3)
    seen_prone = perform(engine, state, "observe", [99], observer="A2", target="B1", distance=3)
    assert int(seen_prone.label.split("chance ")[1].rstrip(")")) == int(plain.label.split("chance ")[1].rstrip(")")) - 15


def test_5_22_a_prone_man_crawls_or_stands_first(engine) -> None:
    state = start(engine, phase="E")
    state = perform(engine, state, "activate", [99], man="A1").state
    state = perform(engine, state, "task", man="A1", name="fall_prone").state
    with pytest.raises(ParagraphsError, match=r"A1 is prone: move him prone \(crawling\) or stand him first"):
        perform(engine, state, "move", man="A1", orthogonal=1)
    assert perform(engine, state, "move", man="A1", orthogonal=1, options="prone").label.startswith("A1 moves 1 + 0 diagonal (clear, prone): 10 task points")
    state = perform(engine, state, "task", man="A1", name="stand").state
    assert perform(engine, state, "move", man="A1", orthogonal=1).label.startswith("A1 moves 1 + 0 diagonal (clear): 5 task points")


def test_11_0_each_man_carries_twelve_grenades_of_each_kind(engine) -> None:
    state = start(engine, phase="E")
    for turn in range(1, 13):
        assert game(state)["turn"] == turn
        state = perform(engine, state, "activate", [99], man="A1").state
        state = perform(engine, state, "prepare", answers=GRENADE_CELLS, man="A1", kind="fragmentation").state
        state = perform(engine, state, "throw", [1], GRENADE_CELLS, man="A1", distance=1).state
        state = perform(engine, state, "done", man="A1").state
        state = to_phase(engine, perform(engine, state, "next").state, "E")
    state = perform(engine, state, "activate", [99], man="A1").state
    with pytest.raises(ParagraphsError, match=r"A1 has used his twelve fragmentation grenades \(\[11.0\]\)"):
        perform(engine, state, "prepare", answers=GRENADE_CELLS, man="A1", kind="fragmentation")
    assert perform(engine, state, "prepare", answers=GRENADE_CELLS, man="A1", kind="smoke").label.startswith("A1 prepares a smoke grenade")


def test_11_3_a_scattering_grenade_may_pass_an_aperture(engine) -> None:
    state = start(engine, phase="E")
    state = perform(engine, state, "activate", [99], man="A1").state
    state = perform(engine, state, "prepare", answers=GRENADE_CELLS, man="A1", kind="fragmentation").state
    # 99 scatters (direction 3, 1D6 4: 2 squares); its path meets a window (the players see it)
    state = perform(engine, state, "throw", [99, 3, 4], GRENADE_CELLS, man="A1", distance=6).state
    through = perform(engine, state, "aperture", [2], kind="window")
    assert through.label.startswith("the grenade goes through the window ([11.3], 2 on 1D10)")
    short = perform(engine, state, "aperture", [3], kind="window")
    assert short.label.startswith("the grenade lands just in front of the window ([11.3], 3 on 1D10)")
    door = perform(engine, state, "aperture", [4], kind="door")
    assert door.label.startswith("the grenade goes through the door")
    with pytest.raises(ParagraphsError, match="aperture: one roll a grenade"):
        perform(engine, through.state, "aperture", [1], kind="door")


def test_15_22_a_man_running_the_preservation_routine_does_not_check_for_panic(engine) -> None:
    state = start(engine)
    state = perform(engine, state, "wound", man="A5", points=19).state  # a British man dead
    for dice in ((), (9, 1), (), (), (), (5,)):  # on to G: the British roll 5 against 8
        state = perform(engine, state, "next", dice).state
    assert game(state)["sides"]["british"]["condition"] == 1
    state = perform(engine, state, "preservation_check", [1], man="A1").state  # A1 fails
    state = perform(engine, state, "next").state
    state = perform(engine, state, "next").state  # turn 2, phase A
    state = perform(engine, state, "next").state
    state = perform(engine, state, "plot", man="B1").state
    state = to_phase(engine, state, "E")
    state = perform(engine, state, "activate", man="A1").state
    assert game(state)["men"]["A1"]["routine"] == "preservation"
    state = perform(engine, state, "seen", observer="B1", target="A1").state
    # B1's own check (99) and his shot (99); A1, running for his edge, makes no check ([15.22])
    res = perform(engine, state, "fire_at", [99, 99], PISTOL_CELLS, firer="B1", target="A1", weapon="pistol", distance=3)
    assert res.label == "B1 missed A1 (chance 80)" and "panic check of A1" not in text_of(res)


def test_8_12_observation_only_within_the_scenarios_observation_range(engine) -> None:
    # scenario 45 is played in light snow at night: 8 squares ([8.13])
    state = start(engine)
    with pytest.raises(ParagraphsError, match=r"B1 is 9 squares from A1, beyond the observation range of 8 squares \(light snow, night\) \(\[8.12\]\)"):
        perform(engine, state, "observe", [1], observer="A1", target="B1", distance=9)
    assert perform(engine, state, "observe", [1], observer="A1", target="B1", distance=8).label == "A1 observes B1 (chance 85)"
    # a target in a lit area is observed by the day column ([33.24], [34.11]): 40 squares
    lit = perform(engine, engine.new_state(), "setup", scenario="45", optional="hand_held_flares").state
    assert perform(engine, lit, "observe", [1], observer="A1", target="B1", distance=40, options="lit").label.startswith("A1 observes B1")
    with pytest.raises(ParagraphsError, match=r"beyond the observation range of 40 squares \(light snow, day, a lit area\)"):
        perform(engine, lit, "observe", [1], observer="A1", target="B1", distance=41, options="lit")
    # by day in clear weather the range is unlimited (scenario 41)
    day = start(engine, scenario="41")
    assert perform(engine, day, "observe", [1], observer="A1", target="B1", distance=120).label.startswith("A1 observes B1")


def test_10_82_aiming_spends_all_the_firers_task_points(engine) -> None:
    state = start(engine, phase="E")
    state = perform(engine, state, "activate", [99], man="A1").state
    state = perform(engine, state, "seen", observer="A1", target="B1").state
    state = perform(engine, state, "move", man="A1", orthogonal=2).state  # 10 spent
    res = perform(engine, state, "fire_at", [99], PISTOL_CELLS, firer="A1", target="B1", weapon="pistol", distance=3, options="aimed")
    assert res.label == "A1 missed B1 (chance 90)"  # 75 + 12 + 10, held at 90
    assert game(res.state)["men"]["A1"]["tp"] == 50
    with pytest.raises(ParagraphsError, match=r"0 left"):
        perform(engine, res.state, "move", man="A1", orthogonal=1)


def test_12_51_a_man_fights_with_his_prepared_weapon_unless_another_is_named(engine) -> None:
    # A1's prepared weapon is his SMG (auto weapon row, 22 to hit), B4's his rifle
    # (carbine/rifle row, 30); their combat knives count only when named
    state = start(engine, phase="D")
    stances = {f"stance.{r}{m}": "evade" for r in range(1, 6) for m in (1, 2)}
    res = perform(engine, state, "melee", [99, 7, 3] + [90, 90] * 5, stances, first="A1", second="B4")
    said = text_of(res)
    assert "A1 strikes at B4 and misses (22%)" in said and "B4 strikes at A1 and misses (30%)" in said
    named = perform(engine, state, "melee", [99, 7, 3] + [90, 90] * 5, stances, first="A1", second="B4", options="A1=fists square=2547")
    assert "A1 strikes at B4 and misses (20%)" in text_of(named)


def test_11_13_never_two_grenades_thrown_in_one_phase(engine) -> None:
    state = holding_a_grenade_next_turn(engine, "smoke")
    # turn 2: he throws the smoke grenade he held (no combat task), prepares another...
    cells = {**GRENADE_CELLS, "cell.grenade_accuracy.wwii_smoke.2-4": 60}
    state = perform(engine, state, "throw", [1], cells, man="A1", distance=3).state
    state = perform(engine, state, "prepare", answers=cells, man="A1", kind="smoke").state
    with pytest.raises(ParagraphsError, match=r"never two in one phase \(\[11.13\]\)"):
        perform(engine, state, "throw", [1], cells, man="A1", distance=3)


def test_10_31_cover_the_text_names_but_no_chart_values_is_asked(engine) -> None:
    state = start(engine, phase="E")
    state = perform(engine, state, "activate", [99], man="A1").state
    state = perform(engine, state, "seen", observer="A1", target="B1").state
    for word, row in (("by_bunker", "target_by_bunker"), ("behind_window", "target_behind_window"), ("behind_slit", "target_behind_slit")):
        stopped = engine.perform("fire_at", state, PISTOL_CELLS, args={"firer": "A1", "target": "B1", "weapon": "pistol", "distance": 3, "options": word})
        assert [q.key for q in stopped.questions] == [f"cell.fire_modifiers.{row}.result"]
    res = perform(engine, state, "fire_at", [99], {**PISTOL_CELLS, "cell.fire_modifiers.target_by_bunker.result": -20}, firer="A1", target="B1", weapon="pistol", distance=3, options="by_bunker")
    assert res.label == "A1 missed B1 (chance 67)"


def test_7_6_falling_prone_as_the_last_task_is_free(engine) -> None:
    # the chart's footnote to [5.22]: free as the last task of the phase, points or not
    state = start(engine, phase="E")
    state = perform(engine, state, "activate", [99], man="A1").state
    state = perform(engine, state, "move", man="A1", orthogonal=1).state
    res = perform(engine, state, "done", man="A1", options="prone")
    assert res.label.startswith("A1 falls prone as his last task, free ([7.6]); he is done (5 task points spent)")
    assert game(res.state)["men"]["A1"]["prone"] and game(res.state)["men"]["A1"]["tp"] == 5
    with pytest.raises(ParagraphsError, match="done: prone or nothing"):
        perform(engine, state, "done", man="A1", options="standing")


def test_r44_a_side_that_passes_and_the_panic_of_its_men(engine, tmp_path) -> None:
    # the British pass in turn 1, phase E: by default nobody checks (single_man); under
    # each_man every British man who could still act checks as a man passed over
    state = start(engine, phase="E")
    res = perform(engine, state, "pass")
    assert "panic check" not in text_of(res) and game(res.state)["to_act"] == "B"
    alt = overlaid(tmp_path, R44="each_man")
    state = start(alt, phase="E")
    res = perform(alt, state, "pass", [99] * 10)
    assert text_of(res).count("keeps his head") == 10 and game(res.state)["to_act"] == "B"
    assert all(game(res.state)["men"][f"A{n}"]["panic_phase"] == "E" for n in range(1, 11))


def test_8_84_observations_lapse_only_at_bookkeeping(engine) -> None:
    state = start(engine, phase="E")
    state = perform(engine, state, "seen", observer="B1", target="A1").state
    with pytest.raises(ParagraphsError, match=r"happens in phase G \(bookkeeping\)"):
        perform(engine, state, "lapse", observer="B1", target="A1")
    state = perform(engine, perform(engine, state, "next").state, "next").state  # F, then G
    assert perform(engine, state, "lapse", observer="B1", target="A1").label == "B1 no longer observes A1"


def test_11_13_a_second_prepared_grenade_that_does_not_go_off_is_held_too(engine) -> None:
    state = holding_a_grenade_next_turn(engine, "fragmentation")
    # turn 2: a smoke grenade prepared while he holds the fragmentation one; 26 does not
    # set it off: he holds both, throws the first this turn and the second the next
    state = perform(engine, state, "prepare", [26], GRENADE_CELLS, man="A1", kind="smoke").state
    state = perform(engine, state, "throw", [1], GRENADE_CELLS, man="A1", distance=1).state
    assert "fragmentation" in str(game(state)["grenade"]["kind"])
    assert game(state)["men"]["A1"]["grenade"] == "smoke"
    with pytest.raises(ParagraphsError, match=r"\[11.12\]"):
        perform(engine, state, "task", answers=GRENADE_CELLS, man="A1", name="reload")


def test_12_33_a_grapple_outlasts_the_phase_and_a_grappled_man_disengages_at_half(engine) -> None:
    state = start(engine, phase="D")
    # turn 1: both grapple in round 1 and every round; each grappled blow lands: kill roll
    # 99, damage d10 1 (1 wound point); five rounds, A1 with his SMG (auto weapon row), B4 fists
    answers = {f"stance.{r}{m}": "grapple" for r in range(1, 6) for m in (1, 2)}
    res = perform(engine, state, "melee", [99, 7, 3] + [99, 1, 99, 1] * 5, answers, first="A1", second="B4", options="A1=smg B4=fists square=2547")
    assert game(res.state)["grapples"] == {"A1": "B4", "B4": "A1"}
    state = perform(engine, res.state, "next").state
    state = to_phase(engine, state, "D")
    # turn 2: B4, still grappled, wants out: 2D6 3 + 1 (2-5) and he is away, keeping half
    # his task points; A1, who held him, loses half as well ([12.33])
    res = perform(engine, state, "melee", [99, 7, 3, 3, 1], first="A1", second="B4", options="withdraw=B4")
    assert res.label == "B4 disengages from A1 ([12.31]): B4 was grappled: half his task points ([12.33]), B4 loses 25, A1 loses 25"
    assert game(res.state)["men"]["B4"]["tp"] == 25 and game(res.state)["men"]["A1"]["tp"] == 25
    assert game(res.state)["grapples"] == {}
