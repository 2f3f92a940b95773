"""Bad input at ``round``, through the real command line.

* A Round's Random Event paragraph the booklet does not have is asked again, the GAN die
  already typed kept. It used to drop the whole Round ("start the Round again"): the GAN
  die the player had rolled and typed was asked once more, and a second roll could give
  another GAN.
* A typed GAN the d10 cannot show (``round 10``) is refused.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

GAN = "roll d10 for the German Action Number of Round 1 [0-9]: "
EVENT = "which paragraph did it give? (0 if it gave none) [0-999]: "


def test_a_paragraph_the_booklet_lacks_is_asked_again_keeping_the_gan_die(tmp_path: Path) -> None:
    env = dict(os.environ, PARAGRAPHS_DATA_DIR=str(tmp_path / "data"))
    typed = "round\n4\n5\n0\nlog\nquit\n"  # GAN 4, then paragraph 5 (none such), then 0
    done = subprocess.run([sys.executable, "-m", "paragraphs", "play", "ambush", "--mission", "20", "--dice", "physical"], cwd=tmp_path, env=env, input=typed, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    out = done.stdout
    assert out.count(GAN) == 1, out  # the die is never asked again
    assert out.count(EVENT) == 2, out
    assert "error: the booklet has no paragraph 5: give the number the check gave (0 if none); the question is asked again" in out
    assert "German Action Number for this Round: 4." in out
    assert "1. round  answers: " in out and "dice: d10 4" in out  # one step, with the die typed once


def test_a_typed_gan_the_d10_cannot_show_is_refused(tmp_path: Path) -> None:
    """``round 10`` started a Round with GAN 10, which no d10 of the game shows (0-9)."""
    env = dict(os.environ, PARAGRAPHS_DATA_DIR=str(tmp_path / "data"))
    typed = "round 10\nround -1\nlog\nround 9\n0\nquit\n"
    done = subprocess.run([sys.executable, "-m", "paragraphs", "play", "ambush", "--mission", "20", "--seed", "1"], cwd=tmp_path, env=env, input=typed, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    lines = done.stdout.splitlines()
    said = {line[2:]: lines[i + 1] for i, line in enumerate(lines) if line.startswith("> ") and i + 1 < len(lines)}
    assert said["round 10"] == "error: round 10: the GAN is what your d10 shows (0-9): type round 4, say, or round alone to have it rolled"
    assert said["round -1"].startswith("error: round -1: the GAN is what your d10 shows (0-9)")
    assert said["log"] == "(nothing yet)"
    assert "German Action Number for this Round: 9." in done.stdout
