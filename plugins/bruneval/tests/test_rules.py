"""Each rule on its edge cases (section numbers in the test names)."""

from __future__ import annotations

import pytest

from paragraphs_raids.dice import ScriptedRoller
from paragraphs_raids.markers import ActivationMarkers, MarkerBack

from paragraphs_bruneval.game import actions
from paragraphs_bruneval.game.actions import IllegalAction
from paragraphs_bruneval.game.state import WURZBURG, Options, Wurzburg
from paragraphs_bruneval.rules import boats, drop, embarkation, events, german_movement, objectives, officers, reinforcements, victory
from paragraphs_bruneval.rules.alert import BOATS_ARRIVE, BOATS_DETECTED


# --------------------------------------------------------------------------- 5 events


def test_5_no_event_unless_a_six(scenario) -> None:
    t = scenario.tables
    assert events.roll_event((), ["drake"], {"drake": 1}, ScriptedRoller([5]), t["event_trigger"], t["unexpected_events"]).event is None


def test_5_each_event_once(scenario) -> None:
    t = scenario.tables
    again = events.roll_event({"convoy"}, ["rodney"], {"rodney": 2}, ScriptedRoller([6, 3]), t["event_trigger"], t["unexpected_events"])
    assert again.event == "convoy" and again.ignored


def test_5_wrong_dz_never_before_the_jump(scenario) -> None:
    t = scenario.tables
    r = events.roll_event((), ["rodney"], {"rodney": 2}, ScriptedRoller([6, 5, 1]), t["event_trigger"], t["unexpected_events"])
    assert (r.event, r.group, r.entry_turn) == ("wrong_dz", "rodney", 2)


def test_5_phase_a_applies_flak_and_convoy(scenario, kit) -> None:
    g = kit.small_game(scenario, [("z", kit.OPEN)], [], [6, 1, 1], options=Options())
    g.turn = 1
    events.phase_a(g)  # Flak; the group is picked among the three in the air: d6 1 -> first
    assert g.lost_groups == {"drake"} and "flak" in g.events_used
    assert all(c in g.eliminated for c in scenario.group_counters("drake"))
    g.turn = 2
    g.roll = ScriptedRoller([6, 4])
    events.phase_a(g)
    assert g.boat_modifier == -1 and g.alert.pending == [(1, BOATS_DETECTED)]
    assert scenario.group_counters("boats")[-1] in g.eliminated


def test_5_airborne_groups_on_turn_two(scenario, kit) -> None:
    g = kit.small_game(scenario, [("z", kit.OPEN)], [])
    g.turn = 2
    assert events.airborne_groups(g) == ["rodney"]


# --------------------------------------------------------------------------- 7 drop


def test_7_overflow_goes_to_the_next_higher_zone_then_wraps() -> None:
    numbered = {n: f"z{n}" for n in range(1, 7)}
    assert drop.landing_zone(numbered, 3, lambda z: z not in {"z3", "z4"}) == "z5"
    assert drop.landing_zone(numbered, 6, lambda z: z != "z6") == "z1"
    assert drop.landing_zone(numbered, 2, lambda z: False) is None


def test_7_drop_respects_stacking_and_enemies(scenario, kit) -> None:
    zones = [(f"DZ-A{n}", kit.OPEN) for n in range(1, 7)]
    g = kit.small_game(scenario, zones, [], [1] + [2] * 5)
    g.scenario.zone_records.update({f"DZ-A{n}": {"drop_zone": "A", "number": n} for n in range(1, 7)})
    kit.put(g, "DZ-A2", "lw-2")
    kit.put(g, "DZ-A3", "nelson-1", "nelson-2", "nelson-3", "nelson-officer")  # 6 of 10 points
    drop.drop_group(g, "drake")
    where = {g.pieces[c].zone for c in scenario.group_counters("drake")}
    assert "DZ-A2" not in where  # German zone skipped
    assert g.points_in("DZ-A3") <= 10 and g.points_in("DZ-A4") > 0
    assert all(g.pieces[c].acted for c in scenario.group_counters("drake"))


# --------------------------------------------------------------------------- 8 movement


def test_8_capacity_never_above_the_printed_one_and_carrying(scenario) -> None:
    from paragraphs_bruneval.rules.movement import british_capacity

    assert british_capacity(3, 4, ScriptedRoller([9])).points == 3
    assert british_capacity(5, 0, ScriptedRoller([]), carry_limit=3).points == 3
    assert british_capacity(5, None, ScriptedRoller([8])).points == 4  # no officer left


