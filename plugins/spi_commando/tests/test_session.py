"""The referee session: verbs performed as journaled steps, cells asked once, undo."""

from __future__ import annotations

import paragraphs
from paragraphs.session import Session


def test_a_referee_session_sets_up_fires_and_undoes() -> None:
    engine = paragraphs.open_title("spi_commando")
    session = Session(engine, engine.new_state(), dice="physical")
    helptext = session.send("help").text
    assert "setup <scenario>" in helptext and "fire <firer>" in helptext and "observe <observer>" in helptext
    reply = session.send("setup 45")
    assert "scenario 45 set up: 23 men, endurance printed" in reply.text
    sheet = session.send("sheet").text
    assert "A: British commando (commando), fire +12" in sheet and "  A1: smg, pistol, combat_knife; endurance 16, 0 WP, unhurt" in sheet
    reply = session.send("observe A1 B1 3")
    reply = session.send("85")
    assert "A1 observes B1 (chance 85)" in reply.text
    session.send("observe A2 B1 3")
    session.send("1")
    assert "fire happens in phase E" in session.send("fire A1 B1 pistol 3").text
    for line in ("next", "next", "9", "1", "next", "next"):  # initiative: A 9, B 1
        reply = session.send(line)
    assert "turn 1 of 30, phase E (non-prepared task execution); initiative A; A to act" in reply.text
    session.send("activate A1")
    assert "A1 keeps his head" in session.send("99").text
    # the pistol's fire cost (lost, R25) is asked first: a fire the man cannot pay is
    # refused before the chart is read; then 75 + 12 = 87 reaches the lost kill band,
    # asked before the dice
    reply = session.send("fire A1 B1 pistol 3")
    assert reply.question is not None and "cell.task_points.fire_pistol.result" in str(reply.question.to_json())
    reply = session.send("15")
    assert reply.question is not None and "cell.kill_percentage.72-90.result" in str(reply.question.to_json())
    reply = session.send("14")
    assert reply.question is not None and reply.question.kind == "die"
    reply = session.send("50")
    reply = session.send("4")
    assert "B1 wounded 4 WP: wounded (chance 87)" in reply.text
    assert session.state.extra["spi_commando"]["men"]["B1"]["wounds"] == 4
    session.send("done A1")
    session.send("done B1")
    session.send("99")
    session.send("activate A2")
    session.send("99")
    # the answered cells are remembered: a second fire asks only its die
    reply = session.send("fire A2 B1 pistol 3 prone")
    assert reply.question is not None and reply.question.kind == "die"
    reply = session.send("10")
    assert "B1 killed (chance 75, kill 14)" in reply.text
    steps = len(session.state.journal)
    session.send("undo")
    assert session.state.extra["spi_commando"]["men"]["B1"].get("dead") is False
    reply = session.send("wound Z9 3")
    assert "no man 'Z9'" in reply.text and len(session.state.journal) == steps - 1


def test_odds_of_the_verb_about_to_be_typed() -> None:
    engine = paragraphs.open_title("spi_commando")
    session = Session(engine, engine.new_state(), dice="physical")
    session.send("setup 45")
    text = session.send("odds observe A1 B1 3 prone").text
    # code C 85, prone -15: 70 of 100, from the session's record; nothing is performed
    assert "A1 observes B1 (chance 70)" in text and "7/10" in text and "A1 does not observe B1 (chance 70)" in text
    assert len(session.state.journal) == 1
