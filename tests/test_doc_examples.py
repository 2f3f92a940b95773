"""The Python examples of the docs run as written and print what their comments say.

A newcomer copies them into a file: the first example of docs/python-api.md once stopped
with a traceback ("nothing to undo": paragraph 1 of the sample asks a question first, so
nothing was kept), and its loop unpacked outcomes as pairs, which they are not.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BLOCK = re.compile(r"```python\n(.*?)```", re.S)


def _blocks(page: str) -> list[str]:
    return BLOCK.findall((ROOT / page).read_text(encoding="utf-8"))


def _run(code: str, tmp_path: Path) -> str:
    env = {**os.environ, "PARAGRAPHS_DATA_DIR": str(tmp_path / "data"), "NO_COLOR": "1"}
    run = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    return run.stdout


def test_the_first_examples_of_the_python_api_page_run_in_order(tmp_path: Path) -> None:
    first, perform, lock = _blocks("docs/python-api.md")[:3]
    out = _run(first + perform + lock, tmp_path).splitlines()
    assert out[0] == "needs_answers ['storm']" and out[1] == "done ['1', '2', '5', '3', '7']", out[:2]
    assert out[-1] in ("steady", "gutters", "out"), out[-1]
    assert any(re.fullmatch(r"\d+/\d+ 2 -> .*", line) for line in out), out


@pytest.mark.parametrize(("page", "shows"), [("README.md", "done ['112']"), ("docs/titles/spi_commando.md", "B1 wounded 3 WP: wounded (chance 87)")])
def test_the_python_example_of_a_page_runs(page: str, shows: str, tmp_path: Path) -> None:
    (code,) = [block for block in _blocks(page) if "import paragraphs" in block]
    assert shows in _run(code, tmp_path)
