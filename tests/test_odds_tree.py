"""Exact odds as an outcome tree: nodes, merging, depth, budget frontiers, unknown cells,
lumped checks in procedures, the JSON format and its schema, and the terminal display.

Real paragraphs' odds are derived by hand from the booklet's rules in each test's comment.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

import paragraphs
from paragraphs import hookimpl
from paragraphs.cli import main
from paragraphs.odds import paragraph_odds, procedure_odds
from paragraphs.odds.render import render
from paragraphs.records import Procedure
from paragraphs.validation import core_schema, make_validator

from helpers import engine_for


@pytest.fixture(scope="module")
def ambush():
    return paragraphs.open_title("ambush")


@pytest.fixture(scope="module")
def sample():
    return paragraphs.open_title("sample")


def by_trail(result):
    out: dict[tuple[str, ...], Fraction] = {}
    for o in result.outcomes:
        out[o.trail] = out.get(o.trail, Fraction(0)) + o.probability
    return out


def validate(data):
    errors = [e.message for e in make_validator(core_schema("odds")).iter_errors(data)]
    assert errors == []


def cli_json(capsys, *argv):
    assert main(["odds", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


# --------------------------------------------------------------------------- Ambush! paragraphs


def test_194_is_one_d10_table_and_answers_at_once(ambush):
    # 194: d10 0-1 -> 117, 2-3 -> 214, 4-5 -> 995 (1/5 each); 6 -> 996, 7 -> 997, 8 -> 225,
    # 9 -> 212 (1/10 each). 1.x refused it (6,400 answer combinations further down).
    result = paragraph_odds(ambush, "194", depth=1)
    assert by_trail(result) == {
        ("194", "117"): Fraction(1, 5),
        ("194", "214"): Fraction(1, 5),
        ("194", "995"): Fraction(1, 5),
        ("194", "996"): Fraction(1, 10),
        ("194", "997"): Fraction(1, 10),
        ("194", "225"): Fraction(1, 10),
        ("194", "212"): Fraction(1, 10),
    }
    assert all(o.frontier is not None and o.frontier[0] == o.trail[-1] for o in result.outcomes)
    whole = paragraph_odds(ambush, "194")
    assert whole.tree is not None and whole.tree.kind == "chance"
    first = {b[0]: b[2] for b in whole.tree.branches}
    assert first == {"0-1": Fraction(1, 5), "2-3": Fraction(1, 5), "4-5": Fraction(1, 5), "6": Fraction(1, 10), "7": Fraction(1, 10), "8": Fraction(1, 10), "9": Fraction(1, 10)}
    assert _sums_to_one_for_every_assignment(whole)


def test_133_with_a_pc_of_5_to_depth_1(ambush, capsys):
    # PC check on a d10 (0-9) with PC 5: 0-4 success -> 353 (1/2), 5 exact -> 359 (1/10),
    # 6-9 failure -> 136 (2/5).
    want = {("133", "353"): Fraction(1, 2), ("133", "359"): Fraction(1, 10), ("133", "136"): Fraction(2, 5)}
    assert by_trail(paragraph_odds(ambush, "133", answers={"pc_highest": 5}, depth=1)) == want
    data = cli_json(capsys, "ambush", "133", "--answer", "pc_highest=5", "--depth", "1")
    validate(data)
    assert {tuple(o["trail"]): o["probability"] for o in data["outcomes"]} == {k: f"{v.numerator}/{v.denominator}" for k, v in want.items()}
    assert data["depth"] == 1 and all(o["frontier"]["reason"] == "depth" for o in data["outcomes"])


def test_133_without_depth_splits_only_below_136(ambush):
    # Without a depth the 353 and 359 branches end without a question; only what follows
    # 136 (its Activation Check) depends on the mission and condition.
    result = paragraph_odds(ambush, "133", answers={"pc_highest": 5}, budget=50_000)
    assert result.frontier_mass == 0
    assert {o.trail[:2] for o in result.outcomes} == {("133", "353"), ("133", "359"), ("133", "136")}
    for o in result.outcomes:
        if o.trail[1] in ("353", "359"):
            assert o.answers == ()
    assert _sums_to_one_for_every_assignment(result)


def test_135_is_even_or_odd(ambush):
    # 135: an even die sends to 460 (German advantage), odd to 461 (US advantage).
    result = paragraph_odds(ambush, "135")
    assert by_trail(result) == {("135", "460"): Fraction(1, 2), ("135", "461"): Fraction(1, 2)}
    assert by_trail(paragraph_odds(ambush, "135", depth=1)) == by_trail(result)


def test_112_with_condition_1(ambush, capsys):
    # Mission 22, PC 5: 0-5 passes (3/5) -> 113. Else the Activation Check at Condition 1
    # (level 0-3): 0-3 (2/5 of 2/5 = 4/25) -> 220; 4-9 no event (6/25).
    state = ambush.new_state(mission=22)
    result = paragraph_odds(ambush, "112", state, {"pc": 5, "condition": 1}, depth=1)
    assert by_trail(result) == {("112", "113"): Fraction(3, 5), ("112",): Fraction(6, 25), ("112", "220"): Fraction(4, 25)}
    data = cli_json(capsys, "ambush", "112", "--answer", "mission=22", "--answer", "pc=5", "--answer", "condition=1", "--depth", "1")
    validate(data)
    assert {tuple(o["trail"]): o["probability"] for o in data["outcomes"]} == {("112", "113"): "3/5", ("112",): "6/25", ("112", "220"): "4/25"}


def test_112_without_condition_merges_conditions_3_and_4(ambush):
    # Condition 3 and 4 both give level 0-8 on mission 22: one branch "3-4".
    result = paragraph_odds(ambush, "112", answers={"mission": 22, "pc": 5}, depth=1)
    assert result.assumed == ["condition"]
    merged = [o for o in result.outcomes if dict(o.answers).get("condition") == "[3, 4]"]
    assert {o.trail: o.probability for o in merged} == {("112", "220"): Fraction(2, 5) * Fraction(9, 10), ("112",): Fraction(2, 5) * Fraction(1, 10)}
    for condition in (1, 2, 3, 4):
        assert result.total({"condition": condition}) == 1


def test_363_two_men_watching(ambush):
    # Any of two men passes: 1 - (1 - 5/10) * (1 - 7/10) = 17/20 gives the US advantage.
    result = paragraph_odds(ambush, "363", answers={"p363_watchers": 2, "pc.1": 4, "pc.2": 6})
    # other questions (asked after the check) split the leaves: take one full assignment
    one = {q.key: q.domain()[0] for q in result.questions}
    got: dict[str, Fraction] = {}
    for o in result.outcomes:
        if not o.agrees(one):
            continue
        advantage = json.loads(dict(o.values)["advantage"])
        got[advantage] = got.get(advantage, Fraction(0)) + o.probability
    assert got == {"us": Fraction(17, 20), "german": Fraction(3, 20)}


# --------------------------------------------------------------------------- the sample book


def test_sample_lamp_room_through_api_and_cli(sample, capsys):
    # Storm 2: trim_wick steady 1/2, gutters 1/3 (oil -1), out 1/6 -> 6 (relit 2/3).
    result = paragraph_odds(sample, "3", answers={"storm": 2})
    assert by_trail(result) == {("3", "7"): Fraction(5, 6), ("3", "6", "7"): Fraction(1, 6)}
    shallow = paragraph_odds(sample, "3", answers={"storm": 2}, depth=1)
    assert by_trail(shallow) == {("3", "7"): Fraction(5, 6), ("3", "6"): Fraction(1, 6)}
    data = cli_json(capsys, "sample", "3", "--answer", "storm=2")
    validate(data)
    assert sum(Fraction(o["probability"]) for o in data["outcomes"]) == 1
    data = cli_json(capsys, "sample", "3", "--answer", "storm=2", "--depth", "1")
    validate(data)
    assert {tuple(o["trail"]) for o in data["outcomes"]} == {("3", "7"), ("3", "6")}


def test_every_sample_paragraph_validates_against_the_schema(sample):
    from paragraphs.errors import ParagraphsError

    checked = 0
    for pid in sample.book.paragraphs:
        try:
            data = paragraph_odds(sample, pid).to_json()
        except ParagraphsError:
            continue  # a paragraph that needs a value passed by its caller
        validate(data)
        checked += 1
    assert checked > 30


# --------------------------------------------------------------------------- tree rules


def _sums_to_one_for_every_assignment(result) -> bool:
    """Every full assignment of the open questions (300 seeded ones when there are more)."""
    import itertools
    import math
    import random

    keys = [q.key for q in result.questions]
    domains = [q.domain() for q in result.questions]
    if math.prod(len(d) for d in domains) <= 2000:
        combos = list(itertools.product(*domains))
    else:
        rng = random.Random(8)
        combos = [tuple(rng.choice(d) for d in domains) for _ in range(300)]
    return all(result.total(dict(zip(keys, combo))) == 1 for combo in combos)


QUESTIONS = """
paragraphs:
  - id: "1"
    steps:
      - roll: {die: d6, ranges: {"1-3": [{goto: "2"}], "4-6": [{goto: "3"}]}}
  - id: "2"
    steps:
      - if: {test: {ask: {key: side, prompt: Which side?, type: choice, choices: [{id: left, label: Left}, {id: right, label: Right}, {id: up, label: Up}], equals: left}}, then: [{goto: "4"}]}
  - id: "3"
    steps: []
  - id: "4"
    steps: []
