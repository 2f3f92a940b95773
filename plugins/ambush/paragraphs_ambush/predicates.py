"""The predicates Ambush! adds: Condition, phase, mover, hex entered from, GAN parity, LOS.

Each reads the record sheet first; what the sheet does not know is asked (by the keys
``condition``, ``phase``, ``mover``, ``entered_from``, ``gan``, ``los``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from paragraphs import model as m
from paragraphs.context import Context
from paragraphs.records import PredicateKind

from paragraphs_ambush import TITLE
from paragraphs_ambush.gan import current_gan

HEX = {"type": "string", "pattern": r"^[A-Y]-[0-9]{1,2}$"}


def _as_list(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list) else [value]


def condition(ctx: Context, args: Any) -> bool:
    """Holds when the current Condition is one of those named."""
    return ctx.read_value("condition") in [int(v) for v in _as_list(args)]


def phase(ctx: Context, args: Any) -> bool:
    """Operations or Rounds."""
    return ctx.read_value("phase") == args


def mover(ctx: Context, args: Any) -> bool:
    """Whether a soldier or a vehicle is moving (movement references)."""
    return ctx.answer("mover") == args


def entered_from(ctx: Context, args: Any) -> bool:
    """Whether the mover entered this hex directly from one of the named hexes.

    The question offers only the hexes this paragraph names (plus "another hex"), so the
    odds split as few ways as the paragraph does; ``--answer entered_from=F-4`` also works.
    """
    hexes = _as_list(args)
    known = ctx.answers.get("entered_from")
    if known is None:
        named = _hexes_named(ctx.book, ctx.paragraph)
        q = m.Question("entered_from", "Which hex did the mover enter this hex from?", m.CHOICE, choices=tuple((h, h) for h in named) + (("other", "another hex"),))
        known = ctx.answer(q)
    return known in hexes


_NAMED: dict[tuple[int, str], list[str]] = {}


def _hexes_named(book: Any, paragraph: str) -> list[str]:
    """Every hex the paragraph's ``entered_from`` tests name (one question covers them all)."""
    key = (id(book), paragraph)
    if key not in _NAMED:
        found: set[str] = set()
        par = book.paragraphs.get(paragraph)
        for step in m.walk_steps(par.steps if par else ()):
            for pred in m.step_predicates(step):
                for p in m.walk_predicate(pred):
                    if isinstance(p, m.TitlePredicate) and p.kind == "entered_from":
                        found.update(_as_list(p.args))
        _NAMED[key] = sorted(found)
    return _NAMED[key]


def gan(ctx: Context, args: Any) -> bool:
    """The current German Action Number is odd or even (or one of a list)."""
    value = current_gan(ctx)
    if args == "odd":
        return value % 2 == 1
    if args == "even":
        return value % 2 == 0
    return value in [int(v) for v in _as_list(args)]


def los(ctx: Context, args: Any) -> bool:
    """The current visibility (hexes beyond a soldier's own) equals N."""
    return ctx.read_value("los") == int(args)


def predicate_kinds() -> Iterator[PredicateKind]:
    ints = {"oneOf": [{"type": "integer", "minimum": 1, "maximum": 4}, {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 4}, "minItems": 1}]}
    yield PredicateKind("condition", TITLE, ints, condition, doc=condition.__doc__ or "")
    yield PredicateKind("phase", TITLE, {"enum": ["operations", "rounds"]}, phase, doc=phase.__doc__ or "")
    yield PredicateKind("mover", TITLE, {"enum": ["soldier", "vehicle"]}, mover, doc=mover.__doc__ or "")
    yield PredicateKind("entered_from", TITLE, {"oneOf": [HEX, {"type": "array", "items": HEX, "minItems": 1}]}, entered_from, doc=(entered_from.__doc__ or "").split("\n")[0])
    yield PredicateKind("gan", TITLE, {"oneOf": [{"enum": ["odd", "even"]}, {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 9}}]}, gan, doc=gan.__doc__ or "")
    yield PredicateKind("los", TITLE, {"type": "integer", "minimum": 1}, los, doc=los.__doc__ or "")
