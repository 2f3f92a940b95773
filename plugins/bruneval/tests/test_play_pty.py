"""``paragraphs play bruneval`` and ``turn bruneval`` through a real terminal (issue 11, items 7-8).

Each test types into the command running in a pseudo-terminal, as a player would: it
waits for a prompt, then types. The transcripts are compared with golden files in
``golden/play/`` (``PARAGRAPHS_UPDATE_GOLDEN=1`` rewrites them; read the diff); each test
also asserts its point directly, so a golden file rewritten by mistake cannot hide a
regression.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pexpect

from paragraphs_raids.pty_play import DIE, PROMPT, drive_game, scripted
from paragraphs_raids.pty_play import clean as _clean
from paragraphs_raids.pty_play import env as _env
from paragraphs_raids.pty_play import golden as golden_in
from paragraphs_raids.pty_play import spawn as _spawn

GOLDEN = Path(__file__).parent / "golden" / "play"
BOARD = Path(__file__).parent / "data" / "board.json"


def golden(name: str, text: str) -> None:
    golden_in(GOLDEN, name, text)


def saved(tmp_path: Path, name: str) -> dict:
    from paragraphs.state import load_state

    state = load_state(tmp_path / "sessions" / f"bruneval-{name}.json")
    return {"journal": state.journal, "raid": state.extra["_raid"]}


# --------------------------------------------------------------------------- 7. the player commands the British


def test_help_through_a_pipe_is_the_help(tmp_path) -> None:
    """The stop-hook smoke: ``printf 'help\\n' | paragraphs play bruneval --seed 3``."""
    done = subprocess.run([sys.executable, "-m", "paragraphs", "play", "bruneval", "--seed", "3"], input="help\n", capture_output=True, text=True, env=_env(tmp_path), timeout=120)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert "Orders of Raid sur Bruneval 1942:" in done.stdout and "odds <order>" in done.stdout
    assert "turn 1, your British actions" in done.stdout
    # run again with the seed: the session (default) exists, so the seed is refused, never
    # silently unused (it was once a note under a game that went on with other dice)
    again = subprocess.run([sys.executable, "-m", "paragraphs", "play", "bruneval", "--seed", "3"], input="help\n", capture_output=True, text=True, env=_env(tmp_path), timeout=120)
    assert again.returncode == 2 and again.stdout == "", again.stdout
    assert again.stderr == "paragraphs: error: --seed 3: session 'default' is resumed with the dice it was started with: drop --seed to go on with it, or add --new to start it again with seed 3\n"
    resumed = subprocess.run([sys.executable, "-m", "paragraphs", "play", "bruneval"], input="help\n", capture_output=True, text=True, env=_env(tmp_path), timeout=120)
    assert resumed.returncode == 0 and resumed.stderr == "", resumed.stderr
    assert "(resumed)" in resumed.stdout and "Orders of Raid sur Bruneval 1942:" in resumed.stdout


def test_7_a_refused_order_says_why_odds_then_undo_without_rerolling(tmp_path) -> None:
    text = scripted(
        tmp_path,
        ["play", "bruneval", "--seed", "3", "--session", "refuse", "--new"],
        [
            (PROMPT, "next"),
            (PROMPT, "attack nelson-1 W"),
            (PROMPT, "odds attack rodney-1 M5"),
            (PROMPT, "odds move nelson-1,nelson-3 DZ-A3 LANE"),
            (PROMPT, "odds move nelson-1 DZ-A3 LANE"),
            (PROMPT, "move nelson-1 DZ-A3 LANE"),
            (PROMPT, "next"),
            (PROMPT, "undo"),
            (PROMPT, "next"),
            (PROMPT, "odds attack rodney-1 M5"),
            (PROMPT, "log"),
            (PROMPT, None),
        ],
    )
    assert "error: refused: W is not joined to DZ-A2" in text
    assert "error: refused: Rodney 1 has already acted this turn" in text
    assert "Nelson 1 move DZ-A2 -> DZ-A3 -> LANE (2 of 5 PM)." in text
    assert "  defender hit (Machine gun 5 (reduced)): " in text
    # the German phase after the undo is the same, die for die: nothing is rolled again
    phases = [part.split("\n> ")[0] for part in text.split("> next\n")[1:]]
    assert len(phases) == 3 and phases[1] == phases[2] and "rolled d6" in phases[1] and "turn 3, your British actions" in phases[1]
    assert "undid 1 step(s)" in text
    steps = saved(tmp_path, "refuse")["journal"]
    assert [s.get("procedure") for s in steps] == ["order_next", "order_next", "order_move", "order_next"]
    golden("7_refused_odds_undo", text)


def test_7_physical_dice_ask_each_die_with_its_purpose_and_ctrl_d_drops_the_step(tmp_path) -> None:
    text = scripted(
        tmp_path,
        ["play", "bruneval", "--dice", "physical", "--session", "dice", "--new"],
        [
            ("a 6 brings one [1-6]: ", "7"),
            ("a 6 brings one [1-6]: ", "1"),
            ("drop zone of drake: 1-4 DZ A, 5 DZ B, 6 DZ C [1-6]: ", "board"),
            ("drop zone of drake: 1-4 DZ A, 5 DZ B, 6 DZ C [1-6]: ", "1"),
            ("landing zone of Commander Frost: the zone of that number in the drop zone; the next number when it is full [1-6]: ", None),
        ],
    )
    assert "error: type the face your die shows, 1-6" in text
    assert "step next dropped: nothing of it was kept" in text
    assert saved(tmp_path, "dice")["journal"] == []
    # resumed: the step starts again and asks its first die again (nothing was kept)
    again = scripted(tmp_path, ["play", "bruneval", "--session", "dice"], [(PROMPT, "next"), ("a 6 brings one [1-6]: ", None)])
    assert "(resumed)" in again and "roll d6 for unexpected event: a 6 brings one [1-6]: " in again
    golden("7_physical_dice_ctrl_d", text + "---- resumed ----\n" + again)


# The full game: the dice the player rolls, and his orders turn by turn.
FACES = [3, 5, 2, 6, 1, 4]
ORDERS = {
    2: ["odds move drake-3,nelson-3 NORTH", "move drake-3,nelson-3 NORTH", "attack drake-1 W", "move drake-officer,nelson-officer DZ-B1"],
    3: ["odds attack nelson-3 W", "attack nelson-3 W", "odds move drake-1,nelson-1,rodney-1 DZ-B5 DZ-B4 NORTH", "move drake-1,nelson-1,rodney-1 DZ-B5 DZ-B4 NORTH", "board"],
    4: ["move drake-1,nelson-1 DZ-B5 A2", "status"],
}


def test_7_a_whole_game_with_scripted_orders_and_physical_dice(tmp_path) -> None:
    text = drive_game(tmp_path, ["play", "bruneval", "--dice", "physical", "--session", "full", "--new"], FACES, ORDERS)
    assert "deal 10 activation markers face down on your map" in text
    assert "(your die)" in text and "error: refused: W is not joined to DZ-B6" in text
    assert re.search(r"After the combat, which unit goes on top of your stack in \S+ \(1 = [^)]*, 2 = ", text)
    assert re.search(r"game over after turn \d+: \d+ VP, a (complete success|partial success|failure)", text)
    data = saved(tmp_path, "full")
    assert data["raid"]["phase"] == "over" and data["raid"]["result"]["level"] in ("complete", "partial", "failure")
    # every die of the game is the player's, and each step kept the ones typed for it
    rolls = [r for step in data["journal"] for r in step["rolls"]]
    assert rolls and {r["source"] for r in rolls} == {"physical"}
    assert len(rolls) == text.count("(your die) for")
    # the units the flipped markers placed are on the board, never lost
    for line in re.findall(r"Marker in (\S+) shows \d+ \([^)]*\): ([^\n]*) placed\.", text):
        zone, names = line
        assert "nobody" in names or names
    golden("7_full_game_physical", text)


def test_7_json_lines(tmp_path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "paragraphs", "play", "bruneval", "--dice", "physical", "--json", "--session", "js", "--new"],
        input="1\n", capture_output=True, text=True, env=_env(tmp_path), timeout=120,
    )
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 0 and lines[0]["kind"] == "session"
    assert lines[1]["kind"] == "question" and lines[1]["question"]["kind"] == "die"
    assert lines[1]["question"]["text"] == "roll d6 for drop zone of drake: 1-4 DZ A, 5 DZ B, 6 DZ C"


# --------------------------------------------------------------------------- 8. turn with your own dice


def test_8_turn_physical_dice_and_the_british_reorganise(tmp_path) -> None:
    out = tmp_path / "next.json"
    script = [("[1-6]: ", v) for v in ("3", "4", "2", "5", "1", "1")]
    script += [("Enter keeps rodney-1): ", "2")]
    script += [("[1-6]: ", v) for v in ("3", "6")]
    script += [("Enter keeps rodney-2): ", "")]
    script += [("[1-6]: ", "1")] * 2 + [("Enter keeps nelson-1): ", "")]
    script += [("[1-6]: ", "1")] * 2 + [("Enter keeps rodney-2): ", "")]
    script += [("[1-6]: ", "1")] * 4 + [("Enter keeps drake-1): ", "")] + [("[1-6]: ", "1")]
    text = scripted(tmp_path, ["turn", "bruneval", "--state", str(BOARD), "--dice", "physical", "--out", str(out)], script)
    assert "roll d6 for Luftwaffe 2 against FIELD: attacker's die (added to the attack value; at or over the defence total hits the defender) [1-6]: " in text
    assert "The British reorganise FIELD: Rodney 2 on top." in text
    assert "against Rodney 2: 4 + 2 stack + 1 officer + 6 = 13" in text  # the new front line defends
    assert "roll d6 for reinforcements: at or under alert 4 (4 or less brings reinforcements) [1-6]: " in text
    board = json.loads(out.read_text())
    assert [u["id"] for u in board["units"] if u["zone"] == "FIELD"][:2] == ["rodney-2", "rodney-1"]
    golden("8_turn_physical_reorganise", text)


def test_8_turn_ctrl_d_at_a_die_is_one_line_and_writes_nothing(tmp_path) -> None:
    out = tmp_path / "next.json"
    text = scripted(tmp_path, ["turn", "bruneval", "--state", str(BOARD), "--dice", "physical", "--out", str(out)], [("[1-6]: ", "3"), ("[1-6]: ", None)], code=2)
    assert text.strip().endswith("paragraphs: error: input closed before the German phase was over: nothing was written")
    assert not out.exists()


def test_8_turn_ctrl_c_at_a_die_says_so_and_writes_nothing(tmp_path) -> None:
    # Ctrl-C was said as "input closed", as if Ctrl-D had been typed
    import signal

    def ctrl_c_as_a_terminal_gives_it() -> None:
        # a suite started in the background ignores SIGINT, and the child would inherit it
        # (see plugins/raids/tests/test_interrupt.py)
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    out = tmp_path / "next.json"
    args = ["-m", "paragraphs", "turn", "bruneval", "--state", str(BOARD), "--dice", "physical", "--out", str(out)]
    child = pexpect.spawn(sys.executable, args, env=_env(tmp_path), encoding="utf-8", timeout=120, dimensions=(50, 400), cwd=str(tmp_path), preexec_fn=ctrl_c_as_a_terminal_gives_it)
    try:
        child.expect(r"\[1-6\]: ")
        child.sendline("3")
        child.expect(r"\[1-6\]: ")
        child.sendintr()
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 2
    assert child.before.strip().endswith("paragraphs: error: stopped (Ctrl-C) before the German phase was over: nothing was written")
    assert not out.exists()


def test_8_turn_asks_what_a_marker_of_the_player_shows(tmp_path) -> None:
    board = json.loads(BOARD.read_text())
    # 685/1 in LANE goes for the British in DZ-A3 through nothing; put it where its way
    # to the nearest British stack crosses the face-down marker of A5 (shows left out)
    board["units"] = [u for u in board["units"] if u["id"] not in ("nelson-1", "nelson-2", "nelson-officer")]
    for u in board["units"]:
        if u["id"] == "685-1":
            u["zone"] = "R1"
    board["units"].append({"id": "nelson-1", "zone": "DZ-B6"})
    path = tmp_path / "b.json"
    path.write_text(json.dumps(board))
    out = tmp_path / "next.json"
    child_args = ["turn", "bruneval", "--state", str(path), "--dice", "physical", "--out", str(out)]
    child = _spawn(tmp_path, child_args)
    seen = []
    try:
        for _ in range(200):
            i = child.expect([DIE, r"Enter keeps \S+\): ", r"what does it show\? \([^)]*\): ", pexpect.EOF])
            seen.append(child.before + (child.after if isinstance(child.after, str) else ""))
            if i == 3:
                break
            child.sendline("3" if i == 2 else "" if i == 1 else "1")
    finally:
        child.close()
    text = _clean("".join(seen), tmp_path)
    assert child.exitstatus == 0, text
    assert "flip the marker in A5: what does it show? (1 / 3): " in text
    assert "Marker in A5 shows 3" in text
    placed = re.search(r"Marker in A5 shows 3 \([^)]*\): ([^\n]*) placed\.", text)
    assert placed is not None
    assert placed.group(1) == "Luftwaffe 4, Luftwaffe 5, Luftwaffe 6"
    board_after = json.loads(out.read_text())
    # the three units the player's marker placed are on the board written out, in A5
    in_a5 = {u["id"] for u in board_after["units"] if u["zone"] == "A5"}
    assert {"lw-4", "lw-5", "lw-6"} <= in_a5
    assert board_after["garrison_left"] == 4 - 3
    assert all(m["zone"] != "A5" for m in board_after["markers"])
