"""Rule 16: the role of officers.

After a combat in which British units take a loss, each officer stacked with them rolls a
d6: on a 6 he is eliminated. A lone officer may fight and is eliminated when hit (he has no
reduced side). The movement side of the rule (officers give full movement nearby) is in
:mod:`paragraphs_bruneval.rules.movement`.

Ruling: with two officers in the stack, each rolls for himself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from paragraphs_raids.dice import Roller, quiet_prng

if TYPE_CHECKING:
    from paragraphs_raids.stacks import Piece

    from paragraphs_bruneval.game.state import GameState


def officer_falls(roll: Roller, name: str = "officer", loss_face: int = 6) -> bool:
    """One d6 for an officer stacked with units that took a loss: ``loss_face`` kills him."""
    prng = quiet_prng(roll)  # (a series' dice: no purpose worded, see quiet_prng)
    return (prng.face("d6") if prng is not None else roll("d6", f"officer loss: {name}")) == loss_face


def officer_losses(g: GameState, zone: str, already_hit: Piece | None = None) -> None:
    """Roll for every officer in ``zone`` after the British there took a loss."""
    face = g.params.officer_loss_face
    for officer in [p for p in g.stack(zone) if p.role == "officer" and p is not already_hit]:
        # The words only when a journal is kept (a series' dice note nothing).
        if officer_falls(g.roll, officer.label() if g.journal.enabled else "officer", face):
            g.eliminate(officer, "fell in the combat (officer loss roll)")
        elif g.journal.enabled:
            g.log(f"{officer.label()} comes through the combat.")
