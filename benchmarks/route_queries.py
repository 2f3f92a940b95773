"""The raids layer's route queries alone: the searches of N automatic games, replayed.

    python benchmarks/route_queries.py [--title bruneval|dieppe] [--games N] [--seed S] [--baseline DIR]

Whole games mix the route searches with everything else, and on a shared machine their
speed-ups drown in the noise. This script plays N seeded games of the title once, notes
every ``ZoneMap.path_costs``, ``costs_to`` and ``next_steps`` call with its answer, then
replays the calls on a fresh map in fresh processes (best of three each) and prints the
CPU milliseconds they take. Every answer is compared with the one the game got, zones in
the same order included (callers roll among equal zones in that order): a mismatch
exits 1.

``--baseline DIR`` names another checkout (``git archive main | tar -x -C DIR``): its
code replays the same calls, in turn with this checkout's, and the ratio is printed.
Figures only; the tests assert no time.
"""

from __future__ import annotations

import argparse
import os
import pickle
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

TITLES = {
    "bruneval": ("paragraphs_bruneval.raid_title", "paragraphs_bruneval"),
    "dieppe": ("paragraphs_dieppe.cli_simulate", "paragraphs_dieppe"),
}


def record(title: str, games: int, seed: int) -> list[tuple[Any, ...]]:
    """Play the games with the zone map's queries noted (the answers as lists of items)."""
    import importlib

    from paragraphs_raids.zonemap import ZoneMap

    module, package = TITLES[title]
    simulate = importlib.import_module(module).simulate
    policy = importlib.import_module(f"{package}.commands").default_policy
    options = importlib.import_module(f"{package}.game.state").Options()
    scenario = importlib.import_module(f"{package}.scenario").load_scenario()
    calls: list[tuple[Any, ...]] = []
    made: dict[int, int] = {}  # id of a costs_to answer -> index of its call
    keep: list[Any] = []  # the answers stay alive, so their ids stay theirs
    path_costs, costs_to, next_steps = ZoneMap.path_costs, ZoneMap.costs_to, ZoneMap.next_steps

    def spy_path_costs(self: ZoneMap, start: str, **kw: Any) -> Any:
        out = path_costs(self, start, **kw)
        calls.append(("path_costs", start, _plain(kw), list(out.items())))
        return out

    def spy_costs_to(self: ZoneMap, target: str, **kw: Any) -> Any:
        out = costs_to(self, target, **kw)
        made.setdefault(id(out), len(calls))
        keep.append(out)
        calls.append(("costs_to", target, _plain(kw), list(out.items())))
        return out

    def spy_next_steps(self: ZoneMap, here: str, to_target: Any, **kw: Any) -> Any:
        out = next_steps(self, here, to_target, **kw)
        calls.append(("next_steps", here, _plain(kw), out, made[id(to_target)]))
        return out

    ZoneMap.path_costs, ZoneMap.costs_to, ZoneMap.next_steps = spy_path_costs, spy_costs_to, spy_next_steps  # type: ignore[method-assign]
    try:
        simulate(scenario, policy, options, games, seed, 1)
    finally:
        ZoneMap.path_costs, ZoneMap.costs_to, ZoneMap.next_steps = path_costs, costs_to, next_steps  # type: ignore[method-assign]
    return calls


def _plain(kw: dict[str, Any]) -> dict[str, Any]:
    # A copy of each argument of the type the caller passed (a frozenset costs the map
    # less than a set); mappings become plain dicts.
    return {k: (dict(v) if hasattr(v, "items") else type(v)(v) if isinstance(v, (set, frozenset, list, tuple)) else v) for k, v in kw.items()}


def replay(title: str, path: Path) -> None:
    """Replay the noted calls three times on a fresh map; print the best CPU time in ms
    and the number of answers that differ."""
    import importlib
    import time

    calls = pickle.loads(path.read_bytes())
    zmap = importlib.import_module(f"{TITLES[title][1]}.scenario").load_scenario().zmap
    best = float("inf")
    wrong = 0
    for _ in range(3):
        fresh = type(zmap)(zmap.zones, zmap.connections, zmap.costs)
        answers: list[Any] = []
        start = time.process_time()
        for call in calls:
            if call[0] == "path_costs":
                answers.append(fresh.path_costs(call[1], **call[2]))
            elif call[0] == "costs_to":
                answers.append(fresh.costs_to(call[1], **call[2]))
            else:
                answers.append(fresh.next_steps(call[1], answers[call[4]], **call[2]))
        best = min(best, time.process_time() - start)
        wrong = sum(1 for call, got in zip(calls, answers, strict=True) if (got if call[0] == "next_steps" else list(got.items())) != call[3])
    print(f"{best * 1000:.1f} {wrong}")


def timed(title: str, path: Path, checkout: Path | None) -> tuple[float, int]:
    """Replay in a fresh process with ``checkout``'s code (None: this one)."""
    env = dict(os.environ)
    if checkout is not None:
        env["PYTHONPATH"] = os.pathsep.join(str(checkout / p) for p in ("", "plugins/raids", f"plugins/{title}"))
    out = subprocess.run([sys.executable, __file__, "--title", title, "--replay", str(path)], env=env, capture_output=True, text=True, check=True).stdout.split()
    return float(out[0]), int(out[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--title", choices=sorted(TITLES), default="bruneval")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--baseline", type=Path, help="another checkout whose code replays the same calls")
    parser.add_argument("--replay", type=Path, help=argparse.SUPPRESS)  # the child process
    args = parser.parse_args()
    if args.replay is not None:
        replay(args.title, args.replay)
        return
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "calls.pickle"
        calls = record(args.title, args.games, args.seed)
        path.write_bytes(pickle.dumps(calls))
        print(f"{args.title}: {len(calls)} route queries from {args.games} games (seed {args.seed})")
        rounds = []
        for _ in range(3):  # interleaved, so both see the same load
            rounds.append((timed(args.title, path, args.baseline) if args.baseline else None, timed(args.title, path, None)))
    wrong = max(after[1] for _, after in rounds)
    now = min(after[0] for _, after in rounds)
    print(f"this checkout: {now:.1f} ms (answers that differ: {wrong})")
    if args.baseline is not None:
        before = min(b[0] for b, _ in rounds if b is not None)
        wrong = max(wrong, max(b[1] for b, _ in rounds if b is not None))
        print(f"baseline {args.baseline}: {before:.1f} ms; ratio {before / now:.2f}")
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
