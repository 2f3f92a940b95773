"""Exact odds of every paragraph: how many are computed, how many whole, and how fast.

    python benchmarks/odds_all.py            # Ambush! (fresh, session), sample, synthetic
    python benchmarks/odds_all.py --quick    # the sample and synthetic books only
    python benchmarks/odds_all.py --budget 200
    python benchmarks/odds_all.py --baseline /tmp/main   # interleaved, results compared

For each book every paragraph is computed from a fresh state with no answers given, at
the default node budget, each with a fresh memo (what a player asking about one
paragraph gets). Reported: how many were computed (a refusal or error is counted, not
hidden), how many resolve with no frontier leaf, the probability mass left on frontier
leaves (with open questions the leaves sum to one per assignment of them, so each
paragraph's frontier mass is divided by its total; the mean over computed paragraphs is
shown) and how many frontier leaves there are in all (a tree that reaches further can
hold more of them for less mass), and the median, 95th percentile and slowest time per
paragraph, in wall-clock time and in CPU time (what the process itself used: on a
shared, loaded machine the steadier figure).

The sample and synthetic books are also run "shared": one memo for the whole sweep, last
paragraph first, so each chain reuses what later paragraphs computed (the 1.x figure was
taken that way). For them the number of distinct end paragraphs is also shown (the 1.x
figure counted outcomes by end paragraph; the tree keeps every trail, so a book whose
paths multiply (the synthetic one) has as many leaves as trails: see docs/odds.md).

"Ambush! in a session" is what ``odds N`` inside ``play ambush`` runs for every
paragraph: the session's state (mission 22 chosen, as ``play ambush --mission 22`` sets
it), answers none, the display rendered.

``--baseline DIR`` (DIR another checkout: ``git archive main | tar -x -C DIR``) runs only
the Ambush! sweep, by DIR's code and by this checkout's in turn, twice, each in a fresh
process (so both see the same load), and then compares the two results of every
paragraph: identical JSON, or else whether this checkout only refines the baseline's (every
leaf that is not a frontier kept with its probability, no more frontier leaves and no more
frontier mass).

Finally: five lumped fires of a procedure (the weapon of ``tests/test_odds_tree.py``, whose
fire is one d100 read as killed / wounded / missed): leaves and time.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import synthetic  # noqa: E402

from paragraphs.api import open_title  # noqa: E402
from paragraphs.errors import ParagraphsError  # noqa: E402
from paragraphs.odds import OddsMemo, paragraph_odds, procedure_odds  # noqa: E402


def _summary(times: list[float], n: int, computed: int, failed: int, whole: int, mass: Fraction, ends: set[str], frontier_leaves: int = 0, cpu: list[float] | None = None) -> dict[str, object]:
    times.sort()
    cpu = sorted(cpu or [0.0])
    return {
        "cpu_p95_ms": cpu[min(len(cpu) - 1, int(0.95 * len(cpu)))] * 1000,
        "cpu_slowest_ms": cpu[-1] * 1000,
        "paragraphs": n,
        "computed": computed,
        "failed": failed,
        "whole": whole,
        "frontier_leaves": frontier_leaves,
        "mass": float(mass / computed) if computed else 0.0,
        "ends": len(ends),
        "median_ms": statistics.median(times) * 1000,
        "p95_ms": times[min(n - 1, int(0.95 * n))] * 1000,
        "slowest_ms": times[-1] * 1000,
        "total_s": sum(times),
    }


def sweep(engine, shared: bool, budget: int | None) -> dict[str, object]:  # type: ignore[no-untyped-def]
    times: list[float] = []
    cpu: list[float] = []
    computed = whole = failed = frontier_leaves = 0
    mass = Fraction(0)
    ends: set[str] = set()
    memo = OddsMemo() if shared else None
    order = list(engine.book.paragraphs)
    if shared:
        order.reverse()
    for pid in order:
        start = time.perf_counter()
        start_cpu = time.process_time()
        try:
            result = paragraph_odds(engine, pid, memo=memo if shared else OddsMemo(), budget=budget)
        except ParagraphsError:
            failed += 1
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
            continue
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        computed += 1
        ends.update(o.trail[-1] for o in result.outcomes if o.trail and o.frontier is None)
        frontier = result.frontier_mass
        frontier_leaves += sum(1 for o in result.outcomes if o.frontier is not None)
        if not frontier:
            whole += 1
        else:
            # with open questions the leaves sum to one per assignment: normalise
            total = result.total()
            mass += frontier / total if total else 0
    return _summary(times, len(order), computed, failed, whole, mass, ends, frontier_leaves, cpu)


def session_sweep(engine) -> dict[str, object]:  # type: ignore[no-untyped-def]
    """``odds N`` typed in ``play ambush`` for every paragraph (a fresh memo each, as there)."""
    from paragraphs.companion.session import Session

    session = Session(engine, engine.new_state(mission=22))
    times: list[float] = []
    cpu: list[float] = []
    failed = 0
    for pid in engine.book.paragraphs:
        start = time.perf_counter()
        start_cpu = time.process_time()
        try:
            session.odds(pid)
        except ParagraphsError:
            failed += 1
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    n = len(times)
    return _summary(times, n, n - failed, failed, 0, Fraction(0), set(), 0, cpu)


def report(label: str, r: dict[str, object], whole: bool = True) -> None:
    parts = [f"{label:34} {r['computed']:>4}/{r['paragraphs']:<4} computed ({r['failed']} failed)"]
    if whole:
        parts.append(f"{r['whole']} with no frontier, mean frontier mass {r['mass']:.3f} on {r['frontier_leaves']} frontier leaves, {r['ends']} end paragraphs")
    parts.append(f"median {r['median_ms']:.2f} ms, p95 {r['p95_ms']:.1f} ms, slowest {r['slowest_ms']:.0f} ms, total {r['total_s']:.1f} s (CPU time: p95 {r['cpu_p95_ms']:.1f} ms, slowest {r['cpu_slowest_ms']:.0f} ms)")
    print("; ".join(parts))


def fires() -> None:
    # the weapon of the odds tests: each fire a d100 read as killed / wounded / missed
    sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))
    from test_odds_tree import weapon_engine

    engine = weapon_engine()
    start = time.perf_counter()
    result = procedure_odds(engine, "burst", args={"fires": 5})
    seconds = time.perf_counter() - start
    print(f"five lumped fires (3 outcomes each): {len(result.outcomes)} leaves, total {result.total()}, {seconds * 1000:.0f} ms")


def timed_sweep(out: Path) -> None:
    """The Ambush! sweep (fresh memo each) with each paragraph's CPU and wall time and its
    JSON result, written to ``out`` (run in a fresh process by ``--baseline``)."""
    engine = open_title("ambush")
    pids = list(engine.book.paragraphs)
    for pid in pids[:40]:  # the first computations build the engine's lazy tables
        paragraph_odds(engine, pid, memo=OddsMemo())
    cpu: list[float] = []
    wall: list[float] = []
    results: dict[str, str] = {}
    for pid in pids:
        start, start_cpu = time.perf_counter(), time.process_time()
        try:
            result = paragraph_odds(engine, pid, memo=OddsMemo())
        except ParagraphsError as exc:
            cpu.append(time.process_time() - start_cpu)
            wall.append(time.perf_counter() - start)
            results[pid] = json.dumps({"error": str(exc)})
            continue
        cpu.append(time.process_time() - start_cpu)
        wall.append(time.perf_counter() - start)
        # kept as text (not timed): a string is not tracked by the garbage collector, while
        # 775 trees of dicts would make its full collections slower as the sweep goes on
        results[pid] = json.dumps(result.to_json())
    out.write_text(json.dumps({"cpu": cpu, "wall": wall, "results": results}))


def _in_process(checkout: Path | None, out: Path) -> dict[str, object]:
    env = dict(os.environ)
    if checkout is not None:
        paths = [checkout] + sorted(p for p in (checkout / "plugins").iterdir() if p.is_dir())
        env["PYTHONPATH"] = os.pathsep.join(str(p) for p in paths)
    subprocess.run([sys.executable, __file__, "--timed-sweep", str(out)], env=env, check=True)
    return json.loads(out.read_text())  # type: ignore[no-any-return]


def _figures(run: dict[str, object]) -> str:
    cpu = sorted(run["cpu"])  # type: ignore[call-overload]
    wall = sorted(run["wall"])  # type: ignore[call-overload]
    n = len(cpu)
    return f"CPU p95 {cpu[int(0.95 * n)] * 1000:.1f} ms, median {statistics.median(cpu) * 1000:.2f} ms, slowest {cpu[-1] * 1000:.0f} ms, all {sum(cpu):.2f} s; wall p95 {wall[int(0.95 * n)] * 1000:.1f} ms, slowest {wall[-1] * 1000:.0f} ms, all {sum(wall):.2f} s"


def _frontiers(result: dict[str, object]) -> tuple[int, Fraction]:
    leaves = [o for o in result["outcomes"] if "frontier" in o]  # type: ignore[attr-defined]
    return len(leaves), sum((Fraction(o["probability"]) for o in leaves), Fraction(0))


def compare(before: dict[str, dict[str, object]], after: dict[str, dict[str, object]]) -> None:
    """Print how many paragraphs give identical JSON, and check the others only refine."""
    identical = refined = 0
    worse: list[str] = []
    for pid, old in before.items():
        new = after[pid]
        if old == new:
            identical += 1
            continue
        if "error" in old or "error" in new:
            worse.append(pid)
            continue

        def key(o: dict[str, object]) -> str:
            return json.dumps({k: v for k, v in o.items() if k not in ("probability", "p")}, sort_keys=True)

        kept = {(key(o), o["probability"]) for o in new["outcomes"]}  # type: ignore[attr-defined]
        lost = [o for o in old["outcomes"] if "frontier" not in o and (key(o), o["probability"]) not in kept]  # type: ignore[attr-defined]
        (n_old, m_old), (n_new, m_new) = _frontiers(old), _frontiers(new)
        if lost or n_new > n_old or m_new > m_old:
            worse.append(pid)
        else:
            refined += 1
    print(f"results: {identical} of {len(before)} paragraphs identical (JSON), {refined} refined (fewer frontier leaves or less frontier mass, every other leaf kept), {len(worse)} otherwise" + (": " + ", ".join(worse[:20]) if worse else ""))


def against(baseline: Path) -> None:
    runs: dict[str, list[dict[str, object]]] = {"baseline": [], "this checkout": []}
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(2):  # interleaved, so both see the same load
            runs["baseline"].append(_in_process(baseline, Path(tmp) / f"base{i}.json"))
            runs["this checkout"].append(_in_process(None, Path(tmp) / f"new{i}.json"))
    for label, done in runs.items():
        for run in done:
            print(f"Ambush!, fresh memo each, {label:14} {_figures(run)}")
    before, after = (runs[k][0]["results"] for k in ("baseline", "this checkout"))
    compare({p: json.loads(t) for p, t in before.items()}, {p: json.loads(t) for p, t in after.items()})  # type: ignore[attr-defined]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the sample and synthetic books only")
    parser.add_argument("--budget", type=int, help="node budget (default: the library's)")
    parser.add_argument("--baseline", type=Path, help="another checkout: the Ambush! sweep by both, interleaved, results compared")
    parser.add_argument("--timed-sweep", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.timed_sweep is not None:
        timed_sweep(args.timed_sweep)
        return
    if args.baseline is not None:
        against(args.baseline)
        return
    books = [] if args.quick else [("Ambush!", open_title("ambush"))]
    books += [("sample book", open_title("sample")), ("synthetic book", synthetic.engine())]
    for label, engine in books:
        report(f"{label}, fresh memo each", sweep(engine, shared=False, budget=args.budget))
        if label == "Ambush!":
            report("Ambush! in a session (mission 22)", session_sweep(engine), whole=False)
        else:
            report(f"{label}, one shared memo", sweep(engine, shared=True, budget=args.budget))
    fires()


if __name__ == "__main__":
    main()
