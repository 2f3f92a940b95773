"""Victory: the level a number of victory points reaches, and the assumed-value count.

Both raid titles print their levels as VP ranges (Bruneval 17: more than 20, 10 to 19,
under 10; Dieppe 12: 20 or more, 10-19, under 10, negatives possible). The ranges are a
content table, so the lookup is the table's; what a range that the rulebook leaves out
(Bruneval's 20) counts as is a content ruling an overlay may change.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from paragraphs.problems import Problem, Severity, SourcePos


def success_level(vp: int, table: Any) -> str:
    """The level of ``table`` (a core ``Table`` of VP ranges) that ``vp`` falls in."""
    return str(table.lookup(vp).result)


def count_assumed(book: Any, title: str, code: str, docs: str) -> Iterator[Problem]:
    """One info line with the number of values of ``title``'s content marked ``assumed``.

    Counts the records of every collection, the unit values and the dice conventions that
    say ``assumed``, so nobody forgets how much of a game rests on guesses. ``code`` is
    the title's lint code, ``docs`` the page that lists them.
    """
    if book.title != title:
        return
    n = sum(1 for coll in book.data.values() for rec in coll.values() if isinstance(rec, dict) and rec.get("assumed"))
    n += sum(len(u.assumed) for u in book.units.values() if u.title == title)
    n += 1 if book.meta.get("dice_assumed") else 0
    yield Problem(_first_position(book, title), code, f"{n} values are assumed, not printed in the rulebook (each says why; see {docs})", Severity.INFO)


def _first_position(book: Any, title: str) -> SourcePos:
    for key, fields in book.provenance.items():
        if key.startswith("zones:") and fields.get("id"):
            path, _, _ = fields["id"].rpartition(":")
            return SourcePos(path.rpartition(":")[0], 1, 1)
    return SourcePos(title, 0, 0)