def test_8_british_move_is_checked(scenario, kit) -> None:
    g = kit.small_game(
        scenario,
        [("a", kit.OPEN), ("b", kit.OPEN), ("c", kit.OPEN), ("gun", kit.PROTECTED), ("m", kit.PROTECTED, {"activation"}), ("x", kit.OPEN)],
        [("a", "b", kit.DASHED), ("b", "c", kit.SOLID), ("a", "gun", kit.RED), ("a", "m", kit.SOLID), ("a", "x", kit.RED)],
    )
    units = kit.put(g, "a", "drake-officer", "drake-1", "drake-2")
    kit.put(g, "gun", "mg-1")
    g.markers = ActivationMarkers({"m": MarkerBack.count(1)})
    with pytest.raises(IllegalAction, match="no line"):
        actions.move(g, units, ["x"])  # red dashed: combat only
    with pytest.raises(IllegalAction, match="German units"):
        actions.move(g, units, ["gun"])
    with pytest.raises(IllegalAction, match="marker"):
        actions.move(g, units, ["m"])
    with pytest.raises(IllegalAction, match="6 PM, over"):
        actions.move(g, units, ["b", "c", "b", "c", "b"])
    actions.move(g, units, ["b", "c"])
    assert all(p.zone == "c" and p.acted for p in units)
    with pytest.raises(IllegalAction, match="already acted"):
        actions.move(g, units, ["b"])


# --------------------------------------------------------------------------- 8.2 German movement


def test_8_2_no_movement_below_alert_two_and_posts_stay(scenario, kit) -> None:
    g = kit.small_game(scenario, [("a", kit.OPEN), ("b", kit.OPEN), ("c", kit.OPEN)], [("a", "b", kit.SOLID), ("b", "c", kit.SOLID)], alert=1)
    kit.put(g, "a", "685-1")
    kit.put(g, "c", "drake-1")
    german_movement.german_movement(g)
    assert g.pieces["685-1"].zone == "a"
    g.alert.level = 2
    g.holds_post = frozenset({"685-1"})
    german_movement.german_movement(g)
    assert g.pieces["685-1"].zone == "a"
    g.holds_post = frozenset()
    german_movement.german_movement(g)
    assert g.pieces["685-1"].zone == "b"


def test_8_2_falls_back_to_joining_friends_then_beaches(scenario, kit) -> None:
    g = kit.small_game(scenario, [("a", kit.OPEN), ("b", kit.OPEN), ("beach", kit.OPEN, {"beach"})], [("a", "b", kit.SOLID), ("a", "beach", kit.SOLID)], alert=4)
    kit.put(g, "a", "685-1")
    kit.put(g, "b", "685-2", "685-3")
    german_movement.move_stack(g, "a", [g.pieces["685-1"]], 2)
    assert g.pieces["685-1"].zone == "b"  # no British on the map: joins the stack
    g2 = kit.small_game(scenario, [("a", kit.OPEN), ("beach", kit.OPEN, {"beach"})], [("a", "beach", kit.SOLID)], alert=4)
    kit.put(g2, "a", "685-1")
    german_movement.german_movement(g2)
    assert g2.pieces["685-1"].zone == "beach"


def test_8_2_passing_a_marker_activates_it(scenario, kit) -> None:
    g = kit.small_game(scenario, [("a", kit.OPEN), ("m", kit.PROTECTED, {"activation"}), ("c", kit.OPEN), ("d", kit.OPEN)], [("a", "m", kit.SOLID), ("m", "c", kit.SOLID), ("c", "d", kit.SOLID)], alert=6)
    g.markers = ActivationMarkers({"m": MarkerBack.count(1)})
    kit.put(g, "a", "685-1")
    kit.put(g, "d", "drake-1")
    german_movement.move_stack(g, "a", [g.pieces["685-1"]], 3)
    assert g.pieces["685-1"].zone == "c" and "m" not in g.markers
    assert len(g.stack("m")) == 1 and not g.stack("m")[0].acted


# --------------------------------------------------------------------------- 9 combat


def test_9_attacking_a_face_down_marker_reveals_it(scenario, kit) -> None:
    g = kit.small_game(scenario, [("a", kit.OPEN), ("m", kit.PROTECTED, {"activation"})], [("a", "m", kit.SOLID)], [6, 1])
    g.markers = ActivationMarkers({"m": MarkerBack.count(1)})
    units = kit.put(g, "a", "drake-1", "drake-2")
    report = actions.attack(g, units, "m")
    assert report is not None and report.result.defender_hit
    assert "m" not in g.markers and g.stack("m")[0].reduced


