"""Seeded series over processes, and interval estimates."""

from __future__ import annotations

import math

import pytest

from paragraphs.dice import derive_seed
from paragraphs_raids.montecarlo import histogram, level_table, mean_estimate, run_series, series_seeds, wilson


def square_of_seed(item: tuple[int, int]) -> tuple[int, int]:
    index, seed = item
    return index, seed % 1000


def test_series_seeds_use_derive_seed() -> None:
    assert series_seeds(7, 3) == [(i, derive_seed(7, i)) for i in range(3)]


def test_results_do_not_depend_on_jobs() -> None:
    one = run_series(square_of_seed, 50, 3, jobs=1)
    two = run_series(square_of_seed, 50, 3, jobs=2)
    assert one == two
    assert [r[0] for r in one] == list(range(50))


def test_progress_is_reported() -> None:
    seen: list[tuple[int, int]] = []
    run_series(square_of_seed, 5, 0, jobs=1, progress=lambda d, n: seen.append((d, n)))
    assert seen[-1] == (5, 5)


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert math.isclose(lo, 0.4038, abs_tol=1e-4) and math.isclose(hi, 0.5962, abs_tol=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(0, 0) == (0.0, 1.0)


def test_mean_estimate() -> None:
    est = mean_estimate([1, 2, 3, 4])
    assert est.mean == 2.5
    assert math.isclose(est.sd, math.sqrt(5 / 3))
    # Student's t with 3 degrees of freedom, not the normal 1.96: a small series is wider
    assert math.isclose(est.half_width, 3.182446305284263 * est.sd / 2, rel_tol=1e-9)


def test_t_quantiles_match_the_printed_tables() -> None:
    from paragraphs_raids.montecarlo import t_quantile_975

    printed = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 10: 2.228, 30: 2.042, 120: 1.980}
    assert all(math.isclose(t_quantile_975(df), value, abs_tol=5e-4) for df, value in printed.items())
    assert math.isclose(t_quantile_975(100_000), 1.959963984540054, abs_tol=1e-4)


def test_a_mean_interval_is_cut_at_the_lowest_value_the_rules_allow() -> None:
    est = mean_estimate([1, 1, 6], floor=0)
    assert est.low == 0 and est.cut == "low" and math.isclose(est.high, est.mean + est.half_width)
    free = mean_estimate([1, 1, 6])  # no floor given (Dieppe deducts VP): nothing is cut
    assert free.low < 0 and free.cut == ""
    assert mean_estimate([5, 5, 5], floor=0).low == 5  # no spread: the interval is the mean


def test_levels_and_histogram() -> None:
    rows = level_table(("complete", "partial", "failure"), ["partial", "failure", "failure"])
    assert [r["games"] for r in rows] == [0, 1, 2]
    assert histogram([3, 1, 3]) == {1: 1, 3: 2}


def test_a_sweep_value_named_twice_is_one_variant() -> None:
    # found by the eyes pass: `--sweep optional=alarm,alarm` played the same variant twice
    # and printed two identical rows
    from paragraphs_raids.series import parse_sweeps

    variants = parse_sweeps(["optional=alarm,alarm,vorwarts"], {}, {"alarm": "", "vorwarts": ""}, "dieppe")
    assert variants == [(("optional", ""),), (("optional", "alarm"),), (("optional", "vorwarts"),)]
    assert parse_sweeps(["ruling.r=a,a"], {"r": ("a", "b")}, {}, "dieppe") == [(("ruling.r", "a"),)]


def test_the_chart_draws_every_game_even_below_zero_vp() -> None:
    # Dieppe deducts VP (chapter 12): `simulate dieppe --games 3 --seed 5` ends on -7, 3
    # and 20 VP, and the chart's line began at 0, leaving the -7 game out of the shares
    from paragraphs_raids.series import vp_steps

    xs, ys = vp_steps({"-7": 1, "3": 1, "20": 1}, 3)
    assert xs[0] == -7 and xs[-1] == 20 and math.isclose(sum(ys), 1.0)
    assert vp_steps({"2": 2}, 2) == ([0, 1, 2], [0.0, 0.0, 1.0])  # from 0 as before when no game is below


