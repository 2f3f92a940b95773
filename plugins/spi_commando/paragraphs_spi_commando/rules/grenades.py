"""Grenades, section [11.0]: accuracy, scatter, burst and smoke."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from paragraphs.errors import ParagraphsError

from paragraphs_spi_commando.cells import Charts
from paragraphs_spi_commando.rules.dice import DiceCode, halve_down, halve_up

HALVING_ROWS = ("thrower_prone", "thrower_seriously_wounded", "no_los")


def base_chance(charts: Charts, era: str, kind: str, distance: int) -> int:
    """[11.81]: the chance to land in the target square, by era (``wwi``, ``wwii``,
    ``modern``), kind (``fragmentation``, ``smoke``) and range; ``P`` raises Prohibited."""
    column = charts["grenade_accuracy"].column_for(distance)
    return charts.number("grenade_accuracy", f"{era}_{kind}", column)


def accuracy(charts: Charts, base: int, rows: Iterable[str] = (), *, bonus: int = 0) -> int:
    """[11.82]: the base plus the side's grenade bonus and the additive rows, then each
    ``x0.5`` row named halves it in turn, rounding down (L1964; a fixed reading of the docs). Never below 0."""
    rows = list(rows)
    total = base + bonus
    for row in rows:
        if row not in HALVING_ROWS:
            total += charts.number("grenade_modifiers", row)
    for row in rows:
        if row in HALVING_ROWS:
            if charts.value("grenade_modifiers", row) != "x0.5":
                raise ParagraphsError(f"[11.82] {row} is expected to halve")
            total = halve_down(total)
    return max(total, 0)


def lands(chance: int, roll: int) -> bool:
    """The d100 lands the grenade in the target square at or under the chance ([11.0])."""
    return roll <= chance


def burst_kill(men_in_burst: int, roll: int) -> bool:
    """[11.0] (L392): one man of the burst dies when the roll is at or under 2 per man
    (six men: 12 or less). Ruling R12: the roll is the accuracy d100 itself."""
    return roll <= 2 * men_in_burst


def scatter_direction(d10: int) -> int | None:
    """The Scatter Diagram direction 1-8 for a d10 (1-10); ``None`` for a 9 or a 0
    (read 10), which are rolled again ([11.0], L386)."""
    return d10 if 1 <= d10 <= 8 else None


def scatter_distance(charts: Charts, d6: int) -> int:
    """[11.83]: squares the grenade scatters from its target square."""
    return charts.number("grenade_scatter", charts["grenade_scatter"].row_for(d6).key)


def passes_aperture(aperture: str, d10: int, *, ruling_r13: str = "by_kind") -> bool:
    """[11.3]: a grenade scattering onto an aperture goes through on 1D10: a window or
    slit on 1-2, a door on 3-5 (ruling R13 ``by_kind``; ``door_one_to_five`` lets a door
    pass on 1-5); otherwise it lands just in front."""
    if aperture in ("window", "slit"):
        return d10 <= 2
    if aperture == "door":
        return (3 <= d10 <= 5) if ruling_r13 == "by_kind" else d10 <= 5
    raise ParagraphsError(f"not an aperture: {aperture!r} (window, slit or door)")


def square_kind(*, inside_building: bool = False, trench_or_bunker: bool = False) -> str:
    """[11.0]: squares inside buildings are closed, in trenches or bunkers vented, the rest open."""
    return "closed" if inside_building else "vented" if trench_or_bunker else "open"


def damage(charts: Charts, era: str, kind: str, faces: Sequence[int], *, through_aperture: bool = False, ruling_r2: str = "as_printed") -> int:
    """[11.84]: wound points of one man in the burst, one at least ([11.42]); halved
    through an aperture, rounding down as [11.43] prints (ruling R2 ``up_everywhere``
    rounds up)."""
    code = DiceCode.parse(str(charts.value("grenade_damage", era, kind)))
    wp = code.total(faces, minimum=1)
    if through_aperture:
        wp = halve_down(wp) if ruling_r2 == "as_printed" else halve_up(wp)
    return max(wp, 1)


def smoke_length(d10: int) -> int:
    """[11.53]: squares the smoke line runs beyond its square: half the d10, rounding up
    (a 4 gives 2, three squares in all)."""
    return halve_up(d10)


def smoke_clears(d6: int) -> bool:
    """[11.54]: a smoke square clears on a 1."""
    return d6 == 1


def second_grenade_explodes(roll: int) -> bool:
    """[11.13]: preparing a second grenade while holding one sets the first off on 25 or less."""
    return roll <= 25
