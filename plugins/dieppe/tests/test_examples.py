"""The rulebook's six worked examples, with the same numbers (design study, section 3)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from paragraphs_raids.markers import MarkerBack
from paragraphs_raids.zonemap import LAND

from paragraphs_dieppe.game import actions
from paragraphs_dieppe.game.german import german_fire, german_movement
from paragraphs_dieppe.rules.assault import columns, fight_round
from paragraphs_dieppe.rules.movement import LANDING, allowance, path_cost
from paragraphs_dieppe.scenario import Scenario


def test_e1_british_movement_landing_officer_bonus_and_transit(board: Callable[..., Any], put: Callable[..., Any]) -> None:
    """Rule 9.2 example: four commandos and Lord Lovat land from LCA 7 at Orange II,
    pass Quiberville (5 levels there: 8 + 5 = 13 in transit) and stop beyond it, next to
    a marker, after one action; a 3-4-3 and not Lovat is on top."""
    g = board([4], alarm=3)
    lca = put(g, "G2", "lca-7")[0]
    g.aboard["lca-7"] = ["lovat", "g2-1", "g2-2", "g2-3", "g2-4"]
    put(g, "C6", "g2-5", "g2-6", "g2-7", "g2-8", reduced=("g2-6", "g2-7", "g2-8"))
    g.markers.hidden["T1"] = MarkerBack((("infantry", 1),))
    g.garrison.left = ["gi-1"]
    cargo = g.cargo(lca)
    # 3 MP printed + 1 for the officer stacked with them when the move starts.
    assert allowance(g.pieces["g2-1"], cargo) == 4
    # Landing 2 MP (dotted blue), then 1 + 1 on land.
    assert path_cost(g.zmap, "G2", ["ORANGE2", "C6", "SAANE"], (LANDING, LAND)) == 4
    assert g.points_in("C6") + g.points_in("C6", cargo) == 13
    report = actions.land(g, cargo, lca, ["ORANGE2", "C6", "SAANE"])
    assert report.end == "SAANE" and g.points_in("SAANE") == 8 and g.points_in("C6") == 5
    # One action taken (landing and moving are one move, R12); the alarm rose for the
    # first landing (3 -> 4); the marker of T1, next to SAANE, was tested once: d10 4 <= 4.
    assert all(g.log.actions_of(p) == ["move"] for p in cargo)
    assert g.alarm.level == 4 and "T1" not in g.markers
    assert g.roll.unused == 0  # type: ignore[attr-defined]
    assert g.front("SAANE").id != "lovat" and g.front("SAANE").role == "commando"  # type: ignore[union-attr]


def test_e2_german_movement_toward_the_largest_of_two_equally_near_stacks(board: Callable[..., Any], put: Callable[..., Any]) -> None:
    """Rule 9.3 example: turn 3, alarm 7, a reinforcement 2 MP from a stack of 8 levels and
    one of 6 (2 full, 2 reduced commandos and an officer): it heads for the 8 and stops
    next to it, without rolling a die."""
    g = board([], alarm=7, turn=3)
    g.phase = "D"
    put(g, "SAANE", "g2-1", "g2-2", "g2-3", "g2-4")
    put(g, "WOOD", "g2-5", "g2-6", "g2-7", "g2-8", "lovat", reduced=("g2-7", "g2-8"))
    assert (g.points_in("SAANE"), g.points_in("WOOD")) == (8, 6)
    put(g, "B1", "ri-1")
    german_movement(g, set())
    assert g.pieces["ri-1"].zone == "T1"
    assert g.zmap.adjacent("T1", "SAANE") and g.pieces["ri-1"].acted


def test_e3_activation_at_alarm_4(board: Callable[..., Any], put: Callable[..., Any]) -> None:
    """Rule 10 example: alarm 4 (first landing +1, first A marker +1, first assault +2); a
    stack next to a second A zone rolls 4: the marker shows infantry x1 and machine gun
    x1, drawn from the garrison; the machine gun (FF 5) goes on top; the alarm stays 4."""
    g = board([4], alarm=0)
    for event in ("first_landing", "first_a_marker", "first_assault"):
        g.alarm.happen(event, at_once=True)
    assert g.alarm.level == 4
    g.garrison.left = ["gi-1", "gmg-1", "gof-1"]
    put(g, "R2", "g2-1", "g2-2")
    g.markers.hidden["A2"] = MarkerBack((("infantry", 1), ("machine_gun", 1)))
    actions.move(g, [g.pieces["g2-1"], g.pieces["g2-2"]], ["B1"])
    assert [p.id for p in g.stack("A2")] == ["gmg-1", "gi-1"]
    assert g.alarm.level == 4  # the first A marker had already been seen
    assert not any(p.acted for p in g.stack("A2"))
    # A 5 fails and leaves the marker face down.
    g2 = board([5], alarm=4)
    put(g2, "R2", "g2-1")
    g2.markers.hidden["A2"] = MarkerBack((("infantry", 1),))
    actions.move(g2, [g2.pieces["g2-1"]], ["B1"])
    assert "A2" in g2.markers


def test_e4_german_fire_priority(board: Callable[..., Any], put: Callable[..., Any]) -> None:
    """Rule 11.1 example: the stack of 5 levels (with the machine gun) fires before the one
    of 4, at the adjacent British stack of 6 levels rather than the one of 8."""
    g = board([0, 6, 0, 6], alarm=6)
    g.phase = "D"
    put(g, "T1", "gi-1", "gi-2", "gmg-1")
    put(g, "B1", "gi-3", "gi-4")
    put(g, "SAANE", "g2-1", "g2-2", "g2-3")
    put(g, "R1", "g2-4", "g2-5", "g2-6", "g2-7")
    put(g, "R2", "g2-8")
    german_fire(g)
    shots = [e.text for e in g.journal.entries if e.text.startswith("German fire")]
    assert shots[0].startswith("German fire from T1 at SAANE")
    assert shots[1].startswith("German fire from B1 at R2")


def test_e5_british_fire_12_against_13(board: Callable[..., Any], put: Callable[..., Any]) -> None:
    """Rule 11.1 example: 4 full commandos and an officer fire on their second action:
    3 + 6 + 1 = 10; the target, a machine gun over a full infantry unit: 5 + 2 = 7; d6 2
    and d10 6: 12 < 13, the front commando flips to 2-2-2."""
    g = board([2, 6], alarm=1)
    stack = put(g, "SAANE", "g2-1", "g2-2", "g2-3", "g2-4", "lovat")
    put(g, "T1", "gi-1", "gmg-1")
    g.log.take(stack, "move")
    shot = actions.fire(g, stack, "T1")
    assert (shot.attack.base, shot.defence.base) == (10, 7)
    assert (shot.result.attack_total, shot.result.defence_total) == (12, 13)
    assert shot.label == "shooter hit"
    front = g.pieces["g2-1"]
    assert front.reduced and (front.factor("fire"), front.factor("assault"), front.factors.move) == (2, 2, 2)
    assert all(p.id in g.log.closed for p in stack)  # second action: Job Done
    assert g.alarm.level == 2  # first fire +1


def test_e6_assault_two_lines(board: Callable[..., Any], put: Callable[..., Any]) -> None:
    """Rule 11.2 example: 3 full and 1 reduced commandos against a German infantry
    unit (3-2-3) with its machine gun (5-1-0) in a zone of protection 0. Line 1: 4 + 3 = 7 against 2; line 2: 4
    against 1. Dice 1, 8, 4, 6: 8 < 10 (the commando flips), 8 >= 7 (the gun is gone)."""
    g = board([1, 8, 4, 6])
    british = put(g, "SAANE", "g2-1", "g2-2", "g2-3", "g2-4", reduced=("g2-4",))
    german = put(g, "T1", "gi-1", "gmg-1")
    lines = columns([british[0], british[2], british[1], british[3]], german, support_choice=lambda spare, lines: 0)
    assert [line.german[0].id for line in lines] == ["gi-1", "gmg-1"]
    assert (lines[0].attack, lines[0].defence(0), lines[1].attack, lines[1].defence(0)) == (7, 2, 4, 1)
    first, second = fight_round(lines, 0, g.roll)
    assert (first.result.attack_total, first.result.defence_total, first.label) == (8, 10, "attacker hit")
    assert first.hit.id == "g2-1" and g.pieces["g2-1"].reduced and not first.eliminated
    assert (second.result.attack_total, second.result.defence_total, second.label) == (8, 7, "defender hit")
    assert second.hit.id == "gmg-1" and second.eliminated
