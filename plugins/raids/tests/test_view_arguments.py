"""The raid views ``board`` and ``status`` take no argument: ``board A2`` read like a view of
one zone and showed the whole board. Refused in one line naming what to type, through the
real command line (input piped: the prompts are printed and each line echoed)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from paragraphs_raids.pty_play import env


@pytest.mark.parametrize("title", ["dieppe", "bruneval"])
def test_a_view_given_an_argument_is_refused(tmp_path: Path, title: str) -> None:
    done = subprocess.run([sys.executable, "-m", "paragraphs", "play", title, "--seed", "3"], input="board A2\nstatus now\nstatus\nquit\n", capture_output=True, text=True, env=env(tmp_path), cwd=tmp_path, timeout=300)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    lines = done.stdout.splitlines()
    got = {line[2:]: lines[i + 1] for i, line in enumerate(lines) if line.startswith("> ") and i + 1 < len(lines)}
    assert got["board A2"] == "error: board takes no arguments; 'A2' is extra: type board alone"
    assert got["status now"] == "error: status takes no arguments; 'now' is extra: type status alone"
    assert got["status"].startswith("Turn 1 of ")
