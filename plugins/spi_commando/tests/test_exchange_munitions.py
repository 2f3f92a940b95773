"""Grenades and explosives passed in an exchange of weapons ([11.14], [11.71], [13.21]):
the men's records move with the counts, within what each carries and one explosive a
man, and the exchange is paid and undone like any other."""

from __future__ import annotations

import pytest

import paragraphs
from paragraphs.errors import ParagraphsError
from paragraphs.session import Session

from paragraphs_spi_commando.passing import grenades_of
from paragraphs_spi_commando.testing import game, perform, start, to_phase

EXCHANGE = {"cell.task_points.exchange_weapons.result": 8}
GRENADE_CELLS = {"cell.task_points.prepare_grenade.result": 5, "cell.task_points.throw_grenade.result": 13}


@pytest.fixture(scope="module")
def engine():
    return paragraphs.open_title("spi_commando")


def acting(engine, scenario: str = "45", man: str = "A1", initiative=(9, 1)):
    """Phase E of turn 1, ``man`` acting after his panic check (99)."""
    state = to_phase(engine, start(engine, scenario=scenario), "E", initiative=initiative)
    return perform(engine, state, "activate", [99], man=man).state


def count(state, man: str, kind: str) -> int:
    g = game(state)
    return grenades_of(g, g["men"][man], kind)


def test_11_14_grenades_pass_between_friends_by_count(engine) -> None:
    state = acting(engine)
    res = perform(engine, state, "exchange", [], EXCHANGE, man="A1", other="A2", options="give=fragmentation:3,smoke")
    assert res.label == "A1 gives 3 fragmentation grenades, 1 smoke grenade to A2: exchange weapons, task points A1 8, A2 8 ([13.21], [13.23], [11.14]); 42 left"
    assert (count(res.state, "A1", "fragmentation"), count(res.state, "A1", "smoke")) == (9, 11)
    assert (count(res.state, "A2", "fragmentation"), count(res.state, "A2", "smoke")) == (15, 13)
    # a grenade and a weapon in one exchange: both men pay once
    both = perform(engine, state, "exchange", [], EXCHANGE, man="A1", other="A2", options="take=smoke:2 give=smg")
    assert both.label.startswith("A1 gives the smg to A2 and takes 2 smoke grenades from A2: exchange weapons, task points A1 8, A2 8")


def test_11_14_he_gives_only_what_he_carries_and_nothing_changes_on_a_refusal(engine) -> None:
    state = acting(engine)
    for options, why in (
        ("give=smoke:13", "A1 carries 12 smoke grenades, not 13 ([11.0], [11.14])"),
        ("take=fragmentation:7,fragmentation:6", "A2 carries 12 fragmentation grenades, not 13"),
        ("give=fragmentation:0", "'fragmentation:0' is not <kind>:<number> of grenades"),
        ("give=prepared_grenade", "A1 holds no prepared grenade ([11.14])"),
        ("give=explosive", "A1 carries no explosive ([11.71])"),
    ):
        with pytest.raises(ParagraphsError, match=__import__("re").escape(why)):
            perform(engine, state, "exchange", [], EXCHANGE, man="A1", other="A2", options=options)


def test_grenades_given_away_are_not_prepared_and_received_ones_are(engine) -> None:
    state = acting(engine)
    state = perform(engine, state, "exchange", [], EXCHANGE, man="A1", other="A2", options="give=fragmentation:12").state
    with pytest.raises(ParagraphsError, match=r"A1 carries no fragmentation grenade: 0 used, -12 exchanged \(\[11.0\], \[11.14\]\)"):
        perform(engine, state, "prepare", answers=GRENADE_CELLS, man="A1", kind="fragmentation")
    assert count(state, "A2", "fragmentation") == 24  # his twelve and A1's


def test_39_43_ugandan_grenades_are_never_prepared_but_an_israeli_takes_them(engine) -> None:
    state = acting(engine, scenario="39", man="B1", initiative=(1, 9))
    with pytest.raises(ParagraphsError, match="B1's side has no grenades in this scenario"):
        perform(engine, state, "prepare", answers=GRENADE_CELLS, man="B1", kind="fragmentation")
    state = acting(engine, scenario="39")
    state = perform(engine, state, "wound", man="B1", points=20).state  # B1 killed
    res = perform(engine, state, "exchange", [], EXCHANGE, man="A1", other="B1", options="take=fragmentation:12,smoke:12")
    assert res.label.startswith("A1 takes 12 fragmentation grenades, 12 smoke grenades from B1: exchange weapons, task points A1 8 ")
    assert count(res.state, "A1", "fragmentation") == 24 and count(res.state, "B1", "fragmentation") == 0
    with pytest.raises(ParagraphsError, match=r"B1 carries 0 smoke grenades, not 1"):
        perform(engine, res.state, "exchange", [], EXCHANGE, man="A1", other="B1", options="take=smoke")


