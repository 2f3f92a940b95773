"""Rule 9: combat.

Combat goes from one zone to a zone joined to it by any line (red dashed included). The
front-line unit of each side gives its factor; each side adds a d6, one per stacking
point of the other infantry that has not acted (and, under optional rule 18, of other
LCAs), and one when an officer who has not acted is present. An attack at or over the
defence hits the defender's front-line unit; otherwise the attacker's front line is hit.
A full unit is flipped, a reduced one (or one without a back) eliminated. A unit attacks
once per turn but may be attacked many times; German stacks are reorganised after each
combat, strongest attack on top.

Ruling on protection: the modifier list writes "- the protection value of the ZG", but
the worked example adds it (defence 3 + 2 + 1 protection = 6, 6 + 3 = 9 against 10).
The example is followed: protection is **added** to the defence.

Other points of the rule:

* Attacking a zone whose marker is still face down reveals it first and places the
  garrison it shows (rule 9, with rule 12).
* A radar operator alone in his zone is taken prisoner instead of eliminated; at least one
  attacking unit moves into his zone (the front-line unit, or those the player names),
  the one case of combat and movement in one action (rule 10.3). Moving in is movement:
  never across a red dashed line (then nobody can take him and he is lost), and it makes
  the activation tests of rule 12.
* Radar operators and officers defend only when alone in their zone.
* Boats fight with their own factors, whoever is aboard, except under rule 18 (see
  :mod:`paragraphs_bruneval.rules.commando`).
* Ruling: when a boat is eliminated the units aboard are lost with it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, TYPE_CHECKING

from paragraphs_raids.combat import CombatResult, SideValue, attack_base, defence_base, resolve
from paragraphs_raids.dice import Roller
from paragraphs_raids.stacks import BRITISH, GERMAN, Piece, front_line, hit, reorganise_german

from paragraphs_bruneval.rules.activation import activate
from paragraphs_bruneval.rules.alert import COMBAT
from paragraphs_bruneval.rules.commando import boat_fighter
from paragraphs_bruneval.rules.officers import officer_losses

from paragraphs_bruneval.game.state import GERMAN_ORDER, LAST_RESORT

if TYPE_CHECKING:
    from paragraphs_bruneval.game.state import GameState

#: Rule 9 ruling: protection adds to the defence (+1), as in the worked example.
PROTECTION_SIGN: Final = 1


def combat_outcome(attack: int, defence: int, roll: Roller, purpose: str = "combat") -> CombatResult:
    """Both d6 against the two values before the dice (what ``odds bruneval combat`` runs)."""
    return resolve(attack, defence, roll, purpose=purpose)


def counts_for_bonus(optional_commando: bool) -> Callable[[Piece], bool]:
    """Which other pieces of a stack add their stacking points: infantry; LCAs under rule 18."""
    return _infantry_or_boat if optional_commando else _infantry


def _infantry(p: Piece) -> bool:
    return p.kind.infantry


def _infantry_or_boat(p: Piece) -> bool:
    return p.kind.infantry or p.role == "boat"


def default_british_front(stack: Sequence[Piece], attacking: bool) -> Piece:
    """The British order of battle the default player uses: the best factor on top, keeping
    the engineers and the officers out of the front line while anyone else can stand there.

    ``min(stack, key=british_front_order(attacking))`` (``tests/test_fast_paths.py``), as a
    plain loop: asked for every combat and every attack and stop the player weighs, where
    a key tuple per piece costs more than comparing the three terms in turn.
    """
    best: Piece | None = None
    best_held = best_factor = best_reduced = 0
    # A list walked natively in the compiled build (a Sequence goes through Python's
    # iterator protocol); callers mostly pass one.
    pieces: list[Piece] = stack if isinstance(stack, list) else list(stack)
    for p in pieces:
        role = p.role
        held = 2 if role == "officer" else 1 if role == "engineers" else 0
        factor = p.attack if attacking else p.defence
        reduced = 1 if p.reduced else 0
        # Strictly before the best so far in (held back, -factor, reduced): the first of
        # equals stays, as with min.
        if best is None or held < best_held or (held == best_held and (factor > best_factor or (factor == best_factor and reduced < best_reduced))):
            best, best_held, best_factor, best_reduced = p, held, factor, reduced
    if best is None:
        raise ValueError("default_british_front() of an empty stack")
    return best


def british_front_order(attacking: bool) -> Callable[[Piece], tuple[int, int, int]]:
    """The key :func:`default_british_front` takes the smallest of (its plain definition)."""
    return _british_attack_order if attacking else _british_defence_order


#: Who the default player keeps out of the front line: officers last, engineers next.
_HELD_BACK: Final = {"officer": 2, "engineers": 1}


# Two module-level keys rather than a closure made per call: the default player asks for
# its front line for every combat and every attack it weighs.
def _british_attack_order(p: Piece) -> tuple[int, int, int]:
    return (_HELD_BACK.get(p.role, 0), -p.attack, 1 if p.reduced else 0)


def _british_defence_order(p: Piece) -> tuple[int, int, int]:
    return (_HELD_BACK.get(p.role, 0), -p.defence, 1 if p.reduced else 0)


# A plain class with its __init__ written out rather than a frozen dataclass: the compiled
# build compiles a written __init__ (fields set natively); a dataclass's generated one stays
# interpreted and sets each of the eight fields through object.__setattr__ at every combat.
# The fields are Final (read-only; the compiled build refuses a write at run time too).
class CombatReport:
    """What a combat did (for the journal and for the callers' decisions)."""

    def __init__(
        self,
        attacker_zone: str,
        target_zone: str,
        attack: SideValue,
        defence: SideValue,
        result: CombatResult,
        hit_piece: str,
        eliminated: bool,
        prisoner: str | None = None,
    ) -> None:
        self.attacker_zone: Final = attacker_zone
        self.target_zone: Final = target_zone
        self.attack: Final = attack
        self.defence: Final = defence
        self.result: Final = result
        self.hit_piece: Final = hit_piece
        self.eliminated: Final = eliminated
        self.prisoner: Final = prisoner

    def __repr__(self) -> str:
        return f"CombatReport({self.attacker_zone!r} -> {self.target_zone!r}: {self.result!r}, hit {self.hit_piece!r}, eliminated={self.eliminated}, prisoner={self.prisoner!r})"


def fight(g: GameState, attackers: Sequence[Piece], from_zone: str, target_zone: str, advance: Sequence[Piece] | None = None) -> CombatReport | None:
    """Resolve one combat of ``attackers`` (all in ``from_zone``) against ``target_zone``.

    Args:
        advance: the attackers that move in when a lone radar operator is taken (rule
            10.3 asks for at least one); by default the front-line unit alone.

    Returns None when nothing is there to fight (a revealed marker that placed nobody).
    """
    # A list read as one (as in default_british_front): the compiled build walks it natively.
    attacking: list[Piece] = attackers if isinstance(attackers, list) else list(attackers)
    british_attack = attacking[0].side == BRITISH
    if british_attack and target_zone in g.markers:
        activate(g, target_zone, "attacked before activation")
    defenders = g.stack(target_zone)[:]  # (a copy: the combat changes the stack)
    if not defenders:
        g.log(f"Nothing to fight in {target_zone}.")
        return None
    a_front, a_fighter, attack, d_front, d_fighter, defence = combat_values(g, attacking, defenders, target_zone)
    # The words (the dice's purpose, the journal's lines) only when a journal is kept: a
    # series keeps none and its seeded dice note nothing, so nobody would read them.
    words = g.journal.enabled
    result = resolve(attack.base, defence.base, g.roll, purpose=f"{a_fighter.label()} against {target_zone}" if words else "combat")
    g.alert.happen(COMBAT)
    for p in attacking:
        p.acted = True
        if p.role == "boat":
            g.boats_fought.add(p.id)
    defender_hit = result.defender_hit
    loser_front, loser_fighter, loser_zone = (d_front, d_fighter, target_zone) if defender_hit else (a_front, a_fighter, from_zone)
    text = (
        (
            f"{a_fighter.label()} in {from_zone} attacks {target_zone}: {attack.describe()} + {result.attack_face} = {result.attack_total}"
            f" against {d_fighter.label()}: {defence.describe()} + {result.defence_face} = {result.defence_total}: {result.label}"
        )
        if words
        else ""
    )
    prisoner = None
    if defender_hit and british_attack and d_front.role == "radar_operator" and all(p.role == "radar_operator" for p in defenders):
        prisoner = _take_prisoner(g, d_front, list(advance) if advance else [a_front], from_zone, target_zone)
        g.log(f"{text}; {d_front.label()} is taken prisoner.")
        return CombatReport(from_zone, target_zone, attack, defence, result, d_front.id, False, prisoner)
    if words:
        g.log(f"{text}; {loser_fighter.label()} is hit.")
    eliminated = _apply_hit(g, loser_front, loser_fighter)
    if not eliminated and words:
        g.log(f"{loser_fighter.label()} flips to its reduced side.")
    if loser_fighter.side == BRITISH:
        officer_losses(g, loser_zone, already_hit=loser_fighter if loser_fighter.role == "officer" else None)
    # (Two calls rather than a loop over a tuple: compiled, a tuple is walked through
    # Python's iterator protocol, at every combat.)
    _reorganise_after_combat(g, from_zone)
    _reorganise_after_combat(g, target_zone)
    return CombatReport(from_zone, target_zone, attack, defence, result, loser_fighter.id, eliminated)


def _reorganise_after_combat(g: GameState, zone: str) -> None:
    """Rule 2.3: a German stack is put back in order; the British player may reorganise his."""
    stack = g.stacks.get(zone)
    if stack and stack[0].side == GERMAN:
        reorganise_german(stack, GERMAN_ORDER)
    elif stack and g.british_reorganise is not None:
        british_reorganise(g, zone)


def british_reorganise(g: GameState, zone: str) -> None:
    """Rule 2.3: the British player may put another unit of his stack on top after a combat.

    Asked only when the stack has two units or more that could hold the front line.
    """
    stack = g.stacks[zone]
    if g.british_reorganise is None or len([p for p in stack if p.role != "officer"]) < 2:
        return
    chosen = g.british_reorganise(zone, list(stack))
    if chosen is not None and chosen in stack and chosen is not stack[0]:
        stack.remove(chosen)
        stack.insert(0, chosen)
        g.log(f"The British reorganise {zone}: {chosen.label()} on top.")


def combat_values(g: GameState, attackers: Sequence[Piece], defenders: Sequence[Piece], target_zone: str) -> tuple[Piece, Piece, SideValue, Piece, Piece, SideValue]:
    """Both front lines, who fights for each (a boat's Commando under rule 18) and the two
    values before the dice: what :func:`fight` resolves and what the odds of an attack read.

    Returns ``(attacker front, attacker fighter, attack, defender front, defender fighter, defence)``.
    """
    counts = counts_for_bonus(g.options.commando)
    a_front = _front(g, attackers, attacking=True)
    d_front = _front(g, defenders, attacking=False)
    a_fighter = boat_fighter(g, a_front)
    d_fighter = boat_fighter(g, d_front)
    attack = attack_base(a_fighter, _with_fighter(attackers, a_front, a_fighter), counts)
    protection = g.zmap.zone(target_zone).protection
    defence = defence_base(d_fighter, _with_fighter(defenders, d_front, d_fighter), counts, protection, PROTECTION_SIGN)
    return a_front, a_fighter, attack, d_front, d_fighter, defence


def _front(g: GameState, stack: Sequence[Piece], *, attacking: bool) -> Piece:
    # A list read as one (as in default_british_front): the compiled build walks it natively.
    pieces: list[Piece] = stack if isinstance(stack, list) else list(stack)
    if pieces[0].side == GERMAN:
        if attacking:
            return strongest_attacker(pieces)
        front = front_line(pieces, LAST_RESORT)
        assert front is not None
        return front
    # One loop for both readings (every combat asks): all boats? who may hold the front?
    boats_only = True
    fighters = []
    for p in pieces:
        role = p.role
        if role != "boat":
            boats_only = False
        if role != "officer":
            fighters.append(p)
    if boats_only:
        return _boat_front(g, pieces)
    chooser = g.british_front
    if chooser is None or chooser is default_british_front:
        # The default player's chooser called directly: through the Callable it was a
        # generic Python call, at every combat with a British side.
        return default_british_front(fighters or list(stack), attacking)
    return chooser(fighters or list(stack), attacking)


def _boat_front(g: GameState, boats: list[Piece]) -> Piece:
    """The British put forward a boat with Commandos aboard, else the emptiest one. (Its
    own function: the key's closure made _front build one at every combat.)"""
    return min(boats, key=lambda b: (boat_fighter(g, b) is b, g.cargo_points(b)))


def strongest_attack(p: Piece) -> tuple[int, bool]:
    """The German front line in attack: the best attack factor, full strength first (a
    ``max`` key; German combat orders its attackers by the same front line)."""
    return (p.attack, not p.reduced)


def strongest_attacker(stack: Sequence[Piece]) -> Piece:
    """``max(stack, key=strongest_attack)`` as a plain loop (``tests/test_fast_paths.py``):
    asked for every German stack in contact and every combat, where a key tuple per piece
    costs more than two comparisons. The first of equals stays, as with max."""
    pieces: list[Piece] = stack if isinstance(stack, list) else list(stack)  # (as in default_british_front)
    best = pieces[0]
    for p in pieces:
        if p.attack > best.attack or (p.attack == best.attack and best.reduced and not p.reduced):
            best = p
    return best


def _with_fighter(stack: Sequence[Piece], front: Piece, fighter: Piece) -> Sequence[Piece]:
    """The stack as seen in combat: a boat's commando stands in for the boat (the stack
    itself, unchanged, when the front line fights for itself)."""
    if fighter is front:
        return stack
    return [fighter if p is front else p for p in stack]


def _apply_hit(g: GameState, front: Piece, fighter: Piece) -> bool:
    """Flip or eliminate the unit hit; returns True when it is gone."""
    if fighter is not front:
        # A Commando aboard took the hit for its boat (rule 18).
        if hit(fighter):
            g.aboard[front.id].remove(fighter.id)
            g.eliminated.append(fighter.id)
            g.log(f"{fighter.label()} aboard {front.label()} is eliminated.")
            return True
        return False
    if hit(front):
        g.eliminate(front, "in combat")
        return True
    return False


def _take_prisoner(g: GameState, operator: Piece, advance: Sequence[Piece], from_zone: str, zone: str) -> str:
    """Rule 10.3: the operator becomes a prisoner; ``advance`` moves in and one escorts him.

    Moving in is movement: it never crosses a red dashed line (rule 8), where nobody can
    move in and the operator is lost, and it makes the activation tests of rule 12 for the
    markers within reach of the zone entered.
    """
    from paragraphs_bruneval.rules.activation import british_tests
    from paragraphs_bruneval.rules.objectives import can_escort_prisoner

    g.lift(operator)
    movable = g.zmap.step_cost(from_zone, zone) is not None
    moving = [p for p in advance if p.role != "boat"] if movable else []
    entered: list[Piece] = []
    for p in sorted(moving, key=lambda p: (p.role == "officer", -p.points)):
        if g.room_for(zone, [p]):
            g.place(p, zone)
            entered.append(p)
    if entered:
        british_tests(g, entered, zone, set())
    # Paratroopers first: the engineers have the radar to see to, officers lead.
    escorts = sorted((p for p in entered if can_escort_prisoner(p)), key=lambda p: {"infantry": 0, "engineers": 1}.get(p.role, 2))
    escort = escorts[0] if escorts else None
    if escort is None:
        g.eliminated.append(operator.id)
        g.log(f"No attacker could move in to hold {operator.label()}; he is lost.")
        return operator.id
    escort.carrying.append(operator.id)
    g.log(f"{', '.join(p.label() for p in entered)} move into {zone}; {escort.label()} escorts {operator.label()}.")
    return operator.id
