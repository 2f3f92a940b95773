"""Rule 18 (optional): Commandos aboard the LCAs.

With the rule, the LCAs are the weaker 1-2-X counters and each carries one Commando unit
(3-4-5). A Commando may land from its boat for 2 PM (:mod:`paragraphs_bruneval.game.actions`)
and then acts like any British unit, officer radius included. While a Commando is aboard,
a boat in combat uses the Commando's factors; once it has landed, the boat's own.
Commandos aboard take no room in a boat and earn no VP.

Ruling: when the Commando's factors are used for its boat, a hit falls on the Commando
(flipped, then eliminated); the boat is untouched.
"""

from __future__ import annotations

from typing import Final, TYPE_CHECKING

from paragraphs_raids.stacks import NO_IDS

if TYPE_CHECKING:
    from paragraphs_raids.stacks import Piece

    from paragraphs_bruneval.game.state import GameState

GROUP: Final = "commandos"


def commando_aboard(g: GameState, boat: Piece) -> Piece | None:
    """The Commando unit aboard ``boat``, if the optional rule is in use and one is there."""
    if not g.options.commando or boat.role != "boat":
        return None
    for cid in g.aboard.get(boat.id, NO_IDS):
        piece = g.pieces[cid]
        if piece.group == GROUP:
            return piece
    return None


def boat_fighter(g: GameState, piece: Piece) -> Piece:
    """Whose factors a piece fights with: a boat's Commando when aboard, else the piece."""
    if piece.role != "boat":
        return piece
    return commando_aboard(g, piece) or piece
