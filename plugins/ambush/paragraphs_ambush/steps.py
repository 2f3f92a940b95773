"""The steps Ambush! adds to the core grammar.

Most of them tell the player what to do on the board (activate units, place markers,
give orders) and keep the record sheet up to date; a few expand into core steps
(``perform`` is a call, ``gan`` branches on the German Action Number). Instruction texts
are generated from the structured data, so no booklet prose is needed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from paragraphs.context import Context
from paragraphs.model import TitleStep
from paragraphs.records import StepKind

from paragraphs_ambush import TITLE, board
from paragraphs_ambush.gan import current_gan, keep_gan

HEX = {"type": "string", "pattern": r"^[A-Y]-[0-9]{1,2}$"}
PARAGRAPH = {"type": "string", "pattern": r"^T?[0-9]{3}$"}
UNIT = {"type": "string", "pattern": r"^(GE|US) [0-9]{2}$"}
RANGES = {
    "type": "object",
    "propertyNames": {"pattern": r"^[0-9](-[0-9])?$"},
    "minProperties": 1,
}
#: Where something happens: a hex, or a hex chosen by a die, by the German Action
#: Number, by odd/even, or the first hex of a list not held by an active American.
HEX_CHOICE = {
    "oneOf": [
        HEX,
        {"type": "object", "required": ["roll"], "properties": {"roll": {**RANGES, "additionalProperties": {"oneOf": [HEX, {"const": "roll again"}]}}}, "additionalProperties": False},
        {"type": "object", "required": ["gan"], "properties": {"gan": {**RANGES, "additionalProperties": HEX}}, "additionalProperties": False},
        {"type": "object", "required": ["odd", "even"], "properties": {"odd": HEX, "even": HEX, "by": {"enum": ["roll", "gan"]}}, "additionalProperties": False},
        {"type": "object", "required": ["first_free"], "properties": {"first_free": {"type": "array", "items": HEX, "minItems": 2}}, "additionalProperties": False},
        {"type": "object", "required": ["text"], "properties": {"text": {"type": "string"}}, "additionalProperties": False},
    ]
}
UNITS = {"oneOf": [{"type": "array", "items": UNIT, "minItems": 1}, {"type": "string", "minLength": 1}]}
STEPS_REF = {"$ref": "https://paragraphs.dev/schemas/core/book.schema.json#/$defs/steps"}

ORDER_VERBS = (
    "crouch", "stand", "prone", "fire", "snap_fire", "aimed_fire", "throw_grenade", "throw_satchel",
    "fire_bazooka", "fire_panzerfaust", "assault", "charge_assault", "surrender", "move", "give_turn",
    "drive", "button_up", "open_up", "do_nothing", "remove_from_map", "exit", "load", "unload",
    "pick_up", "drop", "climb", "hide", "flee", "follow", "guard", "set_explosives", "detonate",
    "radio", "wait", "other",
)


def _units_text(units: Any) -> str:
    if isinstance(units, str):
        return units
    return ", ".join(units)


def _say(ctx: Context, text: str, kind: str = "say") -> None:
    ctx.say(text, kind)


# --------------------------------------------------------------------------- runners


def run_set_condition(ctx: Context, step: TitleStep) -> None:
    """Go to Condition N (its Activation Level, Condition Card and card column apply)."""
    new = int(step.args)
    old = ctx.state.values.get("condition")
    history = list(ctx.state.values.get("condition_history") or ([old] if old is not None else []))
    history.append(new)
    ctx.state.values["condition_history"] = history
    ctx.set_value("condition", new)
    _say(ctx, f"Go to Condition {new}.", "set")


def run_event_marker(ctx: Context, step: TitleStep) -> None:
    hex_id = (step.args or {}).get("hex") if isinstance(step.args, Mapping) else None
    hex_id = hex_id or ctx.answers.get("hex")
    board.add_event_marker(ctx.state, ctx.paragraph, hex_id)
    ctx.effect("event marker")
    _say(ctx, f"Place an Event marker in {hex_id}." if hex_id else "Place an Event marker in this hex.", "marker")


def run_reroll_gan(ctx: Context, step: TitleStep) -> None:
    value = ctx.roll("d10", f"new German Action Number ({ctx.paragraph})")
    keep_gan(ctx, value)
    _say(ctx, f"A new German Action Number is rolled: it is now {value}.", "set")


def run_gan_column(ctx: Context, step: TitleStep) -> None:
    column = step.args["column"] if isinstance(step.args, Mapping) else str(step.args)
    _say(ctx, f"Use the action paragraph this unit's card gives for the current German Action Number in the {column} column.")


#: who holds the advantage in the Rounds, as the player reads it
_ADVANTAGE = {"us": "The Americans have the advantage.", "german": "The Germans have the advantage."}


def run_commence_rounds(ctx: Context, step: TitleStep) -> None:
    args = step.args if isinstance(step.args, Mapping) else {}
    advantage = args.get("advantage", "unspecified")
    if advantage in ("unspecified", "caller"):
        passed = ctx.passed("advantage")
        advantage = passed if passed else "unspecified"
    ctx.set_value("phase", "rounds")
    if advantage != "unspecified":
        ctx.state.values["advantage"] = advantage
    # the side is said in a sentence of our own: the booklet's "Commence Rounds. US advantage."
    # after an activation is a ten-word run of its text (tests/own_words.py)
    text = "Commence Rounds."
    if advantage in ("german", "us"):
        text += f" {_ADVANTAGE[advantage]}"
    elif advantage == "below":
        text += " The advantage follows from what comes next."
    else:
        text += " Advantage as the Ambush! rules decide (the paragraph names none)."
    _say(ctx, text, "phase")
    for extra in args.get("extra_turns", ()):
        _say(ctx, f"{extra}: 2 Turns this Round.")


def run_advantage(ctx: Context, step: TitleStep) -> None:
    side = str(step.args)
    ctx.state.values["advantage"] = side
    ctx.effect(f"advantage {side}")
    _say(ctx, _ADVANTAGE["us" if side == "us" else "german"])


def run_extra_turns(ctx: Context, step: TitleStep) -> None:
    args = step.args
    who = args["who"] if isinstance(args, Mapping) else str(args)
    turns = int(args.get("turns", 2)) if isinstance(args, Mapping) else 2
    _say(ctx, f"{who}: {turns} Turns this Round.")


def run_aware(ctx: Context, step: TitleStep) -> None:
    args = step.args
    _say(ctx, f"{args['who']}: automatically {args.get('becomes', 'aware')}.")


def run_stay_in_operations(ctx: Context, step: TitleStep) -> None:
    ctx.set_value("phase", "operations")
    _say(ctx, "Stay in Operations; do not commence Rounds.", "phase")


def run_activate(ctx: Context, step: TitleStep) -> None:
    args = step.args
    units = args["units"]
    where = board.resolve_hex(ctx, args.get("hex"), f"activation hex in {ctx.paragraph}")
    parts = [f"Activate {_units_text(units)}"]
    if where:
        parts.append(f"in {where}")
    detail = [str(args["stance"])] if args.get("stance") else []
    if args.get("facing"):
        detail.append(f"facing {args['facing']}")
    if args.get("vehicle"):
        detail.append(f"in {args['vehicle']}")
    if detail:
        parts.append("(" + ", ".join(str(d) for d in detail) + ")")
    text = " ".join(parts) + "."
    if args.get("only_if_removed"):
        text += " Only those previously removed from the map return."
    if args.get("special_reaction"):
        text += f" Special Reaction {args['special_reaction']} now applies to them."
    if args.get("note"):
        text += f" {args['note']}"
    roster = ctx.state.extra.get("units", {})
    already = [u for u in ([] if isinstance(units, str) else units) if roster.get(u, {}).get("status") == "active"]
    board.activate(ctx.state, units, where, args)
    ctx.effect(f"activate {_units_text(units)}" + (f" at {where}" if where else ""))
    _say(ctx, text, "activate")
    if already and not args.get("only_if_removed"):
        # a sanity check, not a rule: the sheet may be behind the board, or a number misread
        _say(ctx, f"Check the board: the sheet already has {', '.join(already)} on the map.", "warning")


#: first words of a note that only make sense after its subject has been named
POINTING_WORDS = {"he", "she", "it", "they", "that", "this", "these", "those", "his", "its", "their"}


def run_unit(ctx: Context, step: TitleStep) -> None:
    args = step.args
    who = _units_text(args["who"])
    sentences = []
    if args.get("put_special_reaction"):
        sentences.append(f"Special Reaction {args['put_special_reaction']} now applies to {who}.")
    if args.get("remove_special_reaction"):
        sentences.append(f"Remove Special Reaction {args['remove_special_reaction']} from {who}.")
    if args.get("remove_from_map"):
        sentences.append(f"Remove {who} from the map.")
    if args.get("note"):
        note = str(args["note"])
        # a note alone that points back ("He bleeds out.", "That weapon...") must say who it
        # is about: name the subject first
        points_back = note.split(" ", 1)[0].lower() in POINTING_WORDS
        sentences.append(f"{who[:1].upper()}{who[1:]}: {note[:1].lower()}{note[1:]}" if points_back and not sentences else note)
    board.update_units(ctx.state, args)
    ctx.effect(f"units {who}")
    _say(ctx, " ".join(sentences) or f"{who}: see your cards.", "units")


_HEX = re.compile(r"[A-Z]{1,2}-\d{1,2}")


def run_place(ctx: Context, step: TitleStep) -> None:
    args = step.args
    marker = str(args["marker"]).replace("_", " ")
    where: str | None
    if "hexes" in args:
        where = ", ".join(args["hexes"])
        hexes = list(args["hexes"])
    else:
        where = board.resolve_hex(ctx, args.get("hex"), f"{marker} placement in {ctx.paragraph}")
        hexes = [where] if where else []
    text = f"Place {marker}" + (f" in {where}" if where else "")
    facing = args.get("facing")
    if facing:
        # a hex is where the counter's front points; anything else describes itself ("door
        # toward V-14"). Not the booklet's "in H-15, facing I-15. Activate GE", which with
        # the activation after it would print ten of its words (tests/own_words.py)
        text += f", front toward {facing}" if _HEX.fullmatch(str(facing)) else f", {facing}"
    text += "."
    if args.get("note"):
        text += f" {args['note']}"
    board.place(ctx.state, str(args["marker"]), hexes, ctx.paragraph)
    ctx.effect(f"place {args['marker']}" + (f" at {where}" if where else ""))
    _say(ctx, text, "marker")


def run_move(ctx: Context, step: TitleStep) -> None:
    args = step.args if isinstance(step.args, Mapping) else {"enter": step.args}
    where = board.resolve_hex(ctx, args.get("enter"), f"movement in {ctx.paragraph}")
    who = f"{args['who']}: " if args.get("who") else ""
    text = f"{who}enter {where}." if where else f"{who}move as this paragraph says."
    if args.get("note"):
        text += f" {args['note']}"
    ctx.effect(f"enter {where}")
    _say(ctx, text[0].upper() + text[1:], "move")


def run_order(ctx: Context, step: TitleStep) -> None:
    args = step.args
    verb = str(args["verb"]).replace("_", " ")
    text = verb.capitalize()
    if args.get("weapon"):
        text += f" with {args['weapon']}"
    if args.get("target"):
        text += f" at {args['target']}"
    if args.get("how"):
        text += f", {args['how']}"
    text += "."
    if args.get("then"):
        text += f" Then {args['then']}."
    if args.get("note"):
        text += f" {args['note']}"
    ctx.effect(f"order {args['verb']}")
    _say(ctx, text, "order")


def run_set_los(ctx: Context, step: TitleStep) -> None:
    n = int(step.args)
    ctx.set_value("los", n)
    _say(ctx, f"From now on soldiers see {n} hexes beyond their own.", "set")


def run_new_random_event(ctx: Context, step: TitleStep) -> None:
    ctx.effect("new random event")
    _say(ctx, "Make a new Random Event Check instead.")


def run_victory(ctx: Context, step: TitleStep) -> None:
    args = dict(step.args)
    regime = {"paragraph": ctx.paragraph, **args}
    previous = ctx.state.values.get("victory")
    ctx.state.values["victory"] = regime
    ctx.effect(f"victory {ctx.paragraph}")
    text = f"Victory conditions (from {ctx.paragraph}): you need {args['need']} VP"
    if args.get("end_condition"):
        text += f"; the Mission ends in Condition {args['end_condition']}"
    text += "."
    if args.get("ends_when"):
        text += f" It ends when {args['ends_when']}."
    if args.get("vp_loss_avoidance"):
        text += f" To avoid losing VP for inactive men: {args['vp_loss_avoidance']}."
    if previous and previous.get("paragraph") in args.get("overrides", ()):
        text += f" These replace the conditions of {previous['paragraph']}."
    _say(ctx, text, "victory")


# --------------------------------------------------------------------------- expansions


def expand_perform(value: Any) -> Any:
    if isinstance(value, Mapping):
        steps: list[Any] = []
        if value.get("who"):
            steps.append({"say": f"{value['who']} carries out {value['paragraph']}."})
        call: dict[str, Any] = {"to": str(value["paragraph"]), "purpose": "perform"}
        if value.get("who"):
            call["with"] = {"who": value["who"]}
        steps.append({"see": call})
        return steps
    return {"see": {"to": str(value), "purpose": "perform"}}


def expand_gan(value: Mapping[str, Any]) -> Any:
    # the GAN is first made current (kept for the Round, a stale one never reused in
    # silence: paragraphs_ambush.gan), then matched
    body: dict[str, Any] = {"value": {"value": "gan"}}
    for key in ("ranges", "odd", "even"):
        if key in value:
            body[key] = value[key]
    return [{"current_gan": None}, {"match": body}]


def run_current_gan(ctx: Context, step: TitleStep) -> None:
    current_gan(ctx)


# --------------------------------------------------------------------------- records


def _kind(id: str, schema: Mapping[str, Any], run: Any = None, *, expand: Any = None, doc: str = "") -> StepKind:
    return StepKind(id=id, title=TITLE, schema=schema, run=run, expand=expand, doc=doc)


def step_kinds() -> Iterator[StepKind]:
    yield _kind("set_condition", {"type": "integer", "minimum": 1, "maximum": 4}, run_set_condition, doc="Go to Condition N.")
    yield _kind("event_marker", {"oneOf": [{"type": "null"}, {"type": "object", "properties": {"hex": HEX}, "additionalProperties": False}]}, run_event_marker, doc="Place an Event marker in the hex of the Paragraph Check.")
    yield _kind(
        "perform",
        {"oneOf": [PARAGRAPH, {"type": "object", "required": ["paragraph"], "properties": {"paragraph": PARAGRAPH, "who": {"type": "string"}}, "additionalProperties": False}]},
        expand=expand_perform,
        doc="The acting unit (or a named crew member) carries out action paragraph N, then this paragraph goes on.",
    )
    yield _kind(
        "gan",
        {"type": "object", "properties": {"ranges": {**RANGES, "additionalProperties": STEPS_REF}, "odd": STEPS_REF, "even": STEPS_REF}, "additionalProperties": False, "minProperties": 1},
        expand=expand_gan,
        doc="Branch on the current German Action Number (ranges, or odd/even).",
    )
    yield _kind("current_gan", {"type": "null"}, run_current_gan, doc="Make the German Action Number current: kept for its Round, asked when missing or from an earlier Round.")
    yield _kind("reroll_gan", {"type": "null"}, run_reroll_gan, doc="Roll a new German Action Number.")
    yield _kind("gan_column", {"type": "object", "required": ["column"], "properties": {"column": {"type": "string"}}, "additionalProperties": False}, run_gan_column, doc="Use another column of the unit's card for the current GAN.")
    yield _kind(
        "commence_rounds",
        {"oneOf": [{"type": "null"}, {"type": "object", "properties": {"advantage": {"enum": ["german", "us", "unspecified", "caller", "below"]}, "extra_turns": {"type": "array", "items": {"type": "string"}}}, "additionalProperties": False}]},
        run_commence_rounds,
        doc="Switch from Operations to Rounds; the advantage may come from the caller (`see` with `advantage`).",
    )
    yield _kind("advantage", {"enum": ["german", "us"]}, run_advantage, doc="Who has the advantage this Round.")
    yield _kind("extra_turns", {"oneOf": [{"type": "string"}, {"type": "object", "required": ["who"], "properties": {"who": {"type": "string"}, "turns": {"type": "integer"}}, "additionalProperties": False}]}, run_extra_turns, doc="Someone gets 2 Turns this Round.")
    yield _kind("aware", {"type": "object", "required": ["who"], "properties": {"who": {"type": "string"}, "becomes": {"enum": ["aware", "unaware"]}}, "additionalProperties": False}, run_aware, doc="Soldiers become aware or unaware automatically.")
    yield _kind("stay_in_operations", {"type": "null"}, run_stay_in_operations, doc="Do not commence Rounds.")
    yield _kind(
        "activate",
        {
            "type": "object",
            "required": ["units"],
            "properties": {
                "units": UNITS,
                "hex": HEX_CHOICE,
                "stance": {"enum": ["standing", "crouching", "prone"]},
                "facing": {"type": "string"},
                "vehicle": {"type": "string"},
                "special_reaction": {"type": "string", "pattern": "^[A-Z]$"},
                "only_if_removed": {"type": "boolean"},
                "note": {"type": "string"},
            },
            "additionalProperties": False,
        },
        run_activate,
        doc="Put units on the map: where (a hex, a rolled hex, the first free hex of a list), stance, Special Reaction.",
    )
    yield _kind(
        "unit",
        {
            "type": "object",
            "required": ["who"],
            "properties": {
                "who": UNITS,
                "put_special_reaction": {"type": "string", "pattern": "^[A-Z]$"},
                "remove_special_reaction": {"type": "string", "pattern": "^[A-Z]$"},
                "remove_from_map": {"type": "boolean"},
                "note": {"type": "string"},
            },
            "additionalProperties": False,
        },
        run_unit,
        doc="Change units: Special Reactions on or off, removal from the map.",
    )
    yield _kind(
        "place",
        {
            "type": "object",
            "required": ["marker"],
            "properties": {"marker": {"type": "string"}, "hex": HEX_CHOICE, "hexes": {"type": "array", "items": HEX, "minItems": 1}, "facing": {"type": "string"}, "note": {"type": "string"}},
            "additionalProperties": False,
        },
        run_place,
        doc="Place a marker or counter on the map.",
    )
    yield _kind(
        "move",
        {"oneOf": [HEX, {"type": "object", "properties": {"enter": HEX_CHOICE, "who": {"type": "string"}, "note": {"type": "string"}}, "additionalProperties": False}]},
        run_move,
        doc="A movement reference's result: the mover enters a hex.",
    )
    yield _kind(
        "order",
        {
            "type": "object",
            "required": ["verb"],
            "properties": {
                "verb": {"enum": list(ORDER_VERBS)},
                "target": {"type": "string"},
                "weapon": {"type": "string"},
                "how": {"type": "string"},
                "then": {"type": "string"},
                "note": {"type": "string"},
            },
            "additionalProperties": False,
        },
        run_order,
        doc="A structured order for a German or uncontrolled US unit.",
    )
    yield _kind("set_los", {"type": "integer", "minimum": 1}, run_set_los, doc="Visibility changes: soldiers see N hexes beyond their own.")
    yield _kind("new_random_event", {"type": "null"}, run_new_random_event, doc="Roll another Random Event instead.")
    yield _kind(
        "victory",
        {
            "type": "object",
            "required": ["need"],
            "properties": {
                "need": {"type": "integer"},
                "end_condition": {"type": "integer", "minimum": 1, "maximum": 4},
                "ends_when": {"type": "string"},
                "vp_loss_avoidance": {"type": "string"},
                "overrides": {"type": "array", "items": PARAGRAPH},
            },
            "additionalProperties": False,
        },
        run_victory,
        doc="The Mission's victory regime; replaces any earlier one.",
    )
