"""The title's check kinds: percentile rolls classified by what they decide, so exact odds
branch once per outcome instead of once per face (``Context.check``).

* ``spi_fire``: one fire's d100 ([10.0] procedure): ``killed`` at or under the kill
  percentage, ``wounded`` at or under the chance to hit, else ``missed``. A weapon with
  five fires is five such checks: 3^5 branches before the damage dice, not 100^5.
* ``spi_percent``: a d100 at or under a chance: ``success`` or ``failure`` (observation,
  panic, preservation, a blow's hit or kill).
* ``spi_dice``: a dice code's total, one at least (an explosive's 6D10 is 51 totals under
  odds, not a million faces).
* ``spi_volley``: every fire of one fire task at one man with the damage of its hits
  ([10.42], [10.51]-[10.54]): ``killed``, ``missed`` or ``wounded N`` (the wound points of
  all its hits). Under exact odds a five-fire weapon is one branch per total instead of
  one per fire and damage die, so its odds stay exact inside a session too, where the
  magazine check and the target's record follow the fire (issue 15, part 5).

In play each check rolls its d100 through the context (seeded, scripted or typed), says
what it meant, and is journaled like any roll.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from fractions import Fraction
from typing import Any

from paragraphs.records import CheckKind

TITLE = "spi_commando"
_NUMBER = {"type": "integer", "minimum": 0, "maximum": 100}


def _clamp(value: Any) -> int:
    return max(0, min(int(value), 100))


def resolve_fire(ctx: Any, spec: Mapping[str, Any]) -> str:
    from paragraphs_spi_commando.rules.fire import shot

    outcome = shot(int(spec["chance"]), int(spec.get("kill", 0)), ctx.roll("d100", spec["purpose"]))
    ctx.explain_roll(outcome)
    return outcome


def chances_fire(ctx: Any, spec: Mapping[str, Any]) -> dict[str, Fraction]:
    """Exact chances of one fire: the kill band lies inside the hit band (L321)."""
    chance, kill = _clamp(spec["chance"]), _clamp(spec.get("kill", 0))
    kill = min(kill, max(chance, kill))
    out = {"killed": Fraction(kill, 100), "wounded": Fraction(max(chance - kill, 0), 100), "missed": Fraction(100 - max(chance, kill), 100)}
    return {k: v for k, v in out.items() if v}


def resolve_percent(ctx: Any, spec: Mapping[str, Any]) -> str:
    ok = ctx.roll("d100", spec["purpose"]) <= int(spec["chance"])
    meaning = spec.get("success" if ok else "failure")
    if meaning:
        ctx.explain_roll(str(meaning))
    return "success" if ok else "failure"


def chances_percent(ctx: Any, spec: Mapping[str, Any]) -> dict[str, Fraction]:
    chance = _clamp(spec["chance"])
    out = {"success": Fraction(chance, 100), "failure": Fraction(100 - chance, 100)}
    return {k: v for k, v in out.items() if v}


def _damage_code(ctx: Any, spec: Mapping[str, Any]) -> Any:
    """The dice code of a hit of the spec's fire row ([10.51]); read when first needed, so
    a cell the seed lacks is asked only when a fire wounds."""
    from paragraphs_spi_commando.procedures import _charts
    from paragraphs_spi_commando.rules.dice import DiceCode

    return DiceCode.parse(str(_charts(ctx).value("fire_combat", str(spec["row"]), "damage")))


def resolve_volley(ctx: Any, spec: Mapping[str, Any]) -> str:
    """Roll each fire's d100 in turn, and each hit's damage dice at once ([10.51]); the
    first kill ends the task. ``kill_at`` asks for the fire that killed (``killed at 3``),
    which spray fire needs to move the fires left (ruling R27)."""
    from paragraphs_spi_commando.rules.fire import shot

    chance, kill = int(spec["chance"]), int(spec.get("kill", 0))
    first = int(spec.get("first", 1))
    code = None
    total = 0
    for n in range(int(spec["fires"])):
        outcome = shot(chance, kill, ctx.roll("d100", f"{spec['purpose']} ({first + n})"))
        ctx.explain_roll(outcome)
        if outcome == "killed":
            return f"killed at {n + 1}" if spec.get("kill_at") else "killed"
        if outcome == "wounded":
            code = code or _damage_code(ctx, spec)
            total += code.total([ctx.roll(f"d{code.sides}", str(spec["damage_purpose"])) for _ in range(code.count)], minimum=1)
    return f"wounded {total}" if total else "missed"


def hit_damage(code: Any) -> dict[int, Fraction]:
    """Wound points of one hit: the code's dice summed, one at least ([10.53])."""
    dist: dict[int, Fraction] = {code.bonus: Fraction(1)}
    for _ in range(code.count):
        nxt: dict[int, Fraction] = {}
        for value, p in dist.items():
            for face in range(1, code.sides + 1):
                nxt[value + face] = nxt.get(value + face, Fraction(0)) + p / code.sides
        dist = nxt
    out: dict[int, Fraction] = {}
    for value, p in dist.items():
        out[max(value, 1)] = out.get(max(value, 1), Fraction(0)) + p
    return out


