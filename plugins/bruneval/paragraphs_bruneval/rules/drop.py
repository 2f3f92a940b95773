"""Rule 7: the parachute drop.

Drake and Nelson jump on turn 1, Rodney on turn 2 (content ``scenario.drop_waves``). For
each group a d6 gives the DZ (1-4 A, 5 B, 6 C: content table ``drop_zone``); then each
unit, officers included, rolls a d6 for the zone of that DZ it lands in. A unit that would
break the stacking limit goes to the zone with the next higher number, and so on.

Rulings:

* After zone 6 comes zone 1 again (the rule does not say what lies beyond 6).
* A zone held by German units has no room for a paratrooper (the sides never share a
  zone, rule 2.3); a unit that finds no room in any of the six zones is lost.
* Jumping is the unit's action for the turn (rule 6 lists it among the actions).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from paragraphs.records import Table
from paragraphs_raids.dice import Roller, quiet_prng
from paragraphs_raids.stacks import GERMAN

if TYPE_CHECKING:
    from paragraphs_raids.stacks import Piece

    from paragraphs_bruneval.game.state import GameState


def roll_drop_zone(group: str, roll: Roller, table: Table) -> str:
    """The DZ letter of a group (one d6 per group)."""
    return str(table.lookup(roll("d6", f"drop zone of {group}")).result)


def roll_landing(unit: str, roll: Roller) -> int:
    """The number (1-6) of the zone a unit lands in (one d6 per unit)."""
    prng = quiet_prng(roll)  # (a series' dice: no purpose worded, see quiet_prng)
    return prng.face("d6") if prng is not None else roll("d6", f"landing zone of {unit}")


def landing_zone(numbered: Mapping[int, str], rolled: int, has_room: Callable[[str], bool]) -> str | None:
    """The rolled zone if it has room, else the next higher number with room (after 6, 1)."""
    numbers = sorted(numbered)
    start = numbers.index(rolled)
    for k in range(len(numbers)):
        zone = numbered[numbers[(start + k) % len(numbers)]]
        if has_room(zone):
            return zone
    return None


def landing_zone_for(g: GameState, piece: Piece, numbered: dict[int, str], numbers: list[int], rolled: int) -> str | None:
    """``landing_zone(numbered, rolled, has_room)`` for ``piece`` (``numbers``: the DZ's
    numbers sorted), where a zone has room when no German holds it and the piece fits
    its stacking limit: written out (tests/test_fast_paths.py compares the two), rather
    than a closure made per unit and called through Python for every zone tried."""
    start = numbers.index(rolled)
    n = len(numbers)
    alone = [piece]
    for k in range(n):
        zone = numbered[numbers[(start + k) % n]]
        if g.side_in(zone) != GERMAN and g.room_for(zone, alone):
            return zone
    return None


def drop_group(g: GameState, group: str) -> None:
    """Drop every unit of ``group`` (rule 7) and mark them as having acted."""
    letter = roll_drop_zone(group, g.roll, g.scenario.tables["drop_zone"])
    numbered = g.scenario.drop_zone(letter)
    g.dropped_groups.add(group)
    name = g.scenario.groups[group].get("name", group)
    g.log(f"{name} jumps over DZ {letter}.")
    # The words (the dice's purpose, the journal's lines) only when a journal is kept: a
    # series keeps none and its seeded dice note nothing.
    words = g.journal.enabled
    numbers = sorted(numbered)
    for cid in g.lookups.counters_of_group(group):
        piece = g.pieces[cid]
        if cid in g.eliminated:
            continue
        rolled = roll_landing(piece.label() if words else "unit", g.roll)
        zone = landing_zone_for(g, piece, numbered, numbers, rolled)
        if zone is None:
            g.eliminate(piece, f"no room anywhere in DZ {letter}")
            continue
        g.place(piece, zone)
        piece.acted = True
        if words:
            moved = "" if zone == numbered[rolled] else f" (zone {rolled} was full)"
            g.log(f"{piece.label()} lands in {zone}{moved}.")
