"""The title's content checks: the merged content must be playable, and assumed values are counted.

| code | severity | finding |
|---|---|---|
| BRU001 | error | a record lacks a field or names something that does not exist |
| BRU002 | error | a collection, table, alert event, ruling or the scenario record is missing, or a ruling names a reading the engine does not play |
| BRU003 | error | the map lacks a zone the rules need (W, Villa, arrows, DZ zones 1-6, beach) |
| BRU004 | error | activation marker counts do not match the activation zones |
| BRU005 | warning | the board picture cannot place a zone: it has no `position`, or another zone's |
| BRU100 | info | how many values are assumed rather than printed in the rulebook |

Imported at every CLI start (the lint hook runs when the plugin host is built), so the
checks import their modules only when they run.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from paragraphs.problems import Problem
from paragraphs.records import LintRule

TITLE = "bruneval"


def check_playable(book: Any, grammar: Any) -> list[Problem]:
    """BRU001-BRU004: everything the game needs is there and consistent."""
    if book.title != TITLE:
        return []
    from paragraphs_bruneval.scenario import scenario_problems

    return scenario_problems(book)


def check_positions(book: Any, grammar: Any) -> Iterator[Problem]:
    """BRU005: every zone has a position of its own on the board picture."""
    from paragraphs.problems import Severity
    from paragraphs_raids.picture import MapLayout

    from paragraphs_bruneval.scenario import record_pos

    for zone, message in MapLayout.from_collections(book.data).problems():
        yield Problem(record_pos(book, "zones", zone, "position"), "BRU005", message, Severity.WARNING)


def count_assumed(book: Any, grammar: Any) -> Iterator[Problem]:
    """BRU100: one info line with the number of assumed values, so nobody forgets them."""
    from paragraphs_raids.victory import count_assumed as count

    yield from count(book, TITLE, "BRU100", "docs/titles/bruneval.md")


def lint_rules() -> Iterator[LintRule]:
    yield LintRule("BRU001", TITLE, check_playable, "The merged content is complete and consistent enough to play.", ("BRU002", "BRU003", "BRU004"))
    yield LintRule("BRU005", TITLE, check_positions, "Every zone has a position of its own on the board picture.")
    yield LintRule("BRU100", TITLE, count_assumed, "Counts the values marked assumed.")
