"""Ruling R21 ``phase_start``: who has the officer's +1 MP, seen when movement begins.

Rule 9.1 gives the bonus to the infantry positioned with an officer at the beginning of
the movement phase. The reading in force (content ``officer_bonus: move_start``) looks at
the stack each move starts from and needs nothing from here. Under ``phase_start`` the
stacks are looked at once, when the side's movement begins: the British when phase B
opens (a unit aboard an LCA stands with those aboard the same LCA, as in the 9.2
example), the Germans when their movement starts in phase D (after their fire, which
moves nobody). Whoever was led then keeps the +1 for the phase, whoever joined an officer
later does not get it.
"""

from __future__ import annotations

from paragraphs_raids.stacks import BRITISH, GERMAN, Piece

from paragraphs_dieppe.game.state import GameState
from paragraphs_dieppe.rules.movement import led_by_officers


def phase_start(g: GameState) -> bool:
    """Whether the stacks are looked at when the movement phase begins (ruling R21)."""
    # The scenario's rulings as kept in its lookups (a compiled read, twice a turn).
    return g.lookups.rulings["officer_bonus"] == "phase_start"


def begin_british_movement(g: GameState) -> None:
    """Phase B opens: under ``phase_start``, note who is led (``g.officer_led``)."""
    if not phase_start(g):
        g.officer_led = None
        return
    stacks: list[list[Piece]] = [[p for p in stack if p.side == BRITISH] for stack in g.stacks.values()]
    stacks += [g.cargo(lca) for lca in g.pieces_of(BRITISH) if lca.role == "boat"]
    g.officer_led = led_by_officers(stacks)


def begin_german_movement(g: GameState) -> frozenset[str] | None:
    """The German infantry led when their movement begins (``phase_start``), else None."""
    if not phase_start(g):
        return None
    return led_by_officers([[p for p in stack if p.side == GERMAN] for stack in g.stacks.values()])
