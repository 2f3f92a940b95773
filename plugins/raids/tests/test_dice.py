"""Rollers and random tie-breaks."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from paragraphs.dice import DiceConventions
from paragraphs.errors import UsageError
from paragraphs_raids.dice import DiceExhausted, PrngRoller, ScriptedRoller, pick_at_random, quiet_prng


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


@pytest.mark.parametrize(
    ("code", "conventions"),
    [
        ("d6", None),
        ("d10", DiceConventions(d10=(0, 9))),
        ("d10", DiceConventions(d10=(1, 10))),
        ("d3", None),
        ("d7", None),
        ("2d6", None),
        ("3d6", None),
        ("d6+1", None),
        ("2d6-2 min 0", None),
        ("d100", DiceConventions(d100=(1, 100))),
        ("d1000", None),
    ],
)
def test_seeded_rolls_are_those_of_the_core_prng(code: str, conventions: DiceConventions | None) -> None:
    """PrngRoller writes out Prng.roll's draw (for the compiled build): the same faces,
    in the same order, from the same stream, for every kind of die code and many seeds."""
    from paragraphs.dice import Prng, parse_die

    die = parse_die(code, conventions)
    for seed in [0, 1, 7, 1942, 2**31 - 1, 2**40 + 3, *range(100, 140)]:
        core = Prng(seed)
        roller = PrngRoller(seed, conventions)
        assert [roller(code, "x") for _ in range(300)] == [core.roll(die) for _ in range(300)], (code, seed)


def test_seeded_rolls_mix_dice_on_one_stream() -> None:
    """Several dice in turn draw from one stream, as the core's Prng does, and a face
    outside ``allowed`` is noted and rolled again."""
    from paragraphs.dice import Prng, parse_die

    conventions = DiceConventions(d10=(0, 9))
    codes = ["d6", "d10", "2d6", "d6", "d3", "d10"]
    for seed in range(60):
        core = Prng(seed)
        notes: list = []
        roller = PrngRoller(seed, conventions, notes)
        got = [roller(code, "x") for code in codes * 20]
        assert got == [core.roll(parse_die(code, conventions)) for code in codes * 20]
        assert [n.value for n in notes] == got
    notes = []
    roller = PrngRoller(5, notes=notes)
    core = Prng(5)
    d6 = parse_die("d6")
    face = roller("d6", "tie", frozenset({1, 2}))
    expected = [core.roll(d6) for _ in range(len(notes))]
    assert [n.value for n in notes] == expected and face == expected[-1] and face in (1, 2)
    assert all(n.purpose == "tie (roll again)" for n in notes[:-1]) and notes[-1].purpose == "tie"


def test_seeded_rolls_reject_words_as_the_core_prng_does() -> None:
    """A word at or above the largest multiple of the faces is drawn again (no modulo
    bias). Real streams almost never give one (2**32 % 6 is 4 words in 2**32), so both
    rollers are fed the same scripted words around the limit."""
    from paragraphs.dice import Prng, parse_die

    limit = 2**32 - 2**32 % 6
    words = [limit, 2**32 - 1, limit - 1, limit + 1, 12, limit, 0]

    def scripted() -> object:
        it = iter(words)
        return lambda k: next(it)

    core = Prng(1)
    core._bits = scripted()  # type: ignore[assignment]
    roller = PrngRoller(1)
    roller._words = scripted()  # type: ignore[assignment]
    d6 = parse_die("d6")
    expected = [core.roll(d6) for _ in range(3)]
    assert expected == [(limit - 1) % 6 + 1, 12 % 6 + 1, 1]
    assert [roller("d6", "x") for _ in range(3)] == expected


def test_quiet_seeded_rolls_are_the_noted_ones() -> None:
    """A seeded roller keeping no notes is rolled with PrngRoller.face by combat and
    activation (quiet_prng): the same faces, in the same order, as the rolls noted by a
    roller of the same seed; any other roller is called as before."""
    from paragraphs_raids.activation import ActivationRule, activation_check
    from paragraphs_raids.combat import resolve

    assert quiet_prng(PrngRoller(1, notes=[])) is None and quiet_prng(ScriptedRoller([1])) is None
    conventions = DiceConventions(d10=(0, 9))
    for seed in range(40):
        notes: list = []
        noted, quiet = PrngRoller(seed, conventions, notes), PrngRoller(seed, conventions)
        assert quiet_prng(quiet) is quiet
        for i in range(30):
            assert resolve(i % 7, 3, quiet) == resolve(i % 7, 3, noted)
            rule = ActivationRule("d10" if i % 2 else "d6", i % 3 == 0, 2)
            assert activation_check(5, i % 4, quiet, rule) == activation_check(5, i % 4, noted, rule)
        assert [quiet.face(code) for code in ("d6", "2d6", "d10") * 10] == [noted(code, "x") for code in ("d6", "2d6", "d10") * 10]
        assert len(notes) == 30 * 2 + sum(1 for i in range(30) if i % 4 <= 2) + 30
