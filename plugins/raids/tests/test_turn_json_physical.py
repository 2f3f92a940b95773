"""``turn TITLE --dice physical --json``: stdout is the JSON document alone, the questions go
to stderr (through the real command line, the dice piped in). The die prompts once came
first on stdout, and the document could not be read."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from paragraphs_raids.pty_play import env

BOARDS = {t: Path(__file__).parents[2] / t / "tests" / "data" / "board.json" for t in ("dieppe", "bruneval")}


@pytest.mark.parametrize("title", ["dieppe", "bruneval"])
def test_the_dice_are_asked_on_stderr_and_stdout_is_the_document(tmp_path: Path, title: str) -> None:
    done = subprocess.run([sys.executable, "-m", "paragraphs", "turn", title, "--state", str(BOARDS[title]), "--dice", "physical", "--json"], input="3\n" * 200, capture_output=True, text=True, env=env(tmp_path), cwd=tmp_path, timeout=300)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["dice"] == "physical" and data["complete"] is True
    assert "roll d" in done.stderr and "]: 3" in done.stderr  # each die asked, with the face typed


@pytest.mark.parametrize("title", ["dieppe", "bruneval"])
def test_input_closed_leaves_stdout_empty(tmp_path: Path, title: str) -> None:
    done = subprocess.run([sys.executable, "-m", "paragraphs", "turn", title, "--state", str(BOARDS[title]), "--dice", "physical", "--json"], input="3\n", capture_output=True, text=True, env=env(tmp_path), cwd=tmp_path, timeout=300)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.rstrip().endswith("paragraphs: error: input closed before the German phase was over: nothing was written")
