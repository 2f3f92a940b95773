"""Paragraphs 235-393 of the Silver Star booklet: resolutions with scripted dice and answers.

Other ranges of the booklet are encoded in parallel, so the content is loaded without the
error gate. A test whose path leaves this range asserts only the trail prefix: it answers
the other range's questions with defaults (``settle``) or retires the target so that only
this paragraph's dice count (odds), and it is skipped while that target is not encoded.
"""

from __future__ import annotations

from fractions import Fraction


from paragraphs.dice import ScriptedDice
from paragraphs.odds import paragraph_odds


# the `engine` fixture comes from conftest.py (the booklet is compiled once per session)


class PaddedDice(ScriptedDice):
    """Scripted rolls, then a fixed face: paths that run on into other ranges stay deterministic."""

    def __init__(self, values, pad=9, *, _parent=None):
        super().__init__(values, _parent=_parent)
        self.pad = pad

    def bind(self, prng_state):
        return PaddedDice(self.values[self.used :], self.pad, _parent=self)

    def roll(self, die, purpose):
        if self.used >= len(self.values):
            return die.check_face(self.pad)
        return super().roll(die, purpose)


def texts(result):
    return " | ".join(i.text for i in result.instructions)


def with_sightings(engine, mission, *ids, **values):
    state = engine.new_state(mission=mission)
    for sid in ids:
        state.sightings[sid] = {}
    state.values.update(values)
    return state


def settle(engine, pid, state, answers=None, dice=None):
    """Resolve, answering any question left open (by paragraphs of other ranges) with a default."""
    answers = dict(answers or {})
    for _ in range(50):
        r = engine.resolve(pid, state, answers, dice=dice if dice is not None else PaddedDice([]))
        if r.status == "done":
            return r
        for q in r.questions:
            answers[q.key] = q.choices[0][0] if q.choices else (q.min if q.min is not None else False)
    raise AssertionError(f"{pid} never settles")


def end_probability(odds, predicate):
    return sum((p for o, p in odds.outcomes if predicate(o)), Fraction(0))


# --------------------------------------------------------------------------- nested checks


def test_236_surface_pc_fails_then_activation_succeeds(engine):
    # Mission 19, Condition 1: Activation Level 0-5, so (-1) succeeds on 0-4.
    state = engine.new_state(mission=19)
    r = settle(engine, "236", state, {"p236_on_surface": True, "pc": 5}, dice=PaddedDice([7, 4]))
    assert r.status == "done"
    assert r.trail[:2] == ["236", "562"]
    assert [x.value for x in r.rolls[:2]] == [7, 4]
    assert r.state.extra["event_markers"][0]["paragraph"] == "236"


def test_236_exact_odds(engine):
    # Surface, PC 5 at -1: success on 0-4 (1/2) -> 561; else Activation (-1) at 0-5 -> 0-4
    # (1/2) -> 562; else No Event. Underwater: Activation (-1) only. 561 and 562 belong to
    # another range: retiring them keeps their own questions and dice out of these odds.
    state = engine.new_state(mission=19)
    state.retired = ["561", "562"]
    surface = paragraph_odds(engine, "236", state, {"p236_on_surface": True, "pc": 5})
    assert end_probability(surface, lambda o: o.trail[1:2] == ("561",)) == Fraction(1, 2)
    assert end_probability(surface, lambda o: o.trail[1:2] == ("562",)) == Fraction(1, 4)
    assert end_probability(surface, lambda o: o.trail == ("236",)) == Fraction(1, 4)
    under = paragraph_odds(engine, "236", state, {"p236_on_surface": False})
    assert end_probability(under, lambda o: o.trail[1:2] == ("562",)) == Fraction(1, 2)
    assert end_probability(under, lambda o: o.trail == ("236",)) == Fraction(1, 2)


def test_331_driver_fails_assistant_passes_on_exact_roll(engine):
    state = engine.new_state(mission=22)
    answers = {"mover": "vehicle", "pc_driver": 4, "p331_assistant": True, "pc_assistant": 6}
    # driver: 7 > 4 fails; assistant: PC 6 at -1 = 5, a 5 is the exact roll, which counts as success
    r = engine.resolve("331", state, answers, dice=ScriptedDice([7, 5]))
    assert r.status == "done"
    assert r.trail == ["331", "180"]
    assert r.marked == ["s9"]


