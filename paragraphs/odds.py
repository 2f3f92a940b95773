"""Exact odds: the probability of every distinct outcome of a paragraph or a procedure.

The resolution is re-run with every possible roll at every chance node (``fractions.
Fraction``, so the result is exact and reduced). A question left unanswered splits the
result: each outcome lists the answers it assumes, and the outcomes that assume the same
answers sum to 1. When the unanswered questions' domains would multiply past a cap, the
error names the questions to answer.

Re-running a resolution from the start for every branch would repeat work; instead a
jump (``goto``) out of the top-level paragraph is a memo point: what follows depends only
on the target and the state then, so it is computed once per distinct (target, state).

An outcome is the trail of paragraphs entered, the sightings newly marked, the counter
changes, and the values set; for a procedure, the label it returns.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from paragraphs import model as m
from paragraphs.context import Chooser, Context
from paragraphs.dice import Die
from paragraphs.errors import CycleError, OddsError, ParagraphsError, ResolutionError, UsageError
from paragraphs.state import State

if TYPE_CHECKING:
    from paragraphs.engine import Engine

DEFAULT_CAP = 4096
#: Most partial resolutions one odds computation may run before it gives up.
MAX_RUNS = 200_000
#: Longest chain of jumps followed (a real resolution is bounded by its entry limit too).
MAX_CHAIN = 2_000
#: Most distinct outcomes one odds computation may hold (trails can multiply fast).
MAX_OUTCOMES = 100_000


@dataclass(frozen=True, order=True)
class Outcome:
    """One distinct way a resolution can end."""

    label: str
    trail: tuple[str, ...] = ()
    marked: tuple[str, ...] = ()
    counters: tuple[tuple[str, int], ...] = ()
    values: tuple[tuple[str, str], ...] = ()
    effects: tuple[str, ...] = ()
    answers: tuple[tuple[str, str], ...] = ()

    def to_json(self, probability: Fraction) -> dict[str, Any]:
        return {
            "trail": list(self.trail),
            "label": self.label,
            "answers": {k: json.loads(v) for k, v in self.answers},
            "probability": f"{probability.numerator}/{probability.denominator}",
            "p": float(probability),
            "marked": list(self.marked),
            "counters": dict(self.counters),
            "values": {k: json.loads(v) for k, v in self.values},
            "effects": list(self.effects),
        }


@dataclass
class OddsResult:
    """Every outcome with its exact probability, most likely first."""

    target: str
    outcomes: list[tuple[Outcome, Fraction]]
    assumed: list[str] = field(default_factory=list)

    def total(self, answers: Mapping[str, Any] | None = None) -> Fraction:
        """Sum of probabilities of the outcomes that assume ``answers`` (all when None)."""
        want = None if answers is None else {k: json.dumps(v) for k, v in answers.items()}
        return sum((p for o, p in self.outcomes if want is None or dict(o.answers) == want), Fraction(0))

    def to_json(self) -> dict[str, Any]:
        return {
            "target": self.target,
            "assumed_questions": list(self.assumed),
            "outcomes": [o.to_json(p) for o, p in self.outcomes],
        }


class _Branch(Exception):
    def __init__(self, options: list[tuple[tuple[Any, ...], Fraction | None]], question: m.Question | None = None) -> None:
        self.options = options
        self.question = question
        super().__init__()


class _Boundary(Exception):
    def __init__(self, target: str) -> None:
        self.target = target
        super().__init__(target)


class _OddsChooser(Chooser):
    source_kind = "odds"

    def __init__(self, prefix: tuple[tuple[Any, ...], ...], boundary: bool) -> None:
        self.prefix = prefix
        self.i = 0
        self.boundary = boundary

    def _next(self) -> tuple[Any, ...] | None:
        if self.i < len(self.prefix):
            item = self.prefix[self.i]
            self.i += 1
            return item
        return None

    def roll(self, ctx: Context, die: Die, purpose: str, allowed: set[int] | None) -> int:
        item = self._next()
        if item is not None:
            return int(item[1])
        dist = {f: p for f, p in die.distribution.items() if allowed is None or f in allowed}
        whole = sum(dist.values(), Fraction(0))
        if not whole:
            raise OddsError(f"{purpose}: no face of {die.name} can be used")
        raise _Branch([(("d", f), p / whole) for f, p in dist.items()])

    def pick_outcome(self, ctx: Context, dist: Mapping[str, Fraction]) -> str:
        """Branch on a check's outcomes directly (when its kind knows their chances)."""
        item = self._next()
        if item is not None:
            return str(item[1])
        raise _Branch([(("o", name), Fraction(p)) for name, p in dist.items() if p])

    def answer(self, ctx: Context, question: m.Question) -> Any:
        item = self._next()
        if item is not None:
            return item[2]
        raise _Branch([(("q", question.key, v), None) for v in question.domain()], question)

    def at_boundary(self, ctx: Context, target: str) -> None:
        raise _Boundary(target)


