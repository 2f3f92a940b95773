"""Typed cells: what a table or collection cell holds, including what the source does not give.

A cell is a plain value (printed in the source) or one of four typed forms, written in
content as a mapping with the reserved key ``cell``:

* ``prohibited``: a real rules value, the action is not allowed (SPI's ``P``);
* ``none``: a real rules value, nothing / no effect / a dash;
* ``derived``: a value computed from a stated rule (``value`` and ``rule``);
* ``unknown``: the source does not give it (``reason`` and ``source``).

Nothing here guesses: an unknown cell is never read as zero, ``none`` or ``prohibited``.
The engine resolves it through :meth:`paragraphs.interpreter.context.Context.cell` (an overlay value
first, then an answer remembered for the session, then a question keyed like the cell).

This module sits at the bottom of the core (standard library and errors only), so the
records, the content pipeline and the engine can all use it.
"""

from __future__ import annotations

from collections.abc import Mapping
# ``typing`` is not imported at run time here (start-up time)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

from paragraphs.foundation.errors import ResolutionError, UsageError

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # the standard decorator, its methods compiled once between runs (start-up time)
    from paragraphs.foundation.dataclass_code import dataclass

VALUE = "value"
PROHIBITED = "prohibited"
NONE = "none"
DERIVED = "derived"
UNKNOWN = "unknown"

#: The typed forms content may write with ``cell:`` (a plain value needs no marker).
TYPED_KINDS = (PROHIBITED, NONE, DERIVED, UNKNOWN)

#: Every cell key starts with this (it is also the prefix of the question asked for it).
CELL_PREFIX = "cell."

#: Column name of a table without columns, in cell keys.
RESULT_COLUMN = "result"

#: Where a play-through remembers the cells its player entered (``state.extra[...]``).
REMEMBERED_CELLS = "cells"

#: Gaps policies: ask for an unknown cell (``needs_answers`` without a player), or refuse.
ASK = "ask"
REFUSE = "refuse"
GAPS_POLICIES = (ASK, REFUSE)

#: What a player may type for the typed forms when asked for a cell.
_PROHIBITED_WORDS = ("p", "prohibited")
_NONE_WORDS = ("none", "-", "—", "nothing")


@dataclass(frozen=True, slots=True)
class Cell:
    """One typed cell.

    Attributes:
        kind: ``value``, ``prohibited``, ``none``, ``derived`` or ``unknown``.
        value: the value (``value`` and ``derived`` cells).
        note: how the source prints a ``prohibited`` or ``none`` cell (``printed as P``).
        rule: the rule a ``derived`` value comes from.
        reason: why an ``unknown`` cell is not given.
        source: where in the source the cell (or its gap) is.
        origin: where a value that is not the title's own came from (an overlay file
            position, or ``answered`` for a player's answer); empty for the title's own.
    """

    kind: str = VALUE
    value: Any = None
    note: str = ""
    rule: str = ""
    reason: str = ""
    source: str = ""
    origin: str = ""

    @property
    def known(self) -> bool:
        """Whether the cell holds a rules value (everything but ``unknown``)."""
        return self.kind != UNKNOWN

    @property
    def allowed(self) -> bool:
        """False for ``prohibited``: the action the cell is about is not allowed."""
        return self.kind != PROHIBITED

    def words(self) -> str:
        """The cell in words, for the CLI and the docs."""
        if self.kind == VALUE:
            text = _plain(self.value)
        elif self.kind == PROHIBITED:
            text = "prohibited" + (f" ({self.note})" if self.note else "")
        elif self.kind == NONE:
            text = "none" + (f" ({self.note})" if self.note else "")
        elif self.kind == DERIVED:
            text = f"{_plain(self.value)} (derived: {self.rule})" if self.rule else f"{_plain(self.value)} (derived)"
        else:
            where = f"; {self.source}" if self.source else ""
            text = f"unknown ({self.reason or 'not given by the source'}{where})"
        if self.origin and self.kind != UNKNOWN:
            text += f" [from {self.origin}]"
        return text

    def to_json(self) -> Any:
        """The content form: a plain value, or a mapping with ``cell``."""
        if self.kind == VALUE:
            return self.value
        data: dict[str, Any] = {"cell": self.kind}
        for name in ("value", "note", "rule", "reason", "source", "origin"):
            field_value = getattr(self, name)
            if name == "value" and self.kind != DERIVED:
                continue
            if field_value not in (None, ""):
                data[name] = field_value
        return data