def test_42_43_no_grenades_at_all(engine) -> None:
    state = to_phase(engine, start(engine, scenario="42"), "E")
    g = game(state)
    first = next(mid for mid, m in g["men"].items() if g["sides"][m["side"]]["letter"] == g["to_act"])
    assert all(grenades_of(g, m, "fragmentation") == 0 for m in g["men"].values())
    state = perform(engine, state, "activate", [99], man=first).state
    friend = next(mid for mid, m in g["men"].items() if m["side"] == g["men"][first]["side"] and mid != first)
    with pytest.raises(ParagraphsError, match=rf"{friend} carries 0 fragmentation grenades, not 1"):
        perform(engine, state, "exchange", [], EXCHANGE, man=first, other=friend, options="take=fragmentation")


def test_11_23_a_prepared_grenade_passes_and_is_thrown_at_once(engine) -> None:
    state = acting(engine)
    state = perform(engine, state, "prepare", answers=GRENADE_CELLS, man="A1", kind="smoke").state
    state = perform(engine, state, "done", man="A1").state
    state = perform(engine, state, "pass").state  # B passes: A acts again
    state = perform(engine, state, "activate", [99], man="A2").state
    res = perform(engine, state, "exchange", [], EXCHANGE, man="A2", other="A1", options="take=prepared_grenade")
    assert res.label == "A2 takes the prepared smoke grenade from A1: exchange weapons, task points A2 8, A1 8 ([13.21], [13.23], [11.14]); a prepared grenade received may be thrown at once ([11.23]); 42 left"
    men = game(res.state)["men"]
    assert men["A2"]["grenade"] == "smoke" and men["A2"]["prepared"] == "grenade"
    assert men["A1"]["grenade"] is None and men["A1"]["prepared"] is None
    # the count of A1's smoke grenades is his twelve less the one he prepared
    assert count(res.state, "A1", "smoke") == 11 and count(res.state, "A2", "smoke") == 12
    thrown = perform(engine, res.state, "throw", [1], {**GRENADE_CELLS, "cell.grenade_accuracy.wwii_smoke.2-4": 60}, man="A2", distance=3)
    assert thrown.label.startswith("A2's smoke grenade lands on its square (chance 70, rolled 1)")  # 60 + 10 (his side's bonus)


def explosives(engine):
    """Scenario 40, A1 and A2 each carrying one of the side's two charges, A1 acting in E."""
    state = start(engine, scenario="40")
    state = perform(engine, state, "explosive", man="A1").state
    state = perform(engine, state, "explosive", man="A2").state
    state = to_phase(engine, state, "E")
    return perform(engine, state, "activate", [99], man="A1").state


def test_11_71_an_explosive_passes_one_a_man(engine) -> None:
    state = explosives(engine)
    with pytest.raises(ParagraphsError, match=r"A2 carries an explosive already: one a man \(\[11.71\]\)"):
        perform(engine, state, "exchange", [], EXCHANGE, man="A1", other="A2", options="give=explosive")
    with pytest.raises(ParagraphsError, match=r"gives his explosive or takes A2's, not both"):
        perform(engine, state, "exchange", [], EXCHANGE, man="A1", other="A2", options="give=explosive take=explosive")
    res = perform(engine, state, "exchange", [], EXCHANGE, man="A1", other="A3", options="give=explosive")
    assert res.label == "A1 gives explosive 1 to A3: exchange weapons, task points A1 8, A3 8 ([13.21], [13.23], [11.71]); 42 left"
    holders = {c["id"]: c["holder"] for c in game(res.state)["charges"]}
    assert holders == {1: "A3", 2: "A2"}


def test_11_73_a_charge_being_set_stays(engine) -> None:
    state = explosives(engine)
    state = perform(engine, state, "emplace", man="A1", points=20).state
    with pytest.raises(ParagraphsError, match=r"A1 is setting explosive 1: a charge being set stays where it is \(\[11.73\]\)"):
        perform(engine, state, "exchange", [], EXCHANGE, man="A1", other="A3", options="give=explosive")


def test_11_74_the_enemy_takes_a_charge_from_a_dead_man(engine) -> None:
    state = start(engine, scenario="40")
    state = perform(engine, state, "explosive", man="A1").state
    state = perform(engine, state, "wound", man="A1", points=30).state  # A1 killed
    state = to_phase(engine, state, "E", initiative=(1, 9))
    state = perform(engine, state, "activate", [99], man="B1").state
    res = perform(engine, state, "exchange", [], EXCHANGE, man="B1", other="A1", options="take=explosive")
    assert res.label.startswith("B1 takes explosive 1 from A1: exchange weapons, task points B1 8 ([13.21], [13.23], [11.71])")
    charge = game(res.state)["charges"][0]
    assert charge["holder"] == "B1" and charge["side"] != game(res.state)["men"]["B1"]["side"]  # his panic x3 ([11.74])


