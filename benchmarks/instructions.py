"""Instructions per automatic raid game, counted by valgrind's callgrind: a speed figure
that other jobs on the machine do not disturb.

    python benchmarks/instructions.py [--title dieppe|bruneval] [--games N] [--seed S] [--python PY]

Seconds measured on a shared machine move with its load; the number of instructions a
series executes does not (the same code, inputs and interpreter give the same count to a
fraction of a percent). Two series are counted in fresh processes, one game and N+1
games, both after loading the title, and the difference divided by N is the figure: the
start-up (imports, content loading, callgrind's own) cancels out. Compare two versions of
the code by running this script with each; compare it across machines only with care
(instructions are not seconds: a change can save instructions and lose cache hits).

``--python`` names the interpreter to run the games with: a compiled build's venv
(``.venv-compiled/bin/python``) is counted the same way. Needs ``valgrind`` on the PATH
(Debian's package); the tests never run it.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

# Runs in the measured interpreter: load the title, then play the games in one process.
GAMES = """
import sys
sys.path.insert(0, {here!r})
import dieppe_games as titles
scenario, simulate, policy, options, _ = getattr(titles, {title!r})()
simulate(scenario, policy, options, {games}, {seed}, 1)
"""


def count(python: str, title: str, games: int, seed: int, env: dict[str, str]) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "games.py"
        script.write_text(GAMES.format(here=str(HERE), title=title, games=games, seed=seed))
        out = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg.out", python, str(script)],
            capture_output=True, text=True, env=env,
        )
    if out.returncode != 0:
        raise SystemExit(f"the games failed under callgrind (exit {out.returncode}):\n{out.stderr[-2000:]}")
    found = re.search(r"Collected\s*:\s*(\d+)", out.stderr)
    if not found:
        raise SystemExit(f"callgrind printed no count:\n{out.stderr[-2000:]}")
    return int(found.group(1))


def warm_up(python: str, title: str, seed: int, env: dict[str, str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "games.py"
        script.write_text(GAMES.format(here=str(HERE), title=title, games=1, seed=seed))
        for _ in range(2):  # the first fills the cache and writes bytecode; the second reads both
            subprocess.run([python, str(script)], check=True, env=env)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--title", choices=("dieppe", "bruneval"), default="dieppe")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--python", default=sys.executable)
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    if args.games < 1:
        raise SystemExit("--games must be at least 1")
    # A private cache folder (compiled content, Bruneval's German route table), filled by
    # uncounted runs first: a counted run must neither pay for filling it alone nor find
    # it rewritten by another checkout measured at the same time (both gave figures off
    # by 60-120 million).
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "PARAGRAPHS_CACHE_DIR": cache}
        warm_up(args.python, args.title, args.seed, env)
        one = count(args.python, args.title, 1, args.seed, env)
        many = count(args.python, args.title, args.games + 1, args.seed, env)
    per_game = (many - one) / args.games
    print(f"{args.title}: {per_game / 1e6:.3f} million instructions per game ({args.games} games, seed {args.seed}, {args.python})")


if __name__ == "__main__":
    main()
