#!/usr/bin/env python3
"""Set up and run the project with nothing but Python 3.11+.

    python3 tasks.py main    # set up .venv, then play an automatic game (the main job)
    python3 tasks.py test    # set up .venv with test and docs tools, then run every check
    python3 tasks.py compiled [DIR]  # build the raid titles compiled with mypyc into DIR
                                     # (.venv-compiled) and run their tests against them

Both create ``.venv`` beside this file when it is missing and install the core and every
title plugin in editable mode. ``test`` validates all content, type-checks the code with
mypy, checks the core's import layers with import-linter, runs the test suite and builds
the documentation with ``mkdocs build --strict``. ``compiled`` is separate from ``test``
(it takes several minutes of C compilation): see ``compiled_job``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
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
    subprocess.run([str(a) for a in args], check=True, **{"cwd": ROOT, **kwargs})  # type: ignore[call-overload]


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


# The raid distributions' opt-in compiled build: plugins/build_compiled.py compiles the
# modules listed in plugins/compiled.toml (the one list) in ONE mypyc run, one group per
# distribution, and makes the three wheels; its `check` fails unless every listed module
# loaded compiled from its wheel. The tests run against the build are the three
# distributions' whole suites (golden games and journals, Dieppe's 1,000 checked games, the
# interactive games through a pty, the companions, Dask and charts).
# A compiled module enforces its annotations at run time, so a suite that passes pure can
# fail compiled. Compiled callers do not see module globals a test patches; the suites'
# few patches all pass against the build today, and no test subclasses a compiled class
# (they cannot: test_policy_views asks the default player to check itself instead). A test
# that cannot run against the build goes here, with its reason:
COMPILED_LEFT_OUT: dict[str, str] = {}
COMPILED = list(tomllib.loads((ROOT / "plugins" / "compiled.toml").read_text()))  # raids, bruneval, dieppe
COMPILED_TOOLS = ["mypy==2.4.1", "setuptools"]
COMPILED_TESTS = [f"plugins/{name}/tests" for name in COMPILED] + [f"--ignore={path}" for path in COMPILED_LEFT_OUT]


def compiled_job(argv: list[str]) -> None:
    """Build the raid distributions compiled with mypyc into a fresh virtualenv and run
    their test suites against them (COMPILED_TESTS).

    The tree is copied first and built there (nothing is compiled in this checkout, where
    extension modules would shadow the sources of the editable install). The engine is installed pure with the test tools,
    then plugins/build_compiled.py compiles the three distributions together against it
    and the three wheels are installed together (each works only with the others of the
    same build). The virtualenv (``.venv-compiled`` unless a directory is given) is kept:
    ``benchmarks/bruneval_games.py --compiled DIR`` and ``dieppe_games.py --compiled DIR``
    measure it against this checkout.
    """
    target = Path(argv[0]).resolve() if argv else ROOT / ".venv-compiled"
    if target.exists():
        shutil.rmtree(target)
    venv.EnvBuilder(with_pip=True).create(target)
    python = target / ("Scripts" if os.name == "nt" else "bin") / "python"
    pip: list[str | Path] = [python, "-m", "pip", "--disable-pip-version-check", "install", "--quiet"]
    run(*pip, *COMPILED_TOOLS)
    skip = shutil.ignore_patterns(".git", ".venv*", "__pycache__", "site", "build", "dist", "*.so", "*.pyd")
    with tempfile.TemporaryDirectory(prefix="paragraphs-compiled-") as tmp:
        tree = Path(tmp) / "tree"
        shutil.copytree(ROOT, tree, symlinks=True, ignore=skip)
        run(*pip, f"{tree}[test]")  # the engine, pure Python, with the test tools (pytest, mypy, hatchling)
        for name, extras in PLUGIN_TEST_EXTRAS.items():  # the optional extras the suites test
            optional = tomllib.loads((tree / "plugins" / name / "pyproject.toml").read_text())["project"]["optional-dependencies"]
            run(*pip, *(req for extra in extras.split(",") for req in optional[extra]))
        wheels = Path(tmp) / "wheels"
        run(python, tree / "plugins" / "build_compiled.py", "build", wheels, cwd=tmp)
        run(*pip, "--no-deps", *sorted(wheels.glob("*.whl")))
        # The other titles, pure, as in .venv: the suites' command-line tests name them.
        run(*pip, "--no-deps", *(tree / "plugins" / p.name for p in plugins() if p.name not in COMPILED))
        run(python, tree / "plugins" / "build_compiled.py", "check", cwd=tmp)
        # Run from the copy (its tests and golden files); the plugins' sources are not on
        # sys.path there, so the installed compiled distributions are the ones imported.
        subprocess.run([str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", *COMPILED_TESTS], check=True, cwd=tree)


def main() -> int:
    jobs = {"main": main_job, "test": test_job, "compiled": compiled_job}
    if len(sys.argv) < 2 or sys.argv[1] not in jobs:
        print(__doc__)
        return 2
    try:
        jobs[sys.argv[1]](sys.argv[2:])
    except subprocess.CalledProcessError as exc:
        return exc.returncode or 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
