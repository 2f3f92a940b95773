"""Rule 12: activation of the German garrison.

While a British unit moves (or where it stops) within radius R 2 of a zone holding a face
down activation marker, counted along solid and dashed lines only, it rolls a d6 for that
marker, and so does each other moving unit in the same position. Die + R at or under the
alert level activates: the marker is flipped, as many garrison units as its back shows are
placed in the zone, and the marker is removed (one activation per zone). Otherwise the
marker stays face down. Activated units have not acted and may act in phase E.

German units activate a marked zone simply by moving through it (rule 8.2), and a British
attack on a marked zone reveals it before the combat (rule 9).

Rulings:

* Ruling ``activation_tests`` (content ``rulings``): each moving unit tests a given
  marker once per move, at the first zone of the move where it is within R 2 (the R there
  is added; ``once_per_move``, the default), or at every zone of the move within R 2 until
  the marker is activated (``every_zone``).
* British units may not enter a zone holding a face-down marker: they attack it instead
  (rule 9 lets them), since the garrison appearing would put both sides in one zone.
* When even a 1 would fail (1 + R over the alert level) no die is rolled.
* Units beyond the garrison group's counters are not placed (rule 3.2); the pool is used
  in content order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from paragraphs_raids.activation import ActivationResult, ActivationRule, activation_check
from paragraphs_raids.dice import Roller

if TYPE_CHECKING:
    from paragraphs_raids.stacks import Piece

    from paragraphs_bruneval.game.state import GameState


def activation_test(alert: int, radius: int, roll: Roller, *, max_radius: int = 2, die: str = "d6", purpose: str = "activation") -> ActivationResult:
    """One unit's test: die + R at or under the alert level; no test beyond ``max_radius``."""
    return activation_check(alert, radius, roll, _rule(die, max_radius), purpose)


#: (die, largest R) -> rule 12's test (one entry in practice): a dictionary rather than
#: functools.cache, whose wrapper the compiled build called through Python at every test.
_RULES: Final[dict[tuple[str, int], ActivationRule]] = {}


def _rule(die: str, max_radius: int) -> ActivationRule:
    """Rule 12's test as the raids layer reads it (made once: tests are rolled all game long)."""
    rule = _RULES.get((die, max_radius))
    if rule is None:
        rule = _RULES[(die, max_radius)] = ActivationRule(die, True, max_radius)
    return rule


def activate(g: GameState, zone: str, why: str) -> list[Piece]:
    """Flip the marker of ``zone`` and place the garrison units it shows (rule 12)."""
    shows = g.markers.reveal(zone)
    if shows is None and g.ask_marker is not None:
        # a companion asks the player what the marker on his table shows
        shows = g.ask_marker(zone)
    if shows is None:
        g.log(f"Marker in {zone} is activated ({why}): flip it and place the garrison units it shows.")
        return []
    placed = []
    for _ in range(shows.total):
        if not g.garrison_pool:
            break
        piece = g.pieces[g.garrison_pool.pop(0)]
        piece.acted = False
        g.place(piece, zone)
        placed.append(piece)
    if g.journal.enabled:  # (a series keeps no journal: no words to build)
        names = ", ".join(p.label() for p in placed) or "nobody (the garrison counters are all used)"
        g.log(f"Marker in {zone} shows {shows.total} ({why}): {names} placed.")
    return placed


def british_tests(g: GameState, movers: Sequence[Piece], here: str, tested: set[str]) -> None:
    """Tests for the markers within R 2 of ``here`` that the moving units have not tested yet."""
    params = g.params
    radii = g.zmap.radii_from(here, g.zmap.movable_kinds())
    once = g.ruling("activation_tests") == "once_per_move"
    words = g.journal.enabled
    reach = params.activation_max_radius
    near = []  # the markers' zones in their own order (the order the dice are rolled in)
    for z in g.markers.hidden:  # (its dict: walked natively compiled, not through __iter__)
        if z not in tested and radii.get(z, 99) <= reach:
            near.append(z)
    for zone in near:
        if once:
            tested.add(zone)
        radius = radii[zone]
        if 1 + radius > g.alert.level:
            # Even a 1 would fail: no die needs rolling (it changes nothing).
            continue
        for unit in movers:
            # The dice's purpose only when a journal is kept (a series' dice note nothing).
            purpose = f"activation of {zone} by {unit.label()} at R{radius}" if words else "activation"
            result = activation_test(g.alert.level, radius, g.roll, max_radius=params.activation_max_radius, die=params.activation_die, purpose=purpose)
            if result.activated:
                if words:
                    g.log(f"{unit.label()} at R{radius} of {zone}: {result.face} + {radius} = {result.total} <= alert {g.alert.level}, activation.")
                activate(g, zone, f"British unit at R{radius}")
                break
        else:
            if words:
                g.log(f"{zone} stays face down (alert {g.alert.level}, R{radius}).")
