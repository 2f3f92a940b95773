"""Every one-file output of the raid commands (``--svg``, ``--out``, ``board --new``,
``simulate --chart``, ``play --session PATH.json``) is refused in one line, exit 2, when
its folder does not exist; the folder is not made and nothing is written (no game saved,
no board file beside a picture that could not be drawn).

Driven through the real command line, as a player meets it; the raid layer's code is
shared by the raid titles, Bruneval stands for them.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

BOARD = Path(__file__).parent / "data" / "board.json"


def paragraphs(tmp_path: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PARAGRAPHS_DATA_DIR=str(tmp_path / "data"))
    return subprocess.run([sys.executable, "-m", "paragraphs", *argv], cwd=tmp_path, env=env, input="quit\n", capture_output=True, text=True, timeout=300)


CASES = [
    (("board", "bruneval", "--new", "missing/board.json"), "--new", "missing/board.json"),
    (("board", "bruneval", "--new", "board.json", "--svg", "missing/setup.svg"), "--svg", "missing/setup.svg"),
    (("board", "bruneval", "--state", str(BOARD), "--svg", "missing/board.svg"), "--svg", "missing/board.svg"),
    (("play", "bruneval", "--auto", "--seed", "4", "--svg", "missing/end.svg"), "--svg", "missing/end.svg"),
    (("play", "bruneval", "--seed", "4", "--svg", "missing/live.svg"), "--svg", "missing/live.svg"),
    (("play", "bruneval", "--seed", "4", "--session", "missing/game.json"), "--session", "missing/game.json"),
    (("turn", "bruneval", "--state", str(BOARD), "--seed", "4", "--out", "missing/after.json"), "--out", "missing/after.json"),
    (("turn", "bruneval", "--state", str(BOARD), "--seed", "4", "--svg", "missing/after.svg"), "--svg", "missing/after.svg"),
]
if importlib.util.find_spec("matplotlib") is not None:  # without it --chart says so first
    CASES.append((("simulate", "bruneval", "--games", "2", "--jobs", "1", "--chart", "missing/vp.svg"), "--chart", "missing/vp.svg"))


@pytest.mark.parametrize(("argv", "option", "path"), CASES, ids=[" ".join(c[0][:1] + (c[1],)) for c in CASES])
def test_an_output_in_a_missing_folder_is_refused_and_nothing_is_written(tmp_path, argv, option, path):
    done = paragraphs(tmp_path, *argv)
    assert done.returncode == 2, done
    assert done.stderr.splitlines() == [f"paragraphs: error: {option} {path}: the folder {tmp_path / 'missing'} does not exist: create it first, or name a file in a folder that exists (nothing was written)"]
    assert done.stdout == ""
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != "data") == []  # no board file, no folder
    assert not (tmp_path / "data" / "sessions").exists() or not any((tmp_path / "data" / "sessions").iterdir())  # no game saved
