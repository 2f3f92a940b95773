"""The outcome tree: chance, question and leaf nodes, built by replaying a resolution.

A resolution is re-run with a *prefix* of choices (faces, lumped outcomes, answers); at
the first choice past the prefix the odds chooser stops it, and each possible choice is
explored in turn. Each stop becomes a node:

* a *chance* node (a roll or a check: one branch per face range or outcome, exact
  ``Fraction`` each),
* a *question* node (a question nobody answered: one branch per answer, no probability),
* a *leaf* (the resolution ended, or a *frontier*: the budget or ``depth`` stopped it,
  or an unknown table cell that odds never split on).

Each branch carries the *segment* of outcome between its node and the next (paragraphs
entered, sightings marked, counter and value changes, effects), so a leaf's outcome is
the sum of the segments on its path and a shared subtree needs no copy.

A question splits only what follows the point where it is asked. Branches that lead to
the same segment and the same subtree merge (answers ``0-4``; faces ``3-5``). Nodes are
interned, so identical subtrees are one object. After each top-level jump the rest is a
memo point keyed by the target, the part of the state that can still matter, the answers
that can still be asked, and the depth left.
"""

from __future__ import annotations

import json
import pickle
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from paragraphs.book import model as m
from paragraphs.interpreter.context import Chooser, Context
from paragraphs.book.dice import Die
from paragraphs.foundation.errors import OddsError, ParagraphsError, Refused, ResolutionError
from paragraphs.odds.analysis import counted_paragraphs, relevance
from paragraphs.state import State

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # the standard decorator, its methods compiled once between runs (start-up time)
    from paragraphs.foundation.dataclass_code import dataclass

if TYPE_CHECKING:
    from paragraphs.interpreter.engine import Engine

#: Default node budget: work one odds computation may do before deeper parts become
#: frontier leaves (each replayed partial resolution, and each leaf a shared subtree adds,
#: counts one).
DEFAULT_BUDGET = 500
#: Most answers an open question may be split into; a larger integer range (0 to 10^7,
#: say) becomes a frontier that asks for the answer, before its answers are listed.
MAX_QUESTION_ANSWERS = 4096
#: Default for a procedure: one rule function, whose table by open parameters needs every
#: combination of them.
PROCEDURE_BUDGET = 40_000

_UNLIMITED = 1 << 30


# --------------------------------------------------------------------------- segments


@dataclass(frozen=True, slots=True)
class Segment:
    """What happened between two nodes: paragraphs entered, marks, counters, values, effects.

    ``values`` holds ``(name, JSON text)`` pairs, so segments are hashable.
    """

    trail: tuple[str, ...] = ()
    marked: tuple[str, ...] = ()
    counters: tuple[tuple[str, int], ...] = ()
    values: tuple[tuple[str, str], ...] = ()
    effects: tuple[str, ...] = ()

    def __add__(self, other: Segment) -> Segment:
        # Empty segments are the one EMPTY (``after`` and ``_cumulative`` return it): an
        # identity test. Another empty one would go through below and give an equal sum.
        if other is EMPTY:
            return self
        if self is EMPTY:
            return other
        # Listing the leaves adds segments once per branch of every path: the parts the
        # right-hand segment leaves empty (most of them) are kept as they are (every
        # segment's counters and values are sorted, counters without zeros)
        counters = self.counters
        if other.counters:
            merged = dict(counters)
            for k, v in other.counters:
                merged[k] = merged.get(k, 0) + v
            counters = tuple(sorted((k, v) for k, v in merged.items() if v))
        values = self.values
        if other.values:
            values = tuple(sorted({**dict(values), **dict(other.values)}.items()))
        marked = self.marked
        if other.marked:
            marked = marked + tuple(s for s in other.marked if s not in marked)
        return Segment(self.trail + other.trail, marked, counters, values, self.effects + other.effects)

    def after(self, earlier: Segment) -> Segment:
        """What this cumulative segment adds to ``earlier`` (a prefix of it)."""
        # (run once per replayed branch: an earlier segment with no counters or values,
        # the common case, leaves this one's as they are)
        counters = self.counters
        if earlier.counters:
            before = dict(earlier.counters)
            diff = {k: v - before.get(k, 0) for k, v in self.counters}
            for k, v in before.items():
                diff.setdefault(k, -v)
            counters = tuple(sorted((k, v) for k, v in diff.items() if v))
        values = self.values
        if earlier.values:
            old = dict(earlier.values)
            values = tuple((k, v) for k, v in values if old.get(k) != v)
        trail = self.trail[len(earlier.trail) :]
        marked = self.marked[len(earlier.marked) :]
        effects = self.effects[len(earlier.effects) :]
        if not (trail or marked or counters or values or effects):
            return EMPTY  # the one empty segment: adding it is an identity test
        return Segment(trail, marked, counters, values, effects)

    def __bool__(self) -> bool:
        return bool(self.trail or self.marked or self.counters or self.values or self.effects)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"trail": list(self.trail)}
        if self.marked:
            out["marked"] = list(self.marked)
        if self.counters:
            out["counters"] = dict(self.counters)
        if self.values:
            out["values"] = {k: json.loads(v) for k, v in self.values}
        if self.effects:
            out["effects"] = list(self.effects)
        return out


