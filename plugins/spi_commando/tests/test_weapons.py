"""A man's weapons ([13.0]) as the players meet them in the referee session: the carrying
limits, drop, pick up, exchange, the weapon he has ready and what a save may hold."""

from __future__ import annotations

import io

import pytest

import paragraphs
from paragraphs.cli import main
from paragraphs.errors import ParagraphsError
from paragraphs.session import Session

from paragraphs_spi_commando.arms import over_limits
from paragraphs_spi_commando.cells import Charts


@pytest.fixture(scope="module")
def engine():
    return paragraphs.open_title("spi_commando")


def session_at_e(engine, scenario: str = "45", before_e: tuple[str, ...] = ()) -> Session:
    """A physical-dice session of ``scenario`` in phase E of turn 1, A with the
    initiative (9 against 1), A1 acting after his panic check (99). ``before_e`` is typed
    in phase A."""
    session = Session(engine, engine.new_state(), dice="physical")
    for line in (f"setup {scenario}", *before_e, "next", "next", "9", "1", "next", "next", "activate A1", "99"):
        session.send(line)
    assert session.state.extra["spi_commando"]["active"] == "A1"
    return session


def men(session: Session) -> dict:
    return session.state.extra["spi_commando"]["men"]


def test_13_11_to_13_13_the_carrying_limits(engine) -> None:
    charts = Charts.from_book(engine.book)
    assert over_limits(charts, ["smg", "rifle", "pistol", "combat_knife"]) is None
    assert over_limits(charts, ["smg", "rifle", "carbine"]) == "3 fire weapons, at most 2 ([13.11])"
    assert over_limits(charts, ["pistol", "pistol"]) == "2 pistols, at most 1 ([13.11])"
    # a knife and a bayonet are melee weapons; a pistol, also on the fire table, is not ([13.13])
    assert over_limits(charts, ["pistol", "combat_knife", "bayonet"]) == "2 melee weapons, at most 1 ([13.11], [13.13])"
    assert over_limits(charts, ["machinegun", "rifle"]) == "a man with a machinegun carries no other fire weapon ([13.12])"
    assert over_limits(charts, ["machinegun", "pistol", "dagger"]) is None
    # what a scenario issues stands: 42's officers carry a sword and a swagger stick
    assert over_limits(charts, ["sword", "pistol", "swagger_stick"], issued=["sword", "pistol", "swagger_stick"]) is None
    assert over_limits(charts, ["sword", "pistol", "swagger_stick", "dagger"], issued=["sword", "pistol", "swagger_stick"]) is not None


def test_13_14_a_dropped_weapon_costs_nothing_and_lies_in_its_square(engine) -> None:
    session = Session(engine, engine.new_state(), dice="physical")
    session.send("setup 45")
    reply = session.send("drop B4 rifle 2547")  # phase A: at any time, by any man
    assert reply.text == "B4 drops his rifle in square 2547, free ([13.14]); he has no weapon ready"
    b4 = men(session)["B4"]
    assert b4["weapons"] == ["pistol", "combat_knife"] and b4["tp"] == 0 and b4["prepared"] is None
    sheet = session.send("sheet").text
    assert "Lying in square 2547: rifle (B's, [13.14])" in sheet and "B4: pistol, combat_knife; endurance 11, 0 WP, unhurt [no weapon ready]" in sheet
    assert "a square is four digits (2547), not '25'" in session.send("drop B5 rifle 25").text
    assert "B5 carries rifle, pistol, combat_knife, not smg" in session.send("drop B5 smg 2547").text
    session.send("undo")  # the drop is undone with the record
    assert men(session)["B4"]["weapons"] == ["rifle", "pistol", "combat_knife"] and not session.state.extra["spi_commando"]["dropped"]


