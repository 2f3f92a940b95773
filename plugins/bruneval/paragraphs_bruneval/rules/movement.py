"""Rules 8 and 8.1: movement points and British movement capacity.

A solid line costs 1 PM, a dashed line 2, a red dashed line cannot be crossed (content
``connection_kinds``). The capacity printed on a counter is a maximum per turn.

British units with or next to an officer (radius R at most 1) use their whole capacity.
Farther from every officer they roll a d10 and halve it, rounding down.

Ruling (the rule and its example disagree): rule 8 only rolls beyond R = 2, but the
example rolls for a unit at R = 2 and rule 8.1 gives full capacity only up to R = 1. So
R 0-1 gives the printed capacity and R 2 or more a d10 halved, rounded down, and never
above the printed capacity. With no officer left on the map every unit rolls.

Units carrying a prisoner or the dismantled Würzburg move at most 3 PM (rule 10).
The radius to an officer counts every kind of connection (rule 1.1's plain definition;
only activation, rule 12, leaves out red dashed lines).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Final

from paragraphs.dice import halve
from paragraphs_raids.dice import Roller, quiet_prng
from paragraphs_raids.stacks import BRITISH
from paragraphs_raids.zonemap import ZoneMap

if TYPE_CHECKING:
    from paragraphs_raids.stacks import Piece

    from paragraphs_bruneval.game.state import GameState


@dataclass(frozen=True, slots=True)
class Capacity:
    """Movement points for this turn, and the d10 face when one was rolled."""

    points: int
    face: int | None = None


def british_capacity(
    printed: int,
    officer_radius: int | None,
    roll: Roller,
    *,
    full_radius: int = 1,
    die: str = "d10",
    carry_limit: int | None = None,
    who: str = "unit",
) -> Capacity:
    """Movement capacity of a British unit or stack for this turn (rules 8 and 8.1, ruling above).

    Args:
        printed: the printed capacity (the lowest of the stack).
        officer_radius: R to the nearest officer, None when no officer is left.
        roll: the roller.
        full_radius: the largest R that still gives full capacity (1).
        die: the die rolled farther away (a d10).
        carry_limit: 3 when the unit carries a prisoner or the Würzburg.
        who: named in the roll's purpose.
    """
    cap = printed if carry_limit is None else min(printed, carry_limit)
    if officer_radius is not None and officer_radius <= full_radius:
        return _capacity(cap, None)
    prng = quiet_prng(roll)  # (a series' dice: no purpose worded, see quiet_prng)
    face = prng.face(die) if prng is not None else roll(die, f"movement of {who}: no officer within R{full_radius}, {die} halved")
    return _capacity(min(cap, halve(face)), face)


# A capacity is a pair of small numbers, asked before every British move: each distinct
# (frozen, so shareable) value is made once.
_capacity: Final = lru_cache(maxsize=256)(Capacity)


def officer_radius(g: GameState, zone: str) -> int | None:
    """R from ``zone`` to the nearest officer on the map (every kind of line)."""
    radii = g.zmap.radii_from(zone)
    nearest: int | None = None
    pieces = g.pieces
    # Asked before every British move: only the scenario's officer counters are read (a
    # piece keeps its kind), not every piece on the map. A piece is on the map exactly
    # when it has a zone (placing gives it one, lifting takes it away).
    for cid in g.lookups.counters_of_role("officer"):
        p = pieces.get(cid)
        if p is not None and p.zone and p.side == BRITISH and p.role == "officer":
            r = radii.get(p.zone)
            if r is not None and (nearest is None or r < nearest):
                nearest = r
    return nearest


def printed_capacity(pieces: Iterable[Piece]) -> int:
    """The lowest printed capacity of a stack that moves together."""
    lowest: int | None = None
    for p in pieces:
        move = int(p.factors.move or 0)
        if lowest is None or move < lowest:
            lowest = move
    if lowest is None:
        raise ValueError("printed_capacity() of no pieces")  # as min() of nothing would
    return lowest


def path_cost(zmap: ZoneMap, start: str, path: Sequence[str]) -> int | None:
    """PM to follow ``path`` (zones entered in order) from ``start``; None if a step is not
    a line one may move along."""
    total = 0
    here = start
    for nxt in path:
        cost = zmap.step_cost(here, nxt)
        if cost is None:
            return None
        total += cost
        here = nxt
    return total
