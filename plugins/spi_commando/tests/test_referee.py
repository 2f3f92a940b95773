"""The referee's record as journaled steps: set-up with rolled endurance, wounds and fire,
undone without re-rolling."""

from __future__ import annotations

import pytest

import paragraphs
from paragraphs.dice import ScriptedDice
from paragraphs.errors import ParagraphsError

ROSTER = "spi_commando"


@pytest.fixture(scope="module")
def engine():
    return paragraphs.open_title("spi_commando")


def to_phase_e(engine, state, initiative=(9, 1)):
    """Phases A to E with the initiative dice given (the first side's die first)."""
    state = engine.perform("next", state).state  # A -> B
    state = engine.perform("next", state, dice=ScriptedDice(list(initiative))).state  # B -> C
    state = engine.perform("next", state).state  # C -> D
    return engine.perform("next", state).state  # D -> E


def test_setup_with_printed_endurance(engine) -> None:
    res = engine.perform("setup", engine.new_state(), args={"scenario": "45"})
    assert res.status == "done" and res.label == "scenario 45 set up: 23 men, endurance printed; turn 1, phase A (observation)"
    men = res.state.extra[ROSTER]["men"]
    assert len(men) == 23 and men["A1"]["endurance"] == 16 and men["B1"]["endurance"] == 11
    assert men["A10"]["weapons"] == ["smg", "pistol", "combat_knife"]
    assert men["B1"]["weapons"] == ["machine_pistol", "pistol", "swagger_stick"] and men["B4"]["weapons"][0] == "rifle"
    assert res.state.extra[ROSTER]["sides"]["british"]["fire_bonus"] == 12


def test_rolled_endurance_is_journaled_and_undone_without_rerolling(engine) -> None:
    faces = [3] * 10 + [1] * 13  # D6+13 for the British, D6+8 for the Germans
    res = engine.perform("setup", engine.new_state(), args={"scenario": "45", "endurance": "rolled"}, dice=ScriptedDice(faces))
    men = res.state.extra[ROSTER]["men"]
    assert men["A1"]["endurance"] == 16 and men["B13"]["endurance"] == 9
    assert [r.value for r in res.rolls] == faces and res.rolls[0].purpose.startswith("endurance of A1")
    state = res.state
    hit = engine.perform("wound", state, args={"man": "B13", "points": 5})
    assert hit.label == "B13: seriously wounded (5 WP against endurance 9)"
    state = hit.state
    assert engine.undo(state) == 1
    assert state.extra[ROSTER]["men"]["B13"]["wounds"] == 0 and state.extra[ROSTER]["men"]["A1"]["endurance"] == 16


def test_skorzeny_has_his_own_endurance(engine) -> None:
    men = engine.perform("setup", engine.new_state(), args={"scenario": "46"}).state.extra[ROSTER]["men"]
    assert men["A1"]["name"] == "Otto Skorzeny" and men["A1"]["endurance"] == 25 and men["A2"]["endurance"] == 16


def test_fire_at_uses_the_side_bonus_and_records_the_wound(engine) -> None:
    state = engine.perform("setup", engine.new_state(), args={"scenario": "45"}).state
    args = {"firer": "A1", "target": "B1", "weapon": "pistol", "distance": 3}
    with pytest.raises(ParagraphsError, match=r"\[10.14\]"):
        engine.perform("fire_at", state, args=args, dice=ScriptedDice([50, 4]))
    seen = engine.perform("observe", state, args={"observer": "A1", "target": "B1", "distance": 3}, dice=ScriptedDice([85]))
    assert seen.label == "A1 observes B1 (chance 85)"
    state = engine.perform("observe", seen.state, args={"observer": "A2", "target": "B1", "distance": 3}, dice=ScriptedDice([1])).state
    state = to_phase_e(engine, state)
    with pytest.raises(ParagraphsError, match="nobody is acting"):
        engine.perform("fire_at", state, args=args, dice=ScriptedDice([50, 4]))
    state = engine.perform("activate", state, args={"man": "A1"}, dice=ScriptedDice([99])).state
    # the pistol's task points are not on the chart (ruling R25: asked), and asked first:
    # a fire the man acting cannot pay is refused before the chart is read
    stopped = engine.perform("fire_at", state, args=args, dice=ScriptedDice([50, 4]))
    assert stopped.status == "needs_answers" and [q.key for q in stopped.questions] == ["cell.task_points.fire_pistol.result"]
    # then 75 + 12 = 87: the kill band 72-90 is lost, so the step stops and asks for it
    stopped = engine.perform("fire_at", state, {"cell.task_points.fire_pistol.result": 15}, args=args, dice=ScriptedDice([50, 4]))
    assert [q.key for q in stopped.questions] == ["cell.kill_percentage.72-90.result"]
    done = engine.perform("fire_at", state, {"cell.kill_percentage.72-90.result": 14, "cell.task_points.fire_pistol.result": 15}, args=args, dice=ScriptedDice([50, 4]))
    assert done.label == "B1 wounded 4 WP: wounded (chance 87)"
    assert done.state.extra[ROSTER]["men"]["B1"]["wounds"] == 4
    assert done.state.extra[ROSTER]["alert_turn"] == 1  # an attacker fired ([38.61])
    with pytest.raises(ParagraphsError, match=r"one per game-turn \(\[6.42\]\)"):
        engine.perform("fire_at", done.state, args=args, dice=ScriptedDice([10]))
    state = engine.perform("done", done.state, args={"man": "A1"}).state
    state = engine.perform("done", state, args={"man": "B1"}, dice=ScriptedDice([99])).state  # B1 does nothing (panic check first)
    state = engine.perform("activate", state, args={"man": "A2"}, dice=ScriptedDice([99])).state
    # the answer is remembered for the game: the next fire does not ask again
    again = engine.perform("fire_at", state, args={**args, "firer": "A2", "prone": True}, dice=ScriptedDice([10]))
    assert again.status == "done" and again.label == "B1 killed (chance 75, kill 14)"
    with pytest.raises(ParagraphsError, match="already dead"):
        engine.perform("fire_at", again.state, args=args, dice=ScriptedDice([1]))


