"""Dice as case [4.0] reads them, dice codes such as ``2D6-2``, and the two halvings.

A d10 shows 1 to 0 and its 0 counts as 10 (L147); a d100 is read from a green (tens) and
a yellow (units) d10, and 00 is 100 (L148-L149). A dice code ``NDx+k`` sums N dice and
adds k (L150).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from paragraphs.errors import ParagraphsError

_CODE = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*(?:([+\-−])\s*(\d+))?\s*$")


def d10_face(shown: int) -> int:
    """The value of a d10 that shows ``shown`` (0-9): a 0 counts as 10 ([4.0] L147)."""
    if not 0 <= shown <= 9:
        raise ParagraphsError(f"a d10 shows 0-9, not {shown}")
    return shown or 10


def d100_face(green: int, yellow: int) -> int:
    """The d100 read from the green (tens) and yellow (units) dice as they show (0-9):
    green 3 and yellow 9 read 39, 0 and 7 read 7, 0 and 0 read 100 ([4.0] L148-L149)."""
    if not (0 <= green <= 9 and 0 <= yellow <= 9):
        raise ParagraphsError(f"percentile dice show 0-9, not {green} and {yellow}")
    return 10 * green + yellow or 100


@dataclass(frozen=True, slots=True)
class DiceCode:
    """``count`` dice of ``sides`` faces plus ``bonus`` (which may be negative)."""

    count: int
    sides: int
    bonus: int = 0

    @classmethod
    def parse(cls, text: str) -> DiceCode:
        m = _CODE.match(str(text))
        if not m:
            raise ParagraphsError(f"not a dice code: {text!r} (expected e.g. 1D6, 2D6-2, D10+13)")
        count = int(m.group(1) or 1)
        bonus = int(m.group(4) or 0) * (-1 if m.group(3) in ("-", "−") else 1)
        return cls(count, int(m.group(2)), bonus)

    def total(self, faces: Sequence[int], *, minimum: int | None = None) -> int:
        """The code's value for the dice ``faces`` (one per die, 1..sides), never below
        ``minimum`` when one is given."""
        if len(faces) != self.count:
            raise ParagraphsError(f"{self} needs {self.count} dice, got {len(faces)}")
        for f in faces:
            if not 1 <= f <= self.sides:
                raise ParagraphsError(f"{f} is not a face of a d{self.sides}")
        value = sum(faces) + self.bonus
        return max(value, minimum) if minimum is not None else value

    def __str__(self) -> str:
        sign = f"{self.bonus:+d}" if self.bonus else ""
        return f"{self.count}D{self.sides}{sign}"


def halve_up(value: int) -> int:
    """Half of a die result, rounded up: the general rule of [4.0] (L150)."""
    return -(-value // 2)


def halve_down(value: int) -> int:
    """Half, rounded down: every halved chance ([9.33] L307, [10.82] L1935, [11.82] L1964)
    and the die results the rules print as rounding down ([11.43] L408)."""
    return value // 2
