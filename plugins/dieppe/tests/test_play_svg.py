"""``play dieppe --svg FILE``: the board picture is rewritten after every step of the
interactive game, and an undo draws the board it went back to (read back with
xml.etree: what it shows, never its pixels)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from paragraphs_raids.picture import drawn_stacks
from paragraphs_raids.pty_play import env


def play(tmp_path: Path, lines: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "paragraphs", "play", "dieppe", "--session", "pic", *args], input=lines, capture_output=True, text=True, env=env(tmp_path), timeout=120)


def test_the_picture_follows_every_step_and_undo(tmp_path: Path) -> None:
    picture = tmp_path / "board.svg"
    done = play(tmp_path, "land lca-4 ORANGE2\n", "--seed", "3", "--new", "--svg", str(picture))
    assert done.returncode == 0, done.stderr
    assert f"The board picture is rewritten to {picture} after every step." in done.stdout
    assert drawn_stacks(picture)["ORANGE2"] == ["g2-1", "g2-2", "g2-3", "g2-4", "lovat"]
    # resumed, the landing undone: the picture shows Lord Lovat's wave aboard again
    done = play(tmp_path, "undo\n", "--svg", str(picture))
    assert done.returncode == 0, done.stderr
    stacks = drawn_stacks(picture)
    assert "ORANGE2" not in stacks and "lovat" in stacks["G2"]
