"""Ambush! procedures that are pure dice: usable from content and from ``paragraphs odds``.

Each rolls through the context, so ``paragraphs odds ambush radio_destruction`` gives the
exact chances. Table values come from ``content/ambush/tables.yaml``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from paragraphs.context import Context
from paragraphs.records import Procedure

from paragraphs_ambush import TITLE


def _table_roll(ctx: Context, table_id: str, purpose: str, column: str | None = None) -> Any:
    table = ctx.book.tables[table_id]
    face = ctx.roll(table.die or "d10", purpose)
    row = table.lookup(face)
    if column is not None:
        # a cell the appendix does not print is the core's unknown cell: an overlay value,
        # the player's answer, or (under odds) an "unknown" outcome; never a guess
        cell = ctx.cell(table, row, column)
        ctx.explain_roll(f"row {row.name} on the {table.name}, {column}: {cell.words()}")
        return cell.value
    ctx.explain_roll(f"row {row.name} on the {table.name}: {_said(row.result)}", luck=_order_luck(ctx, table, row))
    return row.result


def _said(result: Any) -> str:
    # a row's result in words (a mapping such as a strike diagram's where/what, or a plain value)
    if isinstance(result, dict):
        return "; ".join(f"{k}: {v}" for k, v in result.items())
    return str(result)


def _order_luck(ctx: Context, table: Any, row: Any) -> dict[str, Any] | None:
    # a table that declares its order of outcomes (content: order, worst first) is counted
    # by the luck audit; the others are not
    if not table.order or table.columns:
        return None
    from fractions import Fraction

    from paragraphs.luck import order_luck

    die = ctx.die(table.die or "d10")
    chances: dict[str, Fraction] = {}
    for face, p in die.distribution.items():
        outcome = str(table.lookup(face).result)
        chances[outcome] = chances.get(outcome, Fraction(0)) + Fraction(p)
    return order_luck(chances, tuple(table.order), str(row.result)) if str(row.result) in table.order else None


def radio_destruction(ctx: Context) -> str:
    """Rules 5: after a wound, incapacitation or kill result on the radio, 25 or less destroys it."""
    return str(_table_roll(ctx, "radio_destruction", "radio destruction (percentile)"))


def footing(ctx: Context) -> str:
    """Rules 6.1: a Footing Check on a steep cliff, with the PC Check on a 9 (answers: wounded, pc)."""
    if ctx.answer("wounded"):
        return "safe" if _table_roll(ctx, "footing_wounded", "footing check (wounded)") == "safe" else "falls"
    if _table_roll(ctx, "footing", "footing check") == "safe":
        return "safe"
    pc = int(ctx.answer("pc"))
    return "safe" if ctx.roll("d10", f"PC Check to catch himself (PC {pc})") <= pc else "falls"


def truck_hit(ctx: Context) -> str:
    """Appendix B: what a hit on a truck strikes, by number of occupants (answer: occupants)."""
    occupants = int(ctx.answer("occupants"))
    column = "4+" if occupants >= 4 else str(occupants)
    return str(_table_roll(ctx, "truck_hits", f"truck hit chart ({column} occupants)", column))


def half_track_hit(ctx: Context) -> str:
    """Appendix B: what a hit on a half track strikes, by facing (answer: facing)."""
    facing = ctx.answer("facing")
    if facing not in ("front", "side", "rear"):
        ctx.fail("a half track is hit on its front, side or rear")
    return str(_table_roll(ctx, "half_track_hits", f"half track hit chart ({facing})", facing))


def patrol_boat_hit(ctx: Context) -> str:
    """Appendix B: what a hit on the patrol boat strikes."""
    return str(_table_roll(ctx, "patrol_boat_hits", "patrol boat hit chart"))


def fortified_building_hit(ctx: Context) -> str:
    """Appendix B: what a hit on a fortified building strikes (answer: facing, front or door)."""
    facing = ctx.answer("facing")
    if facing not in ("front", "door"):
        ctx.fail("a fortified building is hit on its front or its door facing")
    cell = _table_roll(ctx, "fortified_building_hits", f"fortified building hit chart ({facing})", facing)
    return f"{cell['item']} ({cell['armour']})"


def mortar_strike_a(ctx: Context) -> str:
    """Mortar Strike Diagram A: where a round on a newly chosen target lands."""
    return str(_table_roll(ctx, "mortar_strike_a", "mortar strike diagram A (percentile)")["where"])


def mortar_strike_b(ctx: Context) -> str:
    """Mortar Strike Diagram B: where a round at given coordinates lands."""
    return str(_table_roll(ctx, "mortar_strike_b", "mortar strike diagram B"))


def procedures() -> Iterator[Procedure]:
    for fn, questions, section in (
        (radio_destruction, (), "rules 5"),
        (footing, ("wounded", "pc"), "rules 6.1"),
        (truck_hit, ("occupants",), "Appendix B"),
        (half_track_hit, ("facing",), "Appendix B"),
        (patrol_boat_hit, (), "Appendix B"),
        (fortified_building_hit, ("facing",), "Appendix B"),
        (mortar_strike_a, (), "last page"),
        (mortar_strike_b, (), "last page"),
    ):
        yield Procedure(fn.__name__, TITLE, fn, (fn.__doc__ or "").strip(), questions, section)
