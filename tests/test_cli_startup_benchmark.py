"""benchmarks/cli_startup.py times working commands only, and says so when one fails."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).parents[1] / "benchmarks"


@pytest.fixture(scope="module")
def bench():
    sys.path.insert(0, str(BENCH))
    try:
        import cli_startup
    finally:
        sys.path.pop(0)
    return cli_startup


def test_every_timed_read_resolves_and_exits_0(bench, tmp_path):
    env = dict(os.environ, PARAGRAPHS_CACHE_DIR=str(tmp_path / "cache"))
    titles = subprocess.run(bench.PARAGRAPHS + ["titles"], env=env, capture_output=True, text=True, check=True).stdout.split()
    reads = [(name, cmd) for name, cmd, _ in bench.timed_commands(env, titles) if name.startswith("read ")]
    assert any(name == "read sample 2" for name, _ in reads)
    for name, cmd in reads:
        done = subprocess.run(cmd, env=env, capture_output=True, text=True)
        assert done.returncode == 0, (name, done.stderr)


def test_a_command_that_fails_stops_the_benchmark_naming_it(bench, tmp_path):
    env = dict(os.environ, PARAGRAPHS_CACHE_DIR=str(tmp_path / "cache"))
    cmd = bench.PARAGRAPHS + ["read", "sample", "2", "--dice", "5", "--answer", "storm=1"]
    with pytest.raises(SystemExit) as stop:
        bench.check_exits_zero("read sample 2", cmd, env)
    assert "'read sample 2' exited 2" in str(stop.value)
    assert "--dice" in str(stop.value)  # the command's own last line says what was wrong
    with pytest.raises(SystemExit, match="exited 2 in a timed run"):
        bench.once(cmd, env)
