"""Hand-to-hand combat, section [12.0]."""

from __future__ import annotations

from paragraphs.errors import ParagraphsError

from paragraphs_spi_commando.cells import Charts, parse_span
from paragraphs_spi_commando.rules.dice import halve_down


def _in_span(span: str, roll: int) -> bool:
    low, high = parse_span(span)
    return low <= roll <= high


def disengagement(charts: Charts, withdrawing: int, staying: int, roll: int) -> str:
    """[12.91] with 2D6: ``all`` the withdrawing men get away, ``one`` of them does, or
    ``none``."""
    if not (withdrawing in (1, 2) and staying in (1, 2)):
        raise ParagraphsError("the Disengagement Table covers one or two men a side")
    row = f"{withdrawing}_vs_{staying}"
    if _in_span(str(charts.value("disengagement", row, "all")), roll):
        return "all"
    one = charts.value("disengagement", row, "one")
    if one is not None and _in_span(str(one), roll):
        return "one"
    return "none"


def draws_weapon(charts: Charts, *, armed: bool, grappled: bool, roll: int) -> bool:
    """[12.92] with 2D6: whether a man draws a new weapon in a round."""
    span = charts.value("weapon_draw", "armed" if armed else "unarmed", "grappled" if grappled else "not_grappled")
    return _in_span(str(span), roll)


def grapple(attempt: str, other: str, d6: int | None = None) -> bool:
    """[12.41]-[12.43]: a man trying to grapple one who also grapples succeeds; against
    one who evades he needs a 6 on 1D6; two evading men stay apart."""
    if attempt != "grapple":
        return False
    if other == "grapple":
        return True
    if d6 is None:
        raise ParagraphsError("grappling an evading man needs a d6")
    return d6 == 6


def breaks_grapple(d6: int) -> bool:
    """[12.44]: a grappled man evades only on a 1."""
    return d6 == 1


def hit_chance(charts: Charts, weapon: str, *, seriously_wounded: bool = False) -> int:
    """[12.72]-[12.73]: a non-grappled blow's chance to hit, halved (down) for a
    seriously wounded striker."""
    chance = charts.number("melee_weapons", weapon, "hit")
    return halve_down(chance) if seriously_wounded else chance


def blow_damage(charts: Charts, weapon: str, d10: int, *, grappled: bool, seriously_wounded: bool = False, ruling_r15: str = "grappled_only") -> int:
    """[12.6]/[12.7] and [12.94]: the weapon's damage class (grappled or not) crossed with
    1D10. A seriously wounded striker takes 1 off, never below 1 ([12.62]; ruling R15:
    ``grappled_only`` where the case stands, or ``all_blows``)."""
    klass = charts.value("melee_weapons", weapon, "grappled_damage" if grappled else "damage")
    if klass is None:
        return 0
    chart = charts["melee_damage"]
    wp = charts.number("melee_damage", chart.row_for(d10).key, str(klass))
    if seriously_wounded and (grappled or ruling_r15 == "all_blows"):
        wp = max(wp - 1, 1)
    return wp


def kill_chance(charts: Charts, weapon: str, *, surprised_first_blow: bool = False) -> int:
    """[12.82]: the separate d100 that kills outright; tripled on a surprised man's first
    blow ([12.25]: a saber's 10 becomes 30)."""
    kill = charts.number("melee_weapons", weapon, "kill")
    return 3 * kill if surprised_first_blow else kill


def garrote_hit_chance(charts: Charts, *, grappled: bool, surprised: bool) -> int:
    """[12.83]-[12.84]: no chance unless grappled; then 5, or 50 against a surprised man."""
    if not grappled:
        return 0
    return charts.number("garrote", "hit_surprised" if surprised else "hit")


def garrote_kill_chance(charts: Charts) -> int:
    """[12.83]: a garrote that hits kills on 90 or less, and otherwise does nothing."""
    return charts.number("garrote", "kill")


def may_grapple(target: str, *, grapples: str | None) -> bool:
    """[12.4], [12.45]: each man grapples one man at most; one who already grapples
    another may not grapple a third who grapples him, only try to evade him."""
    return grapples is None or grapples == target
