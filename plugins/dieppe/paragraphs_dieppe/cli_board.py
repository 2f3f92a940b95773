"""``paragraphs board dieppe --state FILE --svg OUT``: a board file or a session save drawn as a picture
(and ``--new FILE``: the set-up's board file, written by :mod:`paragraphs_raids.setupboard`).

``FILE`` is a board file (what ``turn dieppe`` reads and ``--out`` writes) or a session
save of the interactive game (``play dieppe``), whose state holds the whole game
(:mod:`paragraphs_dieppe.interactive.boardstate`); a save may be named as ``paragraphs
sessions`` lists it (``default``, ``dieppe-default``). The picture is drawn from the map
content, so ``--overlay`` with an owner's map draws his map. Exit codes: 0 drawn; 1 a board
that breaks the schema or the rules (``file:line:col``); 2 a file that cannot be read, or a
save whose game has not started.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from paragraphs.errors import UsageError
from paragraphs.state.savefile import is_session_save
from paragraphs_raids.cli import board_task, check_outputs
from paragraphs_raids.dice import ScriptedRoller
from paragraphs_raids.session_game import session_save_named

from paragraphs_dieppe.board import read_board
from paragraphs_dieppe.cli_common import scenario_for
from paragraphs_dieppe.picture import write_board_svg

TITLE = "dieppe"


def run(args: argparse.Namespace, host: Any) -> int:
    if board_task(args, TITLE) == "new":
        from paragraphs_raids.setupboard import run_new_board

        from paragraphs_dieppe.raid_title import DIEPPE

        return run_new_board(DIEPPE, args, host)
    check_outputs(args)  # the picture's path first, as every --svg of the raids
    scenario = scenario_for(args, host)
    # Drawing rolls nothing: an empty list of dice says so (a roll would be a bug).
    roll = ScriptedRoller([], scenario.conventions)
    path = _located(args.state)
    if is_session_save(path):
        g = _game_in_save(path, scenario, roll)
    else:
        g = read_board(str(path) if path.is_file() else args.state, scenario, roll)
    write_board_svg(args.svg, scenario, g)
    print(f"Board picture written to {args.svg}.")
    return 0


def _located(name: str) -> Path:
    """The file named, or a saved session by name (``default``) or as listed (``dieppe-default``).

    Raises:
        UsageError: none of these exists (as ``board bruneval`` says it).
    """
    p = Path(name)
    if p.exists():
        return p
    found = session_save_named(TITLE, name)
    if found is not None:
        return found
    raise UsageError(f"{name}: no such board file or session save (a file, or a session of `paragraphs sessions {TITLE}`)")


def _game_in_save(path: Path, scenario: Any, roll: Any) -> Any:
    """The game of a ``play dieppe`` session save.

    Raises:
        UsageError: a save of another title, or whose game has not started.
    """
    from paragraphs.state import load_state
    from paragraphs_raids.session_game import BOARD_KEY

    from paragraphs_dieppe.interactive.boardstate import game_from_json

    state = load_state(path, title=TITLE)
    data: Any = (state.extra or {}).get(BOARD_KEY)
    if not isinstance(data, dict) or not isinstance(data.get("game"), dict):
        raise UsageError(f"{path}: this {TITLE} session save holds no board yet (its game has not started: type next in play {TITLE})")
    return game_from_json(data["game"], scenario, roll)
