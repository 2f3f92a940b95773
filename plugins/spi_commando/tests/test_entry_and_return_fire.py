"""Issue 15: fire at a man entering the square ([12.12]-[12.17]) and simultaneous return
fire ([10.55]), with their rulings R40 and R41 and the alternatives laid over."""

from __future__ import annotations

import pytest

import paragraphs
from paragraphs.dice import ScriptedDice
from paragraphs.errors import ParagraphsError

from paragraphs_spi_commando import testing
from paragraphs_spi_commando.testing import game, overlaid

# the chart does not price a pistol's fire (ruling R25 asks): 15, as a semi-automatic;
# nor the change of the prepared weapon out of turn ([13.18]): the players' 5
PISTOL = {"cell.task_points.fire_pistol.result": 15, "cell.kill_percentage.72-90.result": 14, "cell.task_points.change_weapon.result": 5}


def perform(engine, state, procedure, dice=(), **args):
    return testing.perform(engine, state, procedure, dice, PISTOL, **args)


def to_phase(engine, state, phase, initiative=(9, 1)):
    return testing.to_phase(engine, state, phase, initiative, PISTOL)


@pytest.fixture(scope="module")
def engine():
    return paragraphs.open_title("spi_commando")


def hit_plotted_b1(engine):
    """Scenario 45: B1 lies in wait; A1 fires his pistol at him from 25 squares: 35 + 12 =
    47 (kill 7); 30 wounds, a 6 on the d6: 6 WP against endurance 11, seriously wounded."""
    state = perform(engine, engine.new_state(), "setup", scenario="45").state
    state = perform(engine, state, "observe", [1], observer="A1", target="B1", distance=8).state
    state = to_phase(engine, state, "B")
    state = perform(engine, state, "plot", man="B1").state
    state = to_phase(engine, state, "E")
    state = perform(engine, state, "activate", [99], man="A1").state
    return perform(engine, state, "fire_at", [30, 6], firer="A1", target="B1", weapon="pistol", distance=25)


def test_10_55_a_plotted_man_fires_back_as_he_was(engine) -> None:
    res = hit_plotted_b1(engine)
    assert res.label.startswith("B1 wounded 6 WP: seriously wounded (chance 47); B1 may fire back at once")
    # B1 fires back unhalved: 35 + 5 (German bonus) = 40, not 20 (kill 6); 10 wounds, d6 2;
    # A1, a target of opportunity fire, loses 2 x 2 task points ([9.31]) and checks for panic
    back = perform(engine, res.state, "return_fire", [10, 2, 99], man="B1", weapon="pistol", distance=25)
    assert back.label == "A1 wounded 2 WP: wounded (chance 40)"
    men = game(back.state)["men"]
    # his machine pistol was his prepared weapon: the pistol costs the change of [13.18]
    # (5 here, ruling R45)
    assert men["B1"]["tp"] == 15 + 5 + 5 and men["B1"]["opp_fired"] and men["B1"]["combat"]
    assert men["A1"]["tp"] == 15 + 4
    assert [r.purpose for r in back.rolls] == ["B1 fires at A1 (1)", "damage to A1", "panic check of A1 (under opportunity fire)"]
    with pytest.raises(ParagraphsError, match=r"no return fire to make"):
        perform(engine, back.state, "return_fire", man="B1", weapon="pistol", distance=25)


def test_10_55_a_dead_man_fires_back(engine) -> None:
    # A1's 5 kills B1 outright (kill 7); he still fires back
    res = hit_plotted_b1_killed(engine)
    assert res.label.startswith("B1 killed (chance 47, kill 7); B1 may fire back")
    back = perform(engine, res.state, "return_fire", [60, 99], man="B1", weapon="pistol", distance=25)
    assert back.label == "B1 missed A1 (chance 40)"


