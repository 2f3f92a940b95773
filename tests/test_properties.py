"""Property-based tests over randomly generated books (hypothesis)."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paragraphs.dice import SeededDice, derive_seed
from paragraphs.engine import Engine
from paragraphs.errors import ParagraphsError
from paragraphs.odds import paragraph_odds
from paragraphs.state import State, load_state, save_state

from helpers import compile_text

SIGHTINGS = ["a", "b", "c"]


@st.composite
def steps(draw, ids, depth=0):
    kinds = ["say", "see", "goto", "roll", "if", "mark", "counter", "set", "check", "ask", "retire", "first_of"]
    if depth >= 2:
        kinds = ["say", "see", "mark", "counter", "set", "retire"]
    out = []
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(kinds))
        target = draw(st.sampled_from(ids))
        if kind == "say":
            out.append({"say": "text"})
        elif kind == "see":
            out.append({"see": target})
        elif kind == "goto":
            out.append({"goto": target})
        elif kind == "roll":
            cut = draw(st.integers(1, 5))
            out.append({"roll": {"die": "d6", "ranges": {f"1-{cut}": draw(steps(ids, depth + 1)), f"{cut + 1}-6": draw(steps(ids, depth + 1))}}})
        elif kind == "if":
            out.append({"if": {"test": {"sighting": draw(st.sampled_from(SIGHTINGS))}, "then": draw(steps(ids, depth + 1)), "else": draw(steps(ids, depth + 1))}})
        elif kind == "first_of":
            out.append({"first_of": [{"when": {"not": {"sighting": draw(st.sampled_from(SIGHTINGS))}}, "do": draw(steps(ids, depth + 1))}, {"when": True, "do": draw(steps(ids, depth + 1))}]})
        elif kind == "mark":
            out.append({"mark_sighting": draw(st.sampled_from(SIGHTINGS))})
        elif kind == "counter":
            out.append({"counter": {"name": "vp", "add": draw(st.integers(-2, 2)), "reason": "r"}})
        elif kind == "set":
            out.append({"set": {"level": draw(st.integers(0, 6))}})
        elif kind == "check":
            out.append({"check": {"kind": "target", "die": "d10", "target": draw(st.integers(0, 9)), "success": draw(steps(ids, depth + 1)), "failure": draw(steps(ids, depth + 1))}})
        elif kind == "ask":
            out.append({"if": {"test": {"ask": {"key": "q", "prompt": "Q?"}}, "then": draw(steps(ids, depth + 1))}})
        elif kind == "retire":
            out.append({"ignore_further": "self"})
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


def play(engine, seed, answer):
    try:
        return engine.resolve("1", answers={"q": answer} if "q" in engine.book.questions else {}, dice=SeededDice(seed))
    except ParagraphsError:
        return None


PROFILE = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROFILE
@given(books(), st.integers(0, 2**32), st.booleans())
def test_random_books_only_ever_fail_with_the_library_errors(text, seed, answer):
    engine = build(text)
    if engine is None:
        return
    for pid in engine.book.paragraphs:
        try:
            engine.resolve(pid, answers={"q": answer} if "q" in engine.book.questions else {}, dice=SeededDice(seed))
            paragraph_odds(engine, pid, budget=500)
        except ParagraphsError:
            pass


@PROFILE
@given(books(), st.integers(0, 2**32), st.booleans())
def test_the_same_seed_and_answers_give_the_same_journal(text, seed, answer):
    engine = build(text)
    if engine is None:
        return
    a, b = play(engine, seed, answer), play(engine, seed, answer)
    if a is None:
        assert b is None
        return
    strip = lambda j: [{k: v for k, v in e.items() if k != "before"} for e in j]  # noqa: E731
    assert strip(a.state.journal) == strip(b.state.journal)
    assert a.state.to_json() == b.state.to_json()


@PROFILE
@given(books(), st.integers(0, 2**32), st.booleans())
def test_save_then_load_gives_an_equal_state(tmp_path_factory, text, seed, answer):
    engine = build(text)
    if engine is None:
        return
    result = play(engine, seed, answer)
    state = result.state if result is not None else State(title="t")
    path = tmp_path_factory.mktemp("saves") / "s.json"
    save_state(state, path)
    assert load_state(path).to_json() == state.to_json()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(books())
def test_odds_sum_to_one_and_agree_with_monte_carlo(text):
    engine = build(text)
    if engine is None:
        return
    try:
        result = paragraph_odds(engine, "1", answers={"q": True} if "q" in engine.book.questions else {}, budget=500)
    except ParagraphsError:
        return
    assert result.total() == 1
    if result.frontier_mass:
        return  # a loop or the budget cut some trails short: Monte Carlo trails are whole
    exact = {}
    for o, p in result.outcomes:
        exact[o.trail] = exact.get(o.trail, 0) + p
    n = 400
    seen: Counter = Counter()
    for i in range(n):
        r = play(engine, derive_seed(7, i), True)
        if r is None:
            return  # a cycle error on some path: odds above treated it the same way
        seen[tuple(r.trail)] += 1
    for trail, p in exact.items():
        sigma = max((float(p) * (1 - float(p)) / n) ** 0.5, 1e-9)
        # tolerance: 5 standard errors (plus one run's worth for tiny p)
        assert abs(seen[trail] / n - float(p)) <= 5 * sigma + 1 / n, (trail, p, seen[trail])