def test_9_lone_radar_operator_is_taken_prisoner(scenario, kit) -> None:
    g = kit.small_game(scenario, [("a", kit.OPEN), ("w", kit.PROTECTED, {"wurzburg"})], [("a", "w", kit.SOLID)], [3, 3])
    units = kit.put(g, "a", "drake-engineers", "drake-1", "drake-2")
    kit.put(g, "w", "op-w")
    report = actions.attack(g, units, "w", advance=units)
    assert report is not None and report.prisoner == "op-w"
    assert "op-w" in g.pieces["drake-1"].carrying  # a paratrooper escorts, not the engineers
    assert {p.zone for p in units} == {"w"} and "op-w" not in g.eliminated


def test_9_failed_attack_hits_the_attacker_and_officers_roll(scenario, kit) -> None:
    g = kit.small_game(scenario, [("a", kit.OPEN), ("p", kit.BUNKER)], [("a", "p", kit.RED)], [1, 6, 6])
    units = kit.put(g, "a", "rodney-1", "rodney-officer")
    kit.put(g, "p", "pillbox-1")
    report = actions.attack(g, units, "p")
    assert report is not None and not report.result.defender_hit
    assert g.pieces["rodney-1"].reduced
    assert "rodney-officer" in g.eliminated


def test_9_lone_officer_defends_and_falls(scenario, kit) -> None:
    from paragraphs_bruneval.rules.combat import fight

    g = kit.small_game(scenario, [("a", kit.OPEN), ("b", kit.OPEN)], [("a", "b", kit.SOLID)], [6, 1])
    kit.put(g, "a", "685-1")
    kit.put(g, "b", "nelson-officer")
    fight(g, g.stack("a"), "a", "b")
    assert "nelson-officer" in g.eliminated


def test_9_carried_radar_stays_when_its_carrier_falls(scenario, kit) -> None:
    g = kit.small_game(scenario, [("a", kit.OPEN)], [])
    (eng,) = kit.put(g, "a", "drake-engineers")
    eng.carrying.append(WURZBURG)
    g.wurzburg = Wurzburg("dismantled", None, eng.id)
    g.eliminate(eng, "test")
    assert g.wurzburg.status == "dismantled" and g.wurzburg.zone == "a" and g.wurzburg.carrier is None


# --------------------------------------------------------------------------- 10 objectives


def test_10_wurzburg_table_and_modifiers(scenario) -> None:
    table, mods = scenario.tables["wurzburg"], scenario.wurzburg_modifiers
    assert [objectives.wurzburg_target(n, table) for n in (1, 2, 3, 4, 9)] == [None, 3, 4, 5, 5]
    assert objectives.attempt_wurzburg(2, "engineers", ScriptedRoller([3]), table, mods).success
    assert not objectives.attempt_wurzburg(2, "reduced_engineers", ScriptedRoller([3]), table, mods).success
    assert objectives.attempt_wurzburg(4, "paratroopers", ScriptedRoller([3]), table, mods).success
    assert objectives.attempt_wurzburg(1, "engineers", ScriptedRoller([]), table, mods).face is None


def test_10_dismantling_counts_complete_turns_only(scenario, kit) -> None:
    g = kit.small_game(scenario, [("W", kit.PROTECTED, {"wurzburg"})], [])
    g.wurzburg = Wurzburg("intact", "W", None)
    kit.put(g, "W", "drake-engineers")
    g.in_w_at_start = set()  # arrived this turn
    objectives.count_dismantling_turn(g)
    assert g.dismantling_turns == 0
    g.in_w_at_start = objectives.eligible_in_w(g)
    objectives.count_dismantling_turn(g)
    objectives.count_dismantling_turn(g)
    assert g.dismantling_turns == 2
    with pytest.raises(IllegalAction):
        actions.attempt_wurzburg(g, g.pieces["drake-1"])  # not in W, and the engineers live


def test_10_paratroopers_try_only_without_engineers(scenario, kit) -> None:
    g = kit.small_game(scenario, [("W", kit.PROTECTED, {"wurzburg"})], [])
    kit.put(g, "W", "drake-1")
    assert objectives.who_attempts(g, g.pieces["drake-1"]) is None
    g.eliminated.append("drake-engineers")
    assert objectives.who_attempts(g, g.pieces["drake-1"]) == "paratroopers"
    assert objectives.who_attempts(g, g.pieces["lw-2"]) is None


