"""Content checks that a schema cannot express, with stable codes.

| code | severity | finding |
|---|---|---|
| REF001 | error | a jump, call, option or hook enters a paragraph that does not exist |
| REF002 | warning | a paragraph cannot be reached from the title's entry points |
| REF003 | error | a retirement list names a paragraph that does not exist |
| REF004 | error | an entry point names a paragraph that does not exist |
| REF005 | warning | the title declares no entry points (reachability not checked) |
| SIGHT001 | warning | a sighting is set but never tested |
| SIGHT002 | warning | a sighting is tested but never set |
| SIGHT003 | warning | a sighting is used but not declared by the title |
| SIGHT004 | warning | a sighting is cleared but never set |
| DICE001 | error | a roll's rows leave a possible total uncovered, or cover one twice |
| DICE002 | warning | a check can never succeed with its die and modifiers |
| DICE003 | warning | a check always succeeds with its die and modifiers |
| DICE005 | warning | a roll branches on odd or even but gives only one of them |
| DICE006 | error | a table's rows do not cover its die's faces exactly once |
| CYCLE001 | warning | a cycle of paragraphs with no dice, sighting or hook exit |
| ID003 | error | a paragraph id does not match the title's id pattern |
| LIMIT001 | error | a ``for_each`` or group check may run over more than 1,000 subjects |
| TABLE001 | error | a roll uses a table that does not exist |
| TABLE002 | error | a table cell is empty (null): give the value or type the cell |
| TABLE003 | error | a row of a table with columns names an undeclared column or leaves one out |
| TABLE004 | error | two rows of a table have the same key or range |
| TABLE005 | error | a ``cells`` record names no cell of the title |
| TABLE006 | info | a ``cells`` record replaces a value the title gives |
| TABLE007 | error | a table rolled on a die has rows keyed by id |
| TABLE008 | error | a table's ``order`` of outcomes is not each of its results once (or the table has columns) |
| PROC003 | error | a procedure call passes an argument its function does not take, or leaves out one it needs |
| QUESTION005 | error | a question no answer can satisfy: an integer question whose `min` is above its `max`, a choice with no choices, or two choices (options of a `choice` step) with one id; or one whose domain is written for another type (`choices` on an integer question, `min`/`max` on a yes/no or choice) |
| COUNTER001 | error | a `counter` step, `{counter: NAME}` value or counter test names a counter the title does not declare (with a "did you mean") |
| VALUE002 | warning | a `{value: NAME}` or value test names what nothing in the content gives a value (no track, `set` or `store`), one letter away from a name that is (`hieght`) |
| EVENT001 | warning | a `hook` or a sighting's `lapses` waits for an event the title's `events` does not list, one letter away from one it does (`midnigth`): probably a misspelling, and such a hook never fires |

Findings inside a paragraph or table marked ``damaged`` or ``assumed`` are lowered to info.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from paragraphs.book import model as m
from paragraphs.pipeline.compiler import format_range
from paragraphs.book.dice import compare_total, parse_die
from paragraphs.pipeline.graph import edges, reachable, sorted_ids, strongly_connected
from paragraphs.pipeline.grammar import Grammar
from paragraphs.foundation.problems import Problem, Severity, SourcePos
from paragraphs.pipeline.lint_declarations import check_counters as check_counters, check_events as check_events, check_questions as check_questions, check_values as check_values

W = Severity.WARNING
E = Severity.ERROR


def run_lint(book: m.Book, grammar: Grammar, *, standalone: bool = False) -> list[Problem]:
    """Run the core checks and the title's lint rules; lower findings in damaged content."""
    problems: list[Problem] = []
    for rule in sorted(grammar.lint_rules.values(), key=lambda r: r.id):
        if standalone and rule.id in ("REF002", "REF005"):
            continue
        allowed = {rule.id, *rule.codes}
        undeclared: set[str] = set()
        try:
            found_all = rule.check(book, grammar)
            for found in found_all:
                wrong = _malformed(rule.id, found)
                if wrong:  # the rule's bug, said where the rule is (the report would stop on it)
                    from paragraphs.pluginhost.plugin_errors import code_pos

                    problems.append(Problem(code_pos(rule.check) or SourcePos("<plugin>", 1, 1), "PLUGIN001", wrong))
                    break
                if found.code not in allowed:
                    if found.code not in undeclared:  # said once per code, at the yield
                        undeclared.add(found.code)
                        problems.append(_undeclared(rule, found.code, allowed, found_all))
                    continue
                problems.append(found)
        except Exception as exc:  # a rule's bug is reported where it is, the other rules still run
            from paragraphs.pluginhost.plugin_errors import plugin_problem

            problems.append(plugin_problem(exc, grammar, f"lint rule {rule.id!r}", owner=rule.check))
    return _lower(book, problems)


