"""The command line: play --auto, simulate, turn (the companion), and their errors."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from paragraphs.cli import main

BOARD = Path(__file__).parent / "data" / "board.json"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --------------------------------------------------------------------------- play


def test_play_auto_json(capsys) -> None:
    code, out, _ = run(capsys, "play", "bruneval", "--auto", "--seed", "4", "--json")
    data = json.loads(out)
    assert code == 0 and data["seed"] == 4
    assert {"vp", "result", "reasons", "turns", "journal"} <= set(data)


def test_play_auto_text_is_reproducible(capsys) -> None:
    _, first, _ = run(capsys, "play", "bruneval", "--auto", "--seed", "4")
    _, second, _ = run(capsys, "play", "bruneval", "--auto", "--seed", "4")
    assert first == second
    assert "Turn 1 (00:15)" in first and "Result after" in first


def test_play_options(capsys) -> None:
    code, out, _ = run(capsys, "play", "bruneval", "--auto", "--seed", "4", "--optional", "commando", "--no-events", "--json")
    data = json.loads(out)
    assert code == 0 and data["options"] == {"optional": ["commando"], "difficulty": None, "events": False}


def test_play_without_auto_with_a_policy_is_a_usage_error(capsys) -> None:
    # without --auto the player commands the British (test_play_interactive.py)
    code, _, err = run(capsys, "play", "bruneval", "--policy", "default")
    assert code == 2 and err.count("\n") == 1 and "--auto" in err


def test_play_unknown_policy(capsys) -> None:
    code, _, err = run(capsys, "play", "bruneval", "--auto", "--policy", "bold")
    assert code == 2 and "default" in err


# --------------------------------------------------------------------------- simulate


def test_simulate_does_not_depend_on_jobs(capsys) -> None:
    _, one, _ = run(capsys, "simulate", "bruneval", "--games", "30", "--seed", "5", "--jobs", "1", "--json")
    _, two, _ = run(capsys, "simulate", "bruneval", "--games", "30", "--seed", "5", "--jobs", "2", "--json")
    assert one == two
    data = json.loads(one)
    assert data["games"] == 30 and sum(level["games"] for level in data["levels"]) == 30
    assert data["vp"]["ci95"][0] <= data["vp"]["mean"] <= data["vp"]["ci95"][1]
    assert all(r["ci95"][0] <= r["p"] <= r["ci95"][1] for r in data["levels"])


def test_the_vp_interval_of_a_tiny_series_stays_inside_what_vp_can_be(capsys) -> None:
    # seed 3: games of 1, 1 and 6 VP; 1.96 s/sqrt(n) once gave an interval from -0.60 VP,
    # and Bruneval's VP only ever add up (rule 17)
    _, out, _ = run(capsys, "simulate", "bruneval", "--games", "3", "--seed", "3", "--jobs", "1", "--json")
    vp = json.loads(out)["vp"]
    assert vp["min"] >= 0 and vp["ci95"][0] >= 0, vp
    assert vp["ci95"][0] <= vp["mean"] <= vp["ci95"][1]
    assert vp["ci95_method"].startswith("t ") and "0" in vp["ci95_cut"], vp
    _, text, _ = run(capsys, "simulate", "bruneval", "--games", "3", "--seed", "3", "--jobs", "1")
    line = next(line for line in text.splitlines() if line.startswith("VP: mean"))
    assert "CI -" not in line and "cut at 0" in line, line


def test_simulate_text(capsys) -> None:
    code, out, err = run(capsys, "simulate", "bruneval", "--games", "8", "--jobs", "1")
    assert code == 0 and "95% CI" in out and "complete" in out
    assert err == ""  # no progress bar when stderr is not a terminal


def test_play_takes_the_raid_series_words_and_refuses_a_level_bruneval_does_not_print(capsys) -> None:
    code, _, err = run(capsys, "play", "bruneval", "--auto", "--seed", "1", "--difficulty", "hardened")
    assert code == 2 and "prints no difficulty levels" in err and err.count("\n") == 1
    code, _, err = run(capsys, "play", "bruneval", "--auto", "--seed", "1", "--optional", "snow")
    assert code == 2 and "no optional rule 'snow'" in err


def test_simulate_unknown_rule_and_title(capsys) -> None:
    code, _, err = run(capsys, "simulate", "bruneval", "--games", "2", "--optional", "snow")
    assert code == 2 and "commando" in err
    code, _, err = run(capsys, "simulate", "sample", "--games", "2")
    assert code == 2 and "no simulate" in err


# --------------------------------------------------------------------------- turn


def test_turn_seeded_json(capsys, tmp_path) -> None:
    out_file = tmp_path / "next.json"
    code, out, _ = run(capsys, "turn", "bruneval", "--state", str(BOARD), "--seed", "7", "--json", "--out", str(out_file))
    data = json.loads(out)
    assert code == 0 and data["turn"] == 5 and data["alert"] == 4 and data["actions"]
    assert any(" attacks " in a["text"] for a in data["actions"])
    written = json.loads(out_file.read_text())
    assert written == data["board"] and written["turn"] == 6
    # the written board reads back
    code, _, _ = run(capsys, "turn", "bruneval", "--state", str(out_file), "--seed", "1")
    assert code == 0


def test_turn_out_is_written_like_a_save(capsys, tmp_path) -> None:
    out_file = tmp_path / "next.json"
    assert run(capsys, "turn", "bruneval", "--state", str(BOARD), "--seed", "7", "--out", str(out_file))[0] == 0
    first = out_file.read_text()
    assert run(capsys, "turn", "bruneval", "--state", str(BOARD), "--seed", "8", "--out", str(out_file))[0] == 0
    assert (tmp_path / "next.json.bak").read_text() == first  # the previous board is kept
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    folder = tmp_path / "a-folder"
    folder.mkdir()
    code, _, err = run(capsys, "turn", "bruneval", "--state", str(BOARD), "--seed", "7", "--out", str(folder))
    assert code != 0 and "not a regular file" in err and len(err.strip().splitlines()) == 1


def test_turn_with_typed_dice(capsys, tmp_path) -> None:
    board = json.loads(BOARD.read_text())
    board["units"] = [u for u in board["units"] if u["id"] in ("685-1", "nelson-1", "nelson-officer")]
    board["units"][0]["zone"] = "LANE"
    board["units"][1]["zone"] = board["units"][2]["zone"] = "DZ-A3"
    board["markers"] = []
    path = tmp_path / "b.json"
    path.write_text(json.dumps(board))
    # combat 6 against 1, the officer's roll 2, the reinforcement roll 5 (over alert 4)
    code, out, _ = run(capsys, "turn", "bruneval", "--state", str(path), "--dice", "6,1,2,5")
    assert code == 0
    assert "685/1 in LANE attacks DZ-A3: 3 + 6 = 9 against Nelson 1: 4 + 1 officer + 1 = 6: defender hit" in out
    assert "Lieutenant Charteris comes through" in out and "nobody comes" in out
    # the list runs out at the officer's roll: what happened so far, then the die still needed
    code, out, err = run(capsys, "turn", "bruneval", "--state", str(path), "--dice", "6,1")
    assert code == 1 and err == ""
    assert "685/1 in LANE attacks DZ-A3: 3 + 6 = 9 against Nelson 1: 4 + 1 officer + 1 = 6: defender hit" in out
    assert "stopped: the dice ran out: roll d6 (1-6) for officer loss: Lieutenant Charteris is roll 3" in out
    assert "Nothing was written" in out
    # it runs out inside the combat: the die already typed is shown with its purpose
    code, out, _ = run(capsys, "turn", "bruneval", "--state", str(path), "--dice", "6", "--out", str(tmp_path / "next.json"))
    assert code == 1 and "dice so far: d6 6 (685/1 against DZ-A3: attacker's die)" in out
    assert "for 685/1 against DZ-A3: defender's die is roll 2" in out and not (tmp_path / "next.json").exists()


def test_turn_with_an_empty_dice_list_is_a_usage_error(capsys) -> None:
    code, _, err = run(capsys, "turn", "bruneval", "--state", str(BOARD), "--dice", "")
    assert code == 2 and "--dice needs your rolls" in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("content", "code", "needle"),
    [
        ('{"title": "bruneval", "turn": 5,', 1, ":1:"),
        ('{"title": "bruneval", "turn": 15, "alert": 4, "units": []}', 1, "BOARD002"),
        ('{"title": "bruneval", "turn": 5, "alert": 4, "units": [{"id": "tiger-1", "zone": "W"}]}', 1, "unknown counter 'tiger-1'"),
        ('{"title": "bruneval", "turn": 5, "alert": 4, "units": [{"id": "drake-1", "zone": "W"}, {"id": "lw-1", "zone": "W"}]}', 1, "share zone W"),
        ('{"title": "bruneval", "turn": 5, "alert": 4, "units": [{"id": "685-1", "zone": "P1"}, {"id": "685-2", "zone": "P1"}, {"id": "685-3", "zone": "P1"}]}', 1, "over its limit"),
        # found by the third eyes pass: a typo said "unknown zone 'LAEN'" and no more, and
        # a misspelt key "Additional properties are not allowed" at 1:1
        ('{"title": "bruneval", "turn": 5, "alert": 4, "units": [{"id": "685-1", "zone": "LAEN"}]}', 1,
         ":1:80: BOARD003 unknown zone 'LAEN' (did you mean 'LANE'?; paragraphs ids bruneval --kind zones lists them)"),
        ('{"title": "bruneval", "turn": 5, "alert": 4, "units": [{"id": "drak-1", "zone": "CLIFF"}]}', 1,
         "unknown counter 'drak-1' (did you mean 'drake-1'?; paragraphs ids bruneval --kind counters lists them)"),
        ('{"title": "bruneval", "turn": 5, "alert": 4,\n "alret": 3, "units": []}', 1,
         ":2:11: BOARD002 unknown key 'alret' (did you mean 'alert'?) ($.alret)"),
        ('{"title": "bruneval", "turn": 5, "alert": 4, "units": [\n {"id": "lw-1", "zone": "W", "reduce": true}]}', 1,
         ":2:40: BOARD002 unknown key 'reduce' (did you mean 'reduced'?) ($.units[0].reduce)"),
        ('{"title": "bruneval", "turn": 5, "alert": 4, "units": [\n {"id": "lw-1", "zone": "W"},\n {"id": "lw-1", "zone": "W"}]}', 1,
         ":3:9: BOARD004 counter 'lw-1' is listed twice (first at line 2)"),
    ],
)
def test_invalid_board_is_one_line(capsys, tmp_path, content: str, code: int, needle: str) -> None:
    path = tmp_path / "board.json"
    path.write_text(content)
    got, out, err = run(capsys, "turn", "bruneval", "--state", str(path), "--seed", "1")
    assert got == code and out == ""
    assert err.count("\n") == 1 and needle in err and str(path) in err


def test_missing_board_is_a_usage_error(capsys, tmp_path) -> None:
    code, _, err = run(capsys, "turn", "bruneval", "--state", str(tmp_path / "nope.json"))
    # a newcomer's first try: where a board file comes from
    assert code == 2 and err == f"paragraphs: error: {tmp_path / 'nope.json'}: no such board file (paragraphs board bruneval --new FILE writes the set-up's)\n"


def test_console_script_never_shows_a_traceback(tmp_path) -> None:
    exe = shutil.which("paragraphs", path=str(Path(sys.executable).parent))
    assert exe is not None
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2")
    proc = subprocess.run([exe, "turn", "bruneval", "--state", str(bad)], capture_output=True, text=True)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr and proc.stderr.count("\n") == 1
    proc = subprocess.run([exe, "odds", "bruneval", "activation", "--answer", "alert=4", "--answer", "radius=1"], capture_output=True, text=True)
    assert proc.returncode == 0 and "1/2" in proc.stdout


def test_a_board_with_several_mistakes_lists_them_all(capsys, tmp_path) -> None:
    # a player fixing his file by hand saw only the first mistake and "(and N more)"
    path = tmp_path / "board.json"
    path.write_text('{"title": "bruneval", "turn": 5, "alert": 4, "units": [\n {"id": "drak-1", "zone": "CLIFF"},\n {"id": "685-1", "zone": "LAEN"},\n {"id": "lw-1", "zone": "W"},\n {"id": "lw-1", "zone": "W"}]}\n')
    for command in (["turn", "bruneval", "--state", str(path), "--seed", "1"], ["board", "bruneval", "--state", str(path), "--svg", str(tmp_path / "b.svg")]):
        code, out, err = run(capsys, *command)
        assert code == 1 and out == "" and err.splitlines() == [
            f"paragraphs: error: 3 problems in the board file {path}:",
            f"  {path}:2:9: BOARD003 unknown counter 'drak-1' (did you mean 'drake-1'?; paragraphs ids bruneval --kind counters lists them)",
            f"  {path}:3:26: BOARD003 unknown zone 'LAEN' (did you mean 'LANE'?; paragraphs ids bruneval --kind zones lists them)",
            f"  {path}:5:9: BOARD004 counter 'lw-1' is listed twice (first at line 4)",
        ], err
    path.write_text('{"title": "bruneval", "turn": 50, "alret": 4,\n "units": [{"id": "lw-1", "zone": "W", "reduce": true}]}\n')
    code, _, err = run(capsys, "turn", "bruneval", "--state", str(path), "--seed", "1")
    assert code == 1 and err.splitlines()[0] == f"paragraphs: error: 4 problems in the board file {path}:", err
    assert [line.split(": ", 2)[1][:8] for line in err.splitlines()[1:]] == ["BOARD002"] * 4, err


# --------------------------------------------------------------------------- board --new


def test_board_new_writes_the_set_up_that_turn_and_board_read(capsys, tmp_path) -> None:
    # no command wrote a starting board: a newcomer typed the set-up by hand
    path = tmp_path / "start.json"
    code, out, err = run(capsys, "board", "bruneval", "--new", str(path), "--svg", str(tmp_path / "start.svg"))
    assert code == 0 and err == "" and "Drake and Nelson drop in turn 1" in out
    data = json.loads(path.read_text())
    # rule 3.1: the posts, alert 0, turn 1, six A and four B markers face down (no back)
    assert (data["turn"], data["alert"], data["combats"], data["optional_commando"]) == (1, 0, 0, False)
    assert {u["id"] for u in data["units"]} == {"lw-1", "op-w", "op-villa", "cd-1", *(f"mg-{n}" for n in range(1, 8)), *(f"pillbox-{n}" for n in range(1, 4))}
    assert data["markers"] == [{"zone": f"A{n}"} for n in range(1, 7)] + [{"zone": f"B{n}"} for n in range(1, 5)]
    assert "shows" not in path.read_text()
    code, out, _ = run(capsys, "turn", "bruneval", "--state", str(path), "--seed", "2", "--json")
    assert code == 0 and json.loads(out)["complete"] is True
    code, out, _ = run(capsys, "board", "bruneval", "--state", str(path), "--svg", str(tmp_path / "again.svg"))
    assert code == 0 and "10 face-down markers" in out
    # rule 18 is part of the set-up: said in the file
    code, out, _ = run(capsys, "board", "bruneval", "--new", str(tmp_path / "commando.json"), "--optional", "commando")
    assert code == 0 and json.loads((tmp_path / "commando.json").read_text())["optional_commando"] is True and "rule 18" in out


def test_board_new_never_overwrites_unless_forced_and_refuses_bad_paths_in_one_line(capsys, tmp_path) -> None:
    path = tmp_path / "start.json"
    path.write_text("my own board\n")
    code, _, err = run(capsys, "board", "bruneval", "--new", str(path))
    assert code == 2 and err.count("\n") == 1 and "a file is already there" in err and "--force" in err
    assert path.read_text() == "my own board\n"
    code, _, _ = run(capsys, "board", "bruneval", "--new", str(path), "--force")
    assert code == 0 and json.loads(path.read_text())["title"] == "bruneval"
    assert (tmp_path / "start.json.bak").read_text() == "my own board\n"  # the old one kept
    for argv, said in [
        (["--new", str(tmp_path)], "not a regular file"),
        (["--new", ""], "--new needs the path"),
        (["--new", str(tmp_path / "b.json"), "--svg", str(tmp_path / "b.json")], "need two files"),
        (["--new", str(tmp_path / "b.json"), "--svg", str(tmp_path)], "not a regular file"),
        (["--new", str(tmp_path / "b.json"), "--difficulty", "hard"], "prints no difficulty levels"),
        (["--new", str(tmp_path / "b.json"), "--optional", "snow"], "no optional rule 'snow'"),
        (["--state", str(path), "--svg", str(tmp_path / "x.svg"), "--optional", "commando"], "--optional goes with --new"),
    ]:
        code, out, err = run(capsys, "board", "bruneval", *argv)
        assert code in (1, 2) and out == "" and err.count("\n") == 1 and said in err, (argv, err)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["start.json", "start.json.bak"]  # nothing half-written
    with pytest.raises(SystemExit) as both:
        main(["board", "bruneval", "--new", str(tmp_path / "c.json"), "--state", str(path)])
    assert both.value.code == 2 and "not allowed with argument" in capsys.readouterr().err


# --------------------------------------------------------------------------- turn --optional


def test_turn_takes_rule_18_from_the_command_line_or_the_file_and_refuses_a_contradiction(capsys, tmp_path) -> None:
    # the example board does not say whether rule 18 is in play: --optional commando says it
    assert "optional_commando" not in BOARD.read_text()
    out_file = tmp_path / "next.json"
    code, out, _ = run(capsys, "turn", "bruneval", "--state", str(BOARD), "--seed", "7", "--json", "--optional", "commando", "--out", str(out_file))
    assert code == 0 and json.loads(out)["optional"] == ["commando"]
    assert json.loads(out_file.read_text())["optional_commando"] is True  # kept for the next turn
    code, out, _ = run(capsys, "turn", "bruneval", "--state", str(out_file), "--seed", "7")
    assert code == 0 and "optional rules: " in out.splitlines()[0]
    # the file says the rule is off: the command line may not turn it on
    board = json.loads(BOARD.read_text())
    board["optional_commando"] = False
    off = tmp_path / "off.json"
    off.write_text(json.dumps(board))
    code, out, err = run(capsys, "turn", "bruneval", "--state", str(off), "--seed", "7", "--optional", "commando")
    assert code == 2 and err.count("\n") == 1 and "optional_commando says the optional rules are none, the command line says commando" in err
    code, _, err = run(capsys, "turn", "bruneval", "--state", str(BOARD), "--seed", "7", "--optional", "commandos")
    assert code == 2 and "no optional rule 'commandos' (it has: commando)" in err
    code, _, err = run(capsys, "turn", "bruneval", "--state", str(BOARD), "--seed", "7", "--difficulty", "green")
    assert code == 2 and "prints no difficulty levels" in err
