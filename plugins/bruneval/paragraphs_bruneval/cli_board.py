"""``paragraphs board bruneval --state FILE --svg OUT``: the board as a picture (and ``--new
FILE``: the set-up's board file, written by :mod:`paragraphs_raids.setupboard`).

``FILE`` is a board file (the JSON ``turn`` reads and ``--out`` writes) or a session save
of the interactive game (``play bruneval``), whose state holds the whole game
(:mod:`paragraphs_bruneval.interactive.boardstate`); a save holding a board in the board
file's format (``extra["board"]``) is read too. A save may be named as ``paragraphs sessions`` lists it
(``default``, ``bruneval-default``). The picture is drawn by :mod:`paragraphs_bruneval.picture` from the map content,
so ``--overlay`` with an owner's map draws his map.

Exit codes: 0 drawn; 1 a board that breaks the schema or the rules (``file:line:col``,
as for ``turn``); 2 a file that is missing, not JSON, or neither a board file nor a
session save of the title.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from paragraphs.cli.terminal import style
from paragraphs.errors import UsageError
from paragraphs.state.savefile import SAVE_START
from paragraphs_raids.cli import board_task, check_outputs
from paragraphs_raids.dice import ScriptedRoller
from paragraphs_raids.journal import Journal
from paragraphs_raids.session_game import session_save_named

from paragraphs_bruneval.board import board_from_data, read_board
from paragraphs_bruneval.raid_title import BRUNEVAL, TITLE
from paragraphs_bruneval.game.state import GameState
from paragraphs_bruneval.picture import write_board_svg
from paragraphs_bruneval.scenario import Scenario

#: Where a session save may keep a raid board in the board file's format.
SAVE_BOARD_KEY = "board"


def load_any(path: str, scenario: Scenario) -> GameState:
    """The game state in a board file or a session save (see the module docstring).

    Raises:
        UsageError: missing, unreadable, not JSON, or neither kind of file.
        ContentError: a board that breaks the schema or the rules.
    """
    p = _located(path)
    try:
        text = p.read_text(encoding="utf-8-sig")  # a byte order mark (Notepad) is not an error
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"{path}: cannot be read ({exc})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        # a save whose newest slot a kill cut short is not one JSON document, yet it loads
        if not text.startswith(SAVE_START):
            raise UsageError(f"{path}:{exc.lineno}:{exc.colno}: not JSON ({exc.msg}): give a board file or a session save") from None
        data = {"format": "paragraphs-save", "slots": []}
    roll = ScriptedRoller([], scenario.conventions)  # drawing never rolls
    if isinstance(data, dict) and "units" in data:
        return read_board(p, scenario, roll, Journal(enabled=False))
    # a save is one document (versions 1-3) or a file of two slots (version 4)
    if isinstance(data, dict) and "format" in data and ("state" in data or "slots" in data):
        from paragraphs.state import load_state

        from paragraphs_raids.session_game import BOARD_KEY

        from paragraphs_bruneval.interactive.boardstate import game_from_json

        state = load_state(p, title=TITLE)
        game: Any = (state.extra or {}).get(BOARD_KEY)
        if isinstance(game, dict) and "game" in game:
            return game_from_json(game["game"], scenario, roll, Journal(enabled=False))
        board: Any = (state.extra or {}).get(SAVE_BOARD_KEY)
        if board is None:
            raise UsageError(f"{path}: this {TITLE} session save holds no raid board yet")
        return board_from_data(board, scenario, roll, Journal(enabled=False))
    raise UsageError(f"{path}: neither a {TITLE} board file (it has no `units`) nor a session save")


def _located(name: str) -> Path:
    """A file, or a saved session by name (``default``) or as listed (``bruneval-default``).

    Raises:
        UsageError: none of these exists.
    """
    p = Path(name)
    if p.is_file():
        return p
    found = session_save_named(TITLE, name)
    if found is not None:
        return found
    raise UsageError(f"{name}: no such board file or session save (a file, or a session of `paragraphs sessions {TITLE}`)")


def run(args: argparse.Namespace, host: Any) -> int:
    if board_task(args, TITLE) == "new":
        from paragraphs_raids.setupboard import run_new_board

        return run_new_board(BRUNEVAL, args, host)
    check_outputs(args)  # the picture's path first, as every --svg of the raids
    scenario = BRUNEVAL.load_scenario(args, host)
    g = load_any(args.state, scenario)
    write_board_svg(args.svg, scenario, g)
    stacks = sum(1 for s in g.stacks.values() if s)
    print(style(f"wrote {args.svg}: turn {g.turn}, alert {g.alert.level}, {stacks} stacks, {len(g.markers.hidden)} face-down markers", "dim"))
    return 0
