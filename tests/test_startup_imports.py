"""What the quick commands import (issue #9 item 7, start-up).

``typing`` costs about 3 ms to import, as much as the rest of ``paragraphs --version``:
``import paragraphs``, ``--help``, ``--version`` and ``titles`` (read from the plugin
index) do without it. A command that loads plugins imports it with pluggy.

``paragraphs read sample 2`` (a title the plugin index describes, whose plugins need no
plugin manager) does without pluggy, ``inspect`` and ``typing`` (together a quarter of
its run); the module set is pinned so that the gain cannot go silently.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = """
import contextlib, io, sys
from paragraphs.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    try:
        code = main(sys.argv[1:])
    except SystemExit as exc:  # --help
        code = exc.code
print(code, "typing" in sys.modules)
"""


def _run(cache: Path, *args: str) -> list[str]:
    env = dict(os.environ, PARAGRAPHS_CACHE_DIR=str(cache))
    done = subprocess.run([sys.executable, "-c", SCRIPT, *args], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_import_paragraphs_leaves_typing_out() -> None:
    done = subprocess.run([sys.executable, "-c", "import sys, paragraphs, paragraphs.cli; print('typing' in sys.modules)"], capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == ["False"], done.stderr


def test_the_console_script_imports_argparse_inside_main() -> None:
    # ``from paragraphs.cli import main`` runs before main() holds the garbage collector:
    # argparse (and the engine, for read) are imported after, so their import does not
    # set off collections of everything start-up made so far
    done = subprocess.run([sys.executable, "-c", "import sys, paragraphs.cli; print('argparse' in sys.modules)"], capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == ["False"], done.stderr


@pytest.mark.parametrize("args", [("--version",), ("--help",), ("titles",)])
def test_quick_commands_leave_typing_out(tmp_path: Path, args: tuple[str, ...]) -> None:
    _run(tmp_path, "titles")  # the first command builds the plugin index (every plugin loaded)
    assert _run(tmp_path, *args) == ["0", "False"]


#: Modules ``read sample 2`` does without: those the first run (which builds the plugin
#: index and compiles the book) imports, so the test could fail, and more that only
#: other commands need (the YAML reader, schema validation, the content compiler and its
#: lint, exact odds, package metadata, OpenSSL, ``random`` and ``fractions`` with --dice,
#: ``pathlib`` with ``urllib.parse`` and ``ipaddress``: the sample's folder, the cache
#: folder and the core schemas are read with ``os``; and ``pickle.py`` with ``struct``:
#: the cached book is loaded by ``_pickle``; the fast mode's planner, and the records of
#: step and predicate kinds, which the sample does not add).
_HEAVY = ("pluggy", "inspect", "typing", "ruamel", "jsonschema", "paragraphs.pipeline.compiler", "paragraphs.pipeline.lint")
_ALSO_LEFT_OUT = ("paragraphs.odds", "importlib.metadata", "hashlib", "random", "fractions", "shutil", "pathlib", "urllib", "ipaddress", "pickle", "struct", "paragraphs.interpreter.fastplan", "paragraphs.pluginhost.grammar_records")

HEAVY_SCRIPT = SCRIPT.replace(
    'print(code, "typing" in sys.modules)',
    "print(code, *sorted(n for n in %r if any(m == n or m.startswith(n + '.') for m in sys.modules)))" % (_HEAVY + _ALSO_LEFT_OUT,),
)


def test_read_of_the_sample_leaves_pluggy_inspect_typing_and_the_compiler_out(tmp_path: Path) -> None:
    env = dict(os.environ, PARAGRAPHS_CACHE_DIR=str(tmp_path))
    line = [sys.executable, "-c", HEAVY_SCRIPT, "read", "sample", "2", "--dice", "5,5", "--answer", "storm=1"]
    first = subprocess.run(line, capture_output=True, text=True, env=env, timeout=120)
    assert first.returncode == 0, first.stderr
    assert set(_HEAVY) <= set(first.stdout.split())  # the first builds the index (every plugin loaded)
    again = subprocess.run(line, capture_output=True, text=True, env=env, timeout=120)
    assert again.stdout.split() == ["0"], again.stderr


def test_a_command_that_loads_plugins_still_has_typing(tmp_path: Path) -> None:
    # the tests above could not fail if no command ever imported typing: a read that
    # loads every plugin (the index turned off) has pluggy, and pluggy has typing
    env = dict(os.environ, PARAGRAPHS_CACHE_DIR=str(tmp_path), PARAGRAPHS_NO_PLUGIN_INDEX="1")
    line = [sys.executable, "-c", SCRIPT, "read", "sample", "2", "--dice", "5,5", "--answer", "storm=1"]
    done = subprocess.run(line, capture_output=True, text=True, env=env, timeout=120)
    assert done.stdout.split() == ["0", "True"], done.stderr
