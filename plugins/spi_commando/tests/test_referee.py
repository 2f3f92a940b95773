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


def test_setup_with_printed_endurance(engine) -> None:
    res = engine.perform("setup", engine.new_state(), args={"scenario": "45"})
    assert res.status == "done" and res.label == "scenario 45 set up: 23 men, endurance printed"
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
    state = seen.state
    # 75 + 12 = 87: the kill band 72-90 is lost, so the step stops and asks for it
    stopped = engine.perform("fire_at", state, args=args, dice=ScriptedDice([50, 4]))
    assert stopped.status == "needs_answers" and [q.key for q in stopped.questions] == ["cell.kill_percentage.72-90.result"]
    done = engine.perform("fire_at", state, {"cell.kill_percentage.72-90.result": 14}, args=args, dice=ScriptedDice([50, 4]))
    assert done.label == "B1 wounded 4 WP: wounded (chance 87)"
    assert done.state.extra[ROSTER]["men"]["B1"]["wounds"] == 4
    # the answer is remembered for the game: the next fire does not ask again
    again = engine.perform("fire_at", done.state, args={**args, "prone": True}, dice=ScriptedDice([10]))
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
    miss = engine.perform("observe", state, args={"observer": "B1", "target": "A1", "distance": 10}, dice=ScriptedDice([61]))
    assert miss.label == "B1 does not observe A1 (chance 60)"
    seen = engine.perform("observe", miss.state, args={"observer": "B1", "target": "A1", "distance": 10}, dice=ScriptedDice([60]))
    assert seen.label == "B1 observes A1 (chance 60)"
    state = engine.perform("observe", seen.state, args={"observer": "B2", "target": "A1", "distance": 10, "options": "prone woods"}, dice=ScriptedDice([55])).state
    assert state.extra[ROSTER]["observes"] == {"B1": ["A1"], "B2": ["A1"]}  # 80 - 15 - 10 = 55 once alerted
    state = engine.perform("lapse", state, args={"observer": "B1", "target": "A1"}).state
    assert state.extra[ROSTER]["observes"] == {"B1": [], "B2": ["A1"]}
    for target in ("B1", "B2", "B3"):
        state = engine.perform("observe", state, args={"observer": "A1", "target": target, "distance": 5}, dice=ScriptedDice([1])).state
    with pytest.raises(ParagraphsError, match=r"three men \(\[8.34\]\)"):
        engine.perform("observe", state, args={"observer": "A1", "target": "B4", "distance": 5}, dice=ScriptedDice([1]))
    with pytest.raises(ParagraphsError, match="same side"):
        engine.perform("observe", state, args={"observer": "A1", "target": "A2", "distance": 5}, dice=ScriptedDice([1]))
