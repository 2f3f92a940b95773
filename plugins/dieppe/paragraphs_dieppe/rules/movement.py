"""Rule 9: movement points, the officers' bonus, landing, embarking and sailing.

* Lines cost by colour and by way of moving (content ``connection_kinds``): a land unit
  pays 1 MP on solid yellow and 2 on dotted yellow; LCAs alone sail along solid blue
  (1 MP); landing and embarking cross dotted blue (2 MP); dotted red lets fire across
  but nobody moves along it.
* Rule 9.1: an officer (British or German) stacked with infantry when their movement
  starts gives each of those units +1 MP, never more than +1 (ruling R21: infantry means
  commandos and German infantry).
* Rule 9.2: a landing is a move from an LCA in a ship waiting zone to a beach, paying
  the dotted blue line from the same allowance; it is one action with the land move that
  follows (R12). A British unit stops on entering a zone with a face-down marker or with
  Germans. A unit that has embarked again never lands again.
* Vorwärts! (rule 13): every German unit able to move has 4 MP.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from paragraphs_raids.stacks import Piece
from paragraphs_raids.zonemap import ZoneMap

LAND: Final = "land"
SEA: Final = "sea"
LANDING: Final = "landing"
#: Rule 9.1: who gets the officer's bonus.
INFANTRY_ROLES: Final = frozenset({"commando", "infantry"})


def officer_bonus(piece: Piece, stack_at_start: Sequence[Piece]) -> int:
    """+1 MP when an officer shares the stack at the start of the movement (rule 9.1)."""
    if piece.role not in INFANTRY_ROLES:
        return 0
    return 1 if any(p.role == "officer" and p is not piece for p in stack_at_start) else 0


def allowance(piece: Piece, stack_at_start: Sequence[Piece], *, vorwarts: int | None = None) -> int:
    """A unit's MP for one move: printed (or Vorwärts!' 4 for a mobile German) plus the officer's +1."""
    base = piece.factors.move or 0
    if vorwarts is not None and piece.side == "german" and base > 0:
        base = vorwarts
    return base + officer_bonus(piece, stack_at_start)


def stack_allowance(pieces: Sequence[Piece], stack_at_start: Sequence[Piece], *, vorwarts: int | None = None) -> int:
    """A stack moves together at the pace of its slowest member (ruling R24).

    An officer goes at the pace of the units he leads (the rule 9.2 example has Lord
    Lovat end the move with his commandos), so officers only count when alone.
    """
    # Loops rather than a comprehension and a generator: every move asks this (Python
    # 3.11 builds a function object for each comprehension it runs).
    led: list[Piece] = []
    for p in pieces:
        if p.role != "officer":
            led.append(p)
    if not led:
        led = list(pieces)
        if not led:
            return 0
    # :func:`allowance` for each unit, with the officer looked for once: an infantry unit
    # is never the officer who leads it, so the bonus is the same for all of them.
    officer = False
    for p in stack_at_start:
        if p.role == "officer":
            officer = True
            break
    best = None
    for p in led:
        base = p.factors.move or 0
        if vorwarts is not None and p.side == "german" and base > 0:
            base = vorwarts
        if officer and p.role in INFANTRY_ROLES:
            base += 1
        if best is None or base < best:
            best = base
    return best or 0


def path_cost(zmap: ZoneMap, start: str, path: Sequence[str], modes: Sequence[str] = (LAND,)) -> int | None:
    """MP to walk ``path`` from ``start``: each step in the cheapest of ``modes`` that crosses it.

    None when a step crosses no line those modes may use.
    """
    total = 0
    here = start
    for nxt in path:
        costs = [c for c in (zmap.step_cost(here, nxt, m) for m in modes) if c is not None]
        if not costs:
            return None
        total += min(costs)
        here = nxt
    return total