"""


def test_a_question_splits_only_below_where_it_is_asked_and_equal_answers_merge():
    engine = engine_for(QUESTIONS)
    result = paragraph_odds(engine, "1")
    assert result.assumed == ["side"]
    rows = {(o.trail, o.answers): o.probability for o in result.outcomes}
    assert rows == {
        (("1", "3"), ()): Fraction(1, 2),
        (("1", "2", "4"), (("side", '"left"'),)): Fraction(1, 2),
        (("1", "2"), (("side", '["right", "up"]'),)): Fraction(1, 2),
    }
    assert _sums_to_one_for_every_assignment(result)
    data = result.to_json()
    validate(data)
    question = data["tree"]["branches"][0]["node"] if data["tree"]["branches"][0]["node"]["kind"] == "question" else data["tree"]["branches"][1]["node"]
    assert sorted(b["label"] for b in question["branches"]) == ["left", "right, up"]


def test_an_answer_the_state_holds_never_splits():
    engine = engine_for(
        """
        paragraphs:
          - id: "1"
            steps:
              - if: {test: {value: {name: level, gte: 3}}, then: [{goto: "2"}], else: [{goto: "3"}]}
          - id: "2"
            steps: []
          - id: "3"
            steps: []
        """
    )
    open_level = paragraph_odds(engine, "1")
    assert open_level.assumed == ["level"] and len(open_level.outcomes) == 2
    state = engine.new_state()
    state.values["level"] = 4
    held = paragraph_odds(engine, "1", state)
    assert held.assumed == [] and [(o.trail, o.probability) for o in held.outcomes] == [(("1", "2"), 1)]


def test_identical_subtrees_are_one_object():
    engine = engine_for(
        """
        paragraphs:
          - id: "1"
            steps: [{roll: {die: d6, ranges: {"1-2": [{set: {a: 1}}, {goto: "9"}], "3-6": [{set: {a: 2}}, {goto: "9"}]}}}]
          - id: "9"
            steps: [{roll: {die: d6, ranges: {"1-3": [{counter: {name: vp, add: 1, reason: x}}], "4-6": []}}}]
        """
    )
    result = paragraph_odds(engine, "1")
    assert result.tree is not None and result.tree.kind == "chance"
    (_, _, _, _, a), (_, _, _, _, b) = result.tree.branches
    assert a is b  # what follows 9 is computed once and shared
    assert len(result.outcomes) == 4 and result.total() == 1


def _chain(jump: str, stages: int = 7) -> str:
    # stage i rolls a d6: 1-2 read "a<i>", 3-6 read "b<i>"; both read stage i + 1 with the
    # jump given (Ambush! reads on with `see` alone, never `goto`)
    pars = []
    for i in range(1, stages + 1):
        nxt = f'[{{{jump}: "{i + 1}"}}]'
        pars.append(f'  - id: "{i}"\n    steps: [{{roll: {{die: d6, ranges: {{"1-2": [{{{jump}: "a{i}"}}], "3-6": [{{{jump}: "b{i}"}}]}}}}}}]')
        pars.append(f'  - id: "a{i}"\n    steps: [{{counter: {{name: vp, add: 1, reason: r}}}}, {{{jump}: "{i + 1}"}}]')
        pars.append(f'  - id: "b{i}"\n    steps: {nxt}')
    pars.append(f'  - id: "{stages + 1}"\n    steps: []')
    return "paragraphs:\n" + "\n".join(pars) + "\n"


def test_a_see_that_ends_a_paragraph_is_a_memo_point_like_goto():
    # Before: only a top-level goto was a memo point, so a book reading on with `see`
    # (every Ambush! paragraph) was one segment replayed whole for every branch and
    # never shared. Now a `see` nothing follows is a jump like `goto`: the same tree,
    # the same budget, and each stage computed once per state.
    from paragraphs.odds import OddsMemo

    results = {}
    for jump in ("goto", "see"):
        engine = engine_for(_chain(jump))
        memo = OddsMemo()
        results[jump] = paragraph_odds(engine, "1", budget=500, memo=memo)
        table, _ = memo.table(engine)
        assert {key[0] for key in table} >= {"2", "a1", "b1", "8"}
    assert results["see"].frontier_mass == 0
    assert [(o.trail, o.counters, o.probability) for o in results["see"].outcomes] == [(o.trail, o.counters, o.probability) for o in results["goto"].outcomes]
    # 7 stages of 1/3 for +1 VP: the VP total is binomial
    vp: dict[int, Fraction] = {}
    for o in results["see"].outcomes:
        total = dict(o.counters).get("vp", 0)
        vp[total] = vp.get(total, Fraction(0)) + o.probability
    assert vp[0] == Fraction(2, 3) ** 7 and vp[1] == 7 * Fraction(1, 3) * Fraction(2, 3) ** 6 and vp[7] == Fraction(1, 3) ** 7


def test_a_chain_that_never_ends_stops_at_a_frontier():
    # each pass reads the paragraph again with one VP more: no loop (the state differs
    # each time), no branch; deepening must still stop, at the budget, never run on
    for jump in ("goto", "see"):
        engine = engine_for(
            f"""
            paragraphs:
              - id: "1"
                steps: [{{counter: {{name: vp, add: 1, reason: r}}}}, {{{jump}: "1"}}]
            """
        )
        result = paragraph_odds(engine, "1", budget=50)
        assert result.total() == 1
        ((outcome, p),) = [(o, o.probability) for o in result.outcomes]
        assert p == 1 and outcome.frontier is not None and 8 <= len(outcome.trail) <= 64


def test_a_see_with_steps_after_it_is_not_a_memo_point():
    # after "see 2" paragraph 1 still adds a VP: the see cannot end the segment there
    from paragraphs.odds import OddsMemo

    engine = engine_for(
        """
        paragraphs:
          - id: "1"
            steps:
              - roll: {die: d6, ranges: {"1-3": [{see: "2"}, {counter: {name: vp, add: 1, reason: r}}], "4-6": [{see: "3"}]}}
          - id: "2"
            steps:
              - roll: {die: d6, ranges: {"1": [{see: "3"}], "2-6": []}}
          - id: "3"
            steps: []
        """
    )
    memo = OddsMemo()
    result = paragraph_odds(engine, "1", memo=memo)
    table, _ = memo.table(engine)
    assert {key[0] for key in table} == {"3"}  # only the see that ends 1's 4-6 branch
    got = {(o.trail, o.counters): o.probability for o in result.outcomes}
    assert got == {
        (("1", "2", "3"), (("vp", 1),)): Fraction(1, 12),
        (("1", "2"), (("vp", 1),)): Fraction(5, 12),
        (("1", "3"), ()): Fraction(1, 2),
    }


def test_the_budget_makes_frontiers_with_exact_probabilities_never_an_error():
    # a long chain of rolls: far more nodes than the budget allows
    pars = "\n".join(
        f"""  - id: "{i}"
    steps: [{{roll: {{die: d6, ranges: {{"1-3": [{{counter: {{name: vp, add: 1, reason: r}}}}, {{goto: "{i + 1}"}}], "4-6": [{{goto: "{i + 1}"}}]}}}}}}]"""
        for i in range(1, 40)
    )
    engine = engine_for("paragraphs:\n" + pars + '\n  - id: "40"\n    steps: []\n')
    result = paragraph_odds(engine, "1", budget=200)
    assert result.total() == 1
    assert result.frontier_mass > 0
    assert all(o.frontier is not None for o in result.outcomes if len(o.trail) < 40)
    validate(result.to_json())


def test_unknown_cells_are_leaves_never_split():
    engine = engine_for(
        """
        paragraphs:
          - id: "1"
            steps:
              - roll: {die: d6, ranges: {"1-3": [{goto: "2"}], "4-6": [{goto: "3"}]}}
          - id: "2"
            steps:
              - if: {test: {ask: {key: cell.hits.4.result, prompt: "Unknown cell: hits 4", type: integer, min: 0, max: 9, equals: 3}}, then: [{goto: "3"}]}
          - id: "3"
            steps: []
        """
    )
    result = paragraph_odds(engine, "1")
    assert result.assumed == []
    rows = {(o.trail, o.unknown): o.probability for o in result.outcomes}
    assert rows == {(("1", "3"), None): Fraction(1, 2), (("1", "2"), "cell.hits.4.result"): Fraction(1, 2)}
    assert "unknown: cell.hits.4.result" in [o for o in result.outcomes if o.unknown][0].label
    validate(result.to_json())


# --------------------------------------------------------------------------- lumped checks


class Weapon:
    """A test plugin's weapon: each fire is one d100 read as killed (1-15), wounded (16-40)
    or missed; its procedure only needs each fire classified, so it calls ``ctx.check``."""

    BANDS = (("killed", 15), ("wounded", 40), ("missed", 100))

    @staticmethod
    def resolve(ctx, spec):
        face = ctx.roll("d100", spec["purpose"])
        roll = 100 if face == 0 else face  # 1-100 whatever the convention for 00
        return next(name for name, top in Weapon.BANDS if roll <= top)

    @staticmethod
    def chances(ctx, spec):
        out, low = {}, 0
        for name, top in Weapon.BANDS:
            out[name] = Fraction(top - low, 100)
            low = top
        return out

    @hookimpl
    def paragraphs_register_check_kinds(self):
        from paragraphs.records import CheckKind

        yield CheckKind("fire", None, Weapon.resolve, ("killed", "wounded", "missed"), {}, "One fire.", chances=Weapon.chances)

    @hookimpl
    def paragraphs_register_procedures(self):
        def burst(ctx, fires=5):
            return " ".join(ctx.check("fire", {"purpose": f"fire {i + 1}"}) for i in range(int(fires)))

        yield Procedure(id="burst", title=None, function=burst)


def weapon_engine():
    return engine_for("paragraphs: []\n", plugins=(Weapon(),))


def test_five_lumped_fires_give_k_to_the_fifth_exact_leaves():
    engine = weapon_engine()
    result = procedure_odds(engine, "burst", args={"fires": 5})
    assert len(result.outcomes) == 3**5
    chance = {"killed": Fraction(15, 100), "wounded": Fraction(25, 100), "missed": Fraction(60, 100)}
    for o in result.outcomes:
        want = Fraction(1)
        for word in o.label.split():
            want *= chance[word]
        assert o.probability == want
    assert result.total() == 1 and result.frontier_mass == 0


def test_a_check_in_a_procedure_resolves_by_its_kind_when_played():
    from paragraphs.dice import ScriptedDice

    engine = weapon_engine()
    from paragraphs.context import Context
    from paragraphs.engine import _PlayChooser

    ctx = Context(engine, engine.new_state(), {}, _PlayChooser(engine, ScriptedDice([15, 16, 41]).bind(None)))
    assert engine.grammar.procedures["burst"].function(ctx, fires=3) == "killed wounded missed"


# --------------------------------------------------------------------------- procedures, API


class Duel:
    @hookimpl
    def paragraphs_register_procedures(self):
        def duel(ctx):
            a = ctx.roll("d6", "attacker") + int(ctx.answer("attack"))
            d = ctx.roll("d6", "defender") + int(ctx.answer("defence"))
            return "attacker wins" if a > d else "defender holds"

        yield Procedure(id="duel", title=None, function=duel, questions=("attack", "defence"))


def test_open_procedure_parameters_give_a_compact_table():
    engine = engine_for(
        """
        questions:
          - {key: attack, prompt: Attack?, type: integer, min: 0, max: 9}
          - {key: defence, prompt: Defence?, type: integer, min: 0, max: 9}
        paragraphs: []
        """,
        plugins=(Duel(),),
    )
    result = procedure_odds(engine, "duel")
    assert result.assumed == ["attack", "defence"]
    assert _sums_to_one_for_every_assignment(result)
    text = render(result, lines=None)
    rows = text.splitlines()[2:]
    # one row per range of attack and range of defence giving the same odds: the attacker
    # wins when a + attack > d + defence, which depends on attack - defence only, so each
    # attack value has at most 11 defence ranges (differences -5..5 and the rest)
    assert len(rows) < 10 * 11
    header = text.splitlines()[1].split()
    assert header[:2] == ["attack", "defence"]
    cells = {(r.split()[0], r.split()[1]): r.split()[2:] for r in rows}
    # attack 0, defence 0: 15/36 attacker wins, 21/36 (7/12) defender holds
    assert sorted(cells[("0", "0")]) == sorted(["5/12", "7/12"])


def test_deprecated_arguments_warn_and_are_ignored():
    engine = engine_for(QUESTIONS)
    with pytest.warns(DeprecationWarning):
        old = paragraph_odds(engine, "1", cap=10, detail="end")
    assert old.outcomes == paragraph_odds(engine, "1").outcomes


# --------------------------------------------------------------------------- display


def test_the_display_is_spoiler_safe_and_folded(ambush, capsys):
    assert main(["odds", "ambush", "194"]) == 0
    text = capsys.readouterr().out
    assert "1/5 (20.0%)" in text and "-> 117" in text and "-> 212" in text
    assert "marks" not in text and "--spoilers" in text
    assert len(text.splitlines()) <= 40
    assert main(["odds", "ambush", "194", "--spoilers", "--all"]) == 0
    full = capsys.readouterr().out
    assert len(full.splitlines()) > len(text.splitlines())


def test_deprecated_flags_still_work(capsys):
    assert main(["odds", "sample", "3", "--answer", "storm=2", "--cap", "10", "--detail", "end"]) == 0
    captured = capsys.readouterr()
    assert "deprecated" in captured.err and "3/..." not in captured.out


def test_the_ambush_pc_check_chances_agree_with_its_rolls(ambush):
    # the lumped PC Check (three branches) must give what rolling every face gives
    from paragraphs.context import Context
    from paragraphs.dice import ScriptedDice
    from paragraphs.engine import _PlayChooser

    kind = ambush.grammar.checks["pc"]
    for pc in range(10):
        for modifier in (-2, 0, 1, 3):
            spec = {"purpose": "t", "modifier": modifier}
            ctx = Context(ambush, ambush.new_state(), {"pc": pc}, _PlayChooser(ambush, ScriptedDice([]).bind(None)))
            chances = kind.chances(ctx, spec)
            rolled: dict[str, Fraction] = {}
            for face in range(10):
                ctx = Context(ambush, ambush.new_state(), {"pc": pc}, _PlayChooser(ambush, ScriptedDice([face]).bind(None)))
                outcome = kind.resolve(ctx, spec)
                rolled[outcome] = rolled.get(outcome, Fraction(0)) + Fraction(1, 10)
            assert {k: v for k, v in chances.items() if v} == rolled


def test_session_odds_take_answers_and_depth(tmp_path, monkeypatch, capsys):
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.StringIO("odds 133 pc_highest=5 --depth 1\nodds 137 pc=6\nodds 137 --depth x\nquit\n"))
    assert main(["play", "ambush", "--session", str(tmp_path / "s.json"), "--mission", "22"]) == 0
    out = capsys.readouterr().out
    assert "Odds of ambush 133 (to depth 1)" in out and "-> 359" in out and "1/10 (10.0%)" in out
    # pc=6 typed after the id: a PC Check at 6 passes on 0-6, 7/10
    assert "7/10 (70.0%)" in out
    assert "--depth takes a number" in out


def test_no_booklet_paragraph_is_refused(ambush):
    # every paragraph of the booklet with no answers: always a tree (frontier leaves where
    # the budget ends), never an error for size, and its leaves sum to 1 for an assignment
    # of the open questions. A small budget keeps this quick; benchmarks/odds_all.py
    # measures the default one.
    for pid in ambush.book.paragraphs:
        result = paragraph_odds(ambush, pid, budget=60)
        one = {q.key: q.domain()[0] for q in result.questions}
        assert result.total(one) == 1, pid


# --------------------------------------------------------------------------- procedure arguments


@pytest.fixture
def testplugin_site(monkeypatch):
    # the installed-looking test title (tests/data/site), as tests/test_cli.py uses it
    from pathlib import Path
    import sys

    monkeypatch.syspath_prepend(str(Path(__file__).parent / "data" / "site"))
    yield
    for name in [m for m in sys.modules if m.startswith("paragraphs_testplugin")]:
        del sys.modules[name]


def test_a_procedures_arguments_on_the_command_line(capsys, testplugin_site):
    # testplugin's patrol(ctx, strength): a d6 at or under the strength raises the alarm
    data = cli_json(capsys, "testplugin", "patrol", "--arg", "strength=2")
    assert {o["label"]: o["probability"] for o in data["outcomes"]} == {"alarm": "1/3", "quiet": "2/3"}
    data = cli_json(capsys, "testplugin", "patrol", "--arg", "strength=5")
    assert {o["label"]: o["probability"] for o in data["outcomes"]} == {"alarm": "5/6", "quiet": "1/6"}
    # each mistake is one line and exit code 2, never a traceback
    for argv, words in [
        ((), "procedure 'patrol' needs strength (on the command line: --arg strength=VALUE)"),
        (("--arg", "strength=2", "--arg", "speed=3"), "procedure 'patrol' takes strength, not speed"),
        (("--arg", "strength"), "--arg takes NAME=VALUE"),
    ]:
        assert main(["odds", "testplugin", "patrol", *argv]) == 2
        err = capsys.readouterr().err
        assert words in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert main(["odds", "testplugin", "1", "--arg", "strength=2"]) == 2
    assert "--arg is for a procedure's arguments" in capsys.readouterr().err


def test_procedure_arguments_are_numbers_booleans_or_text():
    from paragraphs.cli.commands import parse_procedure_args

    assert parse_procedure_args(["strength=2", "silent=TRUE", "unit=GE 30", "odds=-1"]) == {"strength": 2, "silent": True, "unit": "GE 30", "odds": -1}


class Ranged:
    """A shot forbidden past range 3, and a chart with cells the source lacks past range 1."""

    @hookimpl
    def paragraphs_register_procedures(self):
        from paragraphs.errors import Refused

        class TooFar(Refused):
            odds_label = "out of range"

        def shot(ctx):
            reach = int(ctx.answer("reach"))
            if reach > 3:
                raise TooFar(f"range {reach} is past the weapon's 3")
            if reach > 1:
                return f"unknown: cell.shot.{reach}"  # stands for a lost cell, one per range
            return "hit" if ctx.roll("d6", "shot") >= 4 else "miss"

        yield Procedure(id="shot", title=None, function=shot, questions=("reach",))


def test_a_refusal_met_on_an_open_parameter_is_an_outcome_not_an_error():
    engine = engine_for(
        """
        questions:
          - {key: reach, prompt: Range?, type: integer, min: 0, max: 6}
        paragraphs: []
        """,
        plugins=(Ranged(),),
    )
    result = procedure_odds(engine, "shot")
    assert _sums_to_one_for_every_assignment(result)
    text = render(result, lines=None)
    rows = [r.split() for r in text.splitlines()[2:]]
    header = text.splitlines()[1]
    assert "out of range" in header and "unknown cell" in header
    # 0-1: even chances; 2-3: the two lost cells share one column, named under the table; 4-6: refused
    assert rows[0][0] == "0-1" and rows[1][0] == "2-3" and rows[2][0] == "4-6"
    assert "unknown cell: 2 cell(s) the source lacks, e.g. cell.shot.2" in text
    # every parameter given: refused as in play, one line
    from paragraphs.errors import ParagraphsError

    with pytest.raises(ParagraphsError, match="past the weapon's 3"):
        procedure_odds(engine, "shot", answers={"reach": "5"})


def test_leaves_are_ordered_by_exact_probability_where_floats_tie():
    # Leaves are sorted by float first; two different fractions with the same float must
    # still come out most probable first (a third of a chance, plus or minus 10^-30).
    from paragraphs.odds import leaves
    from paragraphs.odds.tree import Interner, Segment

    nodes = Interner()
    third = Fraction(1, 3)
    more, less = third + Fraction(1, 10**30), third - Fraction(1, 10**30)
    assert float(more) == float(third) == float(less)
    start, root = nodes.chance("d3: roll", [(1, less, Segment(trail=("a",)), nodes.leaf()), (2, third, Segment(trail=("b",)), nodes.leaf()), (3, more, Segment(trail=("c",)), nodes.leaf())])
    outcomes = leaves(start, root, False)
    assert [(o.trail, o.probability) for o in outcomes] == [(("c",), more), (("b",), third), (("a",), less)]


def test_leaves_keep_a_yes_apart_from_a_1():
    # (True,) == (1,) in Python: answers must still be written as they are (true and 1)
    from paragraphs.book.model import Question
    from paragraphs.odds import leaves
    from paragraphs.odds.tree import Interner, Segment

    nodes = Interner()
    _, count = nodes.question(Question("n", "How many?", "integer", 1, 2), [(1, Segment(trail=("one",)), nodes.leaf()), (2, Segment(trail=("two",)), nodes.leaf())])
    start, root = nodes.question(Question("flag", "Is it so?"), [(True, Segment(), count), (False, Segment(trail=("no",)), nodes.leaf())])
    answers = sorted((dict(o.answers) for o in leaves(start, root, False)), key=str)
    assert answers == sorted([{"flag": "true", "n": "1"}, {"flag": "true", "n": "2"}, {"flag": "false"}], key=str)
