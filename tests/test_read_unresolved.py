"""``paragraphs read`` that stops at a question it needs answered does not exit 0 as if
the paragraph were resolved: the question is shown (or is in the JSON), one line on
stderr names what to add to the command line, and the exit code is 2 (a usage error:
the line lacks an answer or a die). Driven through the real command line.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path


def read(tmp_path: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PARAGRAPHS_DATA_DIR=str(tmp_path / "data"))
    return subprocess.run([sys.executable, "-m", "paragraphs", "read", "sample", *argv], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)


def test_a_missing_answer_is_named_and_the_exit_is_not_0(tmp_path):
    done = read(tmp_path, "1")
    assert done.returncode == 2
    assert "(--answer storm=...)" in done.stdout  # the question, with its choices
    assert done.stderr.splitlines() == ["paragraphs: error: 1 is not resolved: add --answer storm=... (1-3) and read it again (nothing was kept)"]


def test_a_missing_die_is_named_and_the_exit_is_not_0(tmp_path):
    done = read(tmp_path, "2", "--answer", "storm=1", "--dice", "5")
    assert done.returncode == 2
    assert done.stderr.splitlines() == ["paragraphs: error: 2 is not resolved: add the next die (1-6) to --dice and read it again (nothing was kept)"]


def test_json_keeps_its_document_and_a_state_is_not_saved(tmp_path):
    done = read(tmp_path, "1", "--json", "--state", "game.json")
    assert done.returncode == 2
    data = json.loads(done.stdout)
    assert data["status"] == "needs_answers" and data["questions"][0]["key"] == "storm"
    assert done.stderr.splitlines() == ["paragraphs: error: 1 is not resolved: add --answer storm=... (1-3) and read it again (nothing was saved)"]
    assert not (tmp_path / "game.json").exists()


def test_a_resolved_paragraph_still_exits_0(tmp_path):
    done = read(tmp_path, "2", "--answer", "storm=1", "--dice", "5,5")
    assert done.returncode == 0 and done.stderr == "", done.stderr
