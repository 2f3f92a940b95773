"""Every construct family of the booklet, on real paragraphs, with scripted dice and answers.

Expected values come from the paragraphs' rules (the booklet), not from running them.
Mission 22's Activation Levels are c1 0-3, c2 0-5, c3 0-8, c4 0-8.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from paragraphs.dice import ScriptedDice
from paragraphs.odds import paragraph_odds, procedure_odds
from paragraphs.testing import assert_state, assert_trail, run_playthrough


@pytest.fixture(scope="module")
def engine():
    from paragraphs.api import open_title

    return open_title("ambush", use_cache=False)


def texts(result):
    return [i.text for i in result.instructions]


def odds_by_trail(result):
    out = {}
    for o, p in result.outcomes:
        out[o.trail] = out.get(o.trail, 0) + p
    return out


# --------------------------------------------------------------- sightings and retirement


def test_105_conditional_retirement_and_118_read_counts(engine):
    state = engine.new_state(mission=20)
    for expected_vp in (0, 0, -1, -2):
        r = engine.resolve("105", state)
        assert_trail(r, ["105", "118"])
        state = r.state
    assert state.counters["vp"] == -2 and [e["reason"] for e in state.ledger][0].startswith("118")
    state.sightings["s0"] = {}
    r = engine.resolve("105", state)
    assert_trail(r, ["105"]) and "105" in r.state.retired
    assert [i.kind for i in engine.resolve("105", r.state).instructions] == ["no_event"]


def test_130_walks_down_the_sighting_chain(engine):
    state = engine.new_state(mission=23)
    assert engine.resolve("130", state, dice=ScriptedDice([0])).trail[:2] == ["130", "469"]
    for sid in ("s1",):
        state.sightings[sid] = {}
    assert engine.resolve("130", state, dice=ScriptedDice([0, 0])).trail[:2] == ["130", "240"]
    state.sightings.update({"s0": {}, "s2": {}})
    r = engine.resolve("130", state)
    assert_trail(r, ["130"]) and texts(r) == ["No event."]


def test_164_retires_other_paragraphs(engine):
    state = engine.resolve("164", engine.new_state(mission=23)).state
    assert {"164", "166", "293"} <= set(state.retired)
    assert [i.kind for i in engine.resolve("166", state).instructions] == ["no_event"]


def test_995_once_per_mission_is_spent_only_when_it_happens(engine):
    state = engine.new_state(mission=22)
    r = engine.resolve("995", state, {"p995_wounded_german": "no"})
    assert "995" not in r.state.retired
    r = engine.resolve("995", r.state, {"p995_wounded_german": "yes"})
    assert "995" in r.state.retired


# --------------------------------------------------------------- checks


def test_112_nested_checks(engine):
    state = engine.new_state(mission=22)  # Condition 1: activation on 0-3
    assert engine.resolve("112", state, {"pc": 4}, dice=ScriptedDice([3, 0])).trail[:2] == ["112", "113"]
    r = engine.resolve("112", state, {"pc": 4}, dice=ScriptedDice([6, 2, 1, 1]))
    assert r.trail[:2] == ["112", "220"]
    assert [roll.value for roll in r.rolls][:2] == [6, 2]
    assert texts(engine.resolve("112", state, {"pc": 4}, dice=ScriptedDice([6, 7]))) == ["No event."]
    state.sightings["s5"] = {}
    r = engine.resolve("112", state, {"pc": 4}, dice=ScriptedDice([6]))
    assert texts(r) == ["No event."] and len(r.rolls) == 1


def test_112_exact_odds(engine):
    # one German of 220 rolls for grenades: that roll does not change where the trail ends
    result = paragraph_odds(engine, "112", engine.new_state(mission=22), {"pc": 4, "p220_grenade_users": 1})
    ends = {o.trail[-1]: p for o, p in result.outcomes if o.trail[-1] == "112"}
    assert ends["112"] == Fraction(1, 2) * Fraction(6, 10)  # PC fails, activation fails: no event
    assert result.total() == 1


def test_133_exact_third_outcome(engine):
    state = engine.new_state(mission=20)
    odds = odds_by_trail(paragraph_odds(engine, "133", state, {"pc_highest": 5}))
    # success 0-4 -> 353; exactly 5 -> 359; 6-9 -> 136 (the trails end wherever those lead)
    r = engine.resolve("133", state, {"pc_highest": 5}, dice=ScriptedDice([5] + [0] * 8), record=True)
    assert r.trail[:2] == ["133", "359"]
    r = engine.resolve("133", state, {"pc_highest": 5}, dice=ScriptedDice([4] + [0] * 8))
    assert r.trail[:2] == ["133", "353"]
    assert sum(odds.values()) == 1


def test_107_activation_modifier_widens_the_level(engine):
    state = engine.new_state(mission=22)
    result = paragraph_odds(engine, "107", state)
    assert odds_by_trail(result)[("107",)] == Fraction(5, 10)  # fails on 5-9 with level 0-3 +1
    state.values["condition"] = 2
    assert odds_by_trail(paragraph_odds(engine, "107", state))[("107",)] == Fraction(3, 10)  # 0-5 +1


def test_activation_level_is_asked_when_the_mission_is_unknown(engine):
    r = engine.resolve("107", None, dice=ScriptedDice([4]))
    assert r.status == "needs_answers" and r.questions[0].key == "mission"
    r = engine.resolve("107", None, {"activation_level": 3}, dice=ScriptedDice([4]))
    assert r.trail[:2] == ["107", "461"]  # 4 <= 3 + 1


def test_741_group_check_any(engine):
    state = engine.new_state(mission=23)
    r = engine.resolve("741", state, {"men": 2, "pc.1": 2, "pc.2": 8}, dice=ScriptedDice([5, 7] + [0] * 10))
    assert r.trail[:2] == ["741", "745"]  # the second man succeeds
    r = engine.resolve("741", state, {"men": 2, "pc.1": 2, "pc.2": 3}, dice=ScriptedDice([5, 7, 9] + [0] * 10))
    assert r.trail[:2] == ["741", "526"]  # both fail, activation 9 fails at c1 0-3


# --------------------------------------------------------------- dice and the GAN


def test_194_die_table(engine):
    state = engine.new_state(mission=19)
    for face, target in ((0, "117"), (3, "214"), (5, "995"), (6, "996"), (7, "997"), (8, "225"), (9, "212")):
        r = engine.resolve("194", state, {"p995_wounded_german": "no"}, dice=ScriptedDice([face] + [0] * 6))
        assert r.trail[:2] == ["194", target], face


def test_135_odd_even_rolls_by_sighting(engine):
    state = engine.new_state(mission=23)
    assert engine.resolve("135", state, dice=ScriptedDice([3] + [0] * 9)).trail[:2] == ["135", "461"]
    assert engine.resolve("135", state, dice=ScriptedDice([4] + [0] * 9)).trail[:2] == ["135", "460"]
    state.sightings.update({"s1": {}, "s2": {}})
    r = engine.resolve("135", state)
    assert_trail(r, ["135"]) and [i.kind for i in r.instructions] == ["marker", "no_event"]


def test_132_german_action_number_table(engine):
    state = engine.new_state(mission=20)
    for gan, target in ((0, "815"), (4, "840"), (6, "841"), (9, "770")):
        state.values["gan"] = gan
        r = engine.resolve("132", state, {"american_in_sight": "yes"}, dice=ScriptedDice([0] * 6))
        assert r.trail[:2] == ["132", target], gan
    state.values["condition"] = 3
    r = engine.resolve("132", state, {"american_in_sight": "no"})
    assert texts(r) == ["Remove from map."]


def test_208_rerolls_the_german_action_number(engine):
    state = engine.new_state(mission=22)
    state.values["gan"] = 1
    r = engine.resolve("208", state, {"p208_panzerfaust": "no"}, dice=ScriptedDice([7]))
    assert r.state.values["gan"] == 7 and r.rolls[0].purpose.startswith("new German Action Number")


# --------------------------------------------------------------- movement


def test_335_entered_from_and_mover(engine):
    state = engine.new_state(mission=20)
    state.sightings["s2"] = {}
    r = engine.resolve("335", state, {"mover": "vehicle", "entered_from": "F-4"}, dice=ScriptedDice([0] * 5))
    assert r.trail[:2] == ["335", "641"]
    r = engine.resolve("335", state, {"mover": "soldier"})
    assert_trail(r, ["335"])
    r = engine.resolve("335", state, {"mover": "vehicle"})
    assert r.status == "needs_answers" and [c for c, _ in r.questions[0].choices] == ["F-4", "other"]


# --------------------------------------------------------------- calls with values, hooks, victory


def test_137_138_pass_the_advantage_to_248(engine):
    state = engine.new_state(mission=20)
    r = engine.resolve("138", state, {"pc": 5}, dice=ScriptedDice([2, 1]))  # PC+1: 2 <= 6
    assert r.trail == ["138", "248"] and r.state.values["advantage"] == "us"
    assert any("The Americans have the advantage." in t for t in texts(r))
    r = engine.resolve("138", state, {"pc": 5}, dice=ScriptedDice([8, 1, 2]))  # activation +1: 1 <= 4
    assert r.state.values["advantage"] == "german"
    r = engine.resolve("138", state, {"pc": 5}, dice=ScriptedDice([8, 9, 2]))
    assert r.trail == ["138", "248"] and "advantage" not in r.state.values  # 138 still reads 248
    r = engine.resolve("137", state, {"pc": 5}, dice=ScriptedDice([8, 9]))
    assert r.trail == ["137"]  # 137 ends with no event instead


def test_160_cycle_is_guarded_by_sightings(engine):
    state = engine.new_state(mission=23)
    r = engine.resolve("160", state, dice=ScriptedDice([2] + [0] * 10))
    assert r.trail[:3] == ["160", "731", "276"]
    assert r.trail.count("160") == 1 and {"s5", "s8"} <= set(r.state.sightings)


def test_498_retires_only_in_rounds(engine):
    state = engine.new_state(mission=24)
    r = engine.resolve("498", state, {"pc": 3}, dice=ScriptedDice([7] + [0] * 10))
    assert "498" not in r.state.retired and r.trail[:2] == ["498", "514"]
    state.values["phase"] = "rounds"
    r = engine.resolve("498", state, {"pc": 3}, dice=ScriptedDice([1, 2] + [0] * 10))
    assert r.trail[:2] == ["498", "623"] and "498" in r.state.retired
    assert len(r.state.extra["event_markers"]) == 1


def test_685_condition_then_sighting_reactivation_hook_and_victory(engine):
    state = engine.new_state(mission=20)
    state.sightings["s4"] = {}  # so 248 is not read
    answers = {"p685_all_down": "no", "p685_any_returned": "yes", "p685_grenade_users": 0}
    r = engine.resolve("685", state, answers, dice=ScriptedDice([3]))
    assert r.trail == ["685"]
    assert r.state.values["condition"] == 2 and r.state.values["condition_history"] == [1, 2]
    assert "s5" in r.state.sightings
    assert r.state.extra["units"]["GE 16"]["hex"] == "K-19" and r.state.extra["units"]["GE 50"]["special_reactions"] == ["D"]
    assert r.state.values["victory"]["need"] == 6 and r.state.values["phase"] == "rounds"
    assert [h["event"] for h in r.state.hooks] == ["start_of_round"]
    kinds = [i.kind for i in r.instructions]
    assert kinds.index("set") < kinds.index("activate")  # Condition 2 before the reactivation
    fired = engine.fire("start_of_round", r.state, dice=ScriptedDice([0] * 10))
    assert fired.status in ("done", "needs_answers")
    assert fired.trail[:1] == ["790"]


def test_victory_paragraphs_replace_earlier_ones(engine):
    state = engine.new_state(mission=22)
    r = engine.resolve("269", state, dice=ScriptedDice([0] * 5))
    assert r.state.values["victory"]["paragraph"] == "269"
    r = engine.resolve("994", r.state, dice=ScriptedDice([0] * 5))
    assert r.state.values["victory"]["paragraph"] == "994" and "269" in r.state.values["victory"]["overrides"]
    assert any("replace the conditions of 269" in t for t in texts(r))


# --------------------------------------------------------------- spoilers


def test_only_reached_paragraphs_are_shown(engine):
    r = engine.resolve("112", engine.new_state(mission=22), {"pc": 4}, dice=ScriptedDice([3, 0, 0, 0]))
    assert {i.paragraph for i in r.instructions} <= set(r.trail)


# --------------------------------------------------------------- tables and procedures


def test_tables_and_procedures_from_the_appendices(engine):
    assert {o.label: p for o, p in procedure_odds(engine, "radio_destruction").outcomes} == {"destroyed": Fraction(26, 100), "no effect": Fraction(74, 100)}
    truck = {o.label: p for o, p in procedure_odds(engine, "truck_hit", answers={"occupants": 4}).outcomes}
    # the Passenger row is not printed: each of its faces is an unknown cell, never a guess
    assert truck == {
        "tire": Fraction(1, 10), "body": Fraction(3, 10), "driver": Fraction(2, 10), "assistant": Fraction(2, 10),
        "unknown: cell.truck_hits.8.4+": Fraction(1, 10), "unknown: cell.truck_hits.9.4+": Fraction(1, 10),
    }
    assert {o.label for o, _ in procedure_odds(engine, "truck_hit", answers={"occupants": 2}).outcomes} == {"tire", "body", "driver", "assistant"}
    assert engine.book.tables["truck_hits"].cell(9, "3").kind == "unknown"
    b = {o.label: p for o, p in procedure_odds(engine, "mortar_strike_b").outcomes}
    assert b["target hex"] == Fraction(4, 10)
    a = {o.label: p for o, p in procedure_odds(engine, "mortar_strike_a").outcomes}
    assert a["target hex"] == Fraction(1, 10) and len(a) == 19 and sum(a.values()) == 1
    footing = {o.label: p for o, p in procedure_odds(engine, "footing", answers={"wounded": "no", "pc": 4}).outcomes}
    assert footing == {"safe": Fraction(9, 10) + Fraction(1, 10) * Fraction(5, 10), "falls": Fraction(1, 10) * Fraction(5, 10)}


def test_a_mission_20_convoy_sequence(engine):
    """Golden playthrough: the convoy enters at A-8; three Paragraph Checks in a row."""
    script = {
        "options": {"mission": 20},
        "steps": [
            {"read": "105", "expect": {"status": "done", "trail": ["105", "118"], "counters": {"vp": 0}}},
            {"read": "112", "answers": {"pc": 4}, "dice": [3], "expect": {"trail": ["112", "113"], "sightings": ["s0"]}},
            {"read": "105", "expect": {"trail": ["105"], "retired": ["105"]}},
        ],
    }
    state = run_playthrough(engine, script)
    assert [h["event"] for h in state.hooks] == ["roadblock_cleared"]
    fired = engine.fire("roadblock_cleared", state)
    assert_state(fired.state, counters={"vp": 1})


def test_a_ruling_can_be_overridden_with_an_overlay(tmp_path):
    from paragraphs.api import open_title

    (tmp_path / "rulings.yaml").write_text(
        "rulings:\n  - id: activation_modifier\n    choice: roll_plus\n"
    )
    mine = open_title("ambush", overlays=[tmp_path], use_cache=False)
    state = mine.new_state(mission=22)  # Condition 1: 0-3
    # 107 is an Activation Check (+1): with the literal reading a 3 + 1 = 4 fails
    assert odds_by_trail(paragraph_odds(mine, "107", state))[("107",)] == Fraction(7, 10)
    assert mine.book.provenance["rulings:activation_modifier"]["choice"].startswith(str(tmp_path))


def test_the_companion_session_resumes_its_mission_and_refuses_another(tmp_path, monkeypatch, capsys):
    import io
    import sys

    from paragraphs.cli import main

    session = str(tmp_path / "m22.json")
    monkeypatch.setattr(sys, "stdin", io.StringIO("112 pc=4\nsheet\nquit\n"))
    assert main(["play", "ambush", "--mission", "22", "--session", session, "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "condition: 1" in out and "mission: 22" in out and "Paragraphs: 112" in out
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "ambush", "--mission", "23", "--session", session]) == 2
    assert "has mission 22" in capsys.readouterr().err


@pytest.mark.parametrize("reading", ["range", "roll_plus"])
def test_the_activation_check_chances_agree_with_its_rolls(engine, reading, monkeypatch):
    # exact odds branch on the lumped Activation Check (activated or not): under either
    # reading of a modifier it must give what rolling every face of the d10 gives
    from paragraphs.context import Context
    from paragraphs.engine import _PlayChooser

    rulings = dict(engine.book.data["rulings"])
    rulings["activation_modifier"] = {**rulings["activation_modifier"], "choice": reading}
    monkeypatch.setitem(engine.book.data, "rulings", rulings)
    kind = engine.grammar.checks["activation"]
    for level in range(10):
        for modifier in (-2, -1, 0, 1, 3):
            spec = {"purpose": "t", "modifier": modifier}
            ctx = Context(engine, engine.new_state(), {"activation_level": level}, _PlayChooser(engine, ScriptedDice([]).bind(None)))
            chances = kind.chances(ctx, spec)
            rolled: dict[str, Fraction] = {}
            for face in range(10):
                ctx = Context(engine, engine.new_state(), {"activation_level": level}, _PlayChooser(engine, ScriptedDice([face]).bind(None)))
                outcome = kind.resolve(ctx, spec)
                rolled[outcome] = rolled.get(outcome, Fraction(0)) + Fraction(1, 10)
            assert {k: v for k, v in chances.items() if v} == rolled, (level, modifier)
    # the mission and condition give the level when no answer does (mission 22, c2: 0-5)
    state = engine.new_state(mission=22)
    state.values["condition"] = 2
    ctx = Context(engine, state, {}, _PlayChooser(engine, ScriptedDice([]).bind(None)))
    assert kind.chances(ctx, {"purpose": "t"}) == {"success": Fraction(3, 5), "failure": Fraction(2, 5)}


@pytest.mark.parametrize(
    ("pid", "answers", "depth"),
    [("136", {}, 1), ("484", {}, 1), ("133", {"pc_highest": 5}, 2), ("363", {"p363_watchers": 2}, 1), ("137", {"mission": 22}, 1)],
)
def test_lumped_checks_give_the_tree_replaying_every_answer_gives(engine, monkeypatch, pid, answers, depth):
    # Odds ask a lumped check's own questions (PC, mission, condition, level; each man's
    # PC) without replaying the paragraph per answer, and share what follows the check
    # across them: the outcomes must be those of the plain replay of every answer.
    from paragraphs.odds import OddsMemo
    from paragraphs.odds.tree import _OddsChooser

    def outcomes(result):
        return sorted((o.trail, o.answers, o.probability, o.effects, o.values, o.frontier) for o in result.outcomes)

    lumped = paragraph_odds(engine, pid, answers=answers, depth=depth, budget=100_000, memo=OddsMemo())
    monkeypatch.delattr(_OddsChooser, "lumped")
    replayed = paragraph_odds(engine, pid, answers=answers, depth=depth, budget=100_000, memo=OddsMemo())
    assert outcomes(lumped) == outcomes(replayed)
    assert lumped.frontier_mass == replayed.frontier_mass
