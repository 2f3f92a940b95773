"""``paragraphs play dieppe --auto``: one automatic game, its journal and its result."""

from __future__ import annotations

import argparse
from typing import Any

from paragraphs.cli.terminal import emit_json, style
from paragraphs.errors import UsageError
from paragraphs_raids.journal import journal_lines

from paragraphs_dieppe.cli_common import NAME, PHASE_NAMES, fresh_seed, options_from, policy_factory, scenario_for
from paragraphs_dieppe.game.turn import play_game
from paragraphs_dieppe.rules.victory import LEVEL_NAMES


def run(args: argparse.Namespace, host: Any) -> int:
    """Play one game with the British policy against the rules' Germans."""
    if not getattr(args, "auto", False):
        raise UsageError("dieppe has no paragraphs to read: use `play dieppe --auto` for an automatic game")
    if getattr(args, "dice", None) == "physical":
        raise UsageError("an automatic game rolls its own dice (drop --dice physical; use --seed to replay a game)")
    seed = args.seed if args.seed is not None else fresh_seed()
    policy_id, factory = policy_factory(host, getattr(args, "policy", None))
    scenario = scenario_for(args, host)
    options = options_from(args, scenario)
    svg: str | None = getattr(args, "svg", None)

    def draw(g: Any) -> None:
        from paragraphs_dieppe.picture import write_board_svg

        assert svg is not None
        write_board_svg(svg, scenario, g)

    result = play_game(scenario, seed, factory(), options, policy=policy_id, at_end=draw if svg else None)
    if args.json:
        emit_json(result.to_json())
        return 0
    rules = ", ".join(options.optional + (["no unforeseen events"] if not options.events else []))
    print(style(f"{NAME}: automatic game, seed {seed}, policy {policy_id}" + (f" ({rules})" if rules else ""), "bold"))
    for line in journal_lines(result.journal.entries, start=scenario.params.start_time, minutes=scenario.params.minutes_per_turn, phase_names=PHASE_NAMES):
        print(style(line, "dim") if line.startswith("        dice:") else line)
    print(style(f"Result after {result.turns} turns: {result.vp} VP, {LEVEL_NAMES[result.result]}.", "bold"))
    for reason in result.reasons:
        print(f"  - {reason}")
    if svg:
        print(f"Board picture written to {svg}.")
    return 0
