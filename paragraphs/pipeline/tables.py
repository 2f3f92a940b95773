"""Compiling tables from content, and laying overlay cell values over them.

A table row is keyed by die faces (``range: "3-5"``) or by a row id (``key: smg``); its
``result`` is one cell, or for a table with ``columns`` a mapping column -> cell (or one
typed cell standing for the whole row). Cells are compiled by :mod:`paragraphs.book.cells`.

An overlay gives the value of a cell in a ``cells`` collection keyed by the cell key::

    cells:
      - {key: cell.truck_hits.8.4+, value: passenger, source: "my copy, Appendix B"}
      - {key: cell.fire.rifle.9-20, cell: prohibited, note: "printed as P"}
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from paragraphs.book import model as m
from paragraphs.book.cells import CELL_PREFIX, RESULT_COLUMN, UNKNOWN, VALUE, Cell, as_cell, cell_key, from_content, is_typed
from paragraphs.pipeline.compiler import format_range, parse_range
from paragraphs.foundation.problems import Problem, Severity, SourcePos
from paragraphs.pluginhost.records import Table, TableRow

PosLookup = Callable[[tuple[str | int, ...]], SourcePos]


def build_table(title: str, tid: str, data: Mapping[str, Any], pos: PosLookup, problems: list[Problem], unknown_at: dict[str, str] | None = None) -> Table:
    """One table record of content as a :class:`Table`; problems are collected, not raised.

    ``unknown_at`` receives the position of each unknown cell, by cell key.
    """
    columns = tuple(str(c) for c in data.get("columns") or ())
    rows: list[TableRow] = []
    seen: dict[str, int] = {}
    for j, row in enumerate(data["rows"]):
        if "key" in row:
            low: int | None = None
            high: int | None = None
            name = str(row["key"])
        else:
            try:
                low, high = parse_range(row["range"])
            except ValueError as exc:
                problems.append(Problem(pos(("rows", j, "range")), "DICE004", str(exc)))
                continue
            name = format_range(low, high)
        if name in seen:
            problems.append(Problem(pos(("rows", j)), "TABLE004", f"table {tid} has two rows {name!r} (rows {seen[name] + 1} and {j + 1})"))
        seen[name] = j
        here = _under(pos, ("rows", j, "result"))
        result = _compile_result(tid, name, row.get("result"), columns, here, problems)
        if unknown_at is not None:
            for col in columns or (None,):
                raw = result if not isinstance(result, Mapping) else result.get(col)
                if isinstance(raw, Cell) and raw.kind == UNKNOWN:
                    unknown_at[cell_key(tid, name, col)] = str(here(() if raw is result else (str(col),)))
        rows.append(TableRow(low, high, result, str(row.get("note", "")), name if low is None else ""))
    flags = dict(data.get("flags") or {})
    if data.get("damaged"):
        flags.setdefault("table", "damaged in the source: " + str(data["damaged"]))
    if data.get("assumed"):
        flags.setdefault("assumed", str(data["assumed"]))
    order = tuple(str(o) for o in data.get("order") or ())
    if order:
        _check_order(tid, order, rows, columns, pos, problems)
    return Table(
        id=tid,
        title=title,
        name=str(data.get("name", tid)),
        die=data.get("die"),
        rows=tuple(rows),
        doc=str(data.get("doc", "")),
        columns=columns,
        flags=flags,
        source=str(data.get("source", "")),
        order=order,
    )


def _check_order(tid: str, order: tuple[str, ...], rows: list[TableRow], columns: tuple[str, ...], pos: PosLookup, problems: list[Problem]) -> None:
    """``order`` names each result of a one-column table once, worst first for the player."""
    where = pos(("order",))
    if columns:
        problems.append(Problem(where, "TABLE008", f"table {tid} has columns: an order of outcomes is declared only for a table of one result per row"))
        return
    results = {str(r.result.value) if isinstance(r.result, Cell) else str(r.result) for r in rows}
    if len(set(order)) != len(order):
        problems.append(Problem(where, "TABLE008", f"table {tid} names an outcome twice in its order"))
    missing, extra = sorted(results - set(order)), sorted(set(order) - results)
    if missing or extra:
        said = ([f"leaves out {', '.join(missing)}"] if missing else []) + ([f"names {', '.join(extra)}, which no row gives"] if extra else [])
        problems.append(Problem(where, "TABLE008", f"the order of table {tid} " + " and ".join(said)))


def _under(pos: PosLookup, prefix: tuple[str | int, ...]) -> PosLookup:
    return lambda rel: pos(prefix + rel)


def _compile_result(tid: str, row: str, raw: Any, columns: tuple[str, ...], pos: PosLookup, problems: list[Problem]) -> Any:
    if not columns or is_typed(raw) or raw is None:
        if raw is None:
            problems.append(Problem(pos(()), "TABLE002", f"cell {tid}.{row} is empty: give the value, or type it ({{cell: none}}, {{cell: unknown, reason: ...}})"))
        return from_content(raw)
    if not isinstance(raw, Mapping):
        problems.append(Problem(pos(()), "TABLE003", f"row {row} of table {tid} must map each column ({', '.join(columns)}) to a cell"))
        return raw
    out: dict[str, Any] = {}
    for col, value in raw.items():
        if col not in columns:
            problems.append(Problem(pos((col,)), "TABLE003", f"row {row} of table {tid} names column {col!r}, which the table does not declare ({', '.join(columns)})"))
        if value is None:
            problems.append(Problem(pos((col,)), "TABLE002", f"cell {tid}.{row}.{col} is empty: give the value, or type it ({{cell: none}}, {{cell: unknown, reason: ...}})"))
        out[str(col)] = from_content(value)
    missing = [c for c in columns if c not in raw]
    if missing:
        problems.append(Problem(pos(()), "TABLE003", f"row {row} of table {tid} gives no cell for column(s) {', '.join(missing)}: type them"))
    return out


def find_cell(tables: Mapping[str, Table], key: str) -> tuple[Table, TableRow, str | None] | None:
    """The table, row and column (None for a one-column table) a cell key names, or None."""
    if not key.startswith(CELL_PREFIX):
        return None
    rest = key[len(CELL_PREFIX):]
    tid, _, rest = rest.partition(".")
    table = tables.get(tid)
    if table is None:
        return None
    for row in table.rows:
        prefix = row.name + "."
        if rest.startswith(prefix):
            column = rest[len(prefix):]
            if table.columns and column in table.columns:
                return table, row, column
            if not table.columns and column == RESULT_COLUMN:
                return table, row, None
    return None


def replace_cell(table: Table, row: TableRow, column: str | None, cell: Cell) -> Table:
    """A copy of ``table`` with one cell replaced."""
    rows = []
    for r in table.rows:
        if r is row:
            if column is None:
                result: Any = cell
            elif isinstance(r.result, Mapping):
                result = {**r.result, column: cell}
            else:  # one typed cell stood for the whole row: spell the row out
                whole = as_cell(r.result)
                result = {c: (cell if c == column else whole) for c in table.columns}
            r = TableRow(r.low, r.high, result, r.note, r.key)
        rows.append(r)
    return Table(table.id, table.title, table.name, table.die, tuple(rows), table.doc, table.columns, table.flags, table.source)


def find_record_cell(data: Mapping[str, Mapping[str, Any]], key: str) -> tuple[str, str, str] | None:
    """The collection, record id and field a cell key names in a title's own collections."""
    if not key.startswith(CELL_PREFIX):
        return None
    coll, _, rest = key[len(CELL_PREFIX):].partition(".")
    for rid, record in (data.get(coll) or {}).items():
        prefix = f"{rid}."
        if rest.startswith(prefix) and isinstance(record, Mapping) and rest[len(prefix):] in record:
            return coll, rid, rest[len(prefix):]
    return None


