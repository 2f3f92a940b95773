"""The back of a face-down marker nobody can look at, drawn with the dice (``turn`` from a script).

A board file may leave a marker's back out (``board --new`` writes none: the player deals
his own markers face down). When the Germans turn such a marker over, ``turn`` asks the
player at a terminal what his shows. Run from a script or a pipe, or with ``--json``,
nobody can answer; the back is then drawn from the set the title deals that letter's
markers from, with the command's own dice (seeded, typed or physical), so the German
phase goes on with what the marker hides on the board and in ``--out``, and the journal
says it was drawn: the player puts that on his table in place of his own marker.

The draw is from the whole set of the letter: the file does not record which backs were
turned over on earlier turns, so those are not taken out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from paragraphs_raids.dice import Roller, pick_at_random


def draw_marker_back(zone: str, pool: Sequence[Any], roll: Roller, say: Callable[[str], None]) -> Any | None:
    """One back of ``pool`` (MarkerBack values, repeats kept: each marker of the set has
    the same chance) for the marker turned over in ``zone``; None when the pool is empty.
    ``say`` is given the journal line (the dice of the draw go with it)."""
    if not pool:
        return None
    back = pick_at_random(list(pool), roll, f"what the marker in {zone} shows: one of the {len(pool)} markers of its set")
    say(f"marker in {zone}: the board file does not say what it shows, so it is drawn with the dice: {back.describe()} (put that on your board in place of your marker)")
    return back
