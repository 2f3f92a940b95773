"""Rule 13: German reinforcements (the third German action of phase E).

Once the alert reaches 4, and every turn after until the reinforcement group (685th) is
used up, a d6 is rolled: at or under the alert level, that many units come in through the
arrows, shared between R1 and R2 with the odd one at R1 (the sentence that says so sits in
rule 12); over it, nobody comes. Arriving is their action for the turn.

Rulings: when fewer units are left than the die shows, all that are left come. An arrow
zone held by British units, or without room, sends its units to the other arrow; if neither
can take them they stay in the group for a later turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from paragraphs_raids.dice import Roller
from paragraphs_raids.stacks import BRITISH

if TYPE_CHECKING:
    from paragraphs_bruneval.game.state import GameState


# A plain class with its __init__ written out rather than a frozen dataclass: the compiled
# build compiles a written __init__ (a dataclass's stays interpreted), and every turn rolls.
class ReinforcementRoll:
    """The reinforcement roll: face (None when no roll is due) and units arriving."""

    def __init__(self, face: int | None, count: int) -> None:
        self.face: Final = face
        self.count: Final = count

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ReinforcementRoll) and (self.face, self.count) == (other.face, other.count)

    def __hash__(self) -> int:
        return hash((self.face, self.count))

    def __repr__(self) -> str:
        return f"ReinforcementRoll(face={self.face}, count={self.count})"

    def label(self) -> str:
        if self.count == 0:
            return "none"
        r1, r2 = split_between_arrows(self.count)
        return f"{self.count} arrive ({r1} at R1, {r2} at R2)"


def roll_reinforcements(alert: int, remaining: int, roll: Roller, from_alert: int = 4) -> ReinforcementRoll:
    """The d6 for reinforcements; no roll below ``from_alert`` or with nobody left."""
    if alert < from_alert or remaining <= 0:
        return ReinforcementRoll(None, 0)
    face = roll("d6", f"reinforcements: at or under alert {alert}")
    return ReinforcementRoll(face, min(face, remaining) if face <= alert else 0)


def split_between_arrows(count: int) -> tuple[int, int]:
    """Units for R1 and R2: even shares, the odd one to R1."""
    return count - count // 2, count // 2


def german_reinforcements(g: GameState) -> None:
    """Phase E.3: roll and bring the units in."""
    result = roll_reinforcements(g.alert.level, len(g.reinforcement_pool), g.roll, g.params.reinforcements_from_alert)
    if result.face is None:
        return
    if result.count == 0:
        if g.journal.enabled:  # (a series keeps no journal: no words to build)
            g.log(f"Reinforcements: {result.face} is over alert {g.alert.level}, nobody comes.")
        return
    r1, r2 = split_between_arrows(result.count)
    arrows = {"R1": g.scenario.entry("R1"), "R2": g.scenario.entry("R2")}
    plan = ["R1"] * r1 + ["R2"] * r2
    came: list[str] = []
    for arrow in plan:
        piece = g.pieces[g.reinforcement_pool[0]]
        other = "R2" if arrow == "R1" else "R1"
        zone = next((arrows[a] for a in (arrow, other) if g.side_in(arrows[a]) != BRITISH and g.room_for(arrows[a], [piece])), None)
        if zone is None:
            break
        g.reinforcement_pool.pop(0)
        g.place(piece, zone)
        piece.acted = True
        came.append(f"{piece.label()} at {zone}")
    if not g.reinforcement_pool:
        came.append("the group is used up")
    g.log(f"Reinforcements: {result.face} at or under alert {g.alert.level}: " + (", ".join(came) or "no room at the arrows, they wait") + ".")
