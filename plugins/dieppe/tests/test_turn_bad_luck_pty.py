"""Bad luck! (rule 13, ruling R44) in the companion, in a real terminal (a pty): the German
fire puts the alarm on 9, every marker flips, the player says what each of his own shows,
and the first A and the first B showing infantry bring twice that infantry."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path
from typing import Any

import pexpect

BOARD = Path(__file__).parent / "data" / "board.json"


def alarm_8_board(tmp_path: Path, **fields: Any) -> Path:
    """The example board at alarm 8 before the first fire: the Germans' first shot raises
    the alarm to 9 (rule 7), and every face-down marker (A2, A3, B2) is turned over."""
    board = json.loads(BOARD.read_text())
    board["alarm"] = 8
    board["events_seen"].remove("first_fire")
    board.update(fields)
    path = tmp_path / "alarm8.json"
    path.write_text(json.dumps(board, indent=1))
    return path


def garrison_placed(tmp_path: Path, board: Path, *options: str) -> dict[str, int]:
    """Each flipped marker's zone -> how much garrison infantry it brought, the player
    answering the smallest number each marker may show (A: 2, B: 3); ``--out`` kept."""
    env = {**os.environ, "PARAGRAPHS_DATA_DIR": str(tmp_path / "data"), "NO_COLOR": "1", "TERM": "dumb"}
    env.pop("FORCE_COLOR", None)
    args = ["-m", "paragraphs", "turn", "dieppe", "--state", str(board), "--seed", "1", "--out", str(tmp_path / "next.json"), *options]
    child = pexpect.spawn(sys.executable, args, env=env, encoding="utf-8", timeout=120, dimensions=(50, 200), cwd=str(tmp_path))
    text = ""
    for _ in range(20):  # a prompt asked again and again fails the test instead of hanging it
        asked = child.expect([r"flip the marker in (\w+): what does it show\? \(([^)]*)\): ", r"which unit goes on top.*: ", pexpect.EOF])
        text += child.before or ""
        if asked == 2:
            break
        text += str(child.after)
        # the smallest number of levels the marker may show (units, not an obstacle)
        child.sendline(next(o for o in child.match.group(2).split(" / ") if o.isdigit()) if asked == 0 else "")
    child.close()
    assert child.exitstatus == 0 and "Traceback" not in text, text
    found = re.findall(r"marker in (\w+) turned over: ([^\n]*)", text)
    return {zone: what.count("Garrison infantry") for zone, what in found}


def test_bad_luck_doubles_the_first_infantry_of_each_letter(tmp_path: Path) -> None:
    board = alarm_8_board(tmp_path)
    # without the rule: an A showing 2 brings one infantry, a B showing 3 two
    assert garrison_placed(tmp_path, board) == {"A2": 1, "A3": 1, "B2": 2}
    # Bad luck!: the first A (A2) and the first B (B2) bring twice their infantry; A3 comes after
    assert garrison_placed(tmp_path, board, "--optional", "bad_luck") == {"A2": 2, "A3": 1, "B2": 4}
    assert json.loads((tmp_path / "next.json").read_text())["bad_luck_spent"] == ["A", "B"]
    # the A doubling already past (an earlier turn, or the player's own flip): only B doubles
    spent = alarm_8_board(tmp_path, optional=["bad_luck"], bad_luck_spent=["A"])
    assert garrison_placed(tmp_path, spent) == {"A2": 1, "A3": 1, "B2": 4}
