"""German movement reads its first goal and its route from a fixed land distance table
(:class:`~paragraphs_bruneval.rules.german_movement.MovementPhase`, #13.3) instead of a
route search that may not cross British zones. These tests put British units at random
on the title's map (some zones holding only an officer, worth no stacking points) and
check, for every German starting zone, that the table gives the goals the search gives,
that it declines exactly when a pointless British zone lies nearer, and that its walk
takes the same zones with the same dice as the raids layer's walk.
"""

from __future__ import annotations

import random

from paragraphs_raids.dice import ScriptedRoller
from paragraphs_raids.german_ai import walk_toward
from paragraphs_raids.journal import Journal
from paragraphs_raids.markers import ActivationMarkers
from paragraphs_raids.stacks import Piece

from paragraphs_bruneval.game.state import GameState, Options
from paragraphs_bruneval.rules.german_movement import MovementPhase
from paragraphs_bruneval.scenario import Scenario

SITUATIONS = 60


def _board(scenario: Scenario, rng: random.Random) -> GameState:
    """The title's map with three to eight British stacks at random; about one in four
    is an officer alone (no stacking points)."""
    g = GameState(scenario=scenario, roll=ScriptedRoller([], scenario.conventions), options=Options(), journal=Journal(enabled=False))
    g.markers = ActivationMarkers({})
    for cid, spec in scenario.counters.items():
        g.pieces[cid] = Piece(cid, spec.kind, spec.name, spec.group)
    land = [z.id for z in scenario.zmap.zones if z.id not in scenario.boat_only_zones]
    infantry = [c for c, s in scenario.counters.items() if s.kind.side == "british" and s.kind.role == "infantry"]
    officers = [c for c, s in scenario.counters.items() if s.kind.role == "officer"]
    rng.shuffle(infantry)
    rng.shuffle(officers)
    for zone in rng.sample(land, rng.randint(3, 8)):
        if officers and rng.random() < 0.25:
            g.place(g.pieces[officers.pop()], zone)
        else:
            for _ in range(rng.randint(1, 2)):
                if infantry:
                    g.place(g.pieces[infantry.pop()], zone)
    return g


def _searched_goals(g: GameState, ph: MovementPhase, start: str) -> tuple[list[tuple[str, int, int]], int | None]:
    """The first line's goals at the least cost by the route search, and the least cost
    of any British zone (pointless ones included) by the same search."""
    reach = g.zmap.path_costs(start, impassable=g.scenario.boat_only_zones, stop_in=ph.british_set)
    found = [(z, reach[z], ph.points[z]) for z in ph.british if z in reach and ph.points[z] > 0]
    any_cost = min((reach[z] for z in ph.british if z in reach), default=None)
    if not found:
        return [], any_cost
    least = min(cost for _, cost, _ in found)
    return [c for c in found if c[1] == least], any_cost


def test_table_goals_and_walks_match_the_route_search(scenario: Scenario) -> None:
    rng = random.Random(1942)
    answered = declined = walks = 0
    for _ in range(SITUATIONS):
        g = _board(scenario, rng)
        ph = MovementPhase.of(g)
        for start in [z.id for z in scenario.zmap.zones if z.id not in scenario.boat_only_zones and not g.stacks.get(z.id)]:
            quick = ph.nearest_british(start)
            searched, any_cost = _searched_goals(g, ph, start)
            if quick is None:
                declined += 1
                # Declined only when the search finds no goal or a pointless zone nearer.
                assert not searched or (any_cost is not None and any_cost < searched[0][1]), start
                continue
            answered += 1
            assert [(c.zone, c.cost, c.points) for c in quick] == searched, start
            blocked = g.scenario.boat_only_zones | g.british_zones()
            for goal in quick:
                for allowance in (1, 2, 3, 6):
                    dice = [rng.randint(1, 6) for _ in range(12)]
                    mine, theirs = ScriptedRoller(dice), ScriptedRoller(dice)
                    got = ph.walk(start, goal.zone, allowance, mine)
                    assert got == walk_toward(g.zmap, start, goal.zone, allowance, theirs, impassable=blocked, enter_goal=False), (start, goal.zone)
                    assert mine.used == theirs.used
                    walks += 1
    # The test means something only if both branches were taken many times.
    assert answered > 1000 and declined > 50 and walks > 5000, (answered, declined, walks)
