"""``paragraphs simulate bruneval``: a seeded Monte Carlo series of automatic games.

Game ``i`` is seeded with ``derive_seed(seed, i)`` and results come back in game order, so
the figures do not depend on ``--jobs``. Levels get Wilson 95% intervals, the mean VP a
normal 95% interval (1.96 s / sqrt(n)).
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from paragraphs.cli.terminal import emit_json, style, table
from paragraphs_raids.montecarlo import default_jobs, histogram, level_table, mean_estimate, run_series
from paragraphs_raids.progress import ProgressBar

from paragraphs_bruneval.cli_common import options_from, policy_factory, scenario_for
from paragraphs_bruneval.game.state import Options
from paragraphs_bruneval.game.turn import play_game
from paragraphs_bruneval.rules.victory import LEVELS
from paragraphs_bruneval.scenario import Scenario


@dataclass(frozen=True, slots=True)
class GameSummary:
    """What a series keeps of one game."""

    index: int
    seed: int
    vp: int
    result: str
    turns: int


# Set once in each worker process (and in this one when jobs is 1).
_WORLD: tuple[Scenario, Callable[[], Any], Options, bool] | None = None


def _init(scenario: Scenario, factory: Callable[[], Any], options: Options, check: bool = False) -> None:
    global _WORLD
    _WORLD = (scenario, factory, options, check)


def play_one(item: tuple[int, int]) -> GameSummary:
    """One game of the series (runs in a worker)."""
    assert _WORLD is not None, "the worker was not initialised"
    scenario, factory, options, check = _WORLD
    index, seed = item
    r = play_game(scenario, seed, factory(), options, record=False, check=check)
    return GameSummary(index, seed, r.vp, r.result, r.turns)


def simulate(
    scenario: Scenario,
    factory: Callable[[], Any],
    options: Options,
    games: int,
    seed: int,
    jobs: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    *,
    check: bool = False,
) -> list[GameSummary]:
    """Play a series; the list is in game order whatever ``jobs`` is.

    ``check`` verifies the stacking limits after every phase of every game and stops the
    series at the first broken one (``StackingBroken``, exit 1 on the command line).
    """
    return run_series(play_one, games, seed, jobs=jobs, initializer=_init, initargs=(scenario, factory, options, check), progress=progress)


def summarise(results: list[GameSummary], *, seed: int, policy: str, options: Options) -> dict[str, Any]:
    """The series' statistics as JSON-ready data (nothing here depends on timing or jobs)."""
    vps = [r.vp for r in results]
    est = mean_estimate(vps)
    levels = level_table(LEVELS, [r.result for r in results])
    return {
        "title": "bruneval",
        "games": len(results),
        "seed": seed,
        "policy": policy,
        "options": options.to_json(),
        "vp": {
            "mean": round(est.mean, 4),
            "sd": round(est.sd, 4),
            "ci95": [round(est.low, 4), round(est.high, 4)],
            "min": min(vps) if vps else 0,
            "max": max(vps) if vps else 0,
            "histogram": {str(k): v for k, v in histogram(vps).items()},
        },
        "levels": [{"level": r["level"], "games": r["games"], "p": round(r["p"], 4), "ci95": [round(r["low"], 4), round(r["high"], 4)]} for r in levels],
        "mean_turns": round(sum(r.turns for r in results) / len(results), 3) if results else 0,
    }


def run(args: argparse.Namespace, host: Any) -> int:
    options = options_from(args)
    policy_id, factory = policy_factory(host, args.policy)
    scenario = scenario_for(args, host)
    jobs = args.jobs or default_jobs()
    bar = ProgressBar(f"bruneval x{args.games}")
    start = time.monotonic()
    results = simulate(scenario, factory, options, args.games, args.seed, jobs, bar, check=args.check)
    elapsed = time.monotonic() - start
    summary = summarise(results, seed=args.seed, policy=policy_id, options=options)
    if args.json:
        emit_json(summary)
        return 0
    vp = summary["vp"]
    print(style(f"Raid sur Bruneval 1942: {summary['games']} automatic games, seed {args.seed}, policy {policy_id}, {min(jobs, args.games)} job(s)", "bold"))
    print(f"VP: mean {vp['mean']:.2f} (95% CI {vp['ci95'][0]:.2f}-{vp['ci95'][1]:.2f}), sd {vp['sd']:.2f}, range {vp['min']}-{vp['max']}")
    rows = [[r["level"], r["games"], f"{100 * r['p']:.1f}%", f"{100 * r['ci95'][0]:.1f}%-{100 * r['ci95'][1]:.1f}%"] for r in summary["levels"]]
    print(table(["level", "games", "share", "95% CI (Wilson)"], rows))
    print("VP histogram: " + ", ".join(f"{k}:{v}" for k, v in vp["histogram"].items()))
    print(style(f"{summary['games'] / elapsed:.0f} games/s on {min(jobs, args.games)} process(es) ({os.cpu_count()} cores)", "dim"))
    return 0