@dataclass
class _Partial:
    """What a (partial) run did, in outcome form, before combining with what follows."""

    trail: tuple[str, ...]
    marked: frozenset[str]
    counters: dict[str, int]
    values: dict[str, str]
    effects: tuple[str, ...]
    assumed: dict[str, str]
    label: str | None = None


class OddsMemo:
    """What one odds computation learnt, reusable by the next on the same engine.

    Pass the same memo to several :func:`paragraph_odds` calls (the odds of every
    paragraph of a book, say) and the chains they share are computed once.
    """

    def __init__(self) -> None:
        self.tables: dict[Any, dict[Any, dict[tuple[Any, ...], Fraction]]] = {}

    def table(self, key: Any) -> dict[Any, dict[tuple[Any, ...], Fraction]]:
        return self.tables.setdefault(key, {})


class _Enumerator:
    def __init__(self, engine: Engine, given: Mapping[str, Any], cap: int, detail: str, spoilers: bool, memo: OddsMemo | None = None) -> None:
        self.engine = engine
        self.given = dict(given)
        self.cap = cap
        self.detail = detail
        self.spoilers = spoilers
        shared = memo or OddsMemo()
        self.memo: dict[Any, dict[tuple[Any, ...], Fraction]] = shared.table((engine, detail, spoilers))
        self.asked: dict[str, int] = {}
        self.runs = 0
        self.stored = 0
        self._open: set[Any] = set()
        self._chain: list[str] = []
        self._counted = _counted_paragraphs(engine)
        self._relevance = _relevance(engine)

    # -------------------------------------------------------------- core loop
    def explore(self, state: State, answers: dict[str, Any], run: Callable[[Context], Any], boundary: bool) -> dict[tuple[Any, ...], Fraction]:
        """Distribution of partial outcomes of ``run`` from ``state`` (keys are hashable)."""
        results: dict[tuple[Any, ...], Fraction] = {}
        todo: list[tuple[tuple[tuple[Any, ...], ...], Fraction]] = [((), Fraction(1))]
        base_values = dict(state.values)
        while todo:
            self.runs += 1
            if self.runs > MAX_RUNS:
                raise OddsError(f"the outcome tree is too large (over {MAX_RUNS} partial resolutions); answer more questions or use --detail end")
            prefix, p = todo.pop()
            work = State(**state.snapshot())
            ctx = Context(self.engine, work, dict(answers), _OddsChooser(prefix, boundary), record=False, track_effects=True)
            try:
                label = run(ctx)
            except _Branch as branch:
                if branch.question is not None:
                    self._note_question(branch.question)
                for item, weight in branch.options:
                    todo.append((prefix + (item,), p if weight is None else p * weight))
                continue
            except _Boundary as stop:
                head = self._partial(ctx, answers, base_values, None)
                for tail, q in self._after(stop.target, ctx.state, ctx.answers).items():
                    _add(results, _combine(head, tail, self.detail), p * q)
                self._check_size(results)
                continue
            except (ParagraphsError, RecursionError):
                raise
            except Exception as exc:  # a plugin's bug: named, with its file and line
                from paragraphs.plugin_errors import describe

                raise ResolutionError(f"{self.engine.book.title} {ctx.paragraph}: {describe(exc, self.engine.grammar, 'code')}") from exc
            _add(results, _freeze(self._partial(ctx, answers, base_values, label)), p)
            self._check_size(results)
        return results

    def _check_size(self, results: dict[tuple[Any, ...], Fraction]) -> None:
        if len(results) > MAX_OUTCOMES:
            hint = "" if self.detail == "end" else "; use --detail end to tell outcomes apart by where they end"
            raise OddsError(f"more than {MAX_OUTCOMES} distinct outcomes{hint}")

    def _after(self, target: str, state: State, answers: dict[str, Any]) -> dict[tuple[Any, ...], Fraction]:
        key = (target, self._state_key(state, target), tuple(sorted((k, json.dumps(v, sort_keys=True)) for k, v in answers.items())))
        hit = self.memo.get(key)
        if hit is None:
            if key in self._open:
                # the same jump from the same state again: a loop whose length has no
                # bound, so its outcomes (each trail a different length) are unbounded too
                raise CycleError(self._chain[self._chain.index(target):] + [target])
            if len(self._chain) >= MAX_CHAIN:
                raise CycleError(self._chain[-8:] + ["..."])
            self._open.add(key)
            self._chain.append(target)
            try:
                hit = self.explore(state, dict(answers), lambda ctx: self.engine.enter(ctx, target, {}), True)
            finally:
                self._open.discard(key)
                self._chain.pop()
            self.stored += len(hit)
            if self.stored > 4 * MAX_OUTCOMES:
                raise OddsError(f"the chain holds more than {4 * MAX_OUTCOMES} partial outcomes; answer more questions or use --detail end")
            self.memo[key] = hit
        return hit

    def _note_question(self, q: m.Question) -> None:
        if q.key in self.asked:
            return
        self.asked[q.key] = len(q.domain())
        combos = 1
        for n in self.asked.values():
            combos *= n
        if combos > self.cap:
            keys = ", ".join(sorted(self.asked))
            raise OddsError(f"unanswered questions would split the odds {combos} ways (cap {self.cap}); answer some of: {keys}")

    # -------------------------------------------------------------- outcomes
    def _partial(self, ctx: Context, answers: Mapping[str, Any], base_values: Mapping[str, Any], label: Any) -> _Partial:
        assumed = {k: json.dumps(v, sort_keys=True) for k, v in ctx.answers.items() if k not in answers}
        # Values set on the way are part of an outcome; structured ones (a victory regime's
        # wording, a history list) are shown only with spoilers: they can tell what a
        # paragraph the player has not read says.
        values = {
            k: json.dumps(v, sort_keys=True)
            for k, v in ctx.state.values.items()
            if base_values.get(k, _MISSING) != v and (self.spoilers or isinstance(v, (int, float, bool)) or (isinstance(v, str) and len(v) <= 24))
        }
        trail = tuple(ctx.trail)
        if self.detail == "end":
            trail = trail[-1:]
        text = None
        if label is not None:
            text = label.get("label") if isinstance(label, Mapping) else str(label)
        return _Partial(
            trail,
            frozenset() if self.detail == "end" else frozenset(ctx.marked),
            {k: v for k, v in ctx.counter_changes.items() if v},
            values,
            () if self.detail == "end" and not self.spoilers else tuple(e for e in ctx.effects if self.spoilers or e.startswith("check:")),
            assumed,
            text,
        )

    def _state_key(self, state: State, target: str) -> str:
        counted = {p: state.read_counts.get(p, 0) for p in self._counted}
        relevant = self._relevance.sightings(target, marks=self.detail != "end")
        sightings = state.sightings.items() if relevant is None else ((k, v) for k, v in state.sightings.items() if k in relevant)
        return json.dumps(
            [
                sorted((k, state.observers(k), state.has_sighting(k, "\0")) for k, _ in sightings),
                state.counters,
                state.values,
                counted,
                sorted(state.retired),
                sorted(h["id"] for h in state.hooks),
                state.extra,
            ],
            sort_keys=True,
            default=str,
        )


