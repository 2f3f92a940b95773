"""The rulebook's worked examples, with the same numbers."""

from __future__ import annotations

from paragraphs_raids.dice import ScriptedRoller
from paragraphs_raids.markers import ActivationMarkers, MarkerBack

from paragraphs_bruneval.game import actions
from paragraphs_bruneval.rules import activation, german_combat, german_movement, movement
from paragraphs_bruneval.rules.alert import COMBAT


def test_rule_9_british_combat_example(scenario, kit) -> None:
    """Two full Rodney units attack the 685th in Calvaire: 6 + 4 = 10 against 6 + 3 = 9.

    Defence: 3 + 2 (the full unit beneath) + 1 protection (added, as the example does);
    the two units at the bottom had acted and add nothing. The 685th on top is flipped,
    the paratroopers get their DONE marker and the German stack is reorganised.
    """
    g = kit.small_game(scenario, [("field", kit.OPEN), ("calvaire", kit.PROTECTED)], [("field", "calvaire", kit.SOLID)], [4, 3])
    r1, r2 = kit.put(g, "field", "rodney-1", "rodney-2")
    kit.put(g, "calvaire", "685-1", "685-2", "685-3", "685-4", acted=["685-3", "685-4"])
    report = actions.attack(g, [r1, r2], "calvaire")
    assert report is not None
    assert (report.attack.base, report.defence.base) == (6, 6)
    assert report.defence.protection == 1
    assert (report.result.attack_total, report.result.defence_total) == (10, 9)
    assert report.result.defender_hit and report.hit_piece == "685-1"
    assert g.pieces["685-1"].reduced
    assert g.stack("calvaire")[0].id == "685-2"  # the full unit now holds the front line
    assert r1.acted and r2.acted
    assert g.alert.pending == [(1, COMBAT)]


def test_rule_12_activation_example(scenario, kit) -> None:
    """Alert 4. Rodney's paratroopers at R2 of Calvaire roll 3: 5 > 4, nothing. Nelson's at
    R1 roll 2: 3 <= 4, the marker is flipped and shows one garrison unit."""
    assert not activation.activation_test(4, 2, ScriptedRoller([3])).activated
    assert activation.activation_test(4, 1, ScriptedRoller([2])).activated
    g = kit.small_game(
        scenario,
        [("far", kit.OPEN), ("near", kit.OPEN), ("next", kit.OPEN), ("calvaire", kit.PROTECTED, {"activation"})],
        [("far", "near", kit.SOLID), ("near", "next", kit.SOLID), ("next", "calvaire", kit.SOLID)],
        [3, 2],
        alert=4,
    )
    g.markers = ActivationMarkers({"calvaire": MarkerBack.count(1)})
    rodney = kit.put(g, "near", "rodney-1")
    activation.british_tests(g, rodney, "near", set())
    assert "calvaire" in g.markers and not g.stack("calvaire")
    nelson = kit.put(g, "next", "nelson-1")
    activation.british_tests(g, nelson, "next", set())
    assert "calvaire" not in g.markers
    assert [p.id for p in g.stack("calvaire")] == [scenario.group_counters("garrison")[0]]
    assert any("2 + 1 = 3 <= alert 4" in t for t in kit.texts(g))


def test_rule_8_1_movement_examples() -> None:
    """R3 from an officer and a d10 of 7: 3 PM. R2 and a 5: 2 PM (the ruling follows the
    example). R1 and R0: the printed 5 PM, no roll."""
    assert movement.british_capacity(5, 3, ScriptedRoller([7])).points == 3
    assert movement.british_capacity(5, 2, ScriptedRoller([5])).points == 2
    roll = ScriptedRoller([])
    assert movement.british_capacity(5, 1, roll).points == 5
    assert movement.british_capacity(5, 0, roll).points == 5
    assert roll.used == 0


def test_rule_8_1_example_on_the_board(scenario, kit) -> None:
    """Units in ZG 4 and 5 are at R1 and R0 of the officer; the one in ZG 6 at R2 rolls 5."""
    g = kit.small_game(scenario, [("z4", kit.OPEN), ("z5", kit.OPEN), ("z6", kit.OPEN), ("z3", kit.OPEN)], [("z4", "z5", kit.SOLID), ("z5", "z3", kit.SOLID), ("z3", "z6", kit.SOLID)], [5])
    kit.put(g, "z5", "rodney-officer", "rodney-1")
    kit.put(g, "z4", "rodney-2")
    kit.put(g, "z6", "rodney-3")
    assert actions.movement_capacity(g, [g.pieces["rodney-1"]]) == 5
    assert actions.movement_capacity(g, [g.pieces["rodney-2"]]) == 5
    assert actions.movement_capacity(g, [g.pieces["rodney-3"]]) == 2


