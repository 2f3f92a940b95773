"""The schematic map marked assumed, the board picture and `board`, `turn --svg`, `play --auto --svg`.

Pictures are read back with xml.etree: what they show (zones, lines, stacks, markers,
tracks), never their pixels.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from paragraphs.cli import main
from paragraphs.state import State
from paragraphs.state.savefile import save_state

from paragraphs_bruneval.board import board_json

BOARD = Path(__file__).parent / "data" / "board.json"
NS = {"s": "http://www.w3.org/2000/svg"}


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def zones_of(svg: ET.Element) -> dict[str, ET.Element]:
    return {str(g.get("data-zone")): g for g in svg.iterfind(".//s:g[@id='zones']/s:g", NS)}


def stacks_of(svg: ET.Element) -> dict[str, list[str]]:
    out = {}
    for g in svg.iterfind(".//s:g[@id='stacks']/s:g", NS):
        chips = sorted((int(c.get("data-depth") or 0), str(c.get("data-counter"))) for c in g.iterfind("s:g", NS))
        out[str(g.get("data-zone"))] = [cid for _, cid in chips]
    return out


# --------------------------------------------------------------------------- the content


def test_every_zone_line_and_position_of_the_schematic_map_is_marked_assumed(scenario) -> None:
    zones = scenario.zone_records
    assert len(zones) == len(scenario.zmap.zones) > 50
    for zid, rec in zones.items():
        assert rec.get("assumed"), f"zone {zid} is not marked assumed"
        assert {"x", "y"} <= set(rec.get("position") or {}), f"zone {zid} has no position"
        assert "place" in rec["assumed"], f"zone {zid}: the reason does not say its place is assumed"
    layout = scenario.layout
    assert {z.id for z in layout.zones} == set(zones)
    assert all(z.x is not None for z in layout.zones)
    # no two zones drawn on the same spot
    assert len({(z.x, z.y) for z in layout.zones}) == len(layout.zones)
    assert len(layout.lines) == len(scenario.zmap.connections)


def test_every_connection_is_assumed(host) -> None:
    from paragraphs.api import open_title

    book = open_title("bruneval", host=host).book
    assert book.data["connections"] and all(rec.get("assumed") for rec in book.data["connections"].values())


# --------------------------------------------------------------------------- board


def test_board_draws_a_board_file(capsys, tmp_path) -> None:
    out = tmp_path / "board.svg"
    code, text, err = run(capsys, "board", "bruneval", "--state", str(BOARD), "--svg", str(out))
    assert code == 0 and err == "" and "wrote" in text
    svg = ET.parse(out).getroot()
    board = json.loads(BOARD.read_text())
    zones = zones_of(svg)
    assert {"W", "VILLA", "DZ-A3", "5C", "E1"} <= set(zones)
    assert [t.text for t in zones["W"].iterfind("s:text", NS)][0] == "W"
    assert zones["VILLA"].get("data-terrain") == "protected"
    stacks = stacks_of(svg)
    for unit in board["units"]:
        assert unit["id"] in stacks[unit["zone"]], unit  # cargo is drawn with its boat's stack
    first = board["units"][0]
    chip = svg.find(f".//s:g[@data-counter='{first['id']}']", NS)
    assert chip is not None and ("reduced" in str(chip.get("data-state"))) == bool(first.get("reduced"))
    markers = {g.get("data-zone") for g in svg.iterfind(".//s:g[@id='markers']/s:g", NS)}
    assert markers == {m["zone"] for m in board.get("markers", [])}
    lines = {(ln.get("data-a"), ln.get("data-b"), ln.get("data-kind")) for ln in svg.iterfind(".//s:g[@id='connections']/s:line", NS)}
    assert ("FIELD", "W", "dashed") in lines and ("M1", "W", "red_dashed") in lines
    track = svg.find(".//s:g[@id='alert-track']", NS)
    assert track is not None and track.get("data-level") == str(board["alert"]) and track.get("data-maximum") == "6"
    turn = svg.find(".//s:g[@id='turn-track']", NS)
    assert turn is not None and turn.get("data-turn") == str(board["turn"])


def test_board_draws_a_session_save_holding_a_board(capsys, tmp_path, scenario) -> None:
    from paragraphs_bruneval.board import read_board
    from paragraphs_raids.dice import ScriptedRoller

    g = read_board(BOARD, scenario, ScriptedRoller([]))
    save = tmp_path / "session.json"
    save_state(State(title="bruneval", extra={"board": board_json(g)}), save)
    out = tmp_path / "s.svg"
    code, _, err = run(capsys, "board", "bruneval", "--state", str(save), "--svg", str(out))
    assert code == 0, err
    assert stacks_of(ET.parse(out).getroot()) == stacks_of(_drawn(capsys, tmp_path))
    save_state(State(title="bruneval"), save)
    code, _, err = run(capsys, "board", "bruneval", "--state", str(save), "--svg", str(out))
    assert code == 2 and err.count("\n") == 1 and "holds no raid board" in err


def test_board_finds_a_session_by_its_name(capsys, tmp_path, scenario, monkeypatch) -> None:
    from paragraphs.session import session_path
    from paragraphs_bruneval.board import read_board
    from paragraphs_raids.dice import ScriptedRoller

    monkeypatch.setenv("PARAGRAPHS_DATA_DIR", str(tmp_path / "data"))
    g = read_board(BOARD, scenario, ScriptedRoller([]))
    save = session_path("bruneval", "evening")
    save.parent.mkdir(parents=True)
    save_state(State(title="bruneval", extra={"board": board_json(g)}), save)
    for name in ("evening", "bruneval-evening"):
        out = tmp_path / f"{name}.svg"
        code, _, err = run(capsys, "board", "bruneval", "--state", name, "--svg", str(out))
        assert code == 0 and out.exists(), err
    code, _, err = run(capsys, "board", "bruneval", "--state", "morning", "--svg", str(tmp_path / "m.svg"))
    assert code == 2 and "paragraphs sessions bruneval" in err


def _drawn(capsys, tmp_path: Path) -> ET.Element:
    out = tmp_path / "from-file.svg"
    assert run(capsys, "board", "bruneval", "--state", str(BOARD), "--svg", str(out))[0] == 0
    return ET.parse(out).getroot()


def test_board_bad_input_is_one_line(capsys, tmp_path) -> None:
    out = tmp_path / "x.svg"
    cases = {"missing.json": None, "notjson.json": "{", "list.json": "[1, 2]"}
    for name, content in cases.items():
        path = tmp_path / name
        if content is not None:
            path.write_text(content)
        code, _, err = run(capsys, "board", "bruneval", "--state", str(path), "--svg", str(out))
        assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, (name, err)
    broken = tmp_path / "broken.json"
    broken.write_text('{"title": "bruneval", "turn": 2, "alert": 1,\n "units": [{"id": "nobody", "zone": "W"}]}\n')
    code, _, err = run(capsys, "board", "bruneval", "--state", str(broken), "--svg", str(out))
    assert code == 1 and err.count("\n") == 1 and f"{broken}:2:" in err and "BOARD003" in err
    assert not out.exists()
    # --state is no longer required by argparse (--new is the other way): said in one line
    code, _, err = run(capsys, "board", "bruneval", "--svg", str(out))
    assert code == 2 and err.count("\n") == 1 and "needs --state FILE --svg OUT (draw a board) or --new FILE" in err
    code, _, err = run(capsys, "board", "bruneval", "--state", str(broken))
    assert code == 2 and err.count("\n") == 1 and "add --svg OUT" in err


def test_board_with_an_owners_map_overlay(capsys, tmp_path) -> None:
    mine = tmp_path / "my-bruneval"
    mine.mkdir()
    (mine / "map.yaml").write_text(
        "zones:\n"
        "  - {id: W, position: {x: 5000, y: 5000}, assumed: null}\n"
        "connections:\n"
        "  - {id: \"FIELD~W\", kind: solid, assumed: null}\n"
        "  - {id: \"LANE~W\", a: LANE, b: W, kind: dashed}\n"
    )
    code, out, err = run(capsys, "validate", "bruneval", "--overlay", str(mine))
    assert code == 0, out + err
    svg_path = tmp_path / "mine.svg"
    assert run(capsys, "board", "bruneval", "--state", str(BOARD), "--svg", str(svg_path), "--overlay", str(mine))[0] == 0
    svg = ET.parse(svg_path).getroot()
    w = zones_of(svg)["W"].find("s:circle", NS)
    others = [float(str(g.find("s:circle", NS).get("cx"))) for z, g in zones_of(svg).items() if z != "W"]  # type: ignore[union-attr]
    assert w is not None and float(str(w.get("cx"))) > max(others)  # W moved far to the east
    lines = {(ln.get("data-a"), ln.get("data-b"), ln.get("data-kind")) for ln in svg.iterfind(".//s:g[@id='connections']/s:line", NS)}
    assert ("FIELD", "W", "solid") in lines and ("LANE", "W", "dashed") in lines


def test_an_owners_position_is_checked_in_place(capsys, tmp_path) -> None:
    mine = tmp_path / "my-bruneval"
    mine.mkdir()
    (mine / "map.yaml").write_text("zones:\n  - {id: W, position: {x: 10}}\n")
    code, out, _ = run(capsys, "validate", "bruneval", "--overlay", str(mine))
    assert code == 1
    assert f"{mine / 'map.yaml'}:2:" in out and "'y' is a required property" in out


# --------------------------------------------------------------------------- --svg on turn and play


def test_turn_svg_draws_the_board_after_the_german_phase(capsys, tmp_path) -> None:
    out, after = tmp_path / "t.svg", tmp_path / "next.json"
    code, _, err = run(capsys, "turn", "bruneval", "--state", str(BOARD), "--seed", "3", "--out", str(after), "--svg", str(out))
    assert code == 0, err
    svg = ET.parse(out).getroot()
    nxt = json.loads(after.read_text())
    drawn = stacks_of(svg)
    on_map = {u["zone"] for u in nxt["units"]}
    assert set(drawn) == on_map
    for unit in nxt["units"]:
        assert unit["id"] in drawn[unit["zone"]]
    turn = svg.find(".//s:g[@id='turn-track']", NS)
    assert turn is not None and turn.get("data-turn") == str(nxt["turn"])


def test_play_auto_svg_draws_the_final_board(capsys, tmp_path) -> None:
    out = tmp_path / "end.svg"
    code, text, _ = run(capsys, "play", "bruneval", "--auto", "--seed", "4", "--svg", str(out))
    assert code == 0 and f"Board picture written to {out}" in text
    svg = ET.parse(out).getroot()
    turn = svg.find(".//s:g[@id='turn-track']", NS)
    assert turn is not None and turn.get("data-phase") == "end of the game"
    notes = " ".join(t.text or "" for t in svg.iterfind(".//s:g[@id='notes']/s:text", NS))
    assert "Würzburg:" in notes
    code, data, _ = run(capsys, "play", "bruneval", "--auto", "--seed", "4", "--json", "--svg", str(tmp_path / "j.svg"))
    assert code == 0 and json.loads(data)["seed"] == 4  # --json output stays pure JSON
    assert (tmp_path / "j.svg").read_text() == out.read_text()
