"""Dice conventions the player's own dice follow: the zero face, die codes with a constant
and a floor, rounding set per step, and bounds on absurd dice."""

from __future__ import annotations

from fractions import Fraction

import pytest

from helpers import compile_text, engine_for
from paragraphs.dice import DiceConventions, PhysicalDice, Prng, ScriptedDice, parse_die
from paragraphs.errors import DiceError

SPI = DiceConventions.from_mapping({"d10": "1-10", "d100": "1-100", "zero": {"d10": 10, "d100": 100}})


def test_the_zero_face_reads_as_the_title_declares():
    d10, d100 = parse_die("d10", SPI), parse_die("d100", SPI)
    assert d10.read("0") == 10 and d10.read(0) == 10 and d10.read("10") == 10 and d10.read(" 7 ") == 7
    assert d100.read("00") == 100 and d100.read("0") == 100 and d100.read("100") == 100 and d100.read("01") == 1
    assert d10.reading_help() == "1-10, 0 = 10" and d100.reading_help() == "1-100, 00 = 100"
    # without the declaration a 0 is refused on a 1-10 die, and a 0-9 die keeps its 0
    plain = parse_die("d10", DiceConventions.from_mapping({"d10": "1-10"}))
    with pytest.raises(DiceError, match="0 is not a face of d10"):
        plain.read("0")
    assert parse_die("d10").read("0") == 0
    with pytest.raises(DiceError):
        d10.read("11")
    with pytest.raises(DiceError, match="type what the dice show"):
        d10.read("seven")


def test_scripted_and_physical_dice_take_the_zero_face():
    d10 = parse_die("d10", SPI)
    assert ScriptedDice([0, 3]).roll(d10, "x") == 10
    assert PhysicalDice(lambda die, purpose: "0").roll(d10, "x") == 10


def test_die_codes_with_a_constant_and_a_floor_have_exact_distributions():
    d = parse_die("2d6-2")
    assert d.name == "2d6-2" and d.faces == tuple(range(0, 11)) and d.distribution[5] == Fraction(6, 36)
    floored = parse_die("2d6-4 min 0")
    assert floored.faces[0] == 0 and floored.distribution[0] == Fraction(6, 36)  # sums 2, 3, 4 all read 0
    assert sum(floored.distribution.values()) == 1
    assert parse_die("d6+1").faces == (2, 3, 4, 5, 6, 7) and parse_die("2D6 - 2").name == "2d6-2"
    # the player types the dice as they land; the code applies its constant and floor
    assert floored.read(3) == 0 and floored.read(12) == 8 and floored.reading_help() == "2-12; then -4, at least 0"
    with pytest.raises(DiceError):
        floored.read(1)
    # the PRNG gives results on the code's own scale, in proportion
    prng = Prng(5)
    rolls = [prng.roll(floored) for _ in range(3600)]
    assert set(rolls) <= set(floored.faces) and 500 < rolls.count(0) < 700


@pytest.mark.parametrize("bad", ["d1001", "99d100", "30d100", "d0", "2d6--2", "d6 min", "d9999999", "2d6+", "d6 max 3"])
def test_absurd_or_malformed_dice_are_clean_errors(bad):
    with pytest.raises(DiceError):
        parse_die(bad)


BOOK = """
paragraphs:
  - id: "1"
    steps:
      - roll:
          die: "2d6-4 min 0"
          ranges:
            "0": [{say: "nothing"}, {counter: {name: vp, add: 1, reason: "a zero"}}]
            "1-8": [{say: "something"}]
  - id: "2"
    steps:
      - roll:
          die: d6
          halve: true
          rounding: ceil
          ranges:
            "1": [{say: "one"}]
            "2": [{say: "two"}]
            "3": [{say: "three"}]
"""


def test_die_codes_are_a_content_type_and_odds_stay_exact():
    from paragraphs.odds import paragraph_odds

    e = engine_for(BOOK)
    assert e.resolve("1", e.new_state(), dice=ScriptedDice([4])).instructions[0].text == "nothing"
    assert e.resolve("1", e.new_state(), dice=ScriptedDice([9])).instructions[0].text == "something"
    odds = paragraph_odds(e, "1")
    assert sorted(p for _, p in odds.outcomes) == [Fraction(1, 6), Fraction(5, 6)]


def test_rounding_may_be_set_per_step():
    e = engine_for(BOOK)
    # a 3 halves to 2 rounding up (the step's rule), where the title would round down to 1
    assert e.resolve("2", e.new_state(), dice=ScriptedDice([3])).instructions[0].text == "two"
    assert e.resolve("2", e.new_state(), dice=ScriptedDice([1])).instructions[0].text == "one"
    assert e.resolve("2", e.new_state(), dice=ScriptedDice([6])).instructions[0].text == "three"


def test_bad_die_codes_and_rounding_in_content_are_schema_errors():
    compiled, _ = compile_text('paragraphs:\n  - id: "1"\n    steps:\n      - roll: {die: "2d6 minus 2", odd: [], even: []}\n      - roll: {die: d6, rounding: up, odd: [], even: []}\n')
    assert len([p for p in compiled.errors if p.code.startswith("SCHEMA")]) == 2, [p.format() for p in compiled.problems]


def test_a_title_declares_the_zero_face_and_the_cli_accepts_it(tmp_path, capsys):
    compiled, _ = compile_text("paragraphs:\n  - id: \"1\"\n    steps:\n      - roll: {die: d10, ranges: {\"1-9\": [{say: low}], \"10\": [{say: ten}]}}\n", header=False, name="t.yaml")
    assert compiled.errors  # without a title block the d10 is 0-9 and the rows leave 0 out
    text = """
title:
  id: t
  name: T
  dice: {d10: "1-10", d100: "1-100", zero: {d10: 10, d100: 100}}
paragraphs:
  - id: "1"
    steps:
      - roll: {die: d10, ranges: {"1-9": [{say: low}], "10": [{say: ten}]}}
"""
    compiled, host = compile_text(text, header=False)
    assert not compiled.errors, [p.format() for p in compiled.problems]
    from paragraphs.engine import Engine

    e = Engine(compiled.book, host)
    assert e.resolve("1", e.new_state(), dice=ScriptedDice([0])).instructions[0].text == "ten"
    need = e.resolve("1", e.new_state(), dice=PhysicalDice())
    assert need.questions[0].prompt.endswith("(1-10, 0 = 10)") and need.questions[0].min == 1
