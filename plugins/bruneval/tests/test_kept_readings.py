"""Readings kept or narrowed for speed (issue #13.3) against their plain definitions.

The scenario keeps what it reads from its zone records; the officer radius and the
engineers still alive read only the counters that can matter, and the default player groups
its units stack by stack; German combat reads both sides' zones in one pass. Each is
compared here with the plain reading (every record, every stack, every piece) on the
boards of whole automatic games, at every British phase.
"""

from __future__ import annotations

from collections.abc import Callable

from paragraphs.dice import derive_seed
from paragraphs_raids.stacks import BRITISH, Piece

from paragraphs_bruneval import policy
from paragraphs_bruneval.game.state import GameState, Options
from paragraphs_bruneval.game import turn
from paragraphs_bruneval.game.turn import play_game
from paragraphs_bruneval.rules import movement, objectives
from paragraphs_bruneval.scenario import Scenario


def _plain_officer_radius(g: GameState, zone: str) -> int | None:
    radii = g.zmap.radii_from(zone)
    found = [radii[p.zone] for s in g.stacks.values() for p in s if p.role == "officer" and p.side == BRITISH and p.zone in radii]
    return min(found) if found else None


def _plain_engineers_alive(g: GameState) -> bool:
    return any(p.role == "engineers" and p.id not in g.eliminated for p in g.pieces.values())


def _plain_british_left(g: GameState) -> bool:
    if any(p.side == BRITISH and p.role != "boat" for p in g.on_map()):
        return True
    waiting = [grp for t, groups in g.scenario.params.drop_waves for grp in groups if t > g.turn and grp not in g.lost_groups]
    return bool(waiting) or any(t > g.turn for t in g.late_entries.values())


class _Checking:
    """The default player, checking the kept readings against the plain ones first."""

    def __init__(self) -> None:
        self.player = policy.DefaultPolicy()
        self.checked = 0

    def british_phase(self, g: GameState) -> None:
        for zone in g.zmap.by_id:
            assert movement.officer_radius(g, zone) == _plain_officer_radius(g, zone), (g.turn, zone)
        assert objectives.engineers_alive(g) == _plain_engineers_alive(g), g.turn
        # The units the default player groups to move: every British unit that may move,
        # each zone's in its stack's order within each group.
        movable = [p for p in g.on_map(BRITISH) if not p.acted and p.role != "boat" and p.zone not in g.lookups.boat_only_zones]
        grouped = [p for _, members in self.player._moving_groups(g) for p in members]
        assert sorted(p.id for p in grouped) == sorted(p.id for p in movable), g.turn
        assert g.zones_of_sides() == (g.british_zones(), g.german_zones()), g.turn
        assert turn.british_left(g) == _plain_british_left(g), g.turn
        drake = any(p.group == "drake" and objectives.who_attempts(g, p) is not None for p in g.on_map(BRITISH))
        assert self.player._can_dismantle(g) == drake, g.turn
        self.checked += 1
        self.player.british_phase(g)


def test_kept_readings_match_the_plain_ones_in_whole_games(scenario: Scenario) -> None:
    checking = _Checking()
    for i, options in enumerate([Options(), Options(commando=True), Options(events=False)] * 4):
        play_game(scenario, derive_seed(13, i), checking, options, record=False)
    assert checking.checked > 100


def _records_reading(scenario: Scenario) -> dict[str, Callable[[], object]]:
    """The scenario's lookups as they read the records every time (before they were kept)."""
    records = scenario.zone_records

    def entry(arrow: str) -> str:
        return next(z for z, r in records.items() if r.get("entry") == arrow)

    def drop_zone(letter: str) -> dict[int, str]:
        return dict(sorted((int(r["number"]), z) for z, r in records.items() if r.get("drop_zone") == letter and r.get("number")))

    def activation_zones() -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for z, r in records.items():
            if r.get("activation"):
                out.setdefault(str(r["activation"]), []).append(z)
        return out

    return {
        "entry": lambda: [entry(a) for a in ("R1", "R2", "5C")],
        "drop_zone": lambda: [drop_zone(letter) for letter in "ABC"],
        "activation_zones": activation_zones,
        "group_counters": lambda: [[c.id for c in scenario.counters.values() if c.group == g] for g in ("drake", "garrison", "boats")],
    }


def test_scenario_lookups_read_as_the_records_say_and_hand_out_copies(scenario: Scenario) -> None:
    plain = _records_reading(scenario)
    kept: dict[str, Callable[[], object]] = {
        "entry": lambda: [scenario.entry(a) for a in ("R1", "R2", "5C")],
        "drop_zone": lambda: [scenario.drop_zone(letter) for letter in "ABC"],
        "activation_zones": scenario.activation_zones,
        "group_counters": lambda: [scenario.group_counters(g) for g in ("drake", "garrison", "boats")],
    }
    for name, read in kept.items():
        assert read() == plain[name](), name
    # What a caller is given is its own: changing it changes nothing for the next one.
    scenario.group_counters("garrison").clear()
    scenario.drop_zone("A").clear()
    scenario.activation_zones().clear()
    for name, read in kept.items():
        assert read() == plain[name](), name
    assert scenario.counters_of_role("officer") == tuple(c.id for c in scenario.counters.values() if c.kind.role == "officer")
    assert scenario.counters_of_side(BRITISH) == tuple(c.id for c in scenario.counters.values() if c.kind.side == BRITISH)
