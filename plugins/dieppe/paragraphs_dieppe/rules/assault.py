"""Rule 11.2: the assault, fought in two columns, line by line, round after round.

Only commandos assault (the Germans only defend). Both sides leave the zone for their
assault columns:

* case 1, at least as many commando counters as German ones: the Germans form a column
  by decreasing AF; each German gets at least one commando in contact, the others
  support a line of the player's choice;
* case 2, more German counters: the commandos form a column in the player's order, each
  in contact with a German taken by decreasing AF; the Germans left over support, by
  decreasing AF, one more per line from the top until all are placed.

Each line compares AF + die + one per supporting level: the British roll a d6, the
Germans a d10 and add the protection of the zone attacked. Attack at or over defence:
the German in contact takes a loss; under it: the commando in contact does. Rounds go on
until no German is left or the player stops (the commandos then go back where they came
from). Officers, the sniper and the mortar take no place in the columns (ruling R22).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from paragraphs_raids.combat import CombatResult, resolve
from paragraphs_raids.dice import Roller
from paragraphs_raids.stacks import Piece, hit, sort_by_keys

from paragraphs_dieppe.rules.dice import BRITISH_DIE, GERMAN_DIE

DEFENDER_HIT: Final = "defender hit"
ATTACKER_HIT: Final = "attacker hit"


@dataclass(init=False)  # __init__ written out: see MoveReport in game.actions
class Line:
    """One line of the columns: the units in contact first, then their supports."""

    british: list[Piece]
    german: list[Piece]

    def __init__(self, british: list[Piece] | None = None, german: list[Piece] | None = None) -> None:
        self.british = [] if british is None else british
        self.german = [] if german is None else german

    @property
    def attack(self) -> int:
        """Rule 11.2: AF of the commando in contact plus one per supporting level."""
        contact, *support = self.british
        return contact.factor("assault") + sum(p.points for p in support)

    def defence(self, protection: int) -> int:
        """Rule 11.2: AF of the German in contact, one per supporting level, and protection."""
        contact, *support = self.german
        return contact.factor("assault") + sum(p.points for p in support) + protection


def by_assault(pieces: Sequence[Piece]) -> list[Piece]:
    """Decreasing AF, full strength before reduced (a stable order otherwise).

    ``sorted(pieces, key=_assault_rank)`` written out as a stable insertion sort on one
    int per piece (tests/test_fast_paths.py compares the two): every assault round sorts
    a few Germans, and the key went through Python's generic call for each.
    """
    out = list(pieces)
    sort_by_keys(out, [-2 * p.factors["assault"] + (1 if p.reduced else 0) for p in out])  # orders as _assault_rank
    return out


def _assault_rank(p: Piece) -> tuple[int, bool]:
    """The sort key :func:`by_assault` stands for."""
    return (-p.factor("assault"), p.reduced)


def _fewest_supports(lines: list[Line]) -> int:
    """``min(range(len(lines)), key=lambda i: (len(lines[i].british), i))`` as a loop: the
    first line with the fewest commandos."""
    best = 0
    fewest = len(lines[0].british)
    for i in range(1, len(lines)):
        n = len(lines[i].british)
        if n < fewest:
            best, fewest = i, n
    return best


def columns(british: Sequence[Piece], german: Sequence[Piece], support_choice: Callable[[Piece, list[Line]], int] | None = None) -> list[Line]:
    """Place both sides in their columns (rule 11.2, sequence 1).

    ``british`` is in the player's order (strongest first for the automatic player).
    ``support_choice`` says which line a spare commando supports in case 1 (default: the
    line facing the German with the highest AF that has the fewest supports, so spares
    spread from the top).
    """
    germans = by_assault(german)
    if len(british) >= len(germans):
        lines = [Line([b], [g]) for b, g in zip(british, germans, strict=False)]
        for spare in british[len(germans):]:
            index = support_choice(spare, lines) if support_choice else _fewest_supports(lines)
            lines[index].british.append(spare)
        return lines
    lines = [Line([b], [g]) for b, g in zip(british, germans, strict=False)]
    for i, spare in enumerate(germans[len(british):]):
        lines[i % len(lines)].german.append(spare)
    return lines


# Not frozen: a frozen dataclass's __init__ cannot be written out (it would set its
# fields through the refused __setattr__), and the generated one stays interpreted in
# the compiled build (see MoveReport in game.actions). Nothing changes a result.
@dataclass(init=False, slots=True)
class LineResult:
    """What one line's combat gave."""

    attack: int
    defence: int
    result: CombatResult
    hit: Piece
    eliminated: bool

    def __init__(self, attack: int, defence: int, result: CombatResult, hit: Piece, eliminated: bool) -> None:
        self.attack = attack
        self.defence = defence
        self.result = result
        self.hit = hit
        self.eliminated = eliminated

    @property
    def label(self) -> str:
        return DEFENDER_HIT if self.result.defender_hit else ATTACKER_HIT


def line_outcome(attack: int, defence: int, roll: Roller, purpose: str = "assault line") -> CombatResult:
    """The British d6 against the German d10 for one line (rule 11.2, sequence 2)."""
    return resolve(attack, defence, roll, attack_die=BRITISH_DIE, defence_die=GERMAN_DIE, purpose=purpose)


def fight_round(lines: Sequence[Line], protection: int, roll: Roller) -> list[LineResult]:
    """Resolve every line from the top, applying each result at once (rule 11.2).

    A line whose contact fell earlier in the round (it cannot: each piece is in one line)
    is still fought; the caller removes eliminated pieces afterwards.
    """
    out = []
    for n, line in enumerate(lines, 1):
        attack, defence = line.attack, line.defence(protection)
        result = line_outcome(attack, defence, roll, f"assault line {n}")
        loser = line.german[0] if result.defender_hit else line.british[0]
        out.append(LineResult(attack, defence, result, loser, hit(loser)))
    return out
