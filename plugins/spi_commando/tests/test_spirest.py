"""The referee's parts added for issue 15's second pass: the round of evading of [12.61],
the panic checks the referee now calls by itself ([14.22], [14.27]), sentry routines
([38.45]-[38.48], [38.64]) and the rulings that the referee now applies. Each ruling is
played with its shipped choice and with its alternative laid over by an overlay."""

from __future__ import annotations


import pytest

import paragraphs
from paragraphs.dice import ScriptedDice
from paragraphs.errors import ParagraphsError

from paragraphs_spi_commando.hand_to_hand import evading_round_after_death, must_evade
from paragraphs_spi_commando.testing import game, overlaid, perform, start, text_of


@pytest.fixture(scope="module")
def engine():
    return paragraphs.open_title("spi_commando")


# --------------------------------------------------------------------------- [12.61]


def test_the_round_of_evading_marks_the_holder_of_a_dead_man() -> None:
    grapples = {"A1": "B4", "B4": "A1", "A2": "B5"}
    evades: dict[str, int] = {}
    assert evading_round_after_death(grapples, "B4", 2, evades) == ["A1"] and evades == {"A1": 3}
    assert must_evade(evades, "A1", 3) == ("evade", False)
    assert must_evade(evades, "A1", 3, "no_blow") == (None, False)
    assert must_evade(evades, "A1", 4) == (None, True) and must_evade(evades, "A2", 3) == (None, True)


# A1 (his SMG, the auto weapon row) and B4 grapple each other in round 1; B5 (fists)
# evades. A1's grappled blow kills B4 on the kill roll (1 against 2), so B5 fights on alone.
MELEE = {"first": "A1", "second": "B4", "options": "with=B5 A1=smg B4=fists B5=fists square=2547"}
ROUND_1 = {"stance.11": "grapple", "stance.12": "grapple", "stance.13": "evade", "grapple_target.11": 1}


def test_12_61_the_killer_evades_one_round_then_strikes(engine) -> None:
    state = start(engine, phase="D")
    answers = {**ROUND_1, "stance.23": "evade", **{f"stance.{r}{m}": "evade" for r in (3, 4, 5) for m in (1, 3)}}
    # A1's panic check 99 (the Germans are not alerted: no check); initiative 7 against 3.
    # Round 1: kill roll 1, B5 misses (90). Round 2: A1 evades, no blow; B5 misses (90).
    # Rounds 3-5: A1 strikes B5 (90, a miss) and B5 strikes A1 (90).
    dice = [99, 7, 3, 1, 90, 90] + [90, 90] * 3
    res = perform(engine, state, "melee", dice, answers, **MELEE)
    text = text_of(res)
    assert "A1 kills B4 with his auto weapon" in text
    assert "round 2: A1 spends the round evading, the man he held being dead ([12.61], ruling R42)" in text
    assert text.count("A1 strikes at B5 and misses") == 3  # rounds 3, 4 and 5 only
    assert res.label == "hand-to-hand combat of A1, B4 and B5 ends after five rounds: A1 unhurt, B4 dead, B5 unhurt"
    # A1's stance in round 2 is not his to choose: it is never asked
    partial = engine.perform("melee", state, {k: v for k, v in answers.items() if k != "stance.21"}, args=MELEE, dice=ScriptedDice(dice))
    assert partial.status == "done"


def test_12_61_alternative_only_the_blow_is_lost(engine, tmp_path) -> None:
    other = overlaid(tmp_path, R42="no_blow")
    state = start(other, phase="D")
    answers = {**ROUND_1, "stance.23": "evade", **{f"stance.{r}{m}": "evade" for r in (3, 4, 5) for m in (1, 3)}}
    dice = [99, 7, 3, 1, 90, 90] + [90, 90] * 3
    asked = other.perform("melee", state, answers, args=MELEE, dice=ScriptedDice(dice))
    assert [q.key for q in asked.questions] == ["stance.21"]  # he announces his own stance
    res = perform(other, state, "melee", dice, {**answers, "stance.21": "evade"}, **MELEE)
    assert text_of(res).count("A1 strikes at B5 and misses") == 3


# --------------------------------------------------------------------------- panic checks the referee calls


