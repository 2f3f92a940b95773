"""A newcomer starts the companion in a real terminal (a pty): the set-up's board file,
the German turn on it, the file kept from being overwritten by mistake."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pexpect


def terminal(tmp_path: Path, *args: str) -> tuple[int, str]:
    env = {**os.environ, "PARAGRAPHS_DATA_DIR": str(tmp_path / "data"), "NO_COLOR": "1", "TERM": "dumb"}
    env.pop("FORCE_COLOR", None)
    child = pexpect.spawn(sys.executable, ["-m", "paragraphs", *args], env=env, encoding="utf-8", timeout=120, dimensions=(50, 200), cwd=str(tmp_path))
    child.expect(pexpect.EOF)
    child.close()
    text = (child.before or "").replace("\r\n", "\n").replace("\r", "")
    assert "Traceback" not in text, text
    return int(child.exitstatus if child.exitstatus is not None else -1), text


def test_a_newcomer_writes_the_set_up_plays_a_german_turn_and_keeps_his_file(tmp_path: Path) -> None:
    code, out = terminal(tmp_path, "board", "dieppe", "--new", "board.json", "--optional", "alarm")
    assert code == 0 and "the board of the set-up (alarm) written to board.json" in out
    assert out.rstrip().endswith("then: paragraphs turn dieppe --state board.json"), out
    # the command it ends with works on the file as written
    code, out = terminal(tmp_path, "turn", "dieppe", "--state", "board.json", "--seed", "5", "--out", "next.json")
    assert code == 0 and "turn 1: German actions at alarm 2" in out and "Board for turn 2 written to next.json." in out
    assert json.loads((tmp_path / "next.json").read_text())["turn"] == 2
    # typed again by mistake after editing: the edited file is kept
    (tmp_path / "board.json").write_text((tmp_path / "board.json").read_text().replace('"alarm": 2', '"alarm": 3'))
    code, out = terminal(tmp_path, "board", "dieppe", "--new", "board.json")
    assert code == 2 and out.count("\n") == 1 and out.startswith("paragraphs: error: board.json: a file is already there")
    assert '"alarm": 3' in (tmp_path / "board.json").read_text()
