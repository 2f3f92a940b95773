"""Rollers and random tie-breaks."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from paragraphs.dice import DiceConventions
from paragraphs.errors import UsageError
from paragraphs_raids.dice import DiceExhausted, PrngRoller, ScriptedRoller, pick_at_random


def test_two_options_odd_first_even_second() -> None:
    """Bruneval 8.2 example: an even d6 sends the unit to the second route (left)."""
    for face, expected in [(1, "right"), (3, "right"), (4, "left"), (6, "left")]:
        assert pick_at_random(["right", "left"], ScriptedRoller([face]), "route") == expected


def test_faces_beyond_a_multiple_are_rolled_again() -> None:
    roll = ScriptedRoller([5, 6, 3])
    assert pick_at_random(["a", "b", "c", "d"], roll, "tie") == "c"
    assert roll.used == 3


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7, 11, 36])
def test_every_option_has_the_same_chance(n: int) -> None:
    """Exhaustive: over all usable sequences of two d6, each option is equally likely."""
    counts: Counter[int] = Counter()
    weight: dict[int, Fraction] = {}
    for faces in product(range(1, 7), repeat=2):
        roll = ScriptedRoller(list(faces) * 40)
        try:
            choice = pick_at_random(list(range(n)), roll, "tie")
        except DiceExhausted:
            continue
        if roll.used <= 2:
            counts[choice] += 1
    weight = {k: Fraction(v, sum(counts.values())) for k, v in counts.items()}
    assert set(weight) == set(range(n))
    assert len(set(weight.values())) == 1


def test_one_option_needs_no_roll() -> None:
    roll = ScriptedRoller([])
    assert pick_at_random(["only"], roll, "tie") == "only"


def test_scripted_dice_check_faces_and_run_out() -> None:
    with pytest.raises(UsageError, match="not a face of d6"):
        ScriptedRoller([7])("d6", "x")
    roll = ScriptedRoller([2])
    roll("d6", "first")
    with pytest.raises(DiceExhausted, match="roll d6 .* for second"):
        roll("d6", "second")


def test_d10_follows_the_title_conventions() -> None:
    zero_based = ScriptedRoller([0], DiceConventions(d10=(0, 9)))
    assert zero_based("d10", "x") == 0
    with pytest.raises(UsageError):
        ScriptedRoller([0], DiceConventions(d10=(1, 10)))("d10", "x")


def test_seeded_rolls_repeat_and_are_noted() -> None:
    notes: list = []
    a = [PrngRoller(42, notes=notes)("d6", "x") for _ in range(1)]
    first = PrngRoller(42)
    second = PrngRoller(42)
    assert [first("d6", "x") for _ in range(20)] == [second("d6", "x") for _ in range(20)]
    assert notes and notes[0].value == a[0] and notes[0].purpose == "x"


def test_pick_refuses_a_d10() -> None:
    with pytest.raises(ValueError):
        pick_at_random([1, 2], ScriptedRoller([1]), "x", die="d10")
