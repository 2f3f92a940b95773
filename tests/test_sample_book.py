"""The sample book (``content/sample``): golden playthroughs, exact odds, and engine guarantees.

Each file in ``tests/golden/sample/`` is one play-through: a list of steps, each a
paragraph to read (``read: "17"``) or an event to fire (``event: midnight``), with the
dice to use (scripted, in order), the answers given, and what the state must be after
the step. Expected values were worked out from the book's rules by hand; see the
comments in each file.

Expected fields (all optional but ``status`` defaults to ``done``):

* ``status``: ``done`` or ``needs_answers`` (then ``questions``: the open question keys)
* ``trail``: paragraph ids entered during the step, in order
* ``sightings``: the whole sorted set of sightings after the step
* ``observers``: sighting id -> observer recorded for it
* ``counters``: every counter after the step
* ``values``: every named value after the step
* ``retired``: the sorted list of retired paragraphs after the step
* ``hooks``: ids of the hooks still armed after the step, in order
* ``ledger``: the reasons of the counter changes this step made, in order
* ``says``: texts that must each appear in one of the step's instructions

A step that ends ``done`` must use every scripted die; one that ends ``needs_answers``
must use none, and must leave the state exactly as it was.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

import paragraphs
from paragraphs import model as m
from paragraphs.content import check_title
from paragraphs.engine import Engine
from paragraphs.odds import paragraph_odds, procedure_odds
from paragraphs.plugins import make_plugin_manager

GOLDEN = Path(__file__).parent / "golden" / "sample"
GOLDEN_FILES = sorted(GOLDEN.glob("*.yaml"))


@pytest.fixture(scope="module")
def engine() -> Engine:
    return paragraphs.open_title("sample", use_cache=False)


def _load(path: Path) -> dict[str, Any]:
    return YAML(typ="safe").load(path.read_text(encoding="utf-8"))


# --------------------------------------------------------------------------- golden playthroughs


def test_golden_files_exist() -> None:
    assert 5 <= len(GOLDEN_FILES) <= 8


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=[p.stem for p in GOLDEN_FILES])
def test_golden_playthrough(engine: Engine, path: Path) -> None:
    data = _load(path)
    assert data.get("name"), f"{path.name} has no name"
    state = engine.new_state()
    for number, step in enumerate(data["steps"], start=1):
        where = f"{path.name} step {number}"
        dice = paragraphs.ScriptedDice(step.get("dice") or [])
        answers = step.get("answers") or {}
        before = state.to_json()
        ledger_before = len(state.ledger)
        if "read" in step:
            result = engine.resolve(str(step["read"]), state, answers, dice=dice)
        else:
            result = engine.fire(str(step["event"]), state, answers, dice=dice)
        expect = step.get("expect") or {}
        status = expect.get("status", "done")
        assert result.status == status, f"{where}: status {result.status} (questions {[q.key for q in result.questions]})"
        if status == "needs_answers":
            assert [q.key for q in result.questions] == expect["questions"], where
            assert dice.used == 0, f"{where}: a resolution that needs answers used dice"
            assert result.state.to_json() == before, f"{where}: a resolution that needs answers changed the state"
        else:
            assert dice.unused == 0, f"{where}: {dice.unused} scripted dice left over"
            state = result.state
        _check_expectations(where, result, state, expect, ledger_before)


def _check_expectations(where: str, result: Any, state: Any, expect: dict[str, Any], ledger_before: int) -> None:
    if "trail" in expect:
        assert result.trail == [str(p) for p in expect["trail"]], f"{where}: trail"
    if "sightings" in expect:
        assert sorted(state.sightings) == sorted(expect["sightings"]), f"{where}: sightings"
    if "observers" in expect:
        seen = {sid: ", ".join(state.observers(sid)) or None for sid in expect["observers"]}
        assert seen == expect["observers"], f"{where}: observers"
    if "counters" in expect:
        assert state.counters == expect["counters"], f"{where}: counters"
    if "values" in expect:
        assert state.values == expect["values"], f"{where}: values"
    if "retired" in expect:
        assert state.retired == sorted(str(p) for p in expect["retired"]), f"{where}: retired"
    if "hooks" in expect:
        assert [h["id"] for h in state.hooks] == expect["hooks"], f"{where}: hooks"
    if "ledger" in expect:
        reasons = [entry["reason"] for entry in state.ledger[ledger_before:]]
        assert reasons == expect["ledger"], f"{where}: ledger"
    for text in expect.get("says") or ():
        assert any(text in ins.text for ins in result.instructions), f"{where}: nothing says {text!r}"


# --------------------------------------------------------------------------- the content itself


def test_validates_clean() -> None:
    compiled = check_title(make_plugin_manager(), "sample")
    assert compiled.problems == []
    assert compiled.book is not None
    assert 40 <= len(compiled.book.paragraphs) <= 55
    assert list(compiled.book.paragraphs) == [str(n) for n in range(1, len(compiled.book.paragraphs) + 1)]


def test_paragraphs_are_merged_from_several_files(engine: Engine) -> None:
    files = {par.pos.path.rsplit("/", 1)[-1] for par in engine.book.paragraphs.values()}
    assert 2 <= len(files) <= 4
    assert all(name.startswith("paragraphs-") for name in files)


def _walk_values(ref: Any) -> list[Any]:
    out = [ref]
    if isinstance(ref, m.SumOf):
        for item in ref.items:
            out += _walk_values(item)
    elif isinstance(ref, dict):
        for item in ref.values():
            out += _walk_values(item)
    elif isinstance(ref, list):
        for item in ref:
            out += _walk_values(item)
    return out


def test_every_core_construct_is_used(engine: Engine) -> None:
    book = engine.book
    steps = [s for par in book.paragraphs.values() for s in m.walk_steps(par.steps)]
    step_kinds = {type(s).__name__ for s in steps}
    assert step_kinds >= {
        "Say", "Note", "See", "Goto", "If", "FirstOf", "Check", "Roll", "Match", "AskStep", "Choice",
        "MarkSighting", "ClearSighting", "IgnoreFurther", "CounterChange", "SetValues", "HookStep", "ProcedureCall", "NoEvent",
    }
    preds = [p for s in steps for top in m.step_predicates(s) for p in m.walk_predicate(top)]
    pred_kinds = {type(p).__name__ for p in preds}
    assert pred_kinds >= {"Always", "SightingIs", "AnySighting", "Not", "AllOf", "AnyOf", "TimesRead", "HasRead", "Compare", "Asked"}
    assert any(isinstance(p, m.SightingIs) and p.observer for p in preds)
    assert any(isinstance(p, m.AnySighting) and p.except_ for p in preds)
    assert {p.op for p in preds if isinstance(p, m.Compare)} >= {"eq", "in", "gte", "gt", "lte"}
    assert any(isinstance(p, m.Compare) and isinstance(p.value, m.CounterOf) for p in preds)

    refs: list[Any] = []
    for s in steps:
        if isinstance(s, m.Check):
            refs += _walk_values(dict(s.spec))
            if s.group:
                refs += _walk_values(s.group.subjects)
        elif isinstance(s, (m.Roll,)) and s.modifier is not None:
            refs += _walk_values(s.modifier)
        elif isinstance(s, m.Match):
            refs += _walk_values(s.value)
        elif isinstance(s, m.CounterChange) and s.per is not None:
            refs += _walk_values(s.per)
        elif isinstance(s, m.ProcedureCall):
            refs += _walk_values(dict(s.args))
    value_kinds = {type(r).__name__ for r in refs}
    assert value_kinds >= {"ValueOf", "CounterOf", "AnswerTo", "SumOf"}
    asked = [r for r in refs if isinstance(r, m.AnswerTo)]
    assert {r.question.key for r in asked} >= {"closeness", "charges"}  # declared and inline

    checks = [s for s in steps if isinstance(s, m.Check)]
    assert {c.kind for c in checks} == {"target", "opposed"}
    assert {c.group.aggregate for c in checks if c.group} == {"any", "all"}
    assert any("exact" in c.outcomes for c in checks)
    assert {c.spec.get("compare", "at_or_under") for c in checks if c.kind == "target"} == {"at_or_under", "under", "at_or_over", "over"}
    assert any("target_modifier" in c.spec for c in checks)
    assert {c.spec.get("ties") for c in checks if c.kind == "opposed"} == {"attacker", "defender"}

    rolls = [s for s in steps if isinstance(s, m.Roll)]
    assert any(row.reroll for r in rolls for row in r.rows)
    assert any(r.table for r in rolls)
    assert any(r.odd is not None and r.even is not None for r in rolls)
    assert any(r.store and not r.table for r in rolls)
    assert any(r.modifier is not None for r in rolls)
    assert any(isinstance(s, m.See) and s.with_ for s in steps)
    assert any(isinstance(s, m.CounterChange) and s.per is not None for s in steps)
    assert any(isinstance(s, m.CounterChange) and s.set is not None for s in steps)
    marks = [s for s in steps if isinstance(s, m.MarkSighting)]
    assert any(s.observer and s.lapses and s.revealed for s in marks)
    assert any(par.marks for par in book.paragraphs.values())
    assert set(book.meta["events"]) == {s.event for s in steps if isinstance(s, m.HookStep)}


def test_every_paragraph_has_an_entry_or_a_reference(engine: Engine) -> None:
    from paragraphs.graph import reachable

    seen = reachable(engine.book, engine.grammar, [ep.paragraph for ep in engine.book.entry_points])
    assert seen == set(engine.book.paragraphs)


def test_random_playthroughs_do_not_fail(engine: Engine) -> None:
    from paragraphs.randomtest import random_test

    report = random_test(engine, runs=300)
    assert report.failures == []
    assert report.paragraphs_seen == set(engine.book.paragraphs)
    assert len(report.branches_seen) / report.branches_total > 0.9


# --------------------------------------------------------------------------- exact odds


def _p(result: Any, test: Any) -> Fraction:
    return sum((p for outcome, p in result.outcomes if test(outcome)), Fraction(0))


def test_odds_relighting(engine: Engine) -> None:
    # d6 under 5: faces 1-4 light the lamp, 5-6 leave the Rock dark (VP -1).
    result = paragraph_odds(engine, "6")
    assert result.total() == 1
    assert _p(result, lambda o: dict(o.counters) == {}) == Fraction(2, 3)
    assert _p(result, lambda o: dict(o.counters) == {"vp": -1}) == Fraction(1, 3)


def test_odds_store_room(engine: Engine) -> None:
    # d6 at or over 4 (a 4 is exact, which counts as success): half the time, oil +2.
    result = paragraph_odds(engine, "12")
    assert result.total() == 1
    assert _p(result, lambda o: dict(o.counters) == {"oil": 2}) == Fraction(1, 2)
    assert _p(result, lambda o: dict(o.counters) == {}) == Fraction(1, 2)


def test_odds_lamp_room(engine: Engine) -> None:
    # Storm 2: trim_wick is steady on 1-3, gutters on 4-5 (oil -1), out on 6 (see 6:
    # relit on 1-4, else VP -1). 1/2 + 1/3 + 1/6 * 2/3 + 1/6 * 1/3.
    result = paragraph_odds(engine, "3", answers={"storm": 2})
    assert result.total() == 1
    by = {(o.trail, o.counters): p for o, p in result.outcomes}
    assert by[(("3", "7"), ())] == Fraction(1, 2)
    assert by[(("3", "7"), (("oil", -1),))] == Fraction(1, 3)
    assert by[(("3", "6", "7"), ())] == Fraction(1, 9)
    assert by[(("3", "6", "7"), (("vp", -1),))] == Fraction(1, 18)


def test_odds_crane_head(engine: Engine) -> None:
    # You roll 3+d6 against the wrecker's 1+storm(2)+d6, ties to him: P(win) = 15/36.
    result = paragraph_odds(engine, "26", answers={"storm": 2})
    assert result.total() == 1
    assert _p(result, lambda o: o.trail[-1] == "28") == Fraction(5, 12)
    assert _p(result, lambda o: o.trail[-1] == "27") == Fraction(7, 12)
    won = [o for o, _ in result.outcomes if o.trail[-1] == "28"][0]
    assert dict(won.counters) == {"vp": 3}


def test_odds_sweep_cycle(engine: Engine) -> None:
    # Each sweep (a 9 is rolled again) shows the ship on 0-2 of 0-8: 1/3. At most three
    # sweeps, so the ship is seen with 1 - (2/3)^3 = 19/27; nothing at all with (4/9)^3.
    result = paragraph_odds(engine, "18", answers={"telescope": True, "warn": "wait"})
    assert result.total() == 1
    assert _p(result, lambda o: "ship" in o.marked) == Fraction(19, 27)
    assert _p(result, lambda o: not o.marked) == Fraction(64, 729)
    assert max(o.trail.count("18") for o, _ in result.outcomes) == 3


def test_odds_rowing_blind(engine: Engine) -> None:
    # Read without a bearing passed: d10 at or over 6, 4 faces in 10.
    result = paragraph_odds(engine, "34", answers={"closeness": 3, "storm": 2, "crew": 1})
    assert result.total() == 1
    assert _p(result, lambda o: o.trail[:2] == ("34", "36")) == Fraction(3, 5)


@pytest.mark.parametrize(("storm", "steady", "gutters"), [(1, Fraction(2, 3), Fraction(1, 6)), (2, Fraction(1, 2), Fraction(1, 3)), (3, Fraction(1, 3), Fraction(1, 2))])
def test_procedure_odds_trim_wick(engine: Engine, storm: int, steady: Fraction, gutters: Fraction) -> None:
    result = procedure_odds(engine, "trim_wick", args={"storm": storm})
    odds = {o.label: p for o, p in result.outcomes}
    assert odds == {"steady": steady, "gutters": gutters, "out": Fraction(1, 6)}


# --------------------------------------------------------------------------- engine guarantees


def test_needs_answers_leaves_state_and_dice_untouched(engine: Engine) -> None:
    state = engine.resolve("8", engine.new_state(), {"storm": 2}, dice=paragraphs.ScriptedDice([4, 2])).state
    before = state.to_json()
    dice = paragraphs.ScriptedDice([0])  # the sweep sights the ship, then 22 asks about the telescope
    result = engine.resolve("17", state, dice=dice)
    assert result.status == "needs_answers"
    assert [q.key for q in result.questions] == ["telescope"]
    assert state.to_json() == before
    assert result.state.to_json() == before
    assert dice.used == 0
    done = engine.resolve("17", state, {"telescope": "yes"}, dice=dice)
    assert done.done and dice.used == 1
    assert done.trail == ["17", "18", "19", "20", "22"]
    assert state.to_json() == before  # the caller's state is never modified


def test_undo_restores_the_prng_position(engine: Engine) -> None:
    dice = paragraphs.SeededDice(20261130)
    first = engine.resolve("8", engine.new_state(), {"storm": 2}, dice=dice).state
    after_first = first.to_json()
    second = engine.resolve("8", first, dice=dice)
    second_rng = dict(second.state.rng)
    state = second.state
    assert second_rng != first.rng
    assert state.undo() == 1
    assert state.rng == first.rng
    assert {k: v for k, v in state.to_json().items() if k != "journal"} == {k: v for k, v in after_first.items() if k != "journal"}
    again = engine.resolve("8", state, dice=dice)
    assert [r.value for r in again.rolls] == [r.value for r in second.rolls]
    assert again.state.rng == second_rng


def test_the_sweep_cycle_is_bounded(engine: Engine) -> None:
    # No ship in three sweeps: the cycle 18 -> 19 -> 18 ends on the third sweep.
    result = engine.resolve("18", engine.new_state(), dice=paragraphs.ScriptedDice([3, 4, 5]))
    assert result.trail == ["18", "19", "18", "19", "18", "19", "20"]
    # The ship on the first sweep is the sighting exit.
    result = engine.resolve("18", engine.new_state(), {"telescope": "no"}, dice=paragraphs.ScriptedDice([1]))
    assert result.trail == ["18", "19", "20", "22"]
    # And the engine itself bounds a resolution that keeps entering paragraphs.
    tight = Engine(engine.book, engine.host, max_entries=5)
    with pytest.raises(paragraphs.CycleError):
        tight.resolve("18", engine.new_state(), dice=paragraphs.ScriptedDice([3, 4, 5]))


def test_passed_value_reaches_the_callee(engine: Engine) -> None:
    # 33 calls 34 with `bearing`; 34 has no such state value and reads the passed one.
    state = engine.new_state()
    state.sightings["flare"] = {"observer": "tam", "lapses": "dawn"}
    result = engine.resolve("33", state, {"crew": 1, "storm": 1, "closeness": 3}, dice=paragraphs.ScriptedDice([0, 5, 1, 9, 6, 1]))
    assert result.done
    assert any("Tam's shouted bearing" in ins.text for ins in result.instructions)
    assert "bearing" not in result.state.values
    assert result.trail == ["33", "34", "35", "37", "38", "40"]
