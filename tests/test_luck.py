"""The luck audit: exact chances of results at least this good, and of the evening."""

from __future__ import annotations

from fractions import Fraction

from paragraphs.luck import luck_report, order_luck


def test_a_check_passed_at_three_in_ten_is_lucky_at_three_in_ten():
    luck = order_luck({"success": Fraction(3, 10), "failure": Fraction(7, 10)}, ("failure", "success"), "success")
    assert luck == {"p": "3/10", "levels": [["1", "7/10"], ["3/10", "3/10"]]}
    assert order_luck({"success": Fraction(3, 10), "failure": Fraction(7, 10)}, ("failure", "success"), "failure")["p"] == "1"


def test_the_evening_is_compared_with_the_exact_distribution_of_its_mean():
    luck = order_luck({"success": Fraction(3, 10), "failure": Fraction(7, 10)}, ("failure", "success"), "success")
    journal = [{"step": 1, "rolls": [{"value": 2, "purpose": "a", "meaning": "success", "luck": luck}]}, {"step": 2, "rolls": [{"value": 1, "purpose": "b", "meaning": "success", "luck": luck}, {"value": 5, "purpose": "no order"}]}]
    report = luck_report(journal)
    assert [i.p for i in report.items] == [Fraction(3, 10), Fraction(3, 10)]
    assert report.mean == Fraction(3, 10)
    # both passed: the only evening at least this lucky, 3/10 * 3/10
    assert report.at_least_as_lucky == Fraction(9, 100) and report.method == "exact"
    assert "9/100" in report.text()
    assert "no luck to audit" in luck_report([]).text()


ORDERED_BOOK = """
tables:
  - id: slip
    name: Slip table
    die: d10
    order: [falls, safe]
    rows:
      - {range: "0-7", result: safe}
      - {range: "8-9", result: falls}
  - id: plain
    name: Plain table
    die: d10
    rows:
      - {range: "0-4", result: left}
      - {range: "5-9", result: right}
paragraphs:
  - id: "1"
    steps:
      - roll: {die: d10, table: slip, purpose: "the climb"}
      - roll: {die: d10, table: plain, purpose: "the turn"}
"""


def test_a_roll_on_a_table_that_declares_its_order_is_counted_by_luck_and_others_are_not():
    from helpers import engine_for

    from paragraphs.session import Session

    engine = engine_for(ORDERED_BOOK)
    session = Session(engine, engine.new_state(), dice="physical")
    for line in ["1", "3", "6"]:
        session.send(line)
    data = session.send("luck").data["luck"]
    (item,) = data["items"]  # the plain table declares no order: not counted
    assert item["purpose"] == "the climb on Slip table" and item["meaning"] == "row 0-7: safe"
    assert item["p"] == "4/5"  # a result at least as good as safe: safe itself, 8 faces of 10


def test_an_order_of_outcomes_must_name_each_result_once():
    from helpers import compile_text

    compiled, _ = compile_text(
        """
tables:
  - {id: short, die: d6, order: [a, c], rows: [{range: "1-3", result: a}, {range: "4-6", result: b}]}
  - {id: wide, die: d6, columns: [x], order: [a, b], rows: [{range: "1-6", result: {x: a}}]}
paragraphs:
  - {id: "1", steps: [{say: "x"}]}
"""
    )
    found = sorted(p.message for p in compiled.problems if p.code == "TABLE008")
    assert len(found) == 2 and "has columns" in found[0] and "leaves out b and names c, which no row gives" in found[1]


def test_a_session_whose_rolls_declare_no_order_says_so_and_does_not_promise_more():
    # found by the eyes pass: after a whole raid game (dozens of rolls, none declaring the
    # player's order) luck still said "no luck to audit yet", as if some were to come
    journal = [{"step": 1, "rolls": [{"value": 5, "purpose": "activation test"}, {"value": 2, "purpose": "fire"}]}, {"step": 2, "rolls": [{"value": 4, "purpose": "fire"}]}]
    text = luck_report(journal).text()
    assert text == "none of the 3 rolls of this session says which of its results is good for you (their rules declare no order), so there is no luck to audit"
    assert luck_report([]).text() == "no roll of this session says how good its result was for you (no luck to audit yet)"
