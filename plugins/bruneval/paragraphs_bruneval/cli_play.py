"""``paragraphs play bruneval --auto``: one automatic game, its journal and its result."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from paragraphs.cli.terminal import emit_json, style
from paragraphs.errors import UsageError

from paragraphs_raids.journal import journal_lines

from paragraphs_bruneval.cli_common import PHASE_NAMES, fresh_seed, options_from, policy_factory, scenario_for
from paragraphs_bruneval.game.state import GameState
from paragraphs_bruneval.game.turn import play_game


def run(args: argparse.Namespace, host: Any) -> int:
    """Play one game with the British policy against the rules' Germans."""
    if not args.auto:
        raise UsageError("bruneval has no paragraphs to read: use `play bruneval --auto` for an automatic game, or `turn bruneval --state BOARD` to play your own board")
    if args.dice == "physical":
        raise UsageError("an automatic game rolls its own dice (drop --dice physical; use --seed to replay a game)")
    seed = args.seed if args.seed is not None else fresh_seed()
    policy_id, factory = policy_factory(host, args.policy)
    options = options_from(args)
    scenario = scenario_for(args, host)
    draw: Callable[[GameState], None] | None = None
    if getattr(args, "svg", None):
        from paragraphs_bruneval.picture import write_board_svg

        def draw(g: GameState) -> None:  # the board as the game ends
            write_board_svg(args.svg, scenario, g)
    result = play_game(scenario, seed, factory(), options, policy=policy_id, finished=draw)
    if args.json:
        emit_json(result.to_json())
        return 0
    rules = ", ".join(n for n, on in (("optional rule 18", options.commando), ("no unexpected events", not options.events)) if on)
    print(style(f"Raid sur Bruneval 1942: automatic game, seed {seed}, policy {policy_id}" + (f" ({rules})" if rules else ""), "bold"))
    for line in journal_lines(result.journal.entries, start=scenario.params.start_time, minutes=scenario.params.minutes_per_turn, phase_names=PHASE_NAMES):
        print(style(line, "dim") if line.startswith("        dice:") else line)
    level = {"complete": "a complete success", "partial": "a partial success", "failure": "a failure"}[result.result]
    print(style(f"Result after {result.turns} turns: {result.vp} VP, {level}.", "bold"))
    for reason in result.reasons:
        print(f"  - {reason}")
    if draw is not None:
        print(style(f"Board picture written to {args.svg}.", "dim"))
    return 0