def _undeclared(rule: Any, code: str, allowed: set[str], found_all: Any) -> Problem:
    """PLUGIN001 for a problem whose code its rule does not declare, at the line that
    yielded it (a generator's current line), else where the rule's check is defined."""
    from paragraphs.pipeline.validation import did_you_mean
    from paragraphs.pluginhost.plugin_errors import code_pos

    frame = getattr(found_all, "gi_frame", None)
    if frame is not None:
        import linecache
        import os

        text = linecache.getline(frame.f_code.co_filename, frame.f_lineno)
        pos = SourcePos(os.path.abspath(frame.f_code.co_filename), frame.f_lineno, len(text) - len(text.lstrip()) + 1)
    else:
        pos = code_pos(rule.check) or SourcePos("<plugin>", 1, 1)
    why = f"lint rule {rule.id!r} yielded the code {code!r}, which it does not declare{did_you_mean(code, sorted(allowed))}"
    return Problem(pos, "PLUGIN001", f"{why}; it may yield its id, or the codes it lists in LintRule(codes=...)")


def _malformed(rule_id: str, found: Any) -> str | None:
    """Why what a lint rule yielded cannot be reported, or None: not a Problem, or one
    whose place or severity is not of its type (``Problem(None, ...)``, ``"warning"``),
    which stopped every report of the title with a traceback."""
    if not isinstance(found, Problem):
        shown = repr(found) if len(repr(found)) <= 60 else repr(found)[:57] + "..."
        return f"lint rule {rule_id!r} yielded {shown} ({type(found).__name__}), not a paragraphs.problems.Problem"
    if not isinstance(found.pos, SourcePos):
        shown = repr(found.pos) if len(repr(found.pos)) <= 40 else repr(found.pos)[:37] + "..."
        return f"lint rule {rule_id!r} yielded a Problem whose pos is {shown}, not a SourcePos (give it step.pos or paragraph.pos)"
    if not isinstance(found.severity, Severity):
        named = f" (Severity.{str(found.severity).upper()})" if str(found.severity).upper() in Severity.__members__ else ""
        return f"lint rule {rule_id!r} yielded a Problem whose severity is {found.severity!r}, not a Severity{named}"
    return None


def _lower(book: m.Book, problems: list[Problem]) -> list[Problem]:
    spans: dict[str, list[tuple[int, bool]]] = {}
    for par in book.paragraphs.values():
        spans.setdefault(par.pos.path, []).append((par.pos.line, bool(par.damaged or par.assumed)))
    for entries in spans.values():
        entries.sort()
    out = []
    for p in problems:
        marked = False
        for line, flagged in spans.get(p.pos.path, ()):
            if line > p.pos.line:
                break
            marked = flagged
        if marked and p.severity is not Severity.INFO:
            p = p.lowered(Severity.INFO)
        out.append(p)
    return out


# --------------------------------------------------------------------------- references


def check_references(book: m.Book, grammar: Grammar) -> Iterator[Problem]:
    for e in edges(book, grammar):
        if e.target not in book.paragraphs:
            yield Problem(e.pos, "REF001", f"{e.source} enters paragraph {e.target}, which does not exist")
    for par in book.paragraphs.values():
        for step in m.walk_steps(par.steps):
            if isinstance(step, m.IgnoreFurther):
                for pid in step.paragraphs:
                    if pid not in book.paragraphs:
                        yield Problem(step.pos, "REF003", f"{par.id} retires paragraph {pid}, which does not exist")
    for ep in book.entry_points:
        if ep.paragraph not in book.paragraphs:
            yield Problem(ep.pos, "REF004", f"entry point ({ep.source}) names paragraph {ep.paragraph}, which does not exist")


