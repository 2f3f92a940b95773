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
from typing import TYPE_CHECKING

from paragraphs_raids.stacks import GERMAN
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
    """:func:`embark_extra` on the current board (German units only, not empty zones)."""
    germans = set()
    for z, s in g.stacks.items():
        for p in s:
            if p.side == GERMAN:
                germans.add(z)
                break
    return embark_extra(g.zmap, embark_zone, germans, g.params.embark_penalty)


def assign_to_boats(g: GameState, zone: str, pieces: Sequence[Piece]) -> dict[str, list[Piece]] | None:
    """Share ``pieces`` among the LCAs in ``zone`` (each takes ``boat_capacity`` points).

    Returns boat id -> pieces, or None when they do not all fit.
    """
    room = {b.id: g.params.boat_capacity - g.cargo_points(b) for b in g.boats_in(zone)}
    return share_out(pieces, room, lambda p: 0 if p.group == COMMANDOS else p.points)  # rule 18: Commandos take no room
