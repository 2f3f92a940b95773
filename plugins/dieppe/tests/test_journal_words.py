"""What ``play dieppe --auto`` tells the player, read as he reads it: the result's reasons
and the journal's lines, through the real command line in a fresh process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from paragraphs_raids.pty_play import env


def auto_game(tmp_path: Path, seed: int, *options: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "paragraphs", "play", "dieppe", "--auto", "--seed", str(seed), *options],
        capture_output=True, text=True, env=env(tmp_path), timeout=120, stdin=subprocess.DEVNULL, cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_killed_officer_is_named_as_the_counters_name_him(tmp_path: Path) -> None:
    # before: "-5 VP: lovat killed", the content's id
    text = auto_game(tmp_path, 0)
    assert "  - -5 VP: Lord Lovat killed\n" in text, text
    assert "  - -3 VP: Major Mills-Roberts killed\n" in text, text
    assert "lovat killed" not in text and "mills-roberts killed" not in text
