"""A game resumed from its save plays as the unbroken game (fresh-eyes pass).

A save writes its JSON with sorted keys, so a resumed referee once read its sides and men
in name order: in scenario 44 the Germans (B) before the Rangers (A), so the same two
initiative dice gave the initiative to the other side; in scenario 45 the men to act were
listed A1, A10, A2, ...
"""

from __future__ import annotations

from pathlib import Path

import paragraphs

from paragraphs_spi_commando.sheet import data_log_lines
from paragraphs_spi_commando.testing import game, perform, text_of
from paragraphs_spi_commando.turns import status_line


def _saved_and_loaded(state, tmp_path: Path):
    path = tmp_path / "game.json"
    paragraphs.save_state(state, path)
    return paragraphs.load_state(path)


def test_the_initiative_dice_go_to_the_same_sides_after_a_resume(tmp_path: Path) -> None:
    engine = paragraphs.open_title("spi_commando")
    unbroken = perform(engine, engine.new_state(), "setup", scenario="44").state
    resumed = _saved_and_loaded(unbroken, tmp_path)
    said = []
    for state in (unbroken, resumed):
        state = perform(engine, state, "next").state  # phase B
        said.append(text_of(perform(engine, state, "next", dice=(9, 1))))  # phase C: a d10 a side
    assert said[0] == said[1], said
    assert "Initiative: A 9, B 1: A has it" in said[1] and "A has no men plotted, B has no men plotted" in said[1]


def test_the_men_to_act_keep_their_roster_order_after_a_resume(tmp_path: Path) -> None:
    engine = paragraphs.open_title("spi_commando")
    state = perform(engine, engine.new_state(), "setup", scenario="45").state
    state = _saved_and_loaded(state, tmp_path)
    for dice in ((), (9, 1), (), ()):  # phases B, C (initiative A), D, E
        state = perform(engine, state, "next", dice).state
    assert status_line(game(state)).endswith("A to act (A1, A2, A3, A4, A5, A6, A7, A8, A9, A10)")
    men = [line.split()[0].rstrip(":") for line in data_log_lines(state, engine.book) if line.startswith("  A")]
    assert men == [f"A{n}" for n in range(1, 11)], men


def test_the_log_of_a_resumed_session_reads_as_the_lines_typed(tmp_path: Path) -> None:
    # the journal's arguments come back from the save with sorted keys (distance, observer,
    # target): the log once read "observe 3 A1 B1", a line the referee refuses
    from paragraphs.session import Session

    engine = paragraphs.open_title("spi_commando")
    session = Session(engine, engine.new_state(), dice="seeded", seed=5)
    for line in ("setup 45 printed", "observe A1 B1 3 prone"):
        assert session.send(line).kind == "step", line
    resumed = Session(engine, _saved_and_loaded(session.state, tmp_path), dice="seeded")
    for log in (session.send("log").text, resumed.send("log").text):
        assert "2. observe A1 B1 3 prone" in log, log
