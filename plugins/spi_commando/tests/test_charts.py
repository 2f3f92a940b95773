"""The shipped charts against the seed's printed tables, token by token.

Each test finds the table in the seed by its heading, splits its markdown rows into
tokens, and compares every printed token with the shipped cell of the same row and
column; a token the seed does not print must be shipped as an unknown cell with a reason
and a seed line. Nothing here copies a number from the seed by hand.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from paragraphs.content import check_title, load_book
from paragraphs.problems import Severity

from paragraphs_spi_commando.cells import Cell, Charts, Prohibited, UnknownCell

SEED = Path("/work/shared/seeds/002_33fd920d80ddd1f8.txt")
CHARTS_START = "Historical Game Charts and Tables"


def seed_lines() -> list[str]:
    return SEED.read_text(encoding="utf-8").split("\n")


def seed_table(heading: str) -> tuple[int, list[list[str]]]:
    """(line number of the first row, rows of cells) of the markdown table under ``heading``
    in the seed's charts section; the header row comes first, the separator is dropped."""
    lines = seed_lines()
    start = lines.index(CHARTS_START)
    at = next(i for i in range(start, len(lines)) if lines[i].startswith(heading))
    i = at + 1
    while not lines[i].startswith("|"):
        i += 1
    first = i + 1
    rows = []
    while i < len(lines) and lines[i].startswith("|"):
        cells = [c.strip() for c in lines[i].strip().strip("|").split("|")]
        if not all(set(c) <= set("-") for c in cells):
            rows.append(cells)
        i += 1
    return first, rows


def token(text: str) -> Any:
    """A printed cell as the value the content ships."""
    t = text.replace("−", "-").replace("–", "-").strip()
    t = re.sub(r"[¹²³⁴⁵]$", "", t)
    if t == "P":
        return ("prohibited",)
    if t in ("none", "No"):
        return ("none",)
    if t == "U":
        return "unlimited"
    if t == "×.5":
        return "x0.5"
    if re.fullmatch(r"[+-]?\d+%?", t):
        return int(t.rstrip("%"))
    return t


def shipped(cell: Cell) -> Any:
    if cell.kind in ("prohibited", "none"):
        return (cell.kind,)
    assert cell.kind == "value", f"{cell.key}: printed in the seed but shipped as {cell.kind}"
    return cell.value


@pytest.fixture(scope="module")
def charts(host) -> Charts:
    return Charts.from_book(load_book(host, "spi_commando", use_cache=False))


def compare(charts: Charts, chart_id: str, heading: str, rows: dict[str, str], columns: dict[int, str], *, row_of=None) -> int:
    """Compare every printed token of the seed table with the shipped chart; return how
    many tokens were compared. ``rows`` maps the seed's row label to the row key,
    ``columns`` a seed column index to the chart column."""
    chart = charts[chart_id]
    _, table = seed_table(heading)
    compared = 0
    seen = set()
    for cells in table[1:]:
        label = cells[0]
        # the mapping names each seed row by the start of its label (a few words)
        matches = [k for k in rows if label == k or label.startswith(k + " ")]
        if not matches:
            assert label.endswith(":") or label in ("Movement", "Combat"), f"{heading}: seed row {label!r} not mapped"
            continue
        key = rows[max(matches, key=len)]
        seen.add(key)
        for index, column in columns.items():
            cell = chart.cell(key, column)
            printed = cells[index] if index < len(cells) else ""
            if printed in ("", "-", "–"):
                assert cell.kind == "unknown" and cell.reason and cell.source.startswith("seed L"), cell
                continue
            assert shipped(cell) == token(printed), (cell.key, printed)
            compared += 1
    assert seen == set(rows.values())
    return compared


def test_fire_combat_table(charts) -> None:
    columns = {1: "fires", 2: "0-1", 3: "2-3", 4: "4-8", 5: "9-20", 6: "21-30", 7: "31-40", 8: "41-50", 9: "51+", 10: "magazine", 11: "damage"}
    _, table = seed_table("[10.81]")
    assert table[0][2:10] == list(columns.values())[1:9]
    assert compare(charts, "fire_combat", "[10.81]", {"Pistol": "pistol", "Machine Pistol": "machine_pistol"}, columns) == 12


