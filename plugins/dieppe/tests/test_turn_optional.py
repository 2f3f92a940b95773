"""``turn dieppe`` plays the optional rules of chapter 13 (Bad luck!, Vorwärts!): from
``--optional``/``--difficulty`` as ``play`` takes them, or from the board file's
``optional``, which ``board --new`` and ``turn --out`` write."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from paragraphs.cli import main

BOARD = Path(__file__).parent / "data" / "board.json"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def far_reinforcement(tmp_path: Path, **fields: Any) -> Path:
    """The example board at alarm 4 with a reinforcement infantry far off at R9: it moves
    toward the German stacks (rule 9.3) as far as its movement capacity takes it."""
    board = json.loads(BOARD.read_text())
    board["alarm"] = 4
    for unit in board["units"]:
        if unit["id"] == "ri-1":
            unit["zone"] = "R9"
    board.update(fields)
    path = tmp_path / "far.json"
    path.write_text(json.dumps(board, indent=1))
    return path


def moves(out: str) -> list[str]:
    return [a["text"] for a in json.loads(out)["actions"] if a["text"].startswith("German move")]


def test_vorwarts_on_the_command_line_moves_german_units_4_mp(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = far_reinforcement(tmp_path)
    code, out, _ = run(capsys, "turn", "dieppe", "--state", str(board), "--seed", "1", "--json")
    # its own 3 MP (units.yaml) take it to the orchards on the way
    assert code == 0 and moves(out) == ["German move from R9 to ORCHARD (571st infantry 1)"]
    for rules in (["--optional", "vorwarts"], ["--difficulty", "seasoned"]):
        code, out, _ = run(capsys, "turn", "dieppe", "--state", str(board), "--seed", "1", "--json", *rules)
        # rule 13, Vorwärts!: 4 MP reach the battery; it was played without the rule
        assert code == 0 and moves(out) == ["German move from R9 to H (571st infantry 1)"], rules
    code, out, _ = run(capsys, "turn", "dieppe", "--state", str(board), "--seed", "1", "--optional", "vorwarts")
    assert code == 0 and "Vorwärts!" in out.splitlines()[0]  # the header says the rules in play


def test_a_board_file_that_says_the_rule_is_on_keeps_it_from_turn_to_turn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = far_reinforcement(tmp_path, optional=["vorwarts"])
    after = tmp_path / "after.json"
    code, out, _ = run(capsys, "turn", "dieppe", "--state", str(board), "--seed", "1", "--json", "--out", str(after))
    assert code == 0 and moves(out) == ["German move from R9 to H (571st infantry 1)"]
    assert json.loads(after.read_text())["optional"] == ["vorwarts"]
    # the same rules named again on the command line agree with the file
    code, out, _ = run(capsys, "turn", "dieppe", "--state", str(board), "--seed", "1", "--json", "--optional", "vorwarts")
    assert code == 0 and moves(out) == ["German move from R9 to H (571st infantry 1)"]
    # a command line's rules go into the board written for the next turn
    plain = far_reinforcement(tmp_path)
    code, _, _ = run(capsys, "turn", "dieppe", "--state", str(plain), "--seed", "1", "--optional", "bad_luck", "--out", str(after))
    written = json.loads(after.read_text())
    assert code == 0 and written["optional"] == ["bad_luck"] and written["bad_luck_spent"] == []


def test_board_new_writes_the_rules_turn_plays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "seasoned.json"
    code, out, _ = run(capsys, "board", "dieppe", "--new", str(path), "--difficulty", "seasoned")
    assert code == 0 and json.loads(path.read_text())["optional"] == ["bad_luck", "alarm", "vorwarts"]
    assert "without them" not in out  # the old warning that the companion ignored them
    code, out, _ = run(capsys, "turn", "dieppe", "--state", str(path), "--seed", "1")
    assert code == 0 and "Bad luck!" in out.splitlines()[0]


def test_a_contradiction_between_the_file_and_the_command_line_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = far_reinforcement(tmp_path, optional=["vorwarts"])
    out_file = tmp_path / "after.json"
    code, out, err = run(capsys, "turn", "dieppe", "--state", str(board), "--seed", "1", "--optional", "bad_luck", "--out", str(out_file))
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert "optional rules are vorwarts" in err and "the command line says bad_luck" in err
    assert not out_file.exists() and "German" not in out


def test_an_unknown_rule_is_refused_with_the_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "turn", "dieppe", "--state", str(BOARD), "--seed", "1", "--optional", "vorwaerts")
    assert code == 2 and err.count("\n") == 1
    assert "no optional rule 'vorwaerts' (it has: bad_luck, alarm, vorwarts)" in err
    bad = far_reinforcement(tmp_path, optional=["heroic"])
    code, _, err = run(capsys, "turn", "dieppe", "--state", str(bad), "--seed", "1")
    assert code == 1 and "optional" in err and "heroic" in err


def test_bad_luck_spent_needs_the_rule(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = far_reinforcement(tmp_path, bad_luck_spent=["A"])
    code, _, err = run(capsys, "turn", "dieppe", "--state", str(board), "--seed", "1")
    assert code == 1 and "bad_luck_spent" in err and "Bad luck!" in err
    board = far_reinforcement(tmp_path, optional=["bad_luck"], bad_luck_spent=["A"])
    code, _, _ = run(capsys, "turn", "dieppe", "--state", str(board), "--seed", "1")
    assert code == 0


def test_a_file_written_without_optional_rules_says_none_and_refuses_them_later(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The file is the game's record: `board --new` and `turn --out` of a game without
    optional rules write `optional: []`, so a later `turn --optional X` on that game is a
    contradiction, refused in one line, not a rule slipped in half-way."""
    start = tmp_path / "start.json"
    code, _, _ = run(capsys, "board", "dieppe", "--new", str(start))
    assert code == 0 and json.loads(start.read_text())["optional"] == []
    after = tmp_path / "after.json"
    code, _, _ = run(capsys, "turn", "dieppe", "--state", str(far_reinforcement(tmp_path)), "--seed", "1", "--out", str(after))
    assert code == 0 and json.loads(after.read_text())["optional"] == []
    for written in (start, after):
        code, out, err = run(capsys, "turn", "dieppe", "--state", str(written), "--seed", "1", "--optional", "vorwarts")
        assert code == 2 and err.count("\n") == 1 and "optional rules are none, the command line says vorwarts" in err, err
        assert "German" not in out
        # naming no rule, or the same none, plays on
        assert run(capsys, "turn", "dieppe", "--state", str(written), "--seed", "1")[0] == 0


def test_an_older_file_without_the_field_still_takes_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Files written before (or by hand) without `optional` read as they did: no optional
    rule unless the command line names some, and `--out` then records them."""
    board = far_reinforcement(tmp_path)
    assert "optional" not in json.loads(board.read_text())
    after = tmp_path / "after.json"
    code, out, _ = run(capsys, "turn", "dieppe", "--state", str(board), "--seed", "1", "--json", "--optional", "vorwarts", "--out", str(after))
    assert code == 0 and moves(out) == ["German move from R9 to H (571st infantry 1)"]
    assert json.loads(after.read_text())["optional"] == ["vorwarts"]
