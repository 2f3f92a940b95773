"""Rule 10: the objectives.

**The Würzburg (W, code name Henry).** The engineers of Drake must spend complete turns in
zone W before trying: after two, a d6 plus the modifier at or under 3 dismantles the
radar; after three, at or under 4; after four or more, at or under 5 (content table
``wurzburg``). Reduced engineers add 1; paratroopers, who may try only once the engineers
are eliminated, add 2 (content ``wurzburg_attempts``). A failed attempt loses nothing:
the turns already spent still count, even if the Germans take W back. The dismantled radar
goes with a British unit (engineers, paratroopers or Commandos, never an officer alone),
which then moves at most 3 PM; left alone it stays where it is until picked up again.

**The Villa.** A British unit in the Villa (no German may be there) rolls a d6: at or under
its modified attack value (factor + stack + officer), the Villa is destroyed.

**Radar operators.** Taken prisoner in combat (see :mod:`paragraphs_bruneval.rules.combat`),
each is escorted by a British unit (an officer may do it) that moves at most 3 PM; if the
escort is eliminated and nobody else in the zone can take over, the prisoner is lost.

Rulings:

* A complete turn in W is one where an eligible unit (the engineers; paratroopers once the
  engineers are gone) was in W when the British actions began and is still there at the
  end of the turn. The turn it arrives does not count.
* Attempting is the unit's action (rule 6: "objectives"). Picking up a dismantled radar
  left in a zone is not an action: reaching that zone was.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from paragraphs.records import Table
from paragraphs_raids.dice import Roller
from paragraphs_raids.stacks import BRITISH, NO_PIECES

if TYPE_CHECKING:
    from paragraphs_raids.stacks import Piece

    from paragraphs_bruneval.game.state import GameState


def can_carry_radar(p: Piece) -> bool:
    """Engineers, paratroopers or Commandos may carry the dismantled radar; officers may not."""
    return p.side == BRITISH and p.role in ("infantry", "engineers")


def can_escort_prisoner(p: Piece) -> bool:
    """Engineers, paratroopers, Commandos or an officer may escort a prisoner."""
    return p.side == BRITISH and p.role in ("infantry", "engineers", "officer")


def wurzburg_target(turns: int, table: Table, needed: int = 2) -> int | None:
    """The highest modified die that dismantles the radar after ``turns`` complete turns."""
    if turns < needed:
        return None
    return int(table.lookup(turns).result)


@dataclass(frozen=True, slots=True)
class Attempt:
    """One objective roll: the face, the modifier, the target (None: not allowed yet)."""

    face: int | None
    modifier: int
    target: int | None

    @property
    def success(self) -> bool:
        return self.face is not None and self.target is not None and self.face + self.modifier <= self.target


def attempt_wurzburg(turns: int, who: str, roll: Roller, table: Table, modifiers: Mapping[str, int], needed: int = 2) -> Attempt:
    """Roll for the Würzburg; before ``needed`` complete turns nothing is rolled."""
    target = wurzburg_target(turns, table, needed)
    modifier = modifiers[who]
    if target is None:
        return Attempt(None, modifier, None)
    return Attempt(roll("d6", f"dismantling the Würzburg ({who}, {turns} turns)"), modifier, target)


def attempt_villa(attack_value: int, roll: Roller) -> Attempt:
    """Roll for the Villa: a d6 at or under the unit's modified attack value (said in the
    roll's purpose, so the player typing his own die, and the luck audit, know the target)."""
    return Attempt(roll("d6", f"destroying the Villa (attack value {attack_value})"), 0, attack_value)


def who_attempts(g: GameState, piece: Piece) -> str | None:
    """Which line of ``wurzburg_attempts`` applies to ``piece``, or None if it may not try."""
    if piece.side != BRITISH:
        return None
    if piece.role == "engineers":
        return "reduced_engineers" if piece.reduced else "engineers"
    if piece.role == "infantry" and piece.group != "commandos" and not engineers_alive(g):
        return "paratroopers"
    return None


def engineers_alive(g: GameState) -> bool:
    eliminated = g.eliminated
    pieces = g.pieces
    # Only the scenario's engineers counters can be engineers (a piece keeps its kind): asked
    # for every unit weighed for the radar, this reads two counters instead of all of them.
    # A piece on the map is not eliminated (eliminating lifts it): the list of the
    # eliminated, which grows all game, is searched only for one off the map.
    for cid in g.lookups.counters_of_role("engineers"):
        p = pieces.get(cid)
        if p is not None and p.role == "engineers" and (p.zone or cid not in eliminated):
            return True
    return False


def eligible_in_w(g: GameState) -> set[str]:
    """Units in W whose time counts toward dismantling."""
    eligible = set()
    for p in g.stacks.get(g.wurzburg_zone, NO_PIECES):
        if who_attempts(g, p) is not None:
            eligible.add(p.id)
    return eligible


def count_dismantling_turn(g: GameState) -> None:
    """End of turn: a complete turn in W adds one to the dismantling track."""
    if g.wurzburg.status != "intact":
        return
    stayed = g.in_w_at_start & eligible_in_w(g)
    if stayed:
        g.dismantling_turns += 1
        g.log(f"A complete turn in W: dismantling marker at {g.dismantling_turns}.")