def chances_volley(ctx: Any, spec: Mapping[str, Any]) -> dict[str, Fraction]:
    """Exact chances of a whole fire task: fire by fire, the wound points so far or the
    fire that killed. The damage code is read up front (every multi-fire row the seed
    lost lacks its chances too, so no odds lose a branch by it)."""
    chance, kill = _clamp(spec["chance"]), _clamp(spec.get("kill", 0))
    p_kill = Fraction(kill, 100)
    p_wound = Fraction(max(chance - kill, 0), 100)
    p_miss = Fraction(100 - max(chance, kill), 100)
    per_hit = hit_damage(_damage_code(ctx, spec)) if p_wound else {}
    so_far: dict[int, Fraction] = {0: Fraction(1)}
    out: dict[str, Fraction] = {}
    for n in range(int(spec["fires"])):
        alive = sum(so_far.values(), Fraction(0))
        if p_kill:
            label = f"killed at {n + 1}" if spec.get("kill_at") else "killed"
            out[label] = out.get(label, Fraction(0)) + alive * p_kill
        nxt: dict[int, Fraction] = {}
        for wp, p in so_far.items():
            if p_miss:
                nxt[wp] = nxt.get(wp, Fraction(0)) + p * p_miss
            for more, q in per_hit.items():
                nxt[wp + more] = nxt.get(wp + more, Fraction(0)) + p * p_wound * q
        so_far = nxt
    for wp, p in so_far.items():
        label = f"wounded {wp}" if wp else "missed"
        out[label] = out.get(label, Fraction(0)) + p
    return {k: v for k, v in out.items() if v}


def resolve_dice(ctx: Any, spec: Mapping[str, Any]) -> str:
    """A dice code's total, each die rolled (and journaled) in turn, one at least."""
    from paragraphs_spi_commando.rules.dice import DiceCode

    code = DiceCode.parse(str(spec["dice"]))
    return str(code.total([ctx.roll(f"d{code.sides}", str(spec["purpose"])) for _ in range(code.count)], minimum=1))


def chances_dice(ctx: Any, spec: Mapping[str, Any]) -> dict[str, Fraction]:
    from paragraphs_spi_commando.rules.dice import DiceCode

    return {str(k): v for k, v in sorted(hit_damage(DiceCode.parse(str(spec["dice"]))).items())}


def check_kinds() -> Iterator[CheckKind]:
    yield CheckKind(
        id="spi_fire",
        title=TITLE,
        resolve=resolve_fire,
        outcomes=("killed", "wounded", "missed"),
        schema={"type": "object", "required": ["chance"], "properties": {"chance": _NUMBER, "kill": _NUMBER}, "additionalProperties": False},
        doc="One fire's d100 (1-100): killed at or under the kill percentage, wounded at or under the chance to hit, else missed ([10.0]).",
        chances=chances_fire,
    )
    yield CheckKind(
        id="spi_percent",
        title=TITLE,
        resolve=resolve_percent,
        outcomes=("success", "failure"),
        schema={"type": "object", "required": ["chance"], "properties": {"chance": _NUMBER, "success": {"type": "string"}, "failure": {"type": "string"}}, "additionalProperties": False},
        doc="A d100 (1-100) at or under a chance: success, else failure.",
        chances=chances_percent,
    )
    yield CheckKind(
        id="spi_volley",
        title=TITLE,
        resolve=resolve_volley,
        outcomes=("killed", "wounded", "missed"),
        schema={
            "type": "object",
            "required": ["chance", "fires", "row", "damage_purpose"],
            "properties": {"chance": _NUMBER, "kill": _NUMBER, "fires": {"type": "integer", "minimum": 1}, "first": {"type": "integer", "minimum": 1}, "row": {"type": "string"}, "damage_purpose": {"type": "string"}, "kill_at": {"type": "boolean"}},
            "additionalProperties": False,
        },
        doc="Every fire of one fire task, each a d100 (killed, wounded, missed), with the damage dice of each hit: killed, wounded N (wound points in all), or missed ([10.42], [10.51]).",
        chances=chances_volley,
    )
    yield CheckKind(
        id="spi_dice",
        title=TITLE,
        resolve=resolve_dice,
        outcomes=(),
        schema={"type": "object", "required": ["dice"], "properties": {"dice": {"type": "string"}}, "additionalProperties": False},
        doc="A dice code's total (4D10, 2D6-2...), one at least: exact odds branch once per total, not once per die ([4.0], [11.76]).",
        chances=chances_dice,
    )
