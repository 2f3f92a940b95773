"""The rulebook's defects and open points (issue #13.2): each ruling and its alternative.

Rulings are content (``content/bruneval/rulings.yaml``); a test switches one by replacing
the scenario's ``rulings`` as an overlay would.
"""

from __future__ import annotations

import dataclasses

import pytest

from paragraphs_raids.markers import ActivationMarkers, MarkerBack

from paragraphs_bruneval.game.state import Options
from paragraphs_bruneval.rules import events, german_movement, stacking


#: Seeded games of the invariant test (2,000 once games are fast enough for CI).
GAMES = 300


def with_ruling(g, ruling: str, choice: str) -> None:
    g.use_scenario(dataclasses.replace(g.scenario, rulings={**g.scenario.rulings, ruling: choice}))


def surplus_board(scenario, kit):
    """Three Luftwaffe units walk start -> mid -> act, where a marker brings two more
    (5 full units, 10 points in an 8-point zone). ``mid`` is already full (8 points)."""
    g = kit.small_game(
        scenario,
        [("start", kit.OPEN), ("mid", kit.PROTECTED), ("act", kit.PROTECTED, {"activation"}), ("paras", kit.OPEN)],
        [("start", "mid", kit.SOLID), ("mid", "act", kit.SOLID), ("act", "paras", kit.SOLID)],
        alert=5,
    )
    g.markers = ActivationMarkers({"act": MarkerBack.count(2)})
    kit.put(g, "mid", "685-1", "685-2", "685-3", "685-4", acted=["685-1", "685-2", "685-3", "685-4"])
    movers = kit.put(g, "start", "lw-2", "lw-3", "lw-4")
    g.garrison_pool = ["lw-5", "lw-6"]
    kit.put(g, "paras", "drake-1")
    return g, movers


def test_8_2_surplus_steps_back_past_a_full_zone_to_the_nearest_with_room(scenario, kit) -> None:
    """Default ruling: the zone it entered from (mid) is full, so the surplus goes on back
    to start; every limit holds (before the fix it stayed in mid: 10 points in 8)."""
    g, movers = surplus_board(scenario, kit)
    german_movement.move_stack(g, "start", movers, 3)
    assert g.points_in("act") == 8 and g.points_in("mid") == 8
    assert [p.id for p in g.stack("start")] == ["lw-4"]
    assert stacking.violations(g) == []
    assert "lw-4 stay in start" in kit.texts(g)[-1] or "Luftwaffe 4 stay in start" in kit.texts(g)[-1]


def test_8_2_literal_surplus_stays_in_the_zone_it_entered_from_even_when_full(scenario, kit) -> None:
    g, movers = surplus_board(scenario, kit)
    with_ruling(g, "german_surplus", "literal")
    german_movement.move_stack(g, "start", movers, 3)
    assert g.points_in("mid") == 10
    broken = stacking.violations(g)
    assert len(broken) == 1 and broken[0].startswith("mid: 10 stacking points over its limit of 8")
    with pytest.raises(stacking.StackingBroken, match="mid: 10"):
        stacking.check_stacking(g)


def test_8_2_example_is_unchanged_the_surplus_stays_where_it_started(scenario, kit) -> None:
    """L301: one excess unit is left in the zone its move began in (it has room)."""
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
    for choice in ("step_back", "literal"):
        with_ruling(g, "german_surplus", choice)
    german_movement.move_stack(g, "start", movers, 2)
    assert g.points_in("activation") == 8 and len(g.stack("start")) == 1


def test_stacking_holds_after_every_phase_of_many_seeded_games(scenario, host) -> None:
    """Zero violations under the default ruling (the check raises inside the game)."""
    from paragraphs_bruneval.raid_title import simulate
    from paragraphs_bruneval.commands import default_policy

    results = simulate(scenario, default_policy, Options(), GAMES, 7, jobs=2, check=True)
    assert len(results) == GAMES


# --------------------------------------------------------------------------- 10.3 capture


def test_10_3_capture_moves_the_units_and_they_roll_activation_tests(scenario, kit) -> None:
    """Moving into W after a capture is movement: a face-down marker within R 2 is tested
    (before the fix no die was rolled). d6 3 and 3 for the combat, then 1 + R1 <= alert 4."""
    from paragraphs_bruneval.game import actions

    g = kit.small_game(
        scenario,
        [("a", kit.OPEN), ("w", kit.PROTECTED, {"wurzburg"}), ("m", kit.OPEN, {"activation"})],
        [("a", "w", kit.SOLID), ("w", "m", kit.SOLID)],
        [3, 3, 1],
        alert=4,
    )
    g.markers = ActivationMarkers({"m": MarkerBack.count(1)})
    units = kit.put(g, "a", "drake-1", "drake-2")
    kit.put(g, "w", "op-w")
    report = actions.attack(g, units, "w", advance=units)
    assert report is not None and report.prisoner == "op-w"
    assert g.roll.used == 3 and "m" not in g.markers
    assert any("at R1 of m: 1 + 1 = 2 <= alert 4, activation" in t for t in kit.texts(g))


