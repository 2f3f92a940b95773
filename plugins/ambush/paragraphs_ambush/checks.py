"""Ambush! checks: the PC Check, the Activation Check, and checks the base game resolves.

Rulings where the Silver Star booklet relies on the base Ambush! rules (which are not
part of the source) are data in ``content/ambush/rulings.yaml``; an owner can lay a
different ruling over it with ``--overlay``.

* PC Check: a d10 (0-9) at or under the subject's PC plus the modifier succeeds; a roll
  equal to that number exactly is the ``exact`` outcome where a paragraph gives one (133).
* Activation Check: a d10 inside the current Condition's Activation Level range succeeds;
  a modifier widens (+) or narrows (-) the range's upper end (ruling ``activation_modifier``).
* Footing Check (rules 6.1): 0-8 safe (0-7 when wounded); a 9 calls for a PC Check.
* Accident, Minefield, Boobytrap, Event and Grenade Strike checks are base-game
  procedures: the player resolves them and reports the result.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from math import gcd
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fractions import Fraction

from paragraphs import model as m
from paragraphs.compiler import parse_range
from paragraphs.context import Context
from paragraphs.records import CheckKind

from paragraphs_ambush import TITLE

#: PC question key by subject.
SUBJECT_KEYS = {
    "default": "pc",
    "moving_soldier": "pc",
    "highest_in_hex": "pc_highest",
    "driver": "pc_driver",
    "assistant_driver": "pc_assistant",
    "german": "pc_german",
    "each": "pc",
}

REPORTED = {
    "accident": ("accident", "Make the Accident Check with the Ambush! rules: did the vehicle pass it?"),
    "minefield": ("mine_exploded", "Carry out the Minefield Procedure: did a mine explode?"),
    "boobytrap": ("boobytrap_exploded", "Carry out the Boobytrap Procedure: did the boobytrap explode?"),
    "event": ("event_check", "Make the Event Check with the Ambush! rules: did it succeed?"),
    "grenade_strike": ("grenade_strike", "Make the Grenade Strike PC Check: did it succeed?"),
}


def ruling(ctx: Context, name: str, default: str) -> str:
    record = ctx.book.data.get("rulings", {}).get(name)
    return str(record.get("choice", default)) if record else default


# --------------------------------------------------------------------------- PC Check


def resolve_pc(ctx: Context, spec: Mapping[str, Any]) -> str:
    subject = str(spec.get("subject", "default"))
    key = SUBJECT_KEYS.get(subject, "pc")
    pc = int(ctx.subject_answer(key))
    modifier = ctx.number(spec.get("modifier", 0))
    target = pc + modifier
    basis = f"PC {pc}{modifier:+d}" if modifier else f"PC {pc}"
    face = ctx.roll("d10", f"{spec['purpose']} ({basis}): {succeeds_on(target)}")
    outcome = "exact" if face == target else "success" if face <= target else "failure"
    # the luck record is only kept when rolls are recorded (odds replays never read it)
    ctx.explain_roll("success (exactly the PC)" if outcome == "exact" else outcome, luck=_pc_luck(target, outcome, subject) if ctx.record else None)
    return outcome


def _pc_luck(target: int, outcome: str, subject: str) -> dict[str, Any]:
    """For the luck audit: an American's check is better passed, a German's better failed."""
    from fractions import Fraction

    from paragraphs.luck import order_luck

    success = Fraction(max(0, min(10, target + 1)), 10)
    order = ("success", "failure") if subject == "german" else ("failure", "success")
    return order_luck({"success": success, "failure": 1 - success}, order, "success" if outcome == "exact" else outcome)


def succeeds_on(top: int) -> str:
    """What a d10 (0-9) roll at or under ``top`` needs, in words for the dice prompt."""
    if top < 0:
        return "no roll succeeds"
    if top >= 9:
        return "any roll succeeds"
    return "0 succeeds" if top == 0 else f"0-{top} succeeds"


def pc_chances(ctx: Context, spec: Mapping[str, Any]) -> dict[str, Fraction]:
    """The PC Check's exact outcome chances (asking what ``resolve_pc`` asks, in its order).

    Exact odds then branch three ways (success, exact, failure) instead of ten.
    """
    subject = str(spec.get("subject", "default"))
    pc = int(ctx.subject_answer(SUBJECT_KEYS.get(subject, "pc")))
    target = pc + ctx.number(spec.get("modifier", 0))
    return dict(_split(ctx.die("d10"), target))


#: ``(die, target)`` -> chances of a face under, at and over ``target``. Odds ask for the
#: same few dozen splits hundreds of thousands of times (every replayed branch of every
#: paragraph); a die is an immutable value, so its splits are safe to keep.
_SPLITS: dict[tuple[Any, int], dict[str, Fraction]] = {}


def _split(die: Any, target: int) -> dict[str, Fraction]:
    hit = _SPLITS.get((die, target))
    if hit is None:
        from fractions import Fraction

        # sum over a common denominator in integers, one Fraction per outcome at the end
        probs = die.distribution
        denominator = 1
        for p in probs.values():
            denominator = denominator * p.denominator // gcd(denominator, p.denominator)
        sums = {"success": 0, "exact": 0, "failure": 0}
        for face, p in probs.items():
            sums["exact" if face == target else "success" if face <= target else "failure"] += p.numerator * (denominator // p.denominator)
        hit = _SPLITS[(die, target)] = {k: Fraction(v, denominator) for k, v in sums.items()}
    return hit


def pc_bounds(spec: Mapping[str, Any], book: Any) -> tuple[Fraction, Fraction]:
    modifier = spec.get("modifier", 0)
    modifier = modifier.value if isinstance(modifier, m.Literal) else modifier
    mod = int(modifier) if isinstance(modifier, int) else 0
    # PCs run 0-9 on the cards; the bounds are over that whole range
    from fractions import Fraction

    low = Fraction(max(0, min(10, 0 + mod + 1)), 10)
    high = Fraction(max(0, min(10, 9 + mod + 1)), 10)
    return low, high


# --------------------------------------------------------------------------- Activation Check


def activation_level(ctx: Context) -> int:
    """The top of the current Condition's Activation Level range (``0-5`` -> 5)."""
    if "activation_level" in ctx.answers:
        return int(ctx.answers["activation_level"])
    mission = ctx.read_value("mission")
    missions = ctx.book.data.get("missions", {})
    record = missions.get(str(mission)) if mission is not None else None
    levels = (record or {}).get("activation_levels") or {}
    if not levels:
        return int(ctx.answer("activation_level"))
    condition = ctx.read_value("condition")
    span = levels.get(f"c{condition}")
    if span is None:
        return int(ctx.answer("activation_level"))
    return parse_range(str(span))[1]


