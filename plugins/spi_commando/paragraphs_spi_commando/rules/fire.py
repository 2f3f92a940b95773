"""Fire combat, section [10.0].

The chance to hit is the Fire Combat Table's base for the weapon and range band
([10.81]), plus the side's fire bonus, the [10.82] modifiers and the target terrain's
fire column ([7.39]); halved last when the firer is seriously wounded ([9.33]); held at
90 (L1951). The same d100 decides: at or under the kill percentage ([10.83]) the target
dies, at or under the chance he is wounded, else the fire misses ([10.0] procedure).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from paragraphs.errors import ParagraphsError

from paragraphs_spi_commando.cells import Charts, Prohibited
from paragraphs_spi_commando.rules.dice import DiceCode, halve_down

CAP = 90  # "Hit Percentage may never exceed 90%" (L1951)


def fire_row(charts: Charts, weapon: str, *, braced: bool) -> str:
    """The Fire Combat Table row a weapon fires from ([10.22]): its braced row when it is
    braced and has one, else its hand-held row (a machinegun has none: braced only)."""
    if braced:
        braced_row = charts.value("weapons", weapon, "braced_row")
        if braced_row is not None:
            return str(braced_row)
    return str(charts.value("weapons", weapon, "fire_row"))


def is_braced(*, prone: bool, next_to_wall: bool) -> bool:
    """[10.22]: a weapon is braced when its firer is prone or next to a wall."""
    return prone or next_to_wall


def base_chance(charts: Charts, weapon: str, distance: int, *, braced: bool) -> int:
    """The [10.81] number for the weapon at ``distance`` squares. Raises
    :class:`~paragraphs_spi_commando.cells.Prohibited` for ``P`` ([10.23])."""
    row = fire_row(charts, weapon, braced=braced)
    column = charts["fire_combat"].column_for(distance)
    return charts.number("fire_combat", row, column)


def fires(charts: Charts, weapon: str, *, braced: bool = False) -> int:
    """How many times the weapon rolls to hit for one fire task ([10.41])."""
    return charts.number("fire_combat", fire_row(charts, weapon, braced=braced), "fires")


def modifier_total(charts: Charts, rows: Iterable[str], *, target_terrain: str = "clear") -> int:
    """Sum of the additive [10.82] rows named and the terrain's fire column ([7.39])."""
    total = 0
    for row in rows:
        value = charts.value("fire_modifiers", row)
        if isinstance(value, str):
            raise ParagraphsError(f"[10.82] {row} is a multiplier ({value}), not an addition: pass seriously_wounded instead")
        total += int(value)
    terrain = charts.value("terrain", target_terrain, "fire")
    return total + (int(terrain) if terrain is not None else 0)


def hit_chance(
    base: int,
    modifiers: int = 0,
    *,
    bonus: int = 0,
    seriously_wounded: bool = False,
    ruling_r7: str = "halve_last",
    ruling_r8: str = "fire_final",
) -> int:
    """The modified chance to hit.

    [10.24] (L334): a modified number of zero or less counts as 1, unless the table's
    number was itself zero or less and stays so, which prohibits the fire. [9.33]: the
    serious-wound halving (rounding down) comes after every other modifier. Ruling R7
    orders the two (``halve_last``: halve, then 1 at least; ``floor_first``: 1 at least,
    then halve, which may leave 0). Ruling R8 places the 90 cap (``fire_final``: on the
    final chance; ``fire_before_halving``: before the halving).
    """
    total = base + bonus + modifiers
    if total <= 0 and base <= 0:
        raise Prohibited("fire", "the table's number is zero or less and no modifier lifts it ([10.24])")
    if ruling_r8 == "fire_before_halving":
        total = min(total, CAP)
    if ruling_r7 == "floor_first":
        total = max(total, 1)
        if seriously_wounded:
            total = halve_down(total)
    else:
        if seriously_wounded:
            total = halve_down(total)
        total = max(total, 1)
    return min(total, CAP)


def kill_chance(charts: Charts, chance: int) -> int:
    """The [10.83] kill percentage for a modified chance to hit; 0 when the chance is 5
    or less (no kill roll, L321)."""
    chart = charts["kill_percentage"]
    value = charts.value("kill_percentage", chart.row_for(chance).key)
    return 0 if value is None else int(value)


def shot(chance: int, kill: int, roll: int) -> str:
    """One fire's d100: ``killed`` at or under the kill percentage, ``wounded`` at or
    under the chance, else ``missed`` ([10.0] procedure)."""
    if not 1 <= roll <= 100:
        raise ParagraphsError(f"a d100 reads 1-100, not {roll}")
    if roll <= kill:
        return "killed"
    return "wounded" if roll <= chance else "missed"


def damage(charts: Charts, weapon: str, faces: Sequence[int], *, braced: bool = False) -> int:
    """Wound points of a hit: the weapon's damage dice, one at least ([10.51], [10.53])."""
    code = DiceCode.parse(str(charts.value("fire_combat", fire_row(charts, weapon, braced=braced), "damage")))
    return code.total(faces, minimum=1)


def unloaded(charts: Charts, weapon: str, roll: int, *, braced: bool = False) -> bool:
    """The magazine check ([10.6]), once per turn after all the fires: the weapon runs dry
    at or under the listed chance; a weapon listed "No" never does."""
    row = fire_row(charts, weapon, braced=braced)
    return charts.value("fire_combat", row, "magazine") is not None and roll <= charts.number("fire_combat", row, "magazine")


#: Ruling R25: the chart row a pistol's fire costs when the players do not give its cell.
PISTOL_ROWS = {"semi_automatic": "fire_semi_automatic", "rifle": "fire_rifle"}


def fire_cost(charts: Charts, weapon: str, *, seriously_wounded: bool = False, at_man_entering: bool = False, ruling_r25: str = "ask") -> int:
    """Task points of a fire task: the weapon's [5.22] row, doubled when firing at a man
    who enters the firer's square ([10.16]) and doubled again when seriously wounded
    ([9.21]). The chart has no pistol row: ruling R25 ``ask`` leaves the cell unknown,
    ``semi_automatic`` or ``rifle`` reads the pistol as that row."""
    row = str(charts.value("weapons", weapon, "tp_row"))
    if row == "fire_pistol" and ruling_r25 in PISTOL_ROWS:
        row = PISTOL_ROWS[ruling_r25]
    cost = charts.number("task_points", row)
    if at_man_entering:
        cost *= 2
    if seriously_wounded:
        cost *= 2
    return cost


@dataclass(frozen=True, slots=True)
class FireResult:
    outcome: str  # killed, wounded or missed
    wound_points: int = 0


def resolve(charts: Charts, weapon: str, chance: int, roll: int, damage_faces: Sequence[int] = (), *, braced: bool = False) -> FireResult:
    """One fire: the kill and hit on the same d100, then the damage dice when wounded."""
    outcome = shot(chance, kill_chance(charts, chance), roll)
    if outcome != "wounded":
        return FireResult(outcome)
    return FireResult(outcome, damage(charts, weapon, damage_faces, braced=braced))
