"""Die codes and safe names read without compiling a pattern (issue #9 item 7, start-up).

``parse_die`` reads the commonest codes (``d6``, ``2d6``, ``d%``) and ``safe_name`` checks
a name without ``re`` (compiling their patterns cost about 0.4 ms of a ``paragraphs
read``): both must answer exactly as the patterns do, refusals included.
"""

from __future__ import annotations

import itertools
import random
import re

import pytest

from paragraphs.book import dice
from paragraphs.book.dice import DiceConventions, parse_die
from paragraphs.foundation import limits
from paragraphs.foundation.errors import DiceError

_CODES = ["d6", "2d6", "d10", "d100", "d%", "3d%", "10d6", "99d6", "100d6", "0d6", "01d6", "d", "2d", "d0", "d1", "d1000000",
          "d10000000", "d%%", "d6%", "2d6-2", "d6+1", "2d6-2 min 0", "d 6", "D6", " d6 ", "d6 min -1", "x", "", "6", "dd6", "d06",
          "1d6", "12d6", "d-6", "d+6", "٣d6", "d٦", "d6\n", "2d6 - 2", "d6+1234567"]


def _both(text: str, conventions: DiceConventions | None, monkeypatch: pytest.MonkeyPatch) -> tuple[object, object]:
    def read() -> object:
        try:
            return parse_die(text, conventions)
        except DiceError as exc:
            return ("refused", str(exc))

    fast = read()
    with monkeypatch.context() as patched:
        patched.setattr(dice, "_plain_die", lambda text: None)  # the patterns alone
        slow = read()
    return fast, slow


@pytest.mark.parametrize("conventions", [None, DiceConventions(d10=(1, 10), d100=(1, 100))])
def test_plain_codes_read_as_the_patterns_read_them(conventions: DiceConventions | None, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(9)
    fuzz = ["".join(rng.choice("d0123456789% -+") for _ in range(rng.randint(1, 8))) for _ in range(3000)]
    for text in _CODES + fuzz:
        fast, slow = _both(text, conventions, monkeypatch)
        assert fast == slow, text


def test_a_plain_code_is_read_without_compiling_the_patterns(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object) -> None:
        raise AssertionError("a pattern was used")

    monkeypatch.setattr(dice.re, "match", refuse)
    assert parse_die("2d6").parts == ((1, 2, 3, 4, 5, 6),) * 2
    assert parse_die("d%").name == "d100"


def test_safe_names_are_what_the_pattern_matches() -> None:
    alphabet = "aZ09_-.é٣ \n/"
    names = ["", "a", "A" * 64, "A" * 65, "-a", "_a", "a-b_c", "a\n", "ambush", "../x", "x" * 63 + "\n"]
    names += ["".join(p) for n in range(1, 4) for p in itertools.product(alphabet, repeat=n)]
    for name in names:
        assert limits.safe_name(name) == bool(re.match(limits._SAFE_NAME, name)), repr(name)
