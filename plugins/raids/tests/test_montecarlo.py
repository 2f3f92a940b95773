"""Seeded series over processes, and interval estimates."""

from __future__ import annotations

import math

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
    assert math.isclose(est.half_width, 1.959963984540054 * est.sd / 2)


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
