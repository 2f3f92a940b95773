"""Carrying and loading: prisoners handed over to another escort, units shared out over boats.

Bruneval 10 and Dieppe 12 both have a prisoner escorted by a British unit: when the escort
falls, another unit of its zone able to escort takes him over, else he is lost. Bruneval
11/14 and Dieppe 3.3/9 both load units into LCAs of limited capacity (Bruneval 4 points a
boat, its optional Commandos taking no room; Dieppe 8 levels an LCA). Which units may
escort and which count in a boat's load are the title's predicates.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from paragraphs_raids.stacks import Piece


def hand_over(zone_stack: Iterable[Piece], carrier: Piece, can_escort: Callable[[Piece], bool]) -> Piece | None:
    """Who takes over what ``carrier`` escorted: the first other piece of its zone that
    ``can_escort`` accepts (top of the stack first), or None (the prisoner is lost)."""
    return next((p for p in zone_stack if p is not carrier and can_escort(p)), None)


def share_out(pieces: Sequence[Piece], room: Mapping[str, int], load: Callable[[Piece], int]) -> dict[str, list[Piece]] | None:
    """Share ``pieces`` among boats with ``room`` points left each (boat id -> points).

    Heaviest first, each into the first boat (in ``room``'s order) it fits in; ``load``
    says how many points a piece takes. Returns boat id -> pieces, or None when they do
    not all fit.
    """
    left = dict(room)
    plan: dict[str, list[Piece]] = {}
    for p in sorted(pieces, key=lambda p: -p.points):
        need = load(p)
        boat = next((b for b, free in left.items() if free >= need), None)
        if boat is None:
            return None
        left[boat] -= need
        plan.setdefault(boat, []).append(p)
    return plan
