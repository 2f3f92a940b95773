"""Playthroughs per second on the synthetic book: journal on, fast mode, and a plain loop.

    python benchmarks/engine_throughput.py [--seconds 3]

All three run in the same process on the same data; the plain hand-written loop is the
floor. A playthrough starts at paragraph 1 and follows the dice to one of the last ten.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import synthetic  # noqa: E402

from paragraphs.dice import SeededDice  # noqa: E402
from paragraphs.state import State  # noqa: E402


def rate(fn, seconds: float) -> tuple[float, int]:  # type: ignore[no-untyped-def]
    n = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        fn(n)
        n += 1
    return n / (time.perf_counter() - start), n


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=3.0)
    args = ap.parse_args()
    items = synthetic.specs()
    engine = synthetic.engine(items)
    rng = random.Random(1)

    def journal(i: int) -> None:
        engine.resolve("1", engine.new_state(), dice=SeededDice(i))

    def fast(i: int) -> None:
        engine.resolve("1", State(title="synthetic"), dice=SeededDice(i), record=False)

    def plain(i: int) -> None:
        synthetic.plain_playthrough(items, rng)

    length = sum(len(engine.resolve("1", engine.new_state(), dice=SeededDice(i)).trail) for i in range(50)) / 50
    results = {name: rate(fn, args.seconds) for name, fn in (("journal", journal), ("fast", fast), ("plain loop", plain))}
    print(f"synthetic book: {len(items)} paragraphs, mean playthrough {length:.0f} paragraphs")
    for name, (per_s, n) in results.items():
        print(f"{name:>10}: {per_s:10.1f} playthroughs/s ({n} runs)")
    print(f"fast mode is {results['plain loop'][0] / results['fast'][0]:.2f}x slower than the plain loop; "
          f"the journal costs {results['fast'][0] / results['journal'][0]:.2f}x")


if __name__ == "__main__":
    main()