def row_cells(paragraphs: Mapping[str, m.Paragraph]) -> Iterator[tuple[str, int, m.Row]]:
    """Every roll row given as a typed cell: ``(paragraph id, total, row)``, one per total."""
    for par in paragraphs.values():
        for step in m.walk_steps(par.steps):
            for row in getattr(step, "rows", None) or ():
                if isinstance(row, m.Row) and row.cell is not None and row.high - row.low < 1000:
                    for total in range(row.low, row.high + 1):
                        yield par.id, total, row


def find_row_cell(paragraphs: Mapping[str, m.Paragraph], key: str) -> tuple[str, int, m.Row] | None:
    """The paragraph, total and row a cell key ``cell.<paragraph>.<total>.result`` names."""
    if not key.startswith(CELL_PREFIX):
        return None
    pid, _, rest = key[len(CELL_PREFIX):].partition(".")
    par = paragraphs.get(pid)
    total, _, column = rest.partition(".")
    if par is None or column != RESULT_COLUMN or not total.lstrip("-").isdigit():
        return None
    return next(((p, t, r) for p, t, r in row_cells({pid: par}) if t == int(total)), None)


def apply_cell_overlays(
    tables: dict[str, Table],
    data: Mapping[str, Mapping[str, Any]],
    records: Mapping[str, tuple[Mapping[str, Any], SourcePos]],
    problems: list[Problem],
    paragraphs: Mapping[str, m.Paragraph] | None = None,
    filled_rows: dict[str, Any] | None = None,
) -> dict[str, str]:
    """Lay the ``cells`` records over tables, collections and lost roll rows.

    A value for a roll row (``cell.<paragraph>.<total>.result``) goes into ``filled_rows``
    (the book keeps it in ``meta["row_cells"]``). Returns cell key -> where each value came from.
    """
    filled: dict[str, str] = {}
    for key, (given, where) in records.items():
        if "cell" in given:
            cell = from_content(dict(given))
            cell = Cell(cell.kind, cell.value, cell.note, cell.rule, cell.reason, cell.source, str(where))
        else:
            cell = Cell(VALUE, given.get("value"), source=str(given.get("source", "")), origin=str(where))
        found = find_cell(tables, key)
        in_record = None if found else find_record_cell(data, key)
        in_row = None if found or in_record or paragraphs is None else find_row_cell(paragraphs, key)
        if in_row is not None and filled_rows is not None:
            before = as_cell(in_row[2].cell)
            filled_rows[key] = cell
        elif found is not None:
            table, row, column = found
            before = table.cell(row, column)
            tables[table.id] = replace_cell(table, row, column, cell)
        elif in_record is not None:
            coll, rid, name = in_record
            before = as_cell(data[coll][rid][name])
            data[coll][rid][name] = cell.value if cell.kind == VALUE else cell.to_json()
        else:
            problems.append(Problem(where, "TABLE005", f"{key} names no cell of this title (cell.<table or collection>.<row>.<column>)"))
            continue
        if before.kind != UNKNOWN:
            problems.append(Problem(where, "TABLE006", f"{key} replaces a value the title gives ({before.words()})", Severity.INFO))
        filled[key] = str(where)
    return filled


