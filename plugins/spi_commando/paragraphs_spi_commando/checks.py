"""The title's check kinds: percentile rolls classified by what they decide, so exact odds
branch once per outcome instead of once per face (``Context.check``).

* ``spi_fire``: one fire's d100 ([10.0] procedure): ``killed`` at or under the kill
  percentage, ``wounded`` at or under the chance to hit, else ``missed``. A weapon with
  five fires is five such checks: 3^5 branches before the damage dice, not 100^5.
* ``spi_percent``: a d100 at or under a chance: ``success`` or ``failure`` (observation,
  panic, preservation, a blow's hit or kill).

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
