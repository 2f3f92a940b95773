"""Combat values and results (Bruneval rule 9; Dieppe rules 11.1 and 11.2).

Each side takes a factor of its front-line unit and adds:

* one per stacking point of the other pieces of its stack that count (infantry; LCAs
  under Bruneval's optional rule) and have not acted;
* one when one or more officers who have not acted are present, on the sides where the
  title gives that bonus (Bruneval: both; Dieppe's fire: the shooter only);
* named modifiers a title adds (Dieppe: light by turn, range for the mortar);
* a die (a d6 in Bruneval; Dieppe rolls a d10 for the Germans);
* for the defender, the protection of its zone.

Which factor is read is a selector (Bruneval: attack against defence; Dieppe's fire: FF
against FF; its assault: AF against AF).

Bruneval prints the protection with a minus sign but its own worked example adds it to
the defence (6 + 3 = 9 with +1 protection in the 6); the sign is therefore a parameter of
:func:`defence_base` and the Bruneval title adds it (see its docs for the ruling).

An attack value at or over the defence value hits the defender's front line; otherwise
the attacker's front line is hit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from paragraphs_raids.dice import Roller, quiet_prng
from paragraphs_raids.stacks import FactorSelector, Piece, attack_factor, defence_factor

DEFENDER_HIT: Final = "defender hit"
ATTACKER_HIT: Final = "attacker hit"


# SideValue and CombatResult are plain classes with their __init__ written out rather than
# frozen dataclasses: the compiled build compiles a written __init__ (its fields are set
# natively), while a dataclass's generated __init__ stays interpreted and sets each field
# through object.__setattr__, which cost more than the rest of a combat's arithmetic.
# The fields are Final (read-only; the compiled build refuses a write at run time too),
# and equality, hashing and repr are the values', as a frozen dataclass's.
class SideValue:
    """How one side's value before the die was made up."""

    def __init__(self, factor: int, bonus: int, officer: int, protection: int = 0, extra: tuple[tuple[str, int], ...] = ()) -> None:
        self.factor: Final = factor
        self.bonus: Final = bonus
        self.officer: Final = officer
        self.protection: Final = protection
        self.extra: Final = extra

    def _key(self) -> tuple[int, int, int, int, tuple[tuple[str, int], ...]]:
        return (self.factor, self.bonus, self.officer, self.protection, self.extra)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SideValue) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"SideValue(factor={self.factor}, bonus={self.bonus}, officer={self.officer}, protection={self.protection}, extra={self.extra!r})"

    @property
    def base(self) -> int:
        total = self.factor + self.bonus + self.officer + self.protection
        # A loop rather than sum() over a generator: read twice a combat, mostly with no extras.
        for _, value in self.extra:
            total += value
        return total

    def describe(self) -> str:
        """``4 + 2 stack + 1 officer + 1 protection - 2 light`` (only the terms that apply)."""
        parts = [str(self.factor)]
        if self.bonus:
            parts.append(f"+ {self.bonus} stack")
        if self.officer:
            parts.append(f"+ {self.officer} officer")
        if self.protection:
            sign = "+" if self.protection > 0 else "-"
            parts.append(f"{sign} {abs(self.protection)} protection")
        for name, value in self.extra:
            if value:
                parts.append(f"{'+' if value > 0 else '-'} {abs(value)} {name}")
        return " ".join(parts)


class CombatResult:
    """Both totals and who is hit (a plain class: see SideValue)."""

    def __init__(self, attack_base: int, defence_base: int, attack_face: int, defence_face: int) -> None:
        self.attack_base: Final = attack_base
        self.defence_base: Final = defence_base
        self.attack_face: Final = attack_face
        self.defence_face: Final = defence_face

    def _key(self) -> tuple[int, int, int, int]:
        return (self.attack_base, self.defence_base, self.attack_face, self.defence_face)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CombatResult) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"CombatResult(attack_base={self.attack_base}, defence_base={self.defence_base}, attack_face={self.attack_face}, defence_face={self.defence_face})"

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
    # A loop rather than any() over a generator: asked for both sides of every combat and
    # of every attack a player weighs.
    for p in stack:
        if p.role == officer_role and not p.acted:
            return True
    return False


def stack_terms(front: Piece, stack: Sequence[Piece], counts: Callable[[Piece], bool], officer_bonus: int) -> tuple[int, int]:
    """The stack's two terms: the stacking points of the other pieces that count and have
    not acted (:func:`~paragraphs_raids.stacks.bonus_points`), and the officer bonus
    (``officer_bonus`` when an officer who has not acted stands there and the front line
    is no officer, :func:`has_officer`). One pass for both: every combat reads them for
    both sides, and players weigh many attacks."""
    bonus = 0
    officer = False
    # A list read as one: the compiled build then walks it natively, where a Sequence
    # goes through Python's iterator protocol (most callers pass the stack's own list).
    pieces: list[Piece] = stack if isinstance(stack, list) else list(stack)
    for p in pieces:
        if p.acted:
            continue
        if p.role == "officer":
            officer = True
        if p is not front and counts(p):
            bonus += p.points
    return bonus, (officer_bonus if officer_bonus and officer and front.role != "officer" else 0)


def attack_base(
    front: Piece,
    stack: Sequence[Piece],
    counts: Callable[[Piece], bool],
    *,
    factor: FactorSelector = attack_factor,
    officer_bonus: int = 1,
    extra: Sequence[tuple[str, int]] = (),
) -> SideValue:
    """The attacker's value before its die.

    Args:
        factor: which factor of the front line is read (Bruneval: attack; Dieppe: FF or AF).
        officer_bonus: what one or more officers add (0 where the title gives none).
        extra: named modifiers (``("light", -2)``, ``("range", -1)``).
    """
    bonus, officer = stack_terms(front, stack, counts, officer_bonus)
    return SideValue(factor(front), bonus, officer, 0, tuple(extra))


def defence_base(
    front: Piece,
    stack: Sequence[Piece],
    counts: Callable[[Piece], bool],
    protection: int,
    protection_sign: int = 1,
    *,
    factor: FactorSelector = defence_factor,
    officer_bonus: int = 1,
    extra: Sequence[tuple[str, int]] = (),
) -> SideValue:
    """The defender's value before its die; ``protection_sign`` is +1 when the title adds
    the zone's protection (Bruneval's ruling) and -1 when it subtracts it. Dieppe's fire
    defence has no officer bonus (``officer_bonus=0``)."""
    bonus, officer = stack_terms(front, stack, counts, officer_bonus)
    return SideValue(factor(front), bonus, officer, protection_sign * protection, tuple(extra))


def resolve(attack: int, defence: int, roll: Roller, *, attack_die: str = "d6", defence_die: str = "d6", purpose: str = "combat") -> CombatResult:
    """Roll both dice and compare: attack at or over defence hits the defender."""
    prng = quiet_prng(roll)
    if prng is not None:  # (the combats of a series: see quiet_prng)
        return CombatResult(attack, defence, prng.face(attack_die), prng.face(defence_die))
    a = roll(attack_die, f"{purpose}: attacker's die")
    d = roll(defence_die, f"{purpose}: defender's die")
    return CombatResult(attack, defence, a, d)
