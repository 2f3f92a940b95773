"""A long session: 40 entities of about 300 bytes in the state, 2,000 performed steps.

    python benchmarks/session_scaling.py [--steps 2000] [--baseline DIR]

Each step is ``Engine.perform`` of a small procedure (a d6 moves one entity) on the sample
book, saved after every step as a session does. Prints, at steps 20, 500 and 2,000: the
time of one save (the median of the twenty steps before), the time of one step (the
resolution's own cost, the state copy included), the size of the save file and of its
journal, and the time to load the save; then the median and 90th percentile of all saves.
Figures only: no assertion on time lives in the tests.

``--baseline DIR`` names another checkout of the repository (``git archive main | tar -x -C
DIR``): two sessions, one on its code and one on this checkout's, each in a process of its
own, take their steps in turn (one step and its save in one, then in the other, never at
the same time), so both meet the same load on the shared disk; the figures of both are
printed side by side with their ratio.
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
from pathlib import Path

ENTITIES = 40
MARKS = (20, 500, 2000)


def patrol_plugin():
    from paragraphs import hookimpl
    from paragraphs.records import Procedure

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

    return Patrol()


class LongSession:
    """One session in a folder of its own: a step and its save at a time."""

    def __init__(self, folder: Path) -> None:
        import paragraphs
        from paragraphs.dice import SeededDice
        from paragraphs.plugins import make_plugin_manager
        from paragraphs.state import save_state

        self.engine = paragraphs.open_title("sample", host=make_plugin_manager(plugins=[patrol_plugin()]))
        self.folder = folder
        self.path = folder / "session.json"
        self.state = self.engine.new_state()
        self.state.extra["units"] = {
            f"U{i}": {"hex": i, "strength": 4, "morale": "steady", "log": "", "notes": "x" * 200, "weapons": ["rifle", "grenade"]} for i in range(ENTITIES)
        }
        self.dice = SeededDice(1)
        self.steps = 0
        save_state(self.state, self.path)
        self.files()  # the first load builds the schema's validator: not a figure of the save

    def entity_bytes(self) -> int:
        return len(str(self.state.extra["units"]["U0"]))

    def step(self) -> tuple[float, float]:
        """One step and its save: their wall-clock times in seconds."""
        from paragraphs.state import save_state

        self.steps += 1
        t0 = time.perf_counter()
        self.state = self.engine.perform("patrol", self.state, args={"unit": self.steps % ENTITIES}, dice=self.dice).state
        t1 = time.perf_counter()
        save_state(self.state, self.path)
        return t1 - t0, time.perf_counter() - t1

    def files(self) -> dict[str, float]:
        """The sizes on disk (bytes) and the time to load the save (seconds)."""
        from paragraphs.state import load_state

        t0 = time.perf_counter()
        load_state(self.path)
        load = time.perf_counter() - t0
        journal = sum(p.stat().st_size for p in self.folder.glob("session.json.*.journal"))
        bak = self.path.with_name("session.json.bak")
        return {"save": self.path.stat().st_size, "journal": journal, "bak": bak.stat().st_size if bak.exists() else 0, "load": load}

    def undo_time(self, steps_back: int) -> float:
        t0 = time.perf_counter()
        self.engine.undo(self.state, self.steps - steps_back + 1)
        return time.perf_counter() - t0


def worker() -> None:
    """Serve one session over stdin/stdout (``--baseline``): a JSON line per command."""
    with tempfile.TemporaryDirectory() as folder:
        session = LongSession(Path(folder))
        print(json.dumps({"entity": session.entity_bytes()}), flush=True)
        for line in sys.stdin:
            command = line.strip()
            if command == "step":
                print(json.dumps(session.step()), flush=True)
            elif command == "files":
                print(json.dumps(session.files()), flush=True)
            elif command == "undo":
                print(json.dumps(session.undo_time(31)), flush=True)
            else:
                break


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f}"


def p90(values: list[float]) -> float:
    return sorted(values)[int(len(values) * 0.9)]


def run_alone(steps: int) -> None:
    marks = [m for m in MARKS if m <= steps] or [steps]
    with tempfile.TemporaryDirectory() as folder:
        session = LongSession(Path(folder))
        print(f"entity size: about {session.entity_bytes()} bytes; {ENTITIES} entities")
        step_times: list[float] = []
        save_times: list[float] = []
        print(f"{'step':>6} {'step ms':>8} {'save ms':>8} {'save KB':>8} {'journal KB':>10} {'load ms':>8}")
        for n in range(1, steps + 1):
            step, save = session.step()
            step_times.append(step)
            save_times.append(save)
            if n in marks:
                window = slice(max(0, n - 20), n)  # the median of the last twenty steps (the disk is shared: fsync times vary)
                files = session.files()
                print(
                    f"{n:>6} {ms(statistics.median(step_times[window])):>8} {ms(statistics.median(save_times[window])):>8}"
                    f" {files['save'] / 1024:>8.1f} {files['journal'] / 1024:>10.1f} {ms(files['load']):>8}"
                )
        print(f"median save over all {steps} steps: {ms(statistics.median(save_times))} ms; 90th percentile {ms(p90(save_times))} ms")
        files = session.files()
        print(f"on disk at step {steps}: {(files['save'] + files['journal']) / 1024 / 1024:.2f} MB (save + journal); the backup {files['bak'] / 1024:.0f} KB more")
        print(f"undo of 31 steps (replayed from a checkpoint): {ms(session.undo_time(31))} ms")


def run_interleaved(steps: int, baseline: Path) -> None:
    marks = [m for m in MARKS if m <= steps] or [steps]
    here = Path(__file__).resolve()
    env = dict(os.environ, PYTHONPATH=str(baseline.resolve()))
    procs = {
        "baseline": subprocess.Popen([sys.executable, str(here), "--worker"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env, cwd=baseline),
        "this": subprocess.Popen([sys.executable, str(here), "--worker"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True),
    }

    def ask(name: str, command: str):
        proc = procs[name]
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(command + "\n")
        proc.stdin.flush()
        return json.loads(proc.stdout.readline())

    try:
        for name, proc in procs.items():
            assert proc.stdout is not None
            json.loads(proc.stdout.readline())
        saves: dict[str, list[float]] = {name: [] for name in procs}
        stepped: dict[str, list[float]] = {name: [] for name in procs}
        print(f"{'step':>6} {'save ms base':>12} {'save ms this':>12} {'ratio':>6} {'save+journal KB base':>21} {'this':>8} {'load ms base':>12} {'this':>7}")
        for n in range(1, steps + 1):
            order = list(procs) if n % 2 else list(reversed(procs))  # neither always goes first
            for name in order:
                step, save = ask(name, "step")
                stepped[name].append(step)
                saves[name].append(save)
            if n in marks:
                window = slice(max(0, n - 20), n)
                base, this = (statistics.median(saves[k][window]) for k in ("baseline", "this"))
                files = {name: ask(name, "files") for name in procs}
                size = {k: (f["save"] + f["journal"]) / 1024 for k, f in files.items()}
                print(
                    f"{n:>6} {ms(base):>12} {ms(this):>12} {base / this:>6.2f} {size['baseline']:>21.1f} {size['this']:>8.1f}"
                    f" {ms(files['baseline']['load']):>12} {ms(files['this']['load']):>7}"
                )
        for name in procs:
            print(
                f"{name}: save median {ms(statistics.median(saves[name]))} ms, 90th percentile {ms(p90(saves[name]))} ms,"
                f" mean {ms(statistics.fmean(saves[name]))} ms; step median {ms(statistics.median(stepped[name]))} ms"
            )
        b, t = saves["baseline"], saves["this"]
        print(f"ratio baseline/this: median {statistics.median(b) / statistics.median(t):.2f}, 90th percentile {p90(b) / p90(t):.2f}, mean {statistics.fmean(b) / statistics.fmean(t):.2f}")
        files = {name: ask(name, "files") for name in procs}
        for name, f in files.items():
            print(f"{name}: on disk at step {steps}: save {f['save'] / 1024:.0f} KB, journal {f['journal'] / 1024:.0f} KB, backup {f['bak'] / 1024:.0f} KB")
    finally:
        for proc in procs.values():
            if proc.stdin is not None:
                proc.stdin.close()
            proc.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=2000)
    parser.add_argument("--baseline", type=Path, help="another checkout whose saves are timed in turn with this one's")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker()
    elif args.baseline is not None:
        run_interleaved(args.steps, args.baseline)
    else:
        run_alone(args.steps)


if __name__ == "__main__":
    main()
