"""Paragraphs compiled to closures for the fast mode (simulations and benchmarks).

In the fast mode (``resolve(..., record=False)`` with seeded dice, no ``paragraphs_roll``
or ``paragraphs_paragraph_entered`` hook, no branch observer) nothing is journaled, no
instruction or effect is kept and no hook watches a paragraph or a branch. What is left
of reading a paragraph is its bookkeeping (entries, the call stack, the trail, read
counts, sightings) and its steps; the engine's ``run_steps`` looks each step's handler up
by class on every visit. A *plan* does the same work with the lookups done once: each
paragraph becomes one closure, its steps a chain of closures, and a branch that is only
a ``goto`` becomes the paragraph id itself. A check whose prepared form declares its
outcome for each face (``face_outcomes``: the core's target check with numbers written in
the content) is read in the loop from the PRNG's next word, the branch of each face looked
up in a table built on the paragraph's first reading.

A plan changes no result: it calls the same context methods and the same prepared checks
in the same order, and any step it has no closure for runs through its ordinary handler.
``tests/test_engine.py`` compares the fast mode with the journaled one on whole books.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
# ``typing`` is not imported at run time here (start-up time)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

from paragraphs.book import model as m
from paragraphs.book.dice import Prng
from paragraphs.interpreter.context import Context
from paragraphs.foundation.errors import CycleError
from paragraphs.interpreter.handlers import HANDLERS

if TYPE_CHECKING:
    from paragraphs.interpreter.engine import Engine

#: What running some steps gives: the paragraph they jump to, or None.
Run = Callable[[Context], str | None]
#: A compiled branch: a paragraph id when the branch is only a ``goto``, else its steps.
Branch = str | Run | None
#: A paragraph's plan: read it (with what its caller passed) and return where it jumps.
Plan = Callable[[Context, Mapping[str, "Any"]], str | None]


def _nothing(ctx: Context) -> None:
    return None


def say_spent(ctx: Context, pid: str) -> None:
    """Entering a retired paragraph: it only says so (shared by both modes of the engine)."""
    saved = ctx.paragraph
    ctx.paragraph = pid
    ctx.say("No event (this paragraph is spent).", "no_event")
    ctx.effect(f"{pid} spent")
    ctx.paragraph = saved


def plan_paragraph(engine: Engine, par: m.Paragraph, recent_cycle: Callable[[list[str]], list[str]]) -> Plan:
    """The plan of one paragraph: what :meth:`Engine._read` does, with its steps compiled."""
    pid = par.id
    marks = par.marks
    steps = compile_steps(engine, par.steps)
    max_reentry = engine.max_reentry

    def read(ctx: Context, with_: Mapping[str, Any]) -> str | None:
        ctx.entries = entries = ctx.entries + 1
        if entries > ctx.entry_limit:
            ctx.chooser.entry_limit_reached(ctx, pid)
            raise CycleError(recent_cycle(ctx.trail))
        stack = ctx.stack
        if stack and pid in stack and stack.count(pid) >= max_reentry:
            raise CycleError(stack[stack.index(pid):] + [pid])
        ctx.trail.append(pid)
        state = ctx.state
        if state.retired and pid in state.retired:
            say_spent(ctx, pid)
            return None
        counts = state.read_counts
        counts[pid] = counts.get(pid, 0) + 1
        saved = ctx.paragraph
        ctx.paragraph = pid
        if marks:
            for sid in marks:
                ctx.mark(sid)
        stack.append(pid)
        if with_:
            ctx.frames.append(with_)
        target = steps(ctx)
        stack.pop()
        if with_:
            ctx.frames.pop()
        ctx.paragraph = saved
        return target

    return read


class CheckPlan:
    """The commonest paragraph: sightings marked, then one check whose outcomes branch.

    :func:`run_plans` reads it inline (no call per paragraph), as :meth:`Engine._read`
    would: the marks, then the check as :func:`_compile_check` runs it."""

    __slots__ = ("pid", "marks", "before", "step", "table", "key", "fast", "by_face", "simple")

    def __init__(self, engine: Engine, par: m.Paragraph) -> None:
        self.pid = par.id
        self.marks = par.marks
        # marking steps before the check (they never jump); None when there are none
        self.before = tuple(compile_step(engine, step) for step in par.steps[:-1]) or None
        self.step: m.Check = par.steps[-1]
        self.table = _outcome_table(engine, self.step)
        self.key = id(self.step)
        self.fast: Callable[[Context], str] | None = None
        #: When the prepared check's outcome is a function of one roll of one plain die
        #: (its ``face_outcomes``): ``(faces, limit, branch of each face)``, read in the
        #: loop straight from the PRNG's words as :meth:`Prng.roll` reads them.
        self.by_face: tuple[int, int, tuple[Branch, ...]] | None = None
        #: ``by_face`` when no step comes before the check (marks aside): read in the
        #: loop's shortest path.
        self.simple: tuple[int, int, tuple[Branch, ...]] | None = None

    def learn(self, fast: Callable[[Context], str] | None) -> None:
        """Keep the prepared check, and its outcome by face when it has one."""
        self.fast = fast
        table = getattr(fast, "face_outcomes", None)
        if table is not None:
            die, outcomes = table
            n = len(die.parts[0])
            self.by_face = (n, _TWO32 - (_TWO32 % n), tuple(self.table.get(o) for o in outcomes))
            self.simple = self.by_face if self.before is None else None


def is_check_paragraph(par: m.Paragraph) -> bool:
    body = par.steps
    return bool(body) and body[-1].__class__ is m.Check and body[-1].group is None and all(s.__class__ is m.MarkSighting for s in body[:-1])


def run_plans(engine: Engine, ctx: Context, target: str | None, passed: Mapping[str, Any], recent_cycle: Callable[[list[str]], list[str]]) -> None:
    """Read ``target`` and follow its jumps, as :meth:`Engine.enter` does, on plans.

    A :class:`CheckPlan` is read here, in the loop; any other paragraph by its plan
    closure; a check paragraph given values by its caller by the ordinary reading."""
    inline, plans = engine._inline_plans, engine._plans
    stack, state = ctx.stack, ctx.state
    trail_append, stack_append, stack_pop = ctx.trail.append, stack.append, stack.pop
    max_reentry = engine.max_reentry
    prepared, check = engine._prepared, engine.check
    # the seeded PRNG behind ctx.quick, whose words a check with a table of outcomes by
    # face reads directly (exactly as Prng.roll does: one word per try, rejection above limit)
    prng = getattr(ctx.quick, "__self__", None)
    if prng.__class__ is not Prng:
        prng = None
    bits = prng._bits if prng is not None else None
    words: Any = prng if prng is not None else _NoWords()
    # The count of paragraphs entered, the PRNG's position and the state's read counts are
    # kept in locals, written back before anything else can read or change them (a plan,
    # a branch's steps, a check's own roll) and read again after it, and written at the end.
    entries, entry_limit = ctx.entries, ctx.entry_limit
    position = words.position
    counts = state.read_counts
    while target is not None:
        cp = inline.get(target)
        if cp is None:
            plan = plans.get(target)
            if plan is None:
                engine._plan(target)
                continue
            ctx.entries, words.position = entries, position
            target = plan(ctx, passed)
            entries, position, counts = ctx.entries, words.position, state.read_counts
            passed = _NONE_PASSED
            continue
        if passed:
            ctx.entries, words.position = entries, position
            target = engine._read(ctx, target, passed)
            entries, position, counts = ctx.entries, words.position, state.read_counts
            passed = _NONE_PASSED
            continue
        pid = target
        entries += 1
        if entries > entry_limit:
            ctx.entries = entries
            ctx.chooser.entry_limit_reached(ctx, pid)
            raise CycleError(recent_cycle(ctx.trail))
        if stack and pid in stack and stack.count(pid) >= max_reentry:
            ctx.entries = entries
            raise CycleError(stack[stack.index(pid):] + [pid])
        trail_append(pid)
        retired = state.retired
        if retired and pid in retired:
            ctx.entries, words.position = entries, position
            say_spent(ctx, pid)
            return
        counts[pid] = counts.get(pid, 0) + 1
        simple = cp.simple
        if simple is not None and bits is not None:
            # the commonest paragraph: at most marks, then a check read from its table
            if cp.marks:
                saved = ctx.paragraph
                ctx.paragraph = pid
                for sid in cp.marks:
                    ctx.mark(sid)
                ctx.paragraph = saved
            x = bits(32)
            position += 1
            n, limit, branches = simple
            if x < limit:
                branch = branches[x % n]
            else:  # a word past the last whole cycle of faces: Prng.roll draws again
                saved = ctx.paragraph
                ctx.paragraph = pid
                words.position = position
                branch = cp.table.get(cp.fast(ctx))  # type: ignore[misc]
                position = words.position
                ctx.paragraph = saved
            if branch is None or branch.__class__ is str:
                target = branch  # type: ignore[assignment]
            else:
                saved = ctx.paragraph
                ctx.paragraph = pid
                stack_append(pid)
                ctx.entries, words.position = entries, position
                target = branch(ctx)  # type: ignore[operator]
                entries, position, counts = ctx.entries, words.position, state.read_counts
                stack_pop()
                ctx.paragraph = saved
            continue
        ctx.entries, words.position = entries, position
        saved = ctx.paragraph
        ctx.paragraph = pid
        marks = cp.marks
        if marks:
            for sid in marks:
                ctx.mark(sid)
        stack_append(pid)
        before = cp.before
        if before is not None:
            for run in before:
                run(ctx)
        fast = cp.fast
        if fast is not None:
            outcome = fast(ctx)
        else:
            # the first time (and always for a kind without a prepared form): as
            # ``handlers._check``, whose ``engine.check`` prepares the check when it can
            outcome = check(ctx, cp.step)
            cp.learn(prepared.get(cp.key))
        branch = cp.table.get(outcome)
        target = branch if branch is None or branch.__class__ is str else branch(ctx)  # type: ignore[assignment, operator]
        stack_pop()
        ctx.paragraph = saved
        entries, position, counts = ctx.entries, words.position, state.read_counts
    ctx.entries, words.position = entries, position


class _NoWords:
    """Where the loop keeps a position when no seeded PRNG is behind the rolls (unused)."""

    __slots__ = ("position",)

    def __init__(self) -> None:
        self.position = 0


_NONE_PASSED: Mapping[str, Any] = {}
_TWO32 = 1 << 32


def compile_steps(engine: Engine, steps: m.Steps) -> Run:
    """Steps as one closure: each runs in turn until one jumps."""
    runs: list[Run] = []
    for step in steps:
        if step.__class__ is m.Goto:  # the rest of the steps is never reached
            to = step.to
            runs.append(lambda ctx: to)
            break
        runs.append(compile_step(engine, step))
    if not runs:
        return _nothing
    if len(runs) == 1:
        return runs[0]
    if len(runs) == 2:
        first, second = runs

        def two(ctx: Context) -> str | None:
            target = first(ctx)
            return target if target is not None else second(ctx)

        return two
    chain = tuple(runs)

    def many(ctx: Context) -> str | None:
        for run in chain:
            target = run(ctx)
            if target is not None:
                return target
        return None

    return many


def compile_branch(engine: Engine, steps: m.Steps | None) -> Branch:
    """A branch's steps: the paragraph id itself for a lone ``goto``, None for nothing."""
    if not steps:
        return None
    if steps[0].__class__ is m.Goto:
        return str(steps[0].to)
    return compile_steps(engine, steps)