def test_rule_8_2_german_movement_example(scenario, kit) -> None:
    """Alert 5: 2 PM. The stack of two full units (4 points) draws 685/1 rather than the
    stack of 3 points. Two equal routes: an even d6 (4) sends it left; it enters the first
    zone for 1 PM and stops, the next one holding paratroopers."""
    g = kit.small_game(
        scenario,
        [("start", kit.OPEN), ("right", kit.OPEN), ("left", kit.OPEN), ("rodney", kit.OPEN), ("far1", kit.OPEN), ("far2", kit.OPEN), ("other", kit.OPEN)],
        [("start", "right", kit.SOLID), ("start", "left", kit.SOLID), ("right", "rodney", kit.SOLID), ("left", "rodney", kit.SOLID),
         ("start", "far1", kit.SOLID), ("far1", "far2", kit.SOLID), ("far2", "other", kit.SOLID)],
        [4],
        alert=5,
    )
    kit.put(g, "start", "685-1")
    kit.put(g, "rodney", "rodney-1", "rodney-2")
    kit.put(g, "other", "nelson-1", "nelson-2", "nelson-officer", reduced=["nelson-2"])
    assert g.points_in("rodney") == 4 and g.points_in("other") == 3
    german_movement.german_movement(g)
    assert g.pieces["685-1"].zone == "left"
    assert g.pieces["685-1"].acted
    assert g.roll.used == 1  # type: ignore[attr-defined]


def test_rule_8_2_stacking_surplus_example(scenario, kit) -> None:
    """Three Luftwaffe units move 1 PM into an activation zone (8 points allowed) whose
    marker brings two more: 5 full units make 10 points, so one mover stays behind in the
    zone it came from."""
    g = kit.small_game(
        scenario,
        [("start", kit.OPEN), ("activation", kit.PROTECTED, {"activation"}), ("paras", kit.OPEN)],
        [("start", "activation", kit.SOLID), ("activation", "paras", kit.SOLID)],
        alert=5,
    )
    g.markers = ActivationMarkers({"activation": MarkerBack.count(2)})
    movers = kit.put(g, "start", "lw-2", "lw-3", "lw-4")
    g.garrison_pool = ["lw-5", "lw-6"]
    kit.put(g, "paras", "drake-1")
    german_movement.move_stack(g, "start", movers, 2)
    assert g.points_in("activation") == 8
    assert len(g.stack("activation")) == 4
    assert len(g.stack("start")) == 1
    assert not g.pieces["lw-5"].acted  # activated units act on their own


def test_rule_9_1_german_combat_priority_example(scenario, kit) -> None:
    """685/1 with a full unit under it (3 + 2 = 5) fights before the stack at 3 + 1 = 4
    (over a reduced Luftwaffe unit); its target is the zone with 4 British stacking points
    (two full units) rather than 3 (full, reduced and an officer)."""
    g = kit.small_game(
        scenario,
        [("g5", kit.OPEN), ("g4", kit.OPEN), ("four", kit.OPEN), ("three", kit.OPEN)],
        [("g5", "four", kit.SOLID), ("g5", "three", kit.SOLID), ("g4", "four", kit.SOLID), ("g4", "three", kit.SOLID)],
        [6, 1] + [1] * 12,
    )
    kit.put(g, "g5", "685-1", "685-2")
    kit.put(g, "g4", "685-3", "lw-2", reduced=["lw-2"])
    kit.put(g, "four", "rodney-1", "rodney-2")
    kit.put(g, "three", "nelson-1", "nelson-2", "nelson-officer", reduced=["nelson-2"])
    found = {a.zone: a.value for a in german_combat.attackers(g)}
    assert found == {"g5": 5, "g4": 4}
    german_combat.german_combat(g)
    first = next(t for t in kit.texts(g) if " attacks " in t)
    assert first.startswith("685/1 in g5 attacks four: 3 + 2 stack + 6 = 11")