def test_13_15_picking_up_asks_the_lost_cost_and_keeps_the_limits(engine) -> None:
    session = session_at_e(engine, before_e=("drop B4 rifle 2547", "drop B5 rifle 2547"))
    reply = session.send("pickup A1 rifle 2547")
    assert reply.question is not None and "cell.task_points.pick_up_weapon.result" in str(reply.question.to_json())
    reply = session.send("10")
    assert reply.text == "A1 picks up the rifle (an enemy weapon) in square 2547: 10 task points ([13.15]), 40 left"
    assert men(session)["A1"]["weapons"] == ["smg", "pistol", "combat_knife", "rifle"]
    # a fifth weapon is refused: he drops one first, free, then picks up
    reply = session.send("pickup A1 rifle 2547")
    assert "error: A1 would carry smg, pistol, combat_knife, rifle, rifle: 5 weapons, at most 4 ([13.11]); drop one first" in reply.text
    session.send("drop A1 combat_knife 2547")
    assert "3 fire weapons, at most 2 ([13.11])" in session.send("pickup A1 rifle 2547").text
    assert "no carbine lies in square 2547 (rifle, combat_knife)" in session.send("pickup A1 carbine 2547").text
    assert "A2 is not the man acting" in session.send("pickup A2 rifle 2547").text


def test_13_15_under_gaps_refuse_the_pick_up_stops_on_its_lost_cost(engine) -> None:
    state = session_at_e(engine, before_e=("drop B4 rifle 2547",)).state
    refused = engine.perform("pick_up", state, {}, args={"man": "A1", "weapon": "rifle", "square": "2547"})
    assert refused.status == "needs_answers" and [q.key for q in refused.questions] == ["cell.task_points.pick_up_weapon.result"]


def test_13_21_and_13_23_exchanges_with_a_friend_and_a_dead_enemy(engine) -> None:
    session = session_at_e(engine)
    assert "B1 is an enemy man able to fight: weapons are taken only from a friendly man or an incapacitated or dead enemy ([13.21])" in session.send("exchange A1 B1 take=pistol").text
    session.send("wound B1 20")  # B1 dead
    assert "A1 would carry smg, pistol, combat_knife, machine_pistol, pistol: 5 weapons" in session.send("exchange A1 B1 take=machine_pistol,pistol").text
    reply = session.send("exchange A1 B1 take=machine_pistol")
    assert "cell.task_points.exchange_weapons.result" in str(reply.question.to_json())
    reply = session.send("8")
    assert reply.text.startswith("A1 takes the machine pistol from B1: exchange weapons, task points A1 8 ([13.21], [13.23])")
    assert men(session)["B1"]["weapons"] == ["pistol", "swagger_stick"] and men(session)["B1"]["tp"] == 0
    # with a friend, both men pay ([13.23]); a swap: he gives first, then takes
    reply = session.send("exchange A1 A2 give=machine_pistol take=smg")
    assert reply.text.startswith("A1 gives the machine pistol to A2 and takes the smg from A2: exchange weapons, task points A1 8, A2 8")
    assert men(session)["A1"]["tp"] == 16 and men(session)["A2"]["tp"] == 8
    assert men(session)["A2"]["weapons"] == ["pistol", "combat_knife", "machine_pistol"] and men(session)["A2"]["taken"] == [["machine_pistol", "germans"]]
    assert "exchange: 'swap=smg' is not take=<weapon> or give=<weapon>" in session.send("exchange A1 A2 swap=smg").text


def test_13_22_a_weapon_received_is_not_fired_in_the_same_phase(engine) -> None:
    session = session_at_e(engine, before_e=("observe A1 B2 3", "1"))
    session.send("wound B1 20")
    session.send("drop A1 smg 2547")
    session.send("exchange A1 B1 take=machine_pistol")
    session.send("8")
    reply = session.send("fire A1 B2 machine_pistol 3")
    assert reply.question is None and "error: A1 received the machine pistol in an exchange this phase: he fires it from the next task phase on ([13.22])" in reply.text
    # the pistol he held before may fire; his tasks have begun, so readying it costs ([13.18])
    reply = session.send("fire A1 B2 pistol 3")
    asked = []
    while reply.question is not None and reply.question.kind == "cell":
        asked.append(reply.question.key)
        reply = session.send("14")
    assert "cell.task_points.change_weapon.result" in asked


