"""Activation checks: does a British unit near a marked zone make the garrison appear?

Bruneval rule 12: roll 1D6 and add the radius R between the unit and the activation
zone (R at most 2, counted without red dashed lines); activation happens when the total
is at or under the alert level. Dieppe rule 10 rolls a 1D10 against the alarm level for
adjacent units without adding R, so the die, whether R is added and the largest R are
parameters.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from paragraphs_raids.dice import Roller, quiet_prng


@dataclass(frozen=True, slots=True)
class ActivationRule:
    """How a title tests an activation.

    Attributes:
        die: the die rolled.
        add_radius: add R to the roll (Bruneval) or not (Dieppe).
        max_radius: the largest R that allows a test.
    """

    die: str = "d6"
    add_radius: bool = True
    max_radius: int = 2


@dataclass(frozen=True, slots=True)
class ActivationResult:
    """The outcome of one test: the face, the total compared, and whether it activated."""

    face: int | None
    total: int | None
    activated: bool
    in_range: bool = True


def activation_check(alert: int, radius: int, roll: Roller, rule: ActivationRule = ActivationRule(), purpose: str = "activation") -> ActivationResult:
    """Test one activation (Bruneval 12: 1D6 + R at or under the alert level).

    A unit farther than ``rule.max_radius`` makes no test and rolls nothing.
    """
    if radius < 0 or radius > rule.max_radius:
        return _OUT_OF_RANGE
    prng = quiet_prng(roll)
    face = roll(rule.die, purpose) if prng is None else prng.face(rule.die)  # (see quiet_prng)
    total = face + (radius if rule.add_radius else 0)
    return _result(face, total, total <= alert)


# Tests are rolled all game long with a few small numbers: each distinct (frozen, so
# shareable) result is made once.
_result: Final = lru_cache(maxsize=512)(ActivationResult)
_OUT_OF_RANGE: Final = ActivationResult(None, None, False, in_range=False)
