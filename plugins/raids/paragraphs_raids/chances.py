"""Exact chances of the raid series' opposed rolls, for policies and docs.

An attack at or over the defence hits the defender (Bruneval 9, Dieppe 11.1 and 11.2).
With the values before the dice differing by ``margin`` (attack minus defence), the
chance depends only on the two dice: a d6 against a d6 in Bruneval, the British d6
against the German d10 (0-9) in Dieppe.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from paragraphs.dice import DiceConventions, parse_die


@cache
def win_chance(margin: int, attack_die: str = "d6", defence_die: str = "d6", conventions: DiceConventions | None = None) -> Fraction:
    """P(attack + attacker's die >= defence + defender's die) when attack - defence = ``margin``.

    Example: Dieppe 11.1's British fire, 10 against 7 with a d6 against a d10 read 0-9,
    hits with chance 3/4.
    """
    a = parse_die(attack_die, conventions).distribution
    d = parse_die(defence_die, conventions).distribution
    return sum((pa * pd for fa, pa in a.items() for fd, pd in d.items() if margin + fa >= fd), Fraction(0))