def test_331_exact_odds(engine):
    # driver PC 4 passes on 0-4 (1/2); otherwise the assistant at 6-1=5 passes on 0-5 (6/10)
    state = engine.new_state(mission=22)
    odds = paragraph_odds(engine, "331", state, {"mover": "vehicle", "pc_driver": 4, "p331_assistant": True, "pc_assistant": 6})
    assert end_probability(odds, lambda o: o.trail == ("331", "180")) == Fraction(4, 5)
    assert end_probability(odds, lambda o: o.trail == ("331",)) == Fraction(1, 5)
    alone = paragraph_odds(engine, "331", state, {"mover": "vehicle", "pc_driver": 4, "p331_assistant": False})
    assert end_probability(alone, lambda o: o.trail == ("331", "180")) == Fraction(1, 2)


def test_350_exact_odds_and_a_failed_path(engine):
    # Mission 20, Condition 1 (0-4). PC 3 (+2) passes on 0-5: 3/5 -> 351. Else, s1 not set:
    # Activation (+1) succeeds on 0-5: 2/5 * 3/5 = 6/25 -> 680; else 2/5 * 2/5 = 4/25.
    state = engine.new_state(mission=20)
    state.retired = ["680"]  # another range's paragraph: keep its own dice out of the odds
    r = engine.resolve("350", state, {"pc": 3}, dice=PaddedDice([6, 6]))
    assert r.trail == ["350"] and "No event." in texts(r)
    full = paragraph_odds(engine, "350", state, {"pc": 3})
    assert end_probability(full, lambda o: o.trail[:2] == ("350", "351")) == Fraction(3, 5)
    assert end_probability(full, lambda o: o.trail[:2] == ("350", "680")) == Fraction(6, 25)
    assert end_probability(full, lambda o: o.trail == ("350",)) == Fraction(4, 25)
    # with s1 already marked a failed PC Check is simply No Event
    marked = with_sightings(engine, 20, "s1")
    r = engine.resolve("350", marked, {"pc": 3}, dice=ScriptedDice([8]))
    assert r.trail == ["350"] and len(r.rolls) == 1


# --------------------------------------------------------------------------- sighting chains


def test_238_chain_by_sightings(engine):
    only_s9 = with_sightings(engine, 19, "s9")
    r = engine.resolve("238", only_s9)
    assert r.trail == ["238"] and "No event." in texts(r)
    s1 = with_sightings(engine, 19, "s1")
    r = engine.resolve("238", s1)
    assert r.trail == ["238", "338"]
    assert r.marked == ["s7"]
    assert r.state.values["phase"] == "rounds"
    assert r.state.extra["units"]["GE 71"]["hex"] == "L-4"


def test_238_to_349_to_430(engine):
    state = with_sightings(engine, 19, "s1", "s6", "s7")
    r = settle(engine, "238", state)
    assert r.trail[:3] == ["238", "349", "430"]


def test_342_los_three_sends_to_dawn(engine):
    # Mission 19 starts with LOS 3; with s1, s8, s9 and s3 set the chain reaches item 4
    state = with_sightings(engine, 19, "s1", "s8", "s9", "s3")
    assert state.values["los"] == 3
    r = settle(engine, "342", state)
    assert r.trail[:2] == ["342", "640"]
    # once dawn has raised the LOS, item 5 needs s4, s5 and few barges
    later = with_sightings(engine, 19, "s1", "s8", "s9", "s3", "s4", "s5", los=5)
    r = engine.resolve("342", later, {"p342_few_barges": False})
    assert r.trail == ["342"] and "No event." in texts(r)


# --------------------------------------------------------------------------- die and GAN tables


def test_316_rolled_hex_and_facing(engine):
    state = engine.new_state(mission=23)
    r = engine.resolve("316", state, dice=ScriptedDice([4]))
    assert r.trail == ["316"]
    assert r.marked == ["s6"]
    assert r.state.extra["units"]["GE 68"]["hex"] == "R-19"
    assert "facing R-18" in texts(r) or "R-18" in texts(r)
    assert "GE 68: 2 Turns this Round." in texts(r)
    assert r.state.values["phase"] == "rounds"


def test_316_exact_odds(engine):
    # 0-2 F-19, 3-5 R-19, 6-9 O-1
    odds = paragraph_odds(engine, "316", engine.new_state(mission=23), spoilers=True)
    hexes = {}
    for o, p in odds.outcomes:
        where = next(e.split(" at ")[1] for e in o.effects if e.startswith("activate GE 68"))
        hexes[where] = hexes.get(where, 0) + p
    assert hexes == {"F-19": Fraction(3, 10), "R-19": Fraction(3, 10), "O-1": Fraction(2, 5)}


