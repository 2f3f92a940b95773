"""Rule 14: the boats.

From turn 10 (phase B) the British roll a d6 each turn until the LCAs come: with the
modifiers, a result at or over the number for the turn (10: 6, 11: 4, 12: 2, 13: 0;
content table ``boats``) brings every LCA to the embarkation zones, within their stacking
limits. Modifiers: +1 for each British unit other than an officer, full or reduced, in a
beach zone joined to an embarkation zone; -1 when the convoy event (5b) detected them.
Their arrival raises the alert (rule 15).

Rulings: "joined" means any line; the LCAs are shared out over the embarkation zones in
map order, one at a time, as the limits allow; an LCA finding no room stays at sea and
takes no further part.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from paragraphs.records import Table
from paragraphs_raids.dice import Roller
from paragraphs_raids.stacks import BRITISH

from paragraphs_bruneval.rules.alert import BOATS_ARRIVE

if TYPE_CHECKING:
    from paragraphs_bruneval.game.state import GameState


@dataclass(frozen=True, slots=True)
class BoatRoll:
    """The boats roll: face, modifier, number needed (None before the boats may come)."""

    face: int | None
    modifier: int
    needed: int | None

    @property
    def arrive(self) -> bool:
        return self.face is not None and self.needed is not None and self.face + self.modifier >= self.needed


def roll_boats(turn: int, modifier: int, roll: Roller, table: Table, from_turn: int = 10) -> BoatRoll:
    """Phase B: the d6 for the boats (no roll before ``from_turn``)."""
    if turn < from_turn:
        return BoatRoll(None, modifier, None)
    needed = int(table.lookup(turn).result)
    return BoatRoll(roll("d6", f"boats on turn {turn}: need {needed} with {modifier:+d}"), modifier, needed)


def beach_modifier(g: GameState) -> int:
    """+1 per British unit (not an officer) on a beach next to an embarkation zone."""
    sea = set(g.lookups.embarkation)
    count = 0
    for beach in g.lookups.beaches:
        if any(g.zmap.adjacent(beach, e) for e in sea):
            count += sum(1 for p in g.stacks.get(beach, ()) if p.side == BRITISH and p.role != "officer")
    return count


def phase_b(g: GameState) -> None:
    """Phase B: roll for the boats until they are here."""
    if g.boats_arrived or g.turn < g.params.boats_from_turn:
        return
    modifier = beach_modifier(g) + g.boat_modifier
    result = roll_boats(g.turn, modifier, g.roll, g.scenario.tables["boats"], g.params.boats_from_turn)
    assert result.face is not None
    total = result.face + modifier
    if not result.arrive:
        g.log(f"Boats: {result.face} {modifier:+d} = {total}, under {result.needed}: not yet.")
        return
    g.boats_arrived = True
    g.alert.happen(BOATS_ARRIVE)
    placed = place_boats(g)
    g.log(f"Boats: {result.face} {modifier:+d} = {total}, at or over {result.needed}: the LCAs arrive ({placed}).")


def place_boats(g: GameState) -> str:
    zones = g.lookups.embarkation
    boats = [g.pieces[c] for c in g.lookups.counters_of_group("boats") if c not in g.eliminated]
    where: dict[str, list[str]] = {}
    i = 0
    for boat in boats:
        for k in range(len(zones)):
            zone = zones[(i + k) % len(zones)]
            if g.room_for(zone, [boat]):
                g.place(boat, zone)
                where.setdefault(zone, []).append(boat.label())
                i = (i + k + 1) % len(zones)
                break
        else:
            g.log(f"{boat.label()} finds no room and stays at sea.")
    return "; ".join(f"{z}: {', '.join(b)}" for z, b in where.items()) or "none left"