EMPTY = Segment()


# --------------------------------------------------------------------------- nodes


class Node:
    """One node of the outcome tree (interned: equal subtrees are the same object).

    Attributes:
        kind: ``chance``, ``question`` or ``leaf``.
        what: a chance node's roll or check (its purpose); a question node's prompt.
        key: a question node's answer key.
        branches: ``(label, values, probability, segment, child)``; ``values`` are a
            question branch's answers (several where they merged) or a chance branch's
            faces/outcomes, ``probability`` is None on a question branch.
        label: a leaf's label from a procedure (None for paragraphs).
        frontier: on a frontier leaf, where it stops (``{"at", "needs", "reason"}``).
        unknown: on a leaf stopped by an unknown table cell, the cell's key.
        leaves: number of leaves below (as a tree: shared subtrees count each time).
    """

    __slots__ = ("kind", "what", "key", "branches", "label", "frontier", "unknown", "leaves", "uid")

    kind: str
    what: str
    key: str
    branches: tuple[tuple[str, tuple[Any, ...], Fraction | None, Segment, Node], ...]
    label: str | None
    frontier: Mapping[str, Any] | None
    unknown: str | None
    leaves: int
    uid: int


class Interner:
    """Makes nodes; two equal nodes are the same object, so equality is identity."""

    def __init__(self) -> None:
        self.table: dict[Any, Node] = {}
        #: the question of each question node's key
        self.questions: dict[str, m.Question] = {}

    def _make(self, sig: Any, **fields: Any) -> Node:
        hit = self.table.get(sig)
        if hit is not None:
            return hit
        node = Node()
        node.kind = fields["kind"]
        node.what = fields.get("what", "")
        node.key = fields.get("key", "")
        node.branches = fields.get("branches", ())
        node.label = fields.get("label")
        node.frontier = fields.get("frontier")
        node.unknown = fields.get("unknown")
        node.leaves = sum(b[4].leaves for b in node.branches) if node.branches else 1
        node.uid = len(self.table)
        self.table[sig] = node
        return node

    def leaf(self, label: str | None = None, frontier: Mapping[str, Any] | None = None, unknown: str | None = None) -> Node:
        fsig = None if frontier is None else (frontier["at"], tuple(frontier["needs"]), frontier["reason"])
        return self._make(("leaf", label, fsig, unknown), kind="leaf", label=label, frontier=frontier, unknown=unknown)

    def chance(self, what: str, options: list[tuple[Any, Fraction, Segment, Node]]) -> tuple[Segment, Node]:
        """A chance node; options leading to the same segment and subtree merge.

        Returns the segment that follows whatever the roll (when every face leads to the
        same place the roll does not matter and no node is made) and the node.
        """
        merged: dict[tuple[Segment, int], list[Any]] = {}
        for value, p, seg, child in options:
            key = (seg, child.uid)
            slot = merged.get(key)
            if slot is None:
                merged[key] = [[value], p, seg, child]
            else:
                slot[0].append(value)
                slot[1] += p
        if len(merged) == 1:
            ((_, _, seg, child),) = merged.values()
            return seg, child
        branches = tuple(
            (values_label(vals), tuple(vals), p, seg, child)
            for vals, p, seg, child in sorted(merged.values(), key=lambda s: (-s[1], _sort_key(s[0][0])))
        )
        sig = ("chance", what, tuple((b[0], b[2], b[3], b[4].uid) for b in branches))
        return EMPTY, self._make(sig, kind="chance", what=what, branches=branches)

    def question(self, q: m.Question, options: list[tuple[Any, Segment, Node]]) -> tuple[Segment, Node]:
        """A question node; answers leading to the same segment and subtree merge.

        When every answer leads to the same place, the question does not split anything.
        """
        merged: dict[tuple[Segment, int], list[Any]] = {}
        for value, seg, child in options:
            merged.setdefault((seg, child.uid), [[], seg, child])[0].append(value)
        if len(merged) == 1:
            ((_, seg, child),) = merged.values()
            return seg, child
        branches = tuple((values_label(vals), tuple(vals), None, seg, child) for vals, seg, child in merged.values())
        sig = ("question", q.key, tuple((b[1], b[3], b[4].uid) for b in branches))
        return EMPTY, self._make(sig, kind="question", what=q.prompt, key=q.key, branches=branches)


