"""Rollers: one calling convention for every source of dice the raid rules use.

A rule function never rolls by itself: it takes a :class:`Roller` and calls
``roll(die, purpose)``. The same rule then runs

* under the paragraphs engine (:func:`context_roller`), which lets ``paragraphs odds``
  enumerate every face exactly;
* in an automatic game (:class:`PrngRoller`, seeded and fast);
* with the player's own dice typed on the command line (:class:`ScriptedRoller`).

So odds, the companion and the simulation cannot disagree about a rule.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Protocol, TypeVar

from paragraphs.dice import DiceConventions, Die, parse_die
from paragraphs.errors import UsageError

if TYPE_CHECKING:
    from paragraphs.context import Context

T = TypeVar("T")


class Roller(Protocol):
    """Something that rolls a die for a stated purpose.

    Args:
        die: notation (``d6``, ``d10``); a d10's faces follow the title's conventions.
        purpose: a few words saying what the roll is for (journaled).
        allowed: faces that count; any other face is rolled again.
    """

    def __call__(self, die: str, purpose: str, allowed: frozenset[int] | None = None) -> int: ...


@dataclass(frozen=True, slots=True)
class RollNote:
    """One roll as the journal shows it."""

    die: str
    value: int
    purpose: str

    def to_json(self) -> dict[str, object]:
        return {"die": self.die, "value": self.value, "purpose": self.purpose}


class _DiceBox:
    """Parsed dice under one title's conventions, cached by notation."""

    def __init__(self, conventions: DiceConventions) -> None:
        self.conventions = conventions
        self._dice: dict[str, Die] = {}

    def get(self, notation: str) -> Die:
        die = self._dice.get(notation)
        if die is None:
            die = self._dice[notation] = parse_die(notation, self.conventions)
        return die


_TWO32 = 1 << 32


class _Draw:
    """One die code made ready for :class:`PrngRoller`: each physical die's faces with
    the rejection limit :meth:`paragraphs.dice.Prng.below` works out at every roll."""

    def __init__(self, die: Die) -> None:
        self.die = die
        self.name = die.name
        self.plain = die.plain
        self.parts = [(faces, len(faces), _TWO32 - _TWO32 % len(faces)) for faces in die.parts]


class PrngRoller:
    """Seeded rolls for automatic games; every roll can be noted for the journal.

    The rolls are those of ``paragraphs.dice.Prng(seed).roll(die)``, bit for bit: the
    same Mersenne Twister seeded the same way, one 32-bit word per draw, the words at or
    above the largest multiple of the die's faces drawn again, the face ``word % faces``.
    The algorithm is written out here rather than called because this module is compiled
    in the compiled build and the core is not: a call to ``Prng.roll`` ran an interpreted
    frame for every die of an automatic game (tests/test_dice.py holds the two together).

    Args:
        seed: the game's seed (``paragraphs.dice.derive_seed`` for game ``i`` of a series).
        conventions: how the title reads its dice (a d10 shows 0-9 or 1-10).
        notes: when given, every roll is appended to it (the caller empties it per entry).
    """

    def __init__(self, seed: int, conventions: DiceConventions | None = None, notes: list[RollNote] | None = None) -> None:
        self.box = _DiceBox(conventions or DiceConventions())
        self.notes = notes
        self._words: Callable[[int], int] = random.Random(int(seed)).getrandbits
        self._draws: dict[str, _Draw] = _draws_for(self.box.conventions)

    def __call__(self, die: str, purpose: str, allowed: frozenset[int] | None = None) -> int:
        d = self._draws.get(die)
        if d is None:
            d = self._draws[die] = _Draw(self.box.get(die))
        while True:
            face = self._draw(d)
            if self.notes is not None:
                self.notes.append(RollNote(d.name, face, purpose if allowed is None or face in allowed else purpose + " (roll again)"))
            if allowed is None or face in allowed:
                return face

    def face(self, die: str) -> int:
        """``self(die, purpose)`` with no notes to keep (:func:`quiet_prng`): the same draw,
        and no purpose asked for."""
        d = self._draws.get(die)
        if d is None:
            d = self._draws[die] = _Draw(self.box.get(die))
        return self._draw(d)

    def _draw(self, d: _Draw) -> int:
        words = self._words
        total = 0
        for faces, n, limit in d.parts:
            x = words(32)
            while x >= limit:
                x = words(32)
            total += faces[x % n]
        return total if d.plain else d.die.adjust(total)


# The draws made ready per conventions object, shared by the rollers made with it: a
# series makes a roller per game, and parsing a die runs the interpreted core (a _Draw
# only reads its die). Keyed by the object's id, the object kept with its draws, so an id
# is never that of another object; a few are kept (a title has one conventions object).
_DRAWS: Final[dict[int, tuple[DiceConventions, dict[str, _Draw]]]] = {}


