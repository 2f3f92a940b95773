"""A Dieppe board file hand-edited with a mistake the schema catches, through the command
line as the player runs it: one line that says what is wrong, exit 1, nothing played."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from paragraphs_raids.pty_play import env


def paragraphs(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "paragraphs", *args], capture_output=True, text=True, env=env(tmp_path), timeout=120, stdin=subprocess.DEVNULL, cwd=tmp_path)


def test_a_counter_listed_twice_in_a_long_list_is_named(tmp_path: Path) -> None:
    # before: jsonschema quotes the whole list first, and the message was cut at 160
    # characters, so its reason was lost: "BOARD002 ['gi-1', 'gi-2', ... 'gm... ($.garrison_left)"
    assert paragraphs(tmp_path, "board", "dieppe", "--new", "board.json").returncode == 0
    board = json.loads((tmp_path / "board.json").read_text())
    board["garrison_left"].append("gi-1")
    (tmp_path / "board.json").write_text(json.dumps(board, indent=1))
    done = paragraphs(tmp_path, "turn", "dieppe", "--state", "board.json", "--seed", "1", "--out", "next.json")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.strip().endswith("BOARD002 names 'gi-1' more than once: list each once ($.garrison_left)"), done.stderr
    assert not (tmp_path / "next.json").exists()


def test_a_long_value_of_the_wrong_kind_keeps_the_reason(tmp_path: Path) -> None:
    assert paragraphs(tmp_path, "board", "dieppe", "--new", "board.json").returncode == 0
    board = json.loads((tmp_path / "board.json").read_text())
    board["telephone"] = "T1 and T2 are both still standing: nobody has cut either of them yet this morning, " * 3
    (tmp_path / "board.json").write_text(json.dumps(board, indent=1))
    done = paragraphs(tmp_path, "turn", "dieppe", "--state", "board.json", "--seed", "1")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.strip().endswith("... is not of type 'array' ($.telephone)"), done.stderr
