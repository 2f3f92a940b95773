"""The companion (``turn dieppe --state BOARD``): the board file, its checks, the German turn."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from paragraphs.cli import main
from paragraphs_dieppe.resources import schema

BOARD = Path(__file__).parent / "data" / "board.json"


def test_the_example_board_follows_its_schema() -> None:
    assert not list(Draft202012Validator(schema("board")).iter_errors(json.loads(BOARD.read_text())))


def test_turn_plays_the_german_phase_and_writes_the_board(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "after.json"
    assert main(["turn", "dieppe", "--state", str(BOARD), "--seed", "4", "--json", "--out", str(out)]) == 0
    data = json.loads(capsys.readouterr().out)
    texts = [a["text"] for a in data["actions"]]
    # Alarm 6: the stack at T1 (next to the commandos at SAANE) fires first (the most levels).
    assert texts[0].startswith("German fire from T1 at SAANE")
    after = json.loads(out.read_text())
    assert after == data["board"]
    assert not list(Draft202012Validator(schema("board")).iter_errors(after))
    # Phase E is played too: no Alles gemacht left, the turn marker on 5.
    assert after["turn"] == 5 and not any(u.get("acted") for u in after["units"])
    # The same seed gives the same German turn; the written board can be read again.
    assert main(["turn", "dieppe", "--state", str(BOARD), "--seed", "4", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["actions"] == data["actions"]
    assert main(["turn", "dieppe", "--state", str(out), "--seed", "1"]) == 0
    assert "turn 5: German actions at alarm 6" in capsys.readouterr().out  # the title's word


def test_own_dice(capsys: pytest.CaptureFixture[str]) -> None:
    # T1 fires: d10 0 against d6 6, the machine gun is hit; F1, P2 fire; no reinforcements (9).
    assert main(["turn", "dieppe", "--state", str(BOARD), "--dice", "0,6,0,6,0,6,9", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "gmg-1" not in {u["id"] for u in data["board"]["units"]}
    assert data["actions"][-1]["text"] == "no reinforcements this turn"
    # A list that runs out: what happened so far, the die still needed, nothing written (exit 1).
    assert main(["turn", "dieppe", "--state", str(BOARD), "--dice", "0,6"]) == 1
    assert "the dice ran out" in capsys.readouterr().out


def test_board_errors_are_placed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = json.loads(BOARD.read_text())
    board["units"].append({"id": "gi-2", "zone": "SAANE"})
    board["units"].append({"id": "nobody", "zone": "H"})
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(board, indent=2))
    assert main(["turn", "dieppe", "--state", str(bad), "--seed", "1"]) == 1
    err = capsys.readouterr().err
    # Every problem, each on its own line at its place in file order (a player fixing the
    # file by hand fixes them all at once; it said only the first and "(and 1 more)")
    lines = err.splitlines()
    assert lines[0] == f"paragraphs: error: 2 problems in the board file {bad}:", err
    assert lines[1].startswith(f"  {bad}:6:5: DIE200 zone 'SAANE' holds both sides")
    assert lines[2].startswith(f"  {bad}:") and "DIE200 unknown counter 'nobody'" in lines[2] and len(lines) == 3
    (tmp_path / "broken.json").write_text("{")
    assert main(["turn", "dieppe", "--state", str(tmp_path / "broken.json"), "--seed", "1"]) == 1
    assert "BOARD001" in capsys.readouterr().err


def test_the_written_board_already_holds_the_alarm(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # found by the eyes pass: `turn dieppe --out` said "(move the alert in the alert phase)",
    # Bruneval's words: Dieppe has no alert phase and the file's alarm already counts this
    # phase's events, so a player following it would raise the alarm twice
    out = tmp_path / "next.json"
    assert main(["turn", "dieppe", "--state", str(BOARD), "--seed", "4", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert f"Board for turn 5 written to {out}." in printed and "alert" not in printed, printed


def test_phase_c_takes_the_british_markers_off_first(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # found by the eyes pass: a board written after phase B, with the British units that
    # acted still marked, made their stacks defend without those units' levels in phase D
    # (rule 4 removes the Job Done markers in phase C, before the German actions)
    board = json.loads(BOARD.read_text())
    for unit in board["units"]:
        if unit["id"] in ("g2-1", "g2-2", "lovat", "g1-1", "g1-2"):  # every British unit ashore
            unit["acted"] = True
    marked = tmp_path / "marked.json"
    marked.write_text(json.dumps(board, indent=2))
    out = tmp_path / "next.json"
    assert main(["turn", "dieppe", "--state", str(marked), "--seed", "4", "--json", "--out", str(out)]) == 0
    after_marked = json.loads(capsys.readouterr().out)
    assert main(["turn", "dieppe", "--state", str(BOARD), "--seed", "4", "--json"]) == 0
    unmarked = json.loads(capsys.readouterr().out)
    assert after_marked["actions"] == unmarked["actions"]  # the same stack bonuses ("3 + 1 stack + 5")
    assert not any(u.get("acted") for u in json.loads(out.read_text())["units"])


def _problems(tmp_path: Path, scenario, change) -> list[str]:  # type: ignore[no-untyped-def]
    """Every problem of the example board after ``change(board)``, as ``line: message``."""
    from paragraphs.errors import ContentError
    from paragraphs_dieppe.board import read_board
    from paragraphs_raids.dice import ScriptedRoller

    board = json.loads(BOARD.read_text())
    change(board)
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(board, indent=1))
    with pytest.raises(ContentError) as bad:
        read_board(path, scenario, ScriptedRoller([]))
    return [f"{p.pos.line}: {p.code} {p.message}" for p in bad.value.problems]


def test_a_board_edited_by_hand_says_where_and_what_to_type(tmp_path: Path, scenario) -> None:  # type: ignore[no-untyped-def]
    # found by the third eyes pass, editing the board file as a player would: a telephone
    # marker in a zone that has none was taken; a typo gave "unknown counter 'g1-l'" with no
    # hint; a unit aboard that stood on the map too was "unknown or already placed"
    def telephone(board):  # type: ignore[no-untyped-def]
        board["telephone"] = ["T2", "T9"]

    assert _problems(tmp_path, scenario, telephone) == ["89: DIE200 'T9' is not a zone with a telephone marker (those zones: T1, T2)"]

    def typos(board):  # type: ignore[no-untyped-def]
        board["units"][2]["id"] = "lovatt"
        board["units"][4]["zone"] = "RAVIN"

    assert _problems(tmp_path, scenario, typos) == [
        "16: DIE200 unknown counter 'lovatt' (did you mean 'lovat'?; paragraphs ids dieppe --kind counters lists them)",
        "25: DIE200 unknown zone 'RAVIN' (did you mean 'RAVINE'?; paragraphs ids dieppe --kind zones lists them)",
    ]

    def twice(board):  # type: ignore[no-untyped-def]
        board["units"].append({"id": "g1-2", "zone": "R4"})
        board["aboard"]["lca-1"].append("g1-1")
        board["aboard"]["lca-1"].append("g1-9")
        board["aboard"]["lca-1"].append("g1-3")

    assert _problems(tmp_path, scenario, twice) == [
        "73: DIE200 counter 'g1-2' is on the board twice (first at line 23)",
        "81: DIE200 counter 'g1-1' is aboard and also on the board (at line 19)",
        "82: DIE200 unknown counter 'g1-9' (did you mean 'gi-9'?; paragraphs ids dieppe --kind counters lists them)",
        "83: DIE200 counter 'g1-3' is aboard twice (first at line 79)",
    ]
