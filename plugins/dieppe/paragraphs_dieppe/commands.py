"""The plugin's command-line records and its policies (imported at every CLI start: keep light).

``play dieppe --auto``, ``simulate dieppe`` and ``turn dieppe --state BOARD`` are the raids
layer's command templates (:mod:`paragraphs_raids.templates`) given Dieppe's
:class:`~paragraphs_dieppe.raid_title.DieppeTitle`; ``board dieppe --state BOARD --svg OUT``
draws a board file or a session save (:mod:`paragraphs_dieppe.cli_board`).
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from typing import Any

from paragraphs.records import Command, Policy

TITLE = "dieppe"

#: ``--optional RULE`` and ``--difficulty LEVEL``: the words of the title's optional rules
#: and levels (rule 13; checked by :func:`paragraphs_raids.cli.raid_choices`, named in the
#: options' help).
OPTIONAL_RULES = {"bad_luck": "Bad luck! (rule 13)", "alarm": "Alarm! (rule 13)", "vorwarts": "Vorwärts! (rule 13)"}
LEVELS = {
    "green": "Green commando: Bad luck!",
    "hardened": "Hardened commando: Bad luck! and Alarm!",
    "seasoned": "Seasoned commando: Bad luck!, Alarm! and Vorwärts!",
}

def _title() -> Any:
    from paragraphs_dieppe.raid_title import DIEPPE

    return DIEPPE


def run_board(args: argparse.Namespace, host: Any) -> int:
    from paragraphs_dieppe.cli_board import run

    return run(args, host)


def commands() -> Iterator[Command]:
    from functools import partial

    from paragraphs_raids.cli import ChoiceWords, board_arguments, raid_commands

    words = ChoiceWords(TITLE, tuple(OPTIONAL_RULES), tuple(LEVELS))
    yield from raid_commands(TITLE, "Commando n°4: Dieppe 1942: an automatic game (--auto)", _title, words)
    yield Command(id="dieppe-board", title=TITLE, help="draw a board file or a session save as a picture (SVG), or write the board file of the set-up (--new)", add_arguments=partial(board_arguments, words=words), run=run_board, extends="board")


def default_policy(**options: Any) -> Any:
    """Factory of the default British player (imported only when a game starts)."""
    from paragraphs_dieppe.policy import DefaultPolicy

    return DefaultPolicy(**options)


def policies() -> Iterator[Policy]:
    yield Policy(id="default", title=TITLE, factory=default_policy, doc="Follows the historical plan: land both groups, cut a telephone line, take on the Flak and the Hess battery, re-embark and sail to Newhaven in time.")
