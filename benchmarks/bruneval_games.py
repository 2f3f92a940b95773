"""Automatic games of Raid sur Bruneval 1942 per second: one core, then every core.

    python benchmarks/bruneval_games.py [--games N] [--seed S]

Prints games/s with one process, games/s with ``os.cpu_count()`` processes and the
speed-up, and checks that both runs give the same results (game i is seeded with
``derive_seed(S, i)`` whatever the number of processes). Figures only: no assertion on
time lives in the tests.
"""

from __future__ import annotations

import argparse
import os
import time

from paragraphs_bruneval.commands import default_policy
from paragraphs_bruneval.cli_simulate import simulate, summarise
from paragraphs_bruneval.game.state import Options
from paragraphs_bruneval.scenario import load_scenario


def timed(scenario, games: int, seed: int, jobs: int) -> tuple[float, list]:
    start = time.perf_counter()
    results = simulate(scenario, default_policy, Options(), games, seed, jobs)
    return time.perf_counter() - start, results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    scenario = load_scenario()
    cores = os.cpu_count() or 1
    timed(scenario, 20, args.seed, 1)  # warm the caches (compiled content, imports)
    one, r1 = timed(scenario, args.games, args.seed, 1)
    many, rn = timed(scenario, args.games, args.seed, cores)
    same = summarise(r1, seed=args.seed, policy="default", options=Options()) == summarise(rn, seed=args.seed, policy="default", options=Options())
    print(f"games: {args.games}, seed {args.seed}")
    print(f"1 process : {args.games / one:8.1f} games/s ({one:.2f} s)")
    print(f"{cores} processes: {args.games / many:8.1f} games/s ({many:.2f} s)")
    print(f"speed-up  : {one / many:8.2f}x on {cores} cores; same results: {same}")


if __name__ == "__main__":
    main()
