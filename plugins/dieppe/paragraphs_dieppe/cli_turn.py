"""``paragraphs turn dieppe --state BOARD``: the companion for a physical board.

The player keeps the real board and describes it in a board file (after his phase B).
The command plays phase D by the rules (German fire, movement, reinforcements) with
seeded dice (``--seed``) or the player's own (``--dice``), prints what to do on the
board, and ``--out FILE`` writes the board as it stands afterwards (written atomically,
never half). Face-down markers stay unknown: the Germans never turn them over; if the
alarm reaches 9 the journal tells the player to turn them over himself.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from paragraphs.cli.terminal import emit_json, style
from paragraphs_raids.cli import parse_dice
from paragraphs_raids.dice import PrngRoller, ScriptedRoller
from paragraphs_raids.journal import clock

from paragraphs_dieppe.board import board_json, read_board
from paragraphs_dieppe.cli_common import NAME, fresh_seed, scenario_for
from paragraphs_dieppe.game.german import german_phase
from paragraphs_dieppe.game.state import Options


def run(args: argparse.Namespace, host: Any) -> int:
    scenario = scenario_for(args, host)
    roller: Any
    if args.dice:
        roller = ScriptedRoller(parse_dice(args.dice), scenario.conventions)
    else:
        roller = PrngRoller(args.seed if args.seed is not None else fresh_seed(), scenario.conventions)
    g = read_board(args.state, scenario, roller, Options())
    notes: list[Any] = []
    roller.notes = notes
    g.journal.notes = notes
    g.journal.entries.clear()
    german_phase(g)
    board = board_json(g)
    if args.out:
        from paragraphs.state.savefile import write_file_atomic

        write_file_atomic(args.out, json.dumps(board, indent=2, ensure_ascii=False) + "\n")
    if getattr(args, "svg", None):
        from paragraphs_dieppe.picture import write_board_svg

        write_board_svg(args.svg, scenario, g)
    if isinstance(roller, ScriptedRoller) and roller.unused:
        sys.stderr.write(f"paragraphs: warning: {roller.unused} of the --dice values were not needed\n")
    if args.json:
        emit_json({"title": "dieppe", "turn": g.turn, "alarm": g.alarm.level, "actions": g.journal.to_json(), "board": board})
        return 0
    print(style(f"{NAME}: German actions, turn {g.turn} ({clock(g.turn, scenario.params.start_time, scenario.params.minutes_per_turn)}), alarm {g.alarm.level}", "bold"))
    if not g.journal.entries:
        print("  the Germans do nothing this turn")
    for e in g.journal.entries:
        print(f"  {e.text}")
        if e.rolls:
            print(style("    dice: " + "; ".join(f"{r.die} {r.value} ({r.purpose})" for r in e.rolls), "dim"))
    if args.out:
        print(f"Board after the German actions written to {args.out}.")
    if getattr(args, "svg", None):
        print(f"Board picture written to {args.svg}.")
    return 0