def activation_chances(ctx: Context, spec: Mapping[str, Any]) -> dict[str, Fraction]:
    """The Activation Check's exact chances (asking what ``resolve_activation`` asks, in
    its order): exact odds branch twice (activated or not) instead of once per face, so a
    paragraph whose level depends on mission and condition stays a small tree."""
    top = activation_level(ctx)
    modifier = ctx.number(spec.get("modifier", 0))
    literal = ruling(ctx, "activation_modifier", "range") == "roll_plus"
    # both readings succeed on a face at or under one number (see resolve_activation)
    split = _split(ctx.die("d10"), top - modifier if literal else top + modifier)
    success = split["success"] + split["exact"]
    return {"success": success, "failure": 1 - success}


def resolve_activation(ctx: Context, spec: Mapping[str, Any]) -> str:
    top = activation_level(ctx)
    modifier = ctx.number(spec.get("modifier", 0))
    literal = ruling(ctx, "activation_modifier", "range") == "roll_plus"
    if literal:
        # the literal reading: the modifier is added to the die, so a plus makes it harder
        face = ctx.roll("d10", f"{spec['purpose']} (level 0-{top}, {modifier:+d} to the die): {succeeds_on(top - modifier)}", modifier=modifier)
        outcome = "success" if face + modifier <= top else "failure"
    else:
        level = f"level 0-{top}{modifier:+d}" if modifier else f"level 0-{top}"
        face = ctx.roll("d10", f"{spec['purpose']} ({level}): {succeeds_on(top + modifier)}")
        outcome = "success" if face <= top + modifier else "failure"
    luck = _activation_luck(top + modifier if not literal else top - modifier, outcome) if ctx.record else None
    ctx.explain_roll("activated" if outcome == "success" else "nothing activated", luck=luck)
    return outcome


