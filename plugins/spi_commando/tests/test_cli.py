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
    assert "572 unknown cells" in capsys.readouterr().out  # 348 in the standard charts, 224 in Diagram 8
    assert main(["gaps", "spi_commando", "--scenario", "51"]) != 0
    err = capsys.readouterr().err
    assert "no scenario '51'" in err and "Traceback" not in err


def test_odds_on_the_command_line(capsys) -> None:
    assert main(["odds", "spi_commando", "observation", "--answer", "code=C", "--answer", "range=10", "--answer", "prone=yes", "--answer", "terrain=woods", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {o["label"]: o["probability"] for o in data["outcomes"]} == {"observed": "3/5", "not observed": "2/5"}


def test_play_sets_the_scenario_up_and_speaks_json(tmp_path, monkeypatch, capsys) -> None:
    import io

    monkeypatch.setenv("PARAGRAPHS_DATA_DIR", str(tmp_path))
    monkeypatch.setattr("sys.stdin", io.StringIO("next\nnext\n"))
    assert main(["play", "spi_commando", "--scenario", "45", "--json", "--seed", "4"]) == 0
    replies = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["kind"] for r in replies] == ["session", "step", "step", "step", "quit"]
    assert replies[1]["step"]["start"] == "procedure:setup"
    assert "initiative" in replies[3]["step"]["instructions"][-1]["text"]
    # resumed: the game goes on where it stopped, and another scenario is refused
    monkeypatch.setattr("sys.stdin", io.StringIO("sheet\n"))
    assert main(["play", "spi_commando", "--scenario", "45", "--json"]) == 0
    sheet = [json.loads(line) for line in capsys.readouterr().out.splitlines()][1]["sheet"]["sections"]["spi_commando-data-log"]
    assert (sheet["turn"], sheet["phase"]) == (1, "C")
    assert main(["play", "spi_commando", "--scenario", "46"]) == 2
    assert "plays scenario 45, not 46" in capsys.readouterr().err


def test_play_refuses_a_bad_scenario_and_an_automatic_game(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("PARAGRAPHS_DATA_DIR", str(tmp_path))
    assert main(["play", "spi_commando", "--scenario", "99"]) == 2
    err = capsys.readouterr().err
    assert "no scenario '99'" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert not list(tmp_path.rglob("*.json"))
    assert main(["play", "spi_commando", "--auto"]) == 2
    assert "no automatic player" in capsys.readouterr().err


def test_seed_on_a_resumed_referee_session_is_refused(tmp_path) -> None:
    """Through the real command line: the session goes on with its own dice, so a seed
    typed again is refused (it was accepted silently when no die had been rolled)."""
    import os
    import subprocess
    import sys

    env = dict(os.environ, PARAGRAPHS_DATA_DIR=str(tmp_path))

    def play(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "paragraphs", "play", "spi_commando", *argv], input="quit\n", env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300)

    assert play("--seed", "4").returncode == 0  # quit before the scenario is set up: no die rolled
    again = play("--seed", "5")
    assert again.returncode == 2 and again.stdout == ""
    assert again.stderr == "paragraphs: error: --seed 5: session 'default' is resumed with the dice it was started with: drop --seed to go on with it, or add --new to start it again with seed 5\n"
