"""The Bruneval board picture: what the raid layer's drawing needs from a Bruneval game.

The drawing itself is :mod:`paragraphs_raids.picture`; this module only says what
Bruneval shows beyond stacks, markers, the alert and the turn: the Würzburg (intact in W,
dismantled on the ground, carried, gone with a boat), the Villa, and the counters still
off the map. :func:`write_board_svg` is what ``board``, ``turn --svg``, ``play --auto
--svg`` and the interactive game call after each step.
"""

from __future__ import annotations

from pathlib import Path

from paragraphs_raids.picture import BoardView, MapLayout, board_svg, board_view, write_svg

from paragraphs_bruneval.game.state import GameState
from paragraphs_bruneval.scenario import Scenario

TITLE_NAME = "Raid sur Bruneval 1942"
PHASES = {"setup": "set-up", "A": "phase A", "B": "phase B", "C": "phase C", "D": "phase D", "E": "phase E", "F": "phase F", "G": "end of the game"}


def layout_of(scenario: Scenario) -> MapLayout:
    if scenario.layout is None:  # a scenario built by hand (tests) without the map content
        raise ValueError("this scenario has no map layout")
    return scenario.layout


def bruneval_view(g: GameState) -> BoardView:
    """The state of a Bruneval game as the picture shows it."""
    objects: dict[str, list[str]] = {}
    w = g.wurzburg
    if w.status == "intact" and w.zone:
        objects.setdefault(w.zone, []).append("Würzburg (intact)")
    elif w.status == "dismantled" and w.zone and not w.carrier:
        objects.setdefault(w.zone, []).append("Würzburg (dismantled)")
    villa = g.scenario.zones_tagged("villa")
    if villa:
        objects.setdefault(villa[0], []).append("Villa destroyed" if g.villa_destroyed else "Villa")
    notes = [
        f"Würzburg: {w.status}" + (f", carried by {g.pieces[w.carrier].name}" if w.carrier and w.carrier in g.pieces else ""),
        f"Off the map: {len(g.garrison_pool)} garrison and {len(g.reinforcement_pool)} reinforcement counters in the box",
    ]
    if g.eliminated:
        notes.append("Eliminated: " + ", ".join(g.pieces[p].name if p in g.pieces else p for p in g.eliminated))
    if g.sailed:
        notes.append("Sailed away: " + ", ".join(g.pieces[p].name if p in g.pieces else p for p in g.sailed))
    return board_view(
        g,
        title=TITLE_NAME,
        turn=g.turn,
        turns=g.scenario.params.turns,
        phase=PHASES.get(g.phase, g.phase),
        alert=g.alert,
        markers=g.markers,
        objects=objects,
        notes=notes,
    )


def board_picture(scenario: Scenario, state: GameState) -> str:
    """The picture as SVG text."""
    return board_svg(layout_of(scenario), bruneval_view(state))


def write_board_svg(path: str | Path, scenario: Scenario, state: GameState) -> Path:
    """Write the board picture of ``state`` to ``path`` (atomically; rewritten each call).

    Raises:
        SaveError: the file cannot be written (one line).
    """
    return write_svg(path, layout_of(scenario), bruneval_view(state))
