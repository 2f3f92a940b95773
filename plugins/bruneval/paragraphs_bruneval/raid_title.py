"""Raid sur Bruneval 1942 as the raid layer's commands see it (:class:`~paragraphs_raids.templates.RaidTitle`).

``play bruneval --auto``, ``simulate bruneval`` and ``turn bruneval`` are the raid layer's
templates (:mod:`paragraphs_raids.templates`); this module gives them what is Bruneval's:
the scenario, the options (optional rule 18, the unexpected events), the automatic game,
the board file, the German phase E, and what succeeds on each roll. ``play bruneval``
without ``--auto`` is the interactive game (:mod:`paragraphs_bruneval.interactive`).
"""

from __future__ import annotations

import argparse
import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from paragraphs_raids.cli import RaidChoices
from paragraphs_raids.templates import RaidTitle
from paragraphs_raids.hints import OPPOSED, Hint, equal_choices, hint_for, table_hint

from paragraphs_bruneval.commands import OPTIONAL_RULES
from paragraphs_bruneval.game.state import GameState, Options
from paragraphs_bruneval.rules.victory import LEVELS
from paragraphs_bruneval.scenario import RULINGS

TITLE = "bruneval"
NAME = "Raid sur Bruneval 1942"
PHASE_NAMES = {
    "setup": "Set-up",
    "A": "A unexpected events",
    "B": "B boats",
    "C": "C British actions",
    "D": "D alert level",
    "E": "E German actions",
    "F": "F end of turn",
    "G": "G victory",
}


def german_phase(g: GameState) -> None:
    """Phase E in the rule's order: combat, movement, reinforcements."""
    from paragraphs_bruneval.rules.german_combat import german_combat
    from paragraphs_bruneval.rules.german_movement import german_movement
    from paragraphs_bruneval.rules.reinforcements import german_reinforcements

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


class BrunevalTitle(RaidTitle):
    """The :class:`~paragraphs_raids.templates.RaidTitle` of Raid sur Bruneval 1942."""

    id = TITLE
    name = NAME
    phase_names: Mapping[str, str] = PHASE_NAMES
    optional_rules: Mapping[str, str] = OPTIONAL_RULES
    levels: Mapping[str, str] = {}

    rulings: Mapping[str, Sequence[str]] = RULINGS
    result_levels: Sequence[str] = LEVELS
    #: Every line of the victory table (rule 17) earns VP and none takes any away, so a
    #: game ends on 0 VP or more: ``simulate`` cuts the interval of the mean there.
    vp_floor = 0

    def load_scenario(self, args: argparse.Namespace, host: Any) -> Any:
        from paragraphs_bruneval.scenario import load_scenario

        return load_scenario(host, getattr(args, "overlay", []) or [], use_cache=not getattr(args, "no_cache", False))

    def options(self, choices: RaidChoices) -> Options:
        return Options(commando="commando" in choices.optional, events=choices.events)

    def describe_options(self, options: Options) -> str:
        return ", ".join(n for n, on in (("optional rule 18", options.commando), ("no unexpected events", not options.events)) if on)

    def apply_variant(self, scenario: Any, options: Options, variant: Sequence[tuple[str, str]]) -> tuple[Any, Options]:
        for key, value in variant:
            if key == "optional" and value == "commando":  # added to the options given ("": as given)
                options = dataclasses.replace(options, commando=True)
            elif key.startswith("ruling."):
                scenario = dataclasses.replace(scenario, rulings={**scenario.rulings, key.removeprefix("ruling."): value})
        return scenario, options

    def play_game(self, scenario: Any, seed: int, player: Any, options: Options, *, record: bool = True, check: bool = False, policy: str = "default", finished: Callable[[GameState], None] | None = None) -> Any:
        from paragraphs_bruneval.game.turn import play_game

        return play_game(scenario, seed, player, options, record=record, check=check, policy=policy, finished=finished)

    def write_picture(self, path: str, scenario: Any, state: GameState) -> None:
        from paragraphs_bruneval.picture import write_board_svg

        write_board_svg(path, scenario, state)

    def clock(self, scenario: Any) -> tuple[str, int]:
        return scenario.params.start_time, scenario.params.minutes_per_turn

    def read_board(self, path: str, scenario: Any, roll: Any, journal: Any, options: Any = None) -> GameState:
        from paragraphs_bruneval.board import read_board

        return read_board(path, scenario, roll, journal, options)

    def german_phase(self, state: GameState) -> None:
        german_phase(state)

    def after_german_phase(self, state: GameState) -> dict[str, Any]:
        rise = sum(a for a, _ in state.alert.pending)
        end_of_phase_e(state)
        return {"alert_rise": rise}

    def board_json(self, state: GameState) -> dict[str, Any]:
        from paragraphs_bruneval.board import board_json

        return board_json(state)

    def setup_board(self, scenario: Any, options: Options) -> tuple[dict[str, Any], list[str]]:
        from paragraphs_bruneval.board import setup_board

        return setup_board(scenario, options)

    def dice_hint(self, state: GameState, purpose: str) -> str | None:
        return dice_hint(state, purpose)

    def marker_backs(self, state: GameState, zone: str) -> Sequence[Any]:
        return sorted(set(self.marker_pool(state, zone)), key=lambda b: b.total)

    def marker_pool(self, state: GameState, zone: str) -> Sequence[Any]:
        letter = next((k for k, zones in state.scenario.activation_zones().items() if zone in zones), None)
        found = state.scenario.marker_sets.get(letter) if letter is not None else None
        return list(found.backs) if found else []

    def interactive(self, args: argparse.Namespace, host: Any) -> int:
        from paragraphs_bruneval.interactive.play import run_interactive

        return run_interactive(self, args, host)