def test_13_24_a_weapon_taken_from_the_enemy_fires_at_minus_15_without_the_word(engine) -> None:
    from paragraphs_spi_commando.testing import perform

    # B2 drops his machine pistol; A1 makes room and picks it up (no [13.22] for a pick-up)
    session = session_at_e(engine, before_e=("observe A1 B2 3", "1", "drop B2 machine_pistol 2547"))
    session.send("drop A1 smg 2547")
    session.send("pickup A1 machine_pistol 2547")
    session.send("10")
    cells = {"cell.fire_combat.machine_pistol.2-3": 60, "cell.kill_percentage.72-90.result": 12, "cell.fire_combat.machine_pistol.magazine": 10, "cell.fire_combat.machine_pistol.damage": "1D6", "cell.task_points.change_weapon.result": 5}
    res = perform(engine, session.state, "fire_at", [99] * 4 + [50], cells, firer="A1", target="B2", weapon="machine_pistol", distance=3)
    assert res.label == "A1 missed B2 (chance 57)"  # 60 + 12 - 15 ([10.82]); four fires, the magazine check
    assert "A1 readies his machine pistol: 5 task points ([13.18])" in " ".join(i.text for i in res.instructions)
    # the word the players may still type does not count the -15 twice
    said = perform(engine, session.state, "fire_at", [99] * 4 + [50], cells, firer="A1", target="B2", weapon="machine_pistol", distance=3, options="enemy_weapon")
    assert said.label == "A1 missed B2 (chance 57)"


def test_13_25_a_flamethrower_passes_only_to_a_flamethrower_operator(engine) -> None:
    session = session_at_e(engine, scenario="49")
    flamer = next(mid for mid, m in men(session).items() if "flamethrower" in m["weapons"])
    assert "A1 did not begin with a flamethrower: only a flamethrower operator takes one ([13.25])" in session.send(f"exchange A1 {flamer} take=flamethrower").text
    session.send(f"drop {flamer} flamethrower 2547")
    assert "only a flamethrower operator takes one ([13.25])" in session.send("pickup A1 flamethrower 2547").text


def test_13_17_and_13_18_the_prepared_weapon(engine) -> None:
    session = session_at_e(engine)
    assert session.send("ready A1 pistol").text == "A1 readies his pistol: free ([13.18])"  # nothing spent yet
    session.send("move A1 1")
    reply = session.send("ready A1 smg")  # his tasks have begun: the lost cost is asked
    assert reply.question is not None and "cell.task_points.change_weapon.result" in str(reply.question.to_json())
    assert session.send("4").text == "A1 readies his smg: 4 task points ([13.18])"
    assert men(session)["A1"]["tp"] == 9 and men(session)["A1"]["prepared"] == "smg"
    assert "A2 is not the man acting: he changes his prepared weapon in his own task execution ([13.18])" in session.send("ready A2 pistol").text
    assert "A1 carries smg, pistol, combat_knife, not rifle" in session.send("ready A1 rifle").text


def test_13_18_no_change_outside_task_execution_and_a_grenade_is_the_prepared_weapon(engine) -> None:
    session = Session(engine, engine.new_state(), dice="physical")
    session.send("setup 45")
    assert "changes his prepared weapon only as his task execution begins" in session.send("ready A1 pistol").text  # phase A
    for line in ("next", "next", "9", "1", "next"):
        session.send(line)
    assert session.send("ready A1 pistol").text == "A1 readies his pistol: free ([13.18])"  # phase D, out of combat ([12.51])
    for line in ("next", "activate A1", "99", "prepare A1 fragmentation", "10"):
        session.send(line)
    assert "A1 holds a prepared fragmentation grenade: he throws it first ([11.12]), then readies another weapon ([13.17])" in session.send("ready A1 smg").text