def check_reachability(book: m.Book, grammar: Grammar) -> Iterator[Problem]:
    if not book.entry_points:
        if book.paragraphs:
            first = next(iter(book.paragraphs.values()))
            yield Problem(first.pos, "REF005", "the title declares no entry points; reachability not checked", W)
        return
    seen = reachable(book, grammar, [ep.paragraph for ep in book.entry_points])
    for par in book.paragraphs.values():
        if par.id not in seen:
            yield Problem(par.pos, "REF002", f"paragraph {par.id} cannot be reached from any entry point", W)


def check_ids(book: m.Book, grammar: Grammar) -> Iterator[Problem]:
    pattern = book.meta.get("id_pattern")
    if not pattern:
        return
    try:
        rx = re.compile(pattern)
    except re.error:
        return  # reported where the title declares it (ID004)
    for par in book.paragraphs.values():
        if not rx.fullmatch(par.id):
            yield Problem(par.pos, "ID003", f"paragraph id {par.id!r} does not match {pattern}")


# --------------------------------------------------------------------------- sightings


def check_procedure_arguments(book: m.Book, grammar: Grammar) -> Iterator[Problem]:
    """Each ``procedure:`` step's ``args`` fit its function's parameters (after the context).

    Otherwise the call fails only in play, with a TypeError raised before any line of the
    plugin runs (so it could not even be placed in the plugin's code).
    """
    import inspect

    for par in book.paragraphs.values():
        for step in m.walk_steps(par.steps):
            if not isinstance(step, m.ProcedureCall) or step.name not in grammar.procedures:
                continue
            try:
                signature = inspect.signature(grammar.procedures[step.name].function)
            except (TypeError, ValueError):  # a builtin or compiled function: nothing to read
                continue
            first = next(iter(signature.parameters), None)
            params = list(signature.parameters.values())[1:]  # the context comes first
            if any(p.kind is p.VAR_KEYWORD for p in params):
                continue
            takes = [p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
            unknown = [a for a in step.args if a not in takes]
            missing = [p.name for p in params if p.name in takes and p.default is p.empty and p.name not in step.args]
            said = ", ".join(takes) or "no argument"
            for name in unknown:
                fn = grammar.procedures[step.name].function
                # the argument went to the parameter that receives the context: ctx forgotten
                forgot = f"; its first parameter, {name!r}, receives the context: write def {getattr(fn, '__name__', step.name)}(ctx, {name})" if name == first else ""
                yield Problem(step.pos, "PROC003", f"procedure {step.name}: unexpected argument {name!r} (it takes: {said}{forgot})")
            for name in missing:
                yield Problem(step.pos, "PROC003", f"procedure {step.name}: missing argument {name!r} (it takes: {said})")


def check_sightings(book: m.Book, grammar: Grammar) -> Iterator[Problem]:
    set_at: dict[str, SourcePos] = {}
    tested_at: dict[str, SourcePos] = {}
    cleared_at: dict[str, SourcePos] = {}
    any_tested: set[str] | None = None  # sightings excluded by the broadest any_sighting test
    for par in book.paragraphs.values():
        for sid in par.marks:
            set_at.setdefault(sid, par.pos)
        for step in m.walk_steps(par.steps):
            if isinstance(step, m.MarkSighting):
                for sid in step.ids:
                    set_at.setdefault(sid, step.pos)
            elif isinstance(step, m.ClearSighting):
                for sid in step.ids:
                    cleared_at.setdefault(sid, step.pos)
            for pred in m.step_predicates(step):
                for p in m.walk_predicate(pred):
                    if isinstance(p, m.SightingIs):
                        tested_at.setdefault(p.id, step.pos)
                    elif isinstance(p, m.AnySighting):
                        any_tested = set(p.except_) if any_tested is None else any_tested & set(p.except_)
    declared = set(book.sightings)
    for sid, pos in sorted(set_at.items()):
        if sid not in tested_at and (any_tested is None or sid in any_tested):
            yield Problem(pos, "SIGHT001", f"sighting {sid} is set but never tested", W)
    from paragraphs.pipeline.validation import did_you_mean

    for sid, pos in sorted(tested_at.items()):
        if sid not in set_at:
            yield Problem(pos, "SIGHT002", f"sighting {sid} is tested but never set{did_you_mean(sid, sorted(set_at))}", W)
    for sid, pos in sorted(cleared_at.items()):
        if sid not in set_at:
            yield Problem(pos, "SIGHT004", f"sighting {sid} is cleared but never set", W)
    if declared:
        for sid, pos in sorted({**cleared_at, **set_at, **tested_at}.items()):
            if sid not in declared:
                yield Problem(pos, "SIGHT003", f"sighting {sid} is not declared by the title{did_you_mean(sid, sorted(declared))}", W)


# --------------------------------------------------------------------------- dice


def _value_range(book: m.Book, ref: Any) -> tuple[int, int] | None:
    if ref is None:
        return (0, 0)
    if isinstance(ref, m.Literal) and isinstance(ref.value, int):
        return (ref.value, ref.value)
    if isinstance(ref, m.AnswerTo) and ref.question.type == m.INTEGER:
        return (int(ref.question.min or 0), int(ref.question.max or 0))
    if isinstance(ref, m.ValueOf):
        track = book.tracks.get(ref.name)
        if track and track.question and track.question.type == m.INTEGER:
            return (int(track.question.min or 0), int(track.question.max or 0))
    if isinstance(ref, m.SumOf):
        lo = hi = 0
        for item in ref.items:
            r = _value_range(book, item)
            if r is None:
                return None
            lo, hi = lo + r[0], hi + r[1]
        return (lo, hi)
    return None


def check_subject_counts(book: m.Book, grammar: Grammar) -> Iterator[Problem]:
    from paragraphs.foundation.limits import subject_count_problem

    for par in book.paragraphs.values():
        for step in m.walk_steps(par.steps):
            if isinstance(step, m.ForEach):
                count, what = step.subjects, "for_each"
            elif isinstance(step, m.Check) and step.group is not None:
                count, what = step.group.subjects, f"group {step.kind} check"
            else:
                continue
            rng = _value_range(book, count)
            why = subject_count_problem(rng[1]) if rng is not None else None
            if why:
                yield Problem(step.pos, "LIMIT001", f"{what} in {par.id} may run over {why}")


def check_rolls(book: m.Book, grammar: Grammar) -> Iterator[Problem]:
    for par in book.paragraphs.values():
        for step in m.walk_steps(par.steps):
            if isinstance(step, m.Roll):
                yield from _roll_coverage(book, par, step)
            elif isinstance(step, m.Match) and step.rows:
                rng = _value_range(book, step.value)
                if rng is not None:
                    yield from _coverage(step.rows, [rng], step.pos, f"value of {par.id}", False)
            elif isinstance(step, m.Check):
                yield from _check_bounds(book, grammar, par, step)


def _roll_coverage(book: m.Book, par: m.Paragraph, step: m.Roll) -> Iterator[Problem]:
    try:
        die = parse_die(step.die, book.conventions)
    except Exception as exc:
        yield Problem(step.pos, "DICE004", str(exc))
        return
    if step.table:
        if step.table not in book.tables:
            from paragraphs.pipeline.validation import did_you_mean

            known = sorted(book.tables)
            listed = ", ".join(known[:12]) + (f", ... ({len(known)} in all)" if len(known) > 12 else "")
            hint = did_you_mean(step.table, known) + f" (tables: {listed or 'none'})"
            yield Problem(step.pos, "TABLE001", f"roll uses table {step.table!r}, which does not exist{hint}")
        return
    if (step.odd is None) != (step.even is None) and not step.rows:
        yield Problem(step.pos, "DICE005", f"roll in {par.id} branches on {'odd' if step.odd is not None else 'even'} only", W)
    if not step.rows:
        return
    mod = _value_range(book, step.modifier)
    if mod is None:
        return
    from paragraphs.book.dice import halve

    # totals as intervals (a face plus the modifier's whole range): a modifier of +-10^9
    # must not become a set of two billion numbers
    totals = [(f + mod[0], f + mod[1]) for f in die.faces]
    if step.halve:
        rounding = step.rounding or book.conventions.rounding
        totals = [(halve(a, rounding), halve(b, rounding)) for a, b in totals]
    yield from _coverage(step.rows, totals, step.pos, f"{die.name} roll in {par.id}", step.clamp)


def _coverage(rows: tuple[m.Row, ...], totals: list[tuple[int, int]], pos: SourcePos, what: str, clamp: bool) -> Iterator[Problem]:
    """Report the first total two rows cover, or no row covers.

    ``totals`` are closed intervals of possible results. Which rows cover a total only
    changes where a row starts or just after one ends, so checking each interval's start
    and those points inside it finds the same first problem as checking every total.
    """
    lo, hi = min(a for a, _ in totals), max(b for _, b in totals)
    edges = {r.low for r in rows} | {r.high + 1 for r in rows}
    probes = set()
    for a, b in totals:
        probes.add(a)
        probes.update(e for e in edges if a <= e <= b)
    for t in sorted(probes):
        covering = [r for r in rows if r.low <= t <= r.high]
        if len(covering) > 1:
            yield Problem(pos, "DICE001", f"{what}: rows {', '.join(format_range(r.low, r.high) for r in covering)} overlap at {t}")
            return
        if not covering:
            if clamp and (t < rows[0].low or t > rows[-1].high):
                continue
            yield Problem(pos, "DICE001", f"{what}: no row covers {t} (possible results {lo}-{hi})")
            return


def _check_bounds(book: m.Book, grammar: Grammar, par: m.Paragraph, step: m.Check) -> Iterator[Problem]:
    kind = grammar.checks.get(step.kind)
    if kind is None or kind.bounds is None:
        return
    bounds = kind.bounds(step.spec, book)
    if bounds is None:
        return
    low, high = bounds
    if high == 0:
        yield Problem(step.pos, "DICE002", f"{step.kind} check in {par.id} can never succeed", W)
    elif low == 1:
        yield Problem(step.pos, "DICE003", f"{step.kind} check in {par.id} always succeeds", W)


def target_bounds(book: m.Book, die_name: str, target: Any, modifier: Any, compare: str) -> tuple[Fraction, Fraction] | None:
    """Lowest and highest chance of success of a roll-against-target over the known ranges."""
    die = parse_die(die_name, book.conventions)
    t_range = _value_range(book, target)
    m_range = _value_range(book, modifier)
    if t_range is None or m_range is None:
        return None
    probs = []
    for t in (t_range[0], t_range[1]):
        for k in (m_range[0], m_range[1]):
            probs.append(sum((p for face, p in die.distribution.items() if compare_total(face + k, t, compare)), Fraction(0)))
    return min(probs), max(probs)


def check_tables(book: m.Book, grammar: Grammar) -> Iterator[Problem]:
    for table in book.tables.values():
        if not table.die or not table.rows or table.title != book.title:
            continue
        try:
            die = parse_die(table.die, book.conventions)
        except Exception:
            continue
        # a content table at its record; one a plugin registers in code at its `yield`
        # (its `source` is where the rulebook prints it, not a file); the title's name
        # only when neither is known
        pos = book.meta.get("tables_at", {}).get(table.id) or SourcePos(book.title, 0, 0)
        keyed = [row.key for row in table.rows if row.low is None or row.high is None]
        if keyed:
            yield Problem(pos, "TABLE007", f"table {table.id} is rolled on a {die.name} but row(s) {', '.join(keyed[:5])} have a key, not a range")
            continue
        covered: dict[int, int] = {}
        for row in table.rows:
            if row.low is None or row.high is None:
                continue
            for f in die.faces:
                if row.low <= f <= row.high:
                    covered[f] = covered.get(f, 0) + 1
        bad = [f for f in die.faces if covered.get(f, 0) != 1]
        if bad:
            severity = Severity.INFO if table.flags else E
            yield Problem(pos, "DICE006", f"table {table.id} does not cover {die.name} faces exactly once (faces {bad[:5]})", severity)


# --------------------------------------------------------------------------- cycles


def check_cycles(book: m.Book, grammar: Grammar) -> Iterator[Problem]:
    succ: dict[str, set[str]] = {}
    unguarded: set[tuple[str, str]] = set()
    for e in edges(book, grammar):
        if e.target in book.paragraphs:
            succ.setdefault(e.source, set()).add(e.target)
            if not e.guarded:
                unguarded.add((e.source, e.target))
    for comp in strongly_connected(sorted_ids(book.paragraphs), succ):
        members = set(comp)
        inner = [(a, b) for a in comp for b in succ.get(a, ()) if b in members]
        if inner and all(edge in unguarded for edge in inner):
            first = book.paragraphs[comp[0]]
            yield Problem(first.pos, "CYCLE001", "cycle " + " -> ".join(comp + [comp[0]]) + " has no dice, sighting or hook exit", W)