#: The one instance the commands use (a module-level object: it pickles by reference).
BRUNEVAL = BrunevalTitle()


def simulate(scenario: Any, factory: Callable[[], Any], options: Options, games: int, seed: int, jobs: int | None = None, progress: Callable[[int, int], None] | None = None, **kwargs: Any) -> list[Any]:
    """A seeded series of Bruneval games (:func:`paragraphs_raids.templates.simulate`)."""
    from paragraphs_raids.templates import simulate as run

    return run(BRUNEVAL, scenario, factory, options, games, seed, jobs, progress, **kwargs)


# --------------------------------------------------------------------------- what succeeds

_HINTS: tuple[Hint, ...] = (
    (re.compile(r"^activation of \S+ by .* at R(\d+)"), lambda g, m: f"{g.alert.level - int(m.group(1))} or less activates (die + R{m.group(1)} at or under alert {g.alert.level})"),
    (re.compile(r"^officer loss"), lambda g, m: f"{g.scenario.params.officer_loss_face} eliminates the officer"),
    (re.compile(r"^reinforcements: at or under alert (\d+)"), lambda g, m: f"{m.group(1)} or less brings reinforcements"),
    (re.compile(r"^movement of .*halved"), lambda g, m: "half the face, rounded down, is the movement points"),
    (re.compile(r"^dismantling the Würzburg \((\w+), (\d+) turns\)"), lambda g, m: _wurzburg_hint(g, m.group(1), int(m.group(2)))),
    (re.compile(r"^destroying the Villa \(attack value (\d+)\)"), lambda g, m: f"{m.group(1)} or less destroys the Villa"),
    *OPPOSED,
    (re.compile(r"^drop zone of "), lambda g, m: table_hint(g.scenario.tables, "drop_zone", "DZ ")),
    (re.compile(r"^landing zone of "), lambda g, m: "the zone of that number in the drop zone; the next number when it is full"),
    (re.compile(r"^unexpected event: which one"), lambda g, m: table_hint(g.scenario.tables, "unexpected_events")),
    (re.compile(r"^boats on turn \d+: need (\d+) with ([+-]\d+)"), lambda g, m: f"{int(m.group(1)) - int(m.group(2))} or more brings the boats"),
    (re.compile(r"^wrong DZ: turn "), lambda g, m: "the turn the group comes in at 5C (never before its own)"),
    equal_choices(r"equal|at random|which group|set-up"),
)


def dice_hint(g: GameState, purpose: str) -> str | None:
    """What succeeds on a roll made for ``purpose`` (the rule behind the purpose's words)."""
    return hint_for(_HINTS, g, purpose)


def _wurzburg_hint(g: GameState, who: str, turns: int) -> str:
    from paragraphs_bruneval.rules.objectives import wurzburg_target

    target = wurzburg_target(turns, g.scenario.tables["wurzburg"], g.scenario.params.wurzburg_turns_needed)
    modifier = g.scenario.wurzburg_modifiers.get(who, 0)
    if target is None:
        return "no attempt yet"
    return f"{target - modifier} or less succeeds (face {modifier:+d} at or under {target})"


# --------------------------------------------------------------------------- what is good for the player


def roll_luck(g: GameState, purpose: str, distribution: Any, face: int) -> Any:
    """The order of a roll's results for the British player, for ``luck`` (None: no order)."""
    from paragraphs_raids.luck_orders import roll_luck as luck_of

    return luck_of(_luck_rules(), g, purpose, distribution, face)


def _luck_rules() -> tuple[Any, ...]:
    """Bruneval's rolls whose rules make the player's order of results unambiguous; the
    others (activation tests, drop and landing zones, events, picks) declare none."""
    from paragraphs_raids.luck_orders import higher_is_better, opposed, split
    from paragraphs_raids.stacks import BRITISH

    return (
        # rule 9: both sides roll a d6 added to their values; the defenders stand in the zone
        (re.compile(r" against (\S+): (attacker|defender)'s die$"), lambda g, m: opposed(g.side_in(m.group(1)) != BRITISH, m.group(2) == "attacker")),
        (re.compile(r"^officer loss"), lambda g, m: split(lambda f: f != g.scenario.params.officer_loss_face, "the officer comes through", "the officer falls")),
        (re.compile(r"^reinforcements: at or under alert (\d+)"), lambda g, m: split(lambda f: f > int(m.group(1)), "no reinforcements", "reinforcements come")),
        (re.compile(r"^movement of .*halved"), lambda g, m: higher_is_better),
        (re.compile(r"^dismantling the Würzburg \((\w+), (\d+) turns\)"), lambda g, m: _wurzburg_luck(g, m.group(1), int(m.group(2)))),
        # rule 10: at or under the unit's modified attack value destroys the Villa
        (re.compile(r"^destroying the Villa \(attack value (\d+)\)"), lambda g, m: split(lambda f: f <= int(m.group(1)), "the Villa is destroyed", "the Villa stands")),
        (re.compile(r"^boats on turn \d+: need (\d+) with ([+-]\d+)"), lambda g, m: split(lambda f: f + int(m.group(2)) >= int(m.group(1)), "the boats come", "no boats yet")),
    )


def _wurzburg_luck(g: GameState, who: str, turns: int) -> Any:
    from paragraphs_bruneval.rules.objectives import wurzburg_target
    from paragraphs_raids.luck_orders import split

    target = wurzburg_target(turns, g.scenario.tables["wurzburg"], g.scenario.params.wurzburg_turns_needed)
    if target is None:
        return None
    modifier = g.scenario.wurzburg_modifiers.get(who, 0)
    return split(lambda f: f + modifier <= target, "the Würzburg is dismantled", "not yet")
