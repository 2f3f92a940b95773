"""The Dieppe board picture: what the raids layer's drawing needs from a Dieppe game.

The drawing is :mod:`paragraphs_raids.picture`; this module says what Dieppe shows beyond
the stacks (LCA cargo under its LCA), the face-down markers, the alarm and the turn: the
telephone markers still in place, the obstacles revealed, and a few notes (the battery,
the prisoner, the containers, the counters lost). ``play dieppe --auto --svg``,
``turn dieppe --svg`` and ``board dieppe`` call :func:`write_board_svg`.
"""

from __future__ import annotations

from pathlib import Path

from paragraphs_raids.picture import BoardView, MapLayout, board_svg, board_view, write_svg

from paragraphs_dieppe.game.state import GameState
from paragraphs_dieppe.scenario import Scenario

TITLE_NAME = "Commando n°4: Dieppe 1942"
PHASES = {"setup": "set-up", "A": "phase A", "B": "phase B", "C": "phase C", "D": "phase D", "E": "phase E", "F": "end of the game"}


def layout_of(scenario: Scenario) -> MapLayout:
    if scenario.layout is None:
        raise ValueError("this scenario has no map layout")
    return scenario.layout


def dieppe_view(g: GameState) -> BoardView:
    """The state of a Dieppe game as the picture shows it."""
    objects: dict[str, list[str]] = {}
    for zone in sorted(g.telephones):
        objects.setdefault(zone, []).append("telephone line")
    for zone, kind in sorted(g.obstacles.items()):
        objects.setdefault(zone, []).append("barbed wire" if kind == "wire" else "mines")
    notes = [
        f"Hess battery: {g.hess_killed} of 2 cannon eliminated" + (f" (silenced on turn {g.hess_last_turn})" if g.hess_last_turn else ""),
        f"Telephone line {'cut' if g.telephone_cut else 'intact'}",
        f"Containers: {len(g.garrison)} garrison and {len(g.reinforcements)} reinforcement counters",
    ]
    if g.prisoner:
        notes.append(f"Prisoner: {g.pieces[g.prisoner].label()}")
    if g.lost:
        notes.append("Lost: " + ", ".join(g.pieces[p].name or p for p in g.lost))
    return board_view(
        g,
        title=TITLE_NAME,
        turn=g.turn,
        turns=g.scenario.params.turns,
        phase=PHASES.get(g.phase, g.phase),
        alert=g.alarm,
        markers=g.markers,
        objects=objects,
        notes=notes,
    )


def board_picture(scenario: Scenario, state: GameState) -> str:
    """The picture as SVG text."""
    return board_svg(layout_of(scenario), dieppe_view(state))


def write_board_svg(path: str | Path, scenario: Scenario, state: GameState) -> Path:
    """Write the board picture of ``state`` to ``path`` (atomically).

    Raises:
        SaveError: the file cannot be written (one line).
    """
    return write_svg(path, layout_of(scenario), dieppe_view(state))
