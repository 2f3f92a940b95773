"""Seeded Monte Carlo series of Dieppe games, for the benchmark and the tests (the
``simulate dieppe`` command itself is the raids layer's template,
:mod:`paragraphs_raids.templates`, given :class:`~paragraphs_dieppe.raid_title.DieppeTitle`).

Game ``i`` is seeded with ``derive_seed(seed, i)`` and results come back in game order,
so the figures depend neither on ``--jobs`` nor on the executor (local processes or a
Dask cluster, :mod:`paragraphs_raids.executors`). ``--sweep`` compares optional rules and
rulings on the same seeds, ``--chart`` draws their VP distributions
(:mod:`paragraphs_raids.series`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from paragraphs_raids.executors import run_on
from paragraphs_raids.series import GameSummary, Variant

from paragraphs_dieppe.game.state import Options
from paragraphs_dieppe.game.turn import play_game
from paragraphs_dieppe.scenario import Scenario

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
