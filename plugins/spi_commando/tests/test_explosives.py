"""Issue 15: explosives ([11.7]) with scenario 40's printed charges ([40.43]: two, 75
task points next to a wall, fuse two turns, 95%, 4D10 / 2D10 / 1D10 / 1D6 on men)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

import paragraphs
from paragraphs.errors import ParagraphsError

from paragraphs_spi_commando.checks import chances_dice
from paragraphs_spi_commando.explosives import band, through_aperture
from paragraphs_spi_commando.testing import game, perform


@pytest.fixture(scope="module")
def engine():
    return paragraphs.open_title("spi_commando")


def to(engine, state, turn, phase):
    while (game(state)["turn"], game(state)["phase"]) != (turn, phase):
        state = perform(engine, state, "next", (9, 1) if game(state)["phase"] == "B" else ()).state
    return state


def set_charge(engine):
    """A1 and A2 carry the two charges; A1 spends 40 points on turn 1 and 35 on turn 2."""
    state = perform(engine, engine.new_state(), "setup", scenario="40").state
    res = perform(engine, state, "explosive", man="A1")
    assert res.label == "A1 carries explosive 1 (1 of 2)"
    with pytest.raises(ParagraphsError, match=r"one a man \(\[11.71\]\)"):
        perform(engine, res.state, "explosive", man="A1")
    state = perform(engine, res.state, "explosive", man="A2").state
    with pytest.raises(ParagraphsError, match=r"all are given out"):
        perform(engine, state, "explosive", man="A3")
    with pytest.raises(ParagraphsError, match=r"side B has no explosives"):
        perform(engine, state, "explosive", man="B1")
    state = to(engine, state, 1, "E")
    state = perform(engine, state, "activate", [99], man="A1").state
    res = perform(engine, state, "emplace", man="A1", points=40)
    assert res.label == "A1 works at explosive 1: 40 of 75 task points (10 left this turn)"
    assert not game(res.state)["men"]["A1"]["combat"]  # no combat task ([10.12])
    state = perform(engine, res.state, "done", man="A1").state
    state = to(engine, state, 2, "E")
    state = perform(engine, state, "activate", [99], man="A1").state
    res = perform(engine, state, "emplace", man="A1", points=50)
    assert res.label == "explosive 1 is set on turn 2: detonate 1 at bookkeeping of turn 4 ([11.74])"
    assert game(res.state)["men"]["A1"]["tp"] == 35
    return perform(engine, res.state, "done", man="A1").state


def test_11_7_set_fuse_and_blast(engine) -> None:
    state = set_charge(engine)
    state = to(engine, state, 2, "G")
    with pytest.raises(ParagraphsError, match=r"runs until bookkeeping of turn 4"):
        perform(engine, state, "detonate", charge=1)
    state = to(engine, state, 4, "G")
    # 50 <= 95: it goes off; B1 in its square takes 4D10 (1+2+3+4), B2 three squares away
    # 1D10 (7), B3 behind a window five squares away 1D6 (5) halved down to 2
    res = perform(engine, state, "detonate", [50, 1, 2, 3, 4, 7, 5], charge=1, men="B1:0 B2:3 through=B3:5")
    assert res.label == ("explosive 1 goes off (chance 95); its structure falls as the scenario says: draw the rubble ([11.72]); "
                         "B1 10 WP (4D10 at 0), seriously wounded; B2 7 WP (1D10 at 3), seriously wounded; B3 2 WP (1D6 at 5), wounded")
    assert game(res.state)["charges"][0]["status"] == "detonated" and game(res.state)["demolished"] == [{"charge": 1, "turn": 4}]


def test_11_75_a_charge_fails_is_set_again_then_a_dud(engine) -> None:
    state = to(engine, set_charge(engine), 4, "G")
    res = perform(engine, state, "detonate", [96], charge=1, men="B1:0")
    assert "does not go off (chance 95): a man may set it again" in res.label
    state = to(engine, res.state, 5, "E")
    state = perform(engine, state, "activate", [99], man="A3").state
    state = perform(engine, state, "emplace", man="A3", points=50, options="1").state
    state = perform(engine, state, "done", man="A3").state
    state = to(engine, state, 6, "E")
    state = perform(engine, state, "activate", [99], man="A3").state
    res = perform(engine, state, "emplace", man="A3", points=25, options="1 elsewhere")
    assert "set on turn 6" in res.label and "it can harm only men ([11.73])" in res.label
    state = to(engine, perform(engine, res.state, "done", man="A3").state, 8, "G")
    res = perform(engine, state, "detonate", [99], charge=1)
    assert res.label == "explosive 1 does not go off again: it is a dud ([11.75])"


def test_bands_halving_and_dice_odds() -> None:
    assert [band(d) for d in (0, 1, 2, 3, 4, 5, 6)] == ["0", "1-2", "1-2", "3-4", "3-4", "5-6", "5-6"]
    with pytest.raises(ParagraphsError, match="up to 6 squares"):
        band(7)
    assert through_aperture(5) == 2 and through_aperture(5, "up_everywhere") == 3 and through_aperture(1) == 1
    # 2D10: 19 totals, 7 the likeliest after 11; one total a branch under odds
    dist = chances_dice(None, {"dice": "2D10"})
    assert len(dist) == 19 and dist["11"] == F(10, 100) and dist["2"] == F(1, 100) and sum(dist.values()) == 1


def test_odds_of_a_detonation_in_a_session(engine) -> None:
    state = to(engine, set_charge(engine), 4, "G")
    result = paragraphs.procedure_odds(engine, "detonate", state, {}, args={"charge": 1, "men": "B1:0"})
    assert result.frontier_mass == 0
    got: dict[str, F] = {}
    for outcome, p in result.outcomes:
        got[outcome.label] = got.get(outcome.label, F(0)) + F(p)
    assert got["explosive 1 does not go off (chance 95): a man may set it again, emplace <man> <points> 1 ([11.75])"] == F(5, 100)
    # endurance 13: 16 wound points or more kill ([10.54]); 4D10 one total a branch
    dead = sum((p for label, p in got.items() if label.endswith(", dead")), F(0))
    four_d10 = chances_dice(None, {"dice": "4D10"})
    assert dead == F(95, 100) * sum((p for total, p in four_d10.items() if int(total) >= 16), F(0))
    assert len(got) == 1 + 37  # does not go off, or one of 37 totals (4 to 40)
