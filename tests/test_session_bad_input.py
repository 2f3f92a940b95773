"""Bad input at the ``play`` prompt, typed as a player would (the real command line, its
input piped: the prompts are printed and each line is echoed after them).

What was accepted silently is refused in one line naming what to type instead: a view
given an argument it does not take (``log 5``, ``sheet A1``: the whole view was shown, as
if filtered), ``vp +2`` without its reason (the sheet lists every change with one) or
``vp 0``, ``undo`` with two step numbers, ``event`` with words after its name. Nothing of
a refused line is kept.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def play(tmp_path: Path, typed: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PARAGRAPHS_DATA_DIR=str(tmp_path / "data"))
    return subprocess.run([sys.executable, "-m", "paragraphs", "play", "sample", "--seed", "3"], cwd=tmp_path, env=env, input=typed, capture_output=True, text=True, timeout=300)


def replies(out: str) -> dict[str, str]:
    """The first line answering each typed line (the line after its ``> `` prompt)."""
    lines = out.splitlines()
    return {line[2:]: lines[i + 1] if i + 1 < len(lines) else "" for i, line in enumerate(lines) if line.startswith("> ")}


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("log 5", "error: log takes no arguments; '5' is extra: type log alone"),
        ("sheet VP", "error: sheet takes no arguments; 'VP' is extra: type sheet alone"),
        ("luck all", "error: luck takes no arguments; 'all' is extra: type luck alone"),
        ("recap now", "error: recap takes no arguments; 'now' is extra: type recap alone"),
        ("vp +2", "error: vp +2 needs a reason, what earned or cost the points: vp +2 truck destroyed"),
        ("vp -1", "error: vp -1 needs a reason, what earned or cost the points: vp -1 truck destroyed"),
        ("vp 0 nothing", "error: vp 0 changes nothing: give the points won or lost, such as vp +1 truck destroyed"),
        ("event dusk now", "error: event takes one name; 'now' is extra: type event dusk"),
        ("undo 1 2", "error: undo takes one step number from the log, not '1 2': undo 3 (or undo alone for the last step)"),
    ],
)
def test_a_line_that_was_accepted_silently_is_refused(tmp_path, typed, said):
    done = play(tmp_path, f"{typed}\nlog\nquit\n")
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    got = replies(done.stdout)
    assert got[typed] == said
    assert got["log"] == "(nothing yet)"  # nothing of the refused line was kept


def test_the_views_and_vp_with_a_reason_still_work(tmp_path):
    done = play(tmp_path, "vp +2 beacon relit\nlog\nsheet\nquit\n")
    got = replies(done.stdout)
    assert got["vp +2 beacon relit"] == "VP +2 (beacon relit)"
    assert got["log"].strip().startswith("1. VP +2 (beacon relit)")
    assert not got["sheet"].startswith("error:")


def test_an_answer_typed_twice_is_refused_at_the_prompt_and_on_the_command_line(tmp_path):
    # the last one silently won: `2 storm=1 storm=3` read the storm as 3
    done = play(tmp_path, "2 storm=1 storm=3\nodds 2 storm=1 storm=3\nlog\nquit\n")
    got = replies(done.stdout)
    assert got["2 storm=1 storm=3"] == "error: storm is given twice (storm=1 and storm=3): give it once"
    assert got["odds 2 storm=1 storm=3"] == "error: storm is given twice (storm=1 and storm=3): give it once"
    assert got["log"] == "(nothing yet)"
    env = dict(os.environ, PARAGRAPHS_DATA_DIR=str(tmp_path / "data"))
    for command in ("read", "odds"):
        line = subprocess.run([sys.executable, "-m", "paragraphs", command, "sample", "2", "--answer", "storm=1", "--answer", "storm=3"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
        assert line.returncode == 2 and line.stdout == "", (command, line.stdout)
        assert line.stderr.splitlines() == ["paragraphs: error: --answer storm is given twice (storm=1 and storm=3): give it once"], command