def _take(branch: Branch, ctx: Context) -> str | None:
    if branch is None or branch.__class__ is str:
        return branch  # type: ignore[return-value]
    return branch(ctx)  # type: ignore[operator]


def compile_step(engine: Engine, step: Any) -> Run:
    cls = step.__class__
    if cls is m.Check and step.group is None:
        return _compile_check(engine, step)
    if cls is m.If:
        return _compile_if(engine, step)
    if cls is m.MarkSighting:
        ids, observer, revealed, lapses = step.ids, step.observer, step.revealed, step.lapses
        if len(ids) == 1 and observer is None and revealed is None and lapses is None:
            sid, mark_one = ids[0], Context.mark

            def mark_plain(ctx: Context) -> None:
                mark_one(ctx, sid)

            return mark_plain

        def mark(ctx: Context) -> None:
            for sid in ids:
                ctx.mark(sid, observer=observer, revealed=revealed, lapses=lapses)

        return mark

    def ordinary(ctx: Context) -> str | None:
        return HANDLERS[cls](engine, ctx, step)

    return ordinary


def _compile_check(engine: Engine, step: m.Check) -> Run:
    """A check: its prepared closure when the kind has one (as ``handlers._check``), then
    the branch of its outcome; an ``exact`` outcome without its own branch is a success."""
    table = _outcome_table(engine, step)
    key = id(step)
    prepared = engine._prepared
    check = engine.check
    fast: Callable[[Context], str] | None = None

    def run(ctx: Context) -> str | None:
        nonlocal fast
        if fast is not None:
            outcome = fast(ctx)
        else:
            # the first time (and always for a kind without a prepared form): as
            # ``handlers._check``, whose ``engine.check`` prepares the check when it can
            outcome = check(ctx, step)
            fast = prepared.get(key)
        branch = table.get(outcome)
        if branch is None or branch.__class__ is str:
            return branch  # type: ignore[return-value]
        return branch(ctx)  # type: ignore[operator]

    return run


def _outcome_table(engine: Engine, step: m.Check) -> dict[str, Branch]:
    table: dict[str, Branch] = {name: compile_branch(engine, steps) for name, steps in step.outcomes.items()}
    if "exact" not in table:
        table["exact"] = table.get("success")
    return table


def _compile_if(engine: Engine, step: m.If) -> Run:
    then, else_ = compile_branch(engine, step.then), compile_branch(engine, step.else_)
    test = step.test
    if test.__class__ is m.SightingIs and test.observer is None:
        sid = test.id

        def seen(ctx: Context) -> str | None:
            return _take(then if sid in ctx.state.sightings else else_, ctx)

        return seen
    holds = engine.test

    def branch(ctx: Context) -> str | None:
        return _take(then if holds(ctx, test) else else_, ctx)

    return branch