def test_r45_out_of_turn_fire_with_another_weapon_refused(engine, tmp_path) -> None:
    # shipped (pays): B1 fires back with his pistol and pays the change (above); under
    # the alternative he fires only the machine pistol he has ready ([10.76])
    strict = overlaid(tmp_path, R45="refused")
    res = hit_plotted_b1(strict)
    with pytest.raises(ParagraphsError, match=r"B1 fires out of turn with the weapon he has ready, the machine pistol \(\[10.76\], ruling R45\)"):
        perform(strict, res.state, "return_fire", [10, 2, 99], man="B1", weapon="pistol", distance=25)


def hit_plotted_b1_killed(engine):
    state = perform(engine, engine.new_state(), "setup", scenario="45").state
    state = perform(engine, state, "observe", [1], observer="A1", target="B1", distance=8).state
    state = to_phase(engine, state, "B")
    state = perform(engine, state, "plot", man="B1").state
    state = to_phase(engine, state, "E")
    state = perform(engine, state, "activate", [99], man="A1").state
    return perform(engine, state, "fire_at", [5], firer="A1", target="B1", weapon="pistol", distance=25)


def test_10_55_only_a_plotted_man_hit_by_the_last_fire(engine) -> None:
    state = perform(engine, engine.new_state(), "setup", scenario="45").state
    state = perform(engine, state, "observe", [1], observer="A1", target="B1", distance=8).state
    state = to_phase(engine, state, "E")
    state = perform(engine, state, "activate", [99], man="A1").state
    res = perform(engine, state, "fire_at", [30, 6], firer="A1", target="B1", weapon="pistol", distance=25)
    assert "fire back" not in res.label
    with pytest.raises(ParagraphsError, match=r"only a man plotted for opportunity fire"):
        perform(engine, res.state, "return_fire", man="B1", weapon="pistol", distance=25)


def test_r40_observed_asks_for_an_earlier_observation(engine, tmp_path) -> None:
    strict = overlaid(tmp_path, R40="observed")
    res = hit_plotted_b1(strict)
    with pytest.raises(ParagraphsError, match=r"ruling R40"):
        perform(strict, res.state, "return_fire", man="B1", weapon="pistol", distance=25)


def entry_game(engine, initiative=(9, 1)):
    """B1 and B2 have observed A1 and A2; B3 has not."""
    state = perform(engine, engine.new_state(), "setup", scenario="45").state
    for observer, target in (("B1", "A1"), ("B2", "A1"), ("B1", "A2")):
        state = perform(engine, state, "seen", observer=observer, target=target).state
    return to_phase(engine, state, "E", initiative)


def test_12_13_case_1_fires_in_his_own_turn_at_double_cost(engine) -> None:
    state = entry_game(engine)
    state = perform(engine, state, "activate", [99], man="A1").state
    res = perform(engine, state, "enter", mover="A1", occupants="B1")
    assert "A1 enters the square of B1 and stops" in res.label and "[12.13] case 1" in res.label and "may move away" in res.label
    g = game(res.state)
    assert g["men"]["A1"]["acted"] and g["active"] is None and g["to_act"] == "B"
    with pytest.raises(ParagraphsError, match=r"in his own turn to act \(\[12.13\] case 1\): activate B1 first"):
        perform(engine, res.state, "fire_at", firer="B1", target="A1", weapon="pistol", distance=0)
    state = perform(engine, res.state, "activate", [99], man="B1").state
    # 0-1 squares: 90 + 5, at most 90; kill 14 (the lost band, answered); 50 wounds, d6 1
    res = perform(engine, state, "fire_at", [50, 1], firer="B1", target="A1", weapon="pistol", distance=0)
    assert res.label == "A1 wounded 1 WP: wounded (chance 90)"
    assert game(res.state)["men"]["B1"]["tp"] == 2 * 15


def second_case(engine):
    state = entry_game(engine, initiative=(1, 9))  # the Germans act first
    state = perform(engine, state, "activate", [99], man="B2").state
    state = perform(engine, state, "spend", man="B2", points=5, why="a look round").state
    state = perform(engine, state, "done", man="B2").state
    state = perform(engine, state, "activate", [99], man="A1").state
    return perform(engine, state, "enter", mover="A1", occupants="B2")


