"""``turn dieppe --dice physical``: the reinforcements are the counters the player draws.

The companion asked a d6 that "picks among the counters left" for each reinforcement, one
or two a counter, and placed whatever that die gave, not the counter the player drew from
his own container (the 571st's counters are of two types). In a terminal it now asks what
came out, and asks nothing when one type is left. Through a real terminal.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from paragraphs_raids.pty_play import env, scripted


def test_the_player_says_which_reinforcement_he_drew(tmp_path: Path) -> None:
    board = tmp_path / "board.json"
    made = subprocess.run([sys.executable, "-m", "paragraphs", "board", "dieppe", "--new", str(board)], capture_output=True, text=True, env=env(tmp_path))
    assert made.returncode == 0, made.stderr
    data = json.loads(board.read_text())
    data["alarm"] = 7  # reinforcements may come
    board.write_text(json.dumps(data))
    out = tmp_path / "next.json"
    text = scripted(
        tmp_path,
        ["turn", "dieppe", "--state", str(board), "--dice", "physical", "--out", str(out)],
        [
            ("do they come? (under 7: they come) [0-9]: ", "2"),
            ("entry zone (they enter at the R of that number (the next one while commandos hold it)) [0-9]: ", "4"),
            ("how many (1-2: 1, 3-4: 2, 5-6: 3 counter(s)) [1-6]: ", "3"),  # two counters
            ("Draw a counter from your reinforcement container (rule 8): what is it (1 = infantry, 2 = officer): ", "officer"),
            ("written to", None),
        ],
    )
    assert "reinforcement drawn" not in text, text
    assert text.count("Draw a counter from your reinforcement container") == 1, text  # the second: infantry only left
    assert "2 reinforcement(s) arrive at R4: 571st officer, 571st infantry 1" in text, text
    placed = {u["id"]: u["zone"] for u in json.loads(out.read_text())["units"]}
    assert placed["rof-1"] == "R4" and placed["ri-1"] == "R4"
