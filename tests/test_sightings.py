"""Sightings with many observers (issue 9, item 1): each observer keeps its own sighting,
tests ask about one observer, a step clears a sighting for one observer or all, and a
lapse may carry a condition tested for each observer."""

from __future__ import annotations

import pytest

from paragraphs import hookimpl
from paragraphs.records import PredicateKind
from paragraphs.state import State

from helpers import compile_text

BOOK = """
title:
  id: t
  name: Test book
  counters: [{name: vp, initial: 0}]
  sightings: [{id: u3}, {id: u4}]
paragraphs:
  - id: "1"
    steps:
      - mark_sighting: {id: u3, observer: i1, revealed: "in the barn", lapses: bookkeeping}
  - id: "2"
    steps:
      - mark_sighting: {id: u3, observer: i2, revealed: "behind the wall", lapses: {event: bookkeeping, unless: {in_sight: {}}}}
  - id: "3"
    steps:
      - first_of:
          - when: {all: [{sighting: {id: u3, observer: i1}}, {sighting: {id: u3, observer: i2}}]}
            do: [{say: both see him}]
          - when: {sighting: {id: u3, observer: i1}}
            do: [{say: only i1}]
          - when: {sighting: {id: u3, observer: i2}}
            do: [{say: only i2}]
          - when: true
            do: [{say: nobody}]
  - id: "4"
    steps:
      - clear_sighting: {id: u3, observer: i1, reason: "he ducked behind the hedge"}
  - id: "5"
    steps:
      - clear_sighting: {id: u3, reason: "the smoke hides everything"}
  - id: "6"
    steps:
      - mark_sighting: u4
      - if: {test: {sighting: {id: u4, observer: anyone}}, then: [{say: seen by all}], else: [{say: not seen}]}
"""


class InSight:
    """A test plugin's predicate: whether the observer passed by the lapse still sees."""

    def __init__(self) -> None:
        self.in_sight: set[str] = set()
        self.asked: list[tuple[str, str]] = []

    @hookimpl
    def paragraphs_register_predicates(self):
        def evaluate(ctx, args):
            observer, sighting = ctx.passed("observer"), ctx.passed("sighting")
            self.asked.append((observer, sighting))
            return observer in self.in_sight

        yield PredicateKind(id="in_sight", title="t", schema={"type": "object"}, evaluate=evaluate)


def says(result) -> list[str]:
    return [i.text for i in result.instructions]


@pytest.fixture
def plugin():
    return InSight()


@pytest.fixture
def engine(plugin):
    from paragraphs.engine import Engine

    compiled, host = compile_text(BOOK, plugins=(plugin,), header=False)
    assert not compiled.errors, [p.format() for p in compiled.errors]
    return Engine(compiled.book, host)


def test_a_second_observer_does_not_erase_the_first(engine):
    s = engine.resolve("2", engine.resolve("1").state).state
    assert s.observers("u3") == ["i1", "i2"]
    assert s.sightings["u3"]["by"]["i1"]["revealed"] == "in the barn"
    assert s.sightings["u3"]["by"]["i2"]["revealed"] == "behind the wall"
    assert s.sightings["u3"]["by"]["i2"]["paragraph"] == "2" and s.sightings["u3"]["by"]["i2"]["step"] == 2  # when
    assert says(engine.resolve("3", s)) == ["both see him"]
    assert not s.has_sighting("u3", "i3") and s.has_sighting("u3")


def test_clearing_one_observer_keeps_the_others(engine):
    s = engine.resolve("2", engine.resolve("1").state).state
    cleared = engine.resolve("4", s)
    assert cleared.state.observers("u3") == ["i2"]
    assert says(cleared) == ["Sighting u3 ends for i1: he ducked behind the hedge"]
    assert says(engine.resolve("3", cleared.state)) == ["only i2"]
    gone = engine.resolve("5", cleared.state)
    assert "u3" not in gone.state.sightings and says(gone) == ["Sighting u3 ends: the smoke hides everything"]
    assert says(engine.resolve("5", gone.state)) == []  # nothing to clear: nothing said


def test_a_conditional_lapse_is_tested_for_each_observer(engine, plugin):
    s = engine.resolve("2", engine.resolve("1").state).state
    assert engine.armed_events(s) == ["bookkeeping"]
    plugin.in_sight = {"i2"}
    kept = engine.fire("bookkeeping", s).state
    assert kept.observers("u3") == ["i2"]  # i1's lapses outright; i2 still sees him
    assert plugin.asked == [("i2", "u3")]
    plugin.in_sight = set()
    assert "u3" not in engine.fire("bookkeeping", kept).state.sightings


def test_an_unattributed_sighting_counts_for_every_observer(engine):
    assert says(engine.resolve("6")) == ["seen by all"]


def test_the_sheet_names_the_observers(engine):
    from paragraphs.session import Session

    s = engine.resolve("2", engine.resolve("1").state).state
    session = Session(engine, s, seed=1)
    assert "sightings: u3 (by i1, i2)" in session.sheet()


def test_json_summary_lists_observers(engine):
    s = engine.resolve("2", engine.resolve("1").state).state
    assert s.summary()["observers"] == {"u3": ["i1", "i2"]}


def test_the_clear_step_is_checked_by_schema_and_lint():
    compiled, _ = compile_text(
        """
        paragraphs:
          - id: "1"
            steps:
              - clear_sighting: {id: ghost, reason: never there}
              - clear_sighting: {id: u1, colour: red}
        """
    )
    codes = {p.code for p in compiled.problems}
    assert "SCHEMA001" in codes
    compiled, _ = compile_text(
        """
        paragraphs:
          - id: "1"
            steps:
              - clear_sighting: {id: ghost, reason: never there}
        """
    )
    assert [p.code for p in compiled.problems if p.code.startswith("SIGHT")] == ["SIGHT004"]


def test_a_lapse_condition_is_compiled_with_the_content():
    compiled, _ = compile_text(
        """
        paragraphs:
          - id: "1"
            steps:
              - mark_sighting: {id: u1, observer: a, lapses: {event: dusk, unless: {no_such_test: {}}}}
              - if: {test: {sighting: u1}, then: [{say: x}]}
        """
    )
    assert compiled.errors


def test_state_api_clears_one_observer_or_all():
    s = State()
    s.sightings = {"u3": {"by": {"i1": {}, "i2": {}}}, "u4": {"paragraph": "2"}}
    assert s.clear_sighting("u3", "i1") and s.observers("u3") == ["i2"]
    assert not s.clear_sighting("u3", "i9")
    assert s.clear_sighting("u3", "i2") and "u3" not in s.sightings
    assert s.clear_sighting("u4") and s.sightings == {}
