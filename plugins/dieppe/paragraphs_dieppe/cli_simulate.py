"""``paragraphs simulate dieppe``: seeded Monte Carlo series of automatic games.

Game ``i`` is seeded with ``derive_seed(seed, i)`` and results come back in game order,
so the figures depend neither on ``--jobs`` nor on the executor (local processes or a
Dask cluster, :mod:`paragraphs_raids.executors`). ``--sweep`` compares optional rules and
rulings on the same seeds, ``--chart`` draws their VP distributions
(:mod:`paragraphs_raids.series`).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from paragraphs.cli.terminal import emit_json, style, table
from paragraphs_raids.executors import run_on
from paragraphs_raids.montecarlo import default_jobs
from paragraphs_raids.progress import ProgressBar
from paragraphs_raids.series import GameSummary, Variant, draw_chart, parse_sweeps, summarise, sweep_rows, variant_json

from paragraphs_dieppe.cli_common import NAME, TITLE, options_from, policy_factory, scenario_for
from paragraphs_dieppe.game.state import Options
from paragraphs_dieppe.game.turn import play_game
from paragraphs_dieppe.rules.victory import LEVELS
from paragraphs_dieppe.scenario import RULINGS, Scenario

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
    executor: str = "local",
    scheduler: str | None = None,
) -> list[GameSummary]:
    """Play a series; the list is in game order whatever ``jobs`` and ``executor`` are."""
    return run_on(executor, play_one, games, seed, jobs=jobs, scheduler=scheduler, initializer=_init, initargs=(scenario, factory, options, check), progress=progress)


def apply_variant(scenario: Scenario, options: Options, variant: Variant) -> tuple[Scenario, Options]:
    """The scenario and options one variant of a sweep plays."""
    for key, value in variant:
        if key == "optional" and value:
            options = Options(
                bad_luck=options.bad_luck or value == "bad_luck",
                alarm=options.alarm or value == "alarm",
                vorwarts=options.vorwarts or value == "vorwarts",
                events=options.events,
                difficulty=options.difficulty,
            )
        elif key.startswith("ruling."):
            scenario = dataclasses.replace(scenario, rulings={**scenario.rulings, key.removeprefix("ruling."): value})
    return scenario, options


def run(args: argparse.Namespace, host: Any) -> int:
    scenario = scenario_for(args, host)
    options = options_from(args, scenario)
    variants = parse_sweeps(args.sweep, RULINGS, scenario.optional_rules, TITLE)
    policy_id, factory = policy_factory(host, args.policy)
    jobs = args.jobs or default_jobs()
    executor = "dask" if args.scheduler else args.executor
    summaries: list[tuple[Variant, dict[str, Any]]] = []
    start = time.monotonic()
    for variant in variants:
        v_scenario, v_options = apply_variant(scenario, options, variant)
        bar = ProgressBar(f"{TITLE} x{args.games}")
        results = simulate(v_scenario, factory, v_options, args.games, args.seed, jobs, bar, check=args.check, executor=executor, scheduler=args.scheduler)
        summary = {"title": TITLE, "seed": args.seed, "policy": policy_id, "options": v_options.to_json(), **summarise(results, LEVELS)}
        summaries.append((variant, summary))
    elapsed = time.monotonic() - start
    if args.chart:
        draw_chart(Path(args.chart), summaries, f"{NAME}: VP over {args.games} games, seed {args.seed}")
    if args.json:
        if args.sweep:
            emit_json({"title": TITLE, "games": args.games, "seed": args.seed, "policy": policy_id, "variants": [{"variant": variant_json(v), **s} for v, s in summaries]})
        else:
            emit_json(summaries[0][1])
        return 0
    where = f"a Dask cluster ({args.scheduler or f'{jobs} local workers'})" if executor == "dask" else f"{min(jobs, args.games)} job(s)"
    print(style(f"{NAME}: {args.games} automatic games, seed {args.seed}, policy {policy_id}, {where}", "bold"))
    if args.sweep:
        header, rows = sweep_rows(summaries)
        print(table(header, rows))
    else:
        summary = summaries[0][1]
        vp = summary["vp"]
        print(f"VP: mean {vp['mean']:.2f} (95% CI {vp['ci95'][0]:.2f}-{vp['ci95'][1]:.2f}), sd {vp['sd']:.2f}, range {vp['min']}-{vp['max']}")
        rows = [[r["level"], r["games"], f"{100 * r['p']:.1f}%", f"{100 * r['ci95'][0]:.1f}%-{100 * r['ci95'][1]:.1f}%"] for r in summary["levels"]]
        print(table(["level", "games", "share", "95% CI (Wilson)"], rows))
        print("VP histogram: " + ", ".join(f"{k}:{v}" for k, v in vp["histogram"].items()))
    if args.chart:
        print(f"Chart written to {args.chart}.")
    print(style(f"{args.games * len(variants) / elapsed:.0f} games/s on {where} ({os.cpu_count()} cores)", "dim"))
    return 0
