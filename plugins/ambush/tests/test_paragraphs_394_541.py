"""Paragraphs 394-541 of the Silver Star booklet, resolved with scripted dice and answers.

The content is loaded without the error gate, because other ranges are encoded in
parallel. A test whose path leaves this range checks that the target paragraph exists
first (``needs``), so it is skipped rather than failed while that range is missing.
Activation Levels used below (from missions.yaml): Mission 20 c1 0-4, Mission 22 c1
0-3, Mission 23 c1 0-3, Mission 24 c1 0-4.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

import pytest

from paragraphs.dice import ScriptedDice
from paragraphs.odds import paragraph_odds


# the `engine` fixture comes from conftest.py (the booklet is compiled once per session)


def needs(engine, *ids):
    missing = [p for p in ids if p not in engine.book.paragraphs]
    if missing:
        pytest.skip(f"paragraph(s) {', '.join(missing)} not encoded yet")


def start(engine, mission, *sightings, **values):
    state = engine.new_state(mission=mission)
    state.values.update(values)
    for sid in sightings:
        state.sightings[sid] = {"paragraph": "test"}
    return state


def texts(result, paragraph=None):
    return [i.text for i in result.instructions if paragraph is None or i.paragraph == paragraph]


def by_first_call(result):
    """Probability by the paragraph the start paragraph called first (or None)."""
    out = defaultdict(Fraction)
    for outcome, p in result.outcomes:
        out[outcome.trail[1] if len(outcome.trail) > 1 else None] += p
    return dict(out)


# --------------------------------------------------------------------------- nested checks


def test_498_in_rounds_retires_itself_only_there(engine):
    needs(engine, "628")
    rounds = start(engine, 23, phase="rounds")
    # PC 4: roll 2 passes; s7 unset -> Activation Check (0-3): roll 6 fails -> 628
    r = engine.resolve("498", rounds, {"pc": 4}, dice=ScriptedDice([2, 6]))
    assert r.status == "done" and r.trail == ["498", "628"]
    assert "498" in r.state.retired
    assert any("Event marker" in t for t in texts(r, "498"))
    assert r.state.extra["event_markers"][0]["paragraph"] == "498"
    # a second reading is spent
    again = engine.resolve("498", r.state, {"pc": 4}, dice=ScriptedDice([]))
    assert again.trail == ["498"] and "spent" in texts(again)[0]
    # in Operations the same success reads 628 but leaves 498 live
    ops = engine.resolve("498", start(engine, 23), {"pc": 4}, dice=ScriptedDice([2]))
    assert ops.trail == ["498", "628"] and "498" not in ops.state.retired


def test_498_rounds_with_s7_set(engine):
    needs(engine, "514")
    state = start(engine, 23, "s7", phase="rounds")
    ok = engine.resolve("498", state, {"pc": 4}, dice=ScriptedDice([3]))
    assert ok.trail == ["498"] and "no event" in ok.effects and "498" in ok.state.retired
    bad = engine.resolve("498", state, {"pc": 4}, dice=ScriptedDice([8]))
    assert bad.trail[:2] == ["498", "514"] and "498" in bad.state.retired


def test_498_exact_odds_in_rounds(engine):
    needs(engine, "514", "623", "628")
    rounds = start(engine, 23, phase="rounds")
    # PC 4 -> success 5/10; Activation level 0-3 -> 4/10
    # success: act ok 623 (1/2 * 4/10), act fail 628 (1/2 * 6/10)
    # failure: act ok 514 (1/2 * 4/10), act fail No Event (1/2 * 6/10)
    odds = paragraph_odds(engine, "498", rounds, {"pc": 4})
    assert by_first_call(odds) == {
        "623": Fraction(1, 5),
        "628": Fraction(3, 10),
        "514": Fraction(1, 5),
        None: Fraction(3, 10),
    }


def test_522_pc_then_activation(engine):
    state = start(engine, 24)
    # PC 5: roll 7 fails; Activation Check (0-4): roll 2 succeeds -> 394
    r = engine.resolve("522", state, {"pc": 5}, dice=ScriptedDice([7, 2]))
    assert r.status == "done" and r.trail == ["522", "394"]
    assert r.marked == ["s1"]
    assert r.state.values["phase"] == "rounds" and r.state.values["advantage"] == "german"
    units = r.state.extra["units"]
    assert units["GE 74"]["hex"] == "Q-9" and units["GE 75"]["stance"] == "crouching"
    # PC success -> 395, US advantage
    r2 = engine.resolve("522", state, {"pc": 5}, dice=ScriptedDice([5]))
    assert r2.trail == ["522", "395"] and r2.state.values["advantage"] == "us"


def test_522_exact_odds(engine):
    # PC 5 -> 6/10 to 395; else Activation 0-4 (5/10) -> 394 = 4/10 * 5/10 = 1/5; rest 1/5
    odds = paragraph_odds(engine, "522", start(engine, 24), {"pc": 5})
    assert by_first_call(odds) == {"395": Fraction(3, 5), "394": Fraction(1, 5), None: Fraction(1, 5)}
    assert odds.total() == 1


def test_523_exact_odds(engine):
    # Activation 0-4 first (1/2) -> 398; else PC 5 (6/10) -> 399 = 3/10; rest 1/5
    odds = paragraph_odds(engine, "523", start(engine, 24), {"pc": 5})
    assert by_first_call(odds) == {"398": Fraction(1, 2), "399": Fraction(3, 10), None: Fraction(1, 5)}


def test_486_exact_odds(engine):
    needs(engine, "616", "618")
    # Mission 22, c1 0-3. PC 3: success 4/10 -> Activation 0-3: 616 (4/10), 618 (6/10);
    # failure 6/10 -> Activation (+1), 0-4: 616 (5/10), No Event (5/10).
    odds = paragraph_odds(engine, "486", start(engine, 22), {"pc": 3})
    got = by_first_call(odds)
    assert got["616"] == Fraction(4, 10) * Fraction(4, 10) + Fraction(6, 10) * Fraction(5, 10) == Fraction(23, 50)
    assert got["618"] == Fraction(6, 25)
    assert got[None] == Fraction(3, 10)


def test_407_second_check_gives_extra_turns(engine):
    needs(engine, "391")
    # Activation (0-4): roll 7 fails; PC 5: roll 3 passes -> 391, then 2 Turns
    r = engine.resolve("407", start(engine, 24), {"pc": 5}, dice=ScriptedDice([7, 3]))
    assert r.trail == ["407", "391"]
    assert "s1" in r.marked
    assert any("2 Turns" in t for t in texts(r, "407"))


# --------------------------------------------------------------------------- die and GAN tables


def test_478_table_after_s6(engine):
    # before s6: the panzer group of 472 (GE 30 hex roll 9 -> Y-10; all already aware -> US advantage)
    first = engine.resolve("478", start(engine, 21), {"p472_unaware_near": False}, dice=ScriptedDice([9]))
    assert first.trail == ["478", "472"] and first.marked == ["s6"]
    assert first.state.extra["units"]["GE 30"]["hex"] == "Y-10" and first.state.values["advantage"] == "us"
    needs(engine, "221", "222")
    r = engine.resolve("478", start(engine, 21, "s6"), {}, dice=ScriptedDice([4]))
    assert r.trail[:2] == ["478", "221"]
    assert engine.resolve("478", start(engine, 21, "s6"), {}, dice=ScriptedDice([9])).trail[:2] == ["478", "222"]


def test_487_rolled_hex_exact_odds(engine):
    # one die: 0-2 E-10 (3/10), 3-5 F-8 (3/10), 6-9 N-19 (4/10); the outcomes differ only
    # by where the Germans appear, so ask for the effects (spoilers)
    odds = paragraph_odds(engine, "487", start(engine, 22), spoilers=True)
    where = defaultdict(Fraction)
    for outcome, p in odds.outcomes:
        assert outcome.trail == ("487",) and outcome.marked == ("s6",)
        hexes = [e.rsplit(" at ", 1)[1] for e in outcome.effects if e.startswith("activate GE 28, GE 46")]
        where[hexes[0]] += p
    assert dict(where) == {"E-10": Fraction(3, 10), "F-8": Fraction(3, 10), "N-19": Fraction(2, 5)}
    r = engine.resolve("487", start(engine, 22), {}, dice=ScriptedDice([6]))
    assert r.state.extra["units"]["GE 46"]["hex"] == "N-19" and any("GE 28: 2 Turns" in t for t in texts(r))


def test_423_gan_movement(engine):
    low = engine.resolve("423", start(engine, 22, gan=1), {}, dice=ScriptedDice([]))
    high = engine.resolve("423", start(engine, 22, gan=2), {}, dice=ScriptedDice([]))
    assert "enter J-14" in low.effects and "enter L-14" in high.effects


def test_501_crew_member_column(engine):
    # nothing close, no grenade, no target at 2-6: GAN 5, crew member Q -> 504
    answers = {"american_same_hex": False, "american_adjacent": False, "grenade_available": False,
               "p501_target_seen_2_6": False, "p501_crew": "Q",
               "p504_round_ready": True, "p504_fired": False}
    r = engine.resolve("501", start(engine, 24, gan=5), answers, dice=ScriptedDice([]))
    assert r.trail == ["501", "504"]
    assert "order fire" in r.effects
    # GAN 8, crew member V -> 503
    r2 = engine.resolve("501", start(engine, 24, gan=8), {**answers, "p501_crew": "V", "p503_fired": False, "p503_round_ready": False},
                        dice=ScriptedDice([]))
    assert r2.trail == ["501", "503"] and "order prone" in r2.effects


def test_462_removal_scores_and_gan_table(engine):
    r = engine.resolve("462", start(engine, 20), {"american_in_sight": False, "p462_all_east_of_n": True}, dice=ScriptedDice([]))
    assert r.trail == ["462"] and r.counter_changes == {"vp": 1} and r.state.counters["vp"] == 1
    needs(engine, "808")
    fire = engine.resolve("462", start(engine, 20, gan=5), {"american_in_sight": True}, dice=ScriptedDice([]))
    assert fire.trail[:2] == ["462", "808"]
    assert "Target priority: vehicles before soldiers." in texts(fire, "462")


# --------------------------------------------------------------------------- sightings, activations, odd/even


def test_441_rolled_hex_and_rounds_bonus(engine):
    r = engine.resolve("441", start(engine, 23, phase="rounds"), {}, dice=ScriptedDice([5]))
    assert r.marked == ["s2"]
    assert r.state.extra["units"]["US 06"] == {"status": "active", "hex": "P-19", "stance": "prone"}
    assert any("2 Turns" in t for t in texts(r))
    calm = engine.resolve("441", start(engine, 23), {}, dice=ScriptedDice([0]))
    assert calm.state.extra["units"]["US 06"]["hex"] == "X-19" and not any("2 Turns" in t for t in texts(calm))


def test_540_and_541_odd_even_barges(engine):
    needs(engine, "237")
    odd = engine.resolve("540", start(engine, 19), {}, dice=ScriptedDice([3]))
    assert odd.marked == ["s5"] and odd.trail[:2] == ["540", "237"]
    assert odd.state.extra["markers"][0]["hexes"] == ["J-7", "L-7", "N-6"]
    even = engine.resolve("541", start(engine, 19), {}, dice=ScriptedDice([8]))
    assert even.marked == ["s4"] and even.state.extra["markers"][0]["hexes"] == ["D-7"]


def test_452_barge_stop_and_first_reading(engine):
    # s5 set: a vehicle with a free barge in N-5 sets a passenger down and enters O-6
    r = engine.resolve("452", start(engine, 19, "s5"), {"mover": "vehicle", "p452_barge_n5": "free"}, dice=ScriptedDice([]))
    assert r.trail == ["452"] and r.effects[-1] == "enter O-6" and "order unload" in r.effects
    # a soldier, barge manned: enters P-5 in Special Reaction A
    s = engine.resolve("452", start(engine, 19, "s5"), {"mover": "soldier", "p452_barge_n5": "manned"}, dice=ScriptedDice([]))
    assert "enter P-5" in s.effects and any("Special Reaction A" in t for t in texts(s))
    needs(engine, "237")
    # s5 unset: 540 first (barges placed, s5 marked), then the movement
    first = engine.resolve("452", start(engine, 19), {"mover": "soldier", "p452_barge_n5": "free"}, dice=ScriptedDice([2]))
    assert first.trail[:2] == ["452", "540"] and "s5" in first.marked and "order climb" in first.effects


def test_454_condition_two_soldier(engine):
    state = start(engine, 19, condition=2)
    r = engine.resolve("454", state, {"mover": "soldier", "p454_barges": "none"}, dice=ScriptedDice([]))
    assert r.effects == ["enter N-7"]
    climb = engine.resolve("454", state, {"mover": "soldier", "p454_barges": "manned"}, dice=ScriptedDice([]))
    assert "order climb" in climb.effects and any("Special Reaction B" in t for t in texts(climb))


def test_483_bridge_condition_and_roll(engine):
    needs(engine, "617")
    r = engine.resolve("483", start(engine, 22), {}, dice=ScriptedDice([7]))
    assert r.marked[0] == "s4" and r.trail[:2] == ["483", "617"]
    assert r.state.values["condition"] == 2
    assert {"marker": "intact_stone_bridge", "hexes": ["I-15", "J-14", "K-14"], "paragraph": "483"} in r.state.extra["markers"]
    assert any("MMG row" in n["text"] for n in r.state.notes)


def test_530_entered_from(engine):
    needs(engine, "101")
    r = engine.resolve("530", start(engine, 19), {"entered_from": "M-9", "pc": 0}, dice=ScriptedDice([9]))
    assert r.trail[:2] == ["530", "101"]
    quiet = engine.resolve("530", start(engine, 19, "s9"), {"entered_from": "other"}, dice=ScriptedDice([]))
    assert quiet.trail == ["530"] and "no event" in quiet.effects


def test_470_event_chain_end(engine):
    state = start(engine, 21, "s0", "s3", "s4", "s5", "s8")
    state.read_counts["701"] = 1
    r = engine.resolve("470", state, {"p470_german_south": True}, dice=ScriptedDice([]))
    assert r.trail == ["470"] and "no event" in r.effects
    needs(engine, "362")
    state2 = start(engine, 21, "s0", "s4")
    r2 = engine.resolve("470", state2, {}, dice=ScriptedDice([]))
    assert r2.trail[:2] == ["470", "362"]


# --------------------------------------------------------------------------- damaged paragraphs


def test_396_damaged_table_and_hooks(engine):
    state = start(engine, 24)
    # placement roll 3 is a lost row; odd/even roll 4: the marker moves first
    r = engine.resolve("396", state, {"p396_placed_in_los": False, "cell.396.3.result": "C-4"}, dice=ScriptedDice([3, 4]))
    assert r.status == "done" and r.marked == ["s4"] and "396 row 3: C-4 [from answered]" in r.effects
    assert r.state.values["phase"] == "operations"
    assert "The patrol marker moves first." in texts(r, "396")
    assert sorted(h["event"] for h in r.state.hooks) == ["american_sees_patrol_mm", "patrol_mm_sees_american"]
    placed = engine.resolve("396", state, {"p396_placed_in_los": False}, dice=ScriptedDice([9, 1]))
    assert placed.state.extra["markers"][0] == {"marker": "patrol_MM", "hexes": ["V-14"], "paragraph": "396"}
    # the marker later sees an American: 525 (Activation 0-4, roll 1 -> 633)
    needs(engine, "633")
    fired = engine.fire("patrol_mm_sees_american", placed.state, {}, dice=ScriptedDice([1, 0]))
    assert fired.trail[:2] == ["525", "633"]
    assert any(h["event"] == "patrol_mm_sees_american" for h in fired.state.hooks)  # stays armed


def test_529_surviving_and_lost_rows(engine):
    answers = {"p529_unattended": True, "p529_killed_in_fall": False, "p529_into_soldier": False}
    north = engine.resolve("529", start(engine, 24), answers, dice=ScriptedDice([0]))
    assert "The mule moves 1 hex north." in texts(north)
    lost = engine.resolve("529", start(engine, 24), answers, dice=ScriptedDice([4]))
    assert lost.status == "needs_answers" and lost.questions[0].key == "cell.529.4.result"
    assert "keys of rows 1-6 are lost" in lost.questions[0].prompt
    kicked = engine.resolve("529", start(engine, 24), {**answers, "p529_into_soldier": True, "pc": 2}, dice=ScriptedDice([8, 6]))
    assert "check:pc failure" in kicked.effects and any("Pistol row" in t for t in texts(kicked))


def test_413_lost_reference(engine):
    r = engine.resolve("413", start(engine, 23), {"p413_commander_active": True}, dice=ScriptedDice([]))
    assert r.trail == ["413"] and any("unreadable" in t for t in texts(r))
    assert engine.book.paragraphs["413"].damaged


# --------------------------------------------------------------------------- hooks and victory points


def test_473_replaces_next_random_event_check(engine):
    r = engine.resolve("473", start(engine, 21), {"p473_by_german_move": False}, dice=ScriptedDice([]))
    assert r.marked == ["s7"] and r.state.values["advantage"] == "us"
    assert r.state.extra["units"]["US 03"]["hex"] == "D-2"
    hook = [h for h in r.state.hooks if h["paragraph"] == "473"]
    assert hook and hook[0]["replaces"] == "random_event_check"
    # with s8 already set there is no hook
    quiet = engine.resolve("473", start(engine, 21, "s8"), {"p473_by_german_move": True}, dice=ScriptedDice([]))
    assert quiet.state.values["advantage"] == "german"
    assert not [h for h in quiet.state.hooks if h["paragraph"] == "473"]


def test_464_bonus_per_german_still_active(engine):
    r = engine.resolve("464", start(engine, 20), {"p464_still_active": 3}, dice=ScriptedDice([]))
    assert r.counter_changes == {"vp": 3}


def test_531_later_removal_scores(engine):
    r = engine.resolve("531", start(engine, 20), {"american_in_sight": False, "p531_vehicles_past_w6": False}, dice=ScriptedDice([]))
    assert "order prone" in r.effects and r.counter_changes == {}
    fired = engine.fire("german_turn_ends_without_los_to_us_vehicle", r.state, {}, dice=ScriptedDice([]))
    assert fired.counter_changes == {"vp": 1} and not fired.state.hooks


def test_517_rubble_hook_may_repeat(engine):
    r = engine.resolve("517", start(engine, 23), {}, dice=ScriptedDice([]))
    once = engine.fire("fortified_building_rubbled", r.state, {}, dice=ScriptedDice([]))
    twice = engine.fire("fortified_building_rubbled", once.state, {}, dice=ScriptedDice([]))
    assert twice.state.counters["vp"] == 4


def test_527_mule_hit_and_explosion(engine):
    r = engine.resolve("527", start(engine, 24), {}, dice=ScriptedDice([]))
    boom = engine.fire("mule_hit", r.state, {}, dice=ScriptedDice([9, 9]))
    assert any("Satchel Charge Outside" in t for t in texts(boom))
    calm = engine.fire("mule_hit", r.state, {}, dice=ScriptedDice([2]))
    assert texts(calm)[-1] == "No effect."


def test_512_flare_and_group_check(engine):
    r = engine.resolve("512", start(engine, 23), {"p512_lit": 0}, dice=ScriptedDice([2]))
    assert r.trail == ["512"] and "place starshell at F-2" in r.effects and "no event" in r.effects
    needs(engine, "629")
    # two lit men: PC 3 and 5, rolls 7 and 4 -> the second passes (any) -> prone, then 629
    lit = engine.resolve("512", start(engine, 23), {"p512_lit": 2, "pc.1": 3, "pc.2": 5}, dice=ScriptedDice([8, 7, 4, 0]))
    assert lit.trail[:2] == ["512", "629"] and "check:pc success" in lit.effects


def test_519_and_515_rearm_the_right_marker(engine):
    r = engine.resolve("519", start(engine, 23, "s2"), {"p515_marker": "NN"}, dice=ScriptedDice([]))
    assert r.trail == ["519", "515"]
    assert [h["event"] for h in r.state.hooks] == ["american_sees_patrol_nn"]


def test_418_group_check_sets_advantage(engine):
    # three men in the hex (PC 2, 6, 1): rolls 5, 6, 9 -> the second passes (any) -> US advantage
    r = engine.resolve("418", start(engine, 22), {"men": 3, "pc.1": 2, "pc.2": 6, "pc.3": 1}, dice=ScriptedDice([5, 6, 9]))
    assert r.marked == ["s0"] and r.trail == ["418"]
    assert r.state.values["phase"] == "rounds" and r.state.values["advantage"] == "us"
    assert r.state.extra["units"]["GE 26"]["special_reactions"] == ["B"]
    # all fail -> German advantage
    bad = engine.resolve("418", start(engine, 22), {"men": 2, "pc.1": 2, "pc.2": 3}, dice=ScriptedDice([5, 6]))
    assert bad.state.values["advantage"] == "german"


def test_440_reactivates_only_removed_germans(engine):
    r = engine.resolve("440", start(engine, 23), {"p440_ge69_removed": True, "p440_ge39_removed": False}, dice=ScriptedDice([]))
    assert r.state.extra["units"] == {"GE 69": {"status": "active", "hex": "W-8", "stance": "crouching"}}
    assert r.state.values["advantage"] == "german"
    none = engine.resolve("440", start(engine, 23), {"p440_ge69_removed": False, "p440_ge39_removed": False, "p440_both_inactive": True},
                          dice=ScriptedDice([]))
    assert none.effects == ["event marker", "no event"]
