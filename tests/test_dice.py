"""Dice: faces by title convention, exact distributions, sources."""

from fractions import Fraction

import pytest

from paragraphs.dice import DiceConventions, Prng, ScriptedDice, SeededDice, derive_seed, halve, parse_die
from paragraphs.errors import DiceError


def test_faces_follow_the_title_conventions():
    assert parse_die("d6").faces == (1, 2, 3, 4, 5, 6)
    assert parse_die("d10").faces == tuple(range(10))  # Ambush! and Dieppe: 0 is 0
    spi = DiceConventions.from_mapping({"d10": "1-10", "d100": "1-100"})
    assert parse_die("d10", spi).faces == tuple(range(1, 11))  # SPI Commando: 0 counts as 10
    assert parse_die("d100").faces[0] == 0 and parse_die("d100").faces[-1] == 99
    assert parse_die("d%", spi).faces[-1] == 100


def test_sums_have_exact_distributions():
    two = parse_die("2d6")
    assert two.faces == tuple(range(2, 13))
    assert two.distribution[7] == Fraction(1, 6)
    assert two.distribution[2] == Fraction(1, 36)
    assert sum(two.distribution.values()) == 1
    assert parse_die("2d10").faces == tuple(range(0, 19))


def test_halving_rounds_as_the_title_says():
    assert [halve(v) for v in (0, 1, 7, 9)] == [0, 0, 3, 4]
    assert [halve(v, "ceil") for v in (0, 1, 7, 9)] == [0, 1, 4, 5]


@pytest.mark.parametrize("bad", ["d1", "x6", "6", "d", "3d6x"])
def test_bad_notation_is_a_dice_error(bad):
    with pytest.raises(DiceError):
        parse_die(bad)


def test_prng_position_is_saved_and_restored_exactly():
    a = Prng(42)
    first = [a.roll(parse_die("d10")) for _ in range(5)]
    saved = a.to_json()
    rest = [a.roll(parse_die("d10")) for _ in range(5)]
    b = Prng.from_json(saved)
    assert [b.roll(parse_die("d10")) for _ in range(5)] == rest
    assert Prng(42).to_json() == {"seed": 42, "position": 0}
    assert first != rest


def test_prng_is_uniform_enough():
    p = Prng(1)
    d = parse_die("d6")
    counts = {f: 0 for f in d.faces}
    for _ in range(6000):
        counts[p.roll(d)] += 1
    assert all(800 < c < 1200 for c in counts.values())


def test_scripted_dice_check_faces_and_run_out():
    from paragraphs.dice import MissingRoll

    dice = ScriptedDice([3, 12])
    d6 = parse_die("d6")
    assert dice.roll(d6, "x") == 3
    with pytest.raises(DiceError):
        dice.roll(d6, "y")
    empty = ScriptedDice([])
    with pytest.raises(MissingRoll):
        empty.roll(d6, "z")


def test_seeded_dice_continue_the_saved_stream():
    d = parse_die("d10")
    first = SeededDice(9).bind(None)
    rolls = [first.roll(d, "") for _ in range(3)]
    cont = SeededDice(123).bind(first.prng_state())  # the state's stream wins over the seed
    assert [cont.roll(d, "") for _ in range(3)] == [Prng(9, 3).roll(d), Prng(9, 4).roll(d), Prng(9, 5).roll(d)]
    assert rolls == [Prng(9, 0).roll(d), Prng(9, 1).roll(d), Prng(9, 2).roll(d)]


def test_derived_seeds_are_stable_and_distinct():
    assert derive_seed(1, 0) == derive_seed(1, 0)
    assert len({derive_seed(1, i) for i in range(1000)}) == 1000


def test_conventions_default_what_a_title_leaves_out():
    conv = DiceConventions.from_mapping({"d10": "1-10"})
    assert conv.d10 == (1, 10) and conv.d100 == (0, 99) and conv.rounding == "floor"