def test_14_22_a_fire_result_with_nobody_observed_checks_again(engine) -> None:
    state = start(engine, phase="E")
    # A1 observes nobody. His check: 12 against the British 12, panics; d10 7: fire. He
    # observes no enemy man, so a second check follows at once: 5, he panics again.
    res = perform(engine, state, "activate", [12, 7, 5], man="A1")
    text = text_of(res)
    assert "A1 observes no enemy man and panics again (panic 12%, [14.22])" in text
    assert res.label.startswith("A1 runs his panic routine (fire_friend) and has used his turn ([14.14])")
    a1 = game(res.state)["men"]["A1"]
    assert a1["routine"] == "fire_friend" and a1["plotted"] and a1["acted"] and game(res.state)["to_act"] == "B"
    # a second check of 13 holds: he waits to fire at the first enemy man he may fire at
    res = perform(engine, state, "activate", [12, 7, 13], man="A1")
    assert "his second check holds (panic 12%, [14.22])" in text_of(res) and game(res.state)["men"]["A1"]["routine"] == "poised"
    # a man who observes an enemy fires at him: no second check (the next die is not read)
    seen = perform(engine, start(engine, phase="A"), "observe", [1], observer="A1", target="B1", distance=5).state
    seen = start_from(engine, seen, "E")
    res = perform(engine, seen, "activate", [20, 7], man="A1")
    assert game(res.state)["men"]["A1"]["routine"] == "fire" and "second" not in text_of(res)


def start_from(engine, state, phase, initiative=(9, 1)):
    while game(state)["phase"] != phase:
        state = perform(engine, state, "next", initiative if game(state)["phase"] == "B" else ()).state
    return state


def test_14_27_a_runner_who_sights_a_new_man_checks_again(engine) -> None:
    state = perform(engine, start(engine), "observe", [1], observer="A1", target="B1", distance=5).state
    state = start_from(engine, state, "E")
    # 20 against 22 (12 + 10 for his first sighting this turn): panics; d10 9: move
    running = perform(engine, state, "activate", [20, 9], man="A1").state
    assert game(running)["men"]["A1"]["routine"] == "move" and game(running)["active"] == "A1"
    # running, he observes B2 (10 against his chance): the check of [14.27] follows, 90
    # against 22 holds, so he falls prone at once and his tasks end
    res = perform(engine, running, "observe", [10, 90], observer="A1", target="B2", distance=4)
    assert "A1 keeps his head (panic 22%) and falls prone at once ([14.27])" in text_of(res)
    a1 = game(res.state)["men"]["A1"]
    assert a1["prone"] and a1["acted"] and game(res.state)["active"] is None and game(res.state)["to_act"] == "B"
    # 5 panics him again: he runs on
    res = perform(engine, running, "observe", [10, 5], observer="A1", target="B2", distance=4)
    assert "A1 panics again (panic 22%) and runs on ([14.27])" in text_of(res)
    assert game(res.state)["active"] == "A1" and game(res.state)["men"]["A1"]["routine"] == "move"
    # an automatic observation ([8.5]) is a new sighting too
    res = perform(engine, running, "seen", [90], observer="A1", target="B3")
    assert "falls prone at once ([14.27])" in text_of(res)


# --------------------------------------------------------------------------- sentry routines


def test_sentries_are_named_before_play_at_most_half_the_defenders(engine) -> None:
    state = start(engine)
    for n in range(1, 7):  # 13 Germans: six at most ([38.48], half rounded down)
        state = perform(engine, state, "sentry", man=f"B{n}").state
    with pytest.raises(ParagraphsError, match=r"at most half of them, rounded down, 6 \(\[38.48\]\)"):
        perform(engine, state, "sentry", man="B7")
    off = perform(engine, state, "sentry", man="B6")
    assert off.label == "B6 stays in his square (no sentry routine)" and not game(off.state)["men"]["B6"]["sentry"]
    with pytest.raises(ParagraphsError, match="only men in defending mode"):
        perform(engine, state, "sentry", man="A1")
    with pytest.raises(ParagraphsError, match=r"drawn before play"):
        perform(engine, perform(engine, state, "next").state, "sentry", man="B7")
    with pytest.raises(ParagraphsError, match=r"no man of .* walks a sentry routine in this scenario \(\[41.43\]\)"):
        perform(engine, start(engine, scenario="41"), "sentry", man="B1")


def test_sentries_walk_between_e_and_f_and_the_others_stay(engine) -> None:
    state = perform(engine, start(engine), "sentry", man="B1").state
    state = start_from(engine, state, "E", initiative=(1, 9))
    # the Germans are not alerted: B2 acts without a panic check but may not leave his square
    acting = perform(engine, state, "activate", man="B2").state
    with pytest.raises(ParagraphsError, match=r"B2 may not move: until the defenders are freed he stays in the square he began in"):
        perform(engine, acting, "move", man="B2", orthogonal=1)
    state = perform(engine, perform(engine, state, "pass").state, "pass").state
    res = perform(engine, state, "next")
    assert "Sentries walk their routes between phases E and F ([38.45]): B1 (25) task points" in text_of(res)
    assert game(res.state)["men"]["B1"]["tp"] == 25 and game(res.state)["men"]["B2"]["tp"] == 0


