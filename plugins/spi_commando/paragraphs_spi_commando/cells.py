"""The title's charts as typed cells, read through the core's tables.

The charts are core tables (``content/spi_commando/charts/``): a row is keyed by ``key``
(a weapon, a terrain) or by ``range`` (die faces or a band of values, ``"6-11"``); a cell
is a value printed in the source or a typed cell (``prohibited``, ``none``, ``derived``,
``unknown``), and its key is ``cell.<chart>.<row>.<column>`` (``result`` for a
one-column chart). An overlay's ``cells`` records fill unknown cells when the book is
compiled.

:class:`Charts` gives the rules functions the values they need. An unknown cell nobody
filled is resolved by the core's policy when the charts are bound to a resolution
context (:meth:`Charts.bound`: a remembered answer, else a question keyed like the cell,
or a refusal under ``--gaps refuse``); unbound, it takes a value from ``answers`` or
raises :class:`UnknownCell`, naming the key, the reason and the seed line. It is never
read as a number it does not have.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from paragraphs.cells import parse_answer
from paragraphs.errors import ParagraphsError, Refused

PRINTED = "value"
KINDS = (PRINTED, "prohibited", "none", "derived", "unknown")


class UnknownCell(ParagraphsError):
    """A procedure reached a cell the source lacks and nobody has supplied.

    Attributes:
        key: ``cell.<chart>.<row>.<column>``, the key an answer or an overlay gives.
        reason, source: why the cell is missing and where the source shows it.
    """

    def __init__(self, key: str, reason: str, source: str) -> None:
        super().__init__(f"{key}: not in the source ({reason}; {source}); give it with --answer {key}=... or an overlay")
        self.key = key
        self.reason = reason
        self.source = source


class Prohibited(Refused):
    """The chart forbids the action (printed ``P``, or a rule that prohibits it).

    Under odds, an open range or weapon that reaches a ``P`` is the outcome ``prohibited``.
    """

    odds_label = "prohibited"

    def __init__(self, key: str, note: str) -> None:
        super().__init__(f"{key}: prohibited ({note})")
        self.key = key
        self.note = note


@dataclass(frozen=True, slots=True)
class Cell:
    """One cell of a chart: ``kind`` is one of :data:`KINDS`."""

    key: str
    kind: str
    value: Any = None
    note: str = ""
    reason: str = ""
    source: str = ""

    @classmethod
    def parse(cls, key: str, raw: Any) -> Cell:
        if not isinstance(raw, Mapping):
            return cls(key, PRINTED, raw)
        kind = str(raw["cell"])
        if kind not in KINDS[1:]:
            raise ValueError(f"{key}: unknown cell kind {kind!r}")
        return cls(key, kind, raw.get("value"), str(raw.get("note", raw.get("rule", ""))), str(raw.get("reason", "")), str(raw.get("source", "")))

    @property
    def known(self) -> bool:
        """True when the rules give this cell (printed, derived, prohibited or none)."""
        return self.kind != "unknown"


def parse_span(text: str) -> tuple[int, int]:
    """``"6-11"`` -> (6, 11); ``"7"`` -> (7, 7); ``"72+"`` -> (72, a large bound)."""
    text = str(text).strip()
    if text.endswith("+"):
        return int(text[:-1]), 10**9
    low, _, high = text.partition("-")
    return int(low), int(high or low)


@dataclass(frozen=True, slots=True)
class Row:
    key: str
    label: str
    span: tuple[int, int] | None
    cells: Mapping[str, Cell]


@dataclass(frozen=True)
class Chart:
    """A chart of the rulebook with its rows in order and its typed cells."""

    id: str
    name: str
    case: str
    source: str
    columns: tuple[str, ...]
    rows: tuple[Row, ...]
    _by_key: Mapping[str, Row] = field(default_factory=dict, repr=False)

    @classmethod
    def from_table(cls, table: Any) -> Chart:
        """A core :class:`paragraphs.records.Table` as a chart of typed cells."""
        rows = []
        for r in table.rows:
            cells = {}
            for column in table.columns or (None,):
                core = table.cell(r, column)
                cells[column or "result"] = Cell(table.cell_key(r, column), core.kind, core.value, core.note or core.rule, core.reason, core.source)
            span = (r.low, r.high) if r.low is not None and r.high is not None else None
            rows.append(Row(r.name, r.note or r.name, span, cells))
        source = str(table.source)
        case = source[1 : source.index("]")] if source.startswith("[") and "]" in source else ""
        return cls(table.id, table.name, case, source, tuple(table.columns), tuple(rows), {r.key: r for r in rows})

    def row(self, key: str) -> Row:
        try:
            return self._by_key[str(key)]
        except KeyError:
            raise ParagraphsError(f"chart {self.id} ([{self.case}]) has no row {key!r}") from None

    def row_for(self, number: int) -> Row:
        """The range row whose span holds ``number``."""
        for r in self.rows:
            if r.span is not None and r.span[0] <= number <= r.span[1]:
                return r
        raise ParagraphsError(f"chart {self.id} ([{self.case}]) has no row for {number}")

    def column_for(self, number: int) -> str:
        """The column whose band (``"9-20"``, ``"51+"``) holds ``number``."""
        for c in self.columns:
            try:
                low, high = parse_span(c)
            except ValueError:
                continue
            if low <= number <= high:
                return c
        raise ParagraphsError(f"chart {self.id} ([{self.case}]) has no column for {number}")

    def cell(self, row: str, column: str = "result") -> Cell:
        r = self.row(row)
        if column not in r.cells:
            raise ParagraphsError(f"chart {self.id} ([{self.case}]) row {row!r} has no column {column!r}")
        return r.cells[column]

    def cells(self) -> Iterator[Cell]:
        for r in self.rows:
            yield from r.cells.values()


class Charts:
    """Every chart of a book, and the values supplied for its unknown cells.

    Args:
        records: the ``charts`` collection of the title's content, records by id.
        answers: values for unknown cells by cell key (answered once in a session,
            given with ``--answer``, or laid over by an overlay).
    """

    def __init__(self, tables: Mapping[str, Any], answers: Mapping[str, Any] | None = None, context: Any = None) -> None:
        self.charts = {tid: Chart.from_table(table) for tid, table in tables.items()}
        self.tables = dict(tables)
        self.answers = dict(answers or {})
        self.context = context

    @classmethod
    def from_book(cls, book: Any, answers: Mapping[str, Any] | None = None) -> Charts:
        """The title's tables of a compiled book (overlay cells already laid over)."""
        return cls({tid: t for tid, t in book.tables.items() if t.title == book.title}, answers)

    def bound(self, context: Any) -> Charts:
        """The same charts resolving unknown cells through ``context.cell`` (the core's
        policy: remembered answer, question, or refusal)."""
        out = self.with_answers({})
        out.context = context
        return out

    def __getitem__(self, chart_id: str) -> Chart:
        try:
            return self.charts[chart_id]
        except KeyError:
            raise ParagraphsError(f"no chart {chart_id!r}") from None

    def with_answers(self, answers: Mapping[str, Any]) -> Charts:
        out = Charts.__new__(Charts)
        out.charts = self.charts
        out.tables = self.tables
        out.answers = {**self.answers, **answers}
        out.context = self.context
        return out

    def resolve(self, cell: Cell) -> Cell:
        """The cell itself when the rules give it; an unknown cell with its supplied value
        as a printed one; :class:`UnknownCell` when nobody supplied it."""
        if cell.kind != "unknown":
            return cell
        if cell.key in self.answers:
            return self._checked(Cell.parse(cell.key, parse_answer(self.answers[cell.key])))
        if self.context is not None:
            chart_id, row, column = self._locate(cell.key)
            core = self.context.cell(self.tables[chart_id], row, None if column == "result" and not self.tables[chart_id].columns else column)
            return self._checked(Cell(cell.key, core.kind, core.value, core.note or core.rule, core.reason, core.source))
        raise UnknownCell(cell.key, cell.reason, cell.source)

    def _checked(self, answered: Cell) -> Cell:
        """A supplied value in a column the source prints as whole numbers must be one:
        a word typed for a kill percentage is refused here, naming the cell, instead of
        reaching a rule's ``int()`` (a column of dice codes or row names takes text)."""
        if answered.kind != PRINTED or not isinstance(answered.value, str):
            return answered
        chart_id, _, column = self._locate(answered.key)
        printed = [r.cells[column].value for r in self.charts[chart_id].rows if column in r.cells and r.cells[column].kind == PRINTED]
        if printed and all(isinstance(v, int) and not isinstance(v, bool) for v in printed):
            raise ParagraphsError(f"{answered.key}: {answered.value!r} is not a whole number (answer with the number from your copy, P for prohibited, or none); nothing of the step was kept")
        return answered

    def _locate(self, key: str) -> tuple[str, str, str]:
        for chart in self.charts.values():
            for r in chart.rows:
                for column, c in r.cells.items():
                    if c.key == key:
                        return chart.id, r.key, column
        raise ParagraphsError(f"no cell {key}")

    def value(self, chart: str, row: str, column: str = "result") -> Any:
        """The value of a cell for a procedure: a printed, derived or supplied value;
        ``None`` for a ``none`` cell. Raises :class:`Prohibited` for ``P`` and
        :class:`UnknownCell` for a missing cell nobody supplied."""
        cell = self.resolve(self[chart].cell(row, column))
        if cell.kind == "prohibited":
            raise Prohibited(cell.key, cell.note)
        if cell.kind == "none":
            return None
        return cell.value

    def number(self, chart: str, row: str, column: str = "result") -> int:
        """:meth:`value` for a rule that counts with it (a chance, a cost, a modifier).

        A value a player supplied for a lost cell is refused here, naming the cell, when it
        is no whole number: ``none`` (which the question offers) or a word in a column the
        source prints nothing of (the magazine check), instead of reaching ``int()``."""
        value = self.value(chart, row, column)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        key = self[chart].cell(row, column).key
        given = "none" if value is None else repr(value)
        raise ParagraphsError(f"{key}: {given} is not a number this rule can use (answer with the whole number from your copy, or P for prohibited); nothing of the step was kept")

    def unknown(self) -> list[Cell]:
        """Every unknown cell of every chart (supplied or not), in chart order."""
        return [c for chart in self.charts.values() for c in chart.cells() if c.kind == "unknown"]
