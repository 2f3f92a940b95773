"""pytest plugin for title authors (entry point ``pytest11``; active once paragraphs and pytest are installed).

Fixtures:

* ``paragraphs_host``: a fresh plugin host with every installed plugin (no global state).
* ``make_engine``: ``make_engine("mytitle", plugins=[...], dice=[3, 7])`` loads a title
  (bypassing the cache) and returns an engine; extra plugins are registered first, so a
  test can add an inline plugin.
* ``scripted``: ``scripted(3, 7)`` makes scripted dice.

Helpers (plain functions, importable): :func:`assert_trail`, :func:`assert_state`,
:func:`run_playthrough` (a golden playthrough from a mapping), :func:`assert_chances_agree`
(a check kind's exact chances against its rolls).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from paragraphs.book.dice import ScriptedDice


def assert_trail(result: Any, expected: Sequence[str]) -> None:
    """The resolution entered exactly these paragraphs, in this order."""
    assert list(result.trail) == [str(p) for p in expected], f"trail {result.trail} != {list(expected)}"


def assert_state(
    state: Any,
    *,
    sightings: Iterable[str] | None = None,
    counters: Mapping[str, int] | None = None,
    values: Mapping[str, Any] | None = None,
    retired: Iterable[str] | None = None,
) -> None:
    """The state has exactly these sightings and retired paragraphs, and these counters/values."""
    if sightings is not None:
        assert sorted(state.sightings) == sorted(sightings), f"sightings {sorted(state.sightings)} != {sorted(sightings)}"
    for name, value in (counters or {}).items():
        assert state.counters.get(name) == value, f"counter {name} = {state.counters.get(name)}, expected {value}"
    for name, value in (values or {}).items():
        assert state.values.get(name) == value, f"value {name} = {state.values.get(name)!r}, expected {value!r}"
    if retired is not None:
        assert sorted(state.retired) == sorted(str(r) for r in retired), f"retired {state.retired} != {sorted(retired)}"


def assert_chances_agree(engine: Any, kind: str, spec: Mapping[str, Any], answers: Mapping[str, Any] | None = None, state: Any = None) -> None:
    """A check kind's ``chances`` give exactly what its ``resolve`` gives over every face of
    its dice, for every answer to the questions it asks; else an AssertionError showing
    both and the answers they differ on (``(answers: wind=2)``).

    Exact odds use the chances as given, and play uses ``resolve``: a ``>`` written ``>=``
    in one of them makes the odds lie without a word. A question the check asks that
    ``answers`` leaves out is tried with every answer of its domain (every combination,
    when it asks several); give it in ``answers`` to check that answer only.
    """
    from paragraphs.odds import check_odds

    given = dict(answers or {})
    by_faces = check_odds(engine, kind, spec, state, given, use_chances=False)
    asked = [key for key in by_faces.assumed if key not in given]
    if asked:  # one question at a time: the next combination may ask another
        key = asked[0]
        question = engine.book.questions.get(key)
        domain = question.domain() if question is not None else []
        assert domain, f"check kind {kind!r} asks {key}, whose answers cannot be listed: give it in answers"
        for answer in domain:
            assert_chances_agree(engine, kind, spec, {**given, key: answer}, state)
        return
    by_chances = check_odds(engine, kind, spec, state, given, use_chances=True)
    assert not by_chances.assumed, f"check kind {kind!r} asks {', '.join(by_chances.assumed)} in its chances only: give it in answers"
    rolled, said = _by_label(by_faces), _by_label(by_chances)
    where = f" (answers: {', '.join(f'{k}={v}' for k, v in given.items())})" if given else ""
    assert said == rolled, f"check kind {kind!r} with {dict(spec)}: its chances give {_shown(said)}, its resolve over every face gives {_shown(rolled)}{where}"


def _by_label(result: Any) -> dict[str, Any]:
    from fractions import Fraction

    out: dict[str, Fraction] = {}
    for outcome in result.outcomes:
        out[outcome.label] = out.get(outcome.label, Fraction(0)) + outcome.probability
    return {label: p for label, p in out.items() if p}


def _shown(dist: Mapping[str, Any]) -> str:
    return "{" + ", ".join(f"{label}: {p}" for label, p in sorted(dist.items())) + "}"


def run_playthrough(engine: Any, script: Mapping[str, Any] | str | os.PathLike[str], state: Any = None) -> Any:
    """Run a golden playthrough and check every expectation; returns the final state.

    ``script`` is a mapping, or the path of a YAML file holding one::

        name: what this playthrough shows
        options: {mission: 20}          # passed to engine.new_state (optional)
        steps:
          - read: "3"                   # or: event: dawn
            dice: [9]                   # this step's rolls, in order (a 2d6 takes one total)
            answers: {cover: 1}
            expect:
              status: done              # or needs_answers (then: questions: [keys])
              trail: ["3", "4"]
              sightings: [seen]         # the whole set after the step
              counters: {noise: 1}      # these counters have these values
              values: {lantern: lit}    # these named values have these values
              retired: ["1"]
              hooks: [first-light]      # ids of the hooks armed after the step, in order
              ledger: ["raised the alarm"]   # reasons of this step's counter changes
              says: ["The wire parts."]      # each appears in one of the instructions

    A step's ``dice`` replace the engine's own dice for that step. A step that stops
    for an answer or a die nobody gave fails with their names (``needs the answer to
    'cover'``, ``needs a die: d6 for the patrol passes``) unless it expects
    ``status: needs_answers``; a step that ends done must use every die it gives.
    """
    if not isinstance(script, Mapping):
        from paragraphs.pipeline.yamlread import read_yaml

        text = Path(script).read_text(encoding="utf-8")
        script = read_yaml(text, str(script)).data
        assert isinstance(script, Mapping), f"{script}: a playthrough is a mapping with `steps`"
    _check_keys(script)
    state = state if state is not None else engine.new_state(**script.get("options", {}))
    for i, step in enumerate(script["steps"], start=1):
        dice = ScriptedDice(step.get("dice", []))
        answers = step.get("answers", {})
        ledger_before = len(getattr(state, "ledger", ()))
        if "event" in step:
            result = engine.fire(step["event"], state, answers, dice=dice)
        else:
            result = engine.resolve(str(step["read"]), state, answers, dice=dice)
        expect = step.get("expect", {})
        where = f"step {i} ({step.get('read') or step.get('event')})"
        if result.status == "needs_answers" and expect.get("status") != "needs_answers":
            raise AssertionError(f"{where}: stopped before its end: it needs " + "; ".join(_missing(q) for q in result.questions))
        if "status" in expect:
            assert result.status == expect["status"], f"{where}: status {result.status}"
        if result.status == "done" and dice.unused:
            raise AssertionError(f"{where}: {dice.unused} of its {len(dice.values)} dice were not used")
        if "trail" in expect:
            assert list(result.trail) == [str(p) for p in expect["trail"]], f"{where}: trail {result.trail}"
        if "questions" in expect:
            assert [q.key for q in result.questions] == list(expect["questions"]), f"{where}: questions {[q.key for q in result.questions]}"
        assert_state(
            result.state,
            sightings=expect.get("sightings"),
            counters=expect.get("counters"),
            values=expect.get("values"),
            retired=expect.get("retired"),
        )
        if "hooks" in expect:
            armed = [h["id"] for h in result.state.hooks]
            assert armed == list(expect["hooks"]), f"{where}: hooks {armed}"
        if "ledger" in expect:
            reasons = [entry["reason"] for entry in result.state.ledger[ledger_before:]]
            assert reasons == list(expect["ledger"]), f"{where}: ledger {reasons}"
        for text in expect.get("says") or ():
            assert any(text in ins.text for ins in result.instructions), f"{where}: nothing says {text!r} ({[i.text for i in result.instructions]})"
        state = result.state
    return state


_SCRIPT_KEYS = ("name", "options", "steps")
_STEP_KEYS = ("read", "event", "dice", "answers", "expect")
_EXPECT_KEYS = ("status", "questions", "trail", "sightings", "counters", "values", "retired", "hooks", "ledger", "says")


def _check_keys(script: Mapping[str, Any]) -> None:
    """A misspelt key fails the playthrough before it runs: ``counterz:`` under ``expect``
    would otherwise check nothing, and the golden test would pass proving nothing."""
    _unknown_keys(script, _SCRIPT_KEYS, "", " in the playthrough")
    assert isinstance(script.get("steps"), list), "a playthrough has `steps`, a list of steps"
    for i, step in enumerate(script["steps"], start=1):
        assert isinstance(step, Mapping), f"step {i}: a step is a mapping (read, dice, answers, expect)"
        where = f"step {i} ({step.get('read') or step.get('event')})"
        assert "read" in step or "event" in step, f"step {i}: neither `read` nor `event`: say which paragraph to read or which event to fire"
        _unknown_keys(step, _STEP_KEYS, f"{where}: ", "")
        expect = step.get("expect") or {}
        assert isinstance(expect, Mapping), f"{where}: `expect` is a mapping of what must hold"
        _unknown_keys(expect, _EXPECT_KEYS, f"{where}: ", " in expect")


def _unknown_keys(data: Mapping[str, Any], known: Sequence[str], lead: str, place: str) -> None:
    import difflib

    for key in data:
        if key not in known:
            close = difflib.get_close_matches(str(key), known, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else f" (keys: {', '.join(known)})"
            raise AssertionError(f"{lead}unknown key {key!r}{place}{hint}")


def _missing(question: Any) -> str:
    if question.key.startswith("roll."):
        return f"a die: {question.prompt} (add it to `dice`)"
    return f"the answer to {question.key!r}, {question.prompt!r} (add it to `answers`)"


@pytest.fixture
def paragraphs_host() -> Any:
    """A fresh plugin host with every installed plugin."""
    from paragraphs.pluginhost.plugins import make_plugin_manager

    return make_plugin_manager()


@pytest.fixture
def make_engine() -> Callable[..., Any]:
    """Factory: ``make_engine(title, plugins=(), dice=None, overlays=())`` -> Engine.

    ``title`` is an installed title's id or a content folder (``"my-book/"``); the cache
    is never used, so a test always sees the files as they are.
    """
    from paragraphs.pipeline.content import load_book
    from paragraphs.interpreter.engine import Engine
    from paragraphs.pluginhost.plugins import make_plugin_manager

    def factory(title: str, *, plugins: Sequence[Any] = (), dice: Sequence[int] | None = None, overlays: Sequence[Any] = ()) -> Any:
        host = make_plugin_manager(plugins=plugins)
        if "/" in str(title) or isinstance(title, os.PathLike):  # a folder of content (open_book)
            from paragraphs.pipeline.content import load_folder

            book = load_folder(host, title, overlays, use_cache=False)
        else:
            book = load_book(host, title, overlays, use_cache=False)
        return Engine(book, host, dice=ScriptedDice(dice) if dice is not None else None)

    return factory


@pytest.fixture
def scripted() -> Callable[..., ScriptedDice]:
    """``scripted(3, 7)`` -> ScriptedDice([3, 7])."""
    return lambda *values: ScriptedDice(values)