def alerted_b2_acting(engine, state):
    """B1 observes A1 in phase A of turn 1 (the alarm); in E B2 keeps his head (99) and acts."""
    state = perform(engine, state, "observe", [5], observer="B1", target="A1", distance=8).state
    assert game(state)["alert_turn"] == 1
    return perform(engine, start_from(engine, state, "E", initiative=(1, 9)), "activate", [99], man="B2").state


def test_r43_the_defenders_stay_until_the_turn_after_the_automatic_panic(engine, tmp_path) -> None:
    from paragraphs_spi_commando.sentries import routines_last

    assert [routines_last({"alert_turn": 4, "turn": t}) for t in (4, 5, 6)] == [True, True, False]
    assert [routines_last({"alert_turn": None, "turn": t}, "at_alert") for t in (1, 9)] == [True, True]
    assert not routines_last({"alert_turn": 4, "turn": 4}, "at_alert")
    acting = alerted_b2_acting(engine, start(engine))
    with pytest.raises(ParagraphsError, match="B2 may not move"):
        perform(engine, acting, "move", man="B2", orthogonal=1)
    # the alternative frees them at the alarm
    other = overlaid(tmp_path, R43="at_alert")
    moved = perform(other, alerted_b2_acting(other, start(other)), "move", man="B2", orthogonal=1)
    assert moved.label.startswith("B2 moves 1 + 0 diagonal (clear)")


# --------------------------------------------------------------------------- reinforcements, ruling R29


def test_reinforcement_turns_of_the_scenarios() -> None:
    from paragraphs_spi_commando.reinforcements import count_start, due

    every_15 = {"every": 15, "men": 5}  # [39.52]
    assert [t for t in range(1, 40) if due(every_15, 3, t)] == [18, 33]
    assert [t for t in range(1, 40) if due(every_15, 3, t, "sighting_turn")] == [17, 32]
    advisers = {"turns_after_observation": [2, 17, 32], "then_every": 15}  # [48.52]
    assert [t for t in range(1, 60) if due(advisers, 4, t)] == [6, 21, 36, 51]
    assert [t for t in range(1, 60) if due(advisers, 4, t, "sighting_turn")] == [5, 20, 35, 50]
    assert [t for t in range(1, 60) if due({"at_turn": 30}, 4, t)] == [34]  # [44.52]
    # [38.33]: from the first sighting, or from turn 10 when nobody was seen by then
    sides = {"b": {"commando_seen_turn": None}}
    assert count_start({"sides": sides, "turn": 9}) is None and count_start({"sides": sides, "turn": 12}) == 10
    assert count_start({"sides": {"b": {"commando_seen_turn": 4}}, "turn": 12}) == 4
    assert count_start({"sides": {"b": {"commando_seen_turn": 13}}, "turn": 13}) == 10


def to_turn_start(engine, state, turn, initiative=(9, 1)):
    """Jump the record to the end of the turn before (a test shortcut), then ``next``."""
    game(state).update(turn=turn - 1, phase="H", active=None)
    return perform(engine, state, "next")


def test_39_five_ugandans_join_on_the_fifteenth_turn_after_the_sighting(engine, tmp_path) -> None:
    state = start(engine, scenario="39")
    state = perform(engine, state, "observe", [1], observer="B1", target="A1", distance=5).state
    assert game(state)["sides"]["ugandans"]["commando_seen_turn"] == 1
    quiet = to_turn_start(engine, state, 15)
    assert "Reinforcements" not in text_of(quiet) and "B12" not in game(quiet.state)["men"]
    res = to_turn_start(engine, state, 16)
    assert "Reinforcements arrive on turn 16 ([38.33], ruling R29): B12, B13, B14, B15, B16 with semi automatic rifle, swagger stick, endurance 10, entering between 0164 and 4064" in text_of(res)
    b16 = game(res.state)["men"]["B16"]
    assert b16["side"] == "ugandans" and b16["weapons"] == ["semi_automatic_rifle", "swagger_stick"] and b16["endurance"] == 10
    # the alternative counts the sighting turn as the first: they come on turn 15
    other = overlaid(tmp_path, R29="sighting_turn")
    state = perform(other, start(other, scenario="39"), "observe", [1], observer="B1", target="A1", distance=5).state
    assert "B16" in game(to_turn_start(other, state, 15).state)["men"]


