"""Automatic games of Raid sur Bruneval 1942 per second: one core, every core, a local Dask cluster.

    python benchmarks/bruneval_games.py [--games N] [--seed S] [--no-dask]

Prints games/s with one process, with ``os.cpu_count()`` processes and through a local
Dask cluster of as many workers (``paragraphs-raids[dask]``), the speed-ups, and checks
that every run gives the same summary (game i is seeded with ``derive_seed(S, i)``
whatever runs it). Figures only: no assertion on time lives in the tests.
"""

from __future__ import annotations

import argparse
import os
import time

from paragraphs_bruneval.raid_title import simulate
from paragraphs_bruneval.commands import default_policy
from paragraphs_bruneval.game.state import Options
from paragraphs_bruneval.rules.victory import LEVELS
from paragraphs_bruneval.scenario import load_scenario
from paragraphs_raids.series import summarise


def timed(scenario, games: int, seed: int, jobs: int, executor: str = "local") -> tuple[float, dict]:
    start = time.perf_counter()
    results = simulate(scenario, default_policy, Options(), games, seed, jobs, executor=executor)
    return time.perf_counter() - start, summarise(results, LEVELS)


def cpu_timed(scenario, games: int, seed: int) -> float:
    """Games per second of this process's CPU time (a figure that holds on a shared machine)."""
    start = time.process_time()
    simulate(scenario, default_policy, Options(), games, seed, 1)
    return games / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-dask", action="store_true", help="skip the Dask figure")
    args = parser.parse_args()
    scenario = load_scenario()
    cores = os.cpu_count() or 1
    timed(scenario, 20, args.seed, 1)  # warm the caches (compiled content, imports)
    one, s1 = timed(scenario, args.games, args.seed, 1)
    many, sn = timed(scenario, args.games, args.seed, cores)
    print(f"games: {args.games}, seed {args.seed}")
    print(f"1 process      : {args.games / one:8.1f} games/s ({one:.2f} s); {cpu_timed(scenario, args.games, args.seed):.1f} games per CPU second")
    print(f"{cores} processes    : {args.games / many:8.1f} games/s ({many:.2f} s), {one / many:.2f}x")
    same = s1 == sn
    if not args.no_dask:
        dask, sd = timed(scenario, args.games, args.seed, cores, "dask")
        print(f"Dask, {cores} workers: {args.games / dask:8.1f} games/s ({dask:.2f} s, cluster start-up included), {one / dask:.2f}x")
        same = same and s1 == sd
    print(f"same summary from every run: {same}")


if __name__ == "__main__":
    main()
