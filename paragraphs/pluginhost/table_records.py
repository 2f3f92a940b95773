"""The table records a title registers: die tables and charts, row by row, cell by cell."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from paragraphs.foundation.dataclass_code import field
# ``typing`` is not imported at run time here (start-up time)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

from paragraphs.book.cells import RESULT_COLUMN, Cell, as_cell, cell_key, is_typed

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # the standard decorator, its methods compiled once between runs (start-up time)
    from paragraphs.foundation.dataclass_code import dataclass


@dataclass(frozen=True, slots=True)
class TableRow:
    """One row of a table: die faces ``low``..``high`` (a die table) or a ``key`` (a chart).

    Attributes:
        low, high: the faces the row covers; None for a keyed row.
        result: one cell, or (for a table with columns) a mapping column -> cell. A cell
            is a plain value or a :class:`paragraphs.book.cells.Cell` (a typed form).
        key: the row's id in cell keys: the chart key (``smg``), or for a die row its
            range as written (``3-5``).
    """

    low: int | None
    high: int | None
    result: Any
    note: str = ""
    key: str = ""

    @property
    def name(self) -> str:
        """The row's id in cell keys and messages (its key, else its faces)."""
        if self.key:
            return self.key
        if self.low is None or self.high is None:
            return ""
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


@dataclass(frozen=True, slots=True)
class Table:
    """A lookup table keyed by die ranges, or a chart keyed by row ids (``key: smg``).

    Attributes:
        die: the die rolled on it (``d6``, ``d10``, ``d100``), or None for a chart.
        rows: the rows, in order.
        columns: for charts with several columns (a hit chart by facing), the column
            names; each row's ``result`` is then a mapping column -> cell.
        flags: notes on the table as a whole (the source damaged it, ...).
        source: where the table is printed (rule section, page).
        order: the table's results from the player's point of view, worst first, when
            the rules make that order unambiguous (empty: not declared); the luck audit
            counts each roll on such a table.
    """

    id: str
    title: str | None
    name: str
    die: str | None
    rows: tuple[TableRow, ...]
    doc: str = ""
    columns: tuple[str, ...] = ()
    flags: Mapping[str, str] = field(default_factory=dict)
    source: str = ""
    order: tuple[str, ...] = ()

    def lookup(self, value: int) -> TableRow:
        """The die row covering ``value``; raises KeyError when no row does."""
        for row in self.rows:
            if row.low is not None and row.high is not None and row.low <= value <= row.high:
                return row
        raise KeyError(value)

    def row(self, which: int | str) -> TableRow:
        """The row keyed ``which`` (a chart key or a range as written), or covering face ``which``.

        Raises:
            KeyError: no such row.
        """
        if isinstance(which, str):
            for row in self.rows:
                if row.name == which:
                    return row
            try:
                which = int(which)
            except ValueError:
                raise KeyError(which) from None
        return self.lookup(which)

    def cell(self, row: int | str | TableRow, column: str | None = None) -> Cell:
        """The typed cell at ``row`` and ``column`` (``None`` for a table without columns).

        A plain value comes back as a ``value`` cell; an ``unknown`` cell comes back as it
        is (the engine's :meth:`paragraphs.interpreter.context.Context.cell` is what resolves it).

        Raises:
            KeyError: no such row or column.
        """
        r = row if isinstance(row, TableRow) else self.row(row)
        result = r.result
        if self.columns:
            if column is None:
                raise KeyError(f"table {self.id} has columns {', '.join(self.columns)}: name one")
            if column not in self.columns:
                raise KeyError(column)
            if isinstance(result, Cell) or is_typed(result):
                return as_cell(result)  # one typed cell stands for the whole row
            if not isinstance(result, Mapping):
                raise KeyError(column)
            return as_cell(result.get(column))
        if column not in (None, RESULT_COLUMN):
            raise KeyError(column)
        return as_cell(result)

    def cell_key(self, row: int | str | TableRow, column: str | None = None) -> str:
        """The key of a cell: ``cell.<table>.<row>.<column>``."""
        r = row if isinstance(row, TableRow) else self.row(row)
        return cell_key(self.id, r.name, column if self.columns else None)

    def cells(self) -> Iterator[tuple[TableRow, str | None, Cell]]:
        """Every cell, row by row: ``(row, column or None, cell)``."""
        for r in self.rows:
            for column in self.columns or (None,):
                yield r, column, self.cell(r, column)
