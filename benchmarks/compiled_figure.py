"""Games per CPU second of a raid title in a fresh process, pure or from the compiled build.

Shared by ``bruneval_games.py`` and ``dieppe_games.py`` (``--compiled VENV``): both scripts
time the same way and differ only in the title's package and where its ``simulate`` lives.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

_FIGURE = """
import hashlib, json, sys, time
import paragraphs_raids.stacks
from {package}.{simulate_module} import simulate
from {package}.commands import default_policy
from {package}.game.state import Options
from {package}.rules.victory import LEVELS
from {package}.scenario import load_scenario
from paragraphs_raids.series import summarise
games, seed = int(sys.argv[1]), int(sys.argv[2])
s = load_scenario(); simulate(s, default_policy, Options(), 20, seed, 1)
t = time.process_time(); results = simulate(s, default_policy, Options(), games, seed, 1); took = time.process_time() - t
digest = hashlib.sha256(json.dumps(summarise(results, LEVELS), sort_keys=True).encode()).hexdigest()[:12]
print(games / took, digest, paragraphs_raids.stacks.__file__.endswith(".so"))
"""


def build_figure(package: str, simulate_module: str, games: int, seed: int, venv: Path | None) -> tuple[float, str]:
    """Games per CPU second and summary digest of ``package`` in a fresh process of
    ``venv``'s Python (its compiled build; None: this checkout's pure Python). Exits if
    ``venv`` does not hold the compiled build."""
    python = sys.executable if venv is None else str(venv / "bin" / "python")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    code = _FIGURE.format(package=package, simulate_module=simulate_module)
    out = subprocess.run([python, "-c", code, str(games), str(seed)], env=env, capture_output=True, text=True, check=True).stdout.split()
    if venv is not None and out[2] != "True":
        sys.exit(f"{venv} does not hold the compiled build (paragraphs_raids.stacks is not an extension module)")
    return float(out[0]), out[1]


def compare(title: str, package: str, simulate_module: str, games: int, seed: int, builds: list[Path], rounds: int = 3) -> None:
    """Print games per CPU second of this checkout's pure Python and of each virtualenv in
    ``builds`` (a compiled build each: this checkout's from ``tasks.py compiled``, or an
    older one, such as main's per-distribution build, to compare with), measured in turn
    in fresh processes ``rounds`` times each, so all meet the same load; the best of each
    is compared (other jobs on a shared machine only ever slow a run down). Exits unless
    every run gives the same summary."""
    runs: dict[str, list[tuple[float, str]]] = {"pure Python": [], **{f"compiled ({venv})": [] for venv in builds}}
    for _ in range(rounds):
        runs["pure Python"].append(build_figure(package, simulate_module, games, seed, None))
        for venv in builds:
            runs[f"compiled ({venv})"].append(build_figure(package, simulate_module, games, seed, venv))
    best = {label: max(figure for figure, _ in figures) for label, figures in runs.items()}
    pure = best["pure Python"]
    same = len({digest for figures in runs.values() for _, digest in figures}) == 1
    columns = "; ".join(f"{label}: {figure:.1f} ({figure / pure:.2f}x)" for label, figure in best.items())
    print(f"{title} games per CPU second (best of {rounds}, {games} games), {columns}; same summary: {same}")
    if not same:
        sys.exit("a compiled build gave another summary")
