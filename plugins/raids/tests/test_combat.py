"""Combat values and results (Bruneval 9 and its worked example)."""

from __future__ import annotations

import random

from paragraphs_raids.combat import ATTACKER_HIT, DEFENDER_HIT, CombatResult, SideValue, attack_base, defence_base, has_officer, resolve
from paragraphs_raids.dice import ScriptedRoller
from paragraphs_raids.stacks import Factors, Piece, UnitKind

PARA = UnitKind("para", "british", "infantry", Factors.of(attack=4, defence=4, move=5, points=2), Factors.of(attack=2, defence=2, move=5, points=1), infantry=True)
INF = UnitKind("685", "german", "infantry", Factors.of(attack=3, defence=3, move=None, points=2), Factors.of(attack=2, defence=2, move=None, points=1), infantry=True)
OFFICER = UnitKind("officer", "british", "officer", Factors.of(attack=1, defence=1, move=5, points=0))


def is_infantry(p: Piece) -> bool:
    return p.kind.infantry


def test_rule_9_example() -> None:
    """Two full Rodney units attack Calvaire: 4 + 2 = 6; the German 685th defends
    3 + 2 (a full unit under it) + 1 protection = 6; the two units at the bottom had
    acted and add nothing. Dice 4 and 3: 10 against 9, the defender is hit."""
    p1, p2 = Piece("r1", PARA), Piece("r2", PARA)
    g1, g2 = Piece("685-1", INF), Piece("685-2", INF)
    tired = [Piece("x", INF, acted=True), Piece("y", INF, acted=True)]
    attack = attack_base(p1, [p1, p2], is_infantry)
    defence = defence_base(g1, [g1, g2, *tired], is_infantry, protection=1, protection_sign=1)
    assert attack.base == 6 and defence.base == 6
    result = resolve(attack.base, defence.base, ScriptedRoller([4, 3]))
    assert (result.attack_total, result.defence_total, result.label) == (10, 9, DEFENDER_HIT)


def test_ties_go_to_the_attacker_and_lower_hits_the_attacker() -> None:
    assert resolve(5, 5, ScriptedRoller([3, 3])).label == DEFENDER_HIT
    assert resolve(5, 5, ScriptedRoller([2, 3])).label == ATTACKER_HIT


def test_officer_bonus_once_and_only_when_fresh() -> None:
    front = Piece("p", PARA)
    officers = [Piece("o1", OFFICER), Piece("o2", OFFICER)]
    assert attack_base(front, [front, *officers], is_infantry).officer == 1
    tired = Piece("o3", OFFICER, acted=True)
    assert attack_base(front, [front, tired], is_infantry).officer == 0


def test_protection_can_be_subtracted_for_a_title_that_reads_it_so() -> None:
    g = Piece("g", INF)
    assert defence_base(g, [g], is_infantry, protection=3, protection_sign=-1).base == 0
    assert defence_base(g, [g], is_infantry, protection=3).describe() == "3 + 3 protection"


def test_values_made_once_per_set_of_numbers_are_those_built_fresh() -> None:
    """Side values and results are shared between combats with the same numbers (a speed
    shortcut, #13): each equals the one its numbers build, and the numbers of one never
    leak into another."""
    rng = random.Random(3)
    pieces = [Piece(f"p{i}", rng.choice([PARA, INF, OFFICER]), acted=rng.random() < 0.3) for i in range(40)]
    for p in pieces[::3]:
        p.reduced = True
    for _ in range(500):
        stack = rng.sample(pieces, rng.randint(1, 5))
        front = stack[0]
        extra = [("light", rng.randint(-2, 0))] if rng.random() < 0.5 else []
        protection = rng.randint(0, 3)
        attack = attack_base(front, stack, is_infantry, officer_bonus=rng.randint(0, 1), extra=extra)
        bonus = sum(p.points for p in stack if p is not front and not p.acted and is_infantry(p))
        assert (attack.factor, attack.bonus, attack.protection, attack.extra) == (front.attack, bonus, 0, tuple(extra))
        defence = defence_base(front, stack, is_infantry, protection, -1, extra=extra)
        assert defence == SideValue(front.defence, bonus, defence.officer, -protection, tuple(extra))
        assert defence.officer == (1 if has_officer(stack) and front.role != "officer" else 0)
        dice = [rng.randint(1, 6), rng.randint(1, 6)]
        result = resolve(attack.base, defence.base, ScriptedRoller(dice))
        assert result == CombatResult(attack.base, defence.base, *dice)
