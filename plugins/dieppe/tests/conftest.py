"""Shared fixtures: the installed scenario (compiled once per session), an empty board with
scripted dice for the worked examples, and a helper placing counters."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from paragraphs_dieppe.scenario import Scenario, load_scenario


@pytest.fixture(scope="session")
def scenario() -> Scenario:
    return load_scenario(use_cache=False)


def empty_board(scenario: Scenario, dice: list[int] | None = None, *, alarm: int = 0, turn: int = 1) -> Any:
    """A game with nothing on the map, no marker and scripted dice (for the worked examples)."""
    from paragraphs_raids.dice import PrngRoller, ScriptedRoller

    from paragraphs_dieppe.game.setup import new_game

    g = new_game(scenario, PrngRoller(0, scenario.conventions))
    for piece in list(g.pieces.values()):
        g.lift(piece)
    g.aboard.clear()
    g.markers.hidden.clear()
    g.roll = ScriptedRoller(dice or [], scenario.conventions) if dice is not None else g.roll
    g.alarm.set_level(alarm)
    g.turn = turn
    g.phase = "B"
    return g


def put(g: Any, zone: str, *ids: str, reduced: tuple[str, ...] = ()) -> list[Any]:
    """Place counters in a zone (``reduced`` ones on their back)."""
    out = []
    for cid in ids:
        piece = g.pieces[cid]
        piece.reduced = cid in reduced
        g.place(piece, zone)
        out.append(piece)
    return out


@pytest.fixture
def board(scenario: Scenario) -> Callable[..., Any]:
    """``board(dice, alarm=, turn=)``: an empty board of the installed scenario."""
    return lambda dice=None, **kw: empty_board(scenario, dice, **kw)


@pytest.fixture(name="put")
def put_fixture() -> Callable[..., list[Any]]:
    return put
