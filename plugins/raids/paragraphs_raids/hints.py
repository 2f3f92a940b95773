"""What succeeds on a roll, said to a player who rolls his own dice.

A raid title rolls with a purpose (``activation test of C6``, ``british fire: attacker's
die``); a player typing his own die reads that purpose followed by what the face will do
(``2 or less activates``). A title lists its hints as (pattern, say) pairs tried in order
on the purpose; the opposed rolls of combat and the picks among equal choices read the
same in every raid title (:data:`COMMON`), and a die table's rows can be read out whole
(:func:`table_hint`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

#: (pattern searched in the purpose, what succeeds given the state and the match)
Hint = tuple[re.Pattern[str], Callable[[Any, re.Match[str]], str]]

#: The opposed rolls of combat (attack at or over defence hits the defender).
OPPOSED: tuple[Hint, ...] = (
    (re.compile(r": attacker's die$"), lambda g, m: "added to the attack value; at or over the defence total hits the defender"),
    (re.compile(r": defender's die$"), lambda g, m: "added to the defence value; above the attack total hits the attacker"),
)


def equal_choices(words: str) -> Hint:
    """A pick among equal choices, for purposes matching ``words`` (a regular expression)."""
    return (re.compile(words), lambda g, m: "picks among equal choices")


def table_hint(tables: Any, table: str, prefix: str = "") -> str:
    """``1-4 DZ A, 5 DZ B, 6 DZ C``: a die table's rows as the player reads them."""
    rows = tables[table].rows
    return ", ".join(f"{row.name} {prefix}{str(row.result).replace('_', ' ')}" for row in rows)


def hint_for(hints: Sequence[Hint], g: Any, purpose: str) -> str | None:
    """What succeeds on a roll made for ``purpose``: the first hint whose pattern it holds."""
    for pattern, say in hints:
        m = pattern.search(purpose)
        if m:
            return say(g, m)
    return None
