"""The title's content checks.

| code | severity | finding |
|---|---|---|
| COM001 | error | a chart, ruling or scenario is malformed or inconsistent (zones against men, arms against men, codes) |
| COM100 | info | how many chart cells the source lacks, and how many an overlay supplied |

Imported at every CLI start, so the checks import their modules only when they run.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from paragraphs.problems import Problem, Severity, SourcePos
from paragraphs.records import LintRule

TITLE = "spi_commando"


def _where(book: Any, collection: str, rid: str) -> SourcePos:
    origin = (book.provenance.get(f"{collection}:{rid}") or {}).get("id", "")
    path, _, rest = origin.partition(":")
    line = rest.split(":")[0] if rest else ""
    return SourcePos(path, int(line), 1) if path and line.isdigit() else SourcePos(TITLE, 0, 0)


def check_content(book: Any, grammar: Any) -> Iterator[Problem]:
    """COM001: the charts parse, every ruling's choice is one of its options, and every
    scenario's numbers agree with each other and with the charts."""
    if book.title != TITLE:
        return
    from paragraphs.errors import ParagraphsError

    from paragraphs_spi_commando.cells import Charts
    from paragraphs_spi_commando.rulings import choices
    from paragraphs_spi_commando.scenarios import needed_cells, problems, scenarios

    try:
        charts = Charts.from_book(book)
    except (KeyError, ValueError, TypeError) as exc:
        yield Problem(SourcePos(TITLE, 0, 0), "COM001", f"a chart does not parse: {exc}")
        return
    try:
        choices(book)
    except ParagraphsError as exc:
        yield Problem(SourcePos(TITLE, 0, 0), "COM001", str(exc))
    for sid, s in scenarios(book).items():
        for message in problems(charts, s):
            yield Problem(_where(book, "scenarios", sid), "COM001", message)
        try:
            needed_cells(charts, s)
        except ParagraphsError as exc:
            yield Problem(_where(book, "scenarios", sid), "COM001", str(exc))


def count_unknown(book: Any, grammar: Any) -> Iterator[Problem]:
    """COM100: one info line counting the cells the source lacks."""
    if book.title != TITLE:
        return
    from paragraphs_spi_commando.cells import Charts

    try:
        charts = Charts.from_book(book)
    except (KeyError, ValueError, TypeError):
        return
    n = len(charts.unknown())
    first = next(iter(charts.charts), "")
    yield Problem(
        _where(book, "tables", first),
        "COM100",
        f"{n} chart cells are not in the source (each says why and where; see docs/titles/spi_commando.md)",
        Severity.INFO,
    )


def lint_rules() -> Iterator[LintRule]:
    yield LintRule("COM001", TITLE, check_content, "Charts, rulings and scenarios are well formed and consistent.")
    yield LintRule("COM100", TITLE, count_unknown, "Counts the chart cells the source lacks.")
