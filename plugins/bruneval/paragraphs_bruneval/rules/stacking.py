"""Stacking limits when units stop (rules 1.4 and 2.3), and the German surplus of rule 8.2.

Rule 2.3 requires the limits to hold whenever units stand still; movement may break them
for a moment. Rule 8.2 leaves the German units a move brings over the limit "in the zone
from which they entered" the stack's zone, and its example has that zone empty, but it
never says what happens when that zone is full too.

Ruling ``german_surplus`` (content ``rulings``, overridable):

* ``step_back`` (default): each surplus unit, weakest first, steps back along the path it
  came by to the nearest zone with room for it (the zone it entered from when there is
  room, as in the example; its starting zone otherwise, which it has just left). The
  limits then hold after every phase, which :func:`check_stacking` verifies.
* ``literal``: the surplus goes back to the zone it entered from, full or not (the
  rule's words alone; limits may then be broken).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TYPE_CHECKING

from paragraphs.errors import ParagraphsError
from paragraphs_raids.stacks import Piece

if TYPE_CHECKING:
    from paragraphs_bruneval.game.state import GameState

STEP_BACK = "step_back"
LITERAL: Final = "literal"


class StackingBroken(ParagraphsError):
    """A stack stands over its zone's limit after a phase (under the default ruling)."""


def violations(g: GameState) -> list[str]:
    """Every zone whose stack is over its limit, as ``"ZONE: 13 points over 8 (names)"``."""
    out = []
    for zone, stack in g.stacks.items():
        if not stack:
            continue
        points = g.points_in(zone)
        limit = g.zmap.zone(zone).stacking
        if points > limit:
            out.append(f"{zone}: {points} stacking points over its limit of {limit} ({', '.join(p.label() for p in stack)})")
    return out


def check_stacking(g: GameState) -> None:
    """Raise :class:`StackingBroken` when a limit is broken after phase ``g.phase``.

    Raises:
        StackingBroken: names the game turn, the phase and every zone over its limit.
    """
    found = violations(g)
    if found:
        raise StackingBroken(f"stacking limit broken after turn {g.turn} phase {g.phase}: " + "; ".join(found))


def place_surplus(g: GameState, surplus: Sequence[Piece], back: Sequence[str]) -> list[tuple[Piece, str]]:
    """Put the surplus units of a German move back, by the ruling in force.

    Args:
        surplus: the units to take out of the end zone, weakest first.
        back: the zones the move went through, from the one it entered the end zone from
            back to its starting zone.

    Returns:
        ``(unit, zone)`` for each unit, where it went.
    """
    where: list[tuple[Piece, str]] = []
    if g.ruling("german_surplus") == LITERAL:
        for p in surplus:
            g.place(p, back[0])
            where.append((p, back[0]))
        return where
    for p in surplus:
        zone = next((z for z in back if g.room_for(z, [p])), back[-1])
        g.place(p, zone)
        where.append((p, zone))
    return where
