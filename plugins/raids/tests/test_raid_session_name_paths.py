"""``--session`` with a path separator and no .json, as a user types it to play and board
of the raid titles: refused by play, a file (never a session) for board."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


@pytest.mark.parametrize("title", ["bruneval", "dieppe"])
def test_a_session_name_with_a_slash_is_refused_by_play_and_never_a_session_for_board(tmp_path: Path, title: str) -> None:
    # found by the eyes pass: `--session 'a b/c'` saved the game to ./a b/c, though docs/cli.md
    # says only a name ending in .json is a path
    env = dict(os.environ, PARAGRAPHS_DATA_DIR=str(tmp_path / "data"))
    (tmp_path / "a b").mkdir()
    played = subprocess.run([sys.executable, "-m", "paragraphs", "play", title, "--session", "a b/c", "--seed", "1"], input="", env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert played.returncode == 2 and not played.stdout, played.stdout
    assert played.stderr == "paragraphs: error: --session takes a name, or a path ending in .json: 'a b/c' is neither (to save in that file, write 'a b/c.json')\n"
    assert not (tmp_path / "data").exists() and not any((tmp_path / "a b").iterdir())
    played = subprocess.run([sys.executable, "-m", "paragraphs", "play", title, "--session", "a b/c.json", "--seed", "1"], input="", env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert played.returncode == 0 and (tmp_path / "a b" / "c.json").is_file(), played.stderr
    # board: the same words name the file (a path), never a session of the sessions folder
    drawn = subprocess.run([sys.executable, "-m", "paragraphs", "board", title, "--state", "a b/c", "--svg", "x.svg"], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert drawn.returncode == 2 and drawn.stderr.count("\n") == 1 and "a b/c" in drawn.stderr, drawn.stderr
    drawn = subprocess.run([sys.executable, "-m", "paragraphs", "board", title, "--state", "a b/c.json", "--svg", "x.svg"], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert drawn.returncode == 0 and (tmp_path / "x.svg").is_file(), drawn.stderr