def test_fire_at_refuses_a_weapon_the_man_lacks(engine) -> None:
    state = engine.perform("setup", engine.new_state(), args={"scenario": "45"}).state
    with pytest.raises(ParagraphsError, match="carries smg, pistol, combat_knife"):
        engine.perform("fire_at", state, args={"firer": "A1", "target": "B1", "weapon": "rifle", "distance": 3})


def test_observation_is_kept_per_observer_and_lapses_per_observer(engine) -> None:
    state = engine.perform("setup", engine.new_state(), args={"scenario": "45"}).state
    # the German garrison defends: code D 80, less 20 until it has seen a commando
    miss = engine.perform("observe", state, args={"observer": "B1", "target": "A1", "distance": 8}, dice=ScriptedDice([61]))
    assert miss.label == "B1 does not observe A1 (chance 60)"
    with pytest.raises(ParagraphsError, match=r"one attempt a man in the observation phase \(\[8.31\]\)"):
        engine.perform("observe", miss.state, args={"observer": "B1", "target": "A2", "distance": 8}, dice=ScriptedDice([1]))
    seen = engine.perform("observe", miss.state, args={"observer": "B2", "target": "A1", "distance": 8}, dice=ScriptedDice([60]))
    assert seen.label == "B2 observes A1 (chance 60)"
    assert seen.state.extra[ROSTER]["alert_turn"] == 1  # a defender observed an attacker ([38.61])
    # the -20 lasts until the turn after the first sighting (ruling R21): 80 - 20 - 15 - 10
    third = engine.perform("observe", seen.state, args={"observer": "B3", "target": "A1", "distance": 8, "options": "prone woods"}, dice=ScriptedDice([35]))
    assert third.label == "B3 observes A1 (chance 35)"
    state = third.state
    assert state.extra[ROSTER]["observes"] == {"B1": [], "B2": ["A1"], "B3": ["A1"]}
    # at bookkeeping ([8.84]) one observer's observation lapses, not the other's
    kept = state
    for dice in ((), (9, 1), (), (), (), ()):  # on to G
        state = engine.perform("next", state, dice=ScriptedDice(list(dice))).state
    state = engine.perform("lapse", state, args={"observer": "B2", "target": "A1"}).state
    assert state.extra[ROSTER]["observes"] == {"B1": [], "B2": [], "B3": ["A1"]}
    state = kept
    state = engine.perform("observe", state, args={"observer": "A1", "target": "B1", "distance": 5}, dice=ScriptedDice([1])).state
    for target in ("B2", "B3"):  # automatic observations ([8.5]) count toward the three held (ruling R10)
        state = engine.perform("seen", state, args={"observer": "A1", "target": target}).state
    with pytest.raises(ParagraphsError, match=r"three men \(\[8.34\]\)"):
        engine.perform("observe", state, args={"observer": "A1", "target": "B4", "distance": 5}, dice=ScriptedDice([1]))
    with pytest.raises(ParagraphsError, match="name the one he drops"):
        engine.perform("seen", state, args={"observer": "A1", "target": "B4"})
    state = engine.perform("seen", state, args={"observer": "A1", "target": "B4", "drop": "B2"}).state
    assert state.extra[ROSTER]["observes"]["A1"] == ["B1", "B3", "B4"]
    with pytest.raises(ParagraphsError, match="same side"):
        engine.perform("observe", state, args={"observer": "A2", "target": "A3", "distance": 5}, dice=ScriptedDice([1]))


def test_observation_limits_in_a_task_phase(engine) -> None:
    state = engine.perform("setup", engine.new_state(), args={"scenario": "45"}).state
    state = to_phase_e(engine, state)
    state = engine.perform("observe", state, args={"observer": "A1", "target": "B1", "distance": 5}, dice=ScriptedDice([1])).state
    with pytest.raises(ParagraphsError, match=r"one success a task execution phase \(\[8.32\]\)"):
        engine.perform("observe", state, args={"observer": "A1", "target": "B2", "distance": 5}, dice=ScriptedDice([1]))
    state = engine.perform("observe", state, args={"observer": "A2", "target": "B1", "distance": 5}, dice=ScriptedDice([100])).state
    with pytest.raises(ParagraphsError, match=r"one attempt at a given enemy man a phase \(\[8.36\]\)"):
        engine.perform("observe", state, args={"observer": "A2", "target": "B1", "distance": 5}, dice=ScriptedDice([1]))
