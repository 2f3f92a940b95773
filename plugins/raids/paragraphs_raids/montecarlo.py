"""Seeded series of automatic games spread over processes, and their statistics.

Game ``i`` of a series started from seed ``S`` is seeded with
``paragraphs.dice.derive_seed(S, i)``, whatever the number of processes, and results are
put back in game order, so a series gives the same figures with one job or many.
Proportions get Wilson score intervals and means a normal interval (1.96 s / sqrt(n)).
"""

from __future__ import annotations

import math
import multiprocessing
import os
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from paragraphs.dice import derive_seed

T = TypeVar("T")
Z95 = 1.959963984540054


def series_seeds(seed: int, games: int) -> list[tuple[int, int]]:
    """``(index, seed)`` of every game of a series."""
    return [(i, derive_seed(seed, i)) for i in range(games)]


def default_jobs() -> int:
    """All the machine's cores."""
    return os.cpu_count() or 1


def run_series(
    play: Callable[[tuple[int, int]], T],
    games: int,
    seed: int,
    *,
    jobs: int | None = None,
    initializer: Callable[..., None] | None = None,
    initargs: tuple[Any, ...] = (),
    progress: Callable[[int, int], None] | None = None,
) -> list[T]:
    """Play ``games`` games and return their results in game order.

    Args:
        play: a module-level function (it is sent to worker processes) taking
            ``(index, seed)``.
        games: how many.
        seed: the series seed.
        jobs: worker processes (default: every core); 1 plays in this process.
        initializer, initargs: run once in each worker (and here when ``jobs`` is 1)
            to load what every game needs.
        progress: called with ``(done, games)`` as results come in.
    """
    work = series_seeds(seed, games)
    jobs = max(1, min(jobs or default_jobs(), games or 1))
    results: list[T | None] = [None] * games
    if jobs == 1:
        if initializer is not None:
            initializer(*initargs)
        for done, item in enumerate(work, 1):
            results[item[0]] = play(item)
            if progress:
                progress(done, games)
        return results  # type: ignore[return-value]
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    ctx = multiprocessing.get_context(method)
    chunk = max(1, min(64, games // (jobs * 8) or 1))
    with ctx.Pool(jobs, initializer=_worker_start, initargs=(initializer, initargs)) as pool:
        for done, (index, result) in enumerate(pool.imap_unordered(_indexed(play), work, chunksize=chunk), 1):
            results[index] = result
            if progress:
                progress(done, games)
    return results  # type: ignore[return-value]


def _worker_start(initializer: Callable[..., None] | None, initargs: tuple[Any, ...]) -> None:
    """A worker ignores Ctrl-C: the terminal sends it to the whole process group, and a
    worker stopped by it printed its traceback; the parent alone stops the series (leaving
    the pool terminates the workers)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if initializer is not None:
        initializer(*initargs)


class _indexed:
    """Pairs each result with its game index (picklable, unlike a closure)."""

    def __init__(self, play: Callable[[tuple[int, int]], Any]) -> None:
        self.play = play

    def __call__(self, item: tuple[int, int]) -> tuple[int, Any]:
        return item[0], self.play(item)


# --------------------------------------------------------------------------- statistics


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True, slots=True)
class MeanEstimate:
    """A sample mean with its standard deviation and normal 95% half-width."""

    mean: float
    sd: float
    half_width: float

    @property
    def low(self) -> float:
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        return self.mean + self.half_width


def mean_estimate(values: Sequence[float], z: float = Z95) -> MeanEstimate:
    """Mean, sample standard deviation and ``z * s / sqrt(n)``."""
    n = len(values)
    if n == 0:
        return MeanEstimate(0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return MeanEstimate(mean, 0.0, 0.0)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    sd = math.sqrt(var)
    return MeanEstimate(mean, sd, z * sd / math.sqrt(n))


def level_table(levels: Sequence[str], results: Sequence[str]) -> list[dict[str, Any]]:
    """Count, share and Wilson interval of each level, in the order given."""
    counts = Counter(results)
    n = len(results)
    rows = []
    for level in levels:
        k = counts.get(level, 0)
        lo, hi = wilson(k, n)
        rows.append({"level": level, "games": k, "p": k / n if n else 0.0, "low": lo, "high": hi})
    return rows


def histogram(values: Sequence[int]) -> dict[int, int]:
    """How many games ended on each value, in increasing order."""
    return dict(sorted(Counter(values).items()))