def test_every_weapon_the_seed_lost_is_unknown_never_zero(charts) -> None:
    chart = charts["fire_combat"]
    for row in chart.rows:
        if row.key in ("pistol", "machine_pistol"):
            continue
        for column, cell in row.cells.items():
            if (row.key, column) == ("smg", "fires"):
                assert (cell.kind, cell.value) == ("derived", 5)
            else:
                assert cell.kind == "unknown" and cell.value is None, cell


def test_fire_modifiers(charts) -> None:
    rows = {
        "Target man prone": "target_prone",
        "Target flush against a Wall*": "target_against_wall",
        "Fire from a moving vehicle": "firer_on_vehicle_or_animal",
        "Using Enemy weapon to fire†": "enemy_weapon",
        "Target man in water and": "water",
        "Target man moving (possible only": "target_moving",
        "Aiming (expends all Task Points)": "aiming",
        "Target man on tank or": "target_on_tank_or_apc",
        "Firer severely wounded": "firer_seriously_wounded",
    }
    assert compare(charts, "fire_modifiers", "[10.82]", rows, {1: "result"}) == 9


def test_kill_percentage_table(charts) -> None:
    chart = charts["kill_percentage"]
    _, table = seed_table("[10.83]")
    printed = table[1:]
    assert len(printed) == 12
    for (band, kill), row in zip(printed, chart.rows, strict=False):
        band = band.split(" ")[0]  # "42-47 (printed "42-27")"
        assert row.key == str(int(band.split("-")[0])) + "-" + str(int(band.split("-")[1]))
        assert shipped(row.cells["result"]) == token(kill)
    last = chart.rows[-1]
    assert last.span == (72, 90) and last.cells["result"].kind == "unknown"


def test_observation_tables(charts) -> None:
    rows = {"Clear": "clear", "Light Rain": "light_rain", "Heavy Rain": "heavy_rain", "Mist": "mist", "Fog": "fog", "Light Snow": "light_snow", "Heavy Snow": "heavy_snow"}
    assert compare(charts, "observation_range", "[8.13]", rows, {1: "day", 2: "dawn_dusk", 3: "night"}) == 19
    letters = {c: c for c in "ABCDEFGHJKLMN"}
    assert compare(charts, "observation_index", "[8.63]", letters, {1: "result"}) == 12
    mods = {
        "Target man prone": "target_prone",
        "Target man in Woods or": "target_in_woods_or_rubble",
        "Target man in Rough, Crater,": "target_in_rough_crater_forest_dune",
        "Target man inside building (and": "target_inside_building",
        "Target man inside hangar or": "target_inside_hangar",
        "Observing man moving*": "observer_moved",
        "Target man moving": "target_moving",
        "Target man 30 or more": "range_30",
        "Target man 50 more Squares": "range_50",
        "Observing man within 10 Squares": "searchlight_near",
        "Observing man in Square lit": "searchlight_lit",
    }
    assert compare(charts, "observation_modifiers", "[8.64]", mods, {1: "result"}) == 11


def test_grenade_tables(charts) -> None:
    cols = {1: "1", 2: "2-4", 3: "5-8", 4: "9-12", 5: "13-15", 6: "16-25", 7: "26-36"}
    rows = {"WWI fragmentation": "wwi_fragmentation", "WWI smoke": "wwi_smoke", "WWII fragmentation": "wwii_fragmentation"}
    assert compare(charts, "grenade_accuracy", "[11.81]", rows, cols) == 21
    mods = {
        "Target square is Rough, Crater,": "target_rough_crater_woods",
        "Target Square is at higher": "target_higher",
        "Target Square is Dune or": "target_dune_forest",
        "Target Square adjacent to Wall*": "target_wall_or_trench",
        "Door between target Square and": "through_door",
        "Window or Slit between target": "through_window_or_slit",
        "Thrower Prone": "thrower_prone",
        "Thrower Severely Wounded": "thrower_seriously_wounded",
        "Thrower does not have LOS": "no_los",
    }
    assert compare(charts, "grenade_modifiers", "[11.82]", mods, {1: "result"}) == 9
    assert compare(charts, "grenade_scatter", "[11.83]", {str(d): str(d) for d in range(1, 7)}, {1: "result"}) == 6
    damage = {"World War I": "wwi", "World War II": "wwii", "Modern": "modern"}
    assert compare(charts, "grenade_damage", "[11.84]", damage, {1: "open", 2: "vented", 3: "closed"}) == 9