def test_48_the_advisers_group_arrives_then_new_groups(engine) -> None:
    state = start(engine, scenario="48")
    state = perform(engine, state, "observe", [1], observer="B1", target="A1", distance=5).state
    res = to_turn_start(engine, state, 3)
    assert "Reinforcements arrive on turn 3 ([38.33], ruling R29): C1, C2, C3, C4, C5, C6" in text_of(res)
    res = to_turn_start(engine, res.state, 18)
    assert "C7, C8, C9, C10, C11, C12 with smg, pistol, combat knife, endurance 14" in text_of(res)


# --------------------------------------------------------------------------- range and sight, rulings R31 and R22


def test_r31_range_between_squares() -> None:
    from paragraphs_spi_commando.sightlines import range_between, square

    assert square("2547") == (25, 47)  # [3.7]: row 25 of the short side, 47 of the long side
    # the Addenda's 9.25 inches is 37 squares: along a row both readings agree
    assert range_between("0101", "0138") == 37 and range_between("0101", "0138", "ruler") == 37
    assert range_between("1010", "1111") == 1 and range_between("1010", "1010") == 0
    # off the axes they part: the rangefinder's lowest mark inside the square, or the ruler
    assert range_between("1010", "1213") == 4 and range_between("1010", "1213", "ruler") == 3
    assert range_between("1010", "1313") == 4 and range_between("1010", "1313", "ruler") == 4
    with pytest.raises(ParagraphsError, match=r"four digits"):
        square("254")


def test_r22_an_obstacle_between_men_at_two_levels() -> None:
    from paragraphs_spi_commando.sightlines import blocks

    # [8.22]: woods at level 2 count as level 3 for sight: between two men at level 2 they block
    assert blocks(2, 2, 3, 4, 4) and not blocks(2, 2, 2, 4, 4)
    assert blocks(0, 1, 2, 5, 5)  # higher than both ([8.25])
    # [8.26]: between the levels, it blocks when nearer the lower man, never at equal distances
    assert blocks(0, 2, 1, 2, 5) and not blocks(0, 2, 1, 5, 2) and not blocks(0, 2, 1, 3, 3)
    # the observer on the hill: the lower man (the target) is what counts (R22 lower_man) ...
    assert blocks(2, 0, 1, 5, 2) and not blocks(2, 0, 1, 2, 5)
    # ... or the observing man himself (the alternative)
    assert blocks(2, 0, 1, 2, 5, "observing_man") and not blocks(2, 0, 1, 5, 2, "observing_man")


def test_range_and_sight_verbs_follow_the_rulings(engine, tmp_path) -> None:
    state = start(engine)
    assert perform(engine, state, "range", origin="1010", target="1213").label == "range 1010 to 1213: 4 squares (the rangefinder of [8.11], ruling R31)"
    res = perform(engine, state, "sight", observer_level=2, target_level=0, obstacle_level=1, to_observer=5, to_target=2)
    assert res.label.startswith("line of sight blocked: obstacle at level 1")
    assert perform(engine, state, "sight", observer_level=2, target_level=2, obstacle_level=2, to_observer=3, to_target=3, options="blocking").label.startswith("line of sight blocked: obstacle at level 3")
    other = overlaid(tmp_path, R31="ruler", R22="observing_man")
    state = start(other)
    assert perform(other, state, "range", origin="1010", target="1213").label == "range 1010 to 1213: 3 squares (the Addenda's ruler, ruling R31)"
    assert perform(other, state, "sight", observer_level=2, target_level=0, obstacle_level=1, to_observer=5, to_target=2).label.startswith("line of sight clear")


def test_14_34_a_fire_result_after_the_combat_task_is_prone(engine) -> None:
    state = start(engine)
    state = perform(engine, state, "observe", [5], observer="A1", target="B1", distance=3).state
    state = perform(engine, state, "observe", [5], observer="B1", target="A1", distance=3).state
    state = perform(engine, perform(engine, state, "next").state, "plot", man="B1").state
    state = start_from(engine, state, "E")
    cost = {"cell.task_points.fire_pistol.result": 15, "cell.kill_percentage.72-90.result": 14, "cell.task_points.change_weapon.result": 5}
    state = perform(engine, state, "activate", [99], man="A1").state
    state = perform(engine, state, "fire_at", [99], cost, firer="A1", target="B1", weapon="pistol", distance=3).state
    # B1's opportunity fire (his own check 99, a miss 99); A1 checks under fire: 5 against
    # 22 panics, d10 7 is fire, but he has fired this turn: he falls prone instead
    res = perform(engine, state, "fire_at", [99, 99, 5, 7], cost, firer="B1", target="A1", weapon="pistol", distance=3)
    assert "A1 has made his combat task this turn: his fire result counts as fall prone ([14.34])" in text_of(res)
    assert game(res.state)["men"]["A1"]["routine"] == "prone" and game(res.state)["men"]["A1"]["prone"]
