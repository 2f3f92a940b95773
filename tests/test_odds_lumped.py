"""Lumped checks under exact odds: a check whose kind knows its chances asks its own
questions without replaying the paragraph per answer, and what follows each outcome is
shared across those answers only when nothing after the check reads one of them."""

from __future__ import annotations

import json

import pytest

from paragraphs.odds import OddsMemo, paragraph_odds
from paragraphs.odds.tree import _OddsChooser

from helpers import engine_for

PC = '{key: pc, prompt: PC, type: integer, min: 0, max: 3}'


def book(after: str) -> str:
    # 1: a PC Check (target = the PC's answer); 2 reads the PC again, or not
    return f"""
        paragraphs:
          - id: "1"
            steps:
              - check:
                  kind: target
                  target: {{ask: {PC}}}
                  success: {after}
                  failure: [{{goto: "3"}}]
          - id: "2"
            steps:
              - if:
                  test: {{ask: {{key: pc, prompt: PC, type: integer, min: 0, max: 3, equals: 2}}}}
                  then: [{{set: {{ok: 1}}}}]
                  else: [{{set: {{ok: 0}}}}]
          - id: "3"
            steps: [{{set: {{ok: 9}}}}]
          - id: "4"
            steps: [{{set: {{ok: 7}}}}]
        """


def outcomes(result):
    return sorted((o.trail, o.answers, o.probability, o.values, o.frontier) for o in result.outcomes)


@pytest.mark.parametrize(
    "after",
    [
        '[{goto: "2"}]',  # read again in the next paragraph
        '[{if: {test: {ask: {key: pc, prompt: PC, type: integer, min: 0, max: 3, equals: 2}}, then: [{goto: "4"}], else: [{goto: "3"}]}}]',  # and in the same one
        '[{goto: "4"}]',  # never read again: shared
    ],
)
def test_lumped_checks_agree_with_replaying_every_answer(monkeypatch, after):
    engine = engine_for(book(after))
    lumped = paragraph_odds(engine, "1", memo=OddsMemo())
    monkeypatch.delattr(_OddsChooser, "lumped")
    replayed = paragraph_odds(engine, "1", memo=OddsMemo())
    assert outcomes(lumped) == outcomes(replayed)
    for pc in range(4):
        assert lumped.total({"pc": pc}) == 1


def test_an_answer_read_after_the_check_is_not_shared():
    engine = engine_for(book('[{goto: "2"}]'))
    result = paragraph_odds(engine, "1", memo=OddsMemo())
    passed = [o for o in result.outcomes if o.trail == ("1", "2")]
    assert {json.loads(dict(o.answers)["pc"]) for o in passed} == {0, 1, 2, 3}
    for o in passed:
        pc = json.loads(dict(o.answers)["pc"])
        assert dict(o.values)["ok"] == ("1" if pc == 2 else "0")
