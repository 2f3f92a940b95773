"""Each ruling the referee applies, played with its shipped choice and with its
alternative laid over by an overlay (``rulings: [{id: R.., choice: ...}]``)."""

from __future__ import annotations


import pytest

import paragraphs
from paragraphs.errors import ParagraphsError

from paragraphs_spi_commando.rulings import choices
from paragraphs_spi_commando.testing import game, overlaid, perform, start


@pytest.fixture(scope="module")
def engine():
    return paragraphs.open_title("spi_commando")


def test_every_ruling_of_the_plan_is_data(engine) -> None:
    shipped = choices(engine.book)
    assert {f"R{n}" for n in (2, 4, 5, 6, 7, 8, 10, 11, 12, 13, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31)} <= set(shipped)
    # the readings only the players apply say so
    players = {rid for rid, rec in engine.book.data["rulings"].items() if rec.get("applies")}
    assert players == {"R28"}  # R22, R24, R29, R31 are applied by the referee (sightlines.py, optional_rules.py, reinforcements.py)


def test_r10_automatic_observations(engine, tmp_path) -> None:
    state = start(engine)
    for target in ("B1", "B2", "B3"):
        state = perform(engine, state, "seen", observer="A1", target=target).state
    with pytest.raises(ParagraphsError, match="name the one he drops"):
        perform(engine, state, "seen", observer="A1", target="B4")
    ignored = overlaid(tmp_path, R10="ignored")
    state = start(ignored)
    for target in ("B1", "B2", "B3", "B4"):
        state = perform(ignored, state, "seen", observer="A1", target=target).state
    assert game(state)["observes"]["A1"] == ["B1", "B2", "B3", "B4"]
    fully = overlaid(tmp_path, R10="fully")
    state = start(fully)
    for target in ("B1", "B2"):
        state = perform(fully, state, "seen", observer="A1", target=target).state
    with pytest.raises(ParagraphsError, match=r"two new observations this turn \(\[8.85\], ruling R10 fully\)"):
        perform(fully, state, "seen", observer="A1", target="B3")


def test_r17_and_r18_in_hand_to_hand(engine, tmp_path) -> None:
    stances = {f"stance.{r}{m}": "evade" for r in range(1, 6) for m in (1, 2)}
    # separate kill roll: A1's fists hit on 2 (20), then kill on 1 (2)
    state = start(engine, phase="D")
    res = perform(engine, state, "melee", [99, 7, 3, 2, 1], stances, first="A1", second="B4", options="A1=fists B4=rifle square=2547")
    assert res.label == "hand-to-hand combat over in round 1: B4 dead"
    # R17 hit_roll: the same 2 both hits and kills (2 or less); R18 turn_initiative: no die
    alt = overlaid(tmp_path, R17="hit_roll", R18="turn_initiative")
    state = start(alt, phase="D", initiative=(9, 1))
    res = perform(alt, state, "melee", [99, 2], stances, first="A1", second="B4", options="A1=fists B4=rifle square=2547")
    assert res.label == "hand-to-hand combat over in round 1: B4 dead"
    assert "Hand-to-hand initiative (ruling R18): the turn's, A1 first" in " ".join(i.text for i in res.instructions)
    # under R17 hit_roll a 3 hits without killing: the damage die follows, no kill roll
    res = perform(alt, state, "melee", [99, 3, 2, 90, 90, 90, 90, 90, 90, 90, 90, 90], stances, first="A1", second="B4", options="A1=fists B4=rifle square=2547")
    assert game(res.state)["men"]["B4"]["wounds"] == 1


def test_r20_preservation_at_the_old_or_new_condition(engine, tmp_path) -> None:
    def bookkeeping(eng):
        state = start(eng)
        for man in ("A1", "A2"):
            state = perform(eng, state, "wound", man=man, points=19).state
        while game(state)["phase"] != "G":
            state = perform(eng, state, "next", [9, 1] if game(state)["phase"] == "B" else [16]).state
        return state

    state = bookkeeping(engine)
    assert perform(engine, state, "preservation_check", [13], man="A3").label == "A3 holds (12%)"
    new = overlaid(tmp_path, R20="new_condition")
    state = bookkeeping(new)
    assert perform(new, state, "preservation_check", [13], man="A3").label.startswith("A3 fails his preservation check (22%)")


def test_r21_how_long_the_defenders_observe_at_minus_20(engine, tmp_path) -> None:
    state = start(engine, phase="E")
    state = perform(engine, state, "activate", [99], man="A1").state
    state = perform(engine, state, "observe", [1], observer="A1", target="B1", distance=5).state
    state = perform(engine, state, "fire_at", [90], {"cell.task_points.fire_pistol.result": 15}, firer="A1", target="B1", weapon="pistol", distance=25).state
    assert game(state)["alert_turn"] == 1
    # alerted by the fire, but no German has seen a commando: still -20 (80 - 20 = 60)
    low = perform(engine, state, "observe", [100], observer="B2", target="A1", distance=5)
    assert low.label == "B2 does not observe A1 (chance 60)"
    alt = overlaid(tmp_path, R21="until_alerted")
    res = perform(alt, state, "observe", [100], observer="B2", target="A1", distance=5)
    assert res.label == "B2 does not observe A1 (chance 80)"


