"""``play dieppe --svg FILE``: the board picture is rewritten after every step of the
interactive game, and an undo draws the board it went back to (read back with
xml.etree: what it shows, never its pixels)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from paragraphs_raids.picture import drawn_stacks
from paragraphs_raids.pty_play import env


def play(tmp_path: Path, lines: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "paragraphs", "play", "dieppe", "--session", "pic", *args], input=lines, capture_output=True, text=True, env=env(tmp_path), timeout=120)


def test_the_picture_follows_every_step_and_undo(tmp_path: Path) -> None:
    picture = tmp_path / "board.svg"
    done = play(tmp_path, "land lca-4 ORANGE2\n", "--seed", "3", "--new", "--svg", str(picture))
    assert done.returncode == 0, done.stderr
    assert f"The board picture is rewritten to {picture} after every step." in done.stdout
    assert drawn_stacks(picture)["ORANGE2"] == ["g2-1", "g2-2", "g2-3", "g2-4", "lovat"]
    # resumed, the landing undone: the picture shows Lord Lovat's wave aboard again
    done = play(tmp_path, "undo\n", "--svg", str(picture))
    assert done.returncode == 0, done.stderr
    stacks = drawn_stacks(picture)
    assert "ORANGE2" not in stacks and "lovat" in stacks["G2"]


def test_board_draws_a_session_save_as_its_help_says(tmp_path: Path) -> None:
    # found by the eyes pass: `board dieppe --help` offers "a board file (as `turn` reads) or
    # a session save of the title", but a save was refused as a board file breaking the
    # schema ("BOARD002 'alarm' is a required property")
    done = play(tmp_path, "land lca-4 ORANGE2\n", "--seed", "3", "--new")
    assert done.returncode == 0, done.stderr
    save = tmp_path / "sessions" / "dieppe-pic.json"
    assert save.is_file()
    for name in (str(save), "pic", "dieppe-pic"):  # the file, or the session as `sessions` lists it
        picture = tmp_path / f"{name.replace('/', '_')}.svg"
        drawn = subprocess.run([sys.executable, "-m", "paragraphs", "board", "dieppe", "--state", name, "--svg", str(picture)], capture_output=True, text=True, env=env(tmp_path), timeout=120)
        assert drawn.returncode == 0 and not drawn.stderr, drawn.stderr
        assert drawn_stacks(picture)["ORANGE2"] == ["g2-1", "g2-2", "g2-3", "g2-4", "lovat"]
    fresh = play(tmp_path, "", "--session", "unstarted", "--new", "--dice", "physical")  # its game waits for next
    assert fresh.returncode == 0, fresh.stderr
    drawn = subprocess.run([sys.executable, "-m", "paragraphs", "board", "dieppe", "--state", "unstarted", "--svg", str(tmp_path / "u.svg")], capture_output=True, text=True, env=env(tmp_path), timeout=120)
    assert drawn.returncode == 2 and drawn.stderr.count("\n") == 1 and "holds no board yet" in drawn.stderr, drawn.stderr
