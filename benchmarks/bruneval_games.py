"""Automatic games of Raid sur Bruneval 1942 per second: one core, every core, a local Dask cluster.

    python benchmarks/bruneval_games.py [--games N] [--seed S] [--no-dask] [--baseline DIR] [--compiled VENV ...]
    python benchmarks/bruneval_games.py --check [--games N] [--seed S]

``--baseline DIR`` names another checkout of the repository (``git archive main | tar -x -C
DIR``): games per CPU second of its code and of this one are then measured in turn, twice,
in the same run, so a speed-up is a ratio taken under the same load.

``--compiled VENV`` names a virtualenv holding a compiled build (``python3 tasks.py
compiled`` makes ``.venv-compiled``; repeat the option to add another, such as one built
by an older checkout's ``tasks.py compiled``): games per CPU second of this checkout's
pure Python and of each build are measured in fresh processes, in turn, three times
each, in the same run (the best of each three is compared), and all must give the same
summary.

Prints games/s with one process, with ``os.cpu_count()`` processes and through a local
Dask cluster of as many workers (``paragraphs-raids[dask]``), the speed-ups, and checks
that every run gives the same summary (game i is seeded with ``derive_seed(S, i)``
whatever runs it). Figures only: no assertion on time lives in the tests.

``--check`` measures nothing: it plays the seeded series (2,000 games unless ``--games``
says otherwise) in this process under the title's rulings, checks the stacking limits
after every phase of every game (the check of ``simulate --check``), counts each phase
that ends with a stack over its limit instead of stopping there, prints the count and
the first few, and exits 1 when there is any. Run it by hand; it is not part of CI.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

import compiled_figure  # beside this script

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


def cpu_figure(games: int, seed: int, checkout: Path | None) -> float:
    """Games per CPU second in a fresh process, of ``checkout``'s code (None: this one)."""
    env = dict(os.environ)
    if checkout is not None:
        env["PYTHONPATH"] = os.pathsep.join(str(checkout / p) for p in ("", "plugins/bruneval", "plugins/raids"))
    code = (
        "try:\n from paragraphs_bruneval.raid_title import simulate\n"
        "except ImportError:  # a checkout from before the raid command templates\n from paragraphs_bruneval.cli_simulate import simulate\n"
        "from paragraphs_bruneval.commands import default_policy;"
        "from paragraphs_bruneval.game.state import Options; from paragraphs_bruneval.scenario import load_scenario; import time;"
        f"s = load_scenario(); simulate(s, default_policy, Options(), 20, {seed}, 1); t = time.process_time();"
        f"simulate(s, default_policy, Options(), {games}, {seed}, 1); print({games} / (time.process_time() - t))"
    )
    return float(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout)


def check_series(games: int, seed: int, shown: int = 5) -> int:
    """Play ``games`` seeded games with the stacking check after every phase; print and
    return how many phases ended with a limit broken (0 is the expected answer)."""
    from paragraphs.book.dice import derive_seed
    from paragraphs_bruneval.game.turn import play_game
    from paragraphs_bruneval.rules import stacking

    scenario = load_scenario()
    broken: list[str] = []
    phases_checked = 0

    def record(g) -> None:  # stands in for stacking.check_stacking: note, do not stop
        nonlocal phases_checked
        phases_checked += 1
        found = stacking.violations(g)
        if found:
            broken.append(f"seed {g_seed}, turn {g.turn} phase {g.phase}: " + "; ".join(found))

    raising = stacking.check_stacking
    stacking.check_stacking = record  # type: ignore[assignment]
    start = time.perf_counter()
    games_hit = 0
    try:
        for i in range(games):
            g_seed = derive_seed(seed, i)
            before = len(broken)
            play_game(scenario, g_seed, default_policy(), Options(), record=False, check=True)
            games_hit += len(broken) > before
    finally:
        stacking.check_stacking = raising
    took = time.perf_counter() - start
    surplus = scenario.ruling("german_surplus")
    print(f"stacking check: {games} games, seed {seed}, ruling german_surplus={surplus}, {phases_checked} phase ends checked in {took:.1f} s")
    print(f"violations: {len(broken)} phase ends over a limit, in {games_hit} games")
    for line in broken[:shown]:
        print(f"  {line}")
    return len(broken)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, help="games in the series (1,000; 2,000 with --check)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-dask", action="store_true", help="skip the Dask figure")
    parser.add_argument("--baseline", type=Path, help="another checkout to compare games per CPU second with")
    parser.add_argument("--check", action="store_true", help="no timing: count stacking violations after every phase (exit 1 if any)")
    parser.add_argument("--compiled", type=Path, metavar="VENV", action="append", help="a virtualenv with a compiled build (tasks.py compiled) to compare with; repeatable")
    args = parser.parse_args()
    if args.check:
        sys.exit(1 if check_series(args.games or 2000, args.seed) else 0)
    args.games = args.games or 1000
    if args.baseline is not None:
        before: list[float] = []
        after: list[float] = []
        for _ in range(2):  # interleaved, so both see the same load
            before.append(cpu_figure(args.games, args.seed, args.baseline))
            after.append(cpu_figure(args.games, args.seed, None))
        b, a = sum(before) / 2, sum(after) / 2
        print(f"games per CPU second, baseline {args.baseline}: {b:.1f}; this checkout: {a:.1f}; ratio {a / b:.2f}")
    if args.compiled:
        compiled_figure.compare("Bruneval", "paragraphs_bruneval", "raid_title", args.games, args.seed, args.compiled)
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
