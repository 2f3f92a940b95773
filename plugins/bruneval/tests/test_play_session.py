"""The interactive game through its Session object (what the terminal, --json and any
front end drive): refused orders change nothing and say the rule."""

from __future__ import annotations

import paragraphs
from paragraphs_raids.session_game import BOARD_KEY, RaidSession

from paragraphs_bruneval.interactive.views import BrunevalGame


def new_session(seed: int = 3) -> RaidSession:
    engine = paragraphs.open_title("bruneval")
    state = engine.new_state()
    state.extra[BOARD_KEY] = {"phase": "start", "start": {"commando": False, "events": True}}
    session = RaidSession(engine, state, BrunevalGame(engine.book), dice="seeded", seed=seed)
    assert session.send("next").kind == "step"
    assert session.send("next").kind == "step"  # turn 2: Nelson may act
    return session


def test_refused_orders_keep_the_game_as_it_was() -> None:
    session = new_session()
    before = (len(session.state.journal), session.state.extra[BOARD_KEY], dict(session.state.rng or {}))
    for line, reason in [
        ("reorganise DZ-A2 nelson-1", "refused: the British reorganise a stack after a combat it took part in (rule 2.3); DZ-A2 has fought no combat this turn"),
        ("dismantle nelson-1", "refused: the intact Würzburg is not in this unit's zone"),
        ("move nelson-1 W", "refused: cannot enter W: German units hold it"),
        ("move nelson-1 DZ-A1 FIELD A1", "refused: cannot enter A1: a face-down activation marker lies there (attack it instead)"),
        ("attack nelson-9 W", "no British unit 'nelson-9'"),
        ("odds dismantle nelson-1", "refused: the intact Würzburg is not in this unit's zone"),
    ]:
        reply = session.send(line)
        assert reply.kind == "error" and reply.data["error"].startswith(reason), (line, reply.data)
    assert (len(session.state.journal), session.state.extra[BOARD_KEY], dict(session.state.rng or {})) == before


def test_a_view_between_orders_changes_nothing() -> None:
    session = new_session()
    journal = len(session.state.journal)
    board = session.send("board")
    assert board.kind == "info" and "DZ-A2 British" in board.text
    assert session.send("status").text.startswith("Turn 2 of 13 (00:30), British actions, alert 2")
    assert len(session.state.journal) == journal


def test_an_order_for_a_unit_off_the_map_says_where_it_is() -> None:
    # "is not on the map" alone (found for Dieppe by the eyes pass): a Commando of optional
    # rule 18 still aboard its LCA, a group that has not jumped yet
    engine = paragraphs.open_title("bruneval")
    state = engine.new_state()
    state.extra[BOARD_KEY] = {"phase": "start", "start": {"commando": True, "events": False}}
    session = RaidSession(engine, state, BrunevalGame(engine.book), dice="seeded", seed=3)
    assert session.send("next").kind == "step"
    aboard = "Commandos 1 is aboard LCA 1, not on the map: land the unit first (land commando-1 BEACH)"
    for line, said in [
        ("move commando-1 W", aboard),
        ("attack commando-1 W", aboard),
        ("odds move commando-1 W", aboard),
        ("dismantle commando-1", aboard),
        ("move rodney-1 W", "Rodney 1 is not on the map yet: its group jumps on turn 2"),
    ]:
        reply = session.send(line)
        assert (reply.kind, reply.text) == ("error", f"error: {said}"), line


def test_help_lists_recap_and_cells_is_refused_as_meaningless_in_a_raid() -> None:
    session = new_session()
    shown = session.send("help").text
    assert "  recap              where the session stands" in shown and "cells" not in shown
    assert session.send("recap").text.startswith("last step: next")
    cells = session.send("cells export here")
    assert cells.kind == "error" and cells.data["error"].startswith("cells lists the table cells a session asked you for: a raid asks none")
