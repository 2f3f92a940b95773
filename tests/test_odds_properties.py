"""Properties of the outcome tree over random books (hypothesis).

* For every full assignment of the open questions, the leaves consistent with it sum to
  exactly 1, whatever the budget or depth (frontier leaves included).
* Where the 1.x flat enumeration (kept in ``flat_odds.py`` as the reference) fits under
  its cap, the tree gives exactly the same distribution of trails for every assignment.
* Seeded Monte Carlo playthroughs agree with the exact odds within 5 standard errors.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import flat_odds
from paragraphs.dice import SeededDice, derive_seed
from paragraphs.engine import Engine
from paragraphs.errors import ParagraphsError
from paragraphs.odds import paragraph_odds

from helpers import compile_text

SIGHTINGS = ["a", "b"]
QUESTIONS = {"q": {"key": "q", "prompt": "Q?"}, "n": {"key": "n", "prompt": "N?", "type": "integer", "min": 0, "max": 2}}


@st.composite
def steps(draw, ids, depth=0):
    kinds = ["see", "goto", "roll", "if", "mark", "counter", "set", "check", "ask", "ask_n"]
    if depth >= 2:
        kinds = ["see", "mark", "counter", "set"]
    out = []
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(kinds))
        target = draw(st.sampled_from(ids))
        inner = lambda: draw(steps(ids, depth + 1))  # noqa: E731
        if kind == "see":
            out.append({"see": target})
        elif kind == "goto":
            out.append({"goto": target})
        elif kind == "roll":
            cut = draw(st.integers(1, 5))
            out.append({"roll": {"die": "d6", "ranges": {f"1-{cut}": inner(), f"{cut + 1}-6": inner()}}})
        elif kind == "if":
            out.append({"if": {"test": {"sighting": draw(st.sampled_from(SIGHTINGS))}, "then": inner(), "else": inner()}})
        elif kind == "mark":
            out.append({"mark_sighting": draw(st.sampled_from(SIGHTINGS))})
        elif kind == "counter":
            out.append({"counter": {"name": "vp", "add": draw(st.integers(-1, 1)), "reason": "r"}})
        elif kind == "set":
            out.append({"set": {"level": draw(st.integers(0, 2))}})
        elif kind == "check":
            out.append({"check": {"kind": "target", "die": "d10", "target": draw(st.integers(0, 9)), "success": inner(), "failure": inner()}})
        elif kind == "ask":
            out.append({"if": {"test": {"ask": QUESTIONS["q"]}, "then": inner()}})
        elif kind == "ask_n":
            out.append({"if": {"test": {"ask": {**QUESTIONS["n"], "equals": draw(st.integers(0, 2))}}, "then": inner(), "else": inner()}})
    return out


@st.composite
def books(draw):
    n = draw(st.integers(1, 6))
    ids = [str(i) for i in range(1, n + 1)]
    paragraphs = [{"id": pid, "marks": draw(st.lists(st.sampled_from(SIGHTINGS), max_size=1)), "steps": draw(steps(ids))} for pid in ids]
    title = {"id": "t", "name": "Random book", "counters": [{"name": "vp", "initial": 0}]}
    return json.dumps({"title": title, "entry_points": [{"paragraph": "1", "source": "start"}], "paragraphs": paragraphs})


def build(text):
    compiled, host = compile_text(text, header=False)
    if compiled.errors:
        return None
    return Engine(compiled.book, host, max_entries=200)


def assignments(result):
    keys = [q.key for q in result.questions]
    for combo in itertools.product(*(q.domain() for q in result.questions)):
        yield dict(zip(keys, combo))


def by_trail(outcomes, assignment):
    out: dict[tuple[str, ...], Fraction] = {}
    for o in outcomes:
        if o.agrees(assignment):
            out[o.trail] = out.get(o.trail, Fraction(0)) + o.probability
    return out


PROFILE = settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])


@PROFILE
@given(books(), st.sampled_from([None, 0, 1, 2]), st.sampled_from([5, 40, 300]))
def test_consistent_leaves_sum_to_one_for_every_full_assignment(text, depth, budget):
    engine = build(text)
    if engine is None:
        return
    for pid in engine.book.paragraphs:
        try:
            result = paragraph_odds(engine, pid, depth=depth, budget=budget)
        except ParagraphsError:
            continue  # a cycle on the call stack: the content's error, as when played
        for assignment in assignments(result):
            assert result.total(assignment) == 1, assignment
        if depth is not None:
            assert all(len(o.trail) <= depth + 1 for o in result.outcomes)


@PROFILE
@given(books())
def test_the_tree_agrees_with_the_flat_enumeration_where_that_fits(text):
    engine = build(text)
    if engine is None:
        return
    try:
        flat = flat_odds.paragraph_odds(engine, "1", cap=64)
    except ParagraphsError:
        return  # over the flat enumeration's limits (or a loop it refuses)
    try:
        tree = paragraph_odds(engine, "1", budget=100_000)
    except ParagraphsError:
        return
    if tree.frontier_mass:
        return  # a loop the tree stops at a frontier (the flat one refused those)
    flat_outcomes = [_FlatLeaf(o, p) for o, p in flat.outcomes]
    # every question of the book (the tree leaves out those that change nothing)
    keys = sorted(engine.book.questions)
    domains = [engine.book.questions[k].domain() for k in keys]
    for combo in itertools.product(*domains):
        assignment = dict(zip(keys, combo))
        assert by_trail(tree.outcomes, assignment) == by_trail(flat_outcomes, assignment)


class _FlatLeaf:
    def __init__(self, outcome, p):
        self.trail = outcome.trail
        self.probability = p
        self.answers = dict(outcome.answers)

    def agrees(self, assignment):
        return all(json.loads(v) == assignment.get(k, json.loads(v)) for k, v in self.answers.items())


@settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(books(), st.integers(0, 2**16))
def test_seeded_monte_carlo_agrees_within_five_standard_errors(text, seed):
    engine = build(text)
    if engine is None:
        return
    answers = {"q": True, "n": 1}
    given_answers = {k: v for k, v in answers.items() if k in engine.book.questions}
    try:
        result = paragraph_odds(engine, "1", answers=given_answers)
    except ParagraphsError:
        return
    assert result.total() == 1
    if result.frontier_mass:
        return
    exact = by_trail(result.outcomes, {})
    n = 400
    seen: Counter[tuple[str, ...]] = Counter()
    for i in range(n):
        try:
            r = engine.resolve("1", answers=given_answers, dice=SeededDice(derive_seed(seed, i)))
        except ParagraphsError:
            return
        seen[tuple(r.trail)] += 1
    for trail, p in exact.items():
        sigma = max((float(p) * (1 - float(p)) / n) ** 0.5, 1e-9)
        assert abs(seen[trail] / n - float(p)) <= 5 * sigma + 1 / n
