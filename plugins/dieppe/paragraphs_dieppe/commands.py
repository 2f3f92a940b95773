"""The plugin's command-line records and its policies (imported at every CLI start: keep light).

* ``play dieppe --auto``: an automatic game (:mod:`paragraphs_dieppe.cli_play`);
* ``simulate dieppe``: Monte Carlo series (:mod:`paragraphs_dieppe.cli_simulate`);
* ``turn dieppe --state BOARD``: the companion (:mod:`paragraphs_dieppe.cli_turn`);
* ``board dieppe --state BOARD --svg OUT``: the board picture (:mod:`paragraphs_dieppe.cli_board`).

The options are the raid series' shared ones (:mod:`paragraphs_raids.cli`).
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from typing import Any

from paragraphs.records import Command, Policy

TITLE = "dieppe"


def run_play(args: argparse.Namespace, host: Any) -> int:
    from paragraphs_dieppe.cli_play import run

    return run(args, host)


def run_simulate(args: argparse.Namespace, host: Any) -> int:
    from paragraphs_dieppe.cli_simulate import run

    return run(args, host)


def run_board(args: argparse.Namespace, host: Any) -> int:
    from paragraphs_dieppe.cli_board import run

    return run(args, host)


def run_turn(args: argparse.Namespace, host: Any) -> int:
    from paragraphs_dieppe.cli_turn import run

    return run(args, host)


def commands() -> Iterator[Command]:
    from paragraphs_raids.cli import board_arguments, play_arguments, simulate_arguments, turn_arguments

    yield Command(id="dieppe-play", title=TITLE, help="an automatic game of Commando n°4: Dieppe 1942", add_arguments=play_arguments, run=run_play, extends="play")
    yield Command(id="dieppe-simulate", title=TITLE, help="Monte Carlo series of automatic games", add_arguments=simulate_arguments, run=run_simulate, extends="simulate")
    yield Command(id="dieppe-turn", title=TITLE, help="companion: the German actions of this turn for your board", add_arguments=turn_arguments, run=run_turn, extends="turn")
    yield Command(id="dieppe-board", title=TITLE, help="draw a board file as a picture (SVG)", add_arguments=board_arguments, run=run_board, extends="board")


def default_policy(**options: Any) -> Any:
    """Factory of the default British player (imported only when a game starts)."""
    from paragraphs_dieppe.policy import DefaultPolicy

    return DefaultPolicy(**options)


def policies() -> Iterator[Policy]:
    yield Policy(id="default", title=TITLE, factory=default_policy, doc="Follows the historical plan: land both groups, cut a telephone line, take on the Flak and the Hess battery, re-embark and sail to Newhaven in time.")
