"""Rule 9.1: automatic German combat (the first German action of phase E).

Combat is compulsory for the Germans: every German stack or unit that has not acted and
stands next to British units (any line, red dashed included) attacks once.

Order: stacks first, by modified attack (front-line attack + other infantry points +
officer), highest first; then single units by attack factor, highest first. Target: the
adjacent zone holding the most British stacking points, then a zone holding a boat.
Equal situations are settled with a d6.

Radar operators never attack (they only defend when alone, rule 9). The order is fixed
before the first combat; a stack or unit that has lost its targets or its units by its
turn simply does not fight.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from paragraphs_raids.combat import attack_base
from paragraphs_raids.dice import Roller, pick_at_random
from paragraphs_raids.german_ai import Attacker, most_points_then_boat, order_stacks_then_strongest
from paragraphs_raids.stacks import BRITISH, GERMAN, NO_PIECES, Piece

from paragraphs_bruneval.rules.combat import counts_for_bonus, fight, strongest_attacker

if TYPE_CHECKING:
    from paragraphs_bruneval.game.state import GameState


# Loops rather than comprehensions in these three: asked for every German zone in contact,
# every turn, they mostly find a piece or two.
def fighters_in(g: GameState, zone: str) -> list[Piece]:
    """German pieces of ``zone`` that may still attack this turn."""
    fighters = []
    for p in g.stacks.get(zone, NO_PIECES):
        if p.side == GERMAN and not p.acted and p.role != "radar_operator":
            fighters.append(p)
    return fighters


def modified_attack(fighters: list[Piece], optional_commando: bool) -> int:
    """Front-line attack (the strongest) plus the other infantry points and officer bonus."""
    front = strongest_attacker(fighters)
    return attack_base(front, fighters, counts_for_bonus(optional_commando)).base


def british_targets(g: GameState, zone: str) -> list[str]:
    """British-held zones joined to ``zone`` by any line, in map order."""
    stacks = g.stacks
    targets = []
    for z in g.zmap.linked(zone):
        for p in stacks.get(z, NO_PIECES):
            if p.side == BRITISH:  # (the side of its top piece, as side_in reads it)
                targets.append(z)
            break
    return targets


def target_key(g: GameState) -> Callable[[str], tuple[int, int]]:
    """Most British stacking points first, then a zone with a boat."""
    return most_points_then_boat(g.points_in, lambda z: bool(g.boats_in(z)))


def best_target(g: GameState, targets: list[str], roll: Roller, purpose: str) -> str:
    """``best_with_random_ties(targets, target_key(g), roll, purpose)``, the same zone and
    the same die (tests/test_fast_paths.py), with :func:`target_key` read as one int
    (``-2 * points``, plus 1 without a boat): the key function and its tuple were made and
    called through Python for every zone, at every German combat with a choice."""
    keys = []
    for z in targets:
        keys.append(-2 * g.points_in(z) + (0 if g.boats_in(z) else 1))
    best = min(keys)
    tied = []
    for i, z in enumerate(targets):
        if keys[i] == best:
            tied.append(z)
    return pick_at_random(tied, roll, purpose)


def attackers(g: GameState) -> list[Attacker]:
    out = []
    # The German zones in contact are those next to a British zone (lines join both
    # ways): gathered from the few British zones (read from the British pieces, see
    # GameState.zones_of_side) rather than asked of every German one.
    zmap = g.zmap
    stacks = g.stacks
    contact = set()
    for zone in g.british_zones():
        for other in zmap.linked(zone):
            for p in stacks.get(other, NO_PIECES):
                if p.side == GERMAN:  # (the side of its top piece, as side_in reads it)
                    contact.add(other)
                break
    for zone in zmap.in_order(contact):
        fighters = fighters_in(g, zone)
        if fighters:
            points = 0
            for p in fighters:
                points += p.points
            out.append(Attacker(zone, len(fighters) > 1, modified_attack(fighters, g.options.commando), points))
    return out


def german_combat(g: GameState) -> None:
    """Phase E.1: every German stack or unit next to the British attacks, in priority order."""
    order = order_stacks_then_strongest(attackers(g), g.roll, "German combat order: equal attack values")
    if not order:
        g.log("No German unit is in contact.")
    for a in order:
        fighters = fighters_in(g, a.zone)
        targets = british_targets(g, a.zone)
        if not fighters or not targets:
            continue
        # One target needs no choosing (best_target would roll nothing either).
        target = targets[0] if len(targets) == 1 else best_target(g, targets, g.roll, f"German target from {a.zone}: equal choices")
        fight(g, fighters, a.zone, target)