def test_262_gan_table_and_exit(engine):
    state = engine.new_state(mission=21, gan=5)
    state.values["gan"] = 5
    r = settle(engine, "262", state, {"p262_american_west": True})
    assert r.trail[:2] == ["262", "824"]
    state.values["gan"] = 9
    r = settle(engine, "262", state, {"p262_american_west": True})
    assert r.trail[:2] == ["262", "800"]
    r = engine.resolve("262", state, {"p262_american_west": False})
    assert r.trail == ["262"] and "Exit." in texts(r)


def test_265_per_crew_gan_row(engine):
    state = engine.new_state(mission=22)
    state.values["gan"] = 2
    answers = {
        "american_same_hex": False,
        "american_adjacent": False,
        "us_vehicle_in_sight": True,
        "p266_atg_ready": True,
        "p268_can_load": True,
    }
    r = engine.resolve("265", state, answers)
    assert r.status == "done"
    assert r.trail == ["265", "266", "268"]
    said = texts(r)
    assert "crew member P carries out 266" in said and "crew member R carries out 268" in said
    assert "Fire with ATG at the nearest vehicle, crouching." in said
    assert "Load with ATG, crouching." in said


def test_381_mishap_table_odds(engine):
    # s0 set and in Rounds: the roll decides; 9 is No Event
    state = with_sightings(engine, 23, "s0", phase="rounds")
    r = engine.resolve("381", state, dice=ScriptedDice([9]))
    assert r.trail == ["381"] and "No event." in texts(r)
    # every face once: 0-1 212, 2-3 400, 4-5 993, 6-7 370, 8 117, 9 No Event (the targets
    # are retired so that only this paragraph's roll counts)
    state.retired = ["117", "212", "370", "400", "993"]
    firsts = {}
    for face in range(10):
        r = engine.resolve("381", state, dice=ScriptedDice([face]))
        first = r.trail[1] if len(r.trail) > 1 else None
        firsts[first] = firsts.get(first, 0) + Fraction(1, 10)
    assert firsts == {
        "212": Fraction(1, 5), "400": Fraction(1, 5), "993": Fraction(1, 5), "370": Fraction(1, 5),
        "117": Fraction(1, 10), None: Fraction(1, 10),
    }
    odds = paragraph_odds(engine, "381", state)
    assert {o.trail: p for o, p in odds.outcomes} == {
        ("381", "212"): Fraction(1, 5), ("381", "400"): Fraction(1, 5), ("381", "993"): Fraction(1, 5),
        ("381", "370"): Fraction(1, 5), ("381", "117"): Fraction(1, 10), ("381",): Fraction(1, 10),
    }
    # in Operations with s0 set: No Event without a roll
    ops = with_sightings(engine, 23, "s0")
    r = engine.resolve("381", ops)
    assert r.trail == ["381"] and r.rolls == []


# --------------------------------------------------------------------------- damaged tables


def test_387_lost_row_and_los(engine):
    state = with_sightings(engine, 23, "s1")
    stopped = engine.resolve("387", state, {"p387_mm_los": False, "p387_nn_los": False}, dice=ScriptedDice([7]))
    assert stopped.status == "needs_answers" and stopped.questions[0].key == "cell.387.7.result"
    answers = {"p387_mm_los": False, "p387_nn_los": False, "cell.387.7.result": "none"}
    r = engine.resolve("387", state, answers, dice=ScriptedDice([7]))
    assert r.status == "done"
    assert r.trail == ["387"]
    assert r.state.values["los"] == 5
    assert "Roll, 7: none (entered by the player) [from answered]" in texts(r)
    # s1 not yet marked: Patrol marker MM comes first, the mist waits
    fresh = engine.new_state(mission=23)
    r = engine.resolve("387", fresh, {"phase": "operations"}, dice=ScriptedDice([0, 1]))
    assert r.trail[:2] == ["387", "389"]
    assert "s1" in r.marked
    assert r.state.values.get("los") == 3


