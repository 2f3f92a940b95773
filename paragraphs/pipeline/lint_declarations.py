"""Checks of what a title declares against what its content uses: questions and counters.

Their codes (QUESTION005, COUNTER001) are in the table of :mod:`paragraphs.pipeline.lint`.
Each of these passed validation silently: the player was asked ``[3-0]`` or ``[]`` (and
``odds`` stopped with a traceback), the second option of one id could never be chosen,
and a misspelt counter was made up, as 0, at the first step that named it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from paragraphs.book import model as m
from paragraphs.foundation.problems import Problem, SourcePos
from paragraphs.pipeline.grammar import Grammar


def check_questions(book: m.Book, grammar: Grammar) -> Iterator[Problem]:
    """Every question has at least one answer, and each choice an id of its own."""
    for question in book.questions.values():
        why = empty_domain(question)
        if why:
            yield Problem(question.pos, "QUESTION005", f"question {question.key!r} {why}")


def empty_domain(question: m.Question) -> str | None:
    """Why no answer (or no second choice) can be given to ``question``, or None."""
    if question.type == m.INTEGER and question.min is not None and question.max is not None and question.min > question.max:
        return f"has min {question.min} above its max {question.max}: no answer is allowed (swap them?)"
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


def _counters_named(node: Any, pos: SourcePos, found: dict[str, SourcePos]) -> None:
    """Counter names anywhere below ``node``, each at the innermost step or row holding it."""
    if isinstance(node, m.Question):
        return
    if isinstance(node, tuple) and hasattr(node, "_fields"):  # a compiled record (NamedTuple)
        here = getattr(node, "pos", None)
        pos = here if isinstance(here, SourcePos) and here.line else pos
        if isinstance(node, (m.CounterChange, m.CounterOf)):
            found.setdefault(node.name, pos)
        for item in node:
            _counters_named(item, pos, found)
    elif isinstance(node, (tuple, list)):
        for item in node:
            _counters_named(item, pos, found)
    elif isinstance(node, Mapping):
        for item in node.values():
            _counters_named(item, pos, found)
