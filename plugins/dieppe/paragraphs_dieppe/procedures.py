"""Dieppe's dice procedures as paragraphs Procedures, for exact odds (``paragraphs odds dieppe``).

Each reads its inputs with ``ctx.answer`` (keys declared in ``questions`` and the
tracks), rolls only through ``ctx.roll`` and returns an outcome label, by calling the
very rule function the automatic game uses. Imported at every CLI start: the rule
modules are imported inside the functions.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from paragraphs.records import Procedure

if TYPE_CHECKING:
    from paragraphs.context import Context

TITLE = "dieppe"


def _roller(ctx: Context) -> Any:
    from paragraphs_raids.dice import context_roller

    return context_roller(ctx)


def fire(ctx: Context) -> str:
    """Rule 11.1: attack and defence values before the dice (every modifier applied); the
    firing side rolls its die (British d6, German d10) against the other side's."""
    from paragraphs_dieppe.rules.fire import fire_outcome, outcome_label

    return outcome_label(fire_outcome(int(ctx.answer("attack")), int(ctx.answer("defence")), str(ctx.answer("side")), _roller(ctx)))


def assault_line(ctx: Context) -> str:
    """Rule 11.2: one line of an assault, the commando's d6 against the German's d10."""
    from paragraphs_dieppe.rules.assault import ATTACKER_HIT, DEFENDER_HIT, line_outcome

    result = line_outcome(int(ctx.answer("attack")), int(ctx.answer("defence")), _roller(ctx))
    return DEFENDER_HIT if result.defender_hit else ATTACKER_HIT


def activation(ctx: Context) -> str:
    """Rule 10: a test next to a face-down marker (d10 at or under the alarm)."""
    from paragraphs_dieppe.rules.activation import ACTIVATED, NOT_ACTIVATED, adjacent_test

    return ACTIVATED if adjacent_test(int(ctx.answer("alarm")), _roller(ctx)) else NOT_ACTIVATED


def mines(ctx: Context) -> str:
    """Rule 10: a stack of so many levels enters a mined zone (d10 + levels, 8 or more)."""
    from paragraphs_dieppe.rules.activation import LOSS, NO_EFFECT, mines_test

    return LOSS if mines_test(int(ctx.answer("levels")), _roller(ctx)) else NO_EFFECT


def bangalore(ctx: Context) -> str:
    """Rule 10: a Bangalore torpedo against barbed wire (an even d10 clears it)."""
    from paragraphs_dieppe.rules.activation import STUCK, WIRE_CLEARED, bangalore as fire_torpedo

    return WIRE_CLEARED if fire_torpedo(_roller(ctx)) else STUCK


def reinforcements(ctx: Context) -> str:
    """Rule 8: this turn's reinforcement rolls at this alarm level (none below 6)."""
    from paragraphs_dieppe.rules.reinforcements import roll_reinforcements

    alarm = int(ctx.answer("alarm"))
    if alarm < 6:
        return "none arrive"
    remaining = int(ctx.answer("remaining")) if "remaining" in ctx.answers else 10
    return roll_reinforcements(alarm, remaining, _roller(ctx), ctx.book.tables["reinforcement_count"]).label()


def events(ctx: Context) -> str:
    """Rule 5: the unforeseen events of turn 1, with the odd-face extra loss."""
    from paragraphs_dieppe.rules.events import roll_events

    return roll_events(_roller(ctx), ctx.book.tables).label()


def victory(ctx: Context) -> str:
    """Rule 12: the result of a final VP total (no dice)."""
    from paragraphs_dieppe.rules.victory import success_level

    return success_level(int(ctx.answer("vp")), ctx.book.tables["success_levels"])


_PROCEDURES: tuple[tuple[str, Any, tuple[str, ...], str], ...] = (
    ("events", events, (), "5"),
    ("reinforcements", reinforcements, ("alarm", "remaining"), "8"),
    ("activation", activation, ("alarm",), "10"),
    ("mines", mines, ("levels",), "10"),
    ("bangalore", bangalore, (), "10"),
    ("fire", fire, ("attack", "defence", "side"), "11.1"),
    ("assault_line", assault_line, ("attack", "defence"), "11.2"),
    ("victory", victory, ("vp",), "12"),
)


def procedures() -> Iterator[Procedure]:
    """The Procedure records the plugin registers."""
    for pid, fn, questions, section in _PROCEDURES:
        doc = " ".join((fn.__doc__ or "").split())
        yield Procedure(id=pid, title=TITLE, function=fn, doc=doc, questions=questions, section=section)