def test_389_surviving_row_and_lost_rows(engine):
    state = engine.new_state(mission=23)
    r = engine.resolve("389", state, dice=ScriptedDice([0, 3]))
    assert r.marked == ["s1"]
    assert r.state.extra["markers"][0] == {"marker": "patrol_MM", "hexes": ["A-15"], "paragraph": "389"}
    assert "Stay in Operations; do not commence Rounds." in texts(r)
    assert "Your man moves first." in texts(r)
    assert sorted(engine.armed_events(r.state)) == ["american_sees_patrol_mm", "patrol_mm_sees_american"]
    lost = engine.resolve("389", state, {"cell.389.5.result": "G-12"}, dice=ScriptedDice([5, 2]))
    assert "Patrol marker MM's hex, 5: G-12 [from answered]" in texts(lost)
    assert lost.state.extra["cells"] == {"cell.389.5.result": "G-12"}
    assert "The marker moves first." in texts(lost)


# --------------------------------------------------------------------------- activations


def test_361_group_check_gives_us_advantage(engine):
    state = engine.new_state(mission=21)
    answers = {"first_free": "Q-16", "p361_watchers": 2, "pc.1": 3, "pc.2": 6}
    r = engine.resolve("361", state, answers, dice=ScriptedDice([8, 2]))
    assert r.status == "done"
    assert r.marked == ["s3"]
    ge33 = r.state.extra["units"]["GE 33"]
    assert ge33["hex"] == "Q-16" and ge33["stance"] == "standing" and ge33["special_reactions"] == ["H"]
    assert r.state.values["advantage"] == "us"
    assert "Each American who passed and did not panic: 2 Turns this Round." in texts(r)


def test_363_all_fail_german_advantage_and_unaware(engine):
    state = engine.new_state(mission=21)
    answers = {"first_free": "none", "p363_watchers": 1, "pc": 2}
    r = engine.resolve("363", state, answers, dice=ScriptedDice([5]))
    assert r.state.values["advantage"] == "german"
    assert "automatically unaware" in texts(r)


def test_360_rolled_advantage_after_580(engine):
    state = engine.new_state(mission=21)
    r = settle(engine, "360", state, dice=PaddedDice([3]))
    assert r.trail[:2] == ["360", "580"]
    assert r.marked[0] == "s0"
    assert r.state.values["advantage"] == "german"
    assert r.state.extra["units"]["GE 21"]["hex"] == "B-19"


def test_235_reinforcement_truck(engine):
    r = engine.resolve("235", engine.new_state(mission=19), dice=ScriptedDice([6]))
    assert r.marked == ["s3"]
    units = r.state.extra["units"]
    assert [u for u in units] == ["GE 10", "GE 11", "GE 12", "GE 13", "GE 14", "GE 15"]
    assert all(u["hex"] == "Y-10" and u["special_reactions"] == ["T"] for u in units.values())
    assert r.state.values["advantage"] == "german"


# --------------------------------------------------------------------------- victory, hooks, VP


def test_260_pursue_gives_330_regime(engine):
    state = engine.new_state(mission=22)
    r = engine.resolve("260", state, {"p260_regime": "pursue"})
    assert r.trail == ["260", "330"]
    assert r.marked == ["s3"]
    assert r.state.values["condition"] == 4
    regime = r.state.values["victory"]
    assert regime["paragraph"] == "330" and regime["need"] == 21 and regime["overrides"] == ["269"]


def test_328_victory_hook_replaces_random_event(engine):
    state = engine.new_state(mission=23)
    r = engine.resolve("328", state, dice=ScriptedDice([4]))
    assert r.marked == ["s9"]
    assert r.state.extra["units"]["US 07"]["hex"] == "A-8"
    assert r.state.values["victory"]["need"] == 17
    assert r.state.values["victory"]["end_condition"] == 3
    assert engine.armed_events(r.state) == ["start_of_round"]
    nxt = engine.fire("start_of_round", r.state, dice=ScriptedDice([7]))
    assert nxt.trail == ["316"]
    assert "Instead of the random event check:" in texts(nxt)
    assert nxt.state.extra["units"]["GE 68"]["hex"] == "O-1"
    assert engine.armed_events(nxt.state) == []


def test_351_roadblock_bonus_hook(engine):
    state = engine.new_state(mission=20)
    r = engine.resolve("351", state)
    assert r.marked == ["s0"]
    assert r.state.extra["markers"][0]["hexes"] == ["K-6"]
    assert "keep at least 1 soldier in K-6" in texts(r)
    cleared = engine.fire("roadblock_cleared", r.state)
    assert cleared.counter_changes == {"vp": 1}
    assert cleared.state.counters["vp"] == 1


