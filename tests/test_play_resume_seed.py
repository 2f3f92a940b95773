"""``play`` and the seed of a saved session, as a player meets them at the command line.

* ``--seed`` on a ``play`` that resumes a session is refused (one line naming both ways
  out, exit 2), never silently unused: the session goes on with its own dice;
* a session quit before its first die keeps its seed: resumed, it rolls what the same
  session played without a break rolls.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def play(tmp_path: Path, *argv: str, typed: str = "quit\n") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PARAGRAPHS_DATA_DIR=str(tmp_path / "data"))
    return subprocess.run([sys.executable, "-m", "paragraphs", "play", "sample", *argv], cwd=tmp_path, env=env, input=typed, capture_output=True, text=True, timeout=300)


def rolls(out: str) -> list[str]:
    return [line.strip() for line in out.splitlines() if line.strip().startswith("rolled ")]


def test_seed_on_resume_is_refused_naming_both_ways_out(tmp_path):
    assert play(tmp_path, "--seed", "5").returncode == 0
    again = play(tmp_path, "--seed", "6")
    assert again.returncode == 2 and again.stdout == ""
    assert again.stderr.splitlines() == ["paragraphs: error: --seed 6: session 'default' is resumed with the dice it was started with: drop --seed to go on with it, or add --new to start it again with seed 6"]
    # both ways out work
    assert play(tmp_path).returncode == 0
    assert play(tmp_path, "--seed", "6", "--new").returncode == 0


def test_a_session_quit_before_its_first_die_resumes_with_its_seed(tmp_path):
    steps = "2\n1\nquit\n"  # paragraph 2, answered: two dice
    whole = play(tmp_path, "--seed", "5", "--session", "whole", typed=steps)
    assert whole.returncode == 0 and len(rolls(whole.stdout)) == 2, whole.stdout
    assert play(tmp_path, "--seed", "5", "--session", "broken").returncode == 0  # nothing rolled
    resumed = play(tmp_path, "--session", "broken", typed=steps)
    assert resumed.returncode == 0 and "(resumed)" in resumed.stdout
    assert rolls(resumed.stdout) == rolls(whole.stdout)
