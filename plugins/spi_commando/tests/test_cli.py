"""The title's command line: gaps of a scenario, odds, validate."""

from __future__ import annotations

import json

from paragraphs.cli import main


def test_gaps_of_scenario_45(capsys) -> None:
    assert main(["gaps", "spi_commando", "--scenario", "45", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    keys = {g["key"] for g in data["gaps"]}
    assert data["scenario"] == "45" and "cell.fire_combat.smg.9-20" in keys and "cell.melee_weapons.combat_knife.hit" in keys
    assert not any(k.startswith("cell.fire_combat.pistol.") for k in keys)
    assert all(g["reason"] and g["source"].startswith("seed L") for g in data["gaps"])
    assert main(["gaps", "spi_commando", "--scenario", "45"]) == 0
    out = capsys.readouterr().out
    assert f"scenario 45 (The Radar Station at Bruneval): {len(keys)} cells" in out


def test_gaps_of_a_scenario_shrink_with_an_overlay(capsys, tmp_path) -> None:
    (tmp_path / "mine.yaml").write_text("cells:\n  - {key: cell.fire_combat.smg.9-20, value: 55, source: my copy}\n")
    assert main(["gaps", "spi_commando", "--scenario", "45", "--json"]) == 0
    before = {g["key"] for g in json.loads(capsys.readouterr().out)["gaps"]}
    assert main(["gaps", "spi_commando", "--scenario", "45", "--json", "--overlay", str(tmp_path)]) == 0
    after = {g["key"] for g in json.loads(capsys.readouterr().out)["gaps"]}
    assert before - after == {"cell.fire_combat.smg.9-20"}


def test_plain_gaps_and_a_bad_scenario(capsys) -> None:
    assert main(["gaps", "spi_commando"]) == 0
    assert "347 unknown cells" in capsys.readouterr().out
    assert main(["gaps", "spi_commando", "--scenario", "51"]) != 0
    err = capsys.readouterr().err
    assert "no scenario '51'" in err and "Traceback" not in err


def test_odds_on_the_command_line(capsys) -> None:
    assert main(["odds", "spi_commando", "observation", "--answer", "code=C", "--answer", "range=10", "--answer", "prone=yes", "--answer", "terrain=woods", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {o["label"]: o["probability"] for o in data["outcomes"]} == {"observed": "3/5", "not observed": "2/5"}
