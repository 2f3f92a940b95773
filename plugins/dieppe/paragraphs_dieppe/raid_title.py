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
from paragraphs_raids.templates import RaidTitle

from paragraphs_dieppe.cli_common import NAME, PHASE_NAMES, TITLE
from paragraphs_dieppe.commands import LEVELS, OPTIONAL_RULES

#: Rule 13: the optional rules each level applies (as content ``difficulty_levels``).
LEVEL_RULES = {"green": ("bad_luck",), "hardened": ("bad_luck", "alarm"), "seasoned": ("bad_luck", "alarm", "vorwarts")}


class DieppeTitle(RaidTitle):
    """What Dieppe plugs into the raid command templates."""

    id = TITLE
    name = NAME
    alert_word = "alarm"  # the rulebook's word, as play dieppe says it
    phase_names: Mapping[str, str] = PHASE_NAMES
    optional_rules: Mapping[str, str] = OPTIONAL_RULES
    levels: Mapping[str, str] = LEVELS
    #: No floor: chapter 12 deducts VP (commandos left behind, a senior officer lost), so
    #: a game can end below 0 VP and the interval of the mean is not cut.
    vp_floor = None

    @property
    def rulings(self) -> Mapping[str, Sequence[str]]:
        from paragraphs_dieppe.scenario import RULINGS

        return RULINGS

    def level_name(self, level: str) -> str:
        from paragraphs_dieppe.rules.victory import LEVEL_NAMES

        return LEVEL_NAMES.get(level, level)  # "semi": "a semi success"

    @property
    def result_levels(self) -> Sequence[str]:
        from paragraphs_dieppe.rules.victory import LEVELS as RESULTS

        return RESULTS

    def load_scenario(self, args: argparse.Namespace, host: Any) -> Any:
        from paragraphs_dieppe.cli_common import scenario_for

        return scenario_for(args, host)

    def options(self, choices: RaidChoices) -> Any:
        from paragraphs_dieppe.game.state import Options

        return Options.from_choices(choices, LEVEL_RULES)

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

    def read_board(self, path: str, scenario: Any, roll: Any, journal: Any, options: Any = None) -> Any:
        from paragraphs_dieppe.board import read_board

        g = read_board(path, scenario, roll, options)
        g.journal = journal
        return g

    def german_phase(self, state: Any) -> None:
        from paragraphs_dieppe.game.german import german_phase
        from paragraphs_dieppe.game.turn import end_of_british_phase

        # Phase C first (rule 4): a board written after the player's phase B may still
        # show his Job Done markers, and a marked stack would defend without the levels
        # of its marked units (ruling R35 counts every British unit in phase D).
        end_of_british_phase(state)
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

    def setup_board(self, scenario: Any, options: Any) -> tuple[dict[str, Any], list[str]]:
        from paragraphs_dieppe.board import setup_board

        return setup_board(scenario, options)

    def dice_hint(self, state: Any, purpose: str) -> str | None:
        from paragraphs_raids.hints import hint_for

        return hint_for(_hints(), state, purpose)

    def roll_luck(self, state: Any, purpose: str, distribution: Any, face: int) -> Any:
        """The order of a roll's results for the player, for ``luck`` (None: no order)."""
        from paragraphs_raids.luck_orders import roll_luck

        return roll_luck(_luck_rules(), state, purpose, distribution, face)

    def marker_backs(self, state: Any, zone: str) -> Sequence[Any]:
        return list(state.scenario.marker_backs.get(state.letter(zone), ()))

    def marker_pool(self, state: Any, zone: str) -> Sequence[Any]:
        # rule 3.1 / R4: the letter's markers, spares included (6 A and 5 B)
        return list(state.scenario.marker_backs.get(state.letter(zone), ()))

    def own_counters(self, state: Any, roll: Any, choose: Any) -> Any:
        from paragraphs_dieppe.own_counters import own_counters

        return own_counters(roll, state, choose)

    def interactive(self, args: argparse.Namespace, host: Any) -> int:
        from paragraphs_dieppe.interactive.play import run_interactive

        return run_interactive(self, args, host)


DIEPPE = DieppeTitle()


def _count_hint(g: Any) -> str:
    rows = g.scenario.tables["reinforcement_count"].rows
    return ", ".join(f"{row.name}: {row.result}" for row in rows) + " counter(s)"


def _hints() -> tuple[Any, ...]:
    """What each of Dieppe's rolls does, read from its purpose (for the player's own dice)."""
    import re

    from paragraphs_raids.hints import OPPOSED, equal_choices, table_hint

    return (
        (re.compile(r"^activation test"), lambda g, m: f"{g.alarm.level} or less activates"),
        (re.compile(r"^reinforcements: do they come"), lambda g, m: f"under {g.alarm.level}: they come"),
        (re.compile(r"^reinforcements: entry zone"), lambda g, m: "they enter at the R of that number (the next one while commandos hold it)"),
        (re.compile(r"^reinforcements: how many"), lambda g, m: _count_hint(g)),
        (re.compile(r"^unforeseen event$"), lambda g, m: table_hint(g.scenario.tables, "events") + "; an odd face also loses an LCA"),
        (re.compile(r"^event [ab]: what happens"), lambda g, m: "0 nothing, 1-7 the LCA of that number is lost, 8 Group 1 or 9 Group 2 lands late"),
        (re.compile(r"^event d: which LCA"), lambda g, m: "the LCA of that number is lost"),
        (re.compile(r"^mines$"), lambda g, m: f"the stack's levels added, {g.scenario.params.mines_loss_at} or more costs a loss"),
        (re.compile(r"^Bangalore torpedo"), lambda g, m: "an even face clears the wire"),
        *OPPOSED,
        (re.compile(r"^garrison for|^reinforcement drawn"), lambda g, m: "picks among the counters left"),
        equal_choices(r"equal|at random|set-up"),
    )


def _luck_rules() -> tuple[Any, ...]:
    """Dieppe's rolls whose rules make the player's order of results unambiguous (the luck
    audit); the others (activation tests, events, entry zones, draws) declare none."""
    import re

    from paragraphs_raids.luck_orders import lower_is_better, opposed, split

    return (
        # rule 11.1: each side's die adds to its value (British d6, German d10)
        (re.compile(r"^(british|german) fire: (attacker|defender)'s die"), lambda g, m: opposed(m.group(1) == "british", m.group(2) == "attacker")),
        # rule 11.2: only the British assault
        (re.compile(r"^assault line \d+: (attacker|defender)'s die"), lambda g, m: opposed(True, m.group(1) == "attacker")),
        # rule 10: the die and the stack's levels at or over the threshold cost a loss
        (re.compile(r"^mines$"), lambda g, m: lower_is_better),
        (re.compile(r"^Bangalore torpedo"), lambda g, m: split(lambda f: f % 2 == 0, "the wire is cleared", "the wire holds")),
        # rule 8: at or over the alarm nobody comes; then the fewer counters the better
        (re.compile(r"^reinforcements: do they come"), lambda g, m: split(lambda f: f >= g.alarm.level, "no reinforcements", "reinforcements come")),
        (re.compile(r"^reinforcements: how many"), lambda g, m: _fewer_counters(g)),
    )


def _fewer_counters(g: Any) -> Any:
    table = g.scenario.tables["reinforcement_count"]

    def judge(face: int) -> tuple[int, str]:
        count = int(table.lookup(face).result)
        return -count, f"{count} counter(s)"

    return judge
