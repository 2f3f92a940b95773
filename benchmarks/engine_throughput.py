"""Playthroughs per second on the synthetic books: journal on, fast mode, and a plain loop.

    python benchmarks/engine_throughput.py [--seconds 1] [--rounds 5]

Two books from one generator (:mod:`synthetic`): jumps up to 8 paragraphs ahead (long
playthroughs, about 231 paragraphs: the cost per paragraph dominates) and up to 40 ahead
(about 49 paragraphs: the cost of starting and ending a resolution weighs more). For each,
the journal mode, the fast mode and a plain hand-written loop (the floor) run in the same
process on the same data, in alternating rounds of ``--seconds`` each, so that a change of
the machine's load hits all of them alike; the ratio printed is the median of the rounds'
ratios. Rates are per second of CPU time. The fast mode runs twice: each playthrough a new
game seeded on its own (``SeededDice(i)``: seeding the PRNG is part of its cost), and a
series of games drawing on one seeded stream, each starting where the last left it, as
the plain loop draws on one ``random.Random`` (one seeding for the whole series). The loop also runs as this benchmark first wrote
it, indexing the book anew for every playthrough, to compare with older figures. A
playthrough starts at paragraph 1 and follows the dice to one of the last ten.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import synthetic  # noqa: E402

from paragraphs.dice import SeededDice  # noqa: E402
from paragraphs.state import State  # noqa: E402


def rate(fn, seconds: float) -> float:  # type: ignore[no-untyped-def]
    """Calls per second of this process's CPU time (the machine is shared: wall-clock
    time would count the other jobs' turns too)."""
    n = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        fn(n)
        n += 1
    return n / (time.process_time() - start)


def measure(reach: int, seconds: float, rounds: int) -> None:
    items = synthetic.specs(reach=reach)
    engine = synthetic.engine(items)
    by_id = synthetic.index(items)
    rng = random.Random(1)

    def journal(i: int) -> None:
        engine.resolve("1", engine.new_state(), dice=SeededDice(i))

    def fast(i: int) -> None:
        engine.resolve("1", State(title="synthetic"), dice=SeededDice(i), record=False)

    stream = SeededDice(1)
    position: list[dict[str, int] | None] = [None]

    def fast_stream(i: int) -> None:
        position[0] = engine.resolve("1", State(title="synthetic", rng=position[0]), dice=stream, record=False).state.rng

    def plain(i: int) -> None:
        synthetic.plain_playthrough(by_id, rng)

    def plain_indexing(i: int) -> None:
        synthetic.plain_playthrough(synthetic.index(items), rng)

    modes = (("journal", journal), ("fast", fast), ("fast, 1 stream", fast_stream), ("plain loop", plain), ("plain, indexing", plain_indexing))
    length = sum(len(engine.resolve("1", engine.new_state(), dice=SeededDice(i)).trail) for i in range(200)) / 200
    rates: dict[str, list[float]] = {name: [] for name, _ in modes}
    for _ in range(rounds):
        for name, fn in modes:
            rates[name].append(rate(fn, seconds))
    fast_ratio = statistics.median(p / f for p, f in zip(rates["plain loop"], rates["fast"]))
    stream_ratio = statistics.median(p / f for p, f in zip(rates["plain loop"], rates["fast, 1 stream"]))
    indexing_ratio = statistics.median(p / f for p, f in zip(rates["plain, indexing"], rates["fast"]))
    journal_ratio = statistics.median(f / j for f, j in zip(rates["fast"], rates["journal"]))
    print(f"synthetic book, jumps up to {reach} ahead: {len(items)} paragraphs, mean playthrough {length:.0f} paragraphs")
    for name, _ in modes:
        print(f"{name:>15}: {statistics.median(rates[name]):10.1f} playthroughs/s (median of {rounds} rounds)")
    print(f"  fast mode is {fast_ratio:.2f}x slower than the plain loop (a seed per game; {stream_ratio:.2f}x drawing on one stream); the journal costs {journal_ratio:.2f}x more than the fast mode")
    print(f"  (against the plain loop that indexes the book for every playthrough, as this benchmark first did: {indexing_ratio:.2f}x)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=1.0, help="length of one measurement")
    ap.add_argument("--rounds", type=int, default=5, help="alternating rounds per book")
    args = ap.parse_args()
    for reach in (synthetic.REACH, synthetic.LONG_REACH):
        measure(reach, args.seconds, args.rounds)


if __name__ == "__main__":
    main()
