"""Rule 9: movement points, the officers' bonus, landing, embarking and sailing.

* Lines cost by colour and by way of moving (content ``connection_kinds``): a land unit
  pays 1 MP on solid yellow and 2 on dotted yellow; LCAs alone sail along solid blue
  (1 MP); landing and embarking cross dotted blue (2 MP); dotted red lets fire across
  but nobody moves along it.
* Rule 9.1: an officer (British or German) stacked with infantry gives each of those
  units +1 MP, never more than +1 (ruling R21: infantry means commandos and German
  infantry). When they must be stacked is content ``officer_bonus``: when each move
  starts (``move_start``, in force), or when the side's movement phase begins
  (``phase_start``: the ids in ``phase_led``, from :func:`led_by_officers`).
* Rule 9.2: a landing is a move from an LCA in a ship waiting zone to a beach, paying
  the dotted blue line from the same allowance; it is one action with the land move that
  follows (R12). A British unit stops on entering a zone with a face-down marker or with
  Germans. A unit that has embarked again never lands again.
* Vorwärts! (rule 13): every German unit able to move has 4 MP.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence, Set
from typing import Final

from paragraphs_raids.stacks import Piece
from paragraphs_raids.zonemap import ZoneMap

LAND: Final = "land"
SEA: Final = "sea"
LANDING: Final = "landing"
#: Rule 9.1: who gets the officer's bonus.
INFANTRY_ROLES: Final = frozenset({"commando", "infantry"})


def led_by_officers(stacks: Iterable[Sequence[Piece]]) -> frozenset[str]:
    """The infantry standing in one of ``stacks`` with an officer (rule 9.1, ruling R21
    ``phase_start``: what the start of the movement phase sees)."""
    led: set[str] = set()
    for stack in stacks:
        if any(p.role == "officer" for p in stack):
            led.update(p.id for p in stack if p.role in INFANTRY_ROLES)
    return frozenset(led)


def officer_bonus(piece: Piece, stack_at_start: Sequence[Piece], phase_led: Set[str] | None = None) -> int:
    """+1 MP when an officer shares the stack at the start of the movement (rule 9.1);
    with ``phase_led`` (``phase_start``), when the unit is one of those."""
    if piece.role not in INFANTRY_ROLES:
        return 0
    if phase_led is not None:
        return 1 if piece.id in phase_led else 0
    return 1 if any(p.role == "officer" and p is not piece for p in stack_at_start) else 0


def allowance(piece: Piece, stack_at_start: Sequence[Piece], *, vorwarts: int | None = None, phase_led: Set[str] | None = None) -> int:
    """A unit's MP for one move: printed (or Vorwärts!' 4 for a mobile German) plus the officer's +1."""
    base = piece.factors.move or 0
    if vorwarts is not None and piece.side == "german" and base > 0:
        base = vorwarts
    return base + officer_bonus(piece, stack_at_start, phase_led)


def stack_allowance(pieces: Sequence[Piece], stack_at_start: Sequence[Piece], *, vorwarts: int | None = None, phase_led: Set[str] | None = None) -> int:
    """A stack moves together at the pace of its slowest member (ruling R24).

    An officer goes at the pace of the units he leads (the rule 9.2 example has Lord
    Lovat end the move with his commandos), so officers only count when alone.
    ``phase_led`` (ruling R21 ``phase_start``; None for ``move_start``): the infantry
    who have the officer's +1 this phase, whatever the stack holds now.
    """
    # Loops rather than a comprehension and a generator: every move asks this (Python
    # 3.11 builds a function object for each comprehension it runs).
    # Lists iterated (the callers' usual type): the compiled build indexes a list
    # natively, where any other sequence goes through Python's iteration protocol.
    units = pieces if isinstance(pieces, list) else list(pieces)
    start = stack_at_start if isinstance(stack_at_start, list) else list(stack_at_start)
    led: list[Piece] = []
    for p in units:
        if p.role != "officer":
            led.append(p)
    if not led:
        led = list(units)
        if not led:
            return 0
    # :func:`allowance` for each unit, with the officer looked for once: an infantry unit
    # is never the officer who leads it, so the bonus is the same for all of them.
    officer = False
    for p in start:
        if p.role == "officer":
            officer = True
            break
    best = None
    for p in led:
        base = p.factors.move or 0
        if vorwarts is not None and p.side == "german" and base > 0:
            base = vorwarts
        if phase_led is None:
            if officer and p.role in INFANTRY_ROLES:
                base += 1
        elif p.id in phase_led:  # infantry only (led_by_officers)
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
