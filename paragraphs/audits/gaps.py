"""What the source does not give: unknown cells and ``assumed`` values, listed and templated.

One family of commands covers both kinds of gap:

* :func:`find_gaps` lists every unknown cell (tables and the title's own collections) and
  every value marked ``assumed``, each with its id, reason and positions
  (``paragraphs gaps TITLE``; ``validate`` prints the census);
* :func:`overlay_template` writes an overlay skeleton of them, with ids and reasons, for an
  owner to fill from a copy of the game (``paragraphs template TITLE DIR``);
* :func:`cells_overlay` writes the cells a player entered during a session as an overlay
  (the session's ``cells export DIR``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from paragraphs.book import model as m
from paragraphs.book.cells import UNKNOWN, as_cell, cell_key, is_typed
from paragraphs.pipeline.tables import row_cells

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # the standard decorator, its methods compiled once between runs (start-up time)
    from paragraphs.foundation.dataclass_code import dataclass

UNKNOWN_CELL = "unknown cell"
ASSUMED = "assumed"


@dataclass(frozen=True, slots=True)
class Gap:
    """One thing the source does not give.

    Attributes:
        kind: ``unknown cell`` or ``assumed``.
        id: the cell key, or ``assumed.<collection>.<record>[.<field>]``.
        reason: why it is not given (or why the value was assumed).
        source: where in the source the gap is, when the content says.
        where: where the content declares it (``path:line:col``), when known.
        value: the assumed value in force (None for an unknown cell).
    """

    kind: str
    id: str
    reason: str
    source: str = ""
    where: str = ""
    value: Any = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "id": self.id, "reason": self.reason, "source": self.source, "where": self.where, "value": self.value}


def find_gaps(book: m.Book) -> list[Gap]:
    """Every unknown cell, then every assumed value, in content order."""
    return list(_unknown_cells(book)) + list(_assumed_values(book))


def census(book: m.Book) -> str:
    """One line: how many cells are unknown or filled by an overlay, and how many values are assumed."""
    gaps = find_gaps(book)
    unknown = sum(1 for g in gaps if g.kind == UNKNOWN_CELL)
    assumed = len(gaps) - unknown
    filled = len(book.meta.get("filled_cells") or {})
    text = f"{unknown} unknown cells, {assumed} assumed values"
    if filled:
        text += f", {filled} cells given by an overlay"
    return text


def _where(book: m.Book, record: str, name: str) -> str:
    return str((book.provenance.get(record) or {}).get(name, ""))


def _unknown_cells(book: m.Book) -> Iterator[Gap]:
    for table in book.tables.values():
        if table.title != book.title:
            continue
        for row, column, cell in table.cells():
            if not cell.known:
                key = table.cell_key(row, column)
                at = (book.meta.get("unknown_cells_at") or {}).get(key) or _where(book, f"tables:{table.id}", "rows")
                yield Gap(UNKNOWN_CELL, key, cell.reason, cell.source or table.source, at)
    filled_rows = book.meta.get("row_cells") or {}
    for pid, total, row in row_cells(book.paragraphs):
        key = cell_key(pid, str(total))
        cell = as_cell(row.cell)
        if not cell.known and key not in filled_rows:
            yield Gap(UNKNOWN_CELL, key, cell.reason, cell.source, str(row.pos))
    for coll, records in book.data.items():
        for rid, record in records.items():
            if not isinstance(record, Mapping):
                continue
            for name, raw in record.items():
                if is_typed(raw) and raw.get("cell") == UNKNOWN:
                    cell = as_cell(raw)
                    yield Gap(UNKNOWN_CELL, cell_key(coll, str(rid), str(name)), cell.reason, cell.source, _where(book, f"{coll}:{rid}", str(name)))


def _assumed_values(book: m.Book) -> Iterator[Gap]:
    if book.meta.get("dice_assumed"):
        yield Gap(ASSUMED, "assumed.title.dice", str(book.meta["dice_assumed"]))
    for sid, decl in book.sightings.items():
        if decl.assumed:
            yield Gap(ASSUMED, f"assumed.sightings.{sid}", str(decl.assumed))
    for par in book.paragraphs.values():
        if par.assumed:
            yield Gap(ASSUMED, f"assumed.paragraphs.{par.id}", str(par.assumed), where=str(par.pos))
    for ep in book.entry_points:
        if ep.assumed:
            yield Gap(ASSUMED, f"assumed.entry_points.{ep.paragraph}", str(ep.assumed), ep.source, str(ep.pos))
    for table in book.tables.values():
        if table.title == book.title and table.flags.get("assumed"):
            yield Gap(ASSUMED, f"assumed.tables.{table.id}", table.flags["assumed"], table.source, _where(book, f"tables:{table.id}", "assumed"))
    for uid, unit in book.units.items():
        if unit.title != book.title:
            continue
        for name, why in unit.assumed.items():
            yield Gap(ASSUMED, f"assumed.units.{uid}.{name}", str(why), where=_where(book, f"units:{uid}", "assumed"), value=unit.factors.get(name))
    for coll, records in book.data.items():
        for rid, record in records.items():
            if isinstance(record, Mapping) and record.get("assumed"):
                yield Gap(ASSUMED, f"assumed.{coll}.{rid}", str(record["assumed"]), where=_where(book, f"{coll}:{rid}", "assumed"))


# --------------------------------------------------------------------------- writing overlays


def _flow(data: Mapping[str, Any]) -> str:
    """A one-line YAML flow mapping (JSON scalars are valid YAML)."""
    return "{" + ", ".join(f"{k}: {json.dumps(v, ensure_ascii=False)}" for k, v in data.items()) + "}"


def _comment(text: str) -> str:
    return " ".join(str(text).split())


def overlay_template(book: m.Book, folder: Path) -> list[Path]:
    """Write an overlay skeleton of every gap into ``folder``; returns the files written.

    Every record is commented out, so the skeleton is a valid (empty) overlay as written:
    the owner uncomments the lines they fill in from their copy of the game.

    Raises:
        UsageError: a file of the skeleton is already in ``folder`` with other text (the
            owner's filled-in overlay, which a second run once wrote over): nothing is written.
    """
    gaps = find_gaps(book)
    files: list[tuple[Path, list[str]]] = []
    cells = [g for g in gaps if g.kind == UNKNOWN_CELL]
    head = f"# Overlay skeleton for {book.name} ({book.title}). Fill in a value from your copy of the game,\n# uncomment the line, and use the folder with --overlay.\n"
    if cells:
        lines = [head, "# Cells the source does not give: give a value, or `cell: prohibited` / `cell: none`.", "# cells:"]
        for g in cells:
            lines.append(f"#   # {_comment(g.reason)}" + (f" (source: {_comment(g.source)})" if g.source else "") + (f"; declared at {g.where}" if g.where else ""))
            lines.append(f"#   - {_flow({'key': g.id, 'value': None})}")
        files.append((folder / "cells.yaml", lines))
    assumed = [g for g in gaps if g.kind == ASSUMED]
    if assumed:
        lines = [head, "# Values the title assumes (the source does not print them): lay the printed value over", "# the record, field by field (records are merged by id)."]
        for g in assumed:
            lines.append(f"# {g.id}: {_comment(g.reason)}" + (f" (declared at {g.where})" if g.where else "") + (f"; in force: {json.dumps(g.value, ensure_ascii=False)}" if g.value is not None else ""))
        files.append((folder / "assumed.yaml", lines))
    records = _record_skeleton(book)
    if records:
        files.append((folder / "records.yaml", [head, *records]))
    kept = [path for path, lines in files if path.exists() and _text_of(path) != _joined(lines)]
    if kept:
        from paragraphs.foundation.errors import UsageError

        raise UsageError(f"{', '.join(str(p) for p in kept)} already there with other text (your filled-in overlay?): nothing written; choose another folder, or move it away first")
    if files:  # nothing to write leaves no empty folder behind
        folder.mkdir(parents=True, exist_ok=True)
    return [_write(path, lines) for path, lines in files]


def _joined(lines: list[str]) -> str:
    return "\n".join(lines) + "\n"


def _text_of(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _record_skeleton(book: m.Book) -> list[str]:
    """Every record holding an assumed value, as the title has it now, commented out.

    An owner uncomments a collection's line and the records he corrects from his copy
    (a raid map's zones with their positions, its lines, the counters' factors), changes
    the values and clears ``assumed``; records merge by id, so the rest stays the title's.
    """
    lines: list[str] = []
    units = [u for u in book.units.values() if u.title == book.title and u.assumed]
    if units:
        lines += ["", "# Unit types with assumed factors: `factors` is replaced as a whole, so keep all of it.", "# units:"]
        for u in units:
            lines.append("#   # " + _comment("; ".join(f"{k}: {v}" for k, v in u.assumed.items())))
            lines.append(f"#   - {_flow({'id': u.id, 'factors': dict(u.factors), 'assumed': {}})}")
    for coll, recs in book.data.items():
        assumed = [(rid, rec) for rid, rec in recs.items() if isinstance(rec, Mapping) and rec.get("assumed")]
        if not assumed:
            continue
        lines += ["", f"# Records of {coll} with an assumed value (set `assumed: null` once the values are your copy's).", f"# {coll}:"]
        for rid, rec in assumed:
            lines.append(f"#   # {rid}: {_comment(rec['assumed'])}")
            fields = {"id": rid, **{k: v for k, v in rec.items() if k not in ("id", "assumed")}, "assumed": None}
            lines.append(f"#   - {_flow(fields)}")
    if lines:
        lines.insert(0, "# Records as the title has them now, for you to correct: uncomment a collection's line and the records you change.")
    return lines


def cells_overlay(entered: Mapping[str, Any], folder: Path, *, title: str = "") -> Path:
    """Write the cells a player entered (``state.extra["cells"]``) as an overlay file.

    Returns:
        The file written, ``folder/cells.yaml``.
    """
    folder.mkdir(parents=True, exist_ok=True)
    lines = [f"# Cells entered during a session{f' of {title}' if title else ''}: use this folder with --overlay.", "cells:"]
    for key, value in sorted(entered.items()):
        record: dict[str, Any] = {"key": key}
        if isinstance(value, Mapping) and "cell" in value:
            record.update({k: v for k, v in value.items() if k in ("cell", "note", "value", "rule")})
        else:
            record["value"] = value
        record["source"] = "entered by the player"
        lines.append(f"  - {_flow(record)}")
    if not entered:
        lines[-1] = "cells: []"
    return _write(folder / "cells.yaml", lines)


def exported_cells(path: Path) -> dict[str, Any]:
    """The cells of an earlier ``cells export`` file, as :func:`cells_overlay` takes them
    (empty when the file is missing or unreadable)."""
    from ruamel.yaml import YAML, YAMLError

    try:
        data = YAML(typ="safe", pure=True).load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, YAMLError):
        return {}
    out: dict[str, Any] = {}
    records = data.get("cells") if isinstance(data, dict) else None
    for record in records if isinstance(records, list) else ():
        if isinstance(record, dict) and isinstance(record.get("key"), str):
            kept = {k: v for k, v in record.items() if k in ("cell", "note", "value", "rule")}
            out[record["key"]] = kept if "cell" in kept else record.get("value")
    return out


def _write(path: Path, lines: list[str]) -> Path:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(_joined(lines), encoding="utf-8")
    tmp.replace(path)
    return path
