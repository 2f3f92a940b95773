"""``paragraphs play bruneval``: the whole game, the player commanding the British.

A core session (:func:`paragraphs_raids.session_game.play_title`): the orders are the
title's session verbs (:mod:`paragraphs_bruneval.interactive.verbs`), the views its
:class:`~paragraphs_bruneval.interactive.views.BrunevalGame`.
"""

from __future__ import annotations

import argparse
from typing import Any

from paragraphs_raids.session_orders import never_rolls


def run_interactive(spec: Any, args: argparse.Namespace, host: Any) -> int:
    from paragraphs_raids.session_game import play_title

    from paragraphs_bruneval.interactive.views import BrunevalGame

    return play_title(spec, args, host, game=BrunevalGame, start_args=lambda o: {"commando": o.commando, "events": o.events}, picture=_picture)


def _picture(path: str, book: Any, game: dict[str, Any]) -> None:
    from paragraphs_bruneval.interactive.boardstate import game_from_json
    from paragraphs_bruneval.picture import write_board_svg
    from paragraphs_bruneval.scenario import scenario_from_book

    scenario = scenario_from_book(book)
    write_board_svg(path, scenario, game_from_json(game, scenario, never_rolls("drawing the board never rolls")))
