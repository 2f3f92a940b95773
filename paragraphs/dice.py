"""Dice with their faces and exact distributions, and the three sources of rolls.

A die knows which faces it shows: a d10 is 0-9 in some titles and 1-10 in others, a
percentile roll is 00-99 or 1-100. Sums such as 2d6 keep their exact (triangular)
distribution. Rolls come from a seeded PRNG whose position can be saved, from a scripted
list (tests, replays), or from physical dice the player types in.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fractions import Fraction

from paragraphs.errors import DiceError

_TWO32 = 1 << 32

#: Default face ranges; a title overrides them with its own conventions.
DEFAULT_CONVENTIONS: Mapping[str, tuple[int, int]] = {
    "d10": (0, 9),
    "d100": (0, 99),
}

_NOTATION = re.compile(r"^(?P<count>[1-9][0-9]?)?d(?P<sides>[0-9]+|%)$")


@dataclass(frozen=True, slots=True)
class DiceConventions:
    """How a title reads its dice: the faces of a d10 and a d100, and how halving rounds."""

    d10: tuple[int, int] = (0, 9)
    d100: tuple[int, int] = (0, 99)
    rounding: str = "floor"

    @classmethod
    def from_mapping(cls, data: Mapping[str, object] | None) -> DiceConventions:
        """Read ``{d10: "0-9", d100: "00-99", rounding: floor}`` from content."""
        if not data:
            return cls()

        def span(value: object, default: tuple[int, int]) -> tuple[int, int]:
            if value is None:
                return default
            lo, _, hi = str(value).partition("-")
            return int(lo), int(hi)

        default = cls()  # the class attributes are slot descriptors, not the defaults
        return cls(
            d10=span(data.get("d10"), default.d10),
            d100=span(data.get("d100"), default.d100),
            rounding=str(data.get("rounding", "floor")),
        )


@dataclass(frozen=True)
class Die:
    """A die, or a sum of identical dice, with its faces.

    Attributes:
        name: the notation as written (``d6``, ``d10``, ``2d6``, ``d100``).
        parts: the faces of each physical die that is summed; ``2d6`` has two parts.
    """

    name: str
    parts: tuple[tuple[int, ...], ...]

    @cached_property
    def distribution(self) -> dict[int, Fraction]:
        """Exact probability of each value (faces summed over the parts)."""
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
    def faces(self) -> tuple[int, ...]:
        """Every value this die can show, ascending."""
        return tuple(self.distribution)

    @property
    def low(self) -> int:
        return self.faces[0]

    @property
    def high(self) -> int:
        return self.faces[-1]

    def check_face(self, value: int) -> int:
        """Return ``value`` if this die can show it, else raise DiceError."""
        if value not in self.distribution:
            raise DiceError(f"{value} is not a face of {self.name} ({self.low}-{self.high})")
        return value

    def __str__(self) -> str:
        return self.name


def parse_die(notation: str, conventions: DiceConventions | None = None) -> Die:
    """Parse ``d6``, ``d10``, ``2d6``, ``d100`` or ``d%`` under a title's conventions.

    Raises:
        DiceError: the notation is not a die this library knows.
    """
    conv = conventions or DiceConventions()
    text = notation.strip().lower()
    match = _NOTATION.match(text)
    if not match:
        raise DiceError(f"cannot read die {notation!r}: write d6, d10, 2d6 or d100")
    count = int(match["count"] or 1)
    sides = match["sides"]
    if sides in ("100", "%"):
        lo, hi = conv.d100
        name = "d100"
    elif sides == "10":
        lo, hi = conv.d10
        name = "d10"
    else:
        n = int(sides)
        if n < 2:
            raise DiceError(f"cannot read die {notation!r}: a die needs at least two faces")
        lo, hi = 1, n
        name = f"d{n}"
    faces = tuple(range(lo, hi + 1))
    return Die(name=f"{count}{name}" if count > 1 else name, parts=(faces,) * count)


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
        if len(parts) == 1:
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
        return total

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
    """

    kind = "seeded"

    def __init__(self, seed: int | None = None, *, _prng: Prng | None = None) -> None:
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1 << 63)
        self._prng = _prng

    def bind(self, prng_state: dict[str, int] | None) -> SeededDice:
        prng = Prng.from_json(prng_state) if prng_state else Prng(self.seed)
        return SeededDice(self.seed, _prng=prng)

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

    Each value is checked against the faces of the die it is used for. When the list runs
    out, the resolution stops and asks for the next roll.
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
        value = die.check_face(int(self.values[self.used]))
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
        return die.check_face(int(self.ask(die, purpose)))


def derive_seed(base: int, index: int) -> int:
    """The seed of game ``index`` in a series started from ``base`` (independent of jobs)."""
    import hashlib

    digest = hashlib.sha256(f"paragraphs:{base}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")
