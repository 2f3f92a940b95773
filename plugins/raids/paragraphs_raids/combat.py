"""Combat values and results (Bruneval rule 9; Dieppe rule 11.1 has the same shape).

Each side takes the factor of its front-line unit and adds:

* one per stacking point of the other pieces of its stack that count (infantry; LCAs
  under Bruneval's optional rule) and have not acted;
* one when one or more officers who have not acted are present;
* a die (a d6 in Bruneval; Dieppe rolls a d10 for the Germans);
* for the defender, the protection of its zone.

Bruneval prints the protection with a minus sign but its own worked example adds it to
the defence (6 + 3 = 9 with +1 protection in the 6); the sign is therefore a parameter of
:func:`defence_base` and the Bruneval title adds it (see its docs for the ruling).

An attack value at or over the defence value hits the defender's front line; otherwise
the attacker's front line is hit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from paragraphs_raids.dice import Roller
from paragraphs_raids.stacks import Piece, bonus_points

DEFENDER_HIT = "defender hit"
ATTACKER_HIT = "attacker hit"


@dataclass(frozen=True, slots=True)
class SideValue:
    """How one side's value before the die was made up."""

    factor: int
    bonus: int
    officer: int
    protection: int = 0

    @property
    def base(self) -> int:
        return self.factor + self.bonus + self.officer + self.protection

    def describe(self) -> str:
        """``4 + 2 stack + 1 officer + 1 protection`` (only the terms that apply)."""
        parts = [str(self.factor)]
        if self.bonus:
            parts.append(f"+ {self.bonus} stack")
        if self.officer:
            parts.append(f"+ {self.officer} officer")
        if self.protection:
            sign = "+" if self.protection > 0 else "-"
            parts.append(f"{sign} {abs(self.protection)} protection")
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class CombatResult:
    """Both totals and who is hit."""

    attack_base: int
    defence_base: int
    attack_face: int
    defence_face: int

    @property
    def attack_total(self) -> int:
        return self.attack_base + self.attack_face

    @property
    def defence_total(self) -> int:
        return self.defence_base + self.defence_face

    @property
    def defender_hit(self) -> bool:
        return self.attack_total >= self.defence_total

    @property
    def label(self) -> str:
        return DEFENDER_HIT if self.defender_hit else ATTACKER_HIT


def has_officer(stack: Sequence[Piece], officer_role: str = "officer") -> bool:
    """Whether an officer who has not acted stands in the stack."""
    return any(p.role == officer_role and not p.acted for p in stack)


def attack_base(front: Piece, stack: Sequence[Piece], counts: Callable[[Piece], bool]) -> SideValue:
    """The attacker's value before its die."""
    officer = 1 if front.role != "officer" and has_officer(stack) else 0
    return SideValue(front.attack, bonus_points(stack, front, counts), officer)


def defence_base(front: Piece, stack: Sequence[Piece], counts: Callable[[Piece], bool], protection: int, protection_sign: int = 1) -> SideValue:
    """The defender's value before its die; ``protection_sign`` is +1 when the title adds
    the zone's protection (Bruneval's ruling) and -1 when it subtracts it."""
    officer = 1 if front.role != "officer" and has_officer(stack) else 0
    return SideValue(front.defence, bonus_points(stack, front, counts), officer, protection_sign * protection)


def resolve(attack: int, defence: int, roll: Roller, *, attack_die: str = "d6", defence_die: str = "d6", purpose: str = "combat") -> CombatResult:
    """Roll both dice and compare: attack at or over defence hits the defender."""
    a = roll(attack_die, f"{purpose}: attacker's die")
    d = roll(defence_die, f"{purpose}: defender's die")
    return CombatResult(attack, defence, a, d)
