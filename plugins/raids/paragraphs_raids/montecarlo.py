"""Seeded series of automatic games spread over processes, and their statistics.

Game ``i`` of a series started from seed ``S`` is seeded with
``paragraphs.dice.derive_seed(S, i)``, whatever the number of processes, and results are
put back in game order, so a series gives the same figures with one job or many.
Proportions get Wilson score intervals and means Student's t interval (t s / sqrt(n), t
for n - 1 degrees of freedom: wider than the normal 1.96 for a small series, the same for
a large one), cut at the lowest (or highest) value the rules allow when a title gives it.
"""

from __future__ import annotations

import gc
import math
import multiprocessing
import os
import signal
import threading
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
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
        with ctrl_c_latch() as stop_if_interrupted, collector_per_game():
            for done, item in enumerate(work, 1):
                results[item[0]] = play(item)
                gc.collect(0)  # what the game left in a cycle (collector_per_game)
                if progress:
                    progress(done, games)
                stop_if_interrupted()
        return results  # type: ignore[return-value]
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    ctx = multiprocessing.get_context(method)
    chunk = max(1, min(64, games // (jobs * 8) or 1))
    # The latch goes in after the workers are forked: they start with Python's own
    # handler and ignore Ctrl-C from their first step (_worker_start).
    with ctx.Pool(jobs, initializer=_worker_start, initargs=(initializer, initargs)) as pool, ctrl_c_latch() as stop_if_interrupted:
        for done, (index, result) in enumerate(pool.imap_unordered(_indexed(play), work, chunksize=chunk), 1):
            results[index] = result
            if progress:
                progress(done, games)
            stop_if_interrupted()
    return results  # type: ignore[return-value]


@contextmanager
def collector_per_game() -> Iterator[None]:
    """Python's cyclic garbage collector off for a series; the series collects the
    youngest generation after each game instead (``gc.collect(0)``), and the collector's
    state is put back afterwards, also when a game raises.

    Why: the collector starts a collection every 700 objects made and, every tenth and
    hundredth one, walks the older generations too, which hold the whole loaded title: a
    few percent of an automatic game's instructions in the compiled build, to find cycles
    that the raid games do not make (reference counting frees all a game built, checked
    in the tests). The collection after each game still frees any cycle a game leaves
    (a title's own policy may make some), while it walks only what that game left alive.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


@contextmanager
def ctrl_c_latch() -> Iterator[Callable[[], None]]:
    """Note every Ctrl-C during a series; yield a check that raises KeyboardInterrupt once
    one came.

    Ctrl-C still raises KeyboardInterrupt at once, wherever the main thread is. But when
    that is inside a finaliser (``__del__``, a weakref callback the garbage collector runs,
    a multiprocessing ``Finalize``), Python prints the exception and drops it, and the
    series ran on to its end. The check, called after each result, stops it however the
    first exception fared. Off the main thread, or where Ctrl-C is ignored (a job started
    in the background), nothing changes.
    """
    previous = signal.getsignal(signal.SIGINT)
    if threading.current_thread() is not threading.main_thread() or previous is signal.SIG_IGN:
        yield _never_interrupted
        return
    came: list[int] = []

    def note_and_raise(signum: int, frame: object) -> None:
        came.append(signum)
        raise KeyboardInterrupt

    def stop_if_interrupted() -> None:
        if came:
            raise KeyboardInterrupt

    signal.signal(signal.SIGINT, note_and_raise)
    try:
        yield stop_if_interrupted
    finally:
        signal.signal(signal.SIGINT, previous)


def _never_interrupted() -> None:
    return None


def _worker_start(initializer: Callable[..., None] | None, initargs: tuple[Any, ...]) -> None:
    """A worker ignores Ctrl-C: the terminal sends it to the whole process group, and a
    worker stopped by it printed its traceback; the parent alone stops the series (leaving
    the pool terminates the workers)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # The worker plays games until the pool ends it: the collector stays off, and
    # _indexed collects after each game (collector_per_game says why).
    gc.disable()
    if initializer is not None:
        initializer(*initargs)


class _indexed:
    """Pairs each result with its game index (picklable, unlike a closure); runs in the
    workers."""

    def __init__(self, play: Callable[[tuple[int, int]], Any]) -> None:
        self.play = play

    def __call__(self, item: tuple[int, int]) -> tuple[int, Any]:
        result = self.play(item)
        gc.collect(0)  # the worker's collector is off (_worker_start)
        return item[0], result


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


def t_quantile_975(df: int) -> float:
    """The 97.5% point of Student's t with ``df`` degrees of freedom (a two-sided 95%
    interval), from its exact distribution function for whole ``df`` by bisection."""
    if df < 1:
        raise ValueError("t needs at least one degree of freedom")
    if df > 200:
        # the sum runs over about df terms: past a few hundred, the Cornish-Fisher series
        # in 1/df (Abramowitz and Stegun 26.7.5) agrees with it to well under 1e-8
        z = Z95
        g = (
            (z**3 + z) / 4,
            (5 * z**5 + 16 * z**3 + 3 * z) / 96,
            (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384,
            (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160,
        )
        return z + sum(gk / df ** (k + 1) for k, gk in enumerate(g))
    lo, hi = 0.0, 13.0  # t(1) is 12.71, and t falls with df
    for _ in range(80):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if _t_central(mid, df) < 0.95 else (lo, mid)
    return (lo + hi) / 2


def _t_central(t: float, df: int) -> float:
    """P(-t < T < t) for Student's T with ``df`` (whole) degrees of freedom: the closed
    form in theta = atan(t / sqrt(df)), a finite sum of powers of cos(theta)."""
    theta = math.atan(t / math.sqrt(df))
    c2 = math.cos(theta) ** 2
    if df % 2:
        term, total = math.cos(theta), 0.0
        if df > 1:
            total = term
            for k in range(3, df - 1, 2):  # the coefficients 2/3, 2*4/(3*5), ...
                term *= c2 * (k - 1) / k
                total += term
                if term < 1e-17 * total:
                    break  # the rest adds nothing a float can hold
        return 2 / math.pi * (theta + math.sin(theta) * total)
    term = total = 1.0
    for k in range(2, df - 1, 2):  # the coefficients 1/2, 1*3/(2*4), ...
        term *= c2 * (k - 1) / k
        total += term
        if term < 1e-17 * total:
            break
    return math.sin(theta) * total


@dataclass(frozen=True, slots=True)
class MeanEstimate:
    """A sample mean with its standard deviation and 95% half-width (Student's t).

    ``floor`` and ``ceiling`` are the lowest and highest values the rules allow (None: not
    given); the interval is cut there, since the true mean cannot be outside them, and
    ``cut`` says which end was (``low``, ``high``, ``both`` or empty).
    """

    mean: float
    sd: float
    half_width: float
    floor: float | None = None
    ceiling: float | None = None

    @property
    def low(self) -> float:
        low = self.mean - self.half_width
        return low if self.floor is None else max(low, self.floor)

    @property
    def high(self) -> float:
        high = self.mean + self.half_width
        return high if self.ceiling is None else min(high, self.ceiling)

    @property
    def cut(self) -> str:
        low = self.floor is not None and self.mean - self.half_width < self.floor
        high = self.ceiling is not None and self.mean + self.half_width > self.ceiling
        return "both" if low and high else "low" if low else "high" if high else ""


def mean_estimate(values: Sequence[float], z: float | None = None, *, floor: float | None = None, ceiling: float | None = None) -> MeanEstimate:
    """Mean, sample standard deviation and the half-width ``t * s / sqrt(n)`` (``z``
    instead of Student's t when given), the interval cut at ``floor`` and ``ceiling``."""
    n = len(values)
    if n == 0:
        return MeanEstimate(0.0, 0.0, 0.0, floor, ceiling)
    mean = sum(values) / n
    if n == 1:
        return MeanEstimate(mean, 0.0, 0.0, floor, ceiling)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    sd = math.sqrt(var)
    factor = z if z is not None else t_quantile_975(n - 1)
    return MeanEstimate(mean, sd, factor * sd / math.sqrt(n), floor, ceiling)


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

