"""``board dieppe --new FILE``: the board file of the set-up, as a player starts from it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from paragraphs.cli import main
from paragraphs_dieppe.resources import schema


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_set_up_board_is_written_and_read_back_by_turn_and_board(tmp_path: Path, capsys: pytest.CaptureFixture[str], scenario) -> None:  # type: ignore[no-untyped-def]
    # the docs sent a newcomer to a test fixture an installed package does not ship
    path = tmp_path / "board.json"
    code, out, err = run(capsys, "board", "dieppe", "--new", str(path))
    assert code == 0 and err == "" and f"written to {path}" in out
    assert f"paragraphs turn dieppe --state {path}" in out and "7 activation markers face down" in out
    data = json.loads(path.read_text())
    assert not list(Draft202012Validator(schema("board")).iter_errors(data))
    # rule 3: turn 1, alarm 0, the posts and the LCAs with the content's loading, both
    # telephone markers, the containers full, nothing revealed yet
    assert (data["turn"], data["alarm"], data["obstacles"], data["events_seen"]) == (1, 0, {}, [])
    assert {(u["id"], u["zone"]) for u in data["units"]} == {(c, z) for z, cs in scenario.setup.items() for c in cs}
    assert data["aboard"] == {lca: list(cargo) for lca, cargo in scenario.loading.items()}
    assert data["telephone"] == ["T1", "T2"] and len(data["garrison_left"]) == 28 and len(data["reinforcements_left"]) == 10
    # every A and B zone holds its marker face down: its letter, never its back
    assert data["markers"] == {z: letter for letter, zones in scenario.activation_zones().items() for z in zones}
    assert not any(word in path.read_text() for word in ("mines", "wire", "infantry", "machine_gun", "officer"))
    # one counter a line, as a player edits it
    assert '    {"id": "hess-1", "zone": "H"},\n' in path.read_text()
    code, out, _ = run(capsys, "turn", "dieppe", "--state", str(path), "--seed", "1", "--json")
    assert code == 0 and json.loads(out)["complete"] is True
    code, out, _ = run(capsys, "board", "dieppe", "--state", str(path), "--svg", str(tmp_path / "b.svg"))
    assert code == 0 and "<svg" in (tmp_path / "b.svg").read_text()


def test_the_level_and_the_rules_that_change_the_set_up(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # rule 13: Alarm! puts the alarm on 2 at the start; Hardened and Seasoned include it
    path = tmp_path / "hardened.json"
    code, out, _ = run(capsys, "board", "dieppe", "--new", str(path), "--difficulty", "hardened", "--svg", str(tmp_path / "start.svg"))
    assert code == 0 and json.loads(path.read_text())["alarm"] == 2 and (tmp_path / "start.svg").exists()
    # Bad luck! changes nothing on the board; the file records it for the companion: said
    assert "Bad luck!: the file's optional says so, and turn dieppe plays the German turns with them" in out
    code, _, _ = run(capsys, "board", "dieppe", "--new", str(tmp_path / "plain.json"), "--optional", "bad_luck")
    assert code == 0 and json.loads((tmp_path / "plain.json").read_text())["alarm"] == 0
    code, _, err = run(capsys, "board", "dieppe", "--new", str(tmp_path / "x.json"), "--difficulty", "heroic")
    assert code == 2 and err.count("\n") == 1 and "no difficulty level 'heroic'" in err and not (tmp_path / "x.json").exists()
