"""Checks of what a title declares against what its content uses: questions and counters.

Their codes (QUESTION005, COUNTER001, EVENT001, VALUE002) are in the table of :mod:`paragraphs.pipeline.lint`.
Each of these passed validation silently: the player was asked ``[3-0]`` or ``[]`` (and
``odds`` stopped with a traceback), the second option of one id could never be chosen,
a misspelt counter was made up, as 0, at the first step that named it, and a hook
waiting for a misspelt event was armed for an event that never comes.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from paragraphs.book import model as m
from paragraphs.foundation.problems import Problem, Severity, SourcePos
from paragraphs.pipeline.grammar import Grammar

W = Severity.WARNING


def check_questions(book: m.Book, grammar: Grammar) -> Iterator[Problem]:
    """Every question has at least one answer, and each choice an id of its own."""
    for question in book.questions.values():
        why = empty_domain(question)
        if why:
            yield Problem(question.pos, "QUESTION005", f"question {question.key!r} {why}")


def empty_domain(question: m.Question) -> str | None:
    """Why no answer (or no second choice) can be given to ``question``, or part of what
    its author wrote is never used (choices on an integer question, min/max on a choice), or None."""
    if question.type == m.INTEGER and question.min is not None and question.max is not None and question.min > question.max:
        return f"has min {question.min} above its max {question.max}: no answer is allowed (swap them?)"
    if question.type == m.INTEGER and question.choices:
        return f"is an integer question with choices ({', '.join(c for c, _ in question.choices)}), which it never offers: give it type: choice, or drop the choices"
    if question.type != m.INTEGER and (question.min is not None or question.max is not None):
        return f"is a {question.type} question with min/max, which only an integer question uses: give it type: integer, or drop them"
    if question.type == m.CHOICE:
        if not question.choices:
            return "is a choice with no choices: give its `choices` (each an id and a label)"
        ids = [cid for cid, _ in question.choices]
        twice = sorted({cid for cid in ids if ids.count(cid) > 1})
        if twice:
            return f"gives the choice id {', '.join(map(repr, twice))} more than once: only the first could be chosen"
    return None


def check_counters(book: m.Book, grammar: Grammar) -> Iterator[Problem]:
    """Every counter the content changes, reads or tests is one the title declares."""
    from paragraphs.pipeline.validation import did_you_mean

    declared = sorted(book.counters)
    found: dict[str, SourcePos] = {}
    for par in book.paragraphs.values():
        _counters_named(par.steps, par.pos, found)
    for name, pos in sorted(found.items(), key=lambda item: (item[1].path, item[1].line, item[1].col)):
        if name not in book.counters:
            listed = f" (declared: {', '.join(declared)})" if declared else " (it declares none: list it under title.counters)"
            yield Problem(pos, "COUNTER001", f"counter {name!r} is not declared by the title{did_you_mean(name, declared)}{listed}")


def _counters_named(node: Any, pos: SourcePos, found: dict[str, SourcePos], kinds: tuple[type, ...] = (m.CounterChange, m.CounterOf)) -> None:
    """Names of ``kinds`` records anywhere below ``node``, each at the innermost step or row holding it."""
    if isinstance(node, m.Question):
        return
    if isinstance(node, m.ProcedureCall) and node.arg_pos:  # each argument at its own line
        for name, value in node.args.items():
            _counters_named(value, node.arg_pos.get(name) or node.pos, found, kinds)
        _counters_named(node.outcomes, node.pos, found, kinds)
        return
    if isinstance(node, tuple) and hasattr(node, "_fields"):  # a compiled record (NamedTuple)
        here = getattr(node, "pos", None)
        pos = here if isinstance(here, SourcePos) and here.line else pos
        if isinstance(node, kinds):
            found.setdefault(str(getattr(node, "name")), pos)
        for item in node:
            _counters_named(item, pos, found, kinds)
    elif isinstance(node, (tuple, list)):
        for item in node:
            _counters_named(item, pos, found, kinds)
    elif isinstance(node, Mapping):
        for item in node.values():
            _counters_named(item, pos, found, kinds)


def check_values(book: m.Book, grammar: Grammar) -> Iterator[Problem]:
    """A ``{value: NAME}`` (or a value or flag test) one slip away from a name the content
    gives a value (a track, a ``set`` step, an ``ask`` or ``roll`` that stores), and given
    none itself: ``{value: hieght}`` reached the plugin as None and was blamed on it."""
    given = set(book.tracks)
    used: dict[str, SourcePos] = {}
    for par in book.paragraphs.values():
        _counters_named(par.steps, par.pos, used, (m.ValueOf,))
        for step in m.walk_steps(par.steps):
            if isinstance(step, m.SetValues):
                given.update(name for name, _ in step.values)
            elif isinstance(step, (m.AskStep, m.Roll)) and step.store:
                given.add(step.store)
    for name, pos in sorted(used.items(), key=lambda item: (item[1].path, item[1].line, item[1].col)):
        near = sorted(g for g in given if name not in given and _one_slip(name, g))
        if near:
            yield Problem(pos, "VALUE002", f"value {name!r} is given by nothing in the content, one letter away from {near[0]!r} (did you mean {near[0]!r}?)", W)


def check_events(book: m.Book, grammar: Grammar) -> Iterator[Problem]:
    """A hook or lapse waiting for an event one slip away from one the title declares.

    A title's ``events`` is not a closed list (the player reports any event an armed hook
    waits for; Ambush! names dozens in its paragraphs alone), so only a name one letter
    away from a declared one (one changed, added, dropped or two swapped) is reported.
    """
    declared = [str(e) for e in book.meta.get("events") or ()]
    for par in book.paragraphs.values():
        for step in m.walk_steps(par.steps):
            for event in _events_awaited(step):
                near = [d for d in declared if event not in declared and _one_slip(event, d)]
                if near:
                    yield Problem(step.pos, "EVENT001", f"event {event!r} is not declared by the title, one letter away from {near[0]!r}: a hook waiting for it never fires unless the player names it (did you mean {near[0]!r}? else declare it in title.events)", W)


def _one_slip(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` differ by one letter changed, added or dropped, or two swapped."""
    if a == b or abs(len(a) - len(b)) > 1 or min(len(a), len(b)) < 3:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))


def _events_awaited(step: Any) -> list[str]:
    if isinstance(step, m.HookStep):
        return [step.event]
    if isinstance(step, m.MarkSighting):
        lapses = step.lapses
        if isinstance(lapses, str):
            return [lapses]
        if isinstance(lapses, Mapping) and isinstance(lapses.get("event"), str):
            return [lapses["event"]]
    return []
