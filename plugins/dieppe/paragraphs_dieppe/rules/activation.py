"""Rule 10: revealing the A and B markers, and the obstacles they may hide.

A British unit entering a marked zone reveals its marker at once. A British unit or
stack that takes an action next to a marked zone (including the move that brings it
there) tests it: a d10 at or under the alarm level turns the marker over (ruling R29:
one test per marker per action, over every kind of line). The back shows garrison units
by type, or an obstacle:

* mines: a d10 plus the levels of the entering stack (R27), 8 or more costs the front
  unit one loss and the mines go (they stay as long as they have had no effect);
* barbed wire: the stack stops for the turn, or fires a Bangalore torpedo: an even d10
  clears the wire and the stack goes on, an odd one leaves it stuck until next turn.
  Every torpedo, and every mine that explodes, raises the alarm by one (R16).
"""

from __future__ import annotations

from paragraphs_raids.activation import ActivationRule
from paragraphs_raids.dice import Roller
from typing import Final

#: Rule 10: a d10 at or under the alarm, for a marker one line away.
ADJACENT: Final = ActivationRule("d10", add_radius=False, max_radius=1)

ACTIVATED = "activated"
NOT_ACTIVATED = "not activated"
LOSS = "loss"
NO_EFFECT = "no effect"
WIRE_CLEARED = "wire cleared"
STUCK = "stuck this turn"


def adjacent_test(alarm: int, roll: Roller, zone: str = "the zone") -> bool:
    """Rule 10, case 2: does a test next to a marked zone turn its marker over?"""
    # activation_check(alarm, 1, roll, ADJACENT) reduced to what ADJACENT makes of it (a
    # marker one line away is always in range, R is not added): a British action next to
    # markers runs this for each of them, tens of times a game.
    return roll(ADJACENT.die, f"activation test of {zone}") <= alarm


def mines_test(levels: int, roll: Roller, threshold: int = 8) -> bool:
    """Rule 10, mines: d10 + the entering stack's levels at or over ``threshold`` is a loss."""
    return roll("d10", "mines") + levels >= threshold


def bangalore(roll: Roller) -> bool:
    """Rule 10, barbed wire: a Bangalore torpedo clears the wire on an even d10."""
    return roll("d10", "Bangalore torpedo") % 2 == 0
