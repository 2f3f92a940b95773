"""Dice with their faces and exact distributions, and the three sources of rolls.

A die knows which faces it shows: a d10 is 0-9 in some titles and 1-10 in others, a
percentile roll is 00-99 or 1-100. Sums such as 2d6 keep their exact (triangular)
distribution. Rolls come from a seeded PRNG whose position can be saved, from a scripted
list (tests, replays), or from physical dice the player types in.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from paragraphs.foundation.dataclass_code import field
from functools import cached_property
# ``typing`` is not imported at run time here (start-up time)
TYPE_CHECKING = False

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # the standard decorator, its methods compiled once between runs (start-up time)
    from paragraphs.foundation.dataclass_code import dataclass

if TYPE_CHECKING:
    from fractions import Fraction
    from typing import Any

from paragraphs.foundation.errors import DiceError

_TWO32 = 1 << 32

#: Default face ranges; a title overrides them with its own conventions.
DEFAULT_CONVENTIONS: Mapping[str, tuple[int, int]] = {
    "d10": (0, 9),
    "d100": (0, 99),
}

# (patterns as text: re compiles and caches them on first use, not at every start-up)
_NOTATION = r"^(?P<count>[1-9][0-9]?)?d(?P<sides>[0-9]{1,6}|%)$"


@dataclass(frozen=True, slots=True)
class DiceConventions:
    """How a title reads its dice: the faces of a d10 and a d100, and how halving rounds.

    Attributes:
        d10_zero, d100_zero: what the zero face of the player's physical die means when the
            title reads the die 1-10 (``0`` = 10) or 1-100 (``00`` = 100); None when the
            title does not say (a typed 0 is then refused on such a die).
    """

    d10: tuple[int, int] = (0, 9)
    d100: tuple[int, int] = (0, 99)
    rounding: str = "floor"
    d10_zero: int | None = None
    d100_zero: int | None = None

    @classmethod
    def from_mapping(cls, data: Mapping[str, object] | None) -> DiceConventions:
        """Read ``{d10: "1-10", d100: "1-100", zero: {d10: 10, d100: 100}, rounding: floor}``."""
        if not data:
            return cls()

        def span(value: object, default: tuple[int, int]) -> tuple[int, int]:
            if value is None:
                return default
            lo, _, hi = str(value).partition("-")
            return int(lo), int(hi)

        default = cls()  # the class attributes are slot descriptors, not the defaults
        zero = data.get("zero")
        zero = zero if isinstance(zero, Mapping) else {}
        return cls(
            d10=span(data.get("d10"), default.d10),
            d100=span(data.get("d100"), default.d100),
            rounding=str(data.get("rounding", "floor")),
            d10_zero=_int_or_none(zero.get("d10")),
            d100_zero=_int_or_none(zero.get("d100")),
        )


def _int_or_none(value: object) -> int | None:
    return None if value is None else int(str(value))


#: Bounds on a die code: more faces or dice than this is a content error, not a hang.
MAX_SIDES = 1000
MAX_DICE = 99
MAX_FACES_TOTAL = 2000  # dice x sides: keeps the exact distribution cheap to build


@dataclass(frozen=True)
class Die:
    """A die, or a sum of identical dice, with its faces, an added constant and a floor.

    Attributes:
        name: the notation as written (``d6``, ``d10``, ``2d6``, ``d100``, ``2d6-2 min 0``).
        parts: the faces of each physical die that is summed; ``2d6`` has two parts.
        offset: added to the sum of the dice (``2d6-2`` has -2).
        minimum: the result is never below it (``min 0``), or None.
        zero: what a typed ``0`` (or ``00``) means on the player's die when 0 is not one
            of its faces (``10`` for a d10 read 1-10), or None.
    """

    name: str
    parts: tuple[tuple[int, ...], ...]
    offset: int = 0
    minimum: int | None = None
    zero: int | None = None

    @cached_property
    def plain(self) -> bool:
        """No constant and no floor: the result is the sum of the dice."""
        return self.offset == 0 and self.minimum is None

    @cached_property
    def raw_distribution(self) -> dict[int, Fraction]:
        """Exact probability of each sum of the dice as they land (before offset and floor)."""
        from fractions import Fraction  # only exact odds and lint need it

        counts: dict[int, int] = {0: 1}
        for faces in self.parts:
            nxt: dict[int, int] = {}
            for total, ways in counts.items():
                for face in faces:
                    nxt[total + face] = nxt.get(total + face, 0) + ways
            counts = nxt
        whole = sum(counts.values())
        return {value: Fraction(ways, whole) for value, ways in sorted(counts.items())}

    @cached_property
    def raw_faces(self) -> frozenset[int]:
        """Every sum the dice can show as they land (no fractions: reading a typed roll
        needs only these, and a short command need not import exact arithmetic)."""
        sums = {0}
        for faces in self.parts:
            sums = {total + face for total in sums for face in faces}
        return frozenset(sums)

    @cached_property
    def distribution(self) -> dict[int, Fraction]:
        """Exact probability of each result (sum, plus offset, at least the minimum)."""
        if self.plain:
            return self.raw_distribution
        out: dict[int, Fraction] = {}
        for raw, p in self.raw_distribution.items():
            value = self.adjust(raw)
            out[value] = out[value] + p if value in out else p
        return dict(sorted(out.items()))

    @cached_property
    def faces(self) -> tuple[int, ...]:
        """Every result this die can give, ascending (the keys of :attr:`distribution`,
        found without fractions: a prompt's range should not import exact arithmetic)."""
        return tuple(sorted(self._face_set))

    @cached_property
    def _face_set(self) -> frozenset[int]:
        return frozenset(self.adjust(raw) for raw in self.raw_faces)

    @property
    def low(self) -> int:
        return self.faces[0]

    @property
    def high(self) -> int:
        return self.faces[-1]

    def adjust(self, raw: int) -> int:
        """The result for a sum of the dice as they land."""
        value = raw + self.offset
        if self.minimum is not None and value < self.minimum:
            return self.minimum
        return value

    def check_face(self, value: int) -> int:
        """Return ``value`` if this die can give it as a result, else raise DiceError."""
        if value not in self._face_set:
            raise DiceError(f"{value} is not a face of {self.name} ({self.low}-{self.high})")
        return value

    def read(self, typed: int | str) -> int:
        """The result for what the player's dice show (a typed ``0`` follows the zero rule).

        The player types the dice as they land (the sum, for several dice); the constant
        and the floor of a die code are applied here.

        Raises:
            DiceError: not something these dice can show.
        """
        return self.adjust(self.landed(typed))

    def landed(self, typed: int | str) -> int:
        """The sum of the dice as they land for what the player typed (``0`` read by the zero rule).

        Raises:
            DiceError: not something these dice can show.
        """
        text = str(typed).strip()
        raw_faces = self.raw_faces
        if self.zero is not None and text in ("0", "00") and 0 not in raw_faces:
            return self.zero
        try:
            value = int(text)
        except ValueError:
            raise DiceError(f"{typed!r} is not a roll of {self.name}: type what the dice show ({self.reading_help()})") from None
        if value not in raw_faces:
            raise DiceError(f"{value} is not a face of {self.name} ({self.reading_help()})")
        return value

    def reading_help(self) -> str:
        """How to type this die: its range as it lands, the zero rule, and what is applied."""
        raw = sorted(self.raw_faces)
        text = f"{raw[0]}-{raw[-1]}"
        if self.zero is not None and 0 not in self.raw_faces:
            text += f", {'00' if self.zero >= 100 else '0'} = {self.zero}"
        if self.offset:
            text += f"; then {self.offset:+d}"
        if self.minimum is not None:
            text += f", at least {self.minimum}"
        return text

    def __str__(self) -> str:
        return self.name


_CODE = r"^(?P<die>[0-9]*d[0-9%]+)\s*(?:(?P<sign>[+-])\s*(?P<k>[0-9]{1,6}))?\s*(?:min\s*(?P<min>-?[0-9]{1,6}))?$"


def parse_die(notation: str, conventions: DiceConventions | None = None) -> Die:
    """Parse a die code under a title's conventions.

    ``d6``, ``d10``, ``2d6``, ``d100`` or ``d%``, optionally with a constant and a floor:
    ``2d6-2``, ``d6+1``, ``2d6-2 min 0``. A d10 and a d100 read as the title declares
    (0-9 or 1-10; 00-99 or 1-100, and what a typed 0 or 00 means).

    Raises:
        DiceError: the notation is not a die this library knows, or is unreasonably large.
    """
    conv = conventions or DiceConventions()
    text = " ".join(notation.strip().lower().split())
    plain = _plain_die(text)
    if plain is not None:  # the commonest codes, read as the patterns read them
        count, sides = plain
        code: Any = {"k": None, "sign": None, "min": None}
    else:
        code = re.match(_CODE, text)
        match = re.match(_NOTATION, code["die"]) if code else None
        if not code or not match:
            raise DiceError(f"cannot read die {notation!r}: write d6, d10, 2d6, d100, 2d6-2 or 2d6-2 min 0")
        count = int(match["count"] or 1)
        sides = match["sides"]
    zero = None
    if sides in ("100", "%"):
        lo, hi = conv.d100
        name = "d100"
        zero = conv.d100_zero
    elif sides == "10":
        lo, hi = conv.d10
        name = "d10"
        zero = conv.d10_zero
    else:
        n = int(sides)
        if n < 2:
            raise DiceError(f"cannot read die {notation!r}: a die needs at least two faces")
        if n > MAX_SIDES:
            raise DiceError(f"cannot read die {notation!r}: a die has at most {MAX_SIDES} faces")
        lo, hi = 1, n
        name = f"d{n}"
    if (hi - lo + 1) * count > MAX_FACES_TOTAL:
        raise DiceError(f"cannot read die {notation!r}: at most {MAX_FACES_TOTAL} faces in all (dice x faces)")
    offset = int(code["k"] or 0) * (-1 if code["sign"] == "-" else 1)
    minimum = int(code["min"]) if code["min"] is not None else None
    faces = tuple(range(lo, hi + 1))
    base = f"{count}{name}" if count > 1 else name
    label = base + (f"{offset:+d}" if offset else "") + (f" min {minimum}" if minimum is not None else "")
    return Die(name=label, parts=(faces,) * count, offset=offset, minimum=minimum, zero=zero)


_DIGITS = frozenset("0123456789")


def _plain_die(text: str) -> tuple[int, str] | None:
    """The count and sides of a code with neither constant nor floor (``d6``, ``2d6``,
    ``d%``) as ``_CODE`` and ``_NOTATION`` read it, or None for anything else (which the
    patterns then read, or refuse). Compiling those patterns is a quarter of a
    millisecond, at every start of a command that rolls."""
    count, d, sides = text.partition("d")
    if not d or not (sides == "%" or (0 < len(sides) <= 6 and _DIGITS.issuperset(sides))):
        return None
    if count and not (len(count) <= 2 and count[0] != "0" and _DIGITS.issuperset(count)):
        return None
    return int(count or 1), sides


def halve(value: int, rounding: str = "floor") -> int:
    """Halve a value with a title's rounding (``floor`` or ``ceil``)."""
    if rounding == "ceil":
        return -((-value) // 2)
    return value // 2


class Prng:
    """A seeded stream of 32-bit words whose position can be saved and restored exactly.

    Every draw consumes whole 32-bit words from Python's Mersenne Twister, so the stream
    is fully described by ``(seed, position)``: a loaded save continues the same rolls.
    """

    __slots__ = ("seed", "position", "_bits")

    def __init__(self, seed: int, position: int = 0) -> None:
        self.seed = int(seed)
        self.position = 0
        import random  # here: a read with the player's own dice never needs it

        rng = random.Random(self.seed)
        self._bits = rng.getrandbits
        if position:
            rng.getrandbits(32 * position)
            self.position = position

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` by rejection, with no modulo bias."""
        limit = _TWO32 - (_TWO32 % n)
        bits = self._bits
        while True:
            x = bits(32)
            self.position += 1
            if x < limit:
                return x % n

    def roll(self, die: Die) -> int:
        """Roll every part of ``die`` and sum."""
        parts = die.parts
        if len(parts) == 1 and die.plain:
            # one die (the common case), with the rejection sampling of below() inlined
            faces = parts[0]
            n = len(faces)
            limit = _TWO32 - (_TWO32 % n)
            bits = self._bits
            while True:
                x = bits(32)
                self.position += 1
                if x < limit:
                    return faces[x % n]
        total = 0
        for faces in parts:
            total += faces[self.below(len(faces))]
        return total if die.plain else die.adjust(total)

    def to_json(self) -> dict[str, int]:
        return {"seed": self.seed, "position": self.position}

    @classmethod
    def from_json(cls, data: Mapping[str, int]) -> Prng:
        return cls(int(data["seed"]), int(data.get("position", 0)))


class MissingRoll(Exception):
    """Internal signal: a dice source has no value for this roll yet."""

    def __init__(self, die: Die, purpose: str) -> None:
        self.die = die
        self.purpose = purpose
        super().__init__(f"needs a {die.name} roll for {purpose}")


class DiceSource:
    """Where rolls come from. Subclasses implement :meth:`roll`."""

    #: Shown in the journal: ``seeded``, ``scripted`` or ``physical``.
    kind = "abstract"

    def roll(self, die: Die, purpose: str) -> int:  # pragma: no cover - interface
        raise NotImplementedError

    def bind(self, prng_state: dict[str, int] | None) -> DiceSource:
        """A fresh source for one resolution, given the PRNG position saved in the state."""
        return self

    def prng_state(self) -> dict[str, int] | None:
        """The PRNG position to save after a resolution, or None when no PRNG is used."""
        return None

    def commit(self) -> None:
        """Called when the resolution this bound source served is kept (status done)."""

    def quick_roller(self) -> Callable[[Die], int] | None:
        """A ``die -> face`` function for the fast mode, or None when rolls must go
        through :meth:`roll` (scripted and physical dice: they check or ask)."""
        return None


class SeededDice(DiceSource):
    """Rolls from a PRNG; its position is part of the saved state.

    A state that already holds a PRNG position continues that stream; otherwise the
    stream starts from ``seed``.

    Seeding the PRNG and moving it to a saved position cost more than a short resolution
    (and the move grows with the position): the stream a kept resolution leaves is kept
    here, and the next resolution whose state is at exactly that seed and position draws
    on from it instead of seeding again. The stream is a function of (seed, position)
    alone, so the rolls are the same either way.
    """

    kind = "seeded"

    def __init__(self, seed: int | None = None, *, _prng: Prng | None = None, _parent: SeededDice | None = None) -> None:
        if seed is None:
            import random

            seed = random.SystemRandom().randrange(1 << 63)
        self.seed = seed
        self._prng = _prng
        self._parent = _parent
        #: The stream the last kept resolution left (at its position), or None.
        self._kept: Prng | None = None

    def bind(self, prng_state: dict[str, int] | None) -> SeededDice:
        kept = self._kept
        if kept is not None and prng_state and prng_state.get("position") == kept.position and prng_state.get("seed") == kept.seed:
            # handed over: only one bound source at a time draws from a kept stream
            self._kept = None
            prng = kept
        else:
            prng = Prng.from_json(prng_state) if prng_state else Prng(self.seed)
        return SeededDice(self.seed, _prng=prng, _parent=self)

    def commit(self) -> None:
        if self._parent is not None and self._prng is not None:
            self._parent._kept = self._prng

    def roll(self, die: Die, purpose: str) -> int:
        if self._prng is None:
            self._prng = Prng(self.seed)
        return self._prng.roll(die)

    def prng_state(self) -> dict[str, int] | None:
        return self._prng.to_json() if self._prng else None

    def quick_roller(self) -> Callable[[Die], int] | None:
        if self._prng is None:
            self._prng = Prng(self.seed)
        return self._prng.roll


class ScriptedDice(DiceSource):
    """Rolls from a list, in order: tests, replays and ``--dice 3,7,...``.

    Each value is what the dice show, read like a player's own dice (:meth:`Die.read`: a
    ``0`` follows the title's zero rule, a die code's constant and floor are applied).
    When the list runs out, the resolution stops and asks for the next roll.
    """

    kind = "scripted"

    def __init__(self, values: Iterable[int], *, _parent: ScriptedDice | None = None) -> None:
        self.values = list(values)
        self.used = 0
        self._parent = _parent

    def bind(self, prng_state: dict[str, int] | None) -> ScriptedDice:
        # A resolution that stops for an answer must not use up dice: it works on a copy
        # of the remaining values and only a kept resolution advances this list.
        return ScriptedDice(self.values[self.used :], _parent=self)

    def commit(self) -> None:
        if self._parent is not None:
            self._parent.used += self.used

    def roll(self, die: Die, purpose: str) -> int:
        if self.used >= len(self.values):
            raise MissingRoll(die, purpose)
        value = die.read(self.values[self.used])
        self.used += 1
        return value

    @property
    def unused(self) -> int:
        return len(self.values) - self.used


@dataclass
class PhysicalDice(DiceSource):
    """Rolls the player makes with real dice and types in.

    Args:
        ask: called with the die and the purpose; returns the face read off the table.
            Without it, every roll stops the resolution with a question for the roll.
    """

    ask: Callable[[Die, str], int] | None = None
    kind: str = field(default="physical", init=False)

    def roll(self, die: Die, purpose: str) -> int:
        if self.ask is None:
            raise MissingRoll(die, purpose)
        return die.read(self.ask(die, purpose))


def derive_seed(base: int, index: int) -> int:
    """The seed of game ``index`` in a series started from ``base`` (independent of jobs)."""
    from paragraphs.foundation.digests import sha256

    digest = sha256(f"paragraphs:{base}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def compare_total(total: int, target: int, compare: str) -> bool:
    """Whether a check's ``total`` succeeds against ``target`` by the ``compare`` rule
    (``at_or_under``, ``under``, ``at_or_over``, ``over``)."""
    if compare == "at_or_under":
        return total <= target
    if compare == "under":
        return total < target
    if compare == "at_or_over":
        return total >= target
    if compare == "over":
        return total > target
    raise ValueError(f"unknown comparison {compare!r}")
