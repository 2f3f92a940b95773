"""``play bruneval --svg FILE``: the board picture rewritten after every step of the
interactive game (read back with xml.etree: what it shows, never its pixels)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from paragraphs_raids.picture import drawn_stacks

stacks_of = drawn_stacks


def play(tmp_path: Path, lines: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PARAGRAPHS_DATA_DIR": str(tmp_path), "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "paragraphs", "play", "bruneval", "--session", "pic", *args], input=lines, capture_output=True, text=True, env=env, timeout=120)


def test_the_picture_follows_every_step_and_undo(tmp_path) -> None:
    picture = tmp_path / "board.svg"
    done = play(tmp_path, "next\nmove nelson-1 DZ-A3 LANE\n", "--seed", "3", "--new", "--svg", str(picture))
    assert done.returncode == 0, done.stderr
    assert f"The board picture is rewritten to {picture} after every step." in done.stdout
    assert stacks_of(picture)["LANE"] == ["nelson-1"]
    # resumed, the move undone: the picture shows the board it went back to
    done = play(tmp_path, "undo\n", "--svg", str(picture))
    assert done.returncode == 0, done.stderr
    stacks = stacks_of(picture)
    assert "LANE" not in stacks and "nelson-1" in stacks["DZ-A2"]
