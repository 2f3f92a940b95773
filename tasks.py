#!/usr/bin/env python3
"""Set up and run the project with nothing but Python 3.11+.

    python3 tasks.py main    # set up .venv, then play an automatic game (the main job)
    python3 tasks.py test    # set up .venv with test and docs tools, then run every check
    python3 tasks.py compiled [DIR]  # build the raid titles compiled with mypyc into DIR
                                     # (.venv-compiled) and play the golden games with them

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


# The raid distributions that have an opt-in compiled build, in build order (mypyc
# type-checks each against the ones installed before it), and the tests that prove a
# compiled build plays the same games: golden games and journals, and Dieppe's 1,000 games
# with every invariant checked. Only behaviour tests belong here: compiled callers do not
# see module attributes that a test patches.
COMPILED = ["raids", "bruneval", "dieppe"]
COMPILED_TOOLS = ["hatchling>=1.21", "hatch-mypyc==0.16.0", "mypy==2.4.1", "setuptools", "pytest>=8"]
COMPILED_TESTS = [
    "plugins/bruneval/tests/test_golden_games.py",
    "plugins/bruneval/tests/test_golden_journals.py",
    "plugins/dieppe/tests/test_golden_games.py",
    "plugins/dieppe/tests/test_game.py::test_many_games_complete_with_the_stacking_invariant",
]
# Imports every module a distribution's mypyc hook lists and fails unless each one was
# loaded from a compiled extension (a build that quietly fell back to .py proves nothing).
CHECK_LOADED = """
import importlib, sys
names = sys.argv[1:]
pure = [n for n in names if not (importlib.import_module(n).__file__ or '').endswith(('.so', '.pyd'))]
print(f'{len(names) - len(pure)} of {len(names)} listed modules loaded compiled')
sys.exit(f'not compiled: {pure}' if pure else 0)
"""


def compiled_modules(plugin: Path) -> list[str]:
    """Module names of the files a plugin's mypyc build hook includes (pyproject.toml)."""
    hook = tomllib.loads((plugin / "pyproject.toml").read_text())["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
    excluded = set(hook.get("exclude", []))
    names = []
    for pattern in hook["include"]:
        path = plugin / pattern.strip("/")
        files = sorted(path.glob("*.py")) if path.is_dir() else [path]
        names += [".".join(f.relative_to(plugin).with_suffix("").parts) for f in files if f.name not in excluded]
    return names


def compiled_job(argv: list[str]) -> None:
    """Build the raid distributions compiled with mypyc into a fresh virtualenv and run the
    golden-game tests against them.

    The hatch-mypyc hook compiles in place, leaving extension modules beside the sources,
    where an editable install would load them: so the tree is copied first and built there.
    The builds run without build isolation in the new virtualenv, where the engine and the
    distributions built before are installed for mypyc to type-check against. The
    virtualenv (``.venv-compiled`` unless a directory is given) is kept:
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
        run(*pip, tree)  # the engine, pure Python
        env = {**os.environ, "HATCH_BUILD_HOOK_ENABLE_MYPYC": "1"}
        for name in COMPILED:
            plugin = tree / "plugins" / name
            wheels = Path(tmp) / "wheels" / name
            run(python, "-m", "pip", "--disable-pip-version-check", "wheel", "--quiet", "--no-build-isolation", "--no-deps", "-w", wheels, plugin, env=env)
            run(*pip, "--no-deps", *wheels.glob("*.whl"))
        for name in COMPILED:
            run(python, "-c", CHECK_LOADED, *compiled_modules(tree / "plugins" / name), cwd=tmp)
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
