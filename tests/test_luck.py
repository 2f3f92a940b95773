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
