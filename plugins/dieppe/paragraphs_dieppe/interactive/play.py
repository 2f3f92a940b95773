"""``paragraphs play dieppe``: the whole game, the player commanding the British.

A core session (:func:`paragraphs_raids.session_game.play_title`): the orders are the
title's session verbs (:mod:`paragraphs_dieppe.interactive.verbs`), the views its
:class:`~paragraphs_dieppe.interactive.views.DieppeGame`.
"""

from __future__ import annotations

import argparse
from typing import Any

from paragraphs_raids.session_orders import never_rolls


def run_interactive(spec: Any, args: argparse.Namespace, host: Any) -> int:
    from paragraphs_raids.session_game import play_title

    from paragraphs_dieppe.interactive.views import DieppeGame

    def start(o: Any) -> dict[str, Any]:
        return {"bad_luck": o.bad_luck, "alarm": o.alarm, "vorwarts": o.vorwarts, "events": o.events, "difficulty": o.difficulty}

    return play_title(spec, args, host, game=DieppeGame, start_args=start, picture=_picture)


def _picture(path: str, book: Any, game: dict[str, Any]) -> None:
    from paragraphs_dieppe.interactive.boardstate import game_from_json
    from paragraphs_dieppe.picture import write_board_svg
    from paragraphs_dieppe.scenario import scenario_from_book

    scenario = scenario_from_book(book)
    write_board_svg(path, scenario, game_from_json(game, scenario, never_rolls("drawing the board never rolls")))