def test_10_villa(scenario, kit) -> None:
    g = kit.small_game(scenario, [("VILLA", kit.PROTECTED, {"villa"})], [], [5])
    kit.put(g, "VILLA", "rodney-1", "rodney-2", "rodney-officer")
    assert actions.villa_attack_value(g, g.pieces["rodney-1"]) == 7
    assert actions.attempt_villa(g, g.pieces["rodney-1"]) and g.villa_destroyed
    assert objectives.attempt_villa(4, ScriptedRoller([5])).success is False


# --------------------------------------------------------------------------- 11 embarkation, 14 boats


def test_11_embark_penalty_takes_the_larger(scenario, kit) -> None:
    g = kit.small_game(
        scenario,
        [("E", (0, 4), {"embarkation"}), ("beach", kit.OPEN, {"beach"}), ("near", kit.OPEN), ("far", kit.OPEN)],
        [("E", "beach", kit.SOLID), ("E", "near", kit.RED), ("beach", "far", kit.SOLID)],
    )
    assert embarkation.extra_for(g, "E") == 0
    kit.put(g, "far", "685-1")
    assert embarkation.extra_for(g, "E") == 1
    kit.put(g, "near", "pillbox-1")
    assert embarkation.extra_for(g, "E") == 2


def test_11_embark_and_sail(scenario, kit) -> None:
    g = kit.small_game(scenario, [("E", (0, 4), {"embarkation"}), ("beach", kit.OPEN, {"beach"})], [("E", "beach", kit.SOLID)])
    with pytest.raises(IllegalAction):
        actions.move(g, kit.put(g, "beach", "nelson-1"), ["E"])  # no boat yet
    kit.put(g, "E", "lca-1", "lca-2")
    units = kit.put(g, "beach", "nelson-2", "nelson-3", "nelson-officer")
    actions.move(g, [g.pieces["nelson-1"], *units], ["E"])
    assert sum(g.cargo_points(b) for b in g.boats_in("E")) == 6
    for boat in list(g.boats_in("E")):
        actions.sail(g, boat)
    assert victory.score(g).vp == 3


def test_14_boats_roll_and_modifiers(scenario, kit) -> None:
    table = scenario.tables["boats"]
    assert boats.roll_boats(9, 5, ScriptedRoller([]), table).face is None
    assert boats.roll_boats(13, -1, ScriptedRoller([1]), table).arrive
    g = kit.small_game(scenario, [("E", (0, 4), {"embarkation"}), ("beach", kit.OPEN, {"beach"}), ("inland", kit.OPEN)], [("E", "beach", kit.SOLID), ("beach", "inland", kit.SOLID)], [5])
    kit.put(g, "beach", "nelson-1", "nelson-officer")
    kit.put(g, "inland", "nelson-2")
    assert boats.beach_modifier(g) == 1
    g.turn = 10
    boats.phase_b(g)  # 5 + 1 = 6: they come
    assert g.boats_arrived and len(g.boats_in("E")) == 4
    assert (1, BOATS_ARRIVE) in g.alert.pending


# --------------------------------------------------------------------------- 13 reinforcements, 16 officers


def test_13_reinforcements(scenario, kit) -> None:
    assert reinforcements.roll_reinforcements(3, 8, ScriptedRoller([])).face is None
    assert reinforcements.roll_reinforcements(4, 8, ScriptedRoller([5])).count == 0
    assert reinforcements.roll_reinforcements(6, 2, ScriptedRoller([5])).count == 2
    assert [reinforcements.split_between_arrows(n) for n in (1, 2, 3, 4)] == [(1, 0), (1, 1), (2, 1), (2, 2)]
    g = kit.small_game(scenario, [("R1", kit.OPEN), ("R2", kit.OPEN)], [], [3], alert=4)
    g.scenario.zone_records.update({"R1": {"entry": "R1"}, "R2": {"entry": "R2"}})
    kit.put(g, "R2", "drake-1")  # the British hold R2: its share enters at R1
    reinforcements.german_reinforcements(g)
    assert len(g.stack("R1")) == 3 and all(p.acted for p in g.stack("R1"))


def test_16_officer_falls_on_a_six() -> None:
    assert officers.officer_falls(ScriptedRoller([6]))
    assert not officers.officer_falls(ScriptedRoller([5]))


