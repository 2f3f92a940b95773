"""Rule 11.1: fire between adjacent zones (R 2 for the mortar).

The shooter is the front line of the firing stack (or the sniper or mortar firing alone);
its value is its fire factor (FF) plus:

* one per stacking level of the infantry firing with it, or one per other LCA when LCAs
  fire (never for the sniper or the mortar);
* one when one or two officers who have not acted are with it (never for the sniper or
  the mortar);
* light, for the sniper and the mortar only: -2 in turns 1-5 (4:45-5:45), -1 in turns
  6-8 (6:00-6:30), content table ``light``;
* -1 for the mortar at R 2.

The target is the front line of the stack fired at (any unit of it, for a sniper); its
value is its FF plus one per level of the infantry (or other LCAs) with it, and the
zone's protection, added (ruling R33); there is no officer bonus in defence (R34), and
against a sniper or a mortar the target gets no stack bonus either (R32). Each side adds
its own die: a d6 for the British, a d10 for the Germans. Attack at or over defence: the
target takes a loss; under it: the shooter takes one. A mortar hit costs two losses: a
unit at full strength is eliminated by them, a reduced one is eliminated and the second
loss falls on the unit underneath (R37), never on a Hess cannon, which falls only to an
assault (rule 12, R39).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from paragraphs_raids.combat import CombatResult, SideValue, attack_base, defence_base, resolve
from paragraphs_raids.dice import Roller
from paragraphs_raids.stacks import BRITISH, GERMAN, Piece, apply_losses, factor

from paragraphs_dieppe.rules.dice import die_of

FIRE: Final = factor("fire")
#: Units whose fire ignores stack and officer and suffers from the light (rule 11.1).
SPECIAL_SHOOTERS: Final = frozenset({"sniper", "mortar"})
BOAT: Final = "boat"

#: Rule 12: units no fire can eliminate (the Hess cannon fall only to an assault).
ONLY_BY_ASSAULT: Final = frozenset({"hess"})

TARGET_HIT: Final = "target hit"
SHOOTER_HIT: Final = "shooter hit"


def accompanies(front: Piece) -> Callable[[Piece], bool]:
    """Which other pieces add their levels to ``front``'s value: infantry, or other LCAs
    when an LCA fires or is fired at (rule 11.1 and its note 1)."""
    if front.role == BOAT:
        return lambda p: p.role == BOAT
    return lambda p: p.kind.infantry


def light_modifier(turn: int, table: object) -> int:
    """The light modifier of sniper and mortar fire on ``turn`` (content table ``light``)."""
    return int(table.lookup(turn).result)  # type: ignore[attr-defined]


def shooter_value(front: Piece, firing: Sequence[Piece], *, turn: int, light_table: object, radius: int = 1) -> SideValue:
    """The shooter's value before its die (rule 11.1).

    ``firing`` holds the pieces firing together (the front line first, ruling R31): only
    they add their levels.
    """
    if front.role in SPECIAL_SHOOTERS:
        extra = [("light", light_modifier(turn, light_table))]
        if front.role == "mortar" and radius >= 2:
            extra.append(("range", -1))
        return attack_base(front, [front], lambda p: False, factor=FIRE, officer_bonus=0, extra=extra)
    return attack_base(front, firing, accompanies(front), factor=FIRE, officer_bonus=1)


def target_value(target: Piece, stack: Sequence[Piece], protection: int, *, shooter_role: str = "", exemption: str = "their_fire") -> SideValue:
    """The target's value before its die (rule 11.1; rulings R32, R33, R34).

    ``exemption`` is content ruling R32 (``sniper_mortar_defence``): ``their_fire`` drops
    the stack bonus of a target the sniper or the mortar fires at; ``them_as_targets``
    drops it when the sniper or the mortar is the target.
    """
    exempt_role = shooter_role if exemption == "their_fire" else target.role
    if exempt_role in SPECIAL_SHOOTERS:
        return defence_base(target, [target], lambda p: False, protection, 1, factor=FIRE, officer_bonus=0)
    return defence_base(target, stack, accompanies(target), protection, 1, factor=FIRE, officer_bonus=0)


def mortar_losses(stack: Sequence[Piece], aim: Piece, losses: int) -> list[tuple[Piece, bool]]:
    """Rule 11.1: the ``losses`` of a mortar hit on ``aim`` in ``stack`` (top first).

    A unit at full strength is eliminated by them and nothing spills over (a machine
    gun, a Flak cannon or an officer on its front is at full strength: its back is its
    elimination); a reduced unit is eliminated by the first and the rest fall on the
    units under it (ruling R37), never on a Hess cannon (rule 12). Returns ``(piece,
    eliminated)`` per piece hit; the caller removes the eliminated ones.
    """
    if not aim.reduced:
        return [(aim, True)]
    under = [p for p in stack[stack.index(aim) + 1:] if p.role not in ONLY_BY_ASSAULT]
    return apply_losses([aim, *under], losses)


def fire_outcome(attack: int, defence: int, side: str, roll: Roller) -> CombatResult:
    """Roll the firing side's die against the other side's and compare (rule 11.1)."""
    other = GERMAN if side == BRITISH else BRITISH
    return resolve(attack, defence, roll, attack_die=die_of(side), defence_die=die_of(other), purpose=f"{side} fire")


def outcome_label(result: CombatResult) -> str:
    return TARGET_HIT if result.defender_hit else SHOOTER_HIT


# Not frozen, its __init__ written out: see LineResult in rules.assault (nothing changes
# a shot once made).
@dataclass(init=False, slots=True)
class Shot:
    """One fire: the values, the dice and who took the losses."""

    shooter: Piece
    target: Piece
    attack: SideValue
    defence: SideValue
    result: CombatResult
    losses: tuple[tuple[Piece, bool], ...]

    def __init__(self, shooter: Piece, target: Piece, attack: SideValue, defence: SideValue, result: CombatResult, losses: tuple[tuple[Piece, bool], ...]) -> None:
        self.shooter = shooter
        self.target = target
        self.attack = attack
        self.defence = defence
        self.result = result
        self.losses = losses

    @property
    def label(self) -> str:
        return outcome_label(self.result)
