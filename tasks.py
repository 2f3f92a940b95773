#!/usr/bin/env python3
"""Set up and run the project with nothing but Python 3.11+.

    python3 tasks.py main    # set up .venv, then play an automatic game (the main job)
    python3 tasks.py test    # set up .venv with test and docs tools, then run every check

Both create ``.venv`` beside this file when it is missing and install the core and every
title plugin in editable mode. ``test`` validates all content, type-checks the code with
mypy, checks the core's import layers with import-linter, runs the test suite and builds
the documentation with ``mkdocs build --strict``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = Path(os.environ.get("PARAGRAPHS_VENV", ROOT / ".venv"))
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")

# Plugins in dependency order (shared packages before the titles that import them).
PLUGIN_ORDER = ["raids"]
# Optional extras of a plugin that `test` installs so CI tests them.
PLUGIN_TEST_EXTRAS = {"raids": "dask,chart"}


def plugins() -> list[Path]:
    found = sorted(p.parent for p in (ROOT / "plugins").glob("*/pyproject.toml"))
    first = [p for name in PLUGIN_ORDER for p in found if p.name == name]
    return first + [p for p in found if p not in first]


def run(*args: str | Path, **kwargs: object) -> None:
    print("+", " ".join(str(a) for a in args), flush=True)
    subprocess.run([str(a) for a in args], check=True, cwd=ROOT, **kwargs)  # type: ignore[call-overload]


def setup(extras: str) -> None:
    if not (BIN / "python").exists():
        print(f"creating {VENV}", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    pip = [BIN / "python", "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    editables: list[str | Path] = [f".[{extras}]" if extras else "."]
    for plugin in plugins():
        # The test job also installs each plugin's optional extras it tests (raids: Dask, charts).
        extra = PLUGIN_TEST_EXTRAS.get(plugin.name) if "test" in extras else None
        editables.append(f"{plugin.relative_to(ROOT)}[{extra}]" if extra else plugin.relative_to(ROOT))
    args: list[str | Path] = []
    for e in editables:
        args += ["-e", e]
    run(*pip, *args)


def main_job(argv: list[str]) -> None:
    setup("")
    titles = subprocess.run([BIN / "paragraphs", "titles", "--json"], capture_output=True, text=True, cwd=ROOT, check=True).stdout
    if '"bruneval"' in titles:
        run(BIN / "paragraphs", "play", "bruneval", "--auto", "--seed", "1942", *argv)
    else:
        run(BIN / "paragraphs", "randomtest", "sample", "--runs", "20", *argv)


def test_job(argv: list[str]) -> None:
    setup("test,docs")
    run(BIN / "paragraphs", "validate")
    # The core ships py.typed: its annotations (and the plugins' use of them) are checked.
    run(BIN / "python", "-m", "mypy", "paragraphs", *(pkg for plugin in plugins() for pkg in plugin.glob("paragraphs_*")))
    # The core's layers and its independence from titles (pyproject.toml, [tool.importlinter]).
    run(BIN / "lint-imports")
    run(BIN / "python", "-m", "pytest", "-q", *argv)
    run(BIN / "mkdocs", "build", "--strict", "--site-dir", VENV / "site")


def main() -> int:
    if len(sys.argv) < 2 or sys.argv[1] not in ("main", "test"):
        print(__doc__)
        return 2
    try:
        (main_job if sys.argv[1] == "main" else test_job)(sys.argv[2:])
    except subprocess.CalledProcessError as exc:
        return exc.returncode or 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
