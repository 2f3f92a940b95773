"""Stacking points, the front line, reorganisation and hits (Bruneval 2.3, 9)."""

from __future__ import annotations

from paragraphs_raids.stacks import Factors, Piece, UnitKind, apply_losses, attack_factor, bonus_points, factor, fits, front_line, hit, reorganise_german, sort_by_keys, stack_points, strongest_on_top

BRUNEVAL_ORDER = strongest_on_top(attack_factor, ("radar_operator",))
LAST = ("officer", "radar_operator")

INF = UnitKind("inf", "german", "infantry", Factors.of(attack=3, defence=3, move=None, points=2), Factors.of(attack=2, defence=2, move=None, points=1), infantry=True)
LW = UnitKind("lw", "german", "infantry", Factors.of(attack=2, defence=3, move=None, points=2), Factors.of(attack=1, defence=2, move=None, points=1), infantry=True)
MG = UnitKind("mg", "german", "machine_gun", Factors.of(attack=3, defence=2, move=0, points=1), Factors.of(attack=2, defence=1, move=0, points=1), mobile=False)
OP = UnitKind("op", "german", "radar_operator", Factors.of(attack=0, defence=1, move=0, points=0))
OFFICER = UnitKind("officer", "british", "officer", Factors.of(attack=1, defence=1, move=5, points=0))


def test_points_follow_the_side_shown() -> None:
    a, b, c = Piece("a", INF), Piece("b", INF, reduced=True), Piece("c", OFFICER)
    assert stack_points([a, b, c]) == 3
    assert fits([a, b, c], 3) and not fits([a, b, c], 2)


def test_german_stack_puts_the_strongest_attack_on_top_and_operators_last() -> None:
    stack = [Piece("op", OP), Piece("lw", LW), Piece("red", INF, reduced=True), Piece("inf", INF)]
    reorganise_german(stack, BRUNEVAL_ORDER)
    # The reduced 685th and the full Luftwaffe both attack at 2: full strength goes first.
    assert [p.id for p in stack] == ["inf", "lw", "red", "op"]


def test_german_order_sorts_as_the_plain_stable_sort_by_its_key() -> None:
    # reorganise_german sorts Bruneval's order by comparing the key's terms (insertion
    # sort); the plain definition is the stable sort by the key itself, equals included.
    import random

    rng = random.Random(3)
    kinds = (INF, LW, MG, OP)
    for _ in range(500):
        stack = [Piece(f"p{i}", rng.choice(kinds), reduced=rng.random() < 0.4) for i in range(rng.randint(0, 7))]
        plain = sorted(stack, key=BRUNEVAL_ORDER)
        reorganise_german(stack, BRUNEVAL_ORDER)
        assert [p.id for p in stack] == [p.id for p in plain]


def test_sort_by_keys_is_the_plain_stable_sort_by_the_same_keys() -> None:
    # the titles' written-out sorts (Dieppe's German, British and assault orders) rely on it
    import random

    rng = random.Random(5)
    for _ in range(500):
        stack = [Piece(f"p{i}", rng.choice((INF, LW, MG, OP))) for i in range(rng.randint(0, 8))]
        keys = [rng.randint(-3, 3) for _ in stack]  # few values: many equal keys
        plain = [p for _, p in sorted(zip(keys, stack), key=lambda kp: kp[0])]
        sort_by_keys(stack, keys)
        assert [p.id for p in stack] == [p.id for p in plain]
        assert keys == sorted(keys)


def test_operator_and_officer_hold_the_front_only_alone() -> None:
    assert front_line([Piece("op", OP), Piece("mg", MG)], LAST).id == "mg"
    assert front_line([Piece("op", OP)], LAST).id == "op"
    assert front_line([], LAST) is None


def test_bonus_counts_other_fresh_infantry_only() -> None:
    front, other, tired, gun = Piece("f", INF), Piece("o", INF), Piece("t", INF, acted=True), Piece("g", MG)
    assert bonus_points([front, other, tired, gun], front, lambda p: p.kind.infantry) == 2


def test_hits_flip_then_eliminate() -> None:
    p = Piece("a", INF)
    assert hit(p) is False and p.reduced
    assert hit(p) is True
    assert hit(Piece("o", OFFICER)) is True  # no reduced side


# Dieppe counters read FF-AF-MP (plan ruling R2): named factors, no attack or defence.
COMMANDO = UnitKind("commando", "british", "infantry", Factors.of(fire=3, assault=4, move=3, points=2), Factors.of(fire=2, assault=2, move=2, points=1), infantry=True)
D_INF = UnitKind("inf", "german", "infantry", Factors.of(fire=3, assault=2, move=3, points=2), Factors.of(fire=2, assault=1, move=2, points=1), infantry=True)
D_MG = UnitKind("mg", "german", "machine_gun", Factors.of(fire=5, assault=1, move=0, points=1), None, mobile=False)


def test_named_factors_and_a_factor_selector_for_the_german_order() -> None:
    """Dieppe 10 example: the MG (FF 5) goes on top of the infantry (FF 3)."""
    inf, mg = Piece("inf", D_INF), Piece("mg", D_MG)
    assert inf.factor("assault") == 2 and mg.factors.names == ("fire", "assault")
    stack = [inf, mg]
    reorganise_german(stack, strongest_on_top(factor("fire")))
    assert [p.id for p in stack] == ["mg", "inf"]
    reorganise_german(stack, strongest_on_top(factor("assault")))
    assert [p.id for p in stack] == ["inf", "mg"]


def test_two_losses_eliminate_a_full_unit() -> None:
    """Dieppe 11.1: the mortar inflicts two losses; a full unit is eliminated."""
    a, b = Piece("a", COMMANDO), Piece("b", COMMANDO)
    assert apply_losses([a, b], 2) == [(a, True)]
    assert not b.reduced


def test_two_losses_on_a_reduced_unit_fall_through_to_the_unit_under_it() -> None:
    """Dieppe 11.1: a reduced unit is eliminated and the second loss falls on the next."""
    a, b = Piece("a", COMMANDO, reduced=True), Piece("b", COMMANDO)
    assert apply_losses([a, b], 2) == [(a, True), (b, False)]
    assert b.reduced
    mg = Piece("mg", D_MG)
    assert apply_losses([mg], 2) == [(mg, True)]  # nothing under it: the second loss is lost


def test_a_piece_made_reduced_shows_what_a_flipped_one_shows() -> None:
    for kind in (INF, MG, OP):
        made, flipped = Piece("a", kind, reduced=True), Piece("b", kind)
        flipped.reduced = True
        assert (made.reduced, made.factors, made.points, made.attack, made.defence) == (flipped.reduced, flipped.factors, flipped.points, flipped.attack, flipped.defence)
        flipped.reduced = False
        assert (flipped.factors, flipped.points, flipped.attack, flipped.defence) == (Piece("c", kind).factors, kind.full.points, kind.full.attack, kind.full.defence)
