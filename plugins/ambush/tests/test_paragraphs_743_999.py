"""Paragraphs 743-999 (T794 included) of the Silver Star booklet: scripted resolutions and exact odds.

The content is loaded without the error gate, because other ranges of the booklet are
encoded in parallel; a test whose path leaves the range is skipped while its target is not
encoded yet.
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
    out = defaultdict(Fraction)
    for outcome, p in odds.outcomes:
        out[outcome.trail] += p
    return dict(out)


def by_effect(odds, needle):
    """Probability of the outcomes with an effect containing ``needle``."""
    return sum((p for o, p in odds.outcomes if any(needle in e for e in o.effects)), Fraction(0))


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


# --------------------------------------------------------------------------- victory paragraphs


def test_789_mission_19_victory(engine):
    state = engine.new_state(mission=19)
    r = engine.resolve("789", state)
    assert r.status == "done" and r.trail == ["789"] and r.marked == []
    values = r.state.values
    assert values["condition"] == 2 and values["condition_history"] == [1, 2]
    regime = values["victory"]
    assert regime["paragraph"] == "789" and regime["need"] == 20 and regime["end_condition"] == 2
    assert "A-1" in regime["ends_when"] and "row 1 or 2" in regime["ends_when"]
    assert "units every German who has Special Reaction A" in r.effects
    assert len(r.state.notes) >= 3 + len(state.notes)


def test_994_victory_replaces_269(engine):
    state = engine.new_state(mission=22)
    state.values["victory"] = {"paragraph": "269", "need": 21, "end_condition": 2}
    r = engine.resolve("994", state)
    assert r.status == "done" and r.trail == ["994"]
    assert r.state.values["condition"] == 3
    regime = r.state.values["victory"]
    assert (regime["need"], regime["end_condition"], regime["overrides"]) == (20, 3, ["269"])
    assert "W-1 to Y-1" in regime["ends_when"]
    assert any("replace the conditions of 269" in t for t in texts(r, "victory"))


# --------------------------------------------------------------------------- GE 47 and the mortar (790, 791, T794, 795)


def test_790_activates_ge47_and_sets_up_the_mortar(engine):
    state = engine.new_state(mission=20)
    r = engine.resolve("790", state, {"p791_firing": False})
    assert r.status == "done" and r.trail == ["790", "791"]
    assert r.marked == ["s6"]
    assert r.state.values["phase"] == "rounds" and r.state.values["advantage"] == "german"
    assert r.state.extra["units"]["GE 47"] == {"status": "active", "hex": "S-10"}
    assert {m["marker"] for m in r.state.extra["markers"]} == {"mortar"}
    assert any("7 hexes" in n["text"] for n in r.state.notes)


def test_791_firing_with_nothing_in_sight_uses_the_target_table(engine):
    state = engine.new_state(mission=20)
    answers = {"p791_firing": True, "p791_marker_seen": False, "p791_vehicle_7_plus": False, "american_in_sight": False}
    r = engine.resolve("791", state, answers, dice=ScriptedDice([6, 42]))
    assert r.status == "done" and r.trail == ["791"]
    assert "place mortar_strike at I-18" in r.effects  # 6: I-18
    assert [(x.die, x.total) for x in r.rolls] == [("d10", 6), ("d100", 42)]
    assert any("2 hexes out, up-left of up" in e for e in r.effects)  # Diagram A 40-44


def test_791_firing_again_at_the_marker_uses_diagram_b(engine):
    state = engine.new_state(mission=20)
    answers = {"p791_firing": True, "p791_marker_seen": True, "p791_vehicle_seen": False, "p791_american_on_marker": True}
    r = engine.resolve("791", state, answers, dice=ScriptedDice([5]))
    assert r.status == "done"
    assert [(x.die, x.total) for x in r.rolls] == [("d10", 5)]
    assert "mortar_strike_b=1 hex up-right" in r.effects


def test_791_target_table_odds(engine):
    answers = {"p791_firing": True, "p791_marker_seen": False, "p791_vehicle_7_plus": False, "american_in_sight": False}
    odds = paragraph_odds(engine, "791", engine.new_state(mission=20), answers, spoilers=True, budget=5000)  # a big table of rolls: past the default budget
    # target hexes by one die: 0-1 C-18, 2-3 G-16, 4-5 K-14, 6 I-18, 7 N-18, 8 N-15, 9 R-16
    assert by_effect(odds, "at C-18") == Fraction(1, 5)
    assert by_effect(odds, "at K-14") == Fraction(1, 5)
    assert by_effect(odds, "at R-16") == Fraction(1, 10)
    # Diagram A: the target hex itself on 00-09
    assert by_effect(odds, "target hex") == Fraction(1, 10)


def test_T794_and_795_bonus_vp_hooks(engine):
    state = engine.new_state(mission=20)
    r = engine.resolve("T794", state)
    assert r.status == "done" and r.trail == ["T794"] and r.marked == ["s8"]
    assert [h["event"] for h in r.state.hooks] == ["ge47_removed"]
    fired = engine.fire("ge47_removed", r.state, {"pt794_crew_active": 2})
    assert fired.state.counters["vp"] == 2 and fired.state.hooks == []

    r = engine.resolve("795", engine.new_state(mission=20))
    assert r.status == "done" and r.state.counters["vp"] == 0
    assert [h["event"] for h in r.state.hooks] == ["last_american_past_l_and_14"]
    fired = engine.fire("last_american_past_l_and_14", r.state, {"p795_germans_active": 3})
    assert fired.counter_changes == {"vp": 3}
    assert fired.state.extra["units"]["GE 47"]["status"] == "removed"


# --------------------------------------------------------------------------- once-per-Mission events 991-999


def test_991_retires_only_when_a_boobytrap_goes_off(engine):
    state = engine.new_state(mission=23)
    quiet = engine.resolve("991", state, {"p991_live_boobytrap": False})
    assert quiet.effects == ["no event"] and quiet.state.retired == []
    boom = engine.resolve("991", quiet.state, {"p991_live_boobytrap": True})
    assert boom.state.retired == ["991"] and "retire 991" in boom.effects
    again = engine.resolve("991", boom.state)
    assert again.effects == ["991 spent"]


def test_993_fall_pc_check_and_retirement(engine):
    state = engine.new_state(mission=24)
    nobody = engine.resolve("993", state, {"p993_candidate": False})
    assert nobody.effects == ["no event"] and nobody.state.retired == []
    fall = engine.resolve("993", state, {"p993_candidate": True, "pc": 4}, dice=ScriptedDice([7]))
    assert "check:pc failure" in fall.effects and fall.state.retired == ["993"]
    assert any("Pistol row" in t for t in texts(fall))


def test_993_odds(engine):
    odds = paragraph_odds(engine, "993", engine.new_state(mission=24), {"p993_candidate": True, "pc": 3}, spoilers=True)
    # PC 3: a roll of 0-3 succeeds
    assert by_effect(odds, "check:pc success") == Fraction(2, 5)
    assert by_effect(odds, "check:pc failure") == Fraction(3, 5)
    assert by_effect(odds, "retire 993") == 1


@pytest.mark.parametrize(
    "pid, key",
    [("995", "p995_wounded_german"), ("996", "p996_incapacitated_german"), ("997", "p997_wounded_american"), ("998", "p998_incapacitated_american")],
)
def test_995_to_998_retire_only_when_the_effect_happens(engine, pid, key):
    state = engine.new_state(mission=22)
    none = engine.resolve(pid, state, {key: False})
    assert none.effects == ["no event"] and none.state.retired == []
    hit = engine.resolve(pid, state, {key: True})
    assert hit.state.retired == [pid]
    assert engine.book.paragraphs[pid].extra["once_per_mission"] is True


def test_999_blown_tire_in_rounds(engine):
    state = engine.new_state(mission=22)
    state.values["phase"] = "rounds"
    r = engine.resolve("999", state, {"p999_active_vehicle": True, "accident": False, "p999_second_tire": True})
    assert r.status == "done" and r.state.retired == ["999"]
    assert "check:reported failure" in r.effects
    assert any("5 Actions" in t for t in texts(r))
    assert any("only be driven slowly" in n["text"] for n in r.state.notes)
    idle = engine.resolve("999", engine.new_state(mission=22), {"p999_active_vehicle": False})
    assert idle.state.retired == []


def test_992_may_recur(engine):
    r = engine.resolve("992", engine.new_state(mission=20))
    assert r.status == "done" and r.state.retired == []
    assert engine.book.paragraphs["992"].extra["may_recur"] is True


def test_990_to_932(engine):
    r = engine.resolve("990", engine.new_state(mission=20), {"p990_truck_disabled": True})
    assert r.trail == ["990", "932"]
    assert any("crater" in e for e in r.effects)
    r = engine.resolve("990", engine.new_state(mission=20), {"p990_truck_disabled": False})
    assert r.trail == ["990"] and r.effects == ["no event"]


# --------------------------------------------------------------------------- German Action Number tables


@pytest.mark.parametrize("gan, target", [(0, "801"), (1, "801"), (2, "800"), (3, "802"), (5, "802"), (6, "808"), (9, "808")])
def test_782_gan_table(engine, gan, target):
    answers = {"gan": gan, "p782_barge_n5": False, "p782_barge_n6": False, "american_in_sight": True, "p808_targets": "one_or_two"}
    r = engine.resolve("782", engine.new_state(mission=19), answers)
    assert r.status == "done" and r.trail == ["782", target]


def test_782_boarding_the_barge(engine):
    r = engine.resolve("782", engine.new_state(mission=19), {"p782_barge_n5": True})
    assert r.trail == ["782"]
    assert r.effects == ["units this German", "order stand", "enter O-5"]


@pytest.mark.parametrize(
    "pid, gan, target",
    [("784", 1, "824"), ("784", 2, "829"), ("784", 6, "825"), ("784", 7, "856"),
     ("785", 4, "802"), ("785", 5, "824"), ("785", 8, "840"), ("785", 9, "800"),
     ("786", 0, "856"), ("786", 2, "840"), ("786", 3, "810"), ("786", 9, "802")],
)
def test_784_to_786_gan_tables(engine, pid, gan, target):
    barges = {"784": ["p784_barge_m7_or_l7"], "785": ["p785_barge_j7", "p785_barge_i7"], "786": ["p786_barge_d7", "p786_barge_c6"]}
    answers = {key: False for key in barges[pid]}
    answers.update({"gan": gan, "american_in_sight": False, "p829_one_target": True, "p856_in_building": True, "p810_casualty_near": False})
    r = engine.resolve(pid, engine.new_state(mission=19), answers)
    assert r.status == "done" and r.trail == [pid, target]


def test_848_die_roll_odds(engine):
    answers = {"grenade_available": False, "p815_target_within_3": True}
    odds = paragraph_odds(engine, "848", engine.new_state(mission=22), answers)
    assert by_trail(odds) == {("848", "815"): Fraction(1, 2), ("848", "840"): Fraction(1, 2)}


def test_792_gan_parity(engine):
    odd = engine.resolve("792", engine.new_state(mission=20), {"gan": 3})
    assert odd.marked == ["s2"]
    assert {u: v["hex"] for u, v in odd.state.extra["units"].items()} == {"GE 48": "F-14", "GE 49": "J-17", "GE 50": "G-19"}
    even = engine.resolve("792", engine.new_state(mission=20), {"gan": 8})
    assert {u: v["hex"] for u, v in even.state.extra["units"].items()} == {"GE 48": "I-18", "GE 49": "E-15", "GE 50": "E-19"}
    assert even.state.values["phase"] == "rounds"


def test_816_rerolls_the_gan(engine):
    state = engine.new_state(mission=22)
    state.values["gan"] = 2
    r = engine.resolve("816", state, dice=ScriptedDice([7]))
    assert r.state.values["gan"] == 7
    assert "gan=7" in r.effects


def test_749_falls_back_on_the_condition_1_column(engine):
    r = engine.resolve("749", engine.new_state(mission=24), {"american_in_sight": True})
    assert any("Condition 1 column" in t for t in texts(r))
    r = engine.resolve("749", engine.new_state(mission=24), {"american_in_sight": False, "p749_american_past_stream": False})
    assert r.effects == ["order remove_from_map"]


# --------------------------------------------------------------------------- unit orders with first_of


def test_743_unattended_mule_sends_him_to_747(engine):
    answers = {
        "american_same_hex": False,
        "american_adjacent": False,
        "grenade_available": True,
        "p743_american_seen_within_3": False,
        "p743_closest_4_plus": False,
        "p743_mule_same_hex": True,
    }
    r = engine.resolve("743", engine.new_state(mission=24), answers)
    assert r.status == "done" and r.trail == ["743", "747"]
    assert r.effects == ["order pick_up", "order move"]
    assert any("747" in n["text"] for n in r.state.notes)


def test_743_adjacent_american_without_grenade_is_charged(engine):
    answers = {"american_same_hex": False, "american_adjacent": True, "grenade_available": False}
    r = engine.resolve("743", engine.new_state(mission=24), answers)
    assert r.trail == ["743"] and r.effects == ["order charge_assault"]


def test_744_gives_a_turn_near_the_mule(engine):
    answers = {"american_same_hex": False, "p744_german_with_american": False, "p744_german_with_mule": True}
    r = engine.resolve("744", engine.new_state(mission=24), answers)
    assert r.trail == ["744"] and r.effects == ["order give_turn"]
    assert "lowest-numbered" in texts(r, "order")[0]


def test_817_out_of_ammo_with_grenade_goes_to_818(engine):
    answers = {"american_adjacent": False, "grenade_available": True, "american_in_sight": True, "unit_out_of_ammo": True, "p818_nearest_in_hex": False}
    r = engine.resolve("817", engine.new_state(mission=22), answers)
    assert r.trail == ["817", "818"] and r.effects == ["order throw_grenade"]


def test_900_tank_buttoned_up_under_fire(engine):
    answers = {"p900_targets": "one_or_two", "p900_fired_on": True, "p900_buttoned": True, "p901_cannon_target": False}
    r = engine.resolve("900", engine.new_state(mission=23), answers)
    assert r.trail == ["900", "901"]
    assert r.effects == ["order aimed_fire", "order aimed_fire"]
    r = engine.resolve("900", engine.new_state(mission=23), {"p900_targets": "none", "p900_fired_on": False, "p900_buttoned": False})
    assert r.trail == ["900", "906"]


def test_920_vehicle_drops_a_passenger_at_the_barge(engine):
    state = with_sightings(engine, 19, "s5")
    r = engine.resolve("920", state, {"mover": "vehicle", "p920_barge_n6": True})
    assert r.trail == ["920"]
    assert r.effects == ["order unload", "units the German dropped off", "enter O-7"]


def test_763_movement_odds(engine):
    odds = paragraph_odds(engine, "763", engine.new_state(mission=22), {"mover": "vehicle"}, spoilers=True)
    assert by_effect(odds, "enter L-13") == Fraction(3, 10)
    assert by_effect(odds, "enter M-15") == Fraction(7, 10)


# --------------------------------------------------------------------------- activations


def test_745_patrol_diagram_odds(engine):
    # all four patrol Germans (748 checks each one) share a hex with an American: +2, PC 4
    answers = {key: value for i in (1, 2, 3, 4) for key, value in ((f"p748_modifier.{i}", 2), (f"pc_german.{i}", 4))}
    odds = paragraph_odds(engine, "745", engine.new_state(mission=24), answers, spoilers=True)
    # 8-9 is "roll again": each of the four diagrams has 2 faces out of the 8 that count
    for n in (1, 2, 3, 4):
        assert by_effect(odds, f"Patrol Activation Diagram {n}") == Fraction(1, 4)
    # PC 4 (+2) in the same hex as an American: 0-6 succeeds, for each German on his own
    every = sum((p for o, p in odds.outcomes if o.effects.count("check:pc success") == 4), Fraction(0))
    assert every == Fraction(7, 10) ** 4
    assert all(o.trail == ("745", "748") for o, _ in odds.outcomes)


def test_745_scripted(engine):
    answers = {key: value for i in (1, 2, 3, 4) for key, value in ((f"p748_modifier.{i}", 0), (f"pc_german.{i}", 5))}
    r = engine.resolve("745", engine.new_state(mission=24), answers, dice=ScriptedDice([9, 5, 8, 2, 6, 0]))
    assert r.trail == ["745", "748"]
    # 9 rolled again, 5 -> Diagram 3; then one PC roll per patrol German: 8 fails, 2 passes, 6 fails, 0 passes
    assert [x.total for x in r.rolls] == [9, 5, 8, 2, 6, 0]
    assert "Patrol Activation Diagram 3" in texts(r, "activate")[0]
    assert "check:pc failure" in r.effects
    assert r.state.values["phase"] == "rounds" and r.state.values["advantage"] == "us"


def test_746_return_hex_odds(engine):
    odds = paragraph_odds(engine, "746", engine.new_state(mission=24), {"p746_removed_after_c1": True}, spoilers=True)
    assert by_effect(odds, "at T-19") == Fraction(2, 5)
    assert by_effect(odds, "at Y-16") == Fraction(3, 10)
    assert by_effect(odds, "at O-19") == Fraction(3, 10)
    quiet = engine.resolve("746", engine.new_state(mission=24), {"p746_removed_after_c1": False})
    assert quiet.marked == ["s9"] and quiet.state.values["phase"] == "operations"


def test_783_with_s4_already_seen(engine):
    state = with_sightings(engine, 19, "s4")
    r = engine.resolve("783", state)
    assert r.trail == ["783"] and r.marked == ["s1"]
    assert r.state.extra["units"]["GE 54"]["special_reactions"] == ["A"]
    assert r.state.values["advantage"] == "us"


def test_783_calls_541_once(engine):
    needs(engine, "541")
    r = engine.resolve("783", engine.new_state(mission=19), dice=ScriptedDice([3]))
    assert r.trail[:2] == ["783", "541"] and r.trail.count("541") == 1  # 541 goes on to 237 for the barge rules
    assert r.marked == ["s1", "s4"]


def test_797_pc_success_reads_793(engine):
    r = engine.resolve("797", engine.new_state(mission=20), {"pc": 5}, dice=ScriptedDice([2]))
    assert r.status == "done" and r.trail == ["797", "793"]
    assert r.marked == ["s1"]
    assert r.state.extra["units"]["GE 16"]["hex"] == "L-3" and r.state.extra["units"]["GE 17"]["stance"] == "crouching"
    assert r.state.values["advantage"] == "us"
    assert r.state.extra["event_markers"][0]["paragraph"] == "797"


def test_797_odds(engine):
    needs(engine, "110")
    odds = paragraph_odds(engine, "797", engine.new_state(mission=20), {"pc": 5})
    # PC 5: 6/10 to 793; else Activation Check, Mission 20 Condition 1 level 0-4: 5/10 to 110
    assert by_trail(odds) == {("797", "793"): Fraction(3, 5), ("797", "110"): Fraction(1, 5), ("797",): Fraction(1, 5)}


def test_798_odds(engine):
    needs(engine, "110")
    odds = paragraph_odds(engine, "798", engine.new_state(mission=20), {"pc": 2})
    # PC 2: 3/10; Activation (-1) narrows 0-4 to 0-3: 7/10 * 4/10 to 110
    assert by_trail(odds) == {("798", "793"): Fraction(3, 10), ("798", "110"): Fraction(7, 25), ("798",): Fraction(21, 50)}
