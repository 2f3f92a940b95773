"""Automatic games of Commando n°4: Dieppe 1942 per second, beside Raid sur Bruneval 1942.

    python benchmarks/dieppe_games.py [--games N] [--seed S] [--no-dask] [--check]

Measures, in one run (so the two titles meet the same load): Dieppe games per second on
one process, on every core and on a local Dask cluster, and games per CPU second of one
process for both titles. ``--check`` first plays the N Dieppe games with every stacking
invariant checked after every phase (the test job plays fewer) and stops at the first
broken one. Every run must give the same summary (game i is seeded with
``derive_seed(S, i)`` whatever runs it). Figures only; the tests assert no time.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from typing import Any

from paragraphs_raids.series import summarise


def dieppe() -> tuple[Any, Callable[..., Any], Any, Any, tuple[str, ...]]:
    from paragraphs_dieppe.cli_simulate import simulate
    from paragraphs_dieppe.commands import default_policy
    from paragraphs_dieppe.game.state import Options
    from paragraphs_dieppe.rules.victory import LEVELS
    from paragraphs_dieppe.scenario import load_scenario

    return load_scenario(), simulate, default_policy, Options(), LEVELS


def bruneval() -> tuple[Any, Callable[..., Any], Any, Any, tuple[str, ...]]:
    from paragraphs_bruneval.cli_simulate import simulate
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


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-dask", action="store_true")
    parser.add_argument("--check", action="store_true", help="first play the games with every invariant checked")
    args = parser.parse_args()
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
