"""A long session: 40 entities of about 300 bytes in the state, 2,000 performed steps.

    python benchmarks/session_scaling.py [--steps 2000]

Each step is ``Engine.perform`` of a small procedure (a d6 moves one entity) on the sample
book, saved after every step as a session does. Prints, at steps 20, 500 and 2,000: the
time of one save (the median of the twenty steps before), the time of one step (the resolution's own cost, the state copy
included), the size of the save file and of its journal, and the time to load the save.
Figures only: no assertion on time lives in the tests.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import paragraphs
from paragraphs import hookimpl
from paragraphs.dice import SeededDice
from paragraphs.plugins import make_plugin_manager
from paragraphs.records import Procedure
from paragraphs.state import load_state, save_state

ENTITIES = 40


class Patrol:
    """A benchmark-only procedure: one entity moves by a d6 and notes where it went."""

    @hookimpl
    def paragraphs_register_procedures(self):
        def patrol(ctx, unit: int = 0) -> str:
            face = ctx.roll("d6", "patrol")
            entity = ctx.state.extra["units"][f"U{unit}"]
            entity["hex"] = (entity["hex"] + face) % 400
            entity["log"] = f"moved {face} to hex {entity['hex']}"
            return "moved"

        yield Procedure(id="patrol", title="sample", function=patrol)


def new_state(engine):
    state = engine.new_state()
    state.extra["units"] = {
        f"U{i}": {"hex": i, "strength": 4, "morale": "steady", "log": "", "notes": "x" * 200, "weapons": ["rifle", "grenade"]} for i in range(ENTITIES)
    }
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=2000)
    args = parser.parse_args()
    engine = paragraphs.open_title("sample", host=make_plugin_manager(plugins=[Patrol()]))
    marks = [m for m in (20, 500, 2000) if m <= args.steps] or [args.steps]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "session.json"
        state = new_state(engine)
        print(f"entity size: about {len(str(state.extra['units']['U0']))} bytes; {ENTITIES} entities")
        save_state(state, path)
        dice = SeededDice(1)
        step_times: list[float] = []
        save_times: list[float] = []
        print(f"{'step':>6} {'step ms':>8} {'save ms':>8} {'save KB':>8} {'journal KB':>10} {'load ms':>8}")
        for n in range(1, args.steps + 1):
            t0 = time.perf_counter()
            state = engine.perform("patrol", state, args={"unit": n % ENTITIES}, dice=dice).state
            t1 = time.perf_counter()
            save_state(state, path)
            t2 = time.perf_counter()
            step_times.append(t1 - t0)
            save_times.append(t2 - t1)
            if n in marks:
                window = slice(max(0, n - 20), n)  # the median of the last twenty steps (the disk is shared: fsync times vary)
                t3 = time.perf_counter()
                load_state(path)
                load = time.perf_counter() - t3
                journal = sum(p.stat().st_size for p in Path(folder).glob("session.json.*.journal"))
                print(
                    f"{n:>6} {statistics.median(step_times[window]) * 1000:>8.2f} {statistics.median(save_times[window]) * 1000:>8.2f}"
                    f" {path.stat().st_size / 1024:>8.1f} {journal / 1024:>10.1f} {load * 1000:>8.1f}"
                )
        print(f"median save over all {args.steps} steps: {statistics.median(save_times) * 1000:.2f} ms; 90th percentile {sorted(save_times)[int(len(save_times) * 0.9)] * 1000:.2f} ms")
        total = path.stat().st_size + sum(p.stat().st_size for p in Path(folder).glob("session.json.*.journal"))
        print(f"on disk at step {args.steps}: {total / 1024 / 1024:.2f} MB (save + journal)")
        t0 = time.perf_counter()
        engine.undo(state, args.steps - 30)
        print(f"undo of 31 steps (replayed from a checkpoint): {(time.perf_counter() - t0) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
