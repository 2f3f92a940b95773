"""Stacking points, the front line, reorganisation and hits (Bruneval 2.3, 9)."""

from __future__ import annotations

from paragraphs_raids.stacks import Factors, Piece, UnitKind, bonus_points, fits, front_line, hit, reorganise_german, stack_points

INF = UnitKind("inf", "german", "infantry", Factors(3, 3, None, 2), Factors(2, 2, None, 1), infantry=True)
LW = UnitKind("lw", "german", "infantry", Factors(2, 3, None, 2), Factors(1, 2, None, 1), infantry=True)
MG = UnitKind("mg", "german", "machine_gun", Factors(3, 2, 0, 1), Factors(2, 1, 0, 1), mobile=False)
OP = UnitKind("op", "german", "radar_operator", Factors(0, 1, 0, 0))
OFFICER = UnitKind("officer", "british", "officer", Factors(1, 1, 5, 0))


def test_points_follow_the_side_shown() -> None:
    a, b, c = Piece("a", INF), Piece("b", INF, reduced=True), Piece("c", OFFICER)
    assert stack_points([a, b, c]) == 3
    assert fits([a, b, c], 3) and not fits([a, b, c], 2)


def test_german_stack_puts_the_strongest_attack_on_top_and_operators_last() -> None:
    stack = [Piece("op", OP), Piece("lw", LW), Piece("red", INF, reduced=True), Piece("inf", INF)]
    reorganise_german(stack)
    # The reduced 685th and the full Luftwaffe both attack at 2: full strength goes first.
    assert [p.id for p in stack] == ["inf", "lw", "red", "op"]


def test_operator_and_officer_hold_the_front_only_alone() -> None:
    assert front_line([Piece("op", OP), Piece("mg", MG)]).id == "mg"
    assert front_line([Piece("op", OP)]).id == "op"
    assert front_line([]) is None


def test_bonus_counts_other_fresh_infantry_only() -> None:
    front, other, tired, gun = Piece("f", INF), Piece("o", INF), Piece("t", INF, acted=True), Piece("g", MG)
    assert bonus_points([front, other, tired, gun], front, lambda p: p.kind.infantry) == 2


def test_hits_flip_then_eliminate() -> None:
    p = Piece("a", INF)
    assert hit(p) is False and p.reduced
    assert hit(p) is True
    assert hit(Piece("o", OFFICER)) is True  # no reduced side
