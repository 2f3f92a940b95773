"""The plugin's command-line records and its policies (imported at every CLI start: keep light).

``play bruneval`` (interactive, or ``--auto``), ``simulate bruneval`` and ``turn bruneval``
are the raid layer's command templates (:mod:`paragraphs_raids.templates`) given
Bruneval's :class:`~paragraphs_bruneval.raid_title.BrunevalTitle`; the options are the
raid series' shared ones. ``board bruneval --state FILE --svg OUT`` draws a board file or
a session save (:mod:`paragraphs_bruneval.cli_board`).
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from typing import Any

from paragraphs.records import Command, Policy

TITLE = "bruneval"
#: ``--optional RULE``: the words of the title's optional rules (checked by
#: :func:`paragraphs_raids.cli.raid_choices`; named in the options' help). Bruneval prints
#: no difficulty levels.
OPTIONAL_RULES = {"commando": "optional rule 18: Commandos aboard the LCAs"}


def _title() -> Any:
    from paragraphs_bruneval.raid_title import BRUNEVAL

    return BRUNEVAL


def run_board(args: argparse.Namespace, host: Any) -> int:
    from paragraphs_bruneval.cli_board import run

    return run(args, host)


def commands() -> Iterator[Command]:
    from functools import partial

    from paragraphs_raids.cli import ChoiceWords, board_arguments, raid_commands

    words = ChoiceWords(TITLE, tuple(OPTIONAL_RULES))
    yield from raid_commands(TITLE, "Raid sur Bruneval 1942: command the British (or --auto for an automatic game)", _title, words)
    yield Command(id="bruneval-board", title=TITLE, help="draw a board file or a session save as a picture (SVG), or write the board file of the set-up (--new)", add_arguments=partial(board_arguments, words=words), run=run_board, extends="board")


def default_policy(**options: Any) -> Any:
    """Factory of the default British player (imported only when a game starts)."""
    from paragraphs_bruneval.policy import DefaultPolicy

    return DefaultPolicy(**options)


def policies() -> Iterator[Policy]:
    yield Policy(id="default", title=TITLE, factory=default_policy, doc="Goes for the Würzburg with Drake's engineers, the Villa and the radar operators, then re-embarks.")
