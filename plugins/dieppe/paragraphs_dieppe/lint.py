"""The title's content checks: the merged content must be playable; assumed values are counted.

| code | severity | finding |
|---|---|---|
| DIE001 | error | a record lacks a field or names something that does not exist |
| DIE002 | error | a collection, table, alarm event, VP record, optional rule, ruling or the scenario record is missing, or a ruling names a reading the engine does not play |
| DIE003 | error | the map lacks a zone the rules need (Newhaven, H, R0-R9) |
| DIE004 | error | an LCA carries more than its capacity, or a counter is placed twice |
| DIE100 | info | how many values are assumed rather than printed in the rulebook |

Imported at every CLI start, so the checks import their modules only when they run.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from paragraphs.problems import Problem
from paragraphs.records import LintRule

TITLE = "dieppe"


def check_playable(book: Any, grammar: Any) -> list[Problem]:
    """DIE001-DIE004: everything the game needs is there and consistent."""
    if book.title != TITLE:
        return []
    from paragraphs_dieppe.scenario import scenario_problems

    return scenario_problems(book)


def count_assumed(book: Any, grammar: Any) -> Iterator[Problem]:
    """DIE100: one info line with the number of assumed values."""
    from paragraphs_raids.victory import count_assumed as count

    yield from count(book, TITLE, "DIE100", "docs/titles/dieppe.md")


def lint_rules() -> Iterator[LintRule]:
    yield LintRule("DIE001", TITLE, check_playable, "The merged content is complete and consistent enough to play.", ("DIE002", "DIE003", "DIE004"))
    yield LintRule("DIE100", TITLE, count_assumed, "Counts the values marked assumed.")
