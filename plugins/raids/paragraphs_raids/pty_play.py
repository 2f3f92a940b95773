"""Test helpers: a raid title's commands driven through a real terminal, as a player types.

Every raid title checks its interactive game (``play TITLE``) and its companion (``turn
TITLE``) the way a player meets them: the command runs in a pseudo-terminal (pexpect, a
test dependency, imported only here), the test waits for a prompt and types, and the
transcript is compared with a golden file (``PARAGRAPHS_UPDATE_GOLDEN=1`` rewrites it:
read the diff). Only tests import this module.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

#: What the session prints when it waits for a line.
PROMPT = "\r\n> "
#: A die asked of the player: its kind and the faces allowed.
DIE = re.compile(r"roll (d\d+) for [^\r\n]*\[(\d+)-(\d+)[^\]\r\n]*\]: ")
#: A choice asked in the middle of a step, its options numbered.
CHOICE = re.compile(r"\((1 = [^\r\n]*)\): ")


def env(tmp_path: Path) -> dict[str, str]:
    """The environment of a run: its own data folder, no colour."""
    out = {**os.environ, "PARAGRAPHS_DATA_DIR": str(tmp_path), "NO_COLOR": "1", "TERM": "dumb"}
    out.pop("FORCE_COLOR", None)
    return out


def spawn(tmp_path: Path, args: Sequence[str]) -> Any:
    import pexpect

    return pexpect.spawn(sys.executable, ["-m", "paragraphs", *args], env=env(tmp_path), encoding="utf-8", timeout=120, dimensions=(50, 400), cwd=str(tmp_path))


def clean(text: str, tmp_path: Path) -> str:
    """The transcript as a file keeps it: newlines, and the data folder as ``$DATA``."""
    return text.replace("\r\n", "\n").replace("\r", "").replace(str(tmp_path), "$DATA")


def scripted(tmp_path: Path, args: Sequence[str], script: Sequence[tuple[str, str | None]], *, code: int = 0) -> str:
    """Wait for each text, then type its line (None: Ctrl-D); the whole transcript."""
    import pexpect

    child = spawn(tmp_path, args)
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


def drive_game(
    tmp_path: Path,
    args: Sequence[str],
    faces: Sequence[int],
    orders: Mapping[int, Sequence[str]],
    on_choice: Callable[[str], str] = lambda _: "1",
) -> str:
    """Play a whole game: each die answered from ``faces`` in turn, each choice by
    ``on_choice``, each British phase given its orders then ``next``; ends when the game
    is over (``log``, then Ctrl-D). The title says ``turn N, your British actions`` when a
    phase opens and ``game over after turn`` at the end."""
    import pexpect

    child = spawn(tmp_path, args)
    seen: list[str] = []
    rolled = 0
    turn = 0
    pending: list[str] = []
    over = False
    try:
        for _ in range(3000):
            i = child.expect([DIE, CHOICE, PROMPT, pexpect.EOF])
            seen.append(child.before + (child.after if isinstance(child.after, str) else ""))
            if i == 3:
                break
            if i == 0:
                low, high = int(child.match.group(2)), int(child.match.group(3))
                face = faces[rolled % len(faces)]
                rolled += 1
                child.sendline(str(min(high, max(low, face))))
                continue
            if i == 1:
                child.sendline(on_choice(child.match.group(1)))
                continue
            text = "".join(seen)
            found = re.findall(r"turn (\d+), your British actions", text)
            if found and int(found[-1]) != turn:
                turn = int(found[-1])
                pending = list(orders.get(turn, []))
            if "game over after turn" in text and not over:
                over = True
                child.sendline("log")
            elif over:
                child.sendeof()
            elif pending:
                child.sendline(pending.pop(0))
            else:
                child.sendline("next")
        else:
            raise AssertionError("the game did not end")
    finally:
        child.close()
    text = clean("".join(seen), tmp_path)
    assert child.exitstatus == 0, text[-3000:]
    assert "Traceback" not in text, text[-3000:]
    return text
