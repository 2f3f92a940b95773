"""Exact odds of a paragraph or a procedure, as a factored outcome tree.

:func:`paragraph_odds` and :func:`procedure_odds` return an :class:`OddsResult`: its
``tree`` (chance, question and leaf nodes, see :mod:`paragraphs.odds.tree`) and its
``outcomes`` (every leaf with its exact probability, most probable first). A question
nobody answered splits only what follows it; answers that lead to the same future merge.
Work is bounded by a node budget: what lies past it becomes a *frontier* leaf with its
exact probability ("continues at 36; depends on storm"), so size is never an error.
``depth`` stops every branch on the N-th paragraph entered after the target.

For any full assignment of the open questions, the leaves whose answers agree with it sum
to exactly 1.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable, Mapping
from paragraphs.foundation.dataclass_code import field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Iterator

from paragraphs.book import model as m
from paragraphs.interpreter.context import Context
from paragraphs.foundation.errors import OddsError, UsageError
from paragraphs.odds.tree import DEFAULT_BUDGET, EMPTY, PROCEDURE_BUDGET, Builder, Interner, Node, Segment, _OverBudget
from paragraphs.state import State

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # the standard decorator, its methods compiled once between runs (start-up time)
    from paragraphs.foundation.dataclass_code import dataclass

if TYPE_CHECKING:
    from paragraphs.interpreter.engine import Engine

__all__ = ["DEFAULT_BUDGET", "PROCEDURE_BUDGET", "Outcome", "OddsMemo", "OddsResult", "check_odds", "paragraph_odds", "procedure_odds"]

FORMAT = "paragraphs-odds"
VERSION = 2


@dataclass(frozen=True)
class Outcome:
    """One leaf of the outcome tree, with everything on the path to it.

    ``answers`` holds ``(key, JSON text)`` of the answers assumed on this leaf's own path
    (a JSON list where several answers merged); ``values`` holds ``(name, JSON text)``.
    Iterating an outcome gives ``(outcome, probability)``, as the items of the 1.x
    ``outcomes`` list did.
    """

    label: str
    trail: tuple[str, ...] = ()
    marked: tuple[str, ...] = ()
    counters: tuple[tuple[str, int], ...] = ()
    values: tuple[tuple[str, str], ...] = ()
    effects: tuple[str, ...] = ()
    answers: tuple[tuple[str, str], ...] = ()
    probability: Fraction = Fraction(1)
    frontier: tuple[str, tuple[str, ...], str] | None = None
    unknown: str | None = None

    def __iter__(self) -> Iterator[Any]:
        return iter((self, self.probability))

    @property
    def p(self) -> float:
        return float(self.probability)

    def agrees(self, answers: Mapping[str, Any]) -> bool:
        """Whether this leaf is consistent with a (full or partial) assignment of answers."""
        for key, encoded in self.answers:
            if key not in answers:
                continue
            value = json.loads(encoded)
            if isinstance(value, list) and not isinstance(answers[key], list):
                if answers[key] not in value:
                    return False
            elif value != answers[key]:
                return False
        return True

    def to_json(self) -> dict[str, Any]:
        p = self.probability
        out: dict[str, Any] = {
            "trail": list(self.trail),
            "label": self.label,
            "answers": {k: json.loads(v) for k, v in self.answers},
            "probability": f"{p.numerator}/{p.denominator}",
            "p": float(p),
            "marked": list(self.marked),
            "counters": dict(self.counters),
            "values": {k: json.loads(v) for k, v in self.values},
            "effects": list(self.effects),
        }
        if self.frontier is not None:
            at, needs, reason = self.frontier
            out["frontier"] = {"at": at, "needs": list(needs), "reason": reason}
        if self.unknown is not None:
            out["unknown"] = self.unknown
        return out


@dataclass
class OddsResult:
    """The outcome tree of a paragraph or procedure and its leaves, most probable first.

    Attributes:
        target: the paragraph id or procedure name.
        kind: ``paragraph`` or ``procedure``.
        tree: the root :class:`~paragraphs.odds.tree.Node`; ``start`` is the segment
            before it (the paragraphs entered before the first roll or question).
        outcomes: every leaf as an :class:`Outcome`.
        assumed: keys of the open questions the tree splits on.
        questions: those questions (key, prompt, domain).
        budget, depth: the limits it was computed with.
        spoilers: whether labels show what happens in paragraphs further on.
    """

    target: str
    outcomes: list[Outcome]
    assumed: list[str] = field(default_factory=list)
    tree: Node | None = None
    start: Segment = EMPTY
    kind: str = "paragraph"
    questions: list[m.Question] = field(default_factory=list)
    budget: int = DEFAULT_BUDGET
    depth: int | None = None
    spoilers: bool = False

    def total(self, answers: Mapping[str, Any] | None = None) -> Fraction:
        """Sum of the leaves consistent with ``answers`` (all leaves when None).

        For a full assignment of the open questions this is exactly 1.
        """
        return sum((o.probability for o in self.outcomes if answers is None or o.agrees(answers)), Fraction(0))

    @property
    def frontier_mass(self) -> Fraction:
        """Probability left on frontier leaves, summed over every leaf (as ``total()``)."""
        return sum((o.probability for o in self.outcomes if o.frontier is not None), Fraction(0))

    def to_json(self) -> dict[str, Any]:
        """The ``paragraphs-odds`` format, version 2 (see the docs' odds page)."""
        assert self.tree is not None
        return {
            "format": FORMAT,
            "version": VERSION,
            "target": self.target,
            "kind": self.kind,
            "budget": self.budget,
            "depth": self.depth,
            "assumed_questions": [_question_json(q) for q in self.questions],
            "tree": node_json(self.start, self.tree),
            "outcomes": [o.to_json() for o in self.outcomes],
        }


def _question_json(q: m.Question) -> dict[str, Any]:
    return {"key": q.key, "prompt": q.prompt, "type": q.type, "domain": q.domain()}


def _fraction(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def node_json(before: Segment, node: Node) -> dict[str, Any]:
    """One node (and everything below it) as JSON; ``before`` is the segment leading in."""
    out: dict[str, Any] = {"kind": node.kind, "before": before.to_json()}
    if node.kind == "leaf":
        if node.label is not None:
            out["label"] = node.label
        if node.frontier is not None:
            out["frontier"] = {"at": node.frontier["at"], "needs": list(node.frontier["needs"]), "reason": node.frontier["reason"]}
        if node.unknown is not None:
            out["unknown"] = node.unknown
        return out
    if node.kind == "question":
        out["key"] = node.key
        out["prompt"] = node.what
    else:
        out["what"] = node.what
    branches = []
    for label, values, p, seg, child in node.branches:
        b: dict[str, Any] = {"label": label}
        if node.kind == "question":
            b["answers"] = values[0] if len(values) == 1 else sorted(values, key=_json_sort)
        else:
            b["values"] = list(values)
            assert p is not None
            b["probability"] = _fraction(p)
            b["p"] = float(p)
        b["node"] = node_json(seg, child)
        branches.append(b)
    out["branches"] = branches
    return out


def _json_sort(v: Any) -> tuple[int, Any]:
    if isinstance(v, bool):
        return (0, int(v))
    if isinstance(v, (int, float)):
        return (1, v)
    return (2, str(v))


# --------------------------------------------------------------------------- leaves


def leaves(start: Segment, root: Node, spoilers: bool) -> list[Outcome]:
    """Every outcome of the tree under ``root``: its path's segment, probability and answers.

    Leaves that end the same way under the same answers are listed once, their
    probabilities summed.
    """
    out: list[Outcome] = []
    # A path's probability is carried as an integer numerator and denominator and made a
    # Fraction once at its leaf: a tree of a few thousand leaves spent most of its time
    # here normalising Fractions at every level.
    stack: list[tuple[Segment, Node, int, int, tuple[tuple[str, str], ...]]] = [(start, root, 1, 1, ())]
    # a question branch's answers as JSON, by the id() of its answers tuple (a shared
    # subtree is walked once per path to it: encoded once). Not by the tuple's value:
    # (1,) == (True,), and they encode differently. The nodes hold the tuples throughout.
    encoded: dict[int, str] = {}
    # a leaf's label and frontier, by its segment and node: paths that differ only in
    # their answers (a shared subtree under each answer) end in the same ones
    labels: dict[tuple[Segment, Node], tuple[str, tuple[str, tuple[str, ...], str] | None]] = {}
    while stack:
        seg, node, num, den, answers = stack.pop()
        if node.kind == "leaf":
            found = labels.get((seg, node))
            if found is None:
                found = labels[(seg, node)] = _leaf_label(seg, node, spoilers)
            label, frontier = found
            out.append(Outcome(label, seg.trail, seg.marked, seg.counters, seg.values, seg.effects, tuple(sorted(answers)), Fraction(num, den), frontier, node.unknown))
            continue
        if node.kind == "question":
            qkey = node.key
            for _, values, _, bseg, child in node.branches:
                text = encoded.get(id(values))
                if text is None:
                    text = encoded[id(values)] = json.dumps(values[0] if len(values) == 1 else sorted(values, key=_json_sort))
                stack.append((seg if bseg is EMPTY else seg + bseg, child, num, den, answers + ((qkey, text),)))
        else:
            for _, _, bp, bseg, child in node.branches:
                assert bp is not None
                stack.append((seg if bseg is EMPTY else seg + bseg, child, num * bp.numerator, den * bp.denominator, answers))
    # leaves with the same outcome and the same answers are one outcome (a procedure's
    # "hit" reached by several rolls)
    merged: dict[Any, Outcome] = {}
    for o in out:
        key = (o.label, o.trail, o.marked, o.counters, o.values, o.effects, o.answers, o.frontier, o.unknown)
        seen = merged.get(key)
        merged[key] = o if seen is None else replace(seen, probability=seen.probability + o.probability)
    result = list(merged.values())
    # Most probable first, then by answers, label and trail. The float decides most
    # comparisons (rounding to a float never reverses two probabilities); where two floats
    # tie, the exact values decide, and they are nearly always equal too: sort without
    # them (a Fraction comparison costs as much as the rest of a leaf), then check that
    # every run of equal floats holds one exact value, and sort with them if not.
    result.sort(key=lambda o: (-o.p, o.answers, o.label, o.trail))
    for a, b in zip(result, result[1:]):
        pa, pb = a.probability, b.probability
        if (pa.numerator != pb.numerator or pa.denominator != pb.denominator) and float(pa) == float(pb):
            result.sort(key=lambda o: (-o.p, -o.probability, o.answers, o.label, o.trail))
            break
    return result


def _leaf_label(seg: Segment, node: Node, spoilers: bool) -> tuple[str, tuple[str, tuple[str, ...], str] | None]:
    """A leaf's label and frontier ``(at, needs, reason)``, from its path's segment."""
    frontier = None
    if node.frontier is not None:
        frontier = (str(node.frontier["at"]), tuple(node.frontier["needs"]), str(node.frontier["reason"]))
    label = node.label if node.label is not None else outcome_label(seg, spoilers)
    if frontier is not None:
        label += "; " + frontier_text(frontier)
    if node.unknown is not None:
        # a procedure's unknown cell has no trail to name: the cell is the whole outcome
        label = f"unknown: {node.unknown}" if label == NO_TRAIL else f"{label}; unknown: {node.unknown}"
    return label, frontier


def frontier_text(frontier: tuple[str, tuple[str, ...], str]) -> str:
    at, needs, reason = frontier
    why = {"depth": "", "budget": " (past the node budget)", "loop": " (a loop)"}.get(reason, "")
    text = f"continues at {at}{why}"
    if needs:
        text += "; depends on " + ", ".join(needs)
    return text


#: How an outcome that entered no paragraph (a procedure's) reads before its details.
NO_TRAIL = "(no paragraph)"


def outcome_label(seg: Segment, spoilers: bool) -> str:
    """Text of an outcome: trail, checks, marks, counters and values (long ones with spoilers)."""
    parts = [" -> ".join(seg.trail) if seg.trail else NO_TRAIL]
    checks = [e.removeprefix("check:") for e in seg.effects if e.startswith("check:")]
    if checks:
        parts.append(", ".join(checks))
    if spoilers:
        others = [e for e in seg.effects if not e.startswith("check:")]
        if others:
            parts.append(", ".join(others))
    if seg.marked:
        parts.append("marks " + ", ".join(sorted(seg.marked)))
    for k, v in seg.counters:
        parts.append(f"{k} {v:+d}")
    for name, encoded in seg.values:
        value = json.loads(encoded)
        # structured or long values can quote a paragraph the player has not read
        if spoilers or isinstance(value, (int, float, bool)) or (isinstance(value, str) and len(value) <= 24):
            parts.append(f"{name}={value}")
    return "; ".join(parts)


# --------------------------------------------------------------------------- memo


class OddsMemo:
    """What odds computations learnt, reusable by the next ones on the same engine.

    Pass the same memo to several :func:`paragraph_odds` calls (the odds of every
    paragraph of a book, say) and the subtrees they share are computed once.
    """

    def __init__(self) -> None:
        self.tables: dict[Any, tuple[dict[Any, Any], Interner]] = {}

    def table(self, engine: Engine) -> tuple[dict[Any, Any], Interner]:
        # keyed by the engine object itself (the memo holds it), never by its id()
        hit = self.tables.get(engine)
        if hit is None:
            hit = self.tables[engine] = ({}, Interner())
        return hit


def _deprecated(cap: int | None, detail: str | None) -> None:
    if cap is not None:
        warnings.warn("odds: cap= is deprecated and ignored (odds are bounded by budget= now)", DeprecationWarning, stacklevel=3)
    if detail is not None:
        warnings.warn("odds: detail= is deprecated and ignored (outcomes always keep their whole trail; use depth=)", DeprecationWarning, stacklevel=3)


def _compute(
    engine: Engine,
    state: State,
    given: Mapping[str, Any],
    run: Callable[[Context], Any],
    boundary: bool,
    budget: int,
    depth: int | None,
    memo: OddsMemo | None,
) -> tuple[Segment, Node, dict[str, m.Question]]:
    """The tree within ``budget``: whole if it fits, else to the deepest depth that fits."""
    table, interner = (memo or OddsMemo()).table(engine)

    def truncated(d: int | None) -> tuple[tuple[Segment, Node, dict[str, m.Question]], bool]:
        """The tree to depth ``d`` with frontier leaves past the budget, and whether it
        passed the budget (when it did not, it is the tree a computation that stops at the
        budget would give)."""
        b = Builder(engine, table, interner, budget, d, True)
        seg, node = b.segment(state, given, run, boundary, 0)
        return (seg, node, b.asked), b.spent

    def deeper(d: int) -> tuple[Segment, Node, dict[str, m.Question]] | None:
        """The tree to depth ``d``, or None when it passes the budget. A deeper pass that
        does not fit is thrown away, so it stops as soon as it passes (most of the time
        on the answers of one check, before any of them is replayed)."""
        b = Builder(engine, table, interner, budget, d, False)
        try:
            seg, node = b.segment(state, given, run, boundary, 0)
        except _OverBudget:
            return None
        return seg, node, b.asked

    with _deep_recursion():
        try:
            if not boundary or (depth is not None and depth <= 1):
                # a procedure (no jumps to deepen by), or a depth of at most one: one
                # computation, past the budget frontier leaves
                return truncated(depth)[0]
            # Deepen from the target paragraph on its own (depth 1), doubling: a depth
            # whose tree has no branch cut by it is the whole tree; the first depth that
            # passes the budget ends the search, and the last one that fitted is the
            # answer (the first one's truncated tree when even depth 1 does not fit).
            # Subtrees no depth cut are memoised whatever the depth, so each pass
            # computes only what lies past the previous one.
            best, spent = truncated(1)
            if spent or not _has_frontier(best[1], "depth"):
                return best
            d = 2
            while True:
                at = d if depth is None or d < depth else depth
                found = deeper(at)
                if found is None:
                    return best
                best = found
                if at == depth or not _has_frontier(found[1], "depth"):
                    return found
                d *= 2
        except RecursionError:
            raise OddsError("the chain of paragraphs is too deep to enumerate") from None


def _has_frontier(root: Node, reason: str) -> bool:
    seen: set[int] = set()
    todo = [root]
    while todo:
        node = todo.pop()
        if node.uid in seen:
            continue
        seen.add(node.uid)
        if node.kind == "leaf":
            if node.frontier is not None and node.frontier["reason"] == reason:
                return True
            continue
        todo.extend(b[4] for b in node.branches)
    return False


def _question_nodes(root: Node) -> set[str]:
    seen: set[int] = set()
    keys: set[str] = set()
    todo = [root]
    while todo:
        node = todo.pop()
        if node.uid in seen:
            continue
        seen.add(node.uid)
        if node.kind == "question":
            keys.add(node.key)
        todo.extend(b[4] for b in node.branches)
    return keys


class _deep_recursion:
    """Long chains of jumps recurse once per memo point; allow that for the computation."""

    def __enter__(self) -> None:
        import sys

        self.saved = sys.getrecursionlimit()
        sys.setrecursionlimit(max(self.saved, 50_000))

    def __exit__(self, *exc: Any) -> None:
        import sys

        sys.setrecursionlimit(self.saved)


def _result(target: str, kind: str, seg: Segment, root: Node, asked: Mapping[str, m.Question], budget: int, depth: int | None, spoilers: bool) -> OddsResult:
    keys = _question_nodes(root)
    questions = [asked[k] for k in sorted(keys) if k in asked]
    return OddsResult(target, leaves(seg, root, spoilers), sorted(keys), root, seg, kind, questions, budget, depth, spoilers)


def _check_limits(budget: int | None, depth: int | None, default: int = DEFAULT_BUDGET) -> int:
    if budget is None:
        budget = default
    if budget < 1:
        raise UsageError("the odds budget must be at least 1 node")
    if depth is not None and depth < 0:
        raise UsageError("the odds depth must be 0 or more")
    return budget


def _check_procedure_args(engine: Engine, name: str, function: Callable[..., Any], args: Mapping[str, Any]) -> None:
    """A missing or unknown argument is the caller's mistake: say which, before any roll
    (inside the computation it would read as a bug of the title's code)."""
    import inspect

    try:
        params = list(inspect.signature(function).parameters.values())[1:]  # after ctx
    except (TypeError, ValueError):
        return  # a builtin or C function: nothing to check against
    named = [p for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    missing = [p.name for p in named if p.default is p.empty and p.name not in args]
    if missing:
        import difflib

        # an argument given under a misspelt name ('heigth' for 'height') says so
        stray = [k for k in args if k not in {p.name for p in named}]
        near = [f"{k!r} is not one of its arguments (did you mean {close[0]!r}?)" for k in stray for close in [difflib.get_close_matches(k, missing, n=1, cutoff=0.6)] if close]
        hint = f"; {'; '.join(near)}" if near else ""
        raise UsageError(f"{engine.book.title} procedure {name!r} needs " + ", ".join(missing) + " (on the command line: --arg " + " --arg ".join(f"{k}=VALUE" for k in missing) + f"){hint}")
    if not any(p.kind is p.VAR_KEYWORD for p in params):
        known = {p.name for p in named}
        unknown = sorted(k for k in args if k not in known)
        if unknown:
            takes = ", ".join(sorted(known)) or "no arguments"
            raise UsageError(f"{engine.book.title} procedure {name!r} takes {takes}, not " + ", ".join(unknown))


def paragraph_odds(
    engine: Engine,
    paragraph: str | int,
    state: State | None = None,
    answers: Mapping[str, Any] | None = None,
    *,
    depth: int | None = None,
    budget: int | None = None,
    spoilers: bool = False,
    memo: OddsMemo | None = None,
    cap: int | None = None,
    detail: str | None = None,
) -> OddsResult:
    """The outcome tree of resolving ``paragraph``, with exact probabilities.

    Args:
        engine: the engine of the title.
        paragraph: where to start.
        state: the play-through so far (a new one when None); questions whose answers it
            holds (a track's value) never split.
        answers: answers given; questions not answered split what follows them.
        depth: stop each branch on entering the ``depth``-th paragraph after this one
            (``see`` and ``goto`` alike): a frontier leaf whose trail ends with it.
        budget: most nodes to compute (default :data:`DEFAULT_BUDGET`, for a procedure
            :data:`PROCEDURE_BUDGET`); what lies past
            it becomes frontier leaves, each with its exact probability.
        spoilers: outcome labels also show effects and long values set further on.
        memo: an :class:`OddsMemo` shared between calls on the same engine.
        cap, detail: deprecated and ignored (a warning says so); removed in the next
            release.

    Never raises for size.
    """
    _deprecated(cap, detail)
    budget = _check_limits(budget, depth)
    start = engine.book.resolve_id(paragraph)
    given = engine.parse_answers(answers or {})
    base = state if state is not None else engine.new_state()
    seg, root, asked = _compute(engine, base, given, lambda ctx: engine.enter(ctx, start, {}), True, budget, depth, memo)
    return _result(start, "paragraph", seg, root, asked, budget, depth, spoilers)


def check_odds(
    engine: Engine,
    kind: str,
    spec: Mapping[str, Any],
    state: State | None = None,
    answers: Mapping[str, Any] | None = None,
    *,
    use_chances: bool = True,
    budget: int | None = None,
) -> OddsResult:
    """The outcome tree of one check of ``kind`` with ``spec`` (its own keys, as in content).

    With ``use_chances`` (the default) the kind's ``chances`` give the branches, as exact
    odds of a paragraph use them; without, its ``resolve`` is run on every face of its dice.
    The two must agree (:func:`paragraphs.testing.assert_chances_agree` checks it).

    Raises:
        UsageError: the title has no such check kind.
    """
    budget = _check_limits(budget, None, PROCEDURE_BUDGET)
    found = engine.grammar.checks.get(kind)
    if found is None:
        known = ", ".join(sorted(engine.grammar.checks)) or "none"
        raise UsageError(f"{engine.book.title} has no check kind {kind!r} (check kinds: {known})")
    full = {"purpose": f"{kind} check", **dict(spec)}
    given = engine.parse_answers(answers or {})
    base = state if state is not None else engine.new_state()

    def run(ctx: Any) -> Any:
        if use_chances:
            return ctx.check(kind, full)
        outcome = found.resolve(ctx, full)
        if outcome not in found.outcomes:
            from paragraphs.pluginhost.plugin_errors import undeclared_outcome

            raise undeclared_outcome(engine.book.title, "check kind", kind, found.resolve, outcome, found.outcomes)
        return outcome

    seg, root, asked = _compute(engine, base, given, run, False, budget, None, None)
    return _result(kind, "procedure", seg, root, asked, budget, None, False)


def procedure_odds(
    engine: Engine,
    name: str,
    state: State | None = None,
    answers: Mapping[str, Any] | None = None,
    *,
    args: Mapping[str, Any] | None = None,
    depth: int | None = None,
    budget: int | None = None,
    spoilers: bool = False,
    memo: OddsMemo | None = None,
    cap: int | None = None,
) -> OddsResult:
    """The outcome tree of the labels a title procedure returns.

    Arguments as :func:`paragraph_odds` (``args`` are the procedure's own arguments).

    Raises:
        UsageError: the title has no such procedure, or ``args`` lacks one it needs or
            holds one it does not take.
    """
    _deprecated(cap, None)
    budget = _check_limits(budget, depth, PROCEDURE_BUDGET)
    proc = engine.grammar.procedures.get(name)
    if proc is None:
        known = ", ".join(sorted(engine.grammar.procedures)) or "none"
        raise UsageError(f"{engine.book.title} has no procedure {name!r} (procedures: {known})")
    call_args = dict(args or {})
    _check_procedure_args(engine, name, proc.function, call_args)
    given = engine.parse_answers(answers or {})
    base = state if state is not None else engine.new_state()
    def run(ctx: Any) -> Any:
        from paragraphs.interpreter.handlers import procedure_label

        result = proc.function(ctx, **call_args)
        procedure_label(engine.book.title, proc, result)
        return result

    seg, root, asked = _compute(engine, base, given, run, False, budget, depth, memo)
    return _result(name, "procedure", seg, root, asked, budget, depth, spoilers)
