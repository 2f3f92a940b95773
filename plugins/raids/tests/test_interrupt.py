"""Ctrl-C during a Monte Carlo series on several processes (fresh-eyes pass).

The terminal sends Ctrl-C to the whole process group: each pool worker once stopped with
"Process ForkPoolWorker-2:" and its traceback on the player's screen. Now the workers
ignore it and the series stops in one place: a newline, exit code 130.
"""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pexpect


def _ctrl_c_as_a_terminal_gives_it() -> None:
    """The child starts with Ctrl-C's default action, as from a terminal. A suite started
    in the background by a shell without job control (``(python3 tasks.py test &)``)
    ignores SIGINT, and an ignored signal stays ignored across exec: the series then
    rightly never heard the Ctrl-C, and the test timed out with the games still running."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_stops_a_series_on_two_processes_without_a_traceback(tmp_path: Path) -> None:
    env = {**os.environ, "PARAGRAPHS_DATA_DIR": str(tmp_path), "NO_COLOR": "1"}
    child = pexpect.spawn(sys.executable, ["-m", "paragraphs", "simulate", "bruneval", "--games", "100000", "--jobs", "2"], env=env, encoding="utf-8", timeout=120, dimensions=(50, 200), preexec_fn=_ctrl_c_as_a_terminal_gives_it)
    try:
        child.expect(r"\d+/100000")  # the workers are playing
        child.sendintr()
        child.expect(pexpect.EOF)
        after = child.before
    finally:
        child.close()
    assert child.exitstatus == 130, after
    assert "Traceback" not in after and "ForkPoolWorker" not in after, after