def cell_data(cell: Cell) -> Any:
    """What a cell stores in the state: its value (a value or derived cell), else its content form."""
    return cell.value if cell.kind in (VALUE, DERIVED) else cell.to_json()


def _plain(value: Any) -> str:
    if isinstance(value, Mapping):
        return ", ".join(f"{k}: {_plain(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(_plain(v) for v in value)
    return str(value)


def is_typed(raw: Any) -> bool:
    """Whether ``raw`` (content data) is a typed cell (a mapping with the key ``cell``)."""
    return isinstance(raw, Mapping) and "cell" in raw


def from_content(raw: Any) -> Any:
    """Compile one cell of content: a typed mapping becomes a :class:`Cell`, a plain value stays."""
    if isinstance(raw, Cell) or not is_typed(raw):
        return raw
    return Cell(
        kind=str(raw["cell"]),
        value=raw.get("value"),
        note=str(raw.get("note", "")),
        rule=str(raw.get("rule", "")),
        reason=str(raw.get("reason", "")),
        source=str(raw.get("source", "")),
        origin=str(raw.get("origin", "")),
    )


def as_cell(raw: Any) -> Cell:
    """Any stored cell as a :class:`Cell` (a plain value becomes a ``value`` cell).

    ``None`` never reaches here from valid content (an empty cell is a content error); a
    title's own registered table holding one gets an ``unknown`` cell rather than a guess.
    """
    if isinstance(raw, Cell):
        return raw
    if is_typed(raw):
        return from_content(raw)  # type: ignore[no-any-return]
    if raw is None:
        return Cell(UNKNOWN, reason="the table gives no value here")
    return Cell(VALUE, raw)


def cell_key(table: str, row: str, column: str | None = None) -> str:
    """``cell.<table>.<row key or range>.<column>`` (column ``result`` for one-column tables)."""
    return f"{CELL_PREFIX}{table}.{row}.{column or RESULT_COLUMN}"


def is_cell_key(key: str) -> bool:
    return key.startswith(CELL_PREFIX)


def parse_answer(raw: Any) -> Any:
    """A player's answer for an unknown cell, as JSON-able data.

    ``P`` / ``prohibited`` and ``none`` / ``-`` give the typed forms; a whole number is a
    number; anything else is kept as text. A mapping in the content form is kept as is.

    Raises:
        UsageError: an empty answer.
    """
    if isinstance(raw, Cell):
        return raw.to_json()
    if isinstance(raw, Mapping):
        if raw.get("cell") not in (*TYPED_KINDS, None) or raw.get("cell") == UNKNOWN:
            raise UsageError(f"a cell answer cannot be {raw!r}")
        return dict(raw)
    if isinstance(raw, bool) or isinstance(raw, (int, float)):
        return raw
    text = str(raw).strip()
    if not text:
        raise UsageError("a cell answer cannot be empty (type the value, P for prohibited or none)")
    low = text.lower()
    if low in _PROHIBITED_WORDS:
        return {"cell": PROHIBITED, "note": "entered by the player"}
    if low in _NONE_WORDS:
        return {"cell": NONE, "note": "entered by the player"}
    try:
        return int(text)
    except ValueError:
        return text


def answered_cell(answer: Any, origin: str = "answered") -> Cell:
    """The :class:`Cell` a parsed answer (see :func:`parse_answer`) stands for."""
    cell = as_cell(answer)
    return Cell(cell.kind, cell.value, cell.note, cell.rule, cell.reason, cell.source, origin)


#: How the player is told to answer a cell question.
ANSWER_HELP = "the value from your copy, P for prohibited, or none"


class UnknownCell(ResolutionError):
    """A resolution reached a cell the source does not give, under the ``refuse`` gaps policy."""

    def __init__(self, key: str, cell: Cell) -> None:
        self.key = key
        self.cell = cell
        why = f" ({cell.reason})" if cell.reason else ""
        super().__init__(f"{key} is not given by the source{why}; give it with --answer {key}=VALUE or in an overlay (cells: [{{key: {key}, value: ...}}])")