def cell_question(key: str, what: str, row: str, column: str | None, cell: Cell) -> m.Question:
    """The question asked for an unknown cell: it names the table, row, column and rule.

    Args:
        key: the cell key (the question's key). what: the table's name and rule
        section. row, column: where in it. cell: the unknown cell (its reason and source).
    """
    why = "; ".join(x for x in (cell.reason, cell.source) if x) or "not given by the source"
    col = f", column {column}" if column is not None else ""
    return m.Question(key, f"{what}, row {row}{col}: the source does not give this cell ({why})", m.CELL)


def table_cell_question(table: Table, row: TableRow, column: str | None) -> m.Question:
    what = table.name + (f" ({table.source})" if table.source else "")
    return cell_question(table.cell_key(row, column), what, row.name, column, table.cell(row, column))


def cell_question_for_key(tables: Mapping[str, Table], data: Mapping[str, Mapping[str, Any]], key: str, paragraphs: Mapping[str, m.Paragraph] | None = None) -> m.Question | None:
    """The question for the cell a key names (in a table, a collection or a lost roll row), or None."""
    found = find_cell(tables, key)
    if found is not None:
        return table_cell_question(*found)
    in_record = find_record_cell(data, key)
    if in_record is None:
        in_row = find_row_cell(paragraphs, key) if paragraphs is not None else None
        if in_row is None:
            return None
        pid, total, row = in_row
        return cell_question(key, f"Paragraph {pid}", str(total), None, as_cell(row.cell))
    coll, rid, name = in_record
    return cell_question(key, coll, rid, name, as_cell(data[coll][rid][name]))
