"""Paragraphs 100-234 of the Silver Star booklet: resolutions with scripted dice and exact odds.

The content is loaded without the error gate, because other ranges of the booklet are
encoded in parallel; tests that would leave the range are skipped while their target is
not encoded yet.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

import pytest

from paragraphs.dice import ScriptedDice
from paragraphs.odds import paragraph_odds


# the `engine` fixture comes from conftest.py (the booklet is compiled once per session)


def texts(result, kind=None):
    return [i.text for i in result.instructions if kind is None or i.kind == kind]


def by_trail(odds):
    """Probability of each trail (outcomes that differ only in effects are summed)."""
    out = defaultdict(Fraction)
    for outcome, p in odds.outcomes:
        out[outcome.trail] += p
    return dict(out)


def with_sightings(engine, mission, *sightings, **values):
    state = engine.new_state(mission=mission)
    for sid in sightings:
        state.sightings[sid] = {"paragraph": "test"}
    state.values.update(values)
    return state


def needs(engine, *paragraphs):
    missing = [p for p in paragraphs if p not in engine.book.paragraphs]
    if missing:
        pytest.skip(f"paragraph(s) {', '.join(missing)} not encoded yet")


# --------------------------------------------------------------------------- 112, 113, 119, 220


def test_112_pc_failure_then_activation(engine):
    state = engine.new_state(mission=22)  # Condition 1, Operations, Activation Level c1 0-3
    r = engine.resolve("112", state, {"pc": 4, "p220_grenade_users": 0}, dice=ScriptedDice([6, 2, 3]))
    assert r.status == "done" and r.trail == ["112", "220"]
    assert r.marked == ["s5"]
    units = r.state.extra["units"]
    # odd roll (3): GE 18 in E-3, GE 19/20 in H-7, GE 48 in K-3, GE 49 in K-9, GE 50 in D-2
    assert units["GE 18"] == {"status": "active", "hex": "E-3", "stance": "crouching"}
    assert units["GE 19"]["hex"] == units["GE 20"]["hex"] == "H-7"
    assert (units["GE 48"]["hex"], units["GE 49"]["hex"], units["GE 50"]["hex"]) == ("K-3", "K-9", "D-2")
    assert any("Only those previously removed" in t for t in texts(r, "activate"))


def test_112_after_s5_failure_is_no_event(engine):
    state = with_sightings(engine, 20, "s5")
    r = engine.resolve("112", state, {"pc": 3}, dice=ScriptedDice([8]))
    assert r.trail == ["112"]
    assert "no event" in r.effects and not r.marked


def test_112_success_places_roadblock_and_hook_pays_bonus_vp(engine):
    state = engine.new_state(mission=20)
    # a roll equal to the PC has no "exact" branch in 112: it counts as a success
    r = engine.resolve("112", state, {"pc": 5}, dice=ScriptedDice([5]))
    assert r.trail == ["112", "113"]
    assert r.marked == ["s0"]
    assert {"marker": "roadblock", "hexes": ["I-5"], "paragraph": "113"} in r.state.extra["markers"]
    assert engine.armed_events(r.state) == ["roadblock_cleared"]
    assert any("Accident Check" in n["text"] for n in r.state.notes)
    cleared = engine.fire("roadblock_cleared", r.state)
    assert cleared.state.counters["vp"] == 1
    assert cleared.counter_changes == {"vp": 1}
    assert engine.armed_events(cleared.state) == []


def test_119_modifiers_on_both_checks(engine):
    state = engine.new_state(mission=20)  # c1 0-4
    # PC 4 -1: a 4 fails; Activation 0-4 -1: a 4 fails too
    r = engine.resolve("119", state, {"pc": 4}, dice=ScriptedDice([4, 4]))
    assert r.trail == ["119"]
    assert r.effects[:3] == ["event marker", "check:pc failure", "check:activation failure"]
    assert r.state.extra["event_markers"] == [{"paragraph": "119", "hex": None}]
    # a 3 activates (0-3); an even roll brings GE 18 back in H-7 and GE 49 in I-8
    r = engine.resolve("119", state, {"pc": 4, "p220_grenade_users": 0}, dice=ScriptedDice([4, 3, 0]))
    assert r.trail == ["119", "220"]
    assert r.state.extra["units"]["GE 18"]["hex"] == "H-7"
    assert r.state.extra["units"]["GE 49"]["hex"] == "I-8"
    assert r.state.extra["units"]["GE 50"]["hex"] == "D-2"  # printed D-2 on both results


def test_odds_112(engine):
    state = engine.new_state(mission=20)  # c1 0-4
    odds = by_trail(paragraph_odds(engine, "112", state, {"pc": 4, "p220_grenade_users": 1}))
    # PC 4: 0-4 succeed (5/10); then Activation 0-4 (5/10); 220's own rolls (return hexes,
    # one German's grenades) do not change the trail
    assert odds == {
        ("112", "113"): Fraction(1, 2),
        ("112", "220"): Fraction(1, 4),
        ("112",): Fraction(1, 4),
    }


def test_odds_119(engine):
    state = engine.new_state(mission=20)
    odds = by_trail(paragraph_odds(engine, "119", state, {"pc": 4, "p220_grenade_users": 1}))
    # PC 4-1: 0-3 (4/10) -> 113; else Activation 0-4 -1 = 0-3 (4/10) -> 220
    assert odds == {
        ("119", "113"): Fraction(2, 5),
        ("119", "220"): Fraction(6, 10) * Fraction(4, 10),
        ("119",): Fraction(6, 10) * Fraction(6, 10),
    }
    assert odds[("119", "220")] == Fraction(6, 25) and odds[("119",)] == Fraction(9, 25)


# --------------------------------------------------------------------------- 105 and 118


def test_105_118_read_counts_vp_and_conditional_retirement(engine):
    state = engine.new_state(mission=20)
    r1 = engine.resolve("105", state)
    assert r1.trail == ["105", "118"] and not r1.counter_changes
    r2 = engine.resolve("105", r1.state)
    assert "corporal" in texts(r2)[0]
    r3 = engine.resolve("105", r2.state)
    assert r3.counter_changes == {"vp": -1}
    r4 = engine.resolve("105", r3.state)
    assert r4.state.counters["vp"] == -2  # one VP for each reading after the second
    # a sighting ends it: 105 says "no event" and retires itself
    seen = engine.resolve("109", r4.state)
    assert seen.marked == ["s0"]
    r5 = engine.resolve("105", seen.state)
    assert r5.trail == ["105"] and "105" in r5.state.retired
    r6 = engine.resolve("105", r5.state)
    assert r6.effects == ["105 spent"]
    assert r6.state.counters["vp"] == -2


# --------------------------------------------------------------------------- 172, 212, 117


def test_172_rounds_roll_to_212_us_carrier(engine):
    state = with_sightings(engine, 24, "s4", phase="rounds")
    answers = {"p172_east_of_k": False, "p172_unattended_mule": False, "pc": 5}
    # 172 rolls 0 -> 212; 212 rolls 3 (odd: an American has it); PC 5: a 2 succeeds
    r = engine.resolve("172", state, answers, dice=ScriptedDice([0, 3, 2]))
    assert r.trail == ["172", "212"]
    assert "A US soldier has it." in texts(r)
    assert any("explodes without harm" in t for t in texts(r))
    assert r.state.retired == ["212"]
    again = engine.resolve("172", r.state, answers, dice=ScriptedDice([0]))
    assert again.trail == ["172", "212"] and again.effects[-1] == "212 spent"


def test_212_german_carrier_uses_german_pc(engine):
    state = with_sightings(engine, 22, phase="rounds")
    r = engine.resolve("212", state, {"pc_german": 6}, dice=ScriptedDice([4, 9]))
    assert "A German soldier has it." in texts(r)
    assert any("counted as indoors" in t for t in texts(r))
    assert r.rolls[-1].purpose.startswith("PC Check of the German")


def test_172_roll_6_panics_in_rounds_once(engine):
    state = with_sightings(engine, 24, "s4", phase="rounds")
    answers = {"p172_east_of_k": False, "p172_unattended_mule": False}
    r = engine.resolve("172", state, answers, dice=ScriptedDice([6]))
    assert r.trail == ["172", "117"]
    assert any("Panic space" in t for t in texts(r))
    assert "117" in r.state.retired
    # in Operations 172 stops at item 5
    ops = engine.resolve("172", with_sightings(engine, 24, "s4"), answers)
    assert ops.trail == ["172"] and "no event" in ops.effects


# --------------------------------------------------------------------------- 182, 194, 225, 181, 191, 210, 201


def test_182_194_225_181_first_charge_and_footing_hook(engine):
    state = engine.new_state(mission=22)
    answers = {"p182_one_side_marker": False, "p182_two_side_marker": False, "p225_explosives_set": True, "p181_second_charge": False}
    r = engine.resolve("182", state, answers, dice=ScriptedDice([8]))
    assert r.trail == ["182", "194", "225", "181"]
    assert "225" in r.state.retired
    assert any(m["marker"] == "destroyed_bridge" for m in r.state.extra["markers"])
    assert engine.armed_events(r.state) == ["destroyed_bridge_entered"]
    fall = engine.fire("destroyed_bridge_entered", r.state, dice=ScriptedDice([9]))
    assert any("Medium Machinegun row" in t for t in texts(fall))
    safe = engine.fire("destroyed_bridge_entered", fall.state, dice=ScriptedDice([7]))
    assert "He keeps his footing." in texts(safe)
    assert engine.armed_events(safe.state) == ["destroyed_bridge_entered"]  # it can happen again


def test_182_191_defused_in_time_gives_2_vp(engine):
    state = engine.new_state(mission=22)
    r = engine.resolve("182", state, {"p182_one_side_marker": True, "pc_highest": 6}, dice=ScriptedDice([2]))
    assert r.trail == ["182", "191", "210"]
    assert r.counter_changes == {"vp": 2}
    boom = engine.resolve("182", state, {"p182_one_side_marker": True, "pc_highest": 6, "p181_second_charge": False}, dice=ScriptedDice([8]))
    assert boom.trail == ["182", "191", "201", "181"]
    assert not boom.counter_changes


def test_odds_191(engine):
    odds = by_trail(paragraph_odds(engine, "191", engine.new_state(mission=22), {"pc_highest": 6, "p181_second_charge": False}))
    assert odds == {("191", "210"): Fraction(7, 10), ("191", "201", "181"): Fraction(3, 10)}


# --------------------------------------------------------------------------- 190, 200, 228


def test_228_190_soldiers_on_top_collapse_with_modifier(engine):
    state = engine.new_state(mission=22)
    answers = {"p228_bridge_intact": True, "p190_case": "soldiers_on_top", "p190_extra_soldiers": 2}
    r = engine.resolve("228", state, answers, dice=ScriptedDice([7]))
    assert r.trail == ["228", "190", "200"]
    assert (r.rolls[0].value, r.rolls[0].total) == (7, 9)
    assert any("Pistol row" in t for t in texts(r))
    held = engine.resolve("228", state, answers, dice=ScriptedDice([6]))
    assert held.trail == ["228", "190"] and "no event" in held.effects


def test_odds_190(engine):
    state = engine.new_state(mission=22)
    soldiers = by_trail(paragraph_odds(engine, "190", state, {"p190_case": "soldiers_on_top", "p190_extra_soldiers": 3}))
    # +3: faces 6-9 reach 9 or more
    assert soldiers[("190", "200")] == Fraction(2, 5)
    alone = by_trail(paragraph_odds(engine, "190", state, {"p190_case": "soldiers_on_top", "p190_extra_soldiers": 0}))
    assert alone[("190", "200")] == Fraction(1, 10)
    jeep = by_trail(paragraph_odds(engine, "190", state, {"p190_case": "jeep_on_top"}))
    assert jeep == {("190",): Fraction(4, 5), ("190", "200"): Fraction(1, 5)}
    track = by_trail(paragraph_odds(engine, "190", state, {"p190_case": "half_track_on_top"}))
    assert track == {("190",): Fraction(1, 2), ("190", "200"): Fraction(1, 2)}
    beneath = by_trail(paragraph_odds(engine, "190", state, {"p190_case": "vehicle_beneath"}))
    assert beneath == {("190",): Fraction(1)}


# --------------------------------------------------------------------------- 221, 208, 140/141, 151, 168, 233


def test_221_berserk_american_tackle_hook(engine):
    r = engine.resolve("221", engine.new_state(mission=22))
    assert r.state.retired == ["221"]
    assert any("+2 WS" in n["text"] for n in r.state.notes)
    held = engine.fire("berserk_tackle", r.state, dice=ScriptedDice([5, 7]))
    assert "The tackle works." in texts(held)
    assert any("comes to his senses" in t for t in texts(held))
    still = engine.fire("berserk_tackle", held.state, dice=ScriptedDice([3, 1]))
    assert "No effect: he is still berserk." in texts(still)
    missed = engine.fire("berserk_tackle", still.state, dice=ScriptedDice([8]))
    assert texts(missed)[-1] == "The tackle fails."


def test_208_no_panzerfaust_rerolls_gan_and_table(engine):
    state = engine.new_state(mission=22)
    state.values["gan"] = 1
    r = engine.resolve("208", state, {"p208_panzerfaust": False}, dice=ScriptedDice([7]))
    assert r.trail == ["208"]
    assert r.state.values["gan"] == 7
    assert "Remove Special Reaction P from this German." in texts(r)
    fire = engine.resolve("208", state, {"p208_panzerfaust": True, "p208_vehicle_within_3": True})
    assert texts(fire, "order")[0].startswith("Fire panzerfaust at the nearest American vehicle")
    needs(engine, "802")
    table = engine.resolve("208", state, {"p208_panzerfaust": True, "p208_vehicle_within_3": False})
    assert table.trail[:2] == ["208", "802"]  # GAN 1: 1-4 -> 802


def test_movement_by_gan_and_mover(engine):
    state = engine.new_state(mission=22)
    state.values["gan"] = 3
    assert texts(engine.resolve("140", state), "move") == ["Enter E-16."]
    state.values["gan"] = 4
    assert texts(engine.resolve("141", state, {"mover": "vehicle"}), "move") == ["Enter L-14."]
    assert texts(engine.resolve("141", state, {"mover": "soldier"}), "move") == ["Enter K-13."]
    assert texts(engine.resolve("183", state, {"mover": "soldier"}), "move") == ["Enter T-14."]


def test_151_drop_off_passenger_then_cross_by_entry_hex(engine):
    answers = {"mover": "vehicle", "p151_passenger_explosives": True, "p151_passenger_turn_left": True, "entered_from": "H-15"}
    r = engine.resolve("151", engine.new_state(mission=22), answers)
    assert texts(r, "move") == ["Enter J-14."]
    assert any("Remove Special Reaction T" in t for t in texts(r, "units"))
    back = engine.resolve("151", engine.new_state(mission=22), {**answers, "entered_from": "J-14"})
    assert texts(back, "move") == ["Enter H-15."]
    driver = engine.resolve("151", engine.new_state(mission=22), {"mover": "vehicle", "p151_passenger_explosives": False})
    (change,) = texts(driver, "units")
    assert "Special Reaction H now applies to the driver." in change
    assert "Remove Special Reaction T from the driver." in change


def test_168_both_sightings_event_marker(engine):
    state = with_sightings(engine, 23, "s5", "s7")
    r = engine.resolve("168", state)
    assert r.trail == ["168"] and r.effects == ["event marker", "no event"]
    needs(engine, "384")
    state = with_sightings(engine, 23, "s5")  # c1 0-3
    r = engine.resolve("168", state, dice=ScriptedDice([3]))
    assert r.trail[:2] == ["168", "384"]


def test_233_german_swimmer(engine):
    r = engine.resolve("233", engine.new_state(mission=19), {"pc_german": 3, "p233_diver_in_los": False, "p233_in_f4": True}, dice=ScriptedDice([2]))
    assert texts(r, "order") == ["Do nothing."]
    r = engine.resolve("233", engine.new_state(mission=19), {"pc_german": 3, "p233_in_f4": False}, dice=ScriptedDice([4]))
    assert texts(r, "order") == ["Move, toward F-4, swimming, in his present stance."]


# --------------------------------------------------------------------------- leaving the range (skipped until encoded)


def test_133_exact_roll_reads_359(engine):
    needs(engine, "353", "359")
    state = engine.new_state(mission=20)
    assert engine.resolve("133", state, {"pc_highest": 6}, dice=ScriptedDice([6])).trail[:2] == ["133", "359"]
    assert engine.resolve("133", state, {"pc_highest": 6}, dice=ScriptedDice([5])).trail[:2] == ["133", "353"]


def test_odds_231_underwater(engine):
    needs(engine, "561", "562")
    state = engine.new_state(mission=19)  # c1 0-5
    odds = paragraph_odds(engine, "231", state, {"p231_on_surface": False, "pc": 6})
    ends = defaultdict(Fraction)
    for outcome, p in odds.outcomes:
        ends[outcome.trail[1] if len(outcome.trail) > 1 else None] += p
    # Activation 0-5 -2 = 0-3 (4/10) -> 562; else PC 6-2 = 0-4 (5/10) -> 561
    assert ends["562"] == Fraction(2, 5)
    assert ends["561"] == Fraction(3, 10)
    assert ends[None] == Fraction(3, 10)


def test_175_squad_leaves_north_edge(engine):
    needs(engine, "631")
    r = engine.resolve("175", engine.new_state(mission=24))
    assert engine.armed_events(r.state) == ["squad_left_map"]
    left = engine.fire("squad_left_map", r.state, {"p175_mules_left": 1, "p175_ge72_73_active": 2})
    assert left.counter_changes.get("vp") == -3
    assert "631" in left.trail
