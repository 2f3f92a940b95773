"""Where a series of games runs: worker processes on this machine, or a Dask cluster.

Every executor plays game ``i`` of a series with seed ``derive_seed(seed, i)`` and puts
the results back in game order, so a series gives the same results whatever runs it:
``local`` (:func:`paragraphs_raids.montecarlo.run_series`, processes of this machine) or
``dask`` (a Dask distributed cluster: a local one with ``jobs`` workers, or the scheduler
at ``scheduler``). Dask is an optional extra (``paragraphs-raids[dask]``); without it, or
with a scheduler that cannot be reached, the command stops with one line (exit 2).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from paragraphs.errors import UsageError

from paragraphs_raids.montecarlo import ctrl_c_latch, default_jobs, run_series, series_seeds

T = TypeVar("T")
LOCAL = "local"
DASK = "dask"
EXECUTORS = (LOCAL, DASK)
#: How long a scheduler may take to answer before the command gives up.
CONNECT_TIMEOUT = "5s"


def run_on(
    executor: str,
    play: Callable[[tuple[int, int]], T],
    games: int,
    seed: int,
    *,
    jobs: int | None = None,
    scheduler: str | None = None,
    initializer: Callable[..., None] | None = None,
    initargs: tuple[Any, ...] = (),
    progress: Callable[[int, int], None] | None = None,
) -> list[T]:
    """Play a series on ``executor``; the results are in game order.

    ``scheduler`` implies Dask. ``play`` and ``initializer`` must be module-level functions
    (they travel to the workers by name); ``initargs`` travel by pickle.

    Raises:
        UsageError: an unknown executor, Dask missing, or a scheduler out of reach.
    """
    if scheduler:
        executor = DASK
    if executor == LOCAL:
        return run_series(play, games, seed, jobs=jobs, initializer=initializer, initargs=initargs, progress=progress)
    if executor != DASK:
        raise UsageError(f"unknown executor {executor!r} (choose from {', '.join(EXECUTORS)})")
    return _run_dask(play, games, seed, jobs=jobs, scheduler=scheduler, initializer=initializer, initargs=initargs, progress=progress)


def _import_dask() -> Any:
    try:
        import distributed
    except ImportError:
        raise UsageError("the dask executor needs the Dask extra: pip install 'paragraphs-raids[dask]'") from None
    return distributed


def _run_dask(
    play: Callable[[tuple[int, int]], T],
    games: int,
    seed: int,
    *,
    jobs: int | None,
    scheduler: str | None,
    initializer: Callable[..., None] | None,
    initargs: tuple[Any, ...],
    progress: Callable[[int, int], None] | None,
) -> list[T]:
    distributed = _import_dask()
    work = series_seeds(seed, games)
    workers = max(1, min(jobs or default_jobs(), games or 1))
    size = max(1, min(256, games // (workers * 4) or 1))
    batches = [work[i : i + size] for i in range(0, len(work), size)]
    cluster = None
    if scheduler:
        try:
            client = distributed.Client(scheduler, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as exc:
            raise UsageError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
    else:
        cluster = distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=logging.ERROR)
        client = distributed.Client(cluster)
    results: list[Any] = [None] * games
    try:
        futures = client.map(play_batch, batches, play=play, initializer=initializer, initargs=initargs, pure=False)
        done = 0
        with ctrl_c_latch() as stop_if_interrupted:
            for future in distributed.as_completed(futures):
                for index, result in future.result():
                    results[index] = result
                    done += 1
                if progress:
                    progress(done, games)
                stop_if_interrupted()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return results


def play_batch(batch: Sequence[tuple[int, int]], *, play: Callable[[tuple[int, int]], T], initializer: Callable[..., None] | None, initargs: tuple[Any, ...]) -> list[tuple[int, T]]:
    """Play some games of a series on a Dask worker: ``(index, result)`` for each."""
    if initializer is not None:
        initializer(*initargs)
    return [(item[0], play(item)) for item in batch]
