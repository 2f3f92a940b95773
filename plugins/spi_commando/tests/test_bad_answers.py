"""Bad answers to a cell the source lost, as a player gives them (fresh-eyes pass).

A cell of a column the source prints as whole numbers (a kill percentage, task points)
answered with words must be refused in one line that names the cell, at the prompt and
on the command line; it must never reach the rules as text (``int('abc')`` inside a
procedure once surfaced as an internal error naming the wrong procedure).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from paragraphs.content import load_book
from paragraphs.errors import ParagraphsError

from paragraphs_spi_commando.cells import Charts
from paragraphs_spi_commando.testing import referee_transcript

KILL_72_90 = "cell.kill_percentage.72-90.result"


@pytest.fixture(scope="module")
def charts(host) -> Charts:
    return Charts.from_book(load_book(host, "spi_commando", use_cache=False))


def test_a_word_for_a_numeric_cell_is_refused_naming_the_cell(charts: Charts) -> None:
    given = charts.with_answers({KILL_72_90: "abc"})
    with pytest.raises(ParagraphsError) as err:
        given.value("kill_percentage", "72-90")
    assert KILL_72_90 in str(err.value) and "'abc'" in str(err.value) and "whole number" in str(err.value)
    # a whole number, P and none are still taken; a dice code column still takes text
    assert charts.with_answers({KILL_72_90: 40}).value("kill_percentage", "72-90") == 40
    assert charts.with_answers({KILL_72_90: "none"}).value("kill_percentage", "72-90") is None


def test_odds_on_the_command_line_refuse_a_word_for_a_numeric_cell(tmp_path: Path) -> None:
    env = {**os.environ, "PARAGRAPHS_DATA_DIR": str(tmp_path), "NO_COLOR": "1"}
    args = ["odds", "spi_commando", "fire", "--answer", "weapon=pistol", "--answer", "range=3", "--answer", "bonus=30", "--answer", f"{KILL_72_90}=abc"]
    run = subprocess.run([sys.executable, "-m", "paragraphs", *args], capture_output=True, text=True, env=env, timeout=120)
    assert run.returncode != 0
    assert run.stderr.count("\n") == 1 and KILL_72_90 in run.stderr and "whole number" in run.stderr, run.stderr
    assert "ValueError" not in run.stderr and "Traceback" not in run.stderr


def test_at_the_prompt_a_word_for_a_numeric_cell_is_one_line_and_the_game_goes_on(tmp_path: Path) -> None:
    script = ["observe A2 B2 3", "?10", "next", "next", "?10", "?5", "next", "next", "activate A2", "?50", "fire A2 B2 pistol 0", "?15", "?fire A2 B2 smg 1", "sheet"]  # the pistol's cost (R25), then the kill band
    text = referee_transcript(tmp_path, ["--scenario", "45"], script, refusals=True)
    errors = [line for line in text.splitlines() if "error:" in line]
    assert len(errors) == 1 and KILL_72_90 in errors[0] and "whole number" in errors[0], text
    assert "ValueError" not in text and "Traceback" not in text, text
    # the step was dropped whole; what came before it is kept (A2 acting, observing B2)
    assert "A2 acts" in text and "observes B2" in text.split("sheet")[-1], text


def test_a_negative_range_of_observation_is_refused() -> None:
    import paragraphs
    from paragraphs.dice import ScriptedDice

    engine = paragraphs.open_title("spi_commando")
    state = engine.perform("setup", engine.new_state(), args={"scenario": "45", "endurance": "printed"}).state
    with pytest.raises(ParagraphsError, match="a range is a number of squares, 0 or more, not -3"):
        engine.perform("observe", state, args={"observer": "A1", "target": "B1", "distance": -3}, dice=ScriptedDice([20]))
    seen = engine.perform("observe", state, args={"observer": "A1", "target": "B1", "distance": 0}, dice=ScriptedDice([20]))
    assert seen.label == "A1 observes B1 (chance 85)"


def test_entering_names_each_occupant_once() -> None:
    import paragraphs
    from paragraphs.dice import ScriptedDice

    engine = paragraphs.open_title("spi_commando")

    def step(state, procedure, dice=(), **args):
        return engine.perform(procedure, state, args=args, dice=ScriptedDice(list(dice))).state

    state = step(engine.new_state(), "setup", scenario="45")
    for dice in ((), (9, 1), (), ()):  # phases B, C (initiative A), D, E
        state = step(state, "next", dice)
    state = step(state, "activate", [99], man="A1")
    with pytest.raises(ParagraphsError, match="B1 is named twice"):
        engine.perform("enter", state, args={"mover": "A1", "occupants": "B1 B1"})
    entered = engine.perform("enter", state, args={"mover": "A1", "occupants": "B1"})
    assert entered.label.count("B1 is surprised") == 1


def test_a_title_without_paragraphs_never_speaks_of_paragraph_numbers(tmp_path: Path) -> None:
    env = {**os.environ, "PARAGRAPHS_DATA_DIR": str(tmp_path), "NO_COLOR": "1", "TERM": "dumb"}
    env.pop("FORCE_COLOR", None)
    child = pexpect.spawn(sys.executable, ["-m", "paragraphs", "play", "spi_commando", "--scenario", "45", "--new"], env=env, encoding="utf-8", timeout=120, dimensions=(50, 400))
    seen: list[str] = []
    try:
        child.expect_exact("turn 1")
        for line in ("4", "fly", "odds foo", "odds", "odds 12"):
            child.expect_exact("\r\n> ")
            seen.append(child.before + child.after)
            child.sendline(line)
        child.expect_exact("\r\n> ")
        seen.append(child.before + child.after)
        child.sendeof()
        child.expect(pexpect.EOF)
    finally:
        child.close()
    text = "".join(seen).replace("\r\n", "\n")
    errors = [line for line in text.splitlines() if line.startswith("error:")]
    assert len(errors) == 5, text
    assert not any("paragraph" in e for e in errors), errors
    assert errors[0].startswith("error: unknown command '4': type one of ") and "observe" in errors[0]
    assert errors[2].startswith("error: no odds for 'foo': odds takes a command (") and "observe" in errors[2]
    assert errors[3].startswith("error: odds needs a command (")


def _acting_a1_observing_b1():
    import paragraphs

    from paragraphs_spi_commando.testing import perform, start

    engine = paragraphs.open_title("spi_commando")
    state = start(engine, "45", phase="E")
    state = perform(engine, state, "activate", [99], man="A1").state
    return engine, perform(engine, state, "observe", [20], observer="A1", target="B1", distance=3).state


@pytest.mark.parametrize(
    ("answers", "key", "given"),
    [
        # "none" is offered by the question; a chance to hit cannot be none
        ({"cell.fire_combat.smg.2-3": "none"}, "cell.fire_combat.smg.2-3", "none"),
        # the magazine column prints only "No", so a word once reached int() in the referee
        ({"cell.fire_combat.smg.2-3": 40, "cell.fire_combat.smg.damage": "1D6", "cell.fire_combat.smg.magazine": "fire A1 B1 smg 3"}, "cell.fire_combat.smg.magazine", "'fire A1 B1 smg 3'"),
    ],
)
def test_an_answer_no_rule_can_count_with_is_refused_naming_the_cell(answers, key, given) -> None:
    from paragraphs.dice import ScriptedDice

    engine, state = _acting_a1_observing_b1()
    with pytest.raises(ParagraphsError) as err:
        engine.perform("fire_at", state, answers, args={"firer": "A1", "target": "B1", "weapon": "smg", "distance": 3}, dice=ScriptedDice([99] * 5 + [50]))
    assert str(err.value).startswith(f"{key}: {given} is not a number"), str(err.value)
    assert "TypeError" not in str(err.value) and "ValueError" not in str(err.value)


def test_an_empty_answer_to_a_cell_question_says_what_to_type() -> None:
    # it once said "type one of  (Fire Combat Table ...)": a list of no choices
    from paragraphs.session import Session

    engine, state = _acting_a1_observing_b1()
    session = Session(engine, state, dice="seeded", seed=1)
    assert session.send("fire A1 B1 smg 3").kind == "question"
    reply = session.send("")
    assert reply.kind == "error" and reply.lines[0].startswith("error: type the value from your copy, P for prohibited, or none (Fire Combat Table"), reply.lines


def test_a_refused_cell_in_a_session_says_what_the_player_can_do() -> None:
    # found by the eyes pass: under --gaps refuse, play said "give it with --answer KEY=VALUE",
    # an option play does not have
    from paragraphs.session import Session

    engine, state = _acting_a1_observing_b1()
    engine.gaps = "refuse"  # what play --gaps refuse sets
    session = Session(engine, state, dice="seeded", seed=1)
    reply = session.send("fire A1 B1 smg 3")
    assert reply.kind == "error" and "--answer" not in reply.text, reply.text
    assert reply.text.startswith("error: cell.fire_combat.smg.2-3 is not given by the source") and "--overlay DIR" in reply.text and "--gaps ask" in reply.text, reply.text



@pytest.mark.parametrize("line", ["set foo 3", "set"])
def test_set_in_a_title_without_values_says_so(line: str) -> None:
    # found by the eyes pass: "no value 'foo' to set (known: )", a list of nothing
    from paragraphs.session import Session

    engine, state = _acting_a1_observing_b1()
    reply = Session(engine, state, dice="seeded", seed=1).send(line)
    assert reply.kind == "error" and reply.lines == ["error: Commando (SPI, 1979) keeps no value to set: its record changes through its own commands (help lists its commands)"], reply.lines
