"""Automatic games of Commando n°4: Dieppe 1942 per second, beside Raid sur Bruneval 1942.

    python benchmarks/dieppe_games.py [--games N] [--seed S] [--no-dask] [--check] [--baseline DIR] [--compiled VENV ...]

Measures, in one run (so the two titles meet the same load): Dieppe games per second on
one process, on every core and on a local Dask cluster, and games per CPU second of one
process for both titles. ``--check`` first plays the N Dieppe games with every stacking
invariant checked after every phase (the test job plays fewer) and stops at the first
broken one. Every run must give the same summary (game i is seeded with
``derive_seed(S, i)`` whatever runs it). Figures only; the tests assert no time.

``--baseline DIR`` names another checkout of the repository (``git archive main | tar -x
-C DIR``): Dieppe games per CPU second of its code and of this one are then measured in
fresh processes, in turn, three times each, in the same run, so a speed-up is a ratio
taken under the same load (the best of each three is compared: the other jobs on a shared
machine only ever slow a run down).

``--compiled VENV`` names a virtualenv holding a compiled build (``python3 tasks.py
compiled`` makes ``.venv-compiled``; repeat the option to add another, such as one built
by an older checkout's ``tasks.py compiled``): Dieppe games per CPU second of this
checkout's pure Python and of each build are measured the same way (fresh processes, in
turn, best of three each), and all must give the same summary.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import compiled_figure  # beside this script

from paragraphs_raids.series import summarise


def dieppe() -> tuple[Any, Callable[..., Any], Any, Any, tuple[str, ...]]:
    from paragraphs_dieppe.cli_simulate import simulate
    from paragraphs_dieppe.commands import default_policy
    from paragraphs_dieppe.game.state import Options
    from paragraphs_dieppe.rules.victory import LEVELS
    from paragraphs_dieppe.scenario import load_scenario

    return load_scenario(), simulate, default_policy, Options(), LEVELS


def bruneval() -> tuple[Any, Callable[..., Any], Any, Any, tuple[str, ...]]:
    from paragraphs_bruneval.raid_title import simulate
    from paragraphs_bruneval.commands import default_policy
    from paragraphs_bruneval.game.state import Options
    from paragraphs_bruneval.rules.victory import LEVELS
    from paragraphs_bruneval.scenario import load_scenario

    return load_scenario(), simulate, default_policy, Options(), tuple(LEVELS)


def run(title: Any, games: int, seed: int, jobs: int, executor: str = "local", check: bool = False) -> tuple[float, dict[str, Any]]:
    scenario, simulate, policy, options, levels = title
    start = time.perf_counter()
    results = simulate(scenario, policy, options, games, seed, jobs, executor=executor, check=check)
    return time.perf_counter() - start, summarise(results, levels)


def per_cpu_second(title: Any, games: int, seed: int) -> float:
    scenario, simulate, policy, options, _ = title
    start = time.process_time()
    simulate(scenario, policy, options, games, seed, 1)
    return games / (time.process_time() - start)


def cpu_figure(games: int, seed: int, checkout: Path | None) -> float:
    """Dieppe games per CPU second in a fresh process, of ``checkout``'s code (None: this one)."""
    env = dict(os.environ)
    if checkout is not None:
        env["PYTHONPATH"] = os.pathsep.join(str(checkout / p) for p in ("", "plugins/dieppe", "plugins/raids"))
    code = (
        "import time; from paragraphs_dieppe.cli_simulate import simulate; from paragraphs_dieppe.commands import default_policy;"
        "from paragraphs_dieppe.game.state import Options; from paragraphs_dieppe.scenario import load_scenario;"
        f"s = load_scenario(); simulate(s, default_policy, Options(), 20, {seed}, 1); t = time.process_time();"
        f"simulate(s, default_policy, Options(), {games}, {seed}, 1); print({games} / (time.process_time() - t))"
    )
    return float(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-dask", action="store_true")
    parser.add_argument("--check", action="store_true", help="first play the games with every invariant checked")
    parser.add_argument("--baseline", type=Path, help="another checkout to compare games per CPU second with")
    parser.add_argument("--compiled", type=Path, metavar="VENV", action="append", help="a virtualenv with a compiled build (tasks.py compiled) to compare with; repeatable")
    args = parser.parse_args()
    if args.compiled:
        compiled_figure.compare("Dieppe", "paragraphs_dieppe", "cli_simulate", args.games, args.seed, args.compiled)
    if args.baseline is not None:
        before: list[float] = []
        after: list[float] = []
        for _ in range(3):  # interleaved, so both see the same load
            before.append(cpu_figure(args.games, args.seed, args.baseline))
            after.append(cpu_figure(args.games, args.seed, None))
        b, a = max(before), max(after)
        print(f"Dieppe games per CPU second (best of 3), baseline {args.baseline}: {b:.1f}; this checkout: {a:.1f}; ratio {a / b:.2f}")
    cores = os.cpu_count() or 1
    d, b = dieppe(), bruneval()
    if args.check:
        took, summary = run(d, args.games, args.seed, cores, check=True)
        print(f"checked {args.games} Dieppe games in {took:.1f} s: no stacking limit broken; mean VP {summary['vp']['mean']}")
    run(d, 20, args.seed, 1)  # warm up (compiled content, imports)
    one, s1 = run(d, args.games, args.seed, 1)
    many, sn = run(d, args.games, args.seed, cores)
    print(f"Dieppe, {args.games} games, seed {args.seed}")
    print(f"1 process      : {args.games / one:8.1f} games/s")
    print(f"{cores} processes    : {args.games / many:8.1f} games/s, {one / many:.2f}x")
    same = s1 == sn
    if not args.no_dask:
        dask, sd = run(d, args.games, args.seed, cores, "dask")
        print(f"Dask, {cores} workers: {args.games / dask:8.1f} games/s (cluster start-up included), {one / dask:.2f}x")
        same = same and s1 == sd
    dc, bc = per_cpu_second(d, args.games, args.seed), per_cpu_second(b, args.games, args.seed)
    print(f"per CPU second, one process: Dieppe {dc:.1f}, Bruneval {bc:.1f} (Dieppe / Bruneval = {dc / bc:.2f})")
    print(f"same summary from every run: {same}")


if __name__ == "__main__":
    main()
