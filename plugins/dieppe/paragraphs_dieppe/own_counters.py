"""The player's own containers (rule 3.2), when he rolls his own dice.

The garrison a flipped marker calls for comes out of his garrison container by type:
counters of one type are alike (one unit type, the same factors), so which of them comes
out changes nothing and no die is asked for it; the program takes them in order, as
Bruneval's does (a back of any type, ``any``, is still drawn with the dice). A
reinforcement (rule 8) is drawn blind from his reinforcement container, where the types
differ: he draws it and says what came out, and the program takes a counter of that type.
Both once asked d6 that "picks among the counters left", one or two a counter: faces that
meant nothing on his table, and for a reinforcement a counter other than the one he drew.

Used by the interactive game (``play dieppe --dice physical``) and the companion (``turn
dieppe --dice physical`` in a terminal); the rules still draw through
:func:`paragraphs_raids.dice.pick_at_random`, answered here with the faces that take the
counter meant.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from paragraphs_raids.markers import ANY

#: ``choose(prompt, labels)``: the place (from 1) of the label the player picks.
Choose = Callable[[str, Sequence[str]], int]


def own_counters(roll: Callable[..., int], g: Any, choose: Choose) -> Callable[..., int]:
    """``roll`` with the draws from the player's own containers answered as above."""
    queued: list[int] = []  # the faces of pick_at_random that give the counter drawn

    def roll_or_take(die: str, purpose: str, allowed: frozenset[int] | None = None) -> int:
        if purpose.startswith("garrison for ") and not purpose.endswith(f": {ANY}"):
            return min(allowed) if allowed else 1
        if purpose == "reinforcement drawn":
            if not queued:
                ids = list(g.reinforcements)
                queued.extend(faces_picking(drawn(g, choose, ids), len(ids)))
            return queued.pop(0)
        return roll(die, purpose, allowed)

    return roll_or_take


def drawn(g: Any, choose: Choose, ids: Sequence[str]) -> int:
    """The place in ``ids`` of the first counter of the type the player drew."""
    roles = list(dict.fromkeys(g.pieces[c].role for c in ids))
    if len(roles) == 1:
        return 0
    k = choose("Draw a counter from your reinforcement container (rule 8): what is it", [role.replace("_", " ") for role in roles])
    role = roles[k - 1] if 1 <= k <= len(roles) else roles[0]
    return next(i for i, c in enumerate(ids) if g.pieces[c].role == role)


def faces_picking(index: int, options: int, sides: int = 6) -> list[int]:
    """The d6 faces with which :func:`paragraphs_raids.dice.pick_at_random` takes
    ``options[index]``: one face up to six options, else one face per base-6 digit."""
    digits = 1
    while sides**digits < options:
        digits += 1
    if digits == 1:
        return [index + 1]
    faces = []
    for _ in range(digits):
        index, digit = divmod(index, sides)
        faces.append(digit + 1)
    return faces[::-1]
