"""The command-line process ends without the interpreter's teardown (#9 item 7, start-up),
and nothing a user or a plugin sees of its exit changes: the exit handlers run once,
everything printed is out, and the exit code is the command's."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

SCRIPT = """
import atexit, sys, threading
atexit.register(lambda: print("handler ran"))
if sys.argv[1] == "thread":  # a thread still running: the normal exit waits for it
    threading.Thread(target=lambda: (__import__("time").sleep(0.3), print("thread done"))).start()
sys.argv = ["paragraphs", *sys.argv[2:]]
from paragraphs.cli import main
sys.exit(main())
"""


def _run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PARAGRAPHS_CACHE_DIR=str(tmp_path))
    return subprocess.run([sys.executable, "-c", SCRIPT, *args], capture_output=True, text=True, env=env, timeout=120)


def test_exit_handlers_run_once_after_the_output(tmp_path: Path) -> None:
    done = _run(tmp_path, "-", "read", "sample", "2", "--dice", "5", "--answer", "storm=1")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1] == "handler ran" and lines.count("handler ran") == 1
    assert "trim the wick" in lines[0]


def test_the_exit_code_is_the_commands(tmp_path: Path) -> None:
    done = _run(tmp_path, "-", "read", "nosuchtitle", "1")
    assert done.returncode == 2
    assert "unknown title" in done.stderr and done.stdout.splitlines() == ["handler ran"]


def test_a_running_thread_is_waited_for(tmp_path: Path) -> None:
    done = _run(tmp_path, "thread", "--version")
    assert done.returncode == 0
    assert done.stdout.splitlines()[1:] == ["thread done", "handler ran"]
