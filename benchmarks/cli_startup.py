"""Time ``paragraphs read`` end to end (process start to exit, warm cache) against a bare
``python -c pass``, in the same run; and a cold ``validate`` of all installed content.

    python benchmarks/cli_startup.py [--runs 30]

The commands run with the interpreter of this script and a private cache folder; the first
``read`` warms the cache and is not counted.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# the console script a user runs (beside this interpreter), else `python -m paragraphs`
_SCRIPT = Path(sys.executable).with_name("paragraphs")
PARAGRAPHS = [str(_SCRIPT)] if _SCRIPT.exists() else [sys.executable, "-m", "paragraphs"]


def timed(cmd: list[str], env: dict[str, str], runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        out.append((time.perf_counter() - start) * 1000)
    return out


def describe(samples: list[float]) -> str:
    return f"median {statistics.median(samples):6.1f} ms (min {min(samples):.1f}, max {max(samples):.1f})"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=30)
    args = ap.parse_args()
    cache = Path(tempfile.mkdtemp(prefix="paragraphs-bench-"))
    env = dict(os.environ, PARAGRAPHS_CACHE_DIR=str(cache))
    reads = {
        "sample": PARAGRAPHS + ["read", "sample", "2", "--dice", "5"],
        "ambush": PARAGRAPHS + ["read", "ambush", "112", "--answer", "pc=3", "--answer", "mission=22", "--seed", "3"],
    }
    baseline = timed([sys.executable, "-c", "pass"], env, args.runs)
    print(f"python -c pass            {describe(baseline)}")
    for title, cmd in reads.items():
        if subprocess.run(PARAGRAPHS + ["titles"], env=env, capture_output=True, text=True).stdout.find(title) < 0:
            continue
        subprocess.run(cmd, env=env, capture_output=True, check=False)  # warm the cache
        samples = timed(cmd, env, args.runs)
        ratio = statistics.median(samples) / statistics.median(baseline)
        print(f"read {title:<20} {describe(samples)}  = {ratio:.1f}x python -c pass")
    shutil.rmtree(cache, ignore_errors=True)
    cold = timed(PARAGRAPHS + ["validate"], dict(env, PARAGRAPHS_NO_CACHE="1"), max(1, args.runs // 10))
    print(f"validate (cold, all)      {describe(cold)}")


if __name__ == "__main__":
    main()
