"""Rule 11: embarkation and disembarkation.

A unit embarks by moving from a beach zone into an embarkation zone that holds an LCA; it
goes under the boat and may not land again. No unit enters an embarkation zone without a
boat. Entering costs 2 PM more when a German unit stands at radius R = 1 of the
embarkation zone, 1 PM more at R = 2 (the larger only), whatever the kind of line
(content ``scenario.embark_penalty``). Each LCA takes 4 stacking points (rule 14);
Commandos of the optional rule do not count (rule 18).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from paragraphs_raids.stacks import GERMAN, NO_PIECES
from paragraphs_raids.transport import share_out
from paragraphs_raids.zonemap import ZoneMap

from paragraphs_bruneval.rules.commando import GROUP as COMMANDOS

if TYPE_CHECKING:
    from paragraphs_raids.stacks import Piece

    from paragraphs_bruneval.game.state import GameState


def embark_extra(zmap: ZoneMap, embark_zone: str, german_zones: set[str], penalty: Sequence[tuple[int, int]]) -> int:
    """Extra PM to enter ``embark_zone``: the largest penalty whose radius holds a German."""
    radii = zmap.radii_from(embark_zone)
    extra = 0
    for radius, add in penalty:
        if any(radii.get(z) == radius for z in german_zones):
            extra = max(extra, add)
    return extra


def extra_for(g: GameState, embark_zone: str) -> int:
    """:func:`embark_extra` on the current board (German units only, not empty zones).

    Read from the few zones at each penalty's radius of ``embark_zone`` rather than from
    every stack of the board: asked for every embarkation weighed
    (``tests/test_fast_paths.py`` compares it with :func:`embark_extra`).
    """
    extra = 0
    stacks = g.stacks
    for radius, add in g.params.embark_penalty:
        if add <= extra:
            continue  # (the larger penalty only: this one cannot raise it)
        for zone in _zones_at(g.zmap, embark_zone, radius):
            if _holds_german(stacks.get(zone, NO_PIECES)):
                extra = add
                break
    return extra


def _holds_german(stack: list[Piece]) -> bool:
    for p in stack:
        if p.side == GERMAN:
            return True
    return False


@lru_cache(maxsize=256)
def _zones_at(zmap: ZoneMap, zone: str, radius: int) -> tuple[str, ...]:
    """The zones at radius ``radius`` of ``zone`` (every kind of line), in the map's radii order."""
    return tuple(z for z, r in zmap.radii_from(zone).items() if r == radius)


def assign_to_boats(g: GameState, zone: str, pieces: Sequence[Piece]) -> dict[str, list[Piece]] | None:
    """Share ``pieces`` among the LCAs in ``zone`` (each takes ``boat_capacity`` points).

    Returns boat id -> pieces, or None when they do not all fit.
    """
    room = {b.id: g.params.boat_capacity - g.cargo_points(b) for b in g.boats_in(zone)}
    return share_out(pieces, room, lambda p: 0 if p.group == COMMANDOS else p.points)  # rule 18: Commandos take no room