def test_ctrl_c_stops_a_series_even_when_its_keyboard_interrupt_is_swallowed() -> None:
    """Python raises Ctrl-C's KeyboardInterrupt wherever the main thread happens to be;
    raised inside a finaliser (``__del__``, a weakref callback run by the collector) it is
    printed and dropped, and the series went on to its end: a pty test once saw 43,000
    more games after the Ctrl-C. The series notes the signal itself and stops at the next
    result however the exception fared."""
    import os
    import signal

    import pytest

    def swallowing_progress(done: int, games: int) -> None:
        if done == 3:
            try:
                os.kill(os.getpid(), signal.SIGINT)
                for _ in range(1000):  # let the handler run here, as a finaliser would
                    pass
            except KeyboardInterrupt:
                pass

    seen: list[int] = []

    def progress(done: int, games: int) -> None:
        seen.append(done)
        swallowing_progress(done, games)

    # Python's own Ctrl-C handler, as in a terminal: a suite run in the background by a
    # shell without job control inherits SIGINT ignored, and the latch leaves that alone.
    outside = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        for jobs in (1, 2):
            seen.clear()
            with pytest.raises(KeyboardInterrupt):
                run_series(square_of_seed, 400, 0, jobs=jobs, progress=progress)
            assert seen[-1] < 400 and seen[-1] <= 3 + 1, (jobs, seen[-1])
            assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # put back
    finally:
        signal.signal(signal.SIGINT, outside)


def test_a_series_where_ctrl_c_is_ignored_leaves_it_ignored() -> None:
    """A job started in the background ignores Ctrl-C: the series must not start hearing
    it, and leaves the setting as it found it."""
    import signal

    outside = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        assert len(run_series(square_of_seed, 20, 0, jobs=1)) == 20
        assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, outside)


class _Ring:
    """Refers to itself: only the cyclic collector frees it."""

    def __init__(self) -> None:
        self.me = self


def game_leaving_a_cycle(item: tuple[int, int]) -> tuple[int, bool]:
    import gc

    _Ring()
    return item[0], gc.isenabled()


def _collections_during(run: object) -> list[dict[str, int]]:
    """The collections (generation and objects freed) the cyclic collector made while ``run`` ran."""
    import gc

    seen: list[dict[str, int]] = []

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "stop":
            seen.append(dict(info))

    gc.callbacks.append(note)
    try:
        run()  # type: ignore[operator]
    finally:
        gc.callbacks.remove(note)
    return seen


def test_a_series_collects_after_each_game_only_and_puts_the_collector_back() -> None:
    """The automatic collections are off while a series plays (a few percent of a game's
    instructions); one young collection after each game frees the cycles a game leaves,
    and the collector is as it was afterwards, also when a game fails."""
    import gc

    import pytest

    assert gc.isenabled()
    results: list[tuple[int, bool]] = []
    seen = _collections_during(lambda: results.extend(run_series(game_leaving_a_cycle, 30, 0, jobs=1)))
    assert [enabled for _, enabled in results] == [False] * 30
    assert [c["generation"] for c in seen] == [0] * 30
    assert all(c["collected"] >= 1 for c in seen)  # the ring each game left
    assert gc.isenabled()

    def failing(item: tuple[int, int]) -> None:
        raise RuntimeError("a game fails")

    with pytest.raises(RuntimeError):
        run_series(failing, 3, 0, jobs=1)
    assert gc.isenabled()
    gc.disable()
    try:
        run_series(game_leaving_a_cycle, 3, 0, jobs=1)
        assert not gc.isenabled()  # a caller's choice is kept
    finally:
        gc.enable()
    # worker processes: collector off there too, the results as with one job
    assert run_series(game_leaving_a_cycle, 20, 0, jobs=2) == results[:20]


@pytest.mark.parametrize("title", ["bruneval", "dieppe"])
def test_a_raid_series_leaves_nothing_for_the_collector(title: str) -> None:
    """With the automatic collections off, the young collection after each game frees
    whatever a raid game leaves in a cycle (pure Python's games leave none; the compiled
    build's closures leave a few dozen objects a game): a full collection after the series
    finds nothing more, so memory does not grow with the number of games."""
    import gc
    import importlib

    module, options_module = {"bruneval": ("paragraphs_bruneval.raid_title", "paragraphs_bruneval.game.state"), "dieppe": ("paragraphs_dieppe.cli_simulate", "paragraphs_dieppe.game.state")}[title]
    simulate = importlib.import_module(module).simulate
    scenario = importlib.import_module(f"paragraphs_{title}.scenario").load_scenario()
    policy = importlib.import_module(f"paragraphs_{title}.commands").default_policy
    options = importlib.import_module(options_module).Options()
    simulate(scenario, policy, options, 1, 3, 1)  # caches filled once
    gc.collect()
    seen = _collections_during(lambda: simulate(scenario, policy, options, 12, 3, 1))
    assert len(seen) == 12 and all(c["generation"] == 0 for c in seen)
    assert gc.collect() == 0
