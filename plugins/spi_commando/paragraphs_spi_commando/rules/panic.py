"""Panic and preservation, sections [14.0] and [15.0]."""

from __future__ import annotations

from paragraphs.errors import ParagraphsError

from paragraphs_spi_commando.cells import Charts


def panic_percentage(
    charts: Charts,
    base: int,
    *,
    wounds: str = "unhurt",
    observed: str | None = None,
    condition: int = 0,
    first_alert_turn: bool = False,
    multiplier: int = 1,
) -> int:
    """A man's panic percentage ([14.41]).

    ``wounds``: ``unhurt``, ``wounded`` (+10) or ``seriously wounded`` (+20, which
    replaces the +10). ``observed``: ``None``, ``seen`` (has observed an enemy this
    turn, +5) or ``first`` (observed one for the first time this turn, +10; the Addenda,
    L2191, make it replace the +5). Each preservation condition of the side adds 10
    ([15.12]); the first turn the defenders are alerted adds 10 once ([38.63]).
    Multipliers (carrying an enemy explosive: 3, [11.74]) apply after every modifier.
    """
    total = base
    if wounds == "seriously wounded":
        total += charts.number("panic_modifiers", "seriously_wounded")
    elif wounds == "wounded":
        total += charts.number("panic_modifiers", "wounded")
    elif wounds != "unhurt":
        raise ParagraphsError(f"wounds is unhurt, wounded or seriously wounded, not {wounds!r}")
    if observed == "first":
        total += charts.number("panic_modifiers", "first_observed_enemy")
    elif observed == "seen":
        total += charts.number("panic_modifiers", "observed_enemy")
    elif observed is not None:
        raise ParagraphsError(f"observed is seen or first, not {observed!r}")
    total += condition * charts.number("panic_modifiers", "preservation_condition")
    if first_alert_turn:
        total += 10
    return total * multiplier


def panics(percentage: int, roll: int) -> bool:
    """The d100 panics the man at or under his percentage ([14.0] procedure)."""
    return roll <= percentage


def panic_result(charts: Charts, d10: int) -> str:
    """[14.42]: ``prone``, ``fire`` or ``move``."""
    return str(charts.value("panic_results", charts["panic_results"].row_for(d10).key))


def checks_under_opportunity_fire(*, hit: bool, ruling_r19: str = "subjected") -> bool:
    """Whether a man fired on by opportunity fire checks for panic (ruling R19: every man
    fired on, [14.31]; or only a man hit, [10.74])."""
    return hit or ruling_r19 == "subjected"


def preservation_percentage(multiple: int, killed: int, incapacitated: int) -> int:
    """[15.0]: the side's percentage, its multiple times its killed and incapacitated men
    (multiple 10, two killed and one incapacitated: 30)."""
    return multiple * (killed + incapacitated)


def side_condition(condition: int, percentage: int, roll: int) -> int:
    """[15.1]: the side's preservation condition after its Bookkeeping roll: one higher
    when the d100 is at or under the percentage."""
    return condition + 1 if roll <= percentage else condition


def man_preservation_percentage(base_panic: int, old_condition: int, *, ran_routine: bool = False) -> int:
    """[15.14], [15.15], [15.27]: a man's preservation check uses his side's panic
    percentage with 10 per condition (the condition before this turn's rise) and none of
    the [14.41] modifiers; 5 more if he ran the routine this turn."""
    return base_panic + 10 * old_condition + (5 if ran_routine else 0)
