"""Exact odds of every paragraph: how many are computed, how many whole, and how fast.

    python benchmarks/odds_all.py            # Ambush!, the sample book, the synthetic book
    python benchmarks/odds_all.py --quick    # the sample and synthetic books only

For each book every paragraph is computed from a fresh state with no answers given, at
the default node budget, each with a fresh memo (what a player asking about one
paragraph gets). Reported: how many were computed (a refusal or error is counted, not
hidden), how many resolve with no frontier leaf, the probability mass left on frontier
leaves (summed per paragraph, where open questions each count as a full assignment: the
mean over computed paragraphs of mass / number of answer assignments on their leaves is
shown), and the median, 95th percentile and slowest time per paragraph.

The sample and synthetic books are also run "shared": one memo for the whole sweep, last
paragraph first, so each chain reuses what later paragraphs computed (the 1.x figure was
taken that way, with outcomes told apart by end paragraph).

Finally: five lumped fires of a procedure (the weapon of ``tests/test_odds_tree.py``, whose
fire is one d100 read as killed / wounded / missed): leaves and time.
"""

from __future__ import annotations

import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import synthetic  # noqa: E402

from paragraphs.api import open_title  # noqa: E402
from paragraphs.errors import ParagraphsError  # noqa: E402
from paragraphs.odds import OddsMemo, paragraph_odds, procedure_odds  # noqa: E402


def sweep(engine, shared: bool) -> dict[str, object]:  # type: ignore[no-untyped-def]
    times: list[float] = []
    computed = whole = failed = 0
    mass = Fraction(0)
    memo = OddsMemo() if shared else None
    order = list(engine.book.paragraphs)
    if shared:
        order.reverse()
    for pid in order:
        start = time.perf_counter()
        try:
            result = paragraph_odds(engine, pid, memo=memo if shared else OddsMemo())
        except ParagraphsError:
            failed += 1
            times.append(time.perf_counter() - start)
            continue
        times.append(time.perf_counter() - start)
        computed += 1
        frontier = result.frontier_mass
        if not frontier:
            whole += 1
        else:
            # with open questions the leaves sum to one per assignment: normalise
            total = result.total()
            mass += frontier / total if total else 0
    times.sort()
    n = len(order)
    return {
        "paragraphs": n,
        "computed": computed,
        "failed": failed,
        "whole": whole,
        "mass": float(mass / computed) if computed else 0.0,
        "median_ms": statistics.median(times) * 1000,
        "p95_ms": times[min(n - 1, int(0.95 * n))] * 1000,
        "slowest_ms": times[-1] * 1000,
        "total_s": sum(times),
    }


def report(label: str, r: dict[str, object]) -> None:
    print(
        f"{label:28} {r['computed']:>4}/{r['paragraphs']:<4} computed ({r['failed']} failed), "
        f"{r['whole']} with no frontier, mean frontier mass {r['mass']:.3f}; "
        f"median {r['median_ms']:.2f} ms, p95 {r['p95_ms']:.1f} ms, slowest {r['slowest_ms']:.0f} ms, total {r['total_s']:.1f} s"
    )


def fires() -> None:
    # the weapon of the odds tests: each fire a d100 read as killed / wounded / missed
    sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))
    from test_odds_tree import weapon_engine

    engine = weapon_engine()
    start = time.perf_counter()
    result = procedure_odds(engine, "burst", args={"fires": 5})
    seconds = time.perf_counter() - start
    print(f"five lumped fires (3 outcomes each): {len(result.outcomes)} leaves, total {result.total()}, {seconds * 1000:.0f} ms")


def main() -> None:
    quick = "--quick" in sys.argv
    books = [] if quick else [("Ambush!", open_title("ambush"))]
    books += [("sample book", open_title("sample")), ("synthetic book", synthetic.engine())]
    for label, engine in books:
        report(f"{label}, fresh memo each", sweep(engine, shared=False))
        if label != "Ambush!":
            report(f"{label}, one shared memo", sweep(engine, shared=True))
    fires()


if __name__ == "__main__":
    main()