def test_a_save_with_a_man_over_the_limits_is_refused_in_one_line(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("PARAGRAPHS_DATA_DIR", str(tmp_path))
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "spi_commando", "--scenario", "45", "--json"]) == 0
    capsys.readouterr()
    from paragraphs.state import load_state, save_state

    save = tmp_path / "sessions" / "spi_commando-default.json"
    state = load_state(save, title="spi_commando")
    state.extra["spi_commando"]["men"]["A1"]["weapons"] += ["rifle", "carbine"]  # edited by hand
    save_state(state, save)
    assert main(["play", "spi_commando"]) == 2
    err = capsys.readouterr().err
    assert "A1 carries smg, pistol, combat_knife, rifle, carbine: 5 weapons, at most 4 ([13.11])" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1



PISTOL_AT_3 = {"cell.task_points.fire_pistol.result": 15, "cell.kill_percentage.72-90.result": 12}


@pytest.mark.parametrize(("word", "rule", "chance"), [("on_tank", "tanks", 79), ("water", "underwater_operations", 67), ("on_mount", "horses_and_camels", 62)])
def test_10_82_the_optional_rules_fire_rows(engine, word, rule, chance) -> None:
    from paragraphs_spi_commando.testing import perform, to_phase

    # the pistol at 3 squares: 75 + 12 (British bonus), then the row of the optional rule
    for optional, refused in ((rule, False), ("", True)):
        state = perform(engine, engine.new_state(), "setup", scenario="45", optional=optional or None).state
        state = to_phase(engine, state, "E")
        state = perform(engine, state, "activate", [99], man="A1").state
        state = perform(engine, state, "seen", observer="A1", target="B1").state
        if refused:
            with pytest.raises(ParagraphsError, match=rf"fire: {word} is for a game with the optional rule {rule} \("):
                perform(engine, state, "fire_at", [99], PISTOL_AT_3, firer="A1", target="B1", weapon="pistol", distance=3, options=word)
        else:
            res = perform(engine, state, "fire_at", [99], PISTOL_AT_3, firer="A1", target="B1", weapon="pistol", distance=3, options=word)
            assert res.label == f"A1 missed B1 (chance {chance})"


def test_13_21_a_weapon_named_twice_must_be_carried_twice(engine) -> None:
    # before: the check counted no copies, so the exchange asked its lost cost and then
    # stopped on an internal error (list.remove) when the second copy was handed over
    session = session_at_e(engine)
    reply = session.send("exchange A1 A2 take=smg,smg")
    assert reply.question is None and "error: A2 carries 1 smg, not 2: name each weapon as often as he carries it" in reply.text
    reply = session.send("exchange A1 A2 give=pistol,pistol")
    assert reply.question is None and "error: A1 carries 1 pistol, not 2" in reply.text
    assert men(session)["A1"]["weapons"] == ["smg", "pistol", "combat_knife"] and men(session)["A1"]["tp"] == 0


def test_13_11_an_exchange_counts_the_copy_he_keeps(engine) -> None:
    # before: handing over one of two rifles took both out of the load being checked, so a
    # third fire weapon was accepted
    session = session_at_e(engine)
    session.send("wound B1 20")  # B1 dead
    men(session)["A1"].update(weapons=["rifle", "rifle", "pistol"], issued=["rifle", "rifle", "pistol"])
    men(session)["B1"]["weapons"] = ["machine_pistol", "rifle"]
    reply = session.send("exchange A1 B1 give=rifle take=machine_pistol,rifle")
    assert reply.question is None and "error: A1 would carry rifle, pistol, machine_pistol, rifle: 3 fire weapons, at most 2 ([13.11])" in reply.text
