"""The companion at the table: ``paragraphs play ambush --mission N``.

The core session (:mod:`paragraphs.session`) does the work: the player types the
paragraph number their card or counter gives, the session resolves it (rolling, or
asking for physical dice with ``--dice physical``), asks board questions, shows only what
was reached, saves after every step, undoes, and prints the record sheet. This module
adds the ``--mission`` option that sets the sheet up.
"""

from __future__ import annotations

import argparse

from paragraphs.records import Command

from paragraphs_ambush import TITLE


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--mission", type=int, choices=range(19, 25), metavar="N", help="Ambush! mission to play (19-24)")


def play_extension() -> Command:
    return Command(id="ambush-play", title=TITLE, help="Ambush! mission options", add_arguments=_add_arguments, extends="play")
