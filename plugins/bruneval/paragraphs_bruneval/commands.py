"""The plugin's command-line records and its policies (imported at every CLI start: keep light).

* ``play bruneval --auto``: an automatic game (:mod:`paragraphs_bruneval.cli_play`).
* ``simulate bruneval``: Monte Carlo series (:mod:`paragraphs_bruneval.cli_simulate`).
* ``turn bruneval --state BOARD``: the companion (:mod:`paragraphs_bruneval.cli_turn`).
* ``board bruneval --state FILE --svg OUT``: the board picture (:mod:`paragraphs_bruneval.cli_board`).

The core turns ``extends="simulate"``/``"turn"`` records into ``paragraphs simulate
TITLE`` and ``paragraphs turn TITLE``; the options are the raid series' shared ones.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from typing import Any

from paragraphs.records import Command, Policy

TITLE = "bruneval"


def run_play(args: argparse.Namespace, host: Any) -> int:
    from paragraphs_bruneval.cli_play import run

    return run(args, host)


def run_simulate(args: argparse.Namespace, host: Any) -> int:
    from paragraphs_bruneval.cli_simulate import run

    return run(args, host)


def run_turn(args: argparse.Namespace, host: Any) -> int:
    from paragraphs_bruneval.cli_turn import run

    return run(args, host)


def run_board(args: argparse.Namespace, host: Any) -> int:
    from paragraphs_bruneval.cli_board import run

    return run(args, host)


def commands() -> Iterator[Command]:
    from paragraphs_raids.cli import board_arguments, play_arguments, simulate_arguments, turn_arguments

    yield Command(id="bruneval-play", title=TITLE, help="an automatic game of Raid sur Bruneval 1942", add_arguments=play_arguments, run=run_play, extends="play")
    yield Command(id="bruneval-simulate", title=TITLE, help="Monte Carlo series of automatic games", add_arguments=simulate_arguments, run=run_simulate, extends="simulate")
    yield Command(id="bruneval-turn", title=TITLE, help="companion: the German actions of this turn for your board", add_arguments=turn_arguments, run=run_turn, extends="turn")
    yield Command(id="bruneval-board", title=TITLE, help="draw a board file or a session save as a picture (SVG)", add_arguments=board_arguments, run=run_board, extends="board")


def default_policy(**options: Any) -> Any:
    """Factory of the default British player (imported only when a game starts)."""
    from paragraphs_bruneval.policy import DefaultPolicy

    return DefaultPolicy(**options)


def policies() -> Iterator[Policy]:
    yield Policy(id="default", title=TITLE, factory=default_policy, doc="Goes for the Würzburg with Drake's engineers, the Villa and the radar operators, then re-embarks.")
