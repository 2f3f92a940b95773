"""A plugin's procedure that raises is named in the one-line error, with its file and line.

The plugins here are third-party distributions written into a temporary folder (a
dist-info with an entry point beside the package) and run through the command line, as
their author meets them. Functions made by one factory share their code: the error once
named the first procedure of that code, whichever one raised.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

HOOKS = '''
from functools import partial
from importlib.resources import files

from paragraphs import hookimpl
from paragraphs.records import Procedure, Title


@hookimpl
def paragraphs_register_titles():
    yield Title(id="tiny", name="Tiny", content=files(__package__) / "content", package=__package__)


def lookup(table):
    def run(ctx):
        return table["result"]  # RAISES for a table without a result
    return run


class Lookup:
    def __init__(self, table):
        self.table = table

    def run(self, ctx):
        return self.table["result"]  # RAISES for a table without a result


def read_table(table, ctx):
    return table["result"]  # RAISES for a table without a result


@hookimpl
def paragraphs_register_procedures():
    yield Procedure(id="first", title="tiny", function=MAKE({"result": "ok"}), outcomes=("ok",))
    yield Procedure(id="second", title="tiny", function=MAKE({}), outcomes=("ok",))
'''

BOOK = """
title: {id: tiny, name: Tiny}
entry_points:
  - {paragraph: "1", source: start}
paragraphs:
  - id: "1"
    steps:
      - procedure: {name: first, outcomes: {ok: [{say: "first done"}]}}
      - procedure: {name: second, outcomes: {ok: [{say: "second done"}]}}
"""


def _site(tmp_path: Path, make: str) -> Path:
    site = tmp_path / "site"
    package = site / "tiny_procs"
    (package / "content").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "hooks.py").write_text(HOOKS.replace("MAKE", f"({make})"))
    (package / "content" / "book.yaml").write_text(textwrap.dedent(BOOK))
    info = site / "tiny_procs-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tiny-procs\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[paragraphs]\ntiny = tiny_procs.hooks\n")
    return site


@pytest.mark.parametrize("make", ["lookup", "lambda table: Lookup(table).run", "lambda table: partial(read_table, table)"], ids=["closure", "bound-method", "partial"])
def test_the_error_names_the_procedure_that_raised_with_its_line(tmp_path: Path, make: str) -> None:
    site = _site(tmp_path, make)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")]), "PARAGRAPHS_CACHE_DIR": str(tmp_path / "cache")}
    run = subprocess.run([sys.executable, "-m", "paragraphs", "read", "tiny", "1"], capture_output=True, text=True, env=env, timeout=120)
    err = run.stderr.strip().splitlines()
    assert run.returncode != 0 and len(err) == 1 and "Traceback" not in run.stderr, run.stderr
    hooks = site / "tiny_procs" / "hooks.py"
    raising = [n for n, line in enumerate(hooks.read_text().splitlines(), 1) if "# RAISES" in line]
    assert "procedure 'second' raised KeyError: 'result'" in err[0], err[0]
    assert "'first'" not in err[0], err[0]
    assert any(f"hooks.py:{n} " in err[0] for n in raising), (err[0], raising)


def test_one_function_under_two_ids_names_both_rather_than_guess() -> None:
    from types import SimpleNamespace

    from paragraphs.plugin_errors import culprit
    from paragraphs.records import Procedure

    def run(ctx):
        return {}["result"]

    grammar = SimpleNamespace(procedures={pid: Procedure(id=pid, title=None, function=run) for pid in ("first", "second")})
    try:
        run(None)
    except KeyError as exc:
        assert culprit(exc, grammar) == "procedure 'first' or procedure 'second'"
