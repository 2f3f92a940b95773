"""Paragraphs whose men each make their own check or roll, encoded with the core ``for_each``.

Inside ``for_each`` every subject answers for himself (``pc.1``, ``pc.2``, ``pc_german.3``,
``p748_modifier.2``...), rolls name him ("(German 2)") and his lines start with his label
("Soldier 1: ...").
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


def says(result, paragraph):
    return [i.text for i in result.instructions if i.paragraph == paragraph and i.kind == "say"]


def lines(result, paragraph):
    return [i.text for i in result.instructions if i.paragraph == paragraph]


def needs(engine, *paragraphs):
    missing = [p for p in paragraphs if p not in engine.book.paragraphs]
    if missing:
        pytest.skip(f"paragraph(s) {', '.join(missing)} not encoded yet")


def per_man(**keys):
    """{"pc": [3, 8]} -> {"pc.1": 3, "pc.2": 8}."""
    return {f"{key}.{i}": value for key, values in keys.items() for i, value in enumerate(values, 1)}


# --------------------------------------------------------------------------- 275, 277, 279: flare


@pytest.mark.parametrize("paragraph", ["275", "277", "279"])
def test_tripwire_flare_each_lit_soldier_checks_for_himself(engine, paragraph):
    answers = {f"p{paragraph}_men_lit": 3, **per_man(pc=[4, 7, 2])}
    # s8 has occurred: the call to 270/272/273 is skipped
    r = engine.resolve(paragraph, state(engine, 23, "s8"), answers, dice=ScriptedDice([5, 3, 2]))
    assert r.status == "done" and r.trail == [paragraph]
    # 5 > PC 4: fails; 3 <= 7 and 2 <= 2: pass
    assert says(r, paragraph)[-3:] == ["Soldier 1: He stays in his present stance.", "Soldier 2: He drops prone.", "Soldier 3: He drops prone."]
    assert [x.purpose for x in r.rolls] == [f"lit by the flare (PC {pc}): 0-{pc} succeeds (soldier {i})" for i, pc in ((1, 4), (2, 7), (3, 2))]
    assert r.effects.count("check:pc success") == 2 and r.effects.count("check:pc failure") == 1


def test_275_nobody_lit_makes_no_check(engine):
    r = engine.resolve("275", state(engine, 23, "s8"), {"p275_men_lit": 0}, dice=ScriptedDice([]))
    assert r.status == "done" and not r.rolls and not any(t.startswith("Soldier") for t in says(r, "275"))


# --------------------------------------------------------------------------- 602, 643, 360: awareness


def test_602_each_unaware_american_checks_at_plus_2(engine):
    answers = {"p602_unaware_near": 3, **per_man(pc=[6, 0, 3])}
    r = engine.resolve("602", state(engine, 22), answers, dice=ScriptedDice([9, 3, 5]))
    assert r.status == "done" and r.marked == ["s6"] and r.state.values["phase"] == "rounds"
    # targets 8, 2, 5: 9 fails, 3 fails, 5 passes (equal to the target)
    assert lines(r, "602")[-3:] == ["American 1: He stays unaware.", "American 2: He stays unaware.", "American 3: this American: automatically aware."]
    assert [x.purpose for x in r.rolls] == [
        "awareness (the panzer is loud) (PC 6+2): 0-8 succeeds (American 1)",
        "awareness (the panzer is loud) (PC 0+2): 0-2 succeeds (American 2)",
        "awareness (the panzer is loud) (PC 3+2): 0-5 succeeds (American 3)",
    ]


def test_602_exact_odds_two_americans(engine):
    answers = {"p602_unaware_near": 2, **per_man(pc=[3, 6])}
    odds = paragraph_odds(engine, "602", state(engine, 22), answers)
    # outcome effects list everything that happened (odds 2): keep the checks
    by_effects = {tuple(e for e in o.effects if e.startswith("check:")): p for o, p in odds.outcomes}
    # PC 3+2: 0-5 (6/10); PC 6+2: 0-8 (9/10); each on his own roll
    assert by_effects[("check:pc success", "check:pc success")] == Fraction(27, 50)
    assert by_effects[("check:pc success", "check:pc failure")] == Fraction(6, 10) * Fraction(1, 10)
    assert by_effects[("check:pc failure", "check:pc success")] == Fraction(4, 10) * Fraction(9, 10)
    assert by_effects[("check:pc failure", "check:pc failure")] == Fraction(1, 25)
    assert odds.total() == 1


def test_643_nobody_near_makes_no_check(engine):
    r = engine.resolve("643", state(engine, 22), {"p643_unaware_near": 0}, dice=ScriptedDice([]))
    assert r.status == "done" and not r.rolls
    assert r.state.extra["units"]["GE 68"]["hex"] == "R-19"


def test_360_awareness_checks_after_the_advantage_roll(engine):
    needs(engine, "580")
    answers = {"p360_unaware_near": 2, **per_man(pc=[5, 5])}
    r = engine.resolve("360", state(engine, 21), answers, dice=ScriptedDice([3, 7, 8] + [0] * 20))
    # 3 is odd: German advantage; then PC 5+2 = 7: a 7 passes, an 8 fails
    assert r.state.values["advantage"] == "german"
    assert lines(r, "360")[-2:] == ["American 1: this American: automatically aware.", "American 2: He stays unaware."]


# --------------------------------------------------------------------------- 220, 685: grenades


def test_685_grenade_resupply_one_die_per_german(engine):
    answers = {"p685_all_down": False, "p685_any_returned": True, "p685_grenade_users": 3}
    # 3 (odd) sets the return hexes; then one die per German who had used grenades
    r = engine.resolve("685", state(engine, 20, "s4", "s6"), answers, dice=ScriptedDice([3, 4, 5, 9]))
    assert r.status == "done" and r.trail == ["685"]
    assert says(r, "685")[-3:] == [
        "German 1: No grenades come back to him.",
        "German 2: He gets one grenade back (not above his starting number).",
        "German 3: He gets two grenades back (not above his starting number).",
    ]
    assert [x.purpose for x in r.rolls[1:]] == [f"grenade resupply (German {i})" for i in (1, 2, 3)]
    assert any("more than he started with" in t for t in says(r, "685"))


def test_685_with_nobody_to_bring_back_rolls_nothing_and_asks_nothing_more(engine):
    # the board question comes first: nobody removed earlier, so no die, no move, no resupply
    r = engine.resolve("685", state(engine, 20, "s4", "s6"), {"p685_all_down": False, "p685_any_returned": False}, dice=ScriptedDice([]))
    assert r.status == "done" and r.rolls == []
    assert "nobody comes back" in " ".join(says(r, "685"))
    assert not any(t.startswith("Activate") for t in says(r, "685")) and not r.state.hooks


def test_220_no_grenade_user_no_roll(engine):
    r = engine.resolve("220", state(engine, 20), {"p220_grenade_users": 0}, dice=ScriptedDice([2]))
    assert r.status == "done" and len(r.rolls) == 1  # only the return-hex roll
    assert r.state.extra["units"]["GE 18"]["hex"] == "H-7"


# --------------------------------------------------------------------------- 748, 499: patrol awareness


def test_748_each_patrol_german_has_his_own_modifier_and_result(engine):
    answers = {**per_man(p748_modifier=[2, 1, 0, 0]), **per_man(pc_german=[5, 5, 5, 5])}
    r = engine.resolve("748", state(engine, 24), answers, dice=ScriptedDice([7, 7, 5, 6]))
    assert r.status == "done" and r.trail == ["748"]
    # targets 7, 6, 5, 5: 7 passes, 7 fails, 5 passes, 6 fails
    assert [t for t in lines(r, "748") if t.startswith("German")] == [
        "German 1: this German: automatically aware.",
        "German 2: this German, for the first Round: automatically unaware.",
        "German 3: this German: automatically aware.",
        "German 4: this German, for the first Round: automatically unaware.",
    ]
    assert [x.purpose for x in r.rolls] == [
        "patrol awareness (PC 5+2): 0-7 succeeds (German 1)",
        "patrol awareness (PC 5+1): 0-6 succeeds (German 2)",
        "patrol awareness (PC 5): 0-5 succeeds (German 3)",
        "patrol awareness (PC 5): 0-5 succeeds (German 4)",
    ]


def test_748_exact_odds_every_german_aware(engine):
    answers = {**per_man(p748_modifier=[2, 1, 0, 0]), **per_man(pc_german=[5, 5, 5, 5])}
    odds = paragraph_odds(engine, "748", state(engine, 24), answers)
    all_aware = sum((p for o, p in odds.outcomes if o.effects.count("check:pc success") == 4), Fraction(0))
    # 0-7 (8/10), 0-6 (7/10), 0-5 (6/10), 0-5 (6/10)
    assert all_aware == Fraction(126, 625)
    assert odds.total() == 1


def test_499_patrol_german_asked_for_his_own_modifier(engine):
    answers = {**per_man(p499_modifier=[2, 0, 1]), **per_man(pc_german=[3, 3, 3, 3])}
    r = engine.resolve("499", state(engine, 23), answers, dice=ScriptedDice([5, 4, 0]))
    # German 4's modifier is still to be asked, after three rolls: 5 <= 3+2 passes, 4 > 3 fails, 0 passes
    assert r.status != "done"
    assert [q.key for q in r.questions] == ["p499_modifier.4"]
    assert [t for t in lines(r, "499") if t.startswith("German")] == [
        "German 1: this German: automatically aware.",
        "German 2: this German, for the first Round: automatically unaware.",
        "German 3: this German: automatically aware.",
    ]


# --------------------------------------------------------------------------- 192: passengers


def test_192_each_other_passenger_rolls_his_own_die(engine):
    needs(engine, "802", "815", "824", "825")
    answers = {"p192_other_passengers": True, "p192_other_passengers_count": 3, "p815_target_within_3": True}
    r = engine.resolve("192", state(engine, 22), answers, dice=ScriptedDice([1, 5, 9]))
    assert r.status == "done"
    assert r.trail == ["192", "815", "802", "824"]  # 1 -> 802, 5 -> 824, 9 -> nothing
    assert [i.text.split(":")[0] for i in r.instructions if i.paragraph in ("802", "824")] == ["Passenger 1", "Passenger 2"]
    assert any(t.startswith("Passenger 3: Do nothing") for t in lines(r, "192"))


# --------------------------------------------------------------------------- 179, 500: trampled


def test_179_falling_mule_each_soldier_in_k8_checks(engine):
    r = engine.resolve("179", state(engine, 24), {}, dice=ScriptedDice([]))
    needs(engine, "527")
    answers = {"p179_soldiers_in_k8": 2, **per_man(pc=[3, 8])}
    # 9: the mule slips; 7: it falls into K-8; then soldier 1 rolls 5 (> 3), soldier 2 rolls 2
    fell = engine.fire("mule_unload_attempt", r.state, answers, dice=ScriptedDice([9, 7, 5, 2]))
    assert [i.text for i in fell.instructions if i.text.startswith("Soldier")] == [
        "Soldier 1: The mule lands on him: roll his damage on the Pistol row.",
        "Soldier 2: He leaps out of the way unhurt.",
    ]
    assert fell.state.counters["vp"] == -1


def test_500_each_soldier_by_the_skittish_mule(engine):
    answers = {"p500_prone_with_mule": True, "p500_soldiers": 2, **per_man(pc=[4, 4])}
    r = engine.resolve("500", state(engine, 24), answers, dice=ScriptedDice([4, 5]))
    assert says(r, "500")[-2:] == ["Soldier 1: He rolls clear without a scratch.", "Soldier 2: He is trampled: roll his damage on the Pistol row."]


# --------------------------------------------------------------------------- 379: per-man modifier in a group check


def test_379_driver_plain_others_minus_2_one_success_enough(engine):
    needs(engine, "485", "202")
    answers = {"p379_occupants": 2, **per_man(p379_modifier=[0, -2], pc=[4, 6])}
    # driver: 5 > 4 fails; the other: 4 <= 6-2 passes -> 485
    r = engine.resolve("379", state(engine, 22, "s0"), answers, dice=ScriptedDice([5, 4]))
    assert r.trail[:2] == ["379", "485"]
    assert [x.purpose for x in r.rolls[:2]] == ["vehicle occupants (man 1) (PC 4): 0-4 succeeds", "vehicle occupants (man 2) (PC 6-2): 0-4 succeeds"]
    odds = paragraph_odds(engine, "379", state(engine, 22, "s0"), answers)
    to_485 = sum((p for o, p in odds.outcomes if o.trail[:2] == ("379", "485")), Fraction(0))
    # 485 unless both fail: the driver (PC 4) fails on 5-9, the other (PC 6-2 = 4) on 5-9
    # too: 1 - 5/10 * 5/10 = 3/4
    assert to_485 == 1 - Fraction(5, 10) * Fraction(5, 10) == Fraction(3, 4)
