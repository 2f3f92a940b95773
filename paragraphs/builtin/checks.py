"""The core check kinds: a roll against a target, and an opposed roll.

``target``: roll ``die`` plus ``modifier`` and compare with ``target`` (plus
``target_modifier``) by ``compare``: ``at_or_under`` (default), ``under``, ``at_or_over``
or ``over``. When the total equals the target exactly and the comparison includes
equality, the outcome is ``exact`` (content without an ``exact`` branch treats it as
``success``).

``opposed``: each side adds its die to its value and modifier; the higher total wins, and
``ties`` says who wins an equal total (``attacker`` by default).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache
# ``typing`` and pluggy are not imported at run time here: the core's plugins are loaded by
# every command, and a read served by the plugin index needs neither (start-up time)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from fractions import Fraction
    from typing import Any

    from paragraphs.foundation.markers import hookimpl
else:
    from paragraphs.foundation.core_marker import hookimpl

from paragraphs.book.dice import compare_total
from paragraphs.pluginhost.records import CheckKind

_VALUE = {"$ref": "https://paragraphs.dev/schemas/core/book.schema.json#/$defs/value"}
_COMPARE = {"enum": ["at_or_under", "under", "at_or_over", "over"]}
_SIDE = {
    "type": "object",
    "required": ["value"],
    "properties": {"value": _VALUE, "die": {"type": "string"}, "modifier": _VALUE},
    "additionalProperties": False,
}


def resolve_target(ctx: Any, spec: Mapping[str, Any]) -> str:
    target = ctx.number(spec["target"]) + ctx.number(spec.get("target_modifier", 0))
    modifier = ctx.number(spec.get("modifier", 0))
    compare = str(spec.get("compare", "at_or_under"))
    face = ctx.roll(spec.get("die", "d10"), spec["purpose"], modifier=modifier)
    total = face + modifier
    if total == target and compare in ("at_or_under", "at_or_over"):
        return "exact"
    return "success" if compare_total(total, target, compare) else "failure"


def prepare_target(spec: Mapping[str, Any], engine: Any) -> Any:
    """A closure for a target check whose numbers are all written in the content."""
    numbers = [spec.get(k, 0) for k in ("target", "target_modifier", "modifier")]
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in numbers):
        return None
    threshold = numbers[0] + numbers[1]
    modifier = numbers[2]
    compare = str(spec.get("compare", "at_or_under"))
    die = engine.die(str(spec.get("die", "d10")))
    purpose = spec["purpose"]
    inclusive = compare in ("at_or_under", "at_or_over")
    under = compare in ("at_or_under", "under")

    def run(ctx: Any) -> str:
        quick = ctx.quick
        total = (quick(die) if quick is not None else ctx.roll(die, purpose, modifier=modifier)) + modifier
        return _target_outcome(total, threshold, inclusive, under)

    if len(die.parts) == 1 and die.plain:
        # The outcome depends on the one face rolled and nothing else: the fast mode reads
        # it from this table, one entry per face (see CheckKind.prepare).
        run.face_outcomes = (die, tuple(_target_outcome(face + modifier, threshold, inclusive, under) for face in die.parts[0]))  # type: ignore[attr-defined]
    return run


def _target_outcome(total: int, threshold: int, inclusive: bool, under: bool) -> str:
    """As the prepared target check decides (for its table of outcomes by face)."""
    if total == threshold:
        return "exact" if inclusive else "failure"
    return "success" if (total < threshold) == under else "failure"


def chances_target(ctx: Any, spec: Mapping[str, Any]) -> dict[str, Fraction]:
    """Exact outcome probabilities of a target check (agrees with :func:`resolve_target`)."""
    target = ctx.number(spec["target"]) + ctx.number(spec.get("target_modifier", 0))
    modifier = ctx.number(spec.get("modifier", 0))
    compare = str(spec.get("compare", "at_or_under"))
    return dict(_target_chances(ctx.die(str(spec.get("die", "d10"))), target, modifier, compare))


@lru_cache(maxsize=4096)
def _target_chances(die: Any, target: int, modifier: int, compare: str) -> tuple[tuple[str, Fraction], ...]:
    from fractions import Fraction

    out: dict[str, Fraction] = {}
    for face, p in die.distribution.items():
        total = face + modifier
        if total == target and compare in ("at_or_under", "at_or_over"):
            name = "exact"
        else:
            name = "success" if compare_total(total, target, compare) else "failure"
        out[name] = out.get(name, Fraction(0)) + p
    return tuple(out.items())


def target_bounds(spec: Mapping[str, Any], book: Any) -> tuple[Fraction, Fraction] | None:
    from paragraphs.pipeline import lint
    from paragraphs.book import model as m

    if str(spec.get("compare", "at_or_under")) not in _COMPARE["enum"]:
        return None  # reported by the schema (CHECK003); no bounds for an unknown comparison
    target = spec.get("target")
    extra = spec.get("target_modifier")
    if extra is not None:
        target = m.SumOf((_ref(target), _ref(extra)))
    return lint.target_bounds(book, str(spec.get("die", "d10")), _ref(target), _ref(spec.get("modifier", 0)), str(spec.get("compare", "at_or_under")))


def _ref(value: Any) -> Any:
    from paragraphs.book import model as m

    if isinstance(value, (int, bool)) or value is None:
        return m.Literal(value or 0)
    return value


def resolve_opposed(ctx: Any, spec: Mapping[str, Any]) -> str:
    totals = []
    for side in ("attack", "defence"):
        body = spec[side]
        base = ctx.number(body["value"]) + ctx.number(body.get("modifier", 0))
        face = ctx.roll(body.get("die", "d6"), f"{spec['purpose']}: {side}", modifier=base)
        totals.append(base + face)
    attack, defence = totals
    ties = spec.get("ties", "attacker")
    if attack > defence or (attack == defence and ties == "attacker"):
        return "attacker_wins"
    return "defender_wins"


@hookimpl
def paragraphs_register_check_kinds() -> Iterator[CheckKind]:
    yield CheckKind(
        id="target",
        title=None,
        resolve=resolve_target,
        outcomes=("success", "failure", "exact"),
        schema={
            "type": "object",
            "required": ["target"],
            "properties": {
                "die": {"type": "string"},
                "target": _VALUE,
                "target_modifier": _VALUE,
                "modifier": _VALUE,
                "compare": _COMPARE,
            },
            "additionalProperties": False,
        },
        doc="Roll a die plus modifiers against a target number.",
        bounds=target_bounds,
        prepare=prepare_target,
        chances=chances_target,
    )
    yield CheckKind(
        id="opposed",
        title=None,
        resolve=resolve_opposed,
        outcomes=("attacker_wins", "defender_wins"),
        schema={
            "type": "object",
            "required": ["attack", "defence"],
            "properties": {"attack": _SIDE, "defence": _SIDE, "ties": {"enum": ["attacker", "defender"]}},
            "additionalProperties": False,
        },
        doc="Attack value plus a die against defence value plus a die; ties as declared.",
    )
