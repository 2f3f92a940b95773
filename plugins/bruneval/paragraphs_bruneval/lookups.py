"""What a game reads of its scenario on most steps, as native classes of the compiled build.

The scenario (:mod:`paragraphs_bruneval.scenario`) stays interpreted: it loads content.
A compiled game that asked it for a ruling, a number or the counters of a role went
through Python's generic attribute look-up, or called an interpreted method, hundreds of
times a game. The same answers are kept here once per scenario (its ``lookups``), in
the content order the scenario gives them (tie-breaks depend on it), and the game state
reads them (:attr:`paragraphs_bruneval.game.state.GameState.lookups`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from paragraphs_raids.pickling import by_fields
from paragraphs_raids.stacks import CounterSpec as CounterSpec


@dataclass(frozen=True, slots=True)
class Params:
    """The scenario's fixed numbers (content ``scenario`` record)."""

    turns: int
    start_time: str
    minutes_per_turn: int
    drop_waves: tuple[tuple[int, tuple[str, ...]], ...]
    event_turns: tuple[int, ...]
    boats_from_turn: int
    reinforcements_from_alert: int
    activation_die: str
    activation_max_radius: int
    officer_full_radius: int
    movement_die: str
    carry_capacity: int
    boat_capacity: int
    wurzburg_turns_needed: int
    officer_loss_face: int
    commando_disembark_cost: int
    embark_penalty: tuple[tuple[int, int], ...]
    vp_units: frozenset[str]

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_fields(self)  # see paragraphs_raids.pickling


# The tables are dicts and tuples, not Mappings and Sequences: the compiled build indexes
# a dict directly, a Mapping through Python's generic item look-up.
@dataclass(frozen=True)
class Lookups:
    """One scenario's answers (see the module docstring); made by ``Scenario.lookups``."""

    params: Params
    #: Ruling id -> the reading in force (``Scenario.ruling``).
    rulings: dict[str, str]
    #: Zones whose limit counts boats only (``Scenario.boat_only_zones``).
    boat_only_zones: frozenset[str]
    #: Side, role, group -> counter ids, in content order (``Scenario.counters_of_side`` ...).
    side_counters: dict[str, tuple[str, ...]]
    role_counters: dict[str, tuple[str, ...]]
    group_counters: dict[str, tuple[str, ...]]
    #: The zones tagged ``embarkation`` and ``beach``, in content order.
    embarkation: tuple[str, ...]
    beaches: tuple[str, ...]
    #: The zones tagged ``wurzburg`` and ``villa`` (the first of each), None when the map
    #: has none (test maps).
    wurzburg_zone: str | None
    villa_zone: str | None

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_fields(self)  # see paragraphs_raids.pickling

    def ruling(self, ruling_id: str) -> str:
        return self.rulings[ruling_id]

    def counters_of_side(self, side: str) -> tuple[str, ...]:
        return self.side_counters.get(side, ())

    def counters_of_role(self, role: str) -> tuple[str, ...]:
        return self.role_counters.get(role, ())

    def counters_of_group(self, group: str) -> tuple[str, ...]:
        return self.group_counters.get(group, ())
