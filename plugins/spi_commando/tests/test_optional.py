"""The optional rules ([16.0]-[37.0]): their tables against the seed, token by token, and
the parts the referee resolves when a game selects them (``--optional RULE``)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

import paragraphs
from paragraphs.content import load_book
from paragraphs.errors import ParagraphsError

from paragraphs_spi_commando.cells import Charts
from paragraphs_spi_commando.testing import game, overlaid, perform, text_of


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


# --------------------------------------------------------------------------- the referee's optional rules

@pytest.fixture(scope="module")
def engine():
    return paragraphs.open_title("spi_commando")


def test_artillery_forward_observation_examples(charts) -> None:
    from paragraphs_spi_commando.optional_rules import artillery_hit_chance

    assert artillery_hit_chance(charts, 0) == 15
    assert artillery_hit_chance(charts, 1) == 25  # [28.23]: one turn of forward observation
    assert artillery_hit_chance(charts, 4) == 55  # [28.24]: four turns
    assert artillery_hit_chance(charts, 7) == 75 and artillery_hit_chance(charts, 10) == 75  # never past 75


def test_selecting_optional_rules_at_setup(engine) -> None:
    # wind: 1D10 with 9 and 10 rolled again (7), speed 1D6-1 (3: 2 squares) ([32.12], [34.42])
    res = perform(engine, engine.new_state(), "setup", [7, 3], scenario="40", optional="illumination,artillery")
    assert game(res.state)["optional"] == ["illumination", "artillery"] and game(res.state)["wind"] == {"from": 7, "speed": 2}
    assert "Wind from direction 7 of the Scatter Diagram, speed 2 ([32.12], [34.42])" in text_of(res)
    plain = perform(engine, engine.new_state(), "setup", scenario="40").state
    assert game(plain)["optional"] == [] and "wind" not in game(plain)
    with pytest.raises(ParagraphsError, match="this game does not use the optional rule artillery"):
        perform(engine, plain, "shell", [50], turns=2)
    with pytest.raises(ParagraphsError, match=r"no optional rule 'rockets' \(known: "):
        perform(engine, engine.new_state(), "setup", scenario="40", optional="rockets")
    # a scenario that needs a rule the game does not select says so ([38.23])
    res = perform(engine, engine.new_state(), "setup", scenario="42")
    assert "Scenario 42 needs the optional rules horses_and_camels ([38.23])" in text_of(res)


def to_bookkeeping(engine, state):
    while game(state)["phase"] != "G":
        state = perform(engine, state, "next", [9, 1] if game(state)["phase"] == "B" else []).state
    return state


def test_lights_go_out_and_star_shells_drift(engine, tmp_path) -> None:
    state = perform(engine, engine.new_state(), "setup", [7, 3], scenario="40", optional="illumination").state
    lit = perform(engine, state, "light", kind="star_shell", square="2547")
    assert lit.label == "star shell lights 20 squares around 2547 until the bookkeeping of turn 5 ([34.5])"
    state = perform(engine, lit.state, "light", kind="grenade", square="1010").state
    # turn 1: the star shell drifts 2 squares; the grenade lasts into turn 2 ([34.23])
    state = to_bookkeeping(engine, state)
    assert len(game(state)["lights"]) == 2 and game(state)["lights"][0]["drift"] == 2
    for _ in range(2):
        state = perform(engine, state, "next").state
    state = to_bookkeeping(engine, state)
    assert [d["kind"] for d in game(state)["lights"]] == ["star_shell"]
    # the alternative reading of the wind drifts it toward the direction rolled
    other = overlaid(tmp_path, R24="toward_named")
    state = perform(other, perform(other, other.new_state(), "setup", [7, 3], scenario="40", optional="illumination").state, "light", kind="star_shell").state
    while game(state)["phase"] != "F":
        state = perform(other, state, "next", [9, 1] if game(state)["phase"] == "B" else []).state
    res = perform(other, state, "next")
    assert "The star shell over its square drifts 2 squares toward direction 7 of the Scatter Diagram ([34.45], ruling R24); 2 in all" in text_of(res)


def test_the_star_shell_texts_and_the_wind_of_the_fifth_turn(engine) -> None:
    state = perform(engine, engine.new_state(), "setup", [7, 3], scenario="40", optional="illumination").state
    state = perform(engine, state, "light", kind="star_shell", square="2547").state
    while game(state)["phase"] != "F":
        state = perform(engine, state, "next", [9, 1] if game(state)["phase"] == "B" else []).state
    res = perform(engine, state, "next")
    assert "The star shell over 2547 drifts 2 squares away from direction 7 of the Scatter Diagram (downwind) ([34.45], ruling R24); 2 in all" in text_of(res)
    # the end of turn 5: the shell goes out, and the wind changes on a 1 or 2 ([32.13])
    game(res.state).update(turn=5)
    state = res.state
    game(state).update(phase="F")
    res = perform(engine, state, "next", [2, 4])
    text = text_of(res)
    assert "The star shell over 2547 goes out ([34.5])" in text and "The wind changes: from direction 4 of the Scatter Diagram ([32.13])" in text
    game(state).update(phase="F")
    assert "The wind holds ([32.13])" in text_of(perform(engine, state, "next", [3]))


def test_an_artillery_shell_lands_or_scatters(engine) -> None:
    state = perform(engine, engine.new_state(), "setup", scenario="40", optional="artillery").state
    assert perform(engine, state, "shell", [55], turns=4).label == "the shell lands on its square (chance 55, [23.91]); its burst is Diagram 8, at the map"
    res = perform(engine, state, "shell", [56, 3, 4], turns=4)
    assert res.label == "the shell scatters 4 squares toward direction 3 of the Scatter Diagram (chance 55, [23.92]); its burst is Diagram 8, at the map"


def test_an_unknown_optional_rule_on_the_command_line(capsys, tmp_path, monkeypatch) -> None:
    from paragraphs.cli import main

    monkeypatch.setenv("PARAGRAPHS_DATA_DIR", str(tmp_path))
    assert main(["play", "spi_commando", "--new", "--scenario", "40", "--optional", "rockets"]) == 2
    err = capsys.readouterr().err
    assert "no optional rule 'rockets'" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_flamethrower_panic_examples() -> None:
    from paragraphs_spi_commando.burning import flame_panic_percentage

    assert flame_panic_percentage(23) == 46  # [17.22]
    assert flame_panic_percentage(20, explosion=True) == 50  # [17.34]: 2 x 20 + 10


def test_a_man_the_flamethrower_hurt_panics_and_burns(engine) -> None:
    state = perform(engine, engine.new_state(), "setup", scenario="45", optional="flamethrowers").state
    state = perform(engine, state, "wound", man="B1", points=3).state
    # B1: 25 and 10 for his wound, doubled: 70. 70 panics; d10 3: prone
    res = perform(engine, state, "flamed", [70, 3], man="B1")
    assert res.label.startswith("B1 panics (panic 70%, [17.22]): he falls prone")
    assert "B1 is burning" in res.label
    b1 = game(res.state)["men"]["B1"]
    assert b1["prone"] and b1["acted"] and b1["burning_since"] == 1
    assert perform(engine, state, "flamed", [71], man="B1").label.startswith("B1 keeps his head (panic 70%, [17.22])")
    # an explosion: 2 x 35 + 10 = 80, and no burning ([17.41] is about the fire)
    exploded = perform(engine, state, "flamed", [81], man="B1", options="explosion")
    assert exploded.label == "B1 keeps his head (panic 80%, [17.22], [17.34])" and not game(exploded.state)["men"]["B1"].get("burning_since")
    with pytest.raises(ParagraphsError, match="has no wound points"):
        perform(engine, state, "flamed", [50], man="B2")
    # no burn at the bookkeeping of the turn he caught fire; 1D6 at the next (4)
    state = res.state
    while game(state)["phase"] != "G":
        state = perform(engine, state, "next", [9, 1] if game(state)["phase"] == "B" else []).state
    assert game(state)["men"]["B1"]["wounds"] == 3
    for _ in range(2):
        state = perform(engine, state, "next").state
    while game(state)["phase"] != "E":
        state = perform(engine, state, "next", [1, 9] if game(state)["phase"] == "B" else []).state
    # turn 2, B first: B1 (prone) rolls out the flames, 25 task points ([17.42])
    acting = perform(engine, state, "activate", man="B1").state
    assert perform(engine, acting, "extinguish", man="B1").label == "B1 puts out the flames ([17.42]): 25 task points, 25 left"
    state = perform(engine, perform(engine, state, "pass").state, "pass").state
    res = perform(engine, perform(engine, state, "next").state, "next", [4])
    assert "B1 burns: 4 WP" in text_of(res) and game(res.state)["men"]["B1"]["wounds"] == 7


def test_a_man_who_has_acted_reads_fire_as_prone_and_move_as_one_square(engine) -> None:
    state = perform(engine, engine.new_state(), "setup", scenario="45", optional="flamethrowers").state
    state = perform(engine, state, "wound", man="A1", points=2).state
    game(state)["men"]["A1"]["tp"] = 20  # he has done tasks this turn
    # A1: 12 + 10 wounded = 22, doubled 44
    assert "he falls prone" in perform(engine, state, "flamed", [44, 7], man="A1").label  # fire -> prone
    res = perform(engine, state, "flamed", [44, 9], man="A1")  # move -> one square
    assert "he moves one square, into the one furthest from the flamethrower ([17.21])" in res.label
    assert game(res.state)["men"]["A1"]["routine"] == "move_one"
    with pytest.raises(ParagraphsError, match="does not use the optional rule flamethrowers"):
        perform(engine, perform(engine, engine.new_state(), "setup", scenario="45").state, "flamed", man="A1")


def test_observing_in_and_out_of_lit_areas(engine) -> None:
    state = perform(engine, engine.new_state(), "setup", scenario="45", optional="searchlights").state
    # A1 (code C) at 8 squares: 85; from a lit area at a man outside it, 30 less ([33.27])
    assert perform(engine, state, "observe", [56], observer="A1", target="B4", distance=8, options="from_light").label == "A1 does not observe B4 (chance 55)"
    # near a searchlight at a man it lights, 30 more, held at 95 ([33.26], [8.7])
    assert perform(engine, state, "observe", [95], observer="A1", target="B4", distance=8, options="near_searchlight").label == "A1 observes B4 (chance 95)"
    plain = perform(engine, engine.new_state(), "setup", scenario="45").state
    with pytest.raises(ParagraphsError, match="does not use the optional rule searchlights"):
        perform(engine, plain, "observe", [50], observer="A1", target="B4", distance=8, options="near_searchlight")
    # illumination devices light an area too, but give no +30 near them ([34.11], [34.13])
    lit = perform(engine, engine.new_state(), "setup", [7, 3], scenario="45", optional="illumination").state
    assert perform(engine, lit, "observe", [50], observer="A1", target="B4", distance=8, options="from_light").label == "A1 observes B4 (chance 55)"
    with pytest.raises(ParagraphsError, match="does not use the optional rule searchlights"):
        perform(engine, lit, "observe", [50], observer="A1", target="B4", distance=8, options="near_searchlight")


def test_tank_damage_diagram_keeps_what_the_copy_prints(charts) -> None:
    """Diagram 8: the two printed rows cell by cell, the target square from the note
    under it, and every other square unknown with its line."""
    _, table = seed_table("Diagram 8")
    printed = 0
    for row in table[1:]:
        for column, text in enumerate(row[1:12], start=1):
            wounds = charts["tank_damage_wounds"].cell(row[0], str(column))
            kill = charts["tank_damage_kill"].cell(row[0], str(column))
            if not text:
                assert wounds.kind == kill.kind == "unknown" and wounds.source.startswith("seed L"), (row[0], column)
                continue
            code, chance = (t.strip() for t in text.split("/"))
            assert (wounds.value, kill.value) == (code, int(chance))
            printed += 1
    assert printed == 8 and [r[0] for r in table[1:]] == ["1", "2"]
    blank = [c for r in ("1", "2") for c in charts["tank_damage_wounds"].row(r).cells.values() if c.kind == "unknown"]
    assert len(blank) == 22 - printed  # the rest of the two printed rows
    note = next(line for line in seed_lines() if line.startswith("Transcriber's note: the grid"))
    code, chance = re.search(r"printed as (\S+) with (\d+)", note).groups()
    assert (charts.value("tank_damage_wounds", "6", "6"), charts.value("tank_damage_kill", "6", "6")) == (code, int(chance))
    for r in range(3, 12):
        for c in range(1, 12):
            if (r, c) != (6, 6):
                assert charts["tank_damage_wounds"].cell(str(r), str(c)).kind == "unknown"


def test_underwater_observation_summary(charts) -> None:
    _, table = seed_table("[36.15]")
    keys = {("Underwater", "Vertical"): "underwater_vertical", ("Underwater", "Horizontal"): "underwater_horizontal", ("Out of water", "Any"): "out_of_water"}
    for observer, _target, position, effect in table[1:]:
        shipped = charts.value("underwater_observation", keys[(observer, position)])
        assert shipped == (int(effect.split()[0]) if effect[0].isdigit() else effect.rstrip("†").lower().replace(" ", "_"))


def test_the_sheet_shows_the_optional_rules_wind_and_lights(engine) -> None:
    from paragraphs_spi_commando.sheet import data_log_lines

    state = perform(engine, engine.new_state(), "setup", [7, 3], scenario="40", optional="illumination").state
    state = perform(engine, state, "light", kind="flare", square="1212").state
    lines = data_log_lines(state, engine.book)
    assert "Optional rules: illumination" in lines and "Wind from direction 7 of the Scatter Diagram, speed 2" in lines
    assert "Lit: flare over 1212, 10 squares, until turn 1" in lines
    assert not any(line.startswith(("Optional rules", "Wind", "Lit")) for line in data_log_lines(perform(engine, engine.new_state(), "setup", scenario="40").state, engine.book))