def test_10_3_no_advance_across_a_red_dashed_line(scenario, kit) -> None:
    """Movement is forbidden along red dashed lines (rule 8): nobody can move in to take
    the operator, so he is lost (before the fix the attackers walked across)."""
    from paragraphs_bruneval.game import actions

    g = kit.small_game(scenario, [("a", kit.OPEN), ("w", kit.PROTECTED, {"wurzburg"})], [("a", "w", kit.RED)], [3, 3])
    units = kit.put(g, "a", "drake-1", "drake-2")
    kit.put(g, "w", "op-w")
    actions.attack(g, units, "w", advance=units)
    assert {p.zone for p in units} == {"a"}
    assert "op-w" in g.eliminated and not any("op-w" in p.carrying for p in units)


# --------------------------------------------------------------------------- 18 Commandos


def test_18_a_landed_commando_goes_on_with_the_points_left_officer_radius_from_its_boat(scenario, kit) -> None:
    """L522: after paying 2 PM to land it acts like any unit, officer rule included. The
    officer is next to the boat's zone (R1 from where the Commando stands, R2 from the
    beach): full capacity 5, no die; 2 to land + 1 to go inland (before the fix the
    Commando stopped on the beach and its radius was taken from the beach)."""
    from paragraphs_bruneval.game import actions

    g = kit.small_game(
        scenario,
        [("E", (0, 4), {"embarkation"}), ("beach", kit.OPEN, {"beach"}), ("inland", kit.OPEN), ("cliff", kit.OPEN)],
        [("E", "beach", kit.SOLID), ("beach", "inland", kit.SOLID), ("E", "cliff", kit.RED)],
        options=Options(commando=True),
    )
    kit.put(g, "E", "lca-1")
    kit.put(g, "cliff", "nelson-officer")
    g.aboard["lca-1"] = ["commando-1"]
    actions.disembark(g, g.pieces["commando-1"], g.pieces["lca-1"], "beach", then=["inland"])
    assert g.pieces["commando-1"].zone == "inland" and g.roll.used == 0
    assert kit.texts(g)[-1].endswith("(3 of 5 PM).")


# --------------------------------------------------------------------------- 8.2 friends


def test_8_2_a_full_friendly_stack_stays_the_goal_and_the_unit_stops_next_to_it(scenario, kit) -> None:
    """L286-287: head for the nearest German stack, join it if the limit allows. The near
    stack is full (8 of 8): the unit heads for it and stops next to it instead of going
    for the farther stack with room (before the fix a full stack was no goal at all)."""
    g = kit.small_game(
        scenario,
        [("a", kit.OPEN), ("full", kit.PROTECTED), ("b", kit.OPEN), ("c", kit.OPEN), ("far", kit.OPEN)],
        [("a", "full", kit.SOLID), ("a", "b", kit.SOLID), ("b", "c", kit.SOLID), ("c", "far", kit.SOLID)],
        alert=6,
    )
    kit.put(g, "full", "685-2", "685-3", "685-4", "685-5", acted=["685-2", "685-3", "685-4", "685-5"])
    kit.put(g, "far", "685-6", "685-7", acted=["685-6", "685-7"])
    mover = kit.put(g, "a", "685-1")
    german_movement.move_stack(g, "a", mover, 3)
    assert g.pieces["685-1"].zone == "a" and "head for full" in kit.texts(g)[-1]
    g.stack("full").pop()  # 6 of 8: now it joins
    g.pieces["685-5"].zone = ""
    g.pieces["685-1"].acted = False
    german_movement.move_stack(g, "a", mover, 3)
    assert g.pieces["685-1"].zone == "full"


# --------------------------------------------------------------------------- rulings as data


def test_a_ruling_is_overlaid_like_any_content_and_a_reading_the_engine_lacks_is_refused(host, tmp_path) -> None:
    from paragraphs.errors import ContentError

    from paragraphs_bruneval.scenario import load_scenario

    (tmp_path / "rulings.yaml").write_text("rulings:\n  - {id: german_surplus, choice: literal}\n")
    assert load_scenario(host, [tmp_path], use_cache=False).ruling("german_surplus") == "literal"
    (tmp_path / "rulings.yaml").write_text("rulings:\n  - {id: german_surplus, choice: teleport}\n")
    with pytest.raises(ContentError, match="teleport"):
        load_scenario(host, [tmp_path], use_cache=False)