def _draws_for(conventions: DiceConventions) -> dict[str, _Draw]:
    kept = _DRAWS.get(id(conventions))
    if kept is None or kept[0] is not conventions:
        if len(_DRAWS) >= 16:
            _DRAWS.clear()
        kept = _DRAWS[id(conventions)] = (conventions, {})
    return kept[1]


def quiet_prng(roll: Roller) -> PrngRoller | None:
    """``roll`` when it is a :class:`PrngRoller` keeping no notes (the games of a series,
    which keep no journal), else None.

    A rule rolling many dice then rolls them with :meth:`PrngRoller.face`: the same draws
    in the same order, without wording purposes nobody reads, and, in the compiled build,
    called natively rather than through Python's generic call of a :class:`Roller`.
    """
    if isinstance(roll, PrngRoller) and roll.notes is None:
        return roll
    return None


class DiceExhausted(UsageError):
    """A scripted list of dice ran out; the message names the roll that was needed."""


class ScriptedRoller:
    """Rolls typed by the player (``--dice 3,5,2``), used in order and checked against the die.

    Raises:
        DiceExhausted: when a roll is needed after the list is used up.
        UsageError: a value is not a face of the die it is used for.
    """

    def __init__(self, values: Iterable[int], conventions: DiceConventions | None = None, notes: list[RollNote] | None = None) -> None:
        self.values = list(values)
        self.used = 0
        self.box = _DiceBox(conventions or DiceConventions())
        self.notes = notes

    def __call__(self, die: str, purpose: str, allowed: frozenset[int] | None = None) -> int:
        d = self.box.get(die)
        while True:
            if self.used >= len(self.values):
                raise DiceExhausted(f"the dice ran out: roll {d.name} ({d.low}-{d.high}) for {purpose} is roll {self.used + 1}; give more values with --dice")
            value = self.values[self.used]
            self.used += 1
            if value not in d.distribution:
                raise UsageError(f"--dice value {value} (roll {self.used}) is not a face of {d.name} ({d.low}-{d.high}), needed for {purpose}")
            if self.notes is not None:
                self.notes.append(RollNote(d.name, value, purpose if allowed is None or value in allowed else purpose + " (roll again)"))
            if allowed is None or value in allowed:
                return value

    @property
    def unused(self) -> int:
        return len(self.values) - self.used


def context_roller(ctx: Context) -> Roller:
    """A roller that rolls through a paragraphs Context (so ``odds`` can enumerate it)."""

    def roll(die: str, purpose: str, allowed: frozenset[int] | None = None) -> int:
        return ctx.roll(die, purpose, allowed=set(allowed) if allowed is not None else None)

    return roll


def pick_at_random(options: Sequence[T], roll: Roller, purpose: str, die: str = "d6") -> T:
    """Choose one of ``options`` with equal chances, using only rolls of ``die``.

    The raid rules break ties "at random by rolling 1D6". With ``n`` options and a d6,
    option ``(face - 1) mod n`` is taken and faces above the largest multiple of ``n``
    are rolled again, so every option has the same chance. For two options an odd face
    picks the first and an even face the second (the Bruneval rule 8.2 example). More
    options than faces are handled by reading several rolls as digits of one number.

    Raises:
        ValueError: no options.
    """
    n = len(options)
    if n == 0:
        raise ValueError("pick_at_random needs at least one option")
    if n == 1:
        return options[0]
    sides = _sides(die)
    if n <= sides:
        usable = sides - sides % n
        face = roll(die, purpose, _faces_up_to(usable) if usable < sides else None)
        return options[(face - 1) % n]
    digits = 1
    while sides**digits < n:
        digits += 1
    span = sides**digits
    usable = span - span % n
    while True:
        value = 0
        for _ in range(digits):
            value = value * sides + roll(die, purpose) - 1
        if value < usable:
            return options[value % n]


# Ties are broken many times a game with the same die and option counts: the die's
# sides and the faces kept are worked out once. (Dictionaries rather than lru_cache: the
# compiled build reads one natively, and lru_cache's wrapper cost more than the work.)
_FACES_UP_TO: Final[dict[int, frozenset[int]]] = {}
_SIDES: Final[dict[str, int]] = {}


def _faces_up_to(usable: int) -> frozenset[int]:
    faces = _FACES_UP_TO.get(usable)
    if faces is None:
        faces = _FACES_UP_TO[usable] = frozenset(range(1, usable + 1))
    return faces


def _sides(die: str) -> int:
    sides = _SIDES.get(die)
    if sides is None:
        sides = _SIDES[die] = _read_sides(die)
    return sides


def _read_sides(die: str) -> int:
    # Only dice whose faces run 1..N: a d10 may show 0-9, which the mapping above
    # does not expect, and the raid rules only ever break ties with a d6.
    text = die.lower()
    if not text.startswith("d") or not text[1:].isdigit() or text in ("d10", "d100"):
        raise ValueError(f"pick_at_random needs a die numbered from 1 such as d6, not {die!r}")
    return int(text[1:])