def _activation_luck(highest: int, outcome: str) -> dict[str, Any]:
    """For the luck audit, the companion reads an Activation Check as better failed (no
    German comes in): a reading of the player's interest, not a rule of the game."""
    from fractions import Fraction

    from paragraphs.luck import order_luck

    activated = Fraction(max(0, min(10, highest + 1)), 10)
    return order_luck({"success": activated, "failure": 1 - activated}, ("success", "failure"), outcome)


# --------------------------------------------------------------------------- Footing Check


def resolve_footing(ctx: Context, spec: Mapping[str, Any]) -> str:
    """Rules 6.1: 0-8 safe (0-7 if wounded); otherwise a PC Check decides (unwounded) or he falls."""
    wounded = bool(ctx.value(spec.get("wounded", False)))
    safe = 7 if wounded else 8
    face = ctx.roll("d10", f"{spec['purpose']} (footing{', wounded' if wounded else ''}): 0-{safe} is safe" + ("" if wounded else ", 9 calls for a PC Check"))
    if face <= safe:
        ctx.explain_roll("safe")
        return "success"
    if wounded:
        ctx.explain_roll("he falls")
        return "failure"
    ctx.explain_roll("a PC Check decides")
    pc = int(ctx.subject_answer("pc"))
    second = ctx.roll("d10", f"{spec['purpose']} (PC Check to catch himself, PC {pc}): {succeeds_on(pc)}")
    ctx.explain_roll("he catches himself" if second <= pc else "he falls")
    return "success" if second <= pc else "failure"


# --------------------------------------------------------------------------- reported checks


def resolve_reported(ctx: Context, spec: Mapping[str, Any]) -> str:
    key, prompt = REPORTED[str(spec["procedure"])]
    question = ctx.book.questions.get(key) or m.Question(key, prompt)
    return "success" if ctx.answer(question) else "failure"


def check_kinds() -> Iterator[CheckKind]:
    value: dict[str, object] = {}  # any value: a number, or a reference the engine resolves
    yield CheckKind(
        "pc",
        TITLE,
        resolve_pc,
        ("success", "failure", "exact"),
        {"type": "object", "properties": {"subject": {"enum": list(SUBJECT_KEYS)}, "modifier": value}, "additionalProperties": False},
        "PC Check: a d10 at or under the subject's PC plus the modifier.",
        pc_bounds,
        chances=pc_chances,
    )
    yield CheckKind(
        "activation",
        TITLE,
        resolve_activation,
        ("success", "failure"),
        {"type": "object", "properties": {"modifier": value}, "additionalProperties": False},
        "Activation Check: a d10 within the current Condition's Activation Level.",
        chances=activation_chances,
    )
    yield CheckKind(
        "footing",
        TITLE,
        resolve_footing,
        ("success", "failure"),
        {"type": "object", "properties": {"wounded": value}, "additionalProperties": False},
        "Footing Check for steep cliffs (rules 6.1).",
    )
    yield CheckKind(
        "reported",
        TITLE,
        resolve_reported,
        ("success", "failure"),
        {"type": "object", "required": ["procedure"], "properties": {"procedure": {"enum": list(REPORTED)}}, "additionalProperties": False},
        "A base-game check the player resolves and reports (accident, minefield, boobytrap, event, grenade strike).",
    )
