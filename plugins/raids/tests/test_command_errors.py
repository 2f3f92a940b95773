"""The raid series' commands (``board``, ``turn``, ``simulate``) named with a title that has
none, as a user types them: the one-line error lists the titles that have the command.

Found by the eyes pass: with the plugin index (the default) only the named title's plugin is
loaded, and the list came from the loaded plugins' records, so it named no title at all.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def paragraphs(tmp_path: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PARAGRAPHS_CACHE_DIR=str(tmp_path / "cache"))
    env.pop("PARAGRAPHS_NO_CACHE", None)
    env.pop("PARAGRAPHS_NO_PLUGIN_INDEX", None)
    code = "import sys; from paragraphs.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run([sys.executable, "-c", code, *argv], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("command", [["board", "ambush", "--state", "b.json", "--svg", "b.svg"], ["turn", "sample", "--state", "b.json"], ["simulate", "ambush"]])
def test_a_title_without_the_command_is_told_which_titles_have_it(tmp_path: Path, command: list[str]) -> None:
    paragraphs(tmp_path, "titles")  # builds the plugin index the next command reads
    done = paragraphs(tmp_path, *command)
    assert done.returncode == 2 and not done.stdout
    assert done.stderr.strip() == f"paragraphs: error: title {command[1]!r} has no {command[0]} command (titles with one: bruneval, dieppe)"
