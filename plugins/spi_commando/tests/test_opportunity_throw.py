"""Issue 15: opportunity throws ([11.6]): plotted like opportunity fire, not announced,
paid whether thrown or not, thrown out of turn at an enemy man acting."""

from __future__ import annotations

import pytest

import paragraphs
from paragraphs.errors import ParagraphsError

from paragraphs_spi_commando import testing
from paragraphs_spi_commando.testing import game

# the chart prices neither task (asked once in play): a test's values, not the seed's
CELLS = {"cell.task_points.prepare_grenade.result": 10, "cell.task_points.throw_grenade.result": 8}


def perform(engine, state, procedure, dice=(), **args):
    return testing.perform(engine, state, procedure, dice, CELLS, **args)


def to_phase(engine, state, phase, initiative=(9, 1)):
    return testing.to_phase(engine, state, phase, initiative, CELLS)


@pytest.fixture(scope="module")
def engine():
    return paragraphs.open_title("spi_commando")


def holding_a_grenade(engine):
    """Scenario 45, turn 1: A1 prepares a fragmentation grenade and keeps it."""
    state = perform(engine, engine.new_state(), "setup", scenario="45").state
    state = to_phase(engine, state, "E")
    state = perform(engine, state, "activate", [99], man="A1").state
    state = perform(engine, state, "prepare", man="A1", kind="fragmentation").state
    state = perform(engine, state, "done", man="A1").state
    state = perform(engine, state, "pass").state
    state = perform(engine, state, "pass").state
    return to_phase(engine, perform(engine, state, "next").state, "B")


def test_11_6_plot_pay_and_throw_out_of_turn(engine) -> None:
    state = holding_a_grenade(engine)
    assert game(state)["turn"] == 2 and game(state)["men"]["A1"]["grenade"] == "fragmentation"
    with pytest.raises(ParagraphsError, match=r"\[11.61\]"):
        perform(engine, state, "plot_throw", man="A2")
    res = perform(engine, state, "plot_throw", man="A1")
    assert "(13 task points, [11.64])" in res.label
    assert game(res.state)["men"]["A1"]["tp"] == 13  # paid whether he throws or not
    # the plot is not announced ([11.63]); the Germans have the initiative and act
    res = perform(engine, res.state, "next", [1, 9])
    assert "A has no men plotted" in " ".join(i.text for i in res.instructions)
    state = to_phase(engine, res.state, "E")
    state = perform(engine, state, "activate", [99], man="B1").state
    with pytest.raises(ParagraphsError, match=r"in A1's sight \(\[11.62\]\)"):
        perform(engine, state, "throw", man="A1", distance=4, options="no_los")
    # out of turn: his panic check (99), then the accuracy roll 5 lands it
    res = perform(engine, state, "throw", [99, 5], man="A1", distance=4)
    assert "A1's fragmentation grenade lands on its square" in res.label
    a1 = game(res.state)["men"]["A1"]
    assert a1["opp_fired"] and a1["combat"] and a1["tp"] == 13 and a1["grenade"] is None
    assert [r.purpose for r in res.rolls] == ["panic check of A1 (before his opportunity throw)", "A1 throws a fragmentation grenade"]


def test_11_6_unplot_gives_the_points_back(engine) -> None:
    state = holding_a_grenade(engine)
    state = perform(engine, state, "plot_throw", man="A1").state
    res = perform(engine, state, "plot_throw", man="A1")
    assert res.label == "A1 is no longer plotted to throw"
    assert game(res.state)["men"]["A1"]["tp"] == 0 and not game(res.state)["men"]["A1"]["plotted"]


def test_a_man_not_plotted_throws_only_in_his_turn(engine) -> None:
    state = holding_a_grenade(engine)
    state = to_phase(engine, state, "E", initiative=(1, 9))
    state = perform(engine, state, "activate", [99], man="B1").state
    with pytest.raises(ParagraphsError, match=r"A1 is not the man acting"):
        perform(engine, state, "throw", man="A1", distance=4)
