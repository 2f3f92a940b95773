"""``paragraphs play bruneval``: the whole game, the player commanding the British.

A core session (:func:`paragraphs_raids.session_game.run_interactive`): the orders are
the title's session verbs (:mod:`paragraphs_bruneval.interactive.verbs`), the views its
:class:`~paragraphs_bruneval.interactive.views.BrunevalGame`.
"""

from __future__ import annotations

import argparse
from typing import Any

from paragraphs.errors import UsageError


def run_interactive(spec: Any, args: argparse.Namespace, host: Any) -> int:
    from paragraphs.cli.commands import open_engine
    from paragraphs_raids.session_game import run_interactive as run

    from paragraphs_bruneval.interactive.views import BrunevalGame
    from paragraphs_raids.templates import choices_of

    if getattr(args, "policy", None):
        raise UsageError("--policy chooses the automatic player: use it with --auto")
    options = choices_of(spec, args)
    engine = open_engine(args, host)
    rules = spec.describe_options(options)
    banner = f"{spec.name}: you command the British; the rules play the Germans" + (f" ({rules})" if rules else "") + "."
    svg = getattr(args, "svg", None)
    if svg:
        banner += f"\nThe board picture is rewritten to {svg} after every step."
    draw = _drawer(svg, engine.book) if svg else None
    return run(args, host, BrunevalGame(engine.book), banner=banner, start_args={"commando": options.commando, "events": options.events}, engine=engine, after_step=draw)


def _drawer(path: str, book: Any) -> Any:
    """Redraw the board picture from the session's game (after every reply: a view changes
    nothing and redraws the same picture; an undo draws the board it went back to)."""
    from paragraphs_raids.session_game import BOARD_KEY

    from paragraphs_bruneval.interactive.boardstate import game_from_json
    from paragraphs_bruneval.picture import write_board_svg
    from paragraphs_bruneval.scenario import scenario_from_book

    scenario = scenario_from_book(book)
    last: list[Any] = [None]

    def draw(session: Any) -> None:
        data = session.state.extra.get(BOARD_KEY) or {}
        game = data.get("game")
        if game is None or game == last[0]:
            return
        last[0] = game
        write_board_svg(path, scenario, game_from_json(game, scenario, _never))

    return draw


def _never(die: str, purpose: str, allowed: frozenset[int] | None = None) -> int:
    raise UsageError("drawing the board never rolls")
