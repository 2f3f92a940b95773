"""Exact odds: fractions, splitting by unanswered questions, memoisation, Monte Carlo agreement."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from paragraphs import hookimpl
from paragraphs.dice import SeededDice, derive_seed
from paragraphs.errors import UsageError
from paragraphs.odds import paragraph_odds, procedure_odds
from paragraphs.records import Procedure

from helpers import engine_for

BOOK = """
paragraphs:
  - id: "1"
    steps:
      - check:
          kind: target
          die: d10
          target: 3
          success: [{see: "2"}]
          failure:
            - roll: {die: d6, ranges: {"1-2": [{see: "3"}], "3-6": [{no_event: null}]}}
  - id: "2"
    marks: [a]
    steps: [{counter: {name: vp, add: 1, reason: won}}]
  - id: "3"
    steps: [{set: {level: 2}}]
"""


def table(result):
    return {o.label: p for o, p in result.outcomes}


def test_outcomes_have_exact_reduced_probabilities_that_sum_to_one():
    engine = engine_for(BOOK)
    result = paragraph_odds(engine, "1")
    got = {(o.trail, o.marked, o.counters, o.values): p for o, p in result.outcomes}
    assert got == {
        (("1", "2"), ("a",), (("vp", 1),), ()): Fraction(2, 5),
        (("1", "3"), (), (), (("level", "2"),)): Fraction(1, 5),
        (("1",), (), (), ()): Fraction(2, 5),
    }
    assert result.total() == 1
    data = result.to_json()
    assert data["outcomes"][0]["probability"] in ("2/5",) and data["outcomes"][0]["p"] == 0.4
    assert [o["probability"] for o in data["outcomes"]] == ["2/5", "2/5", "1/5"]


def test_certainty_is_one_over_one():
    engine = engine_for(BOOK)
    result = paragraph_odds(engine, "3")
    assert result.to_json()["outcomes"][0]["probability"] == "1/1"


def test_unanswered_questions_split_the_result_per_answer():
    engine = engine_for(
        """
        paragraphs:
          - id: "1"
            steps:
              - check:
                  kind: target
                  target: {ask: {key: pc, prompt: PC, type: integer, min: 0, max: 9}}
                  success: [{say: ok}]
                  failure: [{no_event: null}]
        """
    )
    result = paragraph_odds(engine, "1")
    by_answer: dict[str, Fraction] = Counter()
    for o, p in result.outcomes:
        by_answer[dict(o.answers)["pc"]] += p
        if "target success" in o.label:
            pc = int(dict(o.answers)["pc"])
            # no exact branch here, so an exact roll counts as a success: (pc + 1) / 10
            assert p == Fraction(pc + 1, 10)
    assert set(by_answer.values()) == {Fraction(1)} and len(by_answer) == 10
    assert result.assumed == ["pc"]
    answered = paragraph_odds(engine, "1", answers={"pc": 4})
    assert answered.total() == 1 and all(not o.answers for o, _ in answered.outcomes)


def test_questions_that_change_nothing_never_split_and_size_is_never_refused():
    # 1.x refused this (100 x 100 answer combinations past its cap); both answers lead to
    # the same future, so the tree does not split on them at all
    engine = engine_for(
        """
        paragraphs:
          - id: "1"
            steps:
              - if: {test: {ask: {key: a, prompt: A, type: integer, min: 0, max: 99, equals: 1}}, then: []}
              - if: {test: {ask: {key: b, prompt: B, type: integer, min: 0, max: 99, equals: 1}}, then: []}
        """
    )
    with pytest.warns(DeprecationWarning, match="cap"):
        result = paragraph_odds(engine, "1", cap=1000, budget=20_000)
    assert [(o.trail, o.probability, o.answers) for o in result.outcomes] == [(("1",), 1, ())]
    assert result.assumed == []


def test_memoised_chains_match_the_trail_level_enumeration():
    # 1 -> (2|3) -> (4|5) -> end, each by a die; outcome by end paragraph only
    engine = engine_for(
        """
        paragraphs:
          - id: "1"
            steps: [{roll: {die: d6, ranges: {"1-2": [{goto: "2"}], "3-6": [{goto: "3"}]}}}]
          - id: "2"
            steps: [{roll: {die: d6, ranges: {"1-3": [{goto: "4"}], "4-6": [{goto: "5"}]}}}]
          - id: "3"
            steps: [{roll: {die: d6, ranges: {"1-5": [{goto: "4"}], "6": [{goto: "5"}]}}}]
          - id: "4"
            steps: []
          - id: "5"
            steps: []
        """
    )
    full = paragraph_odds(engine, "1")
    ends: dict[str, Fraction] = Counter()
    for o, p in full.outcomes:
        ends[o.trail[-1]] += p
    # detail="end" is deprecated and ignored: outcomes keep their whole trail
    with pytest.warns(DeprecationWarning, match="detail"):
        same = paragraph_odds(engine, "1", detail="end")
    assert same.outcomes == full.outcomes
    assert dict(ends) == {"4": Fraction(1, 3) * Fraction(1, 2) + Fraction(2, 3) * Fraction(5, 6), "5": Fraction(1, 3) * Fraction(1, 2) + Fraction(2, 3) * Fraction(1, 6)}


def test_odds_agree_with_seeded_monte_carlo():
    engine = engine_for(BOOK)
    exact = {o.trail: p for o, p in paragraph_odds(engine, "1").outcomes}
    n = 4000
    seen: Counter[tuple[str, ...]] = Counter()
    state = engine.new_state()
    for i in range(n):
        r = engine.resolve("1", state, dice=SeededDice(derive_seed(99, i)))
        seen[tuple(r.trail)] += 1
    for trail, p in exact.items():
        # 4 standard errors: fails by chance about once in 15,000 runs of this test
        sigma = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(seen[trail] / n - float(p)) < 4 * sigma


class Procs:
    @hookimpl
    def paragraphs_register_procedures(self):
        def duel(ctx, bonus=0):
            a = ctx.roll("d6", "attacker") + bonus + int(ctx.answer("edge"))
            d = ctx.roll("d6", "defender")
            return "attacker wins" if a > d else "defender holds"

        yield Procedure(id="duel", title=None, function=duel, questions=("edge",))


def test_procedure_odds_enumerate_python_rules():
    engine = engine_for(
        """
        questions:
          - {key: edge, prompt: Edge?, type: integer, min: 0, max: 1}
        paragraphs: []
        """,
        plugins=(Procs(),),
    )
    result = procedure_odds(engine, "duel", answers={"edge": 0})
    assert table(result) == {"defender holds": Fraction(7, 12), "attacker wins": Fraction(5, 12)}
    assert table(procedure_odds(engine, "duel", answers={"edge": 1}, args={"bonus": 1}))["attacker wins"] == Fraction(26, 36)
    with pytest.raises(UsageError, match="no procedure 'nope'"):
        procedure_odds(engine, "nope")


def test_rerolls_are_renormalised():
    engine = engine_for(
        """
        paragraphs:
          - id: "1"
            steps:
              - roll: {die: d10, ranges: {"0-2": [{set: {x: 1}}], "3-5": [{set: {x: 2}}], "6-9": {reroll: true}}}
        """
    )
    assert {o.values: p for o, p in paragraph_odds(engine, "1").outcomes} == {(("x", "1"),): Fraction(1, 2), (("x", "2"),): Fraction(1, 2)}


def test_group_check_odds_come_from_each_mans_chances():
    engine = engine_for(
        """
        paragraphs:
          - id: "1"
            steps:
              - check:
                  kind: target
                  target: {ask: {key: pc, prompt: PC, type: integer, min: 0, max: 9}}
                  group: {subjects: 2, aggregate: any}
                  success: [{set: {ok: 1}}]
                  failure: [{set: {ok: 0}}]
        """
    )
    result = paragraph_odds(engine, "1", answers={"pc.1": 2, "pc.2": 5})
    ok = {o.values: p for o, p in result.outcomes}
    # any of (3/10, 6/10): 1 - 7/10 * 4/10
    assert ok[(("ok", "1"),)] == 1 - Fraction(7, 10) * Fraction(4, 10)


def test_structured_values_stay_out_of_outcome_labels_unless_spoilers():
    engine = engine_for(
        """
        paragraphs:
          - id: "1"
            steps: [{set: {level: 2}}, {goto: "2"}]
          - id: "2"
            steps: [{set: {secret: "the guard is asleep behind the third crate on the left"}}]
        """
    )
    (outcome, _), = paragraph_odds(engine, "1").outcomes
    assert outcome.label == "1 -> 2; level=2"
    (outcome, _), = paragraph_odds(engine, "1", spoilers=True).outcomes
    assert "guard is asleep" in outcome.label
