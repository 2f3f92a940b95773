"""Time to compute exact odds for every paragraph of the sample book and of the synthetic book.

    python benchmarks/odds_all.py

Each paragraph is computed from a fresh state with no answers given, so unanswered
questions split the result (up to the default cap). The synthetic book's chains are long,
so its outcomes are told apart by the paragraph they end at (``detail="end"``); the sample
book uses whole trails. One memo serves the whole sweep, and paragraphs are taken from the
last to the first so that each chain reuses what the later paragraphs computed.
Paragraphs whose odds cannot be computed within the limits are counted, not hidden.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import synthetic  # noqa: E402

from paragraphs.api import open_title  # noqa: E402
from paragraphs.errors import ParagraphsError  # noqa: E402
from paragraphs.odds import OddsMemo, paragraph_odds  # noqa: E402


def run(engine, detail: str) -> tuple[float, int, int, int]:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    outcomes = failed = 0
    memo = OddsMemo()  # chains shared between paragraphs are computed once
    for pid in reversed(list(engine.book.paragraphs)):
        try:
            outcomes += len(paragraph_odds(engine, pid, detail=detail, memo=memo).outcomes)
        except ParagraphsError:
            failed += 1
    return time.perf_counter() - start, len(engine.book.paragraphs), outcomes, failed


def main() -> None:
    for label, engine, detail in (
        ("sample book", open_title("sample"), "trail"),
        ("synthetic book", synthetic.engine(), "end"),
    ):
        seconds, n, outcomes, failed = run(engine, detail)
        print(f"{label:15}: {n:5} paragraphs in {seconds:7.2f} s ({seconds / n * 1000:7.2f} ms each), {outcomes} outcomes, {failed} not computable")


if __name__ == "__main__":
    main()
