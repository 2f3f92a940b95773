"""``award WORD`` in the companion matches whole words of an award's name, through the real
command line: a fragment once matched inside another word (``award -1`` inside K-14,
``award e`` inside every name of a one-award mission) and gave VP the player never named.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def play(tmp_path: Path, mission: str, typed: str) -> dict[str, str]:
    env = dict(os.environ, PARAGRAPHS_DATA_DIR=str(tmp_path / "data"))
    done = subprocess.run([sys.executable, "-m", "paragraphs", "play", "ambush", "--mission", mission, "--seed", "3"], cwd=tmp_path, env=env, input=typed + "\nquit\n", capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    lines = done.stdout.splitlines()
    return {line[2:]: lines[i + 1] for i, line in enumerate(lines) if line.startswith("> ") and i + 1 < len(lines)}


@pytest.mark.parametrize("typed", ["award -1", "award 4", "award e", "award ente"])
def test_a_fragment_of_a_word_is_no_award(tmp_path, typed):
    said = play(tmp_path, "22", typed)[typed]
    assert said.startswith(f"error: no award {typed.split()[1]!r} in this mission (awards: each of O-4"), said


@pytest.mark.parametrize(("mission", "typed", "said"), [("22", "award k-14", "+1 VP (each of O-4, W-8, V-14, K-14, J-14 and I-15 entered)"), ("20", "award food", "+2 VP (load of food exited)"), ("20", "award Truck exited", "+1 VP (truck exited)")])
def test_whole_words_still_name_the_award(tmp_path, mission, typed, said):
    assert play(tmp_path, mission, typed)[typed] == said
