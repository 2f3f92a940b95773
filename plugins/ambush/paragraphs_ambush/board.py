"""What the companion records of the board: units, markers, Event markers, and where things go.

The player keeps the real board; the record sheet only keeps what paragraphs tell it
(who was activated where, which markers were placed), so the sheet can remind the player
and later paragraphs can be checked against it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from paragraphs import model as m
from paragraphs.compiler import parse_range
from paragraphs.context import Context
from paragraphs.state import State

from paragraphs_ambush.gan import current_gan

ROLL_AGAIN = "roll again"


def add_event_marker(state: State, paragraph: str, hex_id: str | None) -> None:
    markers = state.extra.setdefault("event_markers", [])
    markers.append({"paragraph": paragraph, "hex": hex_id})


def activate(state: State, units: Any, where: str | None, args: Mapping[str, Any]) -> None:
    if isinstance(units, str):
        return
    roster = state.extra.setdefault("units", {})
    for unit in units:
        if args.get("only_if_removed") and roster.get(unit, {}).get("status") in ("active", "killed"):
            continue  # only men taken off the map come back; the sheet knows this one is not
        entry = roster.setdefault(unit, {})
        entry["status"] = "active"
        if where:
            entry["hex"] = where
        if args.get("stance"):
            entry["stance"] = args["stance"]
        if args.get("facing"):
            entry["facing"] = args["facing"]
        if args.get("special_reaction"):
            entry.setdefault("special_reactions", [])
            if args["special_reaction"] not in entry["special_reactions"]:
                entry["special_reactions"].append(args["special_reaction"])


def update_units(state: State, args: Mapping[str, Any]) -> None:
    who = args["who"]
    if isinstance(who, str):
        return
    roster = state.extra.setdefault("units", {})
    for unit in who:
        entry = roster.setdefault(unit, {})
        reactions = entry.setdefault("special_reactions", [])
        if args.get("put_special_reaction") and args["put_special_reaction"] not in reactions:
            reactions.append(args["put_special_reaction"])
        if args.get("remove_special_reaction") in reactions:
            reactions.remove(args["remove_special_reaction"])
        if args.get("remove_from_map"):
            entry["status"] = "removed"


def place(state: State, marker: str, hexes: list[str], paragraph: str) -> None:
    state.extra.setdefault("markers", []).append({"marker": marker, "hexes": hexes, "paragraph": paragraph})


def resolve_hex(ctx: Context, spec: Any, purpose: str) -> str | None:
    """The hex a step names: given, rolled, by German Action Number, or asked."""
    if spec is None:
        return None
    if isinstance(spec, str):
        return spec
    if "text" in spec:
        return str(spec["text"])
    if "roll" in spec:
        rows = [(parse_range(k), v) for k, v in spec["roll"].items()]
        allowed = {f for (lo, hi), v in rows for f in range(lo, hi + 1) if v != ROLL_AGAIN}
        face = ctx.roll("d10", purpose, allowed=allowed)
        return next(v for (lo, hi), v in rows if lo <= face <= hi)
    if "gan" in spec:
        gan = current_gan(ctx)
        return next(v for k, v in spec["gan"].items() if parse_range(k)[0] <= gan <= parse_range(k)[1])
    if "odd" in spec:
        value = current_gan(ctx) if spec.get("by") == "gan" else ctx.roll("d10", purpose)
        return str(spec["odd"] if value % 2 else spec["even"])
    if "first_free" in spec:
        hexes = list(spec["first_free"])
        question = m.Question(
            "first_free",
            "Which is the first of " + ", ".join(hexes) + " not occupied by an active American?",
            m.CHOICE,
            choices=tuple((h, h) for h in hexes) + (("none", "none of them"),),
        )
        answer = ctx.answer(question)
        return None if answer == "none" else str(answer)
    return None
