"""pytest plugin for title authors (entry point ``pytest11``; active once paragraphs is installed).

Fixtures:

* ``paragraphs_host``: a fresh plugin host with every installed plugin (no global state).
* ``make_engine``: ``make_engine("mytitle", plugins=[...], dice=[3, 7])`` loads a title
  (bypassing the cache) and returns an engine; extra plugins are registered first, so a
  test can add an inline plugin.
* ``scripted``: ``scripted(3, 7)`` makes scripted dice.

Helpers (plain functions, importable): :func:`assert_trail`, :func:`assert_state`,
:func:`run_playthrough` (a golden playthrough from a mapping).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import pytest

from paragraphs.dice import ScriptedDice


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


def run_playthrough(engine: Any, script: Mapping[str, Any], state: Any = None) -> Any:
    """Run a golden playthrough and check every expectation; returns the final state.

    ``script`` is ``{"steps": [{"read": "1" | "event": "dawn", "dice": [...],
    "answers": {...}, "expect": {"status", "trail", "sightings", "counters", "values",
    "retired", "questions"}}]}`` (the format of ``tests/golden``).
    """
    state = state if state is not None else engine.new_state(**script.get("options", {}))
    for i, step in enumerate(script["steps"], start=1):
        dice = ScriptedDice(step.get("dice", []))
        answers = step.get("answers", {})
        if "event" in step:
            result = engine.fire(step["event"], state, answers, dice=dice)
        else:
            result = engine.resolve(str(step["read"]), state, answers, dice=dice)
        expect = step.get("expect", {})
        where = f"step {i} ({step.get('read') or step.get('event')})"
        if "status" in expect:
            assert result.status == expect["status"], f"{where}: status {result.status}"
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
        state = result.state
    return state


@pytest.fixture
def paragraphs_host() -> Any:
    """A fresh plugin host with every installed plugin."""
    from paragraphs.plugins import make_plugin_manager

    return make_plugin_manager()


@pytest.fixture
def make_engine() -> Callable[..., Any]:
    """Factory: ``make_engine(title, plugins=(), dice=None, overlays=())`` -> Engine."""
    from paragraphs.content import load_book
    from paragraphs.engine import Engine
    from paragraphs.plugins import make_plugin_manager

    def factory(title: str, *, plugins: Sequence[Any] = (), dice: Sequence[int] | None = None, overlays: Sequence[Any] = ()) -> Any:
        host = make_plugin_manager(plugins=plugins)
        book = load_book(host, title, overlays, use_cache=False)
        return Engine(book, host, dice=ScriptedDice(dice) if dice is not None else None)

    return factory


@pytest.fixture
def scripted() -> Callable[..., ScriptedDice]:
    """``scripted(3, 7)`` -> ScriptedDice([3, 7])."""
    return lambda *values: ScriptedDice(values)