def test_the_exchange_shows_on_the_sheet_and_is_undone(engine) -> None:
    session = Session(engine, engine.new_state(), dice="physical")
    for line in ("setup 45", "next", "next", "9", "1", "next", "next", "activate A1", "99"):
        session.send(line)
    reply = session.send("exchange A1 A2 give=fragmentation:2")
    assert reply.question is not None and reply.question.key == "cell.task_points.exchange_weapons.result"
    assert session.send("8").text.startswith("A1 gives 2 fragmentation grenades to A2")
    sheet = session.send("sheet").text
    assert "grenades 10 fragmentation, 12 smoke" in sheet and "grenades 14 fragmentation, 12 smoke" in sheet
    session.send("undo")
    assert count(session.state, "A1", "fragmentation") == 12 and count(session.state, "A2", "fragmentation") == 12
    assert "grenades 10 fragmentation" not in session.send("sheet").text


def test_11_71_the_older_explosive_form_points_to_the_exchange(engine) -> None:
    # `explosive A3 A1` once moved A1's charge to A3 for no task points; [11.71] passes a
    # charge by the exchange weapons task, so the old form is refused before any change
    state = explosives(engine)
    with pytest.raises(ParagraphsError, match=r"^an explosive passes from man to man by the exchange weapons task, both men paying \(\[11.71\]\): exchange A1 A3 give=explosive$"):
        perform(engine, state, "explosive", man="A3", giver="A1")
    with pytest.raises(ParagraphsError, match=r"later they pass from man to man by the exchange weapons task: exchange <man> A3 give=explosive$"):
        perform(engine, state, "explosive", man="A3")


def test_the_older_explosive_form_is_one_line_at_the_prompt(engine) -> None:
    session = Session(engine, engine.new_state(), dice="physical")
    for line in ("setup 40", "explosive A1", "next", "next", "9", "1", "next", "next", "activate A1", "99"):
        session.send(line)
    before = game(session.state)
    tp = before["men"]["A1"]["tp"]
    reply = session.send("explosive A3 A1")
    assert reply.text.strip().splitlines() == ["error: an explosive passes from man to man by the exchange weapons task, both men paying ([11.71]): exchange A1 A3 give=explosive"]
    after = game(session.state)
    assert [c["holder"] for c in after["charges"]] == ["A1"] and after["men"]["A1"]["tp"] == tp
    session.send("exchange A1 A3 give=explosive")
    assert session.send("8").text.startswith("A1 gives explosive 1 to A3: exchange weapons, task points A1 8, A3 8")


@pytest.mark.parametrize(
    ("options", "why"),
    [
        ("give=illumination:2", r"exchange: 'illumination:2' is not passed: illumination grenades are carried only where a scenario says so \(\[11.0\]\) and no scenario of the book does; `light grenade` records one going up \(\[34.2\]\)$"),
        ("give=smoke take=illumination", r"exchange: 'illumination' is not passed: illumination grenades"),
        ("take=satchel_charge", r"exchange: 'satchel_charge' is not passed: satchel charges \(\[25.0\]\) are an optional rule the referee does not play: a scenario deals them out \(\[25.11\]\) and the players keep them off the record$"),
        ("give=satchel:1", r"exchange: 'satchel:1' is not passed: satchel charges"),
    ],
)
def test_illumination_grenades_and_satchel_charges_are_refused(engine, options, why) -> None:
    # the book gives a man neither unless a scenario says so, and none of its scenarios
    # does: the record holds no count to pass ([11.0], [25.11]); nothing is spent
    state = acting(engine)
    with pytest.raises(ParagraphsError, match=why):
        perform(engine, state, "exchange", [], EXCHANGE, man="A1", other="A2", options=options)


def test_an_illumination_grenade_is_refused_in_one_line_at_the_prompt(engine) -> None:
    session = Session(engine, engine.new_state(), dice="physical")
    for line in ("setup 45", "next", "next", "9", "1", "next", "next", "activate A1", "99"):
        session.send(line)
    tp = game(session.state)["men"]["A1"]["tp"]
    reply = session.send("exchange A1 A2 give=illumination")
    assert reply.question is None and len(reply.text.strip().splitlines()) == 1
    assert reply.text.startswith("error: exchange: 'illumination' is not passed: illumination grenades are carried only where a scenario says so ([11.0])")
    assert game(session.state)["men"]["A1"]["tp"] == tp and count(session.state, "A1", "smoke") == 12
