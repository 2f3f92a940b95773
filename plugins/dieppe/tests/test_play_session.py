"""The interactive game through its Session object (what the terminal, --json and any front
end drive): refused actions change nothing and say the rule; the choices the rules leave
to the player in the middle of an assault are asked, and his answer is followed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import paragraphs
from paragraphs_raids.session_game import BOARD_KEY, RaidSession
from paragraphs_raids.session_orders import never_rolls

from paragraphs_dieppe.interactive.boardstate import game_from_json, game_to_json
from paragraphs_dieppe.interactive.views import DieppeGame
from paragraphs_dieppe.scenario import scenario_from_book


def new_session(seed: int = 3) -> RaidSession:
    engine = paragraphs.open_title("dieppe")
    state = engine.new_state()
    state.extra[BOARD_KEY] = {"phase": "start", "start": {"events": False}}
    session = RaidSession(engine, state, DieppeGame(engine.book), dice="seeded", seed=seed)
    assert session.send("next").kind == "step"
    return session


def arrange(session: RaidSession, change: Callable[[Any], None]) -> None:
    """Set the board up for a test: the game read from the session, changed, written back."""
    data = session.state.extra[BOARD_KEY]
    g = game_from_json(data["game"], scenario_from_book(session.engine.book), never_rolls("arranging"))
    change(g)
    data["game"] = game_to_json(g)


def _ashore_next_to_germans(g: Any) -> None:
    # Lovat's first wave on Orange II; an infantry unit and a machine gun of the garrison in
    # A2 (its marker taken off), ready for an assault
    for cid in ("lovat", "g2-1", "g2-2", "g2-3", "g2-4"):
        g.aboard["lca-4"].remove(cid)
        g.place(g.pieces[cid], "ORANGE2")
    g.markers.hidden.pop("A2")
    for cid in ("gi-1", "gmg-1"):
        g.garrison.left.remove(cid)
        g.place(g.pieces[cid], "A2")


def test_refused_actions_keep_the_game_as_it_was() -> None:
    session = new_session()
    before = (len(session.state.journal), session.state.extra[BOARD_KEY], dict(session.state.rng or {}))
    for line, reason in [
        ("land lca-4 ORANGE1", "refused: LCA 4 in G2 cannot land troops on ORANGE1"),
        ("land g2-1,g1-1 ORANGE2", "the units landing together are all aboard one LCA"),
        ("sail lca-4 SEA-W CH-W NEWHAVEN CH-E", "refused: the voyage costs 4 MP, more than the LCAs' 3"),
        ("fire lca-4 ORANGE2", "refused: no German unit in ORANGE2 to fire at"),
        ("embark g2-1 lca-4", "Group 2, troop 1 is aboard LCA 4, not on the map: land the unit first (land g2-1 BEACH)"),
        ("odds fire lca-4 C6", "refused: fire at a zone with a face-down marker is forbidden (rule 11.1)"),
        ("assault lca-4 ORANGE2", "refused: no German unit and no face-down marker in ORANGE2 to assault"),
    ]:
        reply = session.send(line)
        assert reply.kind == "error" and reason in reply.data["error"], (line, reply.data)
    assert (len(session.state.journal), session.state.extra[BOARD_KEY], dict(session.state.rng or {})) == before


def assault_answering(answers: list[str]) -> tuple[RaidSession, Any, list[str]]:
    """Seed 2: the first round leaves one reduced German infantry unit and the machine gun
    gone; the player answers the questions in turn."""
    session = new_session(seed=2)
    arrange(session, _ashore_next_to_germans)
    reply = session.send("assault g2-1,g2-2,g2-3,g2-4,lovat A2")
    asked = []
    for answer in answers:
        assert reply.kind == "question", reply.text
        asked.append(session.question.text)
        reply = session.send(answer)
    assert reply.kind == "step", reply.text
    return session, reply, asked


def test_an_assault_asks_about_the_prisoner_and_whether_to_go_on_then_falls_back() -> None:
    session, reply, asked = assault_answering(["2", "2"])
    assert asked[0].startswith("Garrison infantry 1 (reduced) is the last German left: take him prisoner (rule 12)")
    assert asked[1].startswith("The round is over: ") and "against Garrison infantry 1 (reduced); another round" in asked[1]
    assert "the assault on A2 stops; the commandos go back to ORANGE2" in reply.text
    data = session.state.extra[BOARD_KEY]["game"]
    assert data["stacks"]["A2"] == ["gi-1"] and data["prisoner"] is None and not data["prisoner_taken"]
    assert {"g2-1", "g2-2", "g2-3", "g2-4", "lovat"} - set(data["lost"]) <= set(data["stacks"]["ORANGE2"])


def test_the_player_takes_the_last_german_prisoner() -> None:
    session, reply, asked = assault_answering(["1"])
    assert len(asked) == 1 and "is taken prisoner by" in reply.text and "the commandos take A2" in reply.text
    data = session.state.extra[BOARD_KEY]["game"]
    assert data["prisoner"] == "gi-1" and data["prisoner_taken"]
    escort = next(cid for cid, rec in data["pieces"].items() if "gi-1" in rec["carrying"])
    assert data["pieces"][escort]["zone"] == "A2"


def test_a_view_between_actions_changes_nothing() -> None:
    session = new_session()
    journal = len(session.state.journal)
    board = session.send("board")
    assert board.kind == "info" and "G2 British (4/4 levels, protection 0): lca-4 LCA 4 [aboard (8/8 levels): lovat, g2-1, g2-2, g2-3, g2-4]" in board.text
    assert session.send("status").text.startswith("Turn 1 of 12 (04:45), phase B British actions, alarm 0")
    odds = session.send("odds land lca-4 ORANGE2")
    assert odds.kind == "info" and "marker in C6 (next to ORANGE2): a d10 at or under alarm 1 turns it over: 1/5 (20.0%)" in odds.text
    assert len(session.state.journal) == journal


def test_the_assault_column_is_the_order_the_player_names() -> None:
    session = new_session(seed=2)

    def reduced_first(g: Any) -> None:
        _ashore_next_to_germans(g)
        g.pieces["g2-1"].reduced = True

    arrange(session, reduced_first)
    reply = session.send("assault g2-1,g2-2,g2-3,g2-4,lovat A2")
    text = reply.text
    while reply.kind == "question":
        reply = session.send("2")
        text += "\n" + reply.text
    # case 1: the reduced g2-1 (AF 2) named first is in contact on line 1, supported by
    # the third named (2 levels); the automatic player would have put a full one there
    assert "assault on A2, round 1, line 1: 4 + " in text, text


def test_odds_of_landing_units_that_are_not_aboard_is_one_line_not_a_traceback() -> None:
    # found by the eyes pass (a fuzzed session): `odds land lovat ORANGE2` once Lord Lovat
    # was lost with LCA 4 (event a) ended the session with "KeyError: ''" and a traceback
    session = new_session()

    def lose_lca_4(g: Any) -> None:
        for cid in [*g.aboard.pop("lca-4"), "lca-4"]:
            g.lift(g.pieces[cid])
            g.lost.append(cid)

    arrange(session, lose_lca_4)
    for line in ("odds land lovat ORANGE2", "odds land lovat,g2-1 ORANGE2", "land lovat ORANGE2", "odds land lca-4 ORANGE2", "land lca-4 ORANGE2"):
        reply = session.send(line)
        assert reply.kind == "error" and reply.text.endswith(" is lost"), (line, reply.text)
    for line in ("odds move lovat ORANGE2", "odds bangalore g2-1 ORANGE2"):
        reply = session.send(line)
        assert reply.kind == "error" and reply.text.endswith(" is lost"), (line, reply.text)
    assert session.send("odds land lca-5 ORANGE2").kind == "info"
    assert session.send("land lca-5 ORANGE2").kind == "step"
    reply = session.send("odds land lca-5,g2-5 ORANGE2")  # an empty LCA named first: an IndexError before
    assert reply.kind == "error" and reply.text == "error: LCA 5 carries nobody", reply.text


def test_an_order_for_a_unit_still_aboard_says_where_it_is_and_that_it_lands_first() -> None:
    # found by the eyes pass: `fire mortar P2` with the mortar aboard said only "Howitzer
    # section is not on the map". The counter `mortar` is the howitzer section: the
    # rulebook gives the one counter both names (its counter list and rule 11.1 say mortar,
    # the set-up and the fire table howitzer), so the id is the one the player reads.
    session = new_session()
    before = (len(session.state.journal), session.state.extra[BOARD_KEY])
    mortar = "Howitzer section is aboard LCA 2, not on the map: land the unit first (land mortar BEACH)"
    troop = "Group 2, troop 1 is aboard LCA 4, not on the map: land the unit first (land g2-1 BEACH)"
    lovat = "Lord Lovat is aboard LCA 4, not on the map: land the unit first (land lovat BEACH)"
    for line, said in [
        ("fire mortar P2", mortar),
        ("odds fire mortar P2", mortar),
        ("move mortar ORANGE1", mortar),
        ("move g2-1 ORANGE2", troop),
        ("assault g2-1 A2", troop),
        ("embark g2-1 lca-5", troop),
        ("reorganise G2 lovat", lovat),
        ("odds move g2-1 ORANGE2", troop),
        ("odds assault g2-1,g2-2 A2", troop),
    ]:
        reply = session.send(line)
        assert (reply.kind, reply.text) == ("error", f"error: {said}"), line
    assert (len(session.state.journal), session.state.extra[BOARD_KEY]) == before
    # `bangalore` of units aboard is their landing, blowing wire (test_land_at_wire_pty.py)


def test_a_unit_that_embarked_again_is_said_to_stay_aboard() -> None:
    session = new_session()

    def home_again(g: Any) -> None:
        g.reembarked.add("g2-1")

    arrange(session, home_again)
    reply = session.send("move g2-1 ORANGE2")
    assert reply.text == "error: Group 2, troop 1 is aboard LCA 4, not on the map: it embarked again and stays aboard"


def test_units_a_full_beach_keeps_aboard_are_said_to_have_not_acted_and_may_land_later() -> None:
    # ruling R47: LCA 5's troops that ORANGE2 has no room for never landed, so they keep
    # their move (before, they stayed aboard with it spent: "g2-6 [move]" on the board)
    session = new_session()

    def crowd_orange2(g: Any) -> None:
        for cid in ("g2-1", "g2-2", "g2-3", "g2-4"):
            g.aboard["lca-4"].remove(cid)
            g.place(g.pieces[cid], "ORANGE2")

    arrange(session, crowd_orange2)
    reply = session.send("land lca-5 ORANGE2")
    said = "in ORANGE2; still aboard LCA 5, no room for them (they have not acted): Group 2, troop 6; Group 2, troop 7; Group 2, troop 8"
    assert reply.kind == "step" and said in reply.text.splitlines(), reply.text
    board = session.send("board").text
    assert "[aboard (6/8 levels): g2-6, g2-7, g2-8]" in board, board
    arrange(session, lambda g: g.place(g.pieces["g2-1"], "SAANE"))  # a troop has walked on: room for one more
    reply = session.send("land g2-6 ORANGE2")
    assert reply.kind == "step" and "in ORANGE2" in reply.text, reply.text


def test_an_officer_on_top_is_refused_by_ruling_r48_not_by_rule_2_2() -> None:
    # Rule 2.2 lets the British player order his stack; that an officer or the sniper never
    # stands in front of other units is the engine's ruling R48, and the refusal says so.
    session = new_session()
    arrange(session, _ashore_next_to_germans)
    before = session.state.extra[BOARD_KEY]
    reply = session.send("reorganise ORANGE2 lovat")
    assert reply.kind == "error" and "ruling R48" in reply.text and "rule 2.2" not in reply.text
    assert session.state.extra[BOARD_KEY] == before


def test_help_lists_recap_and_cells_is_refused_as_meaningless_in_a_raid() -> None:
    # the session took `recap` and `cells` without help listing them; a raid's rules roll
    # on the title's own tables, so no cell is ever asked and `cells` has nothing to say
    session = new_session()
    journal = len(session.state.journal)
    shown = session.send("help").text
    assert "  recap              where the session stands: the last step with its dice, and how the dice are rolled" in shown
    recap = session.send("recap")
    assert recap.kind == "info" and recap.text.startswith("last step: next") and "dice: seeded" in recap.text
    cells = session.send("cells")
    assert cells.kind == "error" and cells.data["error"] == (
        "cells lists the table cells a session asked you for: a raid asks none (its rules roll on its own tables); type help for the views"
    )
    assert "cells" not in shown and len(session.state.journal) == journal
