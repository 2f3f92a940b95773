"""Test helpers: a raid title's commands driven through a real terminal, as a player types.

Every raid title checks its interactive game (``play TITLE``) and its companion (``turn
TITLE``) the way a player meets them, with the core's terminal helpers
(:mod:`paragraphs.tools.terminal_script`: a pseudo-terminal, golden transcripts); this
module adds what raids share: the dice and choices they ask, and a whole game played
through. Only tests import this module.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from paragraphs.tools import terminal_script
from paragraphs.tools.terminal_script import PROMPT, clean, env, golden

__all__ = ["CHOICE", "DIE", "PROMPT", "clean", "drive_game", "env", "golden", "scripted", "spawn"]

#: A die asked of the player: its kind and the faces allowed.
DIE = re.compile(r"roll (d\d+) for [^\r\n]*\[(\d+)-(\d+)[^\]\r\n]*\]: ")
#: A choice asked in the middle of a step, its options numbered.
CHOICE = re.compile(r"\((1 = [^\r\n]*)\): ")


def spawn(tmp_path: Path, args: Sequence[str]) -> Any:
    """A raid command in a pseudo-terminal, working in the test's own folder."""
    return terminal_script.spawn(tmp_path, args, cwd=tmp_path)


def scripted(tmp_path: Path, args: Sequence[str], script: Sequence[tuple[str, str | None]], *, code: int = 0) -> str:
    """:func:`paragraphs.tools.terminal_script.scripted`, working in the test's own folder."""
    return terminal_script.scripted(tmp_path, args, script, code=code, cwd=tmp_path)


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
