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
