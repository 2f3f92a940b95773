"""The optional rules ([16.0]-[37.0]): their tables against the seed, token by token, and
the parts the referee resolves when a game selects them (``--optional RULE``)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

import paragraphs
from paragraphs.content import load_book
from paragraphs.dice import ScriptedDice
from paragraphs.errors import ParagraphsError

from paragraphs_spi_commando.cells import Charts

# the seed readers of test_charts.py (tests run in importlib mode: loaded by path)
_spec = importlib.util.spec_from_file_location("spi_test_charts", Path(__file__).with_name("test_charts.py"))
assert _spec is not None and _spec.loader is not None
_charts = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_charts)
compare, seed_lines, seed_table = _charts.compare, _charts.seed_lines, _charts.seed_table


@pytest.fixture(scope="module")
def charts(host) -> Charts:
    return Charts.from_book(load_book(host, "spi_commando", use_cache=False))


def test_rifle_grenade_tables(charts) -> None:
    rows = {
        "Target Square is Rough,": "target_rough_crater_woods_rubble",
        "Target Square is at": "target_higher",
        "Target Square is Dune": "target_dune",
        "Target Square is Forest": "target_forest",
        "Target Square adjacent to": "target_wall_or_trench",
        "Hangar or barracks": "through_hangar_door",
        "Door between target": "through_door",
        "Window or Slit": "through_window_or_slit",
        "Firer Severely Wounded": "firer_seriously_wounded",
        "Firer does not": "no_los",
    }
    assert compare(charts, "rifle_grenade_modifiers", "[18.31]", rows, {1: "result"}) == 10
    assert compare(charts, "rifle_grenade_scatter", "[18.32]", {str(d): str(d) for d in range(1, 7)}, {1: "result"}) == 6


def test_horse_thump_gun_and_shell_tables(charts) -> None:
    horses = {"Charging Horse": "charging_horse", "Rearing Horse": "rearing_horse", "Horse vs. Horse": "horse_vs_horse"}
    assert compare(charts, "horse_melee", "[19.49]", horses, {1: "hit", 2: "kill", 3: "damage"}) == 9
    _, table = seed_table("[21.15]")
    assert compare(charts, "thump_gun_accuracy", "[21.15]", {r[0]: r[0] for r in table[1:]}, {1: "result"}) == 8
    assert compare(charts, "tank_artillery_scatter", "[23.92]", {str(d): str(d) for d in range(1, 11)}, {1: "result"}) == 10
    # [23.91] is printed as a list, not a table
    lines = seed_lines()
    at = lines.index("[23.91] Tank/Artillery Hit Table")
    printed = [int(m.group(1)) for line in lines[at + 1 : at + 4] for m in [re.search(r"\+?(\d+)%", line)] if m]
    assert printed == [charts.value("tank_artillery_hit", k) for k in ("artillery_or_buttoned_tank", "opened_up_tank", "per_observed_turn")] == [15, 30, 10]


def test_vehicle_task_points(charts) -> None:
    _, table = seed_table("[23.8]")
    keys = {"Move one square orthogonally": "move_orthogonal", "Move one square diagonally": "move_diagonal", "Change facing by 45°": "change_facing", "Button Down or Open Up": "button_down_or_open_up", "Fire main gun": "fire_main_gun", "Fire other weapons": "fire_other_weapons", "Turn turret": "turn_turret"}
    priced = {r[0]: r[1] for r in table[1:] if len(r) > 1 and r[1]}
    assert {keys[label]: int(cost) for label, cost in priced.items()} == {k: charts.value("vehicle_task_points", k) for k in keys.values()}
    # the crew row prints no cost: [23.23] gives it, so the cell is derived, never a guess
    assert ["Two crewmen exchange place"] == [r[0] for r in table[1:] if len(r) == 1]
    cell = charts["vehicle_task_points"].cell("crew_exchange")
    assert (cell.kind, cell.value) == ("derived", 20) and "[23.23]" in cell.note


def test_satchel_rocket_law_and_illumination_tables(charts) -> None:
    _, table = seed_table("[25.41]")
    assert compare(charts, "satchel_accuracy", "[25.41]", {r[0]: r[0] for r in table[1:]}, {1: "result"}) == 7
    header, *data = seed_table("[25.42]")[1]
    assert [h.lower() for h in header] == ["open", "vented", "closed"] and len(data) == 1
    assert [d.replace("−", "-") for d in data[0]] == [charts.value("satchel_damage", "satchel", c) for c in ("open", "vented", "closed")]
    _, table = seed_table("[26.7]")
    rows = {r[0]: ("36-1000000000" if r[0] == "36 or more" else r[0]) for r in table[1:]}  # "36+" in the content
    assert compare(charts, "rocket_launcher_accuracy", "[26.7]", rows, {1: "result"}) == 7
    _, table = seed_table("[27.3]")
    rows = {r[0]: ("68-1000000000" if r[0] == "68 or more" else r[0]) for r in table[1:]}
    assert compare(charts, "law_accuracy", "[27.3]", rows, {1: "result"}) == 5
    for heading, chart in (("[26.5]", "vehicle_damage"), ("[26.6]", "light_vehicle_damage")):
        for die, effect in seed_table(heading)[1][1:]:
            low, _, high = die.partition("-")
            for d in range(int(low), int(high or low) + 1):
                assert charts.value(chart, charts[chart].row_for(d).key) == effect.lower().replace(" and ", "_"), (heading, d)
    names = {"Grenade": "grenade", "Flare": "flare", "Star Shell": "star_shell"}
    for label, radius, turns in seed_table("[34.5]")[1][1:]:
        shipped = (charts.value("illumination", names[label], "radius"), charts.value("illumination", names[label], "turns"))
        assert shipped == (int(radius.rstrip("*†")), int(turns))