# --------------------------------------------------------------------------- 17 victory, 18 commando


def test_17_score(scenario, kit) -> None:
    g = kit.small_game(scenario, [("E", (0, 4), {"embarkation"})], [])
    kit.put(g, "E", "lca-1")
    carrier = g.pieces["drake-engineers"]
    carrier.carrying = [WURZBURG, "op-w", "op-villa"]
    g.aboard["lca-1"] = ["drake-engineers", "drake-1", "drake-officer"]
    g.wurzburg = Wurzburg("embarked", None, carrier.id)
    g.villa_destroyed = True
    s = victory.score(g)
    assert s.vp == 10 + 4 + 1 + 2 and s.level == "partial"
    g.aboard["lca-1"] += ["drake-2", "drake-3"]
    s = victory.score(g)
    assert s.vp == 19 and s.level == "partial"
    g.aboard["lca-1"].append("rodney-1")
    assert victory.score(g).vp == 20 and victory.score(g).level == "complete"  # the ruling


def test_18_boat_fights_with_its_commando(scenario, kit) -> None:
    from paragraphs_bruneval.rules.combat import fight

    opts = Options(commando=True)
    g = kit.small_game(scenario, [("E", (0, 4), {"embarkation"}), ("beach", kit.OPEN, {"beach"})], [("E", "beach", kit.SOLID)], [6, 1], options=opts)
    g.pieces["lca-1"].kind = scenario.kinds["lca_light"]
    kit.put(g, "E", "lca-1")
    g.aboard["lca-1"] = ["commando-1"]
    kit.put(g, "beach", "685-1")
    report = fight(g, g.stack("beach"), "beach", "E")
    assert report is not None and report.defence.factor == 4  # the Commando's 3-4-5, not the LCA's 1-2
    assert g.pieces["commando-1"].reduced and "lca-1" not in g.eliminated


def test_18_commando_lands_for_two_points(scenario, kit) -> None:
    opts = Options(commando=True)
    g = kit.small_game(scenario, [("E", (0, 4), {"embarkation"}), ("beach", kit.OPEN, {"beach"})], [("E", "beach", kit.SOLID)], [6], options=opts)
    kit.put(g, "E", "lca-1")
    g.aboard["lca-1"] = ["commando-1"]
    actions.disembark(g, g.pieces["commando-1"], g.pieces["lca-1"], "beach")  # no officer: d10 6 -> 3 PM
    assert g.pieces["commando-1"].zone == "beach"
    with pytest.raises(IllegalAction):
        actions.disembark(g, g.pieces["commando-2"], g.pieces["lca-1"], "beach")


def test_18_landed_commandos_embark_like_anyone_but_take_no_room(scenario, kit) -> None:
    opts = Options(commando=True)
    g = kit.small_game(scenario, [("E", (0, 4), {"embarkation"}), ("beach", kit.OPEN, {"beach"})], [("E", "beach", kit.SOLID)], options=opts)
    kit.put(g, "E", "lca-1")
    kit.put(g, "beach", "commando-2", "nelson-1", "nelson-2", "nelson-officer")
    actions.move(g, list(g.stack("beach")), ["E"])
    assert g.cargo_points(g.pieces["lca-1"]) == 4  # the Commando's point does not count
    assert victory.score(g).vp == 2


def test_reinforcement_rolls_and_combat_reports_are_made_by_a_written_init() -> None:
    """Plain classes (a dataclass's generated __init__ stays interpreted in the compiled
    build); a reinforcement roll is still a value."""
    from paragraphs_raids.combat import CombatResult, SideValue

    from paragraphs_bruneval.rules.combat import CombatReport

    for cls in (reinforcements.ReinforcementRoll, CombatReport):
        code = getattr(cls.__init__, "__code__", None)
        assert code is None or code.co_filename.endswith(".py"), cls
    roll = reinforcements.ReinforcementRoll(5, 3)
    assert roll == reinforcements.ReinforcementRoll(5, 3) and hash(roll) == hash(reinforcements.ReinforcementRoll(5, 3))
    assert roll != reinforcements.ReinforcementRoll(None, 0) and repr(roll) == "ReinforcementRoll(face=5, count=3)"
    assert roll.label() == "3 arrive (2 at R1, 1 at R2)"
    report = CombatReport("a", "b", SideValue(4, 0, 0), SideValue(3, 0, 0, 1), CombatResult(4, 4, 2, 6), "x", True)
    assert report.prisoner is None and "'a' -> 'b'" in repr(report)
