"""Test helpers for any title: the command line driven through a real terminal, as a player types.

A companion is checked the way a player meets it: the command runs in a pseudo-terminal
(pexpect, a test dependency, imported only when a terminal is opened), the test waits for
a text and types a line, and the transcript is compared with a golden file
(``PARAGRAPHS_UPDATE_GOLDEN=1`` rewrites it: read the diff). Only tests import this module;
titles add their own drivers (a whole raid game, a referee's questions) on top of it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

#: What a session prints when it waits for a line.
PROMPT = "\r\n> "


def env(tmp_path: Path) -> dict[str, str]:
    """The environment of a run: its own data folder, no colour."""
    out = {**os.environ, "PARAGRAPHS_DATA_DIR": str(tmp_path), "NO_COLOR": "1", "TERM": "dumb"}
    out.pop("FORCE_COLOR", None)
    return out


def spawn(tmp_path: Path, args: Sequence[str], *, cwd: Path | None = None, timeout: int = 120, width: int = 400) -> Any:
    """``python -m paragraphs ARGS`` in a pseudo-terminal (working in ``cwd`` when given)."""
    import pexpect

    return pexpect.spawn(
        sys.executable,
        ["-m", "paragraphs", *args],
        env=env(tmp_path),
        encoding="utf-8",
        timeout=timeout,
        dimensions=(50, width),
        cwd=None if cwd is None else str(cwd),
    )


def clean(text: str, tmp_path: Path) -> str:
    """The transcript as a file keeps it: newlines, and the data folder as ``$DATA``."""
    return text.replace("\r\n", "\n").replace("\r", "").replace(str(tmp_path), "$DATA")


def scripted(tmp_path: Path, args: Sequence[str], script: Sequence[tuple[str, str | None]], *, code: int = 0, cwd: Path | None = None) -> str:
    """Wait for each text, then type its line (None: Ctrl-D); the whole transcript."""
    import pexpect

    child = spawn(tmp_path, args, cwd=cwd)
    seen: list[str] = []
    try:
        for expected, line in script:
            child.expect_exact(expected)
            seen.append(child.before + child.after)
            if line is None:
                child.sendeof()
            else:
                child.sendline(line)
        child.expect(pexpect.EOF)
        seen.append(child.before)
    finally:
        child.close()
    text = clean("".join(seen), tmp_path)
    assert child.exitstatus == code, text
    assert "Traceback" not in text, text
    return text


def golden(folder: Path, name: str, text: str) -> None:
    """``text`` is the golden transcript ``folder/name.txt`` (rewritten under ``PARAGRAPHS_UPDATE_GOLDEN``)."""
    path = folder / f"{name}.txt"
    if os.environ.get("PARAGRAPHS_UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden transcript {path.name}: run with PARAGRAPHS_UPDATE_GOLDEN=1 and read it"
    assert text == path.read_text(encoding="utf-8")
