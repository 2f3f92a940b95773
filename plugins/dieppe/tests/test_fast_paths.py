"""The speed work's shortcuts (issue 14) give what the general code they replace gives.

The frozen games (test_golden_games.py) check whole games; these check each shortcut on
its own, over every counter and zone of the scenario, so a content change that made one
wrong would be caught here by name.
"""

from __future__ import annotations

import itertools

from paragraphs_raids.stacks import Piece, factor, strongest_on_top

from paragraphs_dieppe.game.state import german_order
from paragraphs_dieppe.rules.movement import LAND, allowance, stack_allowance
from paragraphs_dieppe.scenario import Scenario


def pieces(scenario: Scenario) -> list[Piece]:
    out = []
    for c in scenario.counters.values():
        for reduced in (False, True):
            p = Piece(c.id, c.kind, c.name, c.group)
            p.reduced = reduced
            out.append(p)
    return out


def test_the_german_order_is_the_raids_layer_s(scenario: Scenario) -> None:
    general = strongest_on_top(factor("fire"), ("hess", "officer"))
    for p in pieces(scenario):
        assert german_order(p) == general(p), p.id


def test_the_map_tables_answer_as_the_map(scenario: Scenario) -> None:
    z, t = scenario.zmap, scenario.lookups
    land = z.movable_kinds(LAND)
    for zone in z.order:
        assert list(t.neighbours[zone]) == z.neighbours(zone)
        assert list(t.land_neighbours[zone]) == z.neighbours(zone, land)
        assert (t.protection[zone], t.stacking[zone]) == (z.zone(zone).protection, z.zone(zone).stacking)
        assert t.letters[zone] == str(scenario.zone_records[zone].get("activation") or "")
    assert (t.newhaven, t.hess_zone, list(t.beaches)) == (z.tagged("newhaven")[0], z.tagged("hess")[0], z.tagged("beach"))


def test_a_stack_s_allowance_is_its_slowest_unit_s(scenario: Scenario) -> None:
    every = pieces(scenario)
    officers = [p for p in every if p.role == "officer"]
    others = [p for p in every if p.role != "officer"]
    for stack in [*itertools.combinations(others[::5], 3), *((p, o) for p in others[::7] for o in officers[:2])]:
        for vorwarts in (None, 4):
            led = [p for p in stack if p.role != "officer"] or list(stack)
            assert stack_allowance(stack, stack, vorwarts=vorwarts) == min(allowance(p, stack, vorwarts=vorwarts) for p in led)
