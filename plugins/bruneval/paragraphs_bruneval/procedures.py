"""The rules' dice procedures as paragraphs Procedures, for exact odds (``paragraphs odds``).

Each function reads its inputs with ``ctx.answer`` (the keys are declared in the title's
``questions`` and tracks), rolls only through ``ctx.roll`` (via a roller), and returns an
outcome label. It calls the very rule function the automatic game and the companion use,
so odds, play and the companion cannot disagree.

This module is imported whenever the plugin host is built (each CLI start): rule modules
are imported inside the functions.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from paragraphs.records import Procedure

if TYPE_CHECKING:
    from paragraphs.context import Context

TITLE = "bruneval"


def _optional(ctx: Context, key: str, default: int) -> int:
    """An answer the procedure can do without: used when given, else ``default``."""
    return int(ctx.answer(key)) if key in ctx.answers else default


def _roller(ctx: Context) -> Any:
    from paragraphs_raids.dice import context_roller

    return context_roller(ctx)


def events(ctx: Context) -> str:
    """Rule 5: phase A of an event turn (1 or 2), with no event used yet and no group lost.
    The group Flak or a wrong DZ strikes is drawn as ruling event_groups says (overlays
    included): by default among the groups still in the air (all three on turn 1, Rodney
    alone on turn 2); with all_groups among the three, a group already down being unhurt."""
    from paragraphs_bruneval.interactive.game import scenario_of
    from paragraphs_bruneval.rules.events import draw_candidates, roll_event, scenario_drop_turns

    scenario = scenario_of(ctx)
    turn = int(ctx.answer("turn"))
    event_turns = scenario.params.event_turns
    if turn not in event_turns:
        return f"no roll (events only on turns {' and '.join(str(t) for t in event_turns)})"
    groups = scenario_drop_turns(scenario)
    airborne = [g for g, t in groups.items() if t >= turn]
    tables = scenario.tables
    result = roll_event((), airborne, groups, _roller(ctx), tables["event_trigger"], tables["unexpected_events"], draw_candidates(scenario, ()))
    names = {k: str(v.get("name", k)) for k, v in scenario.groups.items()}
    return result.label(names)


def drop(ctx: Context) -> str:
    """Rule 7: where one paratrooper unit of a group lands (DZ, then zone 1-6)."""
    from paragraphs_bruneval.rules.drop import roll_drop_zone, roll_landing

    roll = _roller(ctx)
    letter = roll_drop_zone("the group", roll, ctx.book.tables["drop_zone"])
    return f"DZ {letter}, zone {roll_landing('a unit', roll)}"


def movement(ctx: Context) -> str:
    """Rules 8 and 8.1 (with the ruling): PM of a British unit for this turn."""
    from paragraphs_bruneval.rules.movement import british_capacity

    radius = int(ctx.answer("officer_radius"))
    capacity = _optional(ctx, "capacity", 5)
    return f"{british_capacity(capacity, radius, _roller(ctx)).points} PM"


def activation(ctx: Context) -> str:
    """Rule 12: one British unit's activation test (d6 + R at or under the alert level)."""
    from paragraphs_bruneval.rules.activation import activation_test

    result = activation_test(int(ctx.answer("alert")), int(ctx.answer("radius")), _roller(ctx))
    if not result.in_range:
        return "no test (R over 2)"
    return "success" if result.activated else "failure"


def combat(ctx: Context) -> str:
    """Rule 9: attack value and defence value (before the dice), each side rolls a d6."""
    from paragraphs_bruneval.rules.combat import combat_outcome

    return combat_outcome(int(ctx.answer("attack")), int(ctx.answer("defence")), _roller(ctx)).label


def officer(ctx: Context) -> str:
    """Rule 16: the officers stacked with units that took a loss each roll a d6 (6 kills)."""
    from paragraphs_bruneval.rules.officers import officer_falls

    roll = _roller(ctx)
    n = _optional(ctx, "officers", 1)
    lost = sum(1 for i in range(n) if officer_falls(roll, f"officer {i + 1}"))
    if n == 1:
        return "officer eliminated" if lost else "officer survives"
    return f"{lost} of {n} officers eliminated"


def reinforcements(ctx: Context) -> str:
    """Rule 13: the reinforcement roll at this alert level."""
    from paragraphs_bruneval.rules.reinforcements import roll_reinforcements

    alert = int(ctx.answer("alert"))
    if alert < 4:
        return "none (no roll below alert 4)"
    remaining = _optional(ctx, "remaining", 10)
    return roll_reinforcements(alert, remaining, _roller(ctx)).label()


def boats(ctx: Context) -> str:
    """Rule 14: the boats roll on this turn with this modifier."""
    from paragraphs_bruneval.rules.boats import roll_boats

    result = roll_boats(int(ctx.answer("turn")), int(ctx.answer("modifier")), _roller(ctx), ctx.book.tables["boats"])
    if result.needed is None:
        return "no roll (boats from turn 10)"
    return "arrive" if result.arrive else "none"


def wurzburg(ctx: Context) -> str:
    """Rule 10: an attempt on the Würzburg after so many complete turns in W, by whom."""
    from paragraphs_bruneval.rules.objectives import attempt_wurzburg

    modifiers = {k: int(v["modifier"]) for k, v in ctx.book.data["wurzburg_attempts"].items()}
    result = attempt_wurzburg(int(ctx.answer("turns")), str(ctx.answer("who")), _roller(ctx), ctx.book.tables["wurzburg"], modifiers)
    if result.target is None:
        return "no attempt (two complete turns in W needed)"
    return "success" if result.success else "failure"


def villa(ctx: Context) -> str:
    """Rule 10: destroying the Villa (d6 at or under the unit's modified attack value)."""
    from paragraphs_bruneval.rules.objectives import attempt_villa

    return "success" if attempt_villa(int(ctx.answer("attack")), _roller(ctx)).success else "failure"


def german_movement(ctx: Context) -> str:
    """Rules 8.2 and 15: German movement points at this alert level (no dice)."""
    from paragraphs_bruneval.rules.alert import german_allowance

    table = {row.low: int(row.result) for row in ctx.book.tables["alert_movement"].rows}
    return f"{german_allowance(int(ctx.answer('alert')), table)} PM"


def victory(ctx: Context) -> str:
    """Rule 17 (with the 20 VP ruling): the success level of a final VP total (no dice)."""
    from paragraphs_bruneval.rules.victory import success_level

    return success_level(int(ctx.answer("vp")), ctx.book.tables["success_levels"])


_PROCEDURES: tuple[tuple[str, Any, tuple[str, ...], str], ...] = (
    ("events", events, ("turn",), "5"),
    ("drop", drop, (), "7"),
    ("movement", movement, ("officer_radius", "capacity"), "8.1"),
    ("german_movement", german_movement, ("alert",), "8.2"),
    ("combat", combat, ("attack", "defence"), "9"),
    ("wurzburg", wurzburg, ("turns", "who"), "10"),
    ("villa", villa, ("attack",), "10"),
    ("activation", activation, ("alert", "radius"), "12"),
    ("reinforcements", reinforcements, ("alert", "remaining"), "13"),
    ("boats", boats, ("turn", "modifier"), "14"),
    ("officer", officer, ("officers",), "16"),
    ("victory", victory, ("vp",), "17"),
)


def procedures() -> Iterator[Procedure]:
    """The Procedure records the plugin registers."""
    for pid, fn, questions, section in _PROCEDURES:
        doc = " ".join((fn.__doc__ or "").split())
        yield Procedure(id=pid, title=TITLE, function=fn, doc=doc, questions=questions, section=section)
