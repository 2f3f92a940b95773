"""Endurance and wounds, section [9.0]."""

from __future__ import annotations

from collections.abc import Sequence

from paragraphs_spi_commando.rules.dice import DiceCode


def condition(endurance: int, wound_points: int) -> str:
    """A man's state from his wound points: ``dead`` at endurance + 3 or more ([9.0],
    [10.54]); ``incapacitated`` from his endurance to two over it ([9.22]);
    ``seriously wounded`` at half his endurance or more ([9.21]: with endurance 9, 5
    wound points are more than 4.5); ``wounded`` with any; else ``unhurt``."""
    if wound_points >= endurance + 3:
        return "dead"
    if wound_points >= endurance:
        return "incapacitated"
    if 2 * wound_points >= endurance:
        return "seriously wounded"
    return "wounded" if wound_points > 0 else "unhurt"


def seriously_wounded(endurance: int, wound_points: int) -> bool:
    """At least seriously wounded (incapacitated and dead men included)."""
    return 2 * wound_points >= endurance


def task_point_loss(wound_points: int, *, killed: bool = False, remaining: int = 0) -> int:
    """[9.31]: a target of opportunity fire who is wounded loses twice the wound points
    in task points at once; a man killed loses all he has left."""
    return remaining if killed else 2 * wound_points


def loses_task_points(*, opportunity_fire: bool, acted: bool, ruling_r6: str = "opportunity_targets") -> bool:
    """Whether a wounded man loses task points for his wound (ruling R6): only under
    opportunity fire ([9.31]), or also when hit before acting ([10.52])."""
    if opportunity_fire:
        return True
    return ruling_r6 == "anyone_before_acting" and not acted


def endurance(code: str, faces: Sequence[int]) -> int:
    """[9.4]: a man's endurance rolled from the scenario's code (``D10+8`` with a 6 is 14)."""
    return DiceCode.parse(code).total(faces)


def allowance(endurance_: int, wound_points: int) -> int:
    """Task points a man has at the start of a turn: 50, none when incapacitated ([9.22])."""
    return 0 if wound_points >= endurance_ else 50