def test_12_13_case_2_fires_at_once(engine) -> None:
    res = second_case(engine)
    assert "B2 may fire at A1 at once ([12.13] case 2)" in res.label and "move away" not in res.label
    res = perform(engine, res.state, "fire_at", [95], firer="B2", target="A1", weapon="pistol", distance=0)
    assert res.label == "B2 missed A1 (chance 90)"
    # double ([10.16], ruling R41), and 5 to change his machine pistol for the pistol ([13.18])
    assert game(res.state)["men"]["B2"]["tp"] == 5 + 2 * 15 + 5
    with pytest.raises(ParagraphsError, match=r"combat task"):
        perform(engine, res.state, "fire_at", firer="B2", target="A1", weapon="pistol", distance=0)


def test_r41_case_one_only(engine, tmp_path) -> None:
    plain = overlaid(tmp_path, R41="case_one_only")
    res = second_case(plain)
    res = perform(plain, res.state, "fire_at", [95], firer="B2", target="A1", weapon="pistol", distance=0)
    assert game(res.state)["men"]["B2"]["tp"] == 5 + 15 + 5


def test_12_21_surprise_and_12_17_two_men(engine) -> None:
    state = entry_game(engine)
    state = perform(engine, state, "activate", [99], man="A1").state
    res = perform(engine, state, "enter", mover="A1", occupants="B3 B1")
    assert "B3 is surprised ([12.21])" in res.label and "B1 may fire at A1" in res.label
    g = game(res.state)
    assert g["men"]["B3"]["surprised_turn"] == 1 and g["men"]["B3"]["acted"]
    state = perform(engine, res.state, "activate", [99], man="B2").state
    state = perform(engine, state, "done", man="B2").state
    state = perform(engine, state, "activate", [99], man="A2").state
    game(state)["men"]["B4"]["dead"] = True
    with pytest.raises(ParagraphsError, match=r"enters and leaves his square freely \(\[7.46\]\)"):
        perform(engine, state, "enter", mover="A2", occupants="B4")
    res = perform(engine, state, "enter", mover="A2", occupants="B1")
    assert "B1 may fire only at A1, the first man in his square ([12.17])" in res.label


def test_10_55_each_man_a_spray_hits_may_fire_back(engine) -> None:
    smg = {**PISTOL, "cell.fire_combat.smg.21-30": 20, "cell.fire_combat.smg.damage": "1D6", "cell.fire_combat.smg.magazine": 10, "cell.task_points.spray_fire_extra.result": 4}
    state = perform(engine, engine.new_state(), "setup", scenario="45").state
    state = perform(engine, state, "observe", [1], observer="A1", target="B1", distance=8).state
    state = perform(engine, state, "seen", observer="A1", target="B2").state
    state = to_phase(engine, state, "B")
    state = perform(engine, state, "plot", man="B1").state
    state = perform(engine, state, "plot", man="B2").state
    state = to_phase(engine, state, "E")
    state = perform(engine, state, "activate", [99], man="A1").state
    # SMG 20 + 12 = 32, kill 5: B1 10 wounds (d6 3) then 90 misses; B2 killed by a 2; magazine 50
    res = engine.perform("spray", state, smg, args={"firer": "A1", "weapon": "smg", "shares": "B1:2:25 B2:3:25"}, dice=ScriptedDice([10, 3, 90, 2, 50]))
    assert res.status == "done"
    assert "B1 wounded 3 WP: wounded (chance 32); B1 may fire back" in res.label and "B2 killed (chance 32, kill 5); B2 may fire back" in res.label
    # both answer, in either order; A1 checks for panic under each fire ([14.31])
    state = perform(engine, res.state, "return_fire", [60, 99], man="B2", weapon="pistol", distance=25).state
    back = perform(engine, state, "return_fire", [60, 99], man="B1", weapon="pistol", distance=25)
    assert back.label == "B1 missed A1 (chance 40)"
