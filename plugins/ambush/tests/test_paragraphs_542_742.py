"""Paragraphs 542-742 of the Silver Star booklet, resolved with scripted dice and answers.

The content is loaded without the error gate (other ranges are encoded in parallel), and
paths that leave the range are either avoided (sightings set so the call is skipped) or
skipped while the target paragraph is not encoded yet.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from paragraphs.dice import ScriptedDice
from paragraphs.odds import paragraph_odds


# the `engine` fixture comes from conftest.py (the booklet is compiled once per session)


def state(engine, mission, *sightings, **values):
    st = engine.new_state(mission=mission)
    for sid in sightings:
        st.sightings[sid] = {"paragraph": "test"}
    st.values.update(values)
    return st


def texts(result, paragraph=None):
    return [i.text for i in result.instructions if paragraph is None or i.paragraph == paragraph]


def needs(engine, *paragraphs):
    missing = [p for p in paragraphs if p not in engine.book.paragraphs]
    if missing:
        pytest.skip(f"paragraph(s) {', '.join(missing)} not encoded yet")


def odds_by_trail(result):
    out = {}
    for outcome, p in result.outcomes:
        out[outcome.trail] = out.get(outcome.trail, Fraction(0)) + p
    return out


# --------------------------------------------------------------------------- 685


def test_685_odd_roll_condition_sighting_reactivation_hook_and_victory(engine):
    st = state(engine, 20, "s4")  # s4 set: the call to 248 is skipped
    r = engine.resolve("685", st, {"p685_all_down": False, "p685_any_returned": True, "p685_grenade_users": 0}, dice=ScriptedDice([7]))
    assert r.status == "done" and r.trail == ["685"]
    assert r.marked == ["s5"]
    values = r.state.values
    assert values["condition"] == 2 and values["condition_history"] == [1, 2]
    assert values["phase"] == "rounds"
    # the Condition changes before anything else happens
    assert texts(r, "685")[0] == "Go to Condition 2."
    units = r.state.extra["units"]
    assert units["GE 16"]["hex"] == "K-19" and units["GE 17"]["hex"] == "K-19"
    assert units["GE 48"]["hex"] == "I-13" and units["GE 49"]["hex"] == "G-14" and units["GE 50"]["hex"] == "A-19"
    assert {u for u in units if "D" in units[u].get("special_reactions", [])} == {"GE 16", "GE 17", "GE 50"}
    assert all(units[u]["stance"] == "crouching" for u in ("GE 16", "GE 17", "GE 48", "GE 49", "GE 50"))
    hooks = [h for h in r.state.hooks if h["paragraph"] == "685"]
    assert len(hooks) == 1 and hooks[0]["event"] == "start_of_round" and hooks[0]["replaces"] == "random_event_check"
    victory = values["victory"]
    assert (victory["paragraph"], victory["need"], victory["end_condition"]) == ("685", 6, 2)
    assert "B-19" in victory["ends_when"] and "A-19 to C-19" in victory["ends_when"]


def test_685_even_roll_sets_every_return_hex(engine):
    r = engine.resolve("685", state(engine, 20, "s4", "s6"), {"p685_all_down": False, "p685_any_returned": True, "p685_grenade_users": 0}, dice=ScriptedDice([4]))
    units = r.state.extra["units"]
    assert [units[u]["hex"] for u in ("GE 16", "GE 17", "GE 48", "GE 49", "GE 50")] == ["G-19", "G-19", "H-13", "F-13", "E-19"]
    # s6 has occurred: no 790 now and none next Round
    assert r.trail == ["685"] and not r.state.hooks


def test_685_hook_reads_790_next_round_instead_of_the_random_event_check(engine):
    needs(engine, "790")
    r = engine.resolve("685", state(engine, 20, "s4"), {"p685_all_down": False, "p685_any_returned": True, "p685_grenade_users": 0}, dice=ScriptedDice([1]))
    assert "start_of_round" in engine.armed_events(r.state)
    nxt = engine.fire("start_of_round", r.state, {"pc": 5, "activation_level": 4}, dice=ScriptedDice([5] * 20))
    assert nxt.trail[0] == "790"
    assert any(i.text.startswith("Instead of the random event check") for i in nxt.instructions)
    if nxt.done:  # 790 may stop to ask its own questions; then the state is not kept yet
        assert not [h for h in nxt.state.hooks if h["paragraph"] == "685"]  # fired once


def test_685_all_down_reads_790_at_once(engine):
    needs(engine, "790")
    r = engine.resolve("685", state(engine, 20, "s4"), {"p685_all_down": True, "p685_any_returned": False, "p685_grenade_users": 0, "pc": 5}, dice=ScriptedDice([2] + [5] * 20))
    assert r.trail[:2] == ["685", "790"]


# --------------------------------------------------------------------------- victories


def test_637_victory_special_reaction_m_and_end_of_mission_vp(engine):
    r = engine.resolve("637", state(engine, 24), {})
    assert r.status == "done" and r.trail == ["637"]
    assert r.state.values["condition"] == 3
    victory = r.state.values["victory"]
    assert (victory["need"], victory["end_condition"]) == (21, 3)
    units = r.state.extra["units"]
    assert all("M" in units[f"GE {n}"]["special_reactions"] for n in range(72, 77))
    assert engine.armed_events(r.state) == ["end_of_mission"]
    end = engine.fire(
        "end_of_mission",
        r.state,
        {"p637_americans_out": 5, "p637_mules_out": 3, "p637_germans_left": 4, "p637_mules_left": 1},
    )
    # 5 x 1 + 3 x 2 + 4 x 1 - 1 x 2
    assert end.counter_changes == {"vp": 13}
    assert [e["reason"] for e in end.state.ledger][-1] == "active mule left behind"


@pytest.mark.parametrize(("face", "hex_", "facing"), [(5, "A-11", "B-11"), (8, "Y-4", "X-3")])
def test_582_us04_arrives_and_sets_the_victory_regime(engine, face, hex_, facing):
    r = engine.resolve("582", state(engine, 21, "s7"), {}, dice=ScriptedDice([face]))
    assert r.trail == ["582"] and r.marked == ["s8"]
    us04 = r.state.extra["units"]["US 04"]
    assert us04["hex"] == hex_
    assert any(f"Activate US 04 in {hex_} (facing {facing})" in t for t in texts(r))
    assert "Remove Special Reaction D from all Germans." in texts(r)
    assert r.state.values["victory"]["need"] == 8


def test_587_boat_condition_3_and_two_endings(engine):
    r = engine.resolve("587", state(engine, 21, "s6", "s7"), {})
    assert r.trail == ["587"] and r.marked == ["s8"]
    assert r.state.extra["units"]["US 05"]["hex"] == "A-1"
    assert r.state.values["condition"] == 3 and r.state.values["phase"] == "rounds"
    victory = r.state.values["victory"]
    assert victory["need"] == 8 and "(2)" in victory["ends_when"]


# --------------------------------------------------------------------------- radio


def test_690_radio_lost_rolls_between_582_and_587_exactly_half_each(engine):
    st = state(engine, 21, "s6", "s7", radio="destroyed")
    odd = engine.resolve("690", st, {}, dice=ScriptedDice([3, 1]))
    assert odd.trail == ["690", "582"] and odd.state.extra["units"]["US 04"]["hex"] == "A-11"
    even = engine.resolve("690", st, {}, dice=ScriptedDice([6]))
    assert even.trail == ["690", "587"] and even.state.values["condition"] == 3
    # hand-computed: odd faces 1,3,5,7,9 -> 582 (5/10), even faces -> 587 (5/10)
    assert odds_by_trail(paragraph_odds(engine, "690", st)) == {("690", "582"): Fraction(1, 2), ("690", "587"): Fraction(1, 2)}


def test_690_manned_radio_asks_headquarters(engine):
    needs(engine, "366")
    r = engine.resolve("690", state(engine, 21), {})
    assert r.trail[:2] == ["690", "366"]


def test_701_unmanned_radio_arms_two_hooks_and_destruction_reads_589(engine):
    r = engine.resolve("701", state(engine, 21, radio="unmanned"), {})
    assert r.trail == ["701"]
    assert engine.armed_events(r.state) == ["radio_destroyed", "radio_manned"]
    lost = engine.fire("radio_destroyed", r.state)
    assert lost.trail == ["589"]
    now = engine.resolve("701", state(engine, 21, radio="destroyed"), {})
    assert now.trail == ["701", "589"] and not now.state.hooks


def test_701_radio_destroyed_after_it_was_manned_does_not_read_589(engine):
    needs(engine, "471")
    r = engine.resolve("701", state(engine, 21, radio="unmanned"), {})
    manned = engine.fire("radio_manned", r.state)
    assert manned.trail[0] == "471"
    later = engine.fire("radio_destroyed", manned.state)
    assert "589" not in later.trail


# --------------------------------------------------------------------------- checks and odds


def test_720_activation_then_pc_exact_odds(engine):
    st = state(engine, 22)  # Condition 1 of Mission 22: Activation Level 0-3
    # Activation (+1): faces 0-4 succeed -> 616 with 5/10; otherwise PC 4: faces 0-4 -> 618
    got = odds_by_trail(paragraph_odds(engine, "720", st, {"pc": 4}))
    assert got == {("720", "616"): Fraction(1, 2), ("720", "618"): Fraction(1, 4), ("720",): Fraction(1, 4)}
    r = engine.resolve("720", st, {"pc": 4}, dice=ScriptedDice([7, 2]))
    assert r.trail == ["720", "618"] and r.marked == ["s1"]
    assert r.state.extra["units"]["GE 27"]["hex"] == "Q-17" and r.state.values["advantage"] == "us"


def test_570_pc_plus_2_then_activation_exact_odds(engine):
    st = state(engine, 20, "s0")
    # PC 3 +2: faces 0-5 succeed (6/10) -> 681 since s1 is open; failure (4/10) ->
    # Activation at 0-4 (5/10) -> 680, else nothing
    got = odds_by_trail(paragraph_odds(engine, "570", st, {"pc": 3}))
    assert got == {("570", "681"): Fraction(3, 5), ("570", "680"): Fraction(1, 5), ("570",): Fraction(1, 5)}
    r = engine.resolve("570", st, {"pc": 3}, dice=ScriptedDice([9, 4]))
    assert r.trail == ["570", "680"] and r.state.values["advantage"] == "german"
    both = engine.resolve("570", state(engine, 20, "s0", "s1"), {})
    assert both.trail == ["570"] and "Place an Event marker in this hex." in texts(both)


def test_610_rolled_activation_hex_exact_odds(engine):
    st = state(engine, 22)
    result = paragraph_odds(engine, "610", st, spoilers=True)
    by_hex = {}
    for outcome, p in result.outcomes:
        hex_ = next(e.split(" at ")[1] for e in outcome.effects if e.startswith("activate GE 26"))
        by_hex[hex_] = p
    # 0-3 / 4-6 / 7-9
    assert by_hex == {"S-10": Fraction(2, 5), "R-17": Fraction(3, 10), "W-19": Fraction(3, 10)}
    for face, hex_ in ((3, "S-10"), (4, "R-17"), (9, "W-19")):
        r = engine.resolve("610", st, {}, dice=ScriptedDice([face]))
        gr26 = r.state.extra["units"]["GE 26"]
        assert (gr26["hex"], gr26["stance"], gr26["special_reactions"]) == (hex_, "crouching", ["B"])
        assert r.marked == ["s0"] and r.state.values["advantage"] == "german"


def test_615_advantage_depends_on_other_sightings(engine):
    first = engine.resolve("615", state(engine, 22), {}, dice=ScriptedDice([0]))
    assert first.marked == ["s2"] and first.state.extra["units"]["GE 29"]["hex"] == "M-4"
    assert first.state.values["advantage"] == "german"
    later = engine.resolve("615", state(engine, 22, "s0"), {}, dice=ScriptedDice([9]))
    assert later.state.extra["units"]["GE 29"]["hex"] == "N-1" and later.state.values["advantage"] == "us"


def test_604_first_free_hex_and_group_check(engine):
    answers = {"first_free": "N-19", "p604_seen": True, "men": 2, "pc.1": 3, "pc.2": 6}
    r = engine.resolve("604", state(engine, 22), answers, dice=ScriptedDice([8, 2]))
    assert r.marked == ["s6"] and r.state.extra["units"]["GE 28"]["hex"] == "N-19"
    assert r.state.values["advantage"] == "us"  # man 2 passed: Success (any)
    unseen = engine.resolve("604", state(engine, 22), {"first_free": "F-8", "p604_seen": False})
    assert unseen.state.values["advantage"] == "german" and unseen.state.values["phase"] == "rounds"


def test_543_diver_checks_stay_quiet_when_s4_has_occurred(engine):
    st = state(engine, 19, "s4")  # Condition 1 of Mission 19: Activation Level 0-5
    surface = engine.resolve("543", st, {"p543_on_surface": True, "pc": 5}, dice=ScriptedDice([7, 6]))
    assert surface.trail == ["543"] and "No event." in texts(surface)
    # underwater the Activation Check is at -1: a 5 no longer activates
    under = engine.resolve("543", st, {"p543_on_surface": False, "pc": 5}, dice=ScriptedDice([7, 5]))
    assert under.trail == ["543"] and "No event." in texts(under)


def test_548_passes_the_advantage_to_323(engine):
    needs(engine, "323")
    r = engine.resolve("548", state(engine, 19), {"pc": 6}, dice=ScriptedDice([2]))
    assert r.trail[:2] == ["548", "323"] and r.state.values.get("advantage") == "us"


# --------------------------------------------------------------------------- chains, tables


def test_722_chain_reaches_728_and_723(engine):
    st = state(engine, 22, "s5", "s6", "s7", "s8")
    r = engine.resolve("722", st, {"p722_ge26_gone": False, "p722_ge29_gone": True}, dice=ScriptedDice([1]))
    assert r.trail == ["722", "728"] and r.state.extra["units"]["GE 29"]["hex"] == "N-1"
    r = engine.resolve("722", state(engine, 22, "s6"), {})
    assert r.trail == ["722", "723"] and r.marked == ["s5"]
    assert "GE 41: 2 Turns this Round." in texts(r, "723")


@pytest.mark.parametrize(("face", "target"), [(3, "723"), (2, "617")])
def test_726_odd_even_between_the_two_engineer_paragraphs(engine, face, target):
    r = engine.resolve("726", state(engine, 22, "s7", "s8"), {}, dice=ScriptedDice([face]))
    assert r.trail == ["726", target] and r.marked == ["s5"]


def test_722_after_269_goes_to_182(engine):
    needs(engine, "182")
    st = state(engine, 22, "s5", "s6", "s7", "s8")
    st.read_counts["269"] = 1
    r = engine.resolve("722", st, {"p722_ge26_gone": False, "p722_ge29_gone": False}, dice=ScriptedDice([5] * 10))
    assert r.trail[:2] == ["722", "182"]


def test_724_roll_again_on_9(engine):
    needs(engine, "253")
    r = engine.resolve("724", state(engine, 22), {"p724_others_active": False}, dice=ScriptedDice([9, 4]))
    assert [x.value for x in r.rolls if x.paragraph == "724"] == [9, 4]
    assert r.state.extra["units"]["GE 37"]["hex"] == "O-19"
    assert r.trail[:2] == ["724", "253"] and r.state.values["advantage"] == "german"


def test_560_damaged_barges_and_four_sightings(engine):
    needs(engine, "237")
    assert "C-S" in engine.book.paragraphs["560"].damaged
    r = engine.resolve("560", state(engine, 19), {}, dice=ScriptedDice([1] + [5] * 10))
    assert sorted(r.marked) == ["s1", "s2", "s4", "s5"]
    placed = [m["hexes"] for m in r.state.extra["markers"] if m["paragraph"] == "560"]
    assert placed == [["I-7", "M-7", "N-5"]]


def test_572_and_687_follow_the_german_action_number(engine):
    odd = engine.resolve("572", state(engine, 20, gan=3), {"american_in_sight": True})
    even = engine.resolve("572", state(engine, 20, gan=4), {"american_in_sight": True})
    unseen = engine.resolve("572", state(engine, 20, gan=4), {"american_in_sight": False})
    assert (texts(odd), texts(even), texts(unseen)) == (["Enter O-14."], ["Enter P-15."], ["Enter O-15."])
    assert texts(engine.resolve("687", state(engine, 20, gan=7), {})) == ["Enter D-17."]


def test_549_unit_order_and_per_crew_gan_table(engine):
    r = engine.resolve("549", state(engine, 24), {"american_same_hex": False, "american_adjacent": True})
    assert texts(r) == ["Fire at easiest target, best fire from a crouch. Then go prone if a stance change is free."]
    needs(engine, "502", "503", "504")
    table = engine.resolve(
        "549",
        state(engine, 24, gan=4),
        {"american_same_hex": False, "american_adjacent": False, "grenade_available": False, "p549_target_seen_4_6": False},
    )
    # GAN 3-5: L conducts 503 first
    assert table.trail[:2] == ["549", "503"]


# --------------------------------------------------------------------------- retirements, hooks


def test_697_retires_only_when_a_tread_is_thrown(engine):
    quiet = engine.resolve("697", state(engine, 21), {"p697_moved_4": False})
    assert "No event." in texts(quiet) and "697" not in quiet.state.retired
    hit = engine.resolve("697", state(engine, 21), {"p697_moved_4": True})
    assert "697" in hit.state.retired
    again = engine.resolve("697", hit.state, {})
    assert again.trail == ["697"] and texts(again) == ["No event (this paragraph is spent)."]


def test_676_tire_then_second_tire_hook_or_new_random_event(engine):
    none = engine.resolve("676", state(engine, 19), {"p676_truck_active": False})
    assert "Make a new Random Event Check instead." in texts(none) and not none.state.retired
    tire = engine.resolve("676", state(engine, 19), {"p676_truck_active": True, "accident": True, "p676_tire_already_out": False})
    assert tire.state.retired == ["676"] and engine.armed_events(tire.state) == ["german_truck_second_tire_blown"]
    second = engine.fire("german_truck_second_tire_blown", tire.state)
    assert "Remove Special Reaction T from all Germans in the truck." in texts(second)


def test_588_patrol_boat_hooks(engine):
    r = engine.resolve("588", state(engine, 21), {})
    assert engine.armed_events(r.state) == ["german_grenade_at_patrol_boat", "inactive_man_hauled_aboard", "patrol_boat_sunk", "squad_aboard_patrol_boat"]
    dead = engine.fire("inactive_man_hauled_aboard", r.state, dice=ScriptedDice([0]))
    assert texts(dead)[-1] == "An incapacitated man hauled aboard dies."
    fine = engine.fire("inactive_man_hauled_aboard", dead.state, dice=ScriptedDice([4]))  # still armed
    assert texts(fine)[-1] == "No event."
    sunk = engine.fire("patrol_boat_sunk", fine.state)
    assert sunk.trail == ["703"]


def test_731_barbed_wire_hooks(engine):
    r = engine.resolve("731", state(engine, 23), {})
    caught = engine.fire("soldier_leaves_barbed_wire", r.state, dice=ScriptedDice([0]))
    assert "wounded" in texts(caught)[-1]
    stuck = engine.fire("tracked_vehicle_enters_barbed_wire", caught.state, {"accident": False})
    assert texts(stuck)[-1] == "The vehicle is immobilized in the wire hex; the wire stays."


def test_642_reactivation_special_reaction_m_only_in_condition_3(engine):
    answers = {"p642_qualifies": True, "first_free": "R-19"}
    c3 = engine.resolve("642", state(engine, 24, condition=3), answers)
    assert c3.marked == ["s9"] and c3.state.extra["units"]["GE 72"]["hex"] == "R-19"
    assert c3.state.extra["units"]["GE 72"]["special_reactions"] == ["M"]
    c1 = engine.resolve("642", state(engine, 24), answers)
    assert not c1.state.extra["units"]["GE 72"].get("special_reactions")
    assert c1.state.values["phase"] == "rounds"
