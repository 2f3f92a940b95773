"""Time short commands end to end (process start to exit, warm caches) against a bare
``python -c pass`` measured in the same run, and a cold ``validate`` of all content.

    python benchmarks/cli_startup.py [--runs 30] [--baseline DIR]

Each command is timed as wall-clock and as CPU time (user + system of the child process):
on a loaded machine the CPU figure moves less, and both are given as a ratio to ``python
-c pass`` measured alternately with it. The commands run with the interpreter of this
script, a private cache folder and bytecode writing on (``PYTHONDONTWRITEBYTECODE`` would
make every edited module compile at each start); a first run warms the compiled-content
cache and the plugin index and is not counted. ``read ... (every plugin)`` is the same
command with the plugin index turned off (``PARAGRAPHS_NO_PLUGIN_INDEX=1``): every
installed plugin imported and registered, as before the index.

``--baseline DIR`` names another checkout of the repository (``git archive main | tar -x -C
DIR``): ``read sample 2`` and ``read ambush 112`` are then also timed with its code (its
folder and its plugins' folders first on ``PYTHONPATH``, a cache folder of its own), in the
same interleaved runs, so old against new is a ratio taken under the same load; with
``--all-baseline`` also ``--version``, ``--help`` and ``titles``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

# the console script a user runs (beside this interpreter), else `python -m paragraphs`
_SCRIPT = Path(sys.executable).with_name("paragraphs")
PARAGRAPHS = [str(_SCRIPT)] if _SCRIPT.exists() else [sys.executable, "-m", "paragraphs"]


def once(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall-clock and CPU milliseconds of one run of ``cmd``."""
    import time

    start = time.perf_counter()
    pid = os.posix_spawn(cmd[0], cmd, env, file_actions=[(os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0), (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)])
    _, status, usage = os.wait4(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:  # a command that fails in a timed run is not a figure
        raise SystemExit(f"cli_startup: {' '.join(cmd[1:])!r} exited {os.waitstatus_to_exitcode(status)} in a timed run, not 0")
    return (time.perf_counter() - start) * 1000, (usage.ru_utime + usage.ru_stime) * 1000


def check_exits_zero(name: str, cmd: list[str], env: dict[str, str]) -> None:
    """Run ``cmd`` once (the warm-up) and stop the benchmark if it does not exit 0."""
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["(no stderr)"])[-1]
        raise SystemExit(f"cli_startup: {name!r} exited {done.returncode}, not 0, so it is not timed: {last}")


def timed_commands(env: dict[str, str], titles: list[str], old_env: dict[str, str] | None = None, all_baseline: bool = False) -> list[tuple[str, list[str], dict[str, str]]]:
    """The commands to time: name, command line, environment (``old_env`` for the baseline's code)."""
    # both dice of sample 2 (a d10, then a d6), so the read resolves and exits 0
    sample = PARAGRAPHS + ["read", "sample", "2", "--dice", "5,5", "--answer", "storm=1"]
    commands: list[tuple[str, list[str], dict[str, str]]] = [
        ("python -c pass", [sys.executable, "-c", "pass"], env),
        ("paragraphs --version", PARAGRAPHS + ["--version"], env),
        ("paragraphs --help", PARAGRAPHS + ["--help"], env),
        ("paragraphs titles", PARAGRAPHS + ["titles"], env),
        ("read sample 2", sample, env),
        ("read sample 2 (every plugin)", sample, dict(env, PARAGRAPHS_NO_PLUGIN_INDEX="1")),
    ]
    ambush = PARAGRAPHS + ["read", "ambush", "112", "--answer", "pc=3", "--answer", "mission=22", "--seed", "3"]
    if "ambush" in titles:
        commands.append(("read ambush 112", ambush, env))
    if old_env is not None:
        commands.append(("read sample 2 (baseline)", sample, old_env))
        if "ambush" in titles:
            commands.append(("read ambush 112 (baseline)", ambush, old_env))
        if all_baseline:
            for name, cmd, _ in commands[1:4]:  # --version, --help, titles
                commands.append((f"{name.removeprefix('paragraphs ')} (baseline)", cmd, old_env))
    return commands


def modules_imported(cmd: list[str], env: dict[str, str]) -> int:
    """How many modules the command imports (``-X importtime`` lines)."""
    line = [sys.executable, "-X", "importtime", *(cmd[1:] if cmd[0] == sys.executable else cmd)]
    done = subprocess.run(line, env=env, capture_output=True, text=True)
    return sum(1 for row in done.stderr.splitlines() if row.startswith("import time:") and "self [us]" not in row)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--baseline", type=Path, help="another checkout to time the read commands of, in the same runs")
    ap.add_argument("--all-baseline", action="store_true", help="with --baseline, also time --version, --help and titles with its code")
    args = ap.parse_args()
    cache = Path(tempfile.mkdtemp(prefix="paragraphs-bench-"))
    env = dict(os.environ, PARAGRAPHS_CACHE_DIR=str(cache))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("PARAGRAPHS_NO_CACHE", None)
    old_env = env
    if args.baseline is not None:
        base = args.baseline.resolve()
        folders = [base, *sorted(p for p in (base / "plugins").iterdir() if p.is_dir())]
        old_cache = Path(tempfile.mkdtemp(prefix="paragraphs-bench-old-"))
        old_env = dict(env, PYTHONPATH=os.pathsep.join(str(f) for f in folders), PARAGRAPHS_CACHE_DIR=str(old_cache))
    titles = subprocess.run(PARAGRAPHS + ["titles"], env=env, capture_output=True, text=True).stdout.split()
    commands = timed_commands(env, titles, old_env if args.baseline is not None else None, args.all_baseline)
    for name, cmd, cmd_env in commands:  # warm: bytecode, compiled books, the plugin index; and each must work
        check_exits_zero(name, cmd, cmd_env)
    wall: dict[str, list[float]] = {name: [] for name, _, _ in commands}
    cpu: dict[str, list[float]] = {name: [] for name, _, _ in commands}
    for _ in range(args.runs):  # interleaved, so a change of load touches every command alike
        for name, cmd, cmd_env in commands:
            w, c = once(cmd, cmd_env)
            wall[name].append(w)
            cpu[name].append(c)
    base_wall, base_cpu = statistics.median(wall["python -c pass"]), statistics.median(cpu["python -c pass"])
    print(f"{'command':<32} {'wall ms':>8} {'x pass':>7} {'cpu ms':>8} {'x pass':>7} {'modules':>8}")
    for name, cmd, cmd_env in commands:
        w, c = statistics.median(wall[name]), statistics.median(cpu[name])
        count = modules_imported(cmd, cmd_env)
        print(f"{name:<32} {w:8.1f} {w / base_wall:7.1f} {c:8.1f} {c / base_cpu:7.1f} {count:8d}")
    shutil.rmtree(cache, ignore_errors=True)
    if args.baseline is not None:
        shutil.rmtree(old_env["PARAGRAPHS_CACHE_DIR"], ignore_errors=True)
    cold = [once(PARAGRAPHS + ["validate"], dict(env, PARAGRAPHS_NO_CACHE="1"))[0] for _ in range(max(1, args.runs // 10))]
    print(f"validate (cold, all)           {statistics.median(cold):8.1f} ms wall")
    print(f"load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
