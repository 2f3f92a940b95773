"""The board picture of Dieppe: ``board dieppe``, ``turn dieppe --svg``, ``play dieppe --auto --svg``."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from paragraphs.cli import main

BOARD = Path(__file__).parent / "data" / "board.json"
NS = {"s": "http://www.w3.org/2000/svg"}


def zones_of(svg: ET.Element) -> dict[str, ET.Element]:
    return {str(g.get("data-zone")): g for g in svg.iterfind(".//s:g[@id='zones']/s:g", NS)}


def stacks_of(svg: ET.Element) -> dict[str, list[str]]:
    return {str(g.get("data-zone")): [str(c.get("data-counter")) for c in g.iterfind("s:g", NS)] for g in svg.iterfind(".//s:g[@id='stacks']/s:g", NS)}


def test_board_draws_a_board_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    assert main(["board", "dieppe", "--state", str(BOARD), "--svg", str(out)]) == 0
    capsys.readouterr()
    svg = ET.parse(out).getroot()
    zones = zones_of(svg)
    assert {"G1", "G2", "ORANGE1", "ORANGE2", "C5", "C6", "H", "NEWHAVEN", "R0", "R9"} <= set(zones)
    assert zones["H"].get("data-terrain") == "strong"
    board = json.loads(BOARD.read_text())
    stacks = stacks_of(svg)
    for unit in board["units"]:
        assert unit["id"] in stacks[unit["zone"]], unit
    assert {"g1-3", "g1-4"} <= set(stacks["G1"])  # the cargo is drawn with its LCA
    markers = {g.get("data-zone") for g in svg.iterfind(".//s:g[@id='markers']/s:g", NS)}
    assert markers == set(board["markers"])
    lines = {(ln.get("data-a"), ln.get("data-b"), ln.get("data-kind")) for ln in svg.iterfind(".//s:g[@id='connections']/s:line", NS)}
    assert ("G2", "ORANGE2", "blue_dotted") in lines and ("ORANGE2", "P1", "red_dashed") in lines
    track = svg.find(".//s:g[@id='alert-track']", NS)
    assert track is not None and track.get("data-level") == "6" and track.get("data-maximum") == "9"


def test_an_owners_positions_move_the_zones(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    overlay = tmp_path / "mymap"
    overlay.mkdir()
    (overlay / "map.yaml").write_text("zones:\n  - {id: H, position: {x: 999, y: 999}, assumed: null}\n")
    first, second = tmp_path / "a.svg", tmp_path / "b.svg"
    assert main(["board", "dieppe", "--state", str(BOARD), "--svg", str(first)]) == 0
    assert main(["board", "dieppe", "--state", str(BOARD), "--svg", str(second), "--overlay", str(overlay)]) == 0
    capsys.readouterr()
    assert first.read_text() != second.read_text()


def test_turn_and_play_draw_their_board(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    after = tmp_path / "after.svg"
    assert main(["turn", "dieppe", "--state", str(BOARD), "--seed", "4", "--svg", str(after)]) == 0
    assert "Board picture written" in capsys.readouterr().out
    assert zones_of(ET.parse(after).getroot())
    end = tmp_path / "end.svg"
    assert main(["play", "dieppe", "--auto", "--seed", "5", "--svg", str(end), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    svg = ET.parse(end).getroot()
    turn = svg.find(".//s:g[@id='turn-track']", NS)
    assert turn is not None and turn.get("data-turn") == str(data["turns"])