def test_hand_to_hand_tables(charts) -> None:
    _, table = seed_table("[12.91]")
    spans = [re.findall(r"(\d+(?:-\d+)?)(?:: (both|one))?", c) for row in table[1:] for c in row[1:]]
    shipped_spans = []
    for key in ("1_vs_1", "1_vs_2", "2_vs_1", "2_vs_2"):
        row = charts["disengagement"].row(key)
        shipped_spans.append([(row.cells["all"].value, "both" if key[0] == "2" else "")] + ([(row.cells["one"].value, "one")] if row.cells["one"].kind == "value" else []))
    assert spans == shipped_spans
    assert compare(charts, "weapon_draw", "[12.92]", {"Armed": "armed", "Unarmed": "unarmed"}, {1: "grappled", 2: "not_grappled"}) == 4
    weapons = {"Fists": "fists", "Pistol": "pistol", "Auto weapon": "auto_weapon", "Carbine/rifle": "carbine_rifle", "Bayonet": "bayonet"}
    assert compare(charts, "melee_weapons", "[12.93]", weapons, {1: "hit", 2: "damage", 3: "grappled_damage", 4: "kill"}) == 20
    classes = {i: str(i) for i in range(1, 12)}
    assert compare(charts, "melee_damage", "[12.94]", {"1": "1", "2": "2"}, classes) == 18
    for die in range(3, 11):
        assert all(c.kind == "unknown" for c in charts["melee_damage"].row(str(die)).cells.values())


def test_panic_tables(charts) -> None:
    mods = {
        "Man has suffered Wound Points": "wounded",
        "Man is Severely Wounded*": "seriously_wounded",
        "Man has Observed Enemy man in": "observed_enemy",
        "Man has Observed Enemy man for": "first_observed_enemy",
        "For each Preservation Condition": "preservation_condition",
    }
    assert compare(charts, "panic_modifiers", "[14.41]", mods, {1: "result"}) == 5
    _, table = seed_table("[14.42]")
    assert [(r.span, r.cells["result"].value) for r in charts["panic_results"].rows] == [
        (tuple(int(x) for x in band.split("-")), {"Fall Prone": "prone", "Fire": "fire", "Move": "move"}[result]) for band, result in table[1:]
    ]


def test_task_point_chart_and_terrain(charts) -> None:
    rows = {
        "Move one Square orthogonally": "move_orthogonal",
        "Move one Square diagonally": "move_diagonal",
        "Move one Square orthogonally while": "move_orthogonal_prone",
        "Move one Square diagonally while": "move_diagonal_prone",
        "Stand erect": "stand",
        "Fall Prone*": "fall_prone",
        "Fire automatic weapon (auto or": "fire_automatic",
        "Fire semi-automatic weapon": "fire_semi_automatic",
        "Fire rifle or carbine": "fire_rifle",
    }
    assert compare(charts, "task_points", "[5.22]", rows, {1: "result"}) == 9
    terrain = {"Clear": "clear", "Rough, Crater": "rough_crater", "Trench": "trench", "Woods": "woods"}
    assert compare(charts, "terrain", "[7.39]", terrain, {1: "blocking", 2: "multiple", 3: "additive", 4: "fire"}) == 16


def test_every_unknown_cell_names_its_reason_and_seed_line(charts) -> None:
    unknown = charts.unknown()
    assert len(unknown) > 100
    lines = seed_lines()
    for cell in unknown:
        assert cell.reason and cell.value is None
        m = re.fullmatch(r"seed L(\d+)(?:-L(\d+))?", cell.source)
        assert m, cell
        assert 1 <= int(m.group(1)) <= len(lines)


def test_an_unknown_cell_is_refused_until_supplied(charts) -> None:
    with pytest.raises(UnknownCell) as err:
        charts.value("fire_combat", "rifle_braced", "9-20")
    assert err.value.key == "cell.fire_combat.rifle_braced.9-20" and "L1832" in str(err.value)
    given = charts.with_answers({"cell.fire_combat.rifle_braced.9-20": 70})
    assert given.value("fire_combat", "rifle_braced", "9-20") == 70
    assert charts.with_answers({"cell.fire_combat.rifle_braced.51+": "P"}).resolve(charts["fire_combat"].cell("rifle_braced", "51+")).kind == "prohibited"
    with pytest.raises(Prohibited):
        charts.value("fire_combat", "pistol", "31-40")
    assert charts.value("kill_percentage", "1-5") is None


def test_the_title_validates_cleanly(host) -> None:
    compiled = check_title(host, "spi_commando")
    assert [p.format() for p in compiled.problems if p.severity is not Severity.INFO] == []
