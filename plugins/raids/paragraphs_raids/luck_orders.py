"""Which results of a raid roll are good for the player: what the session's luck audit reads.

``paragraphs luck`` (and ``luck`` in a session) rates a roll by the exact chance of a
result at least as good for the player (:mod:`paragraphs.audits.luck`); it needs the
roll's order of outcomes, worst to best. A raid title lists, beside its dice hints
(:mod:`paragraphs_raids.hints`), the rolls whose rules make that order unambiguous: a
pattern searched in the roll's purpose, and a *judge* that places each face of the die
(``(rank, name)``, a higher rank better for the British player). Rolls no pattern names
(where markers are dealt, which zone reinforcements enter, which event comes, picks among
equal choices, an activation test that may reveal a way through as well as Germans) say
nothing, and the audit leaves them out.

The judges here are the shapes the raid rules use: a face the player wants high (his own
die in a combat: it adds to his value) or low (the German die), and a threshold that
splits the faces into what the player hopes for and what he fears (a Bangalore torpedo,
reinforcements coming or not).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

#: Places a face: (rank, what it means); a higher rank is better for the player.
Judge = Callable[[int], tuple[int, str]]
#: (pattern searched in the purpose, the judge given the state and the match; None: no order)
LuckRule = tuple[re.Pattern[str], Callable[[Any, re.Match[str]], Judge | None]]


def higher_is_better(face: int) -> tuple[int, str]:
    """The player's own die in a combat: every pip adds to his value."""
    return face, f"{face}, higher is better for you"


def lower_is_better(face: int) -> tuple[int, str]:
    """The enemy's die in a combat (or a die added to a loss test): every pip works against him."""
    return -face, f"{face}, lower is better for you"


def split(good: Callable[[int], bool], hoped: str, feared: str) -> Judge:
    """A threshold: the faces ``good`` accepts give what the player hopes for."""
    return lambda face: (1, hoped) if good(face) else (0, feared)


def opposed(british_attacks: bool, attacker_die: bool) -> Judge:
    """A die of a combat (attack at or over defence hits the defender): the British
    player wants his own side's die high and the other side's low."""
    return higher_is_better if british_attacks == attacker_die else lower_is_better


def roll_luck(rules: Sequence[LuckRule], g: Any, purpose: str, distribution: Mapping[int, Fraction], face: int) -> dict[str, Any] | None:
    """The ``luck`` record of one roll (:func:`paragraphs.audits.luck.order_luck`) and the
    meaning of its face, or None when no rule orders the roll's results.

    Args:
        distribution: the exact chance of each face the die may show (after re-rolls).
    """
    from paragraphs.audits.luck import order_luck

    for pattern, judge_for in rules:
        m = pattern.search(purpose)
        if m is None:
            continue
        judge = judge_for(g, m)
        if judge is None:
            return None
        chances: dict[str, Fraction] = {}
        ranks: dict[str, int] = {}
        for value, p in distribution.items():
            rank, name = judge(value)
            chances[name] = chances.get(name, Fraction(0)) + p
            ranks[name] = rank
        order = tuple(sorted(chances, key=ranks.__getitem__))
        return order_luck(chances, order, judge(face)[1])
    return None
