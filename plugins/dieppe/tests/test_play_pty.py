"""``paragraphs play dieppe`` through a real terminal (issue 14, item 3: the interactive game).

Each test types into the command running in a pseudo-terminal, as a player would (the
raids layer's :mod:`paragraphs_raids.pty_play`). The transcripts are compared with golden
files in ``golden/play/`` (``PARAGRAPHS_UPDATE_GOLDEN=1`` rewrites them; read the diff);
each test also asserts its point directly, so a golden file rewritten by mistake cannot
hide a regression.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from paragraphs_raids.pty_play import PROMPT, drive_game, env, scripted
from paragraphs_raids.pty_play import golden as golden_in

GOLDEN = Path(__file__).parent / "golden" / "play"


def golden(name: str, text: str) -> None:
    golden_in(GOLDEN, name, text)


def saved(tmp_path: Path, name: str) -> dict[str, Any]:
    from paragraphs.state import load_state

    state = load_state(tmp_path / "sessions" / f"dieppe-{name}.json")
    return {"journal": state.journal, "raid": state.extra["_raid"], "counters": dict(state.counters), "values": dict(state.values)}


def piped(tmp_path: Path, args: list[str], lines: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "paragraphs", *args], input=lines, capture_output=True, text=True, env=env(tmp_path), timeout=120)


# --------------------------------------------------------------------------- the whole game

#: The British orders of a whole game, turn by turn (seed 3: event 5a sinks LCA 3 with
#: a troop of Group 1 and the sniper). Group 2 lands at Orange II and Group 1 at Orange I;
#: Group 1 cuts the telephone at T2, walks round by the Flak post and takes the battery;
#: Group 2 re-embarks and sails home, while Group 1, cut off from its boats by the
#: Germans who came up behind it, fights on. A refused order, the odds, the board and a
#: reorganisation come on the way; the player puts his best unit on top after each hit.
ORDERS = {
    1: ["land lca-4 ORANGE2", "odds land lca-1 ORANGE1 RAVINE", "land lca-1 ORANGE1 RAVINE", "land lca-2 ORANGE1", "move g1-5,g1-6,g1-7 RAVINE"],
    2: ["move g1-1,g1-2,g1-3,g1-4,mills-roberts T2", "odds fire g1-5,g1-6,g1-7 P2", "fire g1-5,g1-6,g1-7 P2", "fire g2-1,g2-2,g2-3,g2-4,lovat P1", "reorganise ORANGE2 g2-4"],
    3: ["move g1-1,g1-2,g1-3,g1-4,mills-roberts RAVINE F1 WOOD", "land lca-5 ORANGE2"],
    4: ["odds assault g1-1,g1-2,g1-3,g1-4 H", "assault g1-1,g1-2,g1-3,g1-4,mills-roberts H", "board"],
    5: ["embark g2-1,g2-2,g2-3,g2-4,lovat lca-4", "embark g2-5 lca-5", "embark g1-5,g1-6,g1-7,mortar lca-2", "move g1-1,g1-2,g1-3,g1-4,mills-roberts WOOD F1"],
    6: ["sail lca-4,lca-5,lca-6,lca-7 SEA-W CH-W", "odds fire g1-1,g1-2,g1-3,g1-4,mills-roberts RAVINE", "fire g1-1,g1-2,g1-3,g1-4,mills-roberts RAVINE"],
    7: ["sail lca-4,lca-5,lca-6,lca-7 NEWHAVEN"],
    8: ["sail lca-1,lca-2 SEA-E CH-E"],
    9: ["sail lca-1,lca-2 NEWHAVEN"],
}


def test_a_whole_game_from_the_set_up_to_the_victory(tmp_path: Path) -> None:
    text = drive_game(tmp_path, ["play", "dieppe", "--seed", "3", "--session", "full", "--new"], [], ORDERS)
    assert "Commando n°4: Dieppe 1942: you command the British; the rules play the Germans." in text
    assert "unforeseen event: battery fire: nothing; LCA 3 lost (event d)" in text
    assert "error: refused: Group 1, troop 5 has already taken the action 'move' this phase" in text
    assert "telephone line cut in T2" in text
    assert "battery 813 is destroyed: every A and B marker is turned over, alarm 9" in text
    assert re.search(r"German fire from \S+ at \S+: ", text) and "reinforcement(s) arrive at R" in text
    assert re.search(r"game over after turn \d+: -?\d+ VP, a (complete success|semi success|failure)", text)
    data = saved(tmp_path, "full")
    result = data["raid"]["result"]
    assert data["raid"]["phase"] == "over" and result["level"] in ("complete", "semi", "failure")
    # the sheet's VP counter and tracks follow the game
    assert data["counters"]["vp"] == result["vp"] and data["values"]["alarm"] == 9
    assert any(r.startswith("+20 VP") for r in result["reasons"])
    golden("full_game_seed_3", text)


# --------------------------------------------------------------------------- at the prompt


def test_help_through_a_pipe_and_a_resumed_session(tmp_path: Path) -> None:
    done = piped(tmp_path, ["play", "dieppe", "--seed", "3"], "help\nland lca-4 ORANGE2\n")
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert "Orders of Commando n°4: Dieppe 1942:" in done.stdout and "odds <order> ...   the exact chances of an order before you give it (odds fire UNITS ZONE)" in done.stdout
    assert "turn 1, your British actions (alarm 1)" in done.stdout and "in ORANGE2" in done.stdout
    # run again with a seed: refused (the session goes on with its own dice), never unused
    refused = piped(tmp_path, ["play", "dieppe", "--seed", "5"], "board\n")
    assert refused.returncode == 2 and refused.stdout == "", refused.stdout
    assert refused.stderr == "paragraphs: error: --seed 5: session 'default' is resumed with the dice it was started with: drop --seed to go on with it, or add --new to start it again with seed 5\n"
    # without it: the session resumes where it stood
    again = piped(tmp_path, ["play", "dieppe"], "board\n")
    assert again.returncode == 0 and again.stderr == "", again.stderr
    assert "(resumed)" in again.stdout and "ORANGE2 British (8/10 levels" in again.stdout


def test_an_order_for_the_mortar_still_aboard_says_it_must_land(tmp_path: Path) -> None:
    done = piped(tmp_path, ["play", "dieppe", "--seed", "3", "--session", "aboard", "--new"], "fire mortar P2\nmove g1-1 ORANGE1\n")
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert "error: Howitzer section is aboard LCA 2, not on the map: land the unit first (land mortar BEACH)" in done.stdout
    assert "error: Group 1, troop 1 is aboard LCA 1, not on the map: land the unit first (land g1-1 BEACH)" in done.stdout


def test_bad_input_is_one_line_and_changes_nothing(tmp_path: Path) -> None:
    text = scripted(
        tmp_path,
        ["play", "dieppe", "--seed", "3", "--session", "bad", "--new"],
        [
            (PROMPT, "fly g2-1 H"),
            (PROMPT, "land lca-9 ORANGE2"),
            (PROMPT, "land lca-4 NOWHERE"),
            (PROMPT, "land lca-4 ORANGE1"),
            (PROMPT, "move g2-1 ORANGE2"),
            (PROMPT, "fire g2-1"),
            (PROMPT, "odds"),
            (PROMPT, "odds fire g2-1"),
            (PROMPT, "sail lca-4 NEWHAVEN"),
            (PROMPT, "reorganise G2 lovat"),
            (PROMPT, "land lca-4 ORANGE2 C6 SAANE"),
            (PROMPT, None),
        ],
    )
    errors = [line for line in text.splitlines() if line.startswith("error:")]
    assert len(errors) == 11, errors
    assert "error: no British unit 'lca-9' (on the map: " in text
    assert "error: no zone 'NOWHERE' (paragraphs ids dieppe lists the zones)" in text
    assert "error: refused: LCA 4 in G2 cannot land troops on ORANGE1" in text
    assert "error: Group 2, troop 1 is aboard LCA 4, not on the map: land the unit first (land g2-1 BEACH)" in text
    assert "error: Lord Lovat is aboard LCA 4, not on the map: land the unit first (land lovat BEACH)" in text
    assert "error: odds needs an order: odds fire UNITS ZONE [AIM]" in text
    assert "error: refused: no sea line from G2 to NEWHAVEN" in text
    assert "error: refused: a unit entering C6 stops there (rule 9.2)" in text
    data = saved(tmp_path, "bad")
    assert [s.get("procedure") for s in data["journal"]] == ["order_next"]
    golden("bad_input", text)


def test_undo_rolls_nothing_again(tmp_path: Path) -> None:
    text = scripted(
        tmp_path,
        ["play", "dieppe", "--seed", "3", "--session", "undo", "--new"],
        [(PROMPT, "land lca-4 ORANGE2"), (PROMPT, "next"), (PROMPT, "undo"), (PROMPT, "undo"), (PROMPT, "land lca-4 ORANGE2"), (PROMPT, "next"), (PROMPT, None)],
    )
    assert text.count("undid 1 step(s)") == 2
    # the landing and the German phase after the undo are the same, die for die
    firsts = [part.split("\n> ")[0] for part in text.split("> next\n")[1:]]
    assert len(firsts) == 2 and firsts[0] == firsts[1] and "rolled d10" in firsts[0]
    lands = [part.split("\n> ")[0] for part in text.split("> land lca-4 ORANGE2\n")[1:]]
    assert lands[0] == lands[1]
    steps = saved(tmp_path, "undo")["journal"]
    assert [s.get("procedure") for s in steps] == ["order_next", "order_land", "order_next"]
    golden("undo", text)


def test_save_quit_and_resume_the_same_game(tmp_path: Path) -> None:
    first = scripted(tmp_path, ["play", "dieppe", "--seed", "3", "--session", "kept", "--new"], [(PROMPT, "land lca-4 ORANGE2"), (PROMPT, "quit")])
    before = saved(tmp_path, "kept")
    again = scripted(tmp_path, ["play", "dieppe", "--session", "kept"], [(PROMPT, "status"), (PROMPT, "next"), (PROMPT, None)])
    assert "(resumed)" in again and "Turn 1 of 12 (04:45), phase B British actions, alarm 2" in again
    assert "turn 2, your British actions" in again
    after = saved(tmp_path, "kept")
    # the steps kept go on as they were (the last step's undo snapshot is kept only while it is the last)
    def kept(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{k: v for k, v in step.items() if k != "before"} for step in steps]

    assert kept(after["journal"][: len(before["journal"])]) == kept(before["journal"])
    golden("save_resume", first + "---- resumed ----\n" + again)


# --------------------------------------------------------------------------- options


def test_physical_dice_are_asked_once_each_with_what_succeeds(tmp_path: Path) -> None:
    text = scripted(
        tmp_path,
        ["play", "dieppe", "--dice", "physical", "--session", "dice", "--new"],
        [
            ("roll d6 for unforeseen event: 1-2 battery, 3-4 convoy, 5-6 off course; an odd face also loses an LCA [1-6]: ", "7"),
            ("roll d6 for unforeseen event: 1-2 battery, 3-4 convoy, 5-6 off course; an odd face also loses an LCA [1-6]: ", "4"),
            ("roll d10 for event b: what happens: 0 nothing, 1-7 the LCA of that number is lost, 8 Group 1 or 9 Group 2 lands late [0-9]: ", "0"),
            (PROMPT, "land lca-4 ORANGE2"),
            ("roll d10 for activation test of C6: 2 or less activates [0-9]: ", "1"),
            ("what does it show (1 = infantry x1, machine_gun x1, 2 = infantry x2, 3 = infantry x1, officer x1, 4 = mines, 5 = wire): ", "board"),
            ("what does it show (1 = ", "5"),
            ("roll d10 for activation test of A2: 2 or less activates [0-9]: ", None),
        ],
    )
    assert "step land dropped: nothing of it was kept" in text
    assert [s.get("procedure") for s in saved(tmp_path, "dice")["journal"]] == ["order_next"]
    # resumed: the landing is given again from its start, its dice asked again
    again = scripted(
        tmp_path,
        ["play", "dieppe", "--session", "dice"],
        [
            (PROMPT, "land lca-4 ORANGE2"),
            ("roll d10 for activation test of C6: 2 or less activates [0-9]: ", "1"),
            ("what does it show (1 = ", "5"),
            ("roll d10 for activation test of A2: 2 or less activates [0-9]: ", "7"),
            (PROMPT, "board"),
            (PROMPT, None),
        ],
    )
    text += "---- resumed ----\n" + again
    assert "deal the 7 A and B markers face down on your map" in text
    assert "error: type the face your die shows, 1-6 (roll d6 for unforeseen event: 1-2 battery, 3-4 convoy, 5-6 off course; an odd face also loses an LCA)" in text
    # a view while a question waits, then the question again; it shows the board before
    # the step and says so (the alarm is still 1 there, the landing has made it 2)
    assert "C6 (0/10 levels, protection 0) face-down A marker" in text
    board_at_question = text.split("what does it show (1 = infantry x1, machine_gun x1, 2 = infantry x2, 3 = infantry x1, officer x1, 4 = mines, 5 = wire): board\n")[1]
    assert board_at_question.startswith("(the board before this step: what the step has done so far is said above, and is on the board once the step ends)\n")
    assert "marker in C6 turned over: wire" in again and "C6 (0/10 levels, protection 0) wire" in again
    # each die is asked once per step: answering the marker does not ask the d10 again
    assert again.count("roll d10 for activation test of C6") == 1
    steps = saved(tmp_path, "dice")["journal"]
    rolls = [r for step in steps for r in step["rolls"]]
    assert [s.get("procedure") for s in steps] == ["order_next", "order_land"]
    assert rolls and {r["source"] for r in rolls} == {"physical"}
    golden("physical_dice", text)


def test_optional_rules_difficulty_and_no_events(tmp_path: Path) -> None:
    hard = piped(tmp_path, ["play", "dieppe", "--seed", "1", "--difficulty", "hardened", "--no-events", "--session", "h", "--new"], "status\n")
    assert hard.returncode == 0, hard.stderr
    assert "the rules play the Germans (bad_luck, alarm, no unforeseen events)." in hard.stdout
    assert "turn 1, your British actions (alarm 2)" in hard.stdout and "unforeseen event:" not in hard.stdout
    vor = piped(tmp_path, ["play", "dieppe", "--seed", "1", "--optional", "vorwarts", "--session", "v", "--new"], "")
    assert vor.returncode == 0 and "(vorwarts)" in vor.stdout
    bad = piped(tmp_path, ["play", "dieppe", "--optional", "seasoned"], "")
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "dieppe has no optional rule 'seasoned'" in bad.stderr


def test_json_lines(tmp_path: Path) -> None:
    done = piped(tmp_path, ["play", "dieppe", "--seed", "3", "--json", "--session", "js", "--new"], "land lca-4 ORANGE2\nfly\n")
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 0 and lines[0]["kind"] == "session"
    kinds = [line["kind"] for line in lines[1:]]
    assert kinds == ["step", "error", "quit"], kinds
    step = lines[1]["step"]
    assert step["label"] == "in ORANGE2" and [r["purpose"] for r in step["rolls"]] == ["activation test of C6: 2 or less activates", "activation test of A2: 2 or less activates"]
    assert lines[2]["error"].startswith("unknown command 'fly'")


# --------------------------------------------------------------------------- the companion with your own dice


def test_turn_with_physical_dice_lets_the_british_reorganise_after_a_hit(tmp_path: Path) -> None:
    out = tmp_path / "next.json"
    board = Path(__file__).parent / "data" / "board.json"
    script = [("[0-9]: ", "5"), ("[1-6]: ", "5"), ("Enter keeps g2-1): ", "2")]
    script += [("[0-9]: ", "5"), ("[1-6]: ", "5")] * 2 + [("[0-9]: ", "5"), ("[0-9]: ", "5"), ("[1-6]: ", "5")]
    # three reinforcements: the player says what he drew from his own container each time
    script += [("what is it (1 = infantry, 2 = officer): ", "1")] * 3
    text = scripted(tmp_path, ["turn", "dieppe", "--state", str(board), "--dice", "physical", "--out", str(out)], script)
    assert "reorganise your stack in SAANE: which unit goes on top? (1 = g2-1 Group 2, troop 1 (reduced), 2 = g2-2 Group 2, troop 2 (reduced)" in text
    assert "the British reorganise SAANE: Group 2, troop 2 (reduced) on top" in text
    written = json.loads(out.read_text())
    assert [u["id"] for u in written["units"] if u["zone"] == "SAANE"][0] == "g2-2"


def test_turn_says_what_the_fire_did_before_asking_and_never_asks_for_one_unit(tmp_path: Path) -> None:
    # found by the third eyes pass, at a real board with --dice physical: the question
    # "reorganise your stack" came before the line saying what the German fire hit (the
    # player chose his front line blind), and came even when one unit was left to offer
    # ("1 = g1-2 ...", "type a number from 1 to 1")
    out = tmp_path / "next.json"
    board = Path(__file__).parent / "data" / "board.json"
    script = [("[0-9]: ", "7"), ("[1-6]: ", "3"), ("Enter keeps g2-1): ", "2")]  # T1 fires at SAANE: g2-1 hit
    script += [("[0-9]: ", "5"), ("[1-6]: ", "1"), ("Enter keeps g1-2): ", "2")]  # F1 at RAVINE: g1-1 hit, put on top
    script += [("[0-9]: ", "6"), ("[1-6]: ", "1")]  # P2 at RAVINE: g1-1 eliminated, g1-2 alone
    script += [("[0-9]: ", "6")]  # no reinforcements
    text = scripted(tmp_path, ["turn", "dieppe", "--state", str(board), "--dice", "physical", "--out", str(out)], script)
    for zone, fire in (("SAANE", "German fire from T1 at SAANE"), ("RAVINE", "German fire from F1 at RAVINE")):
        assert text.index(fire) < text.index(f"reorganise your stack in {zone}"), text
    assert text.count("reorganise your stack in RAVINE") == 1 and "from 1 to 1" not in text, text
    assert "German fire from P2 at RAVINE" in text and json.loads(out.read_text())["turn"] == 5


def test_json_announces_the_die_a_new_physical_game_waits_for(tmp_path: Path) -> None:
    # found by the eyes pass: a new game with your own dice asks its first die at once, but
    # with --json the session line did not say so: a front end could not know a die waited
    # (its "next" was then taken as the die and refused)
    done = piped(tmp_path, ["play", "dieppe", "--json", "--dice", "physical", "--session", "jp", "--new"], "2\n")
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 0 and lines[0]["kind"] == "session"
    question = lines[0]["question"]
    assert question["key"] == "roll.1" and question["text"].startswith("roll d6 for unforeseen event") and (question["kind"], question["domain"]) == ("die", "1-6"), question
    assert lines[1]["kind"] == "question" and lines[1]["question"]["text"].startswith("roll d10 for event a"), lines[1]
