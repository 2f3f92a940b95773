"""Helpers for tests that drive the referee's procedures step by step (for this title's
tests and for anyone testing an overlay of it): perform a step with scripted dice, read
the game record, start a scenario at a phase, lay rulings over the shipped choices."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import paragraphs
from paragraphs.dice import ScriptedDice

from paragraphs_spi_commando.rulings import choices

#: Where the referee keeps its game record in ``state.extra``.
ROSTER = "spi_commando"


def perform(engine: Any, state: Any, procedure: str, dice: Any = (), answers: Any = None, **args: Any) -> Any:
    """One journaled step with these dice; it must finish (no question left open)."""
    res = engine.perform(procedure, state, answers or {}, args=args, dice=ScriptedDice(list(dice)))
    assert res.status == "done", [q.key for q in res.questions]
    return res


def game(state: Any) -> Any:
    """The referee's game record (men, phase, turn...)."""
    return state.extra[ROSTER]


def to_phase(engine: Any, state: Any, phase: str, initiative: Any = (9, 1), answers: Any = None) -> Any:
    """The game played on with ``next`` until ``phase`` (``initiative`` dice in B)."""
    while game(state)["phase"] != phase:
        state = perform(engine, state, "next", initiative if game(state)["phase"] == "B" else (), answers).state
    return state


def start(engine: Any, scenario: str = "45", phase: str = "A", initiative: Any = (9, 1)) -> Any:
    """A scenario set up and played on to ``phase`` of turn 1 (``initiative`` dice in B)."""
    return to_phase(engine, perform(engine, engine.new_state(), "setup", scenario=scenario).state, phase, initiative)


def text_of(res: Any) -> str:
    """What a step said, as one line."""
    return " ".join(i.text for i in res.instructions)


def overlaid(tmp_path: Path, **rulings: str) -> Any:
    """The title opened with these ruling choices laid over the shipped ones."""
    folder = tmp_path / "rulings"
    folder.mkdir(exist_ok=True)
    (folder / "rulings.yaml").write_text("rulings:\n" + "".join(f"  - {{id: {rid}, choice: {choice}}}\n" for rid, choice in rulings.items()))
    engine = paragraphs.open_title("spi_commando", overlays=[folder])
    assert all(choices(engine.book)[rid] == choice for rid, choice in rulings.items())
    return engine


#: The end of a question asked in the middle of a step (its range in brackets).
QUESTION = "]: "


def referee_transcript(
    tmp_path: Path,
    args: list[str],
    script: list[str],
    *,
    tests: Path | None = None,
    questions: str | list[str] = QUESTION,
    quick_send: bool = False,
    refusals: bool = False,
) -> str:
    """A referee session with physical dice through a real terminal: ``?x`` answers the
    waiting question (one ending with ``questions``) with x, anything else is typed at the
    prompt (``{tmp}`` stands for the data folder); ends with Ctrl-D. The transcript names
    the data folder ``$DATA`` and the ``tests`` folder ``$TESTS``; no line of it may be an
    error, unless ``refusals`` (a test of what the referee refuses). ``quick_send`` drops pexpect's 50 ms pause before each line (a long script
    spends most of its time there, and the driver already waits for the prompt)."""
    import os

    import pexpect

    from paragraphs.tools.terminal_script import PROMPT, clean, spawn

    timeout = int(os.environ.get("SPI_PTY_TIMEOUT", "120"))
    child = spawn(tmp_path, ["play", "spi_commando", "--new", "--dice", "physical", *args], timeout=timeout)
    if quick_send:
        child.delaybeforesend = None
    seen: list[str] = []
    try:
        # the set-up runs first, as if typed: its reply comes before the first real prompt
        child.expect_exact("turn 1")
        seen.append(child.before + child.after)
        for line in script:
            child.expect_exact(questions if line.startswith("?") else PROMPT)
            seen.append(child.before + child.after)
            child.sendline(line.removeprefix("?").replace("{tmp}", str(tmp_path)))
        child.expect_exact(PROMPT)
        seen.append(child.before + child.after)
        child.sendeof()
        child.expect(pexpect.EOF)
        seen.append(child.before)
    finally:
        child.close()
    text = clean("".join(seen), tmp_path)
    if tests is not None:
        text = text.replace(str(tests), "$TESTS")
    assert child.exitstatus == 0, text
    assert "Traceback" not in text and (refusals or "error:" not in text), text
    return text


def referee_journal(tmp_path: Path) -> list[dict[str, Any]]:
    """The journal of the default referee session saved under the data folder ``tmp_path``."""
    from paragraphs.state import load_state

    return load_state(tmp_path / "sessions" / "spi_commando-default.json").journal
