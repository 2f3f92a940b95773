"""``paragraphs turn bruneval --state BOARD``: the companion for the German phase (E).

The player keeps the real board and writes it in a board file. The command plays the
German actions of the turn by the rules (combat by rule 9.1, movement by rule 8.2 with the
activations it causes, reinforcements by rule 13), rolling seeded dice or the player's own
(``--dice``), and prints what to do on the board; ``--out`` writes the board as the next
turn finds it (action markers lifted, turn marker advanced; the alert is the player's to
move in phase D).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from paragraphs.cli.terminal import emit_json, style
from paragraphs.errors import UsageError
from paragraphs_raids.cli import parse_dice
from paragraphs_raids.dice import PrngRoller, ScriptedRoller

from paragraphs_bruneval.board import board_json, read_board
from paragraphs_bruneval.cli_common import fresh_seed, scenario_for
from paragraphs_raids.journal import Journal
from paragraphs_bruneval.game.state import GameState
from paragraphs_bruneval.rules.german_combat import german_combat
from paragraphs_bruneval.rules.german_movement import german_movement
from paragraphs_bruneval.rules.reinforcements import german_reinforcements


def german_phase(g: GameState) -> None:
    """Phase E in the rule's order: combat, movement, reinforcements."""
    g.phase = "E"
    german_combat(g)
    german_movement(g)
    german_reinforcements(g)


def end_of_phase_e(g: GameState) -> None:
    """The board as the next turn finds it (phase F): action markers lifted, turn marker on.

    The alert stays as it is: the player moves it in phase D (the command says by how much).
    """
    for p in g.pieces.values():
        p.acted = False
    g.turn = min(g.turn + 1, g.scenario.params.turns)


def run(args: argparse.Namespace, host: Any) -> int:
    scenario = scenario_for(args, host)
    journal = Journal()
    seed = None
    if args.dice:
        roller: Any = ScriptedRoller(parse_dice(args.dice), scenario.conventions, journal.notes)
    else:
        seed = args.seed if args.seed is not None else fresh_seed()
        roller = PrngRoller(seed, scenario.conventions, journal.notes)
    g = read_board(args.state, scenario, roller, journal)
    before = g.alert.level
    turn = g.turn
    german_phase(g)
    pending = sum(a for a, _ in g.alert.pending)
    end_of_phase_e(g)
    board = board_json(g)
    if args.out:
        from paragraphs.state.savefile import write_file_atomic

        # written beside, synced and renamed like a save: a kill never leaves half a board
        write_file_atomic(args.out, json.dumps(board, indent=2, ensure_ascii=False) + "\n")
    if getattr(args, "svg", None):
        from paragraphs_bruneval.picture import write_board_svg

        write_board_svg(args.svg, scenario, g)
    if isinstance(roller, ScriptedRoller) and roller.unused:
        sys.stderr.write(f"paragraphs: warning: {roller.unused} of the --dice values were not needed\n")
    if args.json:
        emit_json(
            {
                "title": "bruneval",
                "turn": turn,
                "alert": before,
                "seed": seed,
                "dice": "typed" if args.dice else "seeded",
                "actions": [e.to_json() for e in journal.entries],
                "alert_rise_next_phase_d": pending,
                "board": board,
            }
        )
        return 0
    source = f"seed {seed}" if seed is not None else "your dice"
    print(style(f"Raid sur Bruneval 1942, turn {turn}: German actions at alert {before} ({source})", "bold"))
    for e in journal.entries:
        print(f"  {e.text}")
        if e.rolls:
            print(style("      dice: " + "; ".join(f"{r.die} {r.value} ({r.purpose})" for r in e.rolls), "dim"))
    if pending:
        print(f"Combats this phase raise the alert by {pending} at the next phase D.")
    if args.out:
        print(style(f"Board for turn {g.turn} written to {args.out} (move the alert in phase D).", "dim"))
    if getattr(args, "svg", None):
        print(style(f"Board picture written to {args.svg}.", "dim"))
    return 0
