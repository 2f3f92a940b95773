"""Dieppe as a raid title of the shared command templates (:mod:`paragraphs_raids.templates`).

``play dieppe --auto``, ``simulate dieppe`` and ``turn dieppe`` are the raids layer's
commands; :class:`DieppeTitle` tells them how Dieppe loads its scenario, plays a game,
reads and writes a board file, plays the German phase and draws its board. The object
travels to worker processes, so it is an instance of a module-level class holding only
plain data.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from paragraphs_raids.cli import RaidChoices

from paragraphs_dieppe.cli_common import NAME, PHASE_NAMES, TITLE

OPTIONAL_RULES = {"bad_luck": "Bad luck! (rule 13)", "alarm": "Alarm! (rule 13)", "vorwarts": "Vorwärts! (rule 13)"}
LEVELS = {"green": "Green commando: Bad luck!", "hardened": "Hardened commando: Bad luck! and Alarm!"}


class DieppeTitle:
    """What Dieppe plugs into the raid command templates."""

    id = TITLE
    name = NAME
    phase_names: Mapping[str, str] = PHASE_NAMES
    optional_rules: Mapping[str, str] = OPTIONAL_RULES
    levels: Mapping[str, str] = LEVELS

    @property
    def rulings(self) -> Mapping[str, Sequence[str]]:
        from paragraphs_dieppe.scenario import RULINGS

        return RULINGS

    @property
    def result_levels(self) -> Sequence[str]:
        from paragraphs_dieppe.rules.victory import LEVELS as RESULTS

        return RESULTS

    def load_scenario(self, args: argparse.Namespace, host: Any) -> Any:
        from paragraphs_dieppe.cli_common import scenario_for

        return scenario_for(args, host)

    def options(self, choices: RaidChoices) -> Any:
        from paragraphs_dieppe.game.state import Options

        return Options.from_choices(choices, {"green": ("bad_luck",), "hardened": ("bad_luck", "alarm")})

    def describe_options(self, options: Any) -> str:
        return ", ".join(list(options.optional) + ([] if options.events else ["no unforeseen events"]))

    def apply_variant(self, scenario: Any, options: Any, variant: Sequence[tuple[str, str]]) -> tuple[Any, Any]:
        from paragraphs_dieppe.cli_simulate import apply_variant

        return apply_variant(scenario, options, tuple(variant))

    def play_game(self, scenario: Any, seed: int, player: Any, options: Any, *, record: bool = True, check: bool = False, policy: str = "default", finished: Callable[[Any], None] | None = None) -> Any:
        from paragraphs_dieppe.game.turn import play_game

        return play_game(scenario, seed, player, options, policy=policy, record=record, check=check, at_end=finished)

    def write_picture(self, path: str, scenario: Any, state: Any) -> None:
        from paragraphs_dieppe.picture import write_board_svg

        write_board_svg(path, scenario, state)

    def clock(self, scenario: Any) -> tuple[str, int]:
        return scenario.params.start_time, scenario.params.minutes_per_turn

    def read_board(self, path: str, scenario: Any, roll: Any, journal: Any) -> Any:
        from paragraphs_dieppe.board import read_board

        g = read_board(path, scenario, roll)
        g.journal = journal
        return g

    def german_phase(self, state: Any) -> None:
        from paragraphs_dieppe.game.german import german_phase

        german_phase(state)

    def after_german_phase(self, state: Any) -> dict[str, Any]:
        from paragraphs_dieppe.game.turn import end_of_turn

        # Phase E: the Alles gemacht markers come off and the turn marker moves.
        end_of_turn(state)
        state.turn = min(state.turn + 1, state.scenario.params.turns)
        return {}

    def board_json(self, state: Any) -> dict[str, Any]:
        from paragraphs_dieppe.board import board_json

        return board_json(state)

    def dice_hint(self, state: Any, purpose: str) -> str | None:
        if purpose.startswith("activation test"):
            return f"{state.alarm.level} or less activates"
        if purpose.startswith("reinforcements: do they come"):
            return f"under {state.alarm.level}: they come"
        return None

    def marker_backs(self, state: Any, zone: str) -> Sequence[Any]:
        return list(state.scenario.marker_backs.get(state.letter(zone), ()))

    def interactive(self, args: argparse.Namespace, host: Any) -> int:
        from paragraphs_dieppe.interactive.play import run_interactive

        return run_interactive(self, args, host)


DIEPPE = DieppeTitle()