def _exact(p: Any) -> Fraction:
    """``p`` as a Fraction (a check's chances are Fractions already: no copy made)."""
    return p if p.__class__ is Fraction else Fraction(p)


def _sort_key(v: Any) -> tuple[int, Any]:
    if isinstance(v, bool):
        return (0, int(v))
    if isinstance(v, (int, float)):
        return (1, v)
    return (2, str(v))


def values_label(values: list[Any] | tuple[Any, ...]) -> str:
    """``0-4``, ``0-2, 5``, ``yes``, ``vehicle, foot``: merged faces or answers as text."""
    if len(values) == 1:  # most branches: one face, outcome or answer
        v = values[0]
        return "yes" if v is True else "no" if v is False else str(v)
    if all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        nums = sorted(set(values))
        parts = []
        start = prev = nums[0]
        for n in nums[1:] + [None]:
            if n is not None and n == prev + 1:
                prev = n
                continue
            parts.append(str(start) if start == prev else f"{start}-{prev}")
            if n is not None:
                start = prev = n
        return ", ".join(parts)
    return ", ".join("yes" if v is True else "no" if v is False else str(v) for v in values)


# --------------------------------------------------------------------------- the chooser


class _Branch(Exception):
    def __init__(self, what: str, options: list[tuple[tuple[Any, ...], Fraction | None]], question: m.Question | None = None) -> None:
        self.what = what
        self.options = options
        self.question = question
        super().__init__()


class _Lumped(Exception):
    """A check with known chances met past the prefix: its own questions already asked.

    ``tree`` is what :meth:`_OddsChooser.lumped` found by working out the chances under
    every answer: ``("q", question, [(item, subtree), ...])``, ``("dist", [(outcome,
    p), ...])``, ``("none",)`` (no chances under those answers: the dice are rolled as
    usual) or ``("stop", _Stop)``.
    """

    def __init__(self, what: str, tree: tuple[Any, ...], keys: frozenset[str]) -> None:
        self.what = what
        self.tree = tree
        self.keys = keys
        super().__init__(what)


class _Boundary(Exception):
    def __init__(self, target: str) -> None:
        self.target = target
        super().__init__(target)


class _Stop(Exception):
    """The branch ends here as a frontier (depth) or an unknown-cell leaf."""

    def __init__(self, at: str, reason: str, unknown: str | None = None) -> None:
        self.at = at
        self.reason = reason
        self.unknown = unknown
        super().__init__(at)


class _OverBudget(Exception):
    pass


class _NotLumped(Exception):
    """A check's chances rolled a die: it is branched face by face after all."""


_ABSENT = "\x00absent"


class _Watch:
    """Whether the rest of the tree after a lumped check reads one of the check's own
    answers (then the rest is computed once per answer; else once for all of them)."""

    __slots__ = ("level", "at", "keys", "hit")

    def __init__(self, level: int, at: int, keys: frozenset[str]) -> None:
        self.level = level  # the segment (nesting of jumps) the check is in
        self.at = at  # the index of the check's outcome among that segment's choices
        self.keys = keys
        self.hit = False


