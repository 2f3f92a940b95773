"""``paragraphs board dieppe --state FILE --svg OUT``: a board file drawn as a picture.

``FILE`` is a board file (what ``turn dieppe`` reads and ``--out`` writes). The picture
is drawn from the map content, so ``--overlay`` with an owner's map draws his map. Exit
codes: 0 drawn; 1 a board that breaks the schema or the rules (``file:line:col``); 2 a
file that cannot be read.
"""

from __future__ import annotations

import argparse
from typing import Any

from paragraphs_raids.dice import ScriptedRoller

from paragraphs_dieppe.board import read_board
from paragraphs_dieppe.cli_common import scenario_for
from paragraphs_dieppe.picture import write_board_svg


def run(args: argparse.Namespace, host: Any) -> int:
    scenario = scenario_for(args, host)
    # Drawing rolls nothing: an empty list of dice says so (a roll would be a bug).
    g = read_board(args.state, scenario, ScriptedRoller([], scenario.conventions))
    write_board_svg(args.svg, scenario, g)
    print(f"Board picture written to {args.svg}.")
    return 0