_MISSING = object()


def _freeze(p: _Partial) -> tuple[Any, ...]:
    return (
        p.trail,
        tuple(sorted(p.marked)),
        tuple(sorted(p.counters.items())),
        tuple(sorted(p.values.items())),
        p.effects,
        tuple(sorted(p.assumed.items())),
        p.label,
    )


def _combine(head: _Partial, tail: tuple[Any, ...], detail: str) -> tuple[Any, ...]:
    trail, marked, counters, values, effects, assumed, label = tail
    merged_counters = dict(head.counters)
    for k, v in counters:
        merged_counters[k] = merged_counters.get(k, 0) + v
    merged_values = dict(head.values)
    merged_values.update(dict(values))
    return (
        trail if detail == "end" else head.trail + trail,
        tuple(sorted(head.marked | set(marked))),
        tuple(sorted((k, v) for k, v in merged_counters.items() if v)),
        tuple(sorted(merged_values.items())),
        head.effects + effects,
        tuple(sorted({**head.assumed, **dict(assumed)}.items())),
        label,
    )


def _add(results: dict[tuple[Any, ...], Fraction], key: tuple[Any, ...], p: Fraction) -> None:
    results[key] = results.get(key, Fraction(0)) + p




class _Relevance:
    """Which sightings can still matter after a jump to a paragraph.

    What follows a jump depends only on the sightings some reachable paragraph tests (and,
    when outcomes list the sightings they mark, on those it marks). Leaving the others out
    of the memo key lets chains that differ only in irrelevant sightings share their odds.
    A reachable paragraph with title steps, title predicates, procedures or an
    any-sighting test could look at any sighting: then all of them count.
    """

    def __init__(self, engine: Engine) -> None:
        from paragraphs.graph import edges

        book = engine.book
        self.succ: dict[str, set[str]] = {}
        for e in edges(book, engine.grammar):
            if e.target in book.paragraphs:
                self.succ.setdefault(e.source, set()).add(e.target)
        self.own: dict[str, tuple[set[str], set[str], bool]] = {}
        for par in book.paragraphs.values():
            tested: set[str] = set()
            marked: set[str] = set(par.marks)
            opaque = False
            for step in m.walk_steps(par.steps):
                if isinstance(step, (m.MarkSighting, m.ClearSighting)):
                    marked.update(step.ids)
                elif isinstance(step, (m.TitleStep, m.ProcedureCall)):
                    opaque = True
                for pred in m.step_predicates(step):
                    for p in m.walk_predicate(pred):
                        if isinstance(p, m.SightingIs):
                            tested.add(p.id)
                        elif isinstance(p, (m.AnySighting, m.TitlePredicate)):
                            opaque = True
            self.own[par.id] = (tested, marked, opaque)
        self.cache: dict[tuple[str, bool], frozenset[str] | None] = {}

    def sightings(self, target: str, *, marks: bool) -> frozenset[str] | None:
        key = (target, marks)
        if key in self.cache:
            return self.cache[key]
        seen = {target}
        todo = [target]
        out: set[str] = set()
        result: frozenset[str] | None = None
        while todo:
            pid = todo.pop()
            tested, marked, opaque = self.own.get(pid, (set(), set(), True))
            if opaque:
                break
            out |= tested
            if marks:
                out |= marked
            for nxt in self.succ.get(pid, ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        else:
            result = frozenset(out)
        self.cache[key] = result
        return result


def _relevance(engine: Engine) -> _Relevance:
    # kept on the engine itself: a cache keyed by id() could outlive its engine
    hit = getattr(engine, "_odds_relevance", None)
    if hit is None:
        hit = _Relevance(engine)
        engine._odds_relevance = hit  # type: ignore[attr-defined]
    return hit


def _counted_paragraphs(engine: Engine) -> set[str]:
    """Paragraphs whose read counts some predicate tests (the rest do not affect branching)."""
    known = getattr(engine, "_odds_counted", None)
    if known is not None:
        return known
    book = engine.book
    out: set[str] = set()
    for par in book.paragraphs.values():
        for step in m.walk_steps(par.steps):
            for pred in m.step_predicates(step):
                for p in m.walk_predicate(pred):
                    if isinstance(p, (m.TimesRead, m.HasRead)):
                        out.add(p.paragraph)
    engine._odds_counted = out  # type: ignore[attr-defined]
    return out


def _label(trail: tuple[str, ...], marked: tuple[str, ...], counters: tuple[tuple[str, int], ...], values: tuple[tuple[str, str], ...], effects: tuple[str, ...] = ()) -> str:
    parts = [" -> ".join(trail) if trail else "(no paragraph)"]
    checks = [e.removeprefix("check:") for e in effects if e.startswith("check:")]
    if checks:
        parts.append(", ".join(checks))
    others = [e for e in effects if not e.startswith("check:")]
    if others:
        parts.append(", ".join(others))
    if marked:
        parts.append("marks " + ", ".join(marked))
    for k, v in counters:
        parts.append(f"{k} {v:+d}")
    for name, encoded in values:
        parts.append(f"{name}={json.loads(encoded)}")
    return "; ".join(parts)


def _finish(target: str, raw: dict[tuple[Any, ...], Fraction], asked: dict[str, int]) -> OddsResult:
    outcomes = []
    for (trail, marked, counters, values, effects, assumed, label), p in raw.items():
        text = label if label is not None else _label(trail, marked, counters, values, effects)
        outcomes.append((Outcome(text, trail, marked, counters, values, effects, assumed), p))
    outcomes.sort(key=lambda op: (-op[1], op[0].answers, op[0].label, op[0].trail))
    return OddsResult(target, outcomes, sorted(asked))


def paragraph_odds(
    engine: Engine,
    paragraph: str | int,
    state: State | None = None,
    answers: Mapping[str, Any] | None = None,
    *,
    cap: int = DEFAULT_CAP,
    detail: str = "trail",
    spoilers: bool = False,
    memo: OddsMemo | None = None,
) -> OddsResult:
    """Exact outcome distribution of resolving ``paragraph``.

    Args:
        engine: the engine of the title.
        paragraph: where to start.
        state: the play-through so far (a new one when None).
        answers: answers given; questions not answered split the result.
        cap: most answer combinations to split into before giving up.
        detail: ``trail`` (outcomes differ by their whole trail, the sightings they mark,
            counters and values) or ``end`` (only by the last paragraph entered, counters
            and values: this keeps long chains small).
        spoilers: also tell outcomes apart by what happened in them (effects).
        memo: an :class:`OddsMemo` shared between calls on the same engine.

    Raises:
        OddsError: unanswered questions would split the result past ``cap``.
    """
    start = engine.book.resolve_id(paragraph)
    given = engine.parse_answers(answers or {})
    base = state if state is not None else engine.new_state()
    enum = _Enumerator(engine, given, cap, detail, spoilers, memo)
    with _deep_recursion():
        try:
            raw = enum.explore(base, dict(given), lambda ctx: engine.enter(ctx, start, {}), True)
        except RecursionError:
            raise OddsError("the chain of paragraphs is too deep to enumerate") from None
    return _finish(start, raw, enum.asked)


class _deep_recursion:
    """Long chains of jumps recurse once per memo point; allow that for the computation."""

    def __enter__(self) -> None:
        import sys

        self.saved = sys.getrecursionlimit()
        sys.setrecursionlimit(max(self.saved, 50_000))

    def __exit__(self, *exc: Any) -> None:
        import sys

        sys.setrecursionlimit(self.saved)


def procedure_odds(
    engine: Engine,
    name: str,
    state: State | None = None,
    answers: Mapping[str, Any] | None = None,
    *,
    args: Mapping[str, Any] | None = None,
    cap: int = DEFAULT_CAP,
) -> OddsResult:
    """Exact distribution of the labels a title procedure returns.

    Raises:
        UsageError: the title has no such procedure.
        OddsError: unanswered questions would split the result past ``cap``.
    """
    proc = engine.grammar.procedures.get(name)
    if proc is None:
        known = ", ".join(sorted(engine.grammar.procedures)) or "none"
        raise UsageError(f"{engine.book.title} has no procedure {name!r} (procedures: {known})")
    given = engine.parse_answers(answers or {})
    base = state if state is not None else engine.new_state()
    enum = _Enumerator(engine, given, cap, "trail", False)
    raw = enum.explore(base, dict(given), lambda ctx: proc.function(ctx, **dict(args or {})), False)
    return _finish(name, raw, enum.asked)