def test_17_twenty_vp_complete_by_default_partial_by_the_rule_s_words(host, scenario, tmp_path) -> None:
    """"Greater than 20" read literally: 20 is partial. The table is content; overlay it."""
    from paragraphs_bruneval.rules.victory import success_level
    from paragraphs_bruneval.scenario import load_scenario

    assert success_level(20, scenario.tables["success_levels"]) == "complete"
    (tmp_path / "tables.yaml").write_text(
        "tables:\n  - id: success_levels\n    rows:\n      - {range: \"21+\", result: complete}\n      - {range: \"10-20\", result: partial}\n      - {range: \"<=9\", result: failure}\n"
    )
    literal = load_scenario(host, [tmp_path], use_cache=False)
    assert success_level(20, literal.tables["success_levels"]) == "partial"
    assert success_level(21, literal.tables["success_levels"]) == "complete"


def test_15_alert_groups_drop_waves_or_named_groups(scenario, kit) -> None:
    """L492: turn 1 drops Drake and Nelson. As waves: +1; as the first two groups: +2."""
    from paragraphs_bruneval.rules import alert

    g = kit.small_game(scenario, [("z", kit.OPEN)], [])
    alert.jumps(g, ["drake", "nelson"])
    alert.jumps(g, ["rodney"])
    assert [a for a, _ in g.alert.pending] == [1, 1]
    g2 = kit.small_game(scenario, [("z", kit.OPEN)], [])
    with_ruling(g2, "alert_groups", "groups")
    alert.jumps(g2, ["drake", "nelson"])
    alert.jumps(g2, ["rodney"])
    assert [a for a, _ in g2.alert.pending] == [1, 1] and g2.alert.seen["paratrooper_wave"] == 3
    g2.alert.adjust()
    assert g2.alert.level == 2


def test_12_one_test_per_marker_per_move_or_one_at_every_zone(scenario, kit) -> None:
    """A unit walks a -> b -> c past marker m (R2 at a... R1 at b, R2 at c). Default: one
    test, at b where it first comes within R2 (d6 6 fails). Alternative: b, then c too."""
    from paragraphs_bruneval.game import actions

    def board():
        g = kit.small_game(
            scenario,
            [("a", kit.OPEN), ("b", kit.OPEN), ("c", kit.OPEN), ("m", kit.OPEN, {"activation"}), ("far", kit.OPEN)],
            [("a", "far", kit.SOLID), ("far", "b", kit.SOLID), ("b", "m", kit.SOLID), ("b", "c", kit.SOLID), ("c", "far", kit.DASHED)],
            [6, 6, 6],
            alert=6,
        )
        g.markers = ActivationMarkers({"m": MarkerBack.count(1)})
        kit.put(g, "a", "drake-officer")
        return g, kit.put(g, "a", "drake-1")

    g, unit = board()
    actions.move(g, unit, ["far", "b", "c"])
    assert g.roll.used == 1  # only at far (R2): later zones are not tested again
    g, unit = board()
    with_ruling(g, "activation_tests", "every_zone")
    actions.move(g, unit, ["far", "b", "c"])
    assert g.roll.used == 3  # far (R2), b (R1), c (R2)


def test_5_flak_among_the_groups_in_the_air_or_among_all_three(scenario, kit) -> None:
    """Turn 2: only Rodney is in the air. Default: Flak strikes Rodney. Alternative: drawn
    among the three (d6 1 -> Drake, already landed: no effect)."""
    g = kit.small_game(scenario, [("z", kit.OPEN)], [], [6, 1], options=Options())
    g.turn = 2
    g.dropped_groups = {"drake", "nelson"}
    events.phase_a(g)
    assert g.lost_groups == {"rodney"}
    g = kit.small_game(scenario, [("z", kit.OPEN)], [], [6, 1, 1], options=Options())
    g.turn = 2
    g.dropped_groups = {"drake", "nelson"}
    with_ruling(g, "event_groups", "all_groups")
    events.phase_a(g)
    assert g.lost_groups == set() and "flak" in g.events_used
    assert "Drake has already landed, no effect" in kit.texts(g)[-1]


# --------------------------------------------------------------------------- assumed values


def test_the_assumed_marker_pool_never_calls_for_more_garrison_than_exists(scenario) -> None:
    """The markers on the map (6 A, 4 B, printed) can call for at most as many garrison
    units as the assumed garrison holds, so rule 3.2's "ignored" never has to apply (the
    earlier assumed values called for 15.5 units on average out of 8)."""
    most = 0
    for ms in scenario.marker_sets.values():
        backs = sorted((b.total for b in ms.backs), reverse=True)
        most += sum(backs[: ms.on_map])
    assert most == len(scenario.group_counters("garrison")) == 14


def test_values_assumed_but_unmarked_before_are_marked(host) -> None:
    from paragraphs.content import load_book

    book = load_book(host, "bruneval", use_cache=False)
    assert book.data["terrain"]["embarkation"]["assumed"]  # only boats count in an embarkation zone
    assert all(book.data["setup"][post]["assumed"] for post in ("W", "FORT"))  # the posts that never move
    infantry = [uid for uid, u in book.units.items() if u.factors.get("infantry")]
    assert infantry and all("infantry" in book.units[uid].assumed for uid in infantry)
    assert book.data["rulings"]["late_group_waits"]["assumed"]
