"""A file the command line writes where the person said (``read --state``, ``play --session
PATH.json``) is refused, in one line and exit 2, when its folder does not exist: the
folder is not made behind a typo, and nothing is left there (no save, no lock file).

Driven through the real command line in a subprocess, as a player meets it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def paragraphs(tmp_path: Path, *argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PARAGRAPHS_DATA_DIR=str(tmp_path / "data"))
    return subprocess.run([sys.executable, "-m", "paragraphs", *argv], cwd=tmp_path, env=env, input=stdin, capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize(
    ("argv", "option"),
    [
        (("read", "sample", "2", "--answer", "storm=1", "--dice", "5,5", "--state", "missing/game.json"), "--state"),
        (("play", "sample", "--session", "missing/game.json"), "--session"),
    ],
)
def test_an_output_in_a_missing_folder_is_refused_and_nothing_is_written(tmp_path, argv, option):
    done = paragraphs(tmp_path, *argv, stdin="quit\n")
    assert done.returncode == 2, done
    assert done.stderr.splitlines() == [f"paragraphs: error: {option} missing/game.json: the folder {tmp_path / 'missing'} does not exist: create it first, or name a file in a folder that exists (nothing was written)"]
    assert not (tmp_path / "missing").exists()


def test_an_output_whose_folder_is_a_file_is_refused(tmp_path):
    (tmp_path / "notes").write_text("a file, not a folder\n")
    done = paragraphs(tmp_path, "read", "sample", "2", "--answer", "storm=1", "--dice", "5,5", "--state", "notes/game.json")
    assert done.returncode == 2 and done.stderr.splitlines() == [f"paragraphs: error: --state notes/game.json: {tmp_path / 'notes'} is not a folder (nothing was written)"]


def test_an_output_in_a_folder_that_exists_is_written(tmp_path):
    (tmp_path / "saves").mkdir()
    done = paragraphs(tmp_path, "read", "sample", "2", "--answer", "storm=1", "--dice", "5,5", "--state", "saves/game.json")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "saves" / "game.json").is_file()
    played = paragraphs(tmp_path, "play", "sample", "--session", "saves/s.json", stdin="quit\n")
    assert played.returncode == 0, played.stderr
    assert (tmp_path / "saves" / "s.json").is_file()
