"""Activation checks (Bruneval 12, with its worked example; Dieppe 10's variant)."""

from __future__ import annotations

from paragraphs_raids.activation import ActivationRule, activation_check
from paragraphs_raids.dice import ScriptedRoller
from paragraphs_raids.markers import ActivationMarkers, MarkerBack


def test_rule_12_example_r2_die_3_fails() -> None:
    r = activation_check(4, 2, ScriptedRoller([3]))
    assert (r.face, r.total, r.activated) == (3, 5, False)


def test_rule_12_example_r1_die_2_succeeds() -> None:
    r = activation_check(4, 1, ScriptedRoller([2]))
    assert (r.face, r.total, r.activated) == (2, 3, True)


def test_beyond_radius_two_nothing_is_rolled() -> None:
    roll = ScriptedRoller([])
    assert activation_check(6, 3, roll).in_range is False
    assert roll.used == 0


def test_dieppe_style_rule_rolls_a_d10_without_radius() -> None:
    rule = ActivationRule(die="d10", add_radius=False, max_radius=1)
    assert activation_check(4, 1, ScriptedRoller([4]), rule).activated
    assert not activation_check(4, 1, ScriptedRoller([5]), rule).activated


def test_markers_are_dealt_from_pools_and_used_once() -> None:
    picks = iter([1, 0, 0])
    m = ActivationMarkers.deal({"A": ["a1", "a2"], "B": ["b1"]}, {"A": [MarkerBack.count(1), MarkerBack.count(3), MarkerBack.count(1)], "B": [MarkerBack.count(3)]}, lambda n, why: next(picks))
    assert {z: b.total for z, b in m.hidden.items() if b} == {"a1": 3, "a2": 1, "b1": 3}
    assert m.reveal("a1") == MarkerBack.count(3) and "a1" not in m
