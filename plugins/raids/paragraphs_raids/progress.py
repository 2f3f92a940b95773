"""A one-line progress bar on stderr, shown only when stderr is a terminal."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class ProgressBar:
    """Call with ``(done, total)``; redraws at most ten times a second and finishes the line."""

    def __init__(self, label: str, stream: TextIO | None = None, *, force: bool | None = None) -> None:
        self.stream = stream or sys.stderr
        self.label = label
        self.enabled = force if force is not None else bool(getattr(self.stream, "isatty", lambda: False)())
        self._last = 0.0
        self._start = time.monotonic()

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if done < total and now - self._last < 0.1:
            return
        self._last = now
        width = 30
        filled = int(width * done / total) if total else width
        rate = done / (now - self._start) if now > self._start else 0.0
        self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] {done}/{total} ({rate:.0f}/s)")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()
