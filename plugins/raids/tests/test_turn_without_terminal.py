"""``turn TITLE`` run from a script (stdin not a terminal): a face-down marker the Germans
turn over whose back the board file does not give is drawn with the command's dice, put
on the board (and in ``--out``), and said; nothing is asked.

In a terminal the player is asked what his own marker shows (test_turn_bad_luck_pty.py);
without one nobody can answer, and before this a marker flipped that way brought nothing.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

PLUGINS = Path(__file__).resolve().parents[2]
DIEPPE_BOARD = PLUGINS / "dieppe" / "tests" / "data" / "board.json"
BRUNEVAL_BOARD = PLUGINS / "bruneval" / "tests" / "data" / "board.json"


def turn(tmp_path: Path, title: str, board: Path, *extra: str) -> tuple[int, str, str]:
    """The command as a script runs it: stdin is /dev/null, output to pipes."""
    env = {**os.environ, "PARAGRAPHS_DATA_DIR": str(tmp_path / "data"), "NO_COLOR": "1"}
    args = [sys.executable, "-m", "paragraphs", "turn", title, "--state", str(board), *extra]
    done = subprocess.run(args, stdin=subprocess.DEVNULL, capture_output=True, text=True, env=env, timeout=300, cwd=str(tmp_path))
    return done.returncode, done.stdout, done.stderr


def dieppe_alarm_8(tmp_path: Path, **fields: Any) -> Path:
    """Dieppe's example board at alarm 8 before the first fire: the Germans' first shot
    puts the alarm on 9 and every face-down marker (A2, A3, B2) is turned over (R18);
    the file says only their letters."""
    board = json.loads(DIEPPE_BOARD.read_text())
    board["alarm"] = 8
    board["events_seen"].remove("first_fire")
    board.update(fields)
    path = tmp_path / "alarm8.json"
    path.write_text(json.dumps(board, indent=1))
    return path


def test_dieppe_draws_what_the_flipped_markers_show(tmp_path: Path) -> None:
    out_file = tmp_path / "next.json"
    code, out, err = turn(tmp_path, "dieppe", dieppe_alarm_8(tmp_path), "--seed", "1", "--out", str(out_file))
    assert code == 0 and "Traceback" not in err, err
    for zone in ("A2", "A3", "B2"):
        assert f"marker in {zone}: the board file does not say what it shows" in out, out
    after = json.loads(out_file.read_text())
    assert not after["markers"]
    # each marker brought what was drawn for it: garrison units (who may move on in the
    # phase), or its obstacle, which stays in the file
    for zone in ("A2", "A3", "B2"):
        flipped = out.split(f"marker in {zone} turned over: ")[1].split("\n")[0]
        assert "; placed " in flipped or after["obstacles"].get(zone) == flipped, flipped


def test_dieppe_bad_luck_doubles_without_a_terminal(tmp_path: Path) -> None:
    """Rule 13's Bad luck! now plays from a script too: the first A and B marker drawn
    with infantry double it, and the file says those letters are spent."""
    board = dieppe_alarm_8(tmp_path)
    code, out, _ = turn(tmp_path, "dieppe", board, "--seed", "1", "--json", "--optional", "bad_luck")
    assert code == 0
    data = json.loads(out)
    texts = [a["text"] for a in data["actions"]]
    infantry = {line.split()[2] for line in texts if line.startswith("marker in") and "turned over: " in line and "infantry" in line.split("turned over: ")[1].split(";")[0]}
    assert infantry, texts  # seed 1 draws infantry for at least one letter
    assert data["board"]["bad_luck_spent"] == sorted({zone[0] for zone in infantry})


def bruneval_unknown_markers(tmp_path: Path) -> Path:
    """Bruneval's example board with no marker's back known and the 685th's first unit in
    the village: its move at alert 4 crosses a face-down marker, which flips (rule 12)."""
    board = json.loads(BRUNEVAL_BOARD.read_text())
    for marker in board["markers"]:
        marker.pop("shows", None)
    for unit in board["units"]:
        if unit["id"] == "685-1":
            unit["zone"] = "VILLAGE"
    path = tmp_path / "unknown.json"
    path.write_text(json.dumps(board, indent=1))
    return path


def test_bruneval_draws_the_marker_a_german_move_flips(tmp_path: Path) -> None:
    out_file = tmp_path / "next.json"
    code, out, err = turn(tmp_path, "bruneval", bruneval_unknown_markers(tmp_path), "--seed", "1", "--out", str(out_file))
    assert code == 0 and "Traceback" not in err, err
    assert "flip it and place" not in out
    said = [line for line in out.splitlines() if "the board file does not say what it shows" in line]
    assert said, out
    zone = said[0].split("marker in ")[1].split(":")[0]
    after = json.loads(out_file.read_text())
    assert zone not in {m["zone"] for m in after["markers"]}
    assert any(u["zone"] == zone and u["id"].startswith("lw") for u in after["units"]) or "nobody" in out, out


def test_the_same_seed_draws_the_same_backs(tmp_path: Path) -> None:
    board = dieppe_alarm_8(tmp_path)
    first = turn(tmp_path, "dieppe", board, "--seed", "3", "--json")
    assert first == turn(tmp_path, "dieppe", board, "--seed", "3", "--json")


@pytest.mark.parametrize(("title", "board_file", "last"), [("dieppe", DIEPPE_BOARD, 12), ("bruneval", BRUNEVAL_BOARD, 13)])
def test_turn_says_when_the_board_is_at_the_last_turn(tmp_path: Path, title: str, board_file: Path, last: int) -> None:
    # found by the eyes pass: the last turn's German actions were played and written out
    # like any other, with nothing said of the game's end; a board at it can be re-run forever
    from importlib import import_module

    assert import_module(f"paragraphs_{title}.scenario").load_scenario().params.turns == last
    board = json.loads(board_file.read_text())
    for turn_number, said in ((last - 1, False), (last, True)):
        board["turn"] = turn_number
        path = tmp_path / f"t{turn_number}.json"
        path.write_text(json.dumps(board, indent=1))
        code, out, err = turn(tmp_path, title, path, "--seed", "3")
        assert code == 0, err
        assert (f"Turn {last} is the game's last (of {last})" in out) is said, out
        code, out, err = turn(tmp_path, title, path, "--seed", "3", "--json")
        assert code == 0 and json.loads(out)["last_turn"] is said


def test_a_german_phase_with_no_action_says_so(tmp_path: Path) -> None:
    # found by the eyes pass: Dieppe's set-up board at alarm 0 printed the heading alone
    written = subprocess.run([sys.executable, "-m", "paragraphs", "board", "dieppe", "--new", "b.json"], capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert written.returncode == 0, written.stderr
    code, out, err = turn(tmp_path, "dieppe", tmp_path / "b.json", "--seed", "1")
    assert code == 0 and out.splitlines()[1:] == ["No German unit acts this phase."], (out, err)