class _Reads(dict):  # type: ignore[type-arg]
    """The answers of one replay; notes every key looked up (what a subtree depends on)."""

    __slots__ = ("seen", "watches", "level", "chooser")

    def __init__(self, answers: Mapping[str, Any], seen: set[str], watches: list[_Watch] | None = None, level: int = 0, chooser: _OddsChooser | None = None) -> None:
        super().__init__(answers)
        self.seen = seen
        self.watches = watches
        self.level = level
        self.chooser = chooser

    def _note(self, key: Any) -> None:
        self.seen.add(key)
        if self.watches:
            self._watched(key)

    def _watched(self, key: Any) -> None:
        for w in self.watches or ():
            # a read counts once past the check's outcome: in a later segment, or later
            # in the same one (the check itself reads its answers on every replay)
            if key in w.keys and (self.level > w.level or (self.chooser is not None and self.chooser.i > w.at)):
                w.hit = True

    # The three lookups below run for every answer read in every replay: they note the key
    # inline and call dict's own method directly (no super() lookup).
    def __contains__(self, key: object) -> bool:
        self.seen.add(key)  # type: ignore[arg-type]
        if self.watches:
            self._watched(key)
        return dict.__contains__(self, key)

    def __getitem__(self, key: str) -> Any:
        self.seen.add(key)
        if self.watches:
            self._watched(key)
        return dict.__getitem__(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        self.seen.add(key)
        if self.watches:
            self._watched(key)
        return dict.get(self, key, default)

    def items(self) -> Any:
        for key in list(self.keys()):
            self._note(key)
        return super().items()

    def values(self) -> Any:
        for key in list(self.keys()):
            self._note(key)
        return super().values()


#: a die's faces with their chances (a die is an immutable value: safe to share)
_ROLL_OPTIONS: dict[Any, list[tuple[tuple[Any, ...], Fraction | None]]] = {}


class _OddsChooser(Chooser):
    source_kind = "odds"

    def __init__(self, prefix: tuple[tuple[Any, ...], ...], boundary: bool, tail_sees: Mapping[int, m.See] | None = None, room: Callable[[], int] = lambda: _UNLIMITED, truncate: bool = True) -> None:
        self.prefix = prefix
        #: how many more nodes the builder may spend (bounds a lumped check's answers)
        self.room = room
        #: whether the builder keeps a tree that passes its budget (with frontier leaves);
        #: when it does not, a check whose answers pass the budget ends the computation
        self.truncate = truncate
        self.i = 0
        self.boundary = boundary
        self.tail_sees = tail_sees

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
        key = (die, None if allowed is None else frozenset(allowed))
        options = _ROLL_OPTIONS.get(key)
        if options is None:
            dist = {f: p for f, p in die.distribution.items() if allowed is None or f in allowed}
            whole = sum(dist.values(), Fraction(0))
            if not whole:
                raise OddsError(f"{purpose}: no face of {die.name} can be used")
            options = _ROLL_OPTIONS[key] = [(("d", f), p / whole) for f, p in dist.items()]
        raise _Branch(f"{die.name}: {purpose}", list(options))

    def pick_outcome(self, ctx: Context, dist: Mapping[str, Fraction], what: str = "") -> str:
        """Branch on a check's (or a lumped roll's) outcomes directly."""
        item = self._next()
        if item is not None:
            return str(item[1])
        if ctx.subject_label is not None:
            what = f"{what} ({ctx.subject_label})"
        raise _Branch(what or (f"roll or check in {ctx.paragraph}" if ctx.paragraph else "roll or check"), [(("o", name), _exact(p)) for name, p in dist.items() if p])

    def lumped(self, ctx: Context, chances: Callable[[], Mapping[str, Fraction] | None], what: str) -> str | None:
        """A check whose kind knows its chances (see ``Chooser``).

        Replaying past it, its answers and outcome come from the prefix. Met for the first
        time, the chances are worked out here under every answer of the check's own
        questions (a pure function: no replay of the paragraph per answer), and the builder
        gets them all at once (:class:`_Lumped`).
        """
        if self.i < len(self.prefix):
            dist = chances()
            return self.pick_outcome(ctx, dist, what) if dist else None
        keys: set[str] = set()
        answers: dict[str, Any] = ctx.answers
        # The builder spends a node on every answer and every outcome it takes, in this
        # order: answers past what its budget has left are never taken (the budget is
        # spent before them), so they are not worked out either.
        room = self.room()
        taken = 0

        def explore() -> tuple[Any, ...]:
            nonlocal taken
            try:
                dist = chances()
            except _Branch as branch:
                if branch.question is None:
                    raise _NotLumped() from None
                q = branch.question
                keys.add(q.key)
                options: list[tuple[Any, ...]] = []
                for item, _ in branch.options:
                    taken += 1
                    if taken > room:
                        if not self.truncate:
                            # the builder spends a node on every answer taken before this
                            # one: it will pass its budget, and a computation that does
                            # not keep its tree then is thrown away (a deeper pass of the
                            # deepening), so stop before working out the rest
                            raise _OverBudget()
                        options.append((item, ("cut",)))
                        continue
                    dict.__setitem__(answers, q.key, item[2])
                    try:
                        options.append((item, explore()))
                    finally:
                        dict.__delitem__(answers, q.key)
                return ("q", q, options)
            except _Stop as stop:
                return ("stop", stop)
            if not dist:
                return ("none",)
            outcomes = [(name, _exact(p)) for name, p in dist.items() if p]
            taken += len(outcomes)  # the builder spends a node on each outcome too
            return ("dist", outcomes)

        try:
            tree = explore()
        except _NotLumped:
            # a roll inside the chances: branch as before, one replay per choice
            dist = chances()
            return self.pick_outcome(ctx, dist, what) if dist else None
        if tree[0] == "none":
            return None
        if tree[0] == "dist":
            # the check asked nothing: branch on its outcomes as any chance node does
            return self.pick_outcome(ctx, dict(tree[1]), what)
        if ctx.subject_label is not None:
            what = f"{what} ({ctx.subject_label})"
        raise _Lumped(what or (f"roll or check in {ctx.paragraph}" if ctx.paragraph else "roll or check"), tree, frozenset(keys))

    def answer(self, ctx: Context, question: m.Question) -> Any:
        item = self._next()
        if item is not None:
            return item[2]
        if question.key.startswith("cell."):
            # an unknown table cell: odds never split on it (its value is not in the rules)
            raise _Stop(ctx.paragraph, "unknown", unknown=question.key)
        if question.domain_size() > MAX_QUESTION_ANSWERS:
            # Listing twenty million answers would exhaust memory before any budget applies:
            # the branch stops here, and the frontier names the question to answer.
            raise _Stop(ctx.paragraph, f"{question.key} has {question.domain_size()} possible answers")
        raise _Branch(question.prompt, [(("q", question.key, v), None) for v in question.domain()], question)

    def at_boundary(self, ctx: Context, target: str) -> None:
        raise _Boundary(target)

    def at_see(self, ctx: Context, step: m.See) -> None:
        # A `see` the top-level paragraph ends with is a jump like `goto`: what follows
        # depends only on where it goes and the state, so it is a memo point too (a book
        # that reads on with `see` alone would otherwise be one segment, replayed whole
        # for every branch and never shared).
        if self.tail_sees is not None and id(step) in self.tail_sees and not step.with_ and len(ctx.stack) == 1 and not ctx.frames and ctx.subject is None:
            raise _Boundary(step.to)

    def entry_limit_reached(self, ctx: Context, paragraph: str) -> None:
        if ctx.odds_depth_stop:
            ctx.trail.append(paragraph)
            raise _Stop(paragraph, "depth")


# --------------------------------------------------------------------------- the builder


class Builder:
    """Builds one outcome tree (see the module docstring)."""

    def __init__(self, engine: Engine, memo: dict[Any, list[tuple[Any, tuple[Segment, Node], int, int | None]]], interner: Interner, budget: int, depth: int | None, truncate: bool) -> None:
        self.engine = engine
        self.memo = memo
        self.nodes = interner
        self.budget = budget
        self.depth = depth
        self.truncate = truncate
        self.cost = 0
        #: the questions met, by key (kept with the nodes: a subtree a memo gives back
        #: holds questions this computation did not ask itself)
        self.asked = interner.questions
        self.frontiers = 0
        #: frontiers the budget made (the rest came from depth or a loop)
        self.budget_frontiers = 0
        #: frontiers a depth cut (a subtree with one is kept for its depth left only)
        self.depth_frontiers = 0
        #: most paragraphs entered by any branch so far (for the memo's heights)
        self.deepest = 0
        #: answer keys looked up by the subtree being computed (innermost last)
        self.reads: list[set[str]] = [set()]
        #: lumped checks whose following subtree is being computed (see ``lumped``)
        self.watches: list[_Watch] = []
        #: how many jumps deep the segment being computed is
        self.level = 0
        self._open: set[Any] = set()
        self._counted = counted_paragraphs(engine)
        self._relevance = relevance(engine)

    def spend(self, n: int) -> None:
        self.cost += n
        if self.cost > self.budget and not self.truncate:
            raise _OverBudget()

    def _room(self) -> int:
        return max(1, self.budget - self.cost + 1)

    @property
    def spent(self) -> bool:
        return self.cost > self.budget

    # ---------------------------------------------------------------- segments
    def segment(self, state: State, answers: Mapping[str, Any], run: Callable[[Context], Any], boundary: bool, entries_before: int) -> tuple[Segment, Node]:
        """The tree of ``run`` from ``state``: its first segment and its root node."""
        base_values = dict(state.values)
        # one pickle per segment, one unpickle per replay: faster than a deep copy
        frozen = pickle.dumps(state.snapshot(), pickle.HIGHEST_PROTOCOL)
        depth_left = _UNLIMITED if self.depth is None else self.depth - entries_before

        def replay(prefix: tuple[tuple[Any, ...], ...]) -> tuple[Segment, Node]:
            work = State(**pickle.loads(frozen))
            chooser = _OddsChooser(prefix, boundary, self._relevance.tail_sees, self._room, self.truncate)
            ctx = Context(self.engine, work, _Reads(answers, self.reads[-1], self.watches, level, chooser), chooser, record=False, track_effects=True)
            if depth_left < self.engine.max_entries:
                ctx.entry_limit = depth_left
                ctx.odds_depth_stop = True
            try:
                label = run(ctx)
            except _Branch as branch:
                self.reach(entries_before + ctx.entries)
                here = _cumulative(ctx, base_values)
                if branch.question is not None:
                    self.asked.setdefault(branch.question.key, branch.question)
                children = []
                for item, weight in branch.options:
                    if self.truncate and self.spent:
                        self.frontiers += 1
                        self.budget_frontiers += 1
                        child_seg, child = EMPTY, self.frontier(ctx.paragraph, "budget", {**ctx.answers, **_answer_of(item)})
                    else:
                        self.spend(1)
                        full, child = replay(prefix + (item,))
                        child_seg = full.after(here)
                    children.append((item, weight, child_seg, child))
                if branch.question is not None:
                    seg, node = self.nodes.question(branch.question, [(item[2], s, c) for item, _, s, c in children])
                else:
                    seg, node = self.nodes.chance(branch.what, [(item[1], w or Fraction(0), s, c) for item, w, s, c in children])
                return here + seg, node
            except _Lumped as lump:
                self.reach(entries_before + ctx.entries)
                here = _cumulative(ctx, base_values)
                seg, node = self.lumped(lump, prefix, ctx, here, replay, level)
                return here + seg, node
            except _Boundary as stop:
                self.reach(entries_before + ctx.entries)
                here = _cumulative(ctx, base_values)
                tail_seg, tail = self.after(stop.target, ctx.state, dict.copy(ctx.answers), entries_before + ctx.entries)
                return here + tail_seg, tail
            except _Stop as stop:
                self.reach(entries_before + ctx.entries)
                here = _cumulative(ctx, base_values)
                if stop.unknown is not None:
                    return here, self.nodes.leaf(unknown=stop.unknown)
                self.frontiers += 1
                if stop.reason == "depth":
                    self.depth_frontiers += 1
                return here, self.frontier(stop.at, stop.reason, ctx.answers)
            except Refused as refused:
                if not prefix:
                    raise  # nothing was left open: refused as in play
                # an answer or a face made the action forbidden: an outcome of its own
                self.reach(entries_before + ctx.entries)
                return _cumulative(ctx, base_values), self.nodes.leaf(label=refused.odds_label)
            except ParagraphsError as exc:
                from paragraphs.pluginhost.plugin_errors import plugin_misuse

                misuse = plugin_misuse(exc, self.engine.grammar, f"{self.engine.book.title} {ctx.paragraph}".rstrip())
                if misuse is not None:  # a context call the plugin got wrong: its error, at its line
                    raise misuse from exc
                raise
            except (RecursionError, _OverBudget):
                raise
            except Exception as exc:  # a plugin's bug: named, with its file and line
                from paragraphs.pluginhost.plugin_errors import describe

                raise ResolutionError(f"{self.engine.book.title} {ctx.paragraph}".rstrip() + f": {describe(exc, self.engine.grammar, 'code')}") from exc
            text = None
            if label is not None:
                text = str(label.get("label")) if isinstance(label, Mapping) else str(label)
            self.reach(entries_before + ctx.entries)
            return _cumulative(ctx, base_values), self.nodes.leaf(label=text)

        level = self.level
        self.spend(1)
        return replay(())

    def lumped(self, lump: _Lumped, prefix: tuple[tuple[Any, ...], ...], ctx: Context, here: Segment, replay: Callable[[tuple[tuple[Any, ...], ...]], tuple[Segment, Node]], level: int) -> tuple[Segment, Node]:
        """The subtree of a check met with its questions already asked (see ``_Lumped``).

        Its question and chance nodes are made from the chances alone, counted against the
        budget as the replays they replace were. What follows each outcome is computed by
        one replay; when nothing after the check reads one of its own answers, that
        subtree is the same under every answer and is computed once (counted like a memo
        hit: its leaves).
        """
        shared: dict[str, tuple[Segment, Node]] = {}

        def follow(name: str, items: tuple[tuple[Any, ...], ...]) -> tuple[Segment, Node]:
            if not lump.keys:
                # the check asked nothing: one set of answers, nothing to share or watch
                return replay(prefix + items + (("o", name),))
            hit = shared.get(name)
            if hit is not None:
                self.spend(hit[1].leaves - 1)
                return hit
            watch = _Watch(level, len(prefix) + len(items), lump.keys)
            self.watches.append(watch)
            budget_frontiers = self.budget_frontiers
            try:
                found = replay(prefix + items + (("o", name),))
            finally:
                self.watches.remove(watch)
            if not watch.hit and self.budget_frontiers == budget_frontiers:
                shared[name] = found
            return found

        def build(node: tuple[Any, ...], items: tuple[tuple[Any, ...], ...], answers: dict[str, Any]) -> tuple[Segment, Node]:
            tag = node[0]
            if tag == "q":
                q = node[1]
                self.asked.setdefault(q.key, q)
                children = []
                for item, sub in node[2]:
                    given = {**answers, q.key: item[2]}
                    if self.truncate and self.spent:
                        self.frontiers += 1
                        self.budget_frontiers += 1
                        children.append((item[2], EMPTY, self.frontier(ctx.paragraph, "budget", {**ctx.answers, **given})))
                    else:
                        self.spend(1)
                        seg, child = build(sub, items + (item,), given)
                        children.append((item[2], seg, child))
                return self.nodes.question(q, children)
            if tag == "dist":
                options = []
                for name, p in node[1]:
                    if self.truncate and self.spent:
                        self.frontiers += 1
                        self.budget_frontiers += 1
                        options.append((name, p, EMPTY, self.frontier(ctx.paragraph, "budget", {**ctx.answers, **answers})))
                    else:
                        self.spend(1)
                        full, child = follow(name, items)
                        options.append((name, p, full.after(here), child))
                return self.nodes.chance(lump.what, options)
            if tag == "none":
                # no chances under these answers: the check rolls its die, replayed as usual
                full, child = replay(prefix + items)
                return full.after(here), child
            if tag == "cut":
                # never reached: the budget ran out on the answers before it (see lumped)
                self.frontiers += 1
                self.budget_frontiers += 1
                return EMPTY, self.frontier(ctx.paragraph, "budget", {**ctx.answers, **answers})
            stop = node[1]
            if stop.unknown is not None:
                return EMPTY, self.nodes.leaf(unknown=stop.unknown)
            self.frontiers += 1
            return EMPTY, self.frontier(stop.at, stop.reason, {**ctx.answers, **answers})

        return build(lump.tree, (), {})

    def frontier(self, at: str, reason: str, answers: Mapping[str, Any]) -> Node:
        reachable = self._relevance.questions(at) if at in self.engine.book.paragraphs else ()
        self.reads[-1].update(reachable)  # the list depends on which of them are answered
        needs = [k for k in reachable if k not in answers]
        return self.nodes.leaf(frontier={"at": at, "needs": needs, "reason": reason})

    def after(self, target: str, state: State, answers: Mapping[str, Any], entries: int) -> tuple[Segment, Node]:
        """The tree of what follows a top-level jump to ``target`` (memoised)."""
        if self.depth is not None and entries >= self.depth:
            # the jump enters one paragraph more than the depth allows: stop on it
            self.frontiers += 1
            self.depth_frontiers += 1
            self.reach(entries + 1)
            return Segment(trail=(target,)), self.frontier(target, "depth", answers)
        if self.truncate and self.spent:
            self.frontiers += 1
            self.budget_frontiers += 1
            return EMPTY, self.frontier(target, "budget", answers)
        # What follows depends on the target, the state and only those answers its
        # computation looked up (present or absent): entries are kept with that
        # condition, so chains that differ in answers nobody reads share one subtree.
        # A subtree that no depth cut is the same at any depth that leaves room for its
        # height (so deepening reuses what shallower passes computed); one that a depth
        # cut is kept for that depth left only.
        depth_left = None if self.depth is None else self.depth - entries
        key = (target, self._state_key(state, target))
        for cond, hit, height, cut_at in self.memo.get(key, ()):
            if cut_at is None:
                if depth_left is not None and height > depth_left:
                    continue
            elif cut_at != depth_left:
                continue
            if all(answers.get(k, _ABSENT) == v for k, v in cond):
                self.reads[-1].update(k for k, _ in cond)
                for w in self.watches:
                    if any(k in w.keys for k, _ in cond):
                        w.hit = True
                self.reach(entries + height)
                if cut_at is not None:
                    self.depth_frontiers += 1
                # the run that reached the jump is counted already (one leaf of the
                # result); the shared subtree adds the rest of its leaves
                self.spend(hit[1].leaves - 1)
                return hit
        loop_key = (key, depth_left, self._answers_key(answers, target))
        if loop_key in self._open:
            # the same jump from the same state again: a loop; its rest is a frontier
            self.frontiers += 1
            return EMPTY, self.frontier(target, "loop", answers)
        self._open.add(loop_key)
        frontiers = self.budget_frontiers
        cuts = self.depth_frontiers
        outer_reach = self.deepest
        self.deepest = entries
        self.reads.append(set())
        self.level += 1
        try:
            hit = self.segment(state, answers, lambda ctx: self.engine.enter(ctx, target, {}), True, entries)
        finally:
            self.level -= 1
            self._open.discard(loop_key)
            seen = self.reads.pop()
            self.reads[-1].update(seen)
            height = self.deepest - entries
            self.deepest = max(outer_reach, self.deepest)
        if self.budget_frontiers == frontiers:
            # budget frontiers depend on what was computed first: never shared (depth
            # and loop frontiers are kept, as a computation within its budget keeps them)
            cond = tuple(sorted((k, answers.get(k, _ABSENT)) for k in seen))
            cut_at = None if self.depth_frontiers == cuts else depth_left
            self.memo.setdefault(key, []).append((cond, hit, height, cut_at))
        return hit

    def reach(self, entries: int) -> None:
        """Note that a branch entered ``entries`` paragraphs (the subtree's height)."""
        if entries > self.deepest:
            self.deepest = entries

    def _answers_key(self, answers: Mapping[str, Any], target: str) -> Any:
        return tuple(sorted((k, json.dumps(v, sort_keys=True)) for k, v in answers.items()))

    def _state_key(self, state: State, target: str) -> str:
        counted = {p: state.read_counts.get(p, 0) for p in self._counted}
        relevant = self._relevance.sightings(target)
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


def _answer_of(item: tuple[Any, ...]) -> dict[str, Any]:
    return {item[1]: item[2]} if item[0] == "q" else {}


def _cumulative(ctx: Context, base_values: Mapping[str, Any]) -> Segment:
    values = ctx.state.values
    seg = Segment(
        tuple(ctx.trail),
        tuple(ctx.marked),
        tuple(sorted((k, v) for k, v in ctx.counter_changes.items() if v)),
        tuple(sorted((k, _json_value(v)) for k, v in values.items() if base_values.get(k, _MISSING) != v)),
        tuple(ctx.effects),
    )
    return seg if seg else EMPTY


def _json_value(v: Any) -> str:
    """A state value as JSON text; a plain int (most values) is its own text."""
    if v.__class__ is int:
        return str(v)
    return json.dumps(v, sort_keys=True, default=str)


_MISSING = object()
