"""How each core step runs: one small function per step kind, and the dispatch table.

Each handler takes the engine, the resolution's context and the step; it returns a
paragraph id when the step jumps (``goto``), else None. The engine's ``run_steps`` looks
the handler up by the step's class.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
# ``typing`` is not imported at run time here (start-up time)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

from paragraphs.book import model as m
from paragraphs.book.cells import cell_data
from paragraphs.interpreter.context import Context
from paragraphs.book.dice import Die, halve
from paragraphs.foundation.errors import ResolutionError

if TYPE_CHECKING:
    from paragraphs.interpreter.engine import Engine

def _say(engine: Engine, ctx: Context, step: m.Say) -> None:
    ctx.say(step.text)


def _note(engine: Engine, ctx: Context, step: m.Note) -> None:
    note_id = step.id or f"{ctx.paragraph}:{step.text[:40]}"
    if not any(n["id"] == note_id for n in ctx.state.notes):
        ctx.state.notes.append({"id": note_id, "text": step.text, "paragraph": ctx.paragraph})
    ctx.say(step.text, "note")


def _see(engine: Engine, ctx: Context, step: m.See) -> None:
    if ctx.boundary:
        ctx.chooser.at_see(ctx, step)  # exact odds memoise here when nothing follows
    engine.call(ctx, step.to, dict(step.with_))


def _goto(engine: Engine, ctx: Context, step: m.Goto) -> str:
    return step.to


def _took(engine: Engine, step: Any, label: str) -> None:
    if engine.observer is not None:
        engine.observer(step, label)


def _if(engine: Engine, ctx: Context, step: m.If) -> str | None:
    holds = engine.test(ctx, step.test)
    _took(engine, step, "then" if holds else "else")
    return engine.run_steps(ctx, step.then if holds else step.else_)


def _first_of(engine: Engine, ctx: Context, step: m.FirstOf) -> str | None:
    for i, branch in enumerate(step.branches):
        if engine.test(ctx, branch.when):
            _took(engine, step, f"branch {i + 1}")
            return engine.run_steps(ctx, branch.do)
    return None


def _for_each(engine: Engine, ctx: Context, step: m.ForEach) -> str | None:
    count = bounded_subjects(ctx, ctx.number(step.subjects))
    outer, outer_label = ctx.subject, ctx.subject_label
    try:
        for i in range(1, count + 1):
            ctx.subject, ctx.subject_label = i, f"{step.label} {i}"
            target = engine.run_steps(ctx, step.steps)
            if target is not None:
                return target
    finally:
        ctx.subject, ctx.subject_label = outer, outer_label
    return None


def _check(engine: Engine, ctx: Context, step: m.Check) -> str | None:
    if ctx.quick is not None:  # fast mode: a prepared check rolls directly
        fast = engine._prepared.get(id(step))
        outcome = fast(ctx) if fast is not None else engine.check(ctx, step)
    else:
        outcome = engine.check(ctx, step)
    steps = step.outcomes.get(outcome)
    if steps is None and outcome == "exact":
        # content without an "exact" branch treats an exact roll as a plain success
        outcome = "success"
        steps = step.outcomes.get("success", ())
    if ctx.track_effects:
        ctx.effect(f"check:{step.kind} {outcome}")
    if engine.observer is not None:
        engine.observer(step, outcome)
    return engine.run_steps(ctx, steps or ())


def _row_for(rows: tuple[m.Row, ...], total: int, clamp: bool) -> m.Row | None:
    for row in rows:
        if row.low <= total <= row.high:
            return row
    if clamp and rows:
        return rows[0] if total < rows[0].low else rows[-1] if total > rows[-1].high else None
    return None


def _branch(engine: Engine, ctx: Context, step: m.Roll | m.Match, total: int, what: str) -> str | None:
    if step.rows:
        row = _row_for(step.rows, total, getattr(step, "clamp", False))
        if row is None:
            par = ctx.book.paragraphs.get(ctx.paragraph)
            if par is not None and par.damaged:
                # The source lost this row: say so rather than guess or stop.
                ctx.say(f"The source's result for {total} is lost ({par.damaged}); resolve it with your own booklet if it is readable.", "damaged")
                ctx.effect(f"lost row {total}")
                _took(engine, step, "lost")
                return None
            raise ResolutionError(f"{ctx.title} {ctx.paragraph}: no row for {what} {total} ({step.pos})")
        _took(engine, step, f"{row.low}-{row.high}")
        if row.cell is not None:
            _row_cell(ctx, step, total, row.cell)
            return None
        return engine.run_steps(ctx, row.steps)
    if step.odd is not None or step.even is not None:
        _took(engine, step, "odd" if total % 2 else "even")
        return engine.run_steps(ctx, (step.odd if total % 2 else step.even) or ())
    return None


def _row_cell(ctx: Context, step: m.Roll | m.Match, total: int, cell: Any) -> None:
    """A row given as a typed cell (a row the source lost): its value for this total, in words."""
    what = getattr(step, "purpose", "") or "roll"
    found = ctx.row_cell(total, cell, what)
    ctx.say(f"{what[0].upper()}{what[1:]}, {total}: {found.words()}", "cell")
    ctx.effect(f"{ctx.paragraph} row {total}: {found.words()}")


def _roll(engine: Engine, ctx: Context, step: m.Roll) -> str | None:
    die = ctx.die(step.die)
    modifier = ctx.number(step.modifier) if step.modifier is not None else 0
    purpose = step.purpose or f"roll in {ctx.paragraph}"
    if step.table:
        _table_roll(engine, ctx, step, die, modifier, purpose)
        return None
    rounding = step.rounding or ctx.book.conventions.rounding
    allowed = None
    if any(r.reroll for r in step.rows):
        allowed = {f for f in die.faces if (row := _row_for(step.rows, _total(f, modifier, step.halve, rounding), step.clamp)) is None or not row.reroll}
    pick = getattr(ctx.chooser, "pick_outcome", None)
    if pick is not None and not step.store:
        # Exact odds: faces that lead to the same row lead to the same future (the total
        # is not kept), so branch once per row rather than once per face.
        return _branch(engine, ctx, step, _lumped_total(ctx, step, die, modifier, rounding, allowed, pick, purpose), "roll")
    face = ctx.roll(die, purpose, modifier=modifier, allowed=allowed)
    total = _total(face, modifier, step.halve, rounding)
    _explain_plain(ctx, step, total)
    if step.store:
        ctx.state.values[step.store] = total
    return _branch(engine, ctx, step, total, "roll")


def _explain_plain(ctx: Context, step: m.Roll, total: int) -> None:
    # what a plain roll meant, in the paragraph being read only: the row it took (what
    # that row leads to shows itself as it runs, so nothing ahead is named here)
    if step.rows:
        row = _row_for(step.rows, total, step.clamp)
        if row is not None:
            faces = str(row.low) if row.low == row.high else f"{row.low}-{row.high}"
            ctx.explain_roll(f"row {faces}")
    elif step.odd is not None or step.even is not None:
        ctx.explain_roll("odd" if total % 2 else "even")


def _lumped_total(ctx: Context, step: m.Roll, die: Die, modifier: int, rounding: str, allowed: set[int] | None, pick: Callable[..., str], purpose: str = "") -> int:
    # Exact odds replay a resolution once per branch, so the same roll is lumped again and
    # again: its rows' chances are kept per step (a book step lives as long as the engine).
    engine = ctx.engine
    cache = engine.__dict__.setdefault("_lumped_rolls", {})
    key = (id(step), die.name, modifier, rounding, None if allowed is None else frozenset(allowed))
    hit = cache.get(key)
    if hit is None:
        groups: dict[str, Any] = {}
        faces: dict[str, list[int]] = {}
        representative: dict[str, int] = {}
        for face, p in die.distribution.items():
            if allowed is not None and face not in allowed:
                continue
            total = _total(face, modifier, step.halve, rounding)
            if step.rows:
                row = _row_for(step.rows, total, step.clamp)
                if row is not None and row.cell is not None:
                    group = f"cell {total}"  # each total of a lost row is a cell of its own
                else:
                    group = f"row {step.rows.index(row)}" if row is not None else f"lost {total}"
            else:
                group = "odd" if total % 2 else "even"
            groups[group] = groups.get(group, 0) + p
            faces.setdefault(group, []).append(face)
            representative.setdefault(group, total)
        whole = sum(groups.values())
        # each lumped outcome is named by its faces ("0-1", "3, 5") for the odds display
        names = {g: _faces_text(fs) for g, fs in faces.items()}
        hit = cache[key] = ({names[g]: p / whole for g, p in groups.items()}, {names[g]: t for g, t in representative.items()}, step)
    chosen = pick(ctx, hit[0], what=f"{die.name}: {purpose}")
    return hit[1][chosen]  # type: ignore[no-any-return]


def _faces_text(faces: list[int]) -> str:
    nums = sorted(faces)
    parts = []
    start = prev = nums[0]
    for n in nums[1:]:
        if n == prev + 1:
            prev = n
            continue
        parts.append(str(start) if start == prev else f"{start}-{prev}")
        start = prev = n
    parts.append(str(start) if start == prev else f"{start}-{prev}")
    return ", ".join(parts)


def _total(face: int, modifier: int, halved: bool, rounding: str) -> int:
    return halve(face + modifier, rounding) if halved else face + modifier


def _table_roll(engine: Engine, ctx: Context, step: m.Roll, die: Die, modifier: int, purpose: str) -> None:
    table = ctx.book.tables.get(step.table or "")
    if table is None:
        raise ResolutionError(f"{ctx.title} {ctx.paragraph}: no table {step.table!r}")
    face = ctx.roll(die, f"{purpose} on {table.name}", modifier=modifier)
    total = face + modifier
    try:
        row = table.lookup(total)
    except KeyError:
        raise ResolutionError(f"{ctx.title} {ctx.paragraph}: table {table.id} has no row for {total}") from None
    if table.columns:
        # the whole row is the result (a chart read by the player): every column in words
        cells = {c: table.cell(row, c) for c in table.columns}
        shown = "; ".join(f"{c}: {cell.words()}" for c, cell in cells.items())
        stored: Any = {c: cell_data(cell) for c, cell in cells.items()}
    else:
        cell = ctx.cell(table, row)
        shown = cell.words()
        stored = cell_data(cell)
    luck = _table_luck(table, die, modifier, row) if table.order and not table.columns else None
    ctx.explain_roll(f"row {row.name}: {shown}" if row.name else shown, luck=luck)
    ctx.say(f"{table.name}: {shown}", "table")
    ctx.effect(f"{table.id}={shown}")
    if step.store:
        ctx.state.values[step.store] = stored
    return None


def _table_luck(table: Any, die: Die, modifier: int, row: Any) -> dict[str, Any] | None:
    """The luck record of a roll on a table that declares its order of outcomes (worst
    first): the same form as :func:`paragraphs.audits.luck.order_luck` (a higher layer)."""
    from fractions import Fraction  # (not at import: reading a paragraph rarely needs it)

    def said(r: Any) -> str:
        return str(r.result.value) if hasattr(r.result, "kind") else str(r.result)

    chances: dict[str, Fraction] = {}
    for face, p in die.distribution.items():
        try:
            outcome = said(table.lookup(face + modifier))
        except KeyError:
            return None  # a total off the table: no order to speak of
        chances[outcome] = chances.get(outcome, Fraction(0)) + Fraction(p)
    whole = sum(chances.values(), Fraction(0))
    order = tuple(table.order)
    levels = []
    for index, name in enumerate(order):
        at_least = sum((chances.get(o, Fraction(0)) for o in order[index:]), Fraction(0)) / whole
        levels.append((at_least, chances.get(name, Fraction(0)) / whole))
    here = said(row)
    if here not in order:
        return None
    return {"p": str(levels[order.index(here)][0]), "levels": [[str(v), str(q)] for v, q in levels if q]}


def _match(engine: Engine, ctx: Context, step: m.Match) -> str | None:
    value = ctx.value(step.value)
    if value is None:
        raise ResolutionError(f"{ctx.title} {ctx.paragraph}: the value to match is unknown ({step.pos})")
    return _branch(engine, ctx, step, int(value), "value")


def _ask(engine: Engine, ctx: Context, step: m.AskStep) -> None:
    value = ctx.answer(step.question)
    if step.store:
        ctx.state.values[step.store] = value


def _choice(engine: Engine, ctx: Context, step: m.Choice) -> str | None:
    chosen = ctx.answer(step.question)
    for option in step.options:
        if option.id == chosen:
            ctx.effect(f"chose {option.id}")
            _took(engine, step, option.id)
            return engine.run_steps(ctx, option.steps)
    raise ResolutionError(f"{ctx.title} {ctx.paragraph}: {chosen!r} is not an option of {step.question.key}")


def _mark(engine: Engine, ctx: Context, step: m.MarkSighting) -> None:
    for sid in step.ids:
        ctx.mark(sid, observer=step.observer, revealed=step.revealed, lapses=step.lapses)


def _clear(engine: Engine, ctx: Context, step: m.ClearSighting) -> None:
    for sid in step.ids:
        ctx.clear_sighting(sid, step.observer, step.reason)


def _ignore(engine: Engine, ctx: Context, step: m.IgnoreFurther) -> None:
    retired = ctx.state.retired
    for pid in step.paragraphs:
        if pid not in retired:
            retired.append(pid)
            ctx.effect(f"retire {pid}")
    retired.sort()
    ctx.say("From now on, ignore further references to " + ", ".join(step.paragraphs) + ".", "retire")


def _counter(engine: Engine, ctx: Context, step: m.CounterChange) -> None:
    current = ctx.state.counters.get(step.name, 0)
    if step.set is not None:
        delta = int(step.set) - current
    else:
        delta = int(step.add or 0) * (ctx.number(step.per) if step.per is not None else 1)
    ctx.add_counter(step.name, delta, step.reason or f"paragraph {ctx.paragraph}")
    reason = f" ({step.reason})" if step.reason else ""
    ctx.say(f"{step.name.upper()} {delta:+d}{reason}", "counter")


def _set(engine: Engine, ctx: Context, step: m.SetValues) -> None:
    for name, value in step.values:
        ctx.set_value(name, value)
        if not name.startswith("_"):  # `_name`: a bookkeeping flag, set without telling the player
            ctx.say(f"{name.replace('_', ' ').capitalize()} is now {value}.", "set")


def _hook(engine: Engine, ctx: Context, step: m.HookStep) -> None:
    hooks = ctx.state.hooks
    if not any(h["id"] == step.id for h in hooks):
        entry: dict[str, Any] = {"id": step.id, "event": step.event, "paragraph": ctx.paragraph, "once": step.once}
        if step.replaces:
            entry["replaces"] = step.replaces
        if step.note:
            entry["note"] = step.note
        hooks.append(entry)
        ctx.effect(f"arm {step.event}")
    ctx.say(step.note or f"Remember: when {step.event.replace('_', ' ')}, this paragraph has more to do.", "hook")


def procedure_label(where: str, proc: Any, result: Any) -> Any:
    """The label a procedure's ``result`` gives (the result itself, or its ``label``).

    Raises:
        PluginError: a label the procedure did not declare in ``outcomes`` (no content
            branch could take it), named with the procedure's file and line.
    """
    label = result.get("label") if isinstance(result, Mapping) else result
    if proc.outcomes and str(label) not in proc.outcomes:
        from paragraphs.pluginhost.plugin_errors import undeclared_outcome

        raise undeclared_outcome(where.strip(), "procedure", proc.id, proc.function, label, proc.outcomes)
    return label


def _procedure(engine: Engine, ctx: Context, step: m.ProcedureCall) -> str | None:
    proc = engine.grammar.procedures.get(step.name)
    if proc is None:
        raise ResolutionError(f"{ctx.title} {ctx.paragraph}: no procedure {step.name!r}")
    args = {k: _argument(ctx, step, k, v) for k, v in step.args.items()}
    label = procedure_label(f"{ctx.title} {ctx.paragraph}", proc, proc.function(ctx, **args))
    ctx.effect(f"{step.name}: {label}")
    _took(engine, step, str(label))
    steps = step.outcomes.get(str(label))
    return engine.run_steps(ctx, steps) if steps else None


def _argument(ctx: Context, step: m.ProcedureCall, name: str, ref: Any) -> Any:
    """One argument of a procedure call, evaluated.

    Raises:
        ResolutionError: a ``{value: NAME}`` that nothing gave (no step set it, no set-up,
            answer or calling paragraph did), at the step's place: the procedure would
            get None and fail on it in the plugin's code, far from the content's slip.
    """
    value = ctx.value(ref)
    if value is None and isinstance(ref, m.ValueOf) and not _given(ctx, ref.name):
        raise ResolutionError(
            f"{step.pos}: procedure {step.name!r} would get {name}=None: the value {ref.name!r} is given by "
            "nothing (no step sets it, no set-up or answer gives it, no paragraph passes it)"
        )
    return value


def _given(ctx: Context, name: str) -> bool:
    """Whether the state or a calling paragraph holds ``name`` (a value set to null on
    purpose counts as given; a track with a question is answered, never None)."""
    return name in ctx.state.values or any(name in frame for frame in ctx.frames)


def _no_event(engine: Engine, ctx: Context, step: m.NoEvent) -> None:
    ctx.say("No event.", "no_event")
    ctx.effect("no event")


def _title_step(engine: Engine, ctx: Context, step: m.TitleStep) -> str | None:
    kind = engine.grammar.steps.get(step.kind)
    if kind is None or kind.run is None:
        raise ResolutionError(f"{ctx.title} {ctx.paragraph}: step {step.kind!r} cannot run")
    target = kind.run(ctx, step)
    if target is None or (isinstance(target, str) and target in ctx.book.paragraphs):
        return target
    # the jump would fail as "no paragraph 2" (an id written as a number), naming nothing
    from paragraphs.pluginhost.plugin_errors import code_pos, shown

    where = code_pos(kind.run)
    at = f" ({shown(where.path)}:{where.line})" if where is not None else ""
    why = f"not a paragraph id: ids are text ({str(target)!r})" if isinstance(target, int) and not isinstance(target, bool) else (
        f"and {ctx.title} has no paragraph {target}" if isinstance(target, str) else "not a paragraph id (text) or None"
    )
    from paragraphs.foundation.errors import PluginError

    raise PluginError(f"{ctx.title} {ctx.paragraph}: step kind {step.kind!r}{at} returned {target!r}, {why} (the step at {step.pos})")


GOTO = m.Goto

HANDLERS: dict[type, Callable[..., str | None]] = {
    m.Say: _say,
    m.Note: _note,
    m.See: _see,
    m.Goto: _goto,
    m.If: _if,
    m.FirstOf: _first_of,
    m.ForEach: _for_each,
    m.Check: _check,
    m.Roll: _roll,
    m.Match: _match,
    m.AskStep: _ask,
    m.Choice: _choice,
    m.MarkSighting: _mark,
    m.ClearSighting: _clear,
    m.IgnoreFurther: _ignore,
    m.CounterChange: _counter,
    m.SetValues: _set,
    m.HookStep: _hook,
    m.ProcedureCall: _procedure,
    m.NoEvent: _no_event,
    m.TitleStep: _title_step,
}


def bounded_subjects(ctx: Context, count: int) -> int:
    """``count`` when it is within :data:`paragraphs.foundation.limits.MAX_SUBJECTS`, else an error."""
    from paragraphs.foundation.limits import subject_count_problem

    why = subject_count_problem(count)
    if why:
        raise ResolutionError(f"{ctx.title} {ctx.paragraph}: {why}")
    return count