def test_322_exit_with_mules_loses_vp(engine):
    state = engine.new_state(mission=24)
    r = engine.resolve("322", state, {"p322_moved": False, "p322_mules": 2})
    assert r.counter_changes == {"vp": -5}
    assert "Exit." in texts(r)
    fire = engine.resolve("322", state, {"p322_moved": True, "p322_half_mpa": True}, dice=ScriptedDice([3]))
    assert "Snap fire at the closest target, one shot." in texts(fire)
    assert fire.counter_changes == {}


def test_388_us06_killed_costs_four_vp(engine):
    state = engine.new_state(mission=23)
    r = engine.resolve("388", state, {"p388_us06_killed": True})
    assert r.trail == ["388"]
    assert r.marked == ["s8"]
    assert r.counter_changes == {"vp": -4}
    assert r.state.extra["units"]["US 06"]["stance"] == "crouching"


def test_237_barge_hooks(engine):
    state = engine.new_state(mission=19)
    r = engine.resolve("237", state)
    assert sorted(engine.armed_events(r.state)) == ["barge_destroyed", "grenade_scatters_onto_barge"]
    one = engine.fire("barge_destroyed", r.state)
    two = engine.fire("barge_destroyed", one.state)
    assert two.state.counters["vp"] == 6
    scatter = engine.fire("grenade_scatters_onto_barge", two.state, dice=ScriptedDice([3]))
    assert "The grenade lands on the barge." in texts(scatter)


# --------------------------------------------------------------------------- retirements and once-only


def test_370_retires_only_after_a_slip(engine):
    state = engine.new_state(mission=23)
    dry = engine.resolve("370", state, {"p370_in_stream": False})
    assert dry.state.retired == []
    slip = engine.resolve("370", state, {"p370_in_stream": True, "pc": 4}, dice=ScriptedDice([8]))
    assert "He loses 1 grenade, if he has one." in texts(slip)
    assert slip.state.retired == ["370"]
    again = engine.resolve("370", slip.state)
    assert "No event (this paragraph is spent)." in texts(again)


def test_346_once_per_mission_then_new_random_event(engine):
    state = engine.new_state(mission=19)
    first = engine.resolve("346", state, {"p346_diver_active": True})
    assert first.state.values["diver_out_of_air"] is True
    assert "new random event" not in first.effects
    second = engine.resolve("346", first.state)
    assert "new random event" in second.effects
    nobody = engine.resolve("346", state, {"p346_diver_active": False})
    assert "new random event" in nobody.effects and "diver_out_of_air" not in nobody.state.values


def test_297_retires_three_paragraphs(engine):
    r = engine.resolve("297", engine.new_state(mission=23))
    assert r.state.retired == ["295", "297", "734"]


# --------------------------------------------------------------------------- movement and odd/even


def test_251_soldier_moves_by_gan_parity(engine):
    state = engine.new_state(mission=21)
    state.values["gan"] = 7
    r = engine.resolve("251", state, {"mover": "soldier"})
    assert "Enter L-10." in texts(r)
    state.values["gan"] = 4
    r = engine.resolve("251", state, {"mover": "soldier"})
    assert "Enter J-10." in texts(r)
    r = engine.resolve("251", state, {"mover": "vehicle"})
    assert "Enter K-10." in texts(r)


def test_335_corner_cut_and_hex_event(engine):
    state = with_sightings(engine, 20, "s2")
    r = settle(engine, "335", state, {"mover": "vehicle", "entered_from": "F-4"})
    assert r.trail[:2] == ["335", "641"]
    assert "No event." in texts(r)
    plain = engine.resolve("335", state, {"mover": "vehicle", "entered_from": "other"})
    assert plain.trail == ["335"]


def test_334_minefield_branches(engine):
    state = engine.new_state(mission=20)
    r = settle(engine, "334", state, {"mine_exploded": False})
    assert r.trail[:2] == ["334", "681"]
    done = with_sightings(engine, 20, "s1", "s6")
    r = engine.resolve("334", done, {"mine_exploded": True, "p334_still_active": True})
    assert r.trail == ["334"] and "No event." in texts(r)
    r = settle(engine, "334", with_sightings(engine, 20, "s1"), {"mine_exploded": True, "p334_still_active": True})
    assert r.trail[:2] == ["334", "790"]