def test_r23_smoke_line_or_square(engine, tmp_path) -> None:
    cells = {"cell.task_points.prepare_grenade.result": 10, "cell.task_points.throw_grenade.result": 8, "cell.grenade_accuracy.wwii_smoke.2-4": 60}

    def smoke(eng, dice):
        state = start(eng, phase="E")
        state = perform(eng, state, "activate", [99], man="A1").state
        state = perform(eng, state, "prepare", answers=cells, man="A1", kind="smoke").state
        state = perform(eng, state, "throw", [1], cells, man="A1", distance=3).state
        state = perform(eng, state, "done", man="A1").state
        state = perform(eng, state, "next").state
        return " ".join(i.text for i in perform(eng, state, "next", dice).instructions)

    assert "a line from its square 2 squares toward direction 5" in smoke(engine, [5, 4])
    assert "its square and the eight around it (ruling R23)" in smoke(overlaid(tmp_path, R23="three_by_three"), [])


def test_r25_the_pistol_fire_cost(engine, tmp_path) -> None:
    from paragraphs_spi_commando.cells import Charts, UnknownCell
    from paragraphs_spi_commando.rules.fire import fire_cost

    charts = Charts.from_book(engine.book)
    with pytest.raises(UnknownCell, match="cell.task_points.fire_pistol.result"):
        fire_cost(charts, "pistol")
    assert fire_cost(charts, "pistol", ruling_r25="semi_automatic") == 15
    assert fire_cost(charts, "pistol", ruling_r25="rifle", seriously_wounded=True) == 26
    alt = overlaid(tmp_path, R25="semi_automatic")
    state = start(alt, phase="E")
    state = perform(alt, state, "activate", [99], man="A1").state
    state = perform(alt, state, "observe", [1], observer="A1", target="B1", distance=5).state
    res = perform(alt, state, "fire_at", [90], firer="A1", target="B1", weapon="pistol", distance=25)  # 35 + 12: kill 7
    assert game(res.state)["men"]["A1"]["tp"] == 15


def test_r26_a_target_flush_against_a_wall(engine, tmp_path) -> None:
    state = start(engine, phase="E")
    state = perform(engine, state, "activate", [99], man="A1").state
    state = perform(engine, state, "observe", [1], observer="A1", target="B1", distance=5).state
    cells = {"cell.task_points.fire_pistol.result": 15}
    with pytest.raises(ParagraphsError, match=r"he may still move this turn \(ruling R26\)"):
        perform(engine, state, "fire_at", [90], cells, firer="A1", target="B1", weapon="pistol", distance=5, options="wall")
    with pytest.raises(ParagraphsError, match=r"a moving man has no benefit of a wall"):
        perform(engine, state, "fire_at", [90], cells, firer="A1", target="B1", weapon="pistol", distance=5, options="wall moving")
    game(state)["men"]["B1"]["acted"] = True  # he has had his turn: he will not move again
    res = perform(engine, state, "fire_at", [90], cells, firer="A1", target="B1", weapon="pistol", distance=5, options="wall")
    assert res.label == "A1 missed B1 (chance 62)"  # 60 + 12 - 10
    alt = overlaid(tmp_path, R26="players_say")
    game(state)["men"]["B1"]["acted"] = False
    assert perform(alt, state, "fire_at", [90], cells, firer="A1", target="B1", weapon="pistol", distance=5, options="wall").label == "A1 missed B1 (chance 62)"


def test_r27_fires_on_a_man_who_dies(engine, tmp_path) -> None:
    cells = {"cell.fire_combat.smg.4-8": 40, "cell.fire_combat.smg.damage": "1D6", "cell.fire_combat.smg.magazine": 10, "cell.task_points.spray_fire_extra.result": 4}

    def spray(eng, dice):
        state = start(eng, phase="E")
        state = perform(eng, state, "activate", [99], man="A1").state
        state = perform(eng, state, "observe", [1], observer="A1", target="B1", distance=5).state
        state = perform(eng, state, "seen", observer="A1", target="B2").state
        return perform(eng, state, "spray", dice, cells, firer="A1", weapon="smg", shares="B1:3:5 B2:2:5")

    # B1 dies on the first fire (5, kill 8 at 52): his two other fires are lost
    lost = spray(engine, [5, 90, 90, 50])
    assert lost.label == "B1 killed (chance 52, kill 8); B2 missed (chance 52)" and len(lost.rolls) == 4
    shifted = spray(overlaid(tmp_path, R27="shift"), [5, 90, 90, 90, 90, 50])
    assert [r.purpose for r in shifted.rolls][1:5] == ["A1 sprays B2 (2)", "A1 sprays B2 (3)", "A1 sprays B2 (4)", "A1 sprays B2 (5)"]


def test_r30_when_scenario_45_ends(engine, tmp_path) -> None:
    state = start(engine)
    game(state)["turn"] = 30
    game(state)["phase"] = "H"
    assert perform(engine, state, "next").label == "the game is over: turn 30 has ended; type victory"
    alt = overlaid(tmp_path, R30="after_observation")
    state = perform(alt, alt.new_state(), "setup", scenario="45").state
    state = perform(alt, state, "observe", [5], observer="B1", target="A1", distance=8).state  # seen on turn 1
    game(state)["turn"] = 30
    game(state)["phase"] = "H"
    assert perform(alt, state, "next").label.startswith("turn 31 of 30")
    game(state)["turn"] = 31
    assert perform(alt, state, "next").label == "the game is over: turn 31 has ended; type victory"
