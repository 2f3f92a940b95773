"""``--svg FILE`` that cannot be written is refused before the command does anything.

Found by the eyes pass: ``play dieppe --svg /proc/x.svg`` set the game up and saved it, and
only then failed on the picture (one line, exit 1), leaving a session behind a user error.
Every raid command taking ``--svg`` (play, play --auto, turn, board of both titles) now
checks the path first and leaves no file: no save, no ``--out`` board, no empty picture.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from paragraphs_raids.pty_play import env

BOARDS = {t: Path(__file__).parents[2] / t / "tests" / "data" / "board.json" for t in ("dieppe", "bruneval")}


def run(tmp_path: Path, *args: str, lines: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "paragraphs", *args], input=lines, capture_output=True, text=True, env=env(tmp_path), cwd=tmp_path, timeout=120)


def files(folder: Path) -> set[Path]:
    return {p.relative_to(folder) for p in folder.rglob("*")}


@pytest.mark.parametrize("title", ["dieppe", "bruneval"])
def test_every_svg_command_refuses_an_unwritable_picture_before_doing_anything(tmp_path: Path, title: str) -> None:
    (tmp_path / "notes.txt").write_text("a file, not a folder\n", encoding="utf-8")
    (tmp_path / "pictures").mkdir()
    before = files(tmp_path)
    for picture, code, said in [
        # a folder that is a file is a usage error, like a missing one (paragraphs.state.outputs)
        (tmp_path / "notes.txt" / "x.svg", 2, f"--svg {tmp_path / 'notes.txt' / 'x.svg'}: {tmp_path / 'notes.txt'} is not a folder (nothing was written)"),
        (tmp_path / "pictures", 1, f"{tmp_path / 'pictures'}: cannot write the board picture: it is not a regular file"),
    ]:
        for line in [
            ("play", title, "--seed", "3", "--session", "pic", "--new"),
            ("play", title, "--auto", "--seed", "3"),
            ("turn", title, "--state", str(BOARDS[title]), "--seed", "1", "--out", "next.json"),
            ("board", title, "--state", str(BOARDS[title])),
        ]:
            done = run(tmp_path, *line, "--svg", str(picture), lines="next\n")
            assert done.returncode == code, (line, done.stdout, done.stderr)
            assert done.stderr == f"paragraphs: error: {said}\n", (line, done.stderr)
            assert done.stdout == "", (line, done.stdout)
            assert files(tmp_path) == before, (line, files(tmp_path) - before)  # no save, no board, no picture


def test_a_picture_in_a_folder_still_to_make_is_refused(tmp_path: Path) -> None:
    # the folders were once made for the picture: a mistyped folder hid the picture where
    # nobody looked; now a missing folder is a usage error and nothing is made
    picture = tmp_path / "new" / "sub" / "board.svg"
    done = run(tmp_path, "play", "dieppe", "--auto", "--seed", "3", "--svg", str(picture))
    assert done.returncode == 2 and "does not exist: create it first" in done.stderr and done.stdout == "", done.stderr
    assert not (tmp_path / "new").exists()


def test_play_with_a_picture_in_proc_leaves_no_session(tmp_path: Path) -> None:
    # the eyes pass's own line (Linux: nobody, root included, creates a file in /proc)
    done = run(tmp_path, "play", "dieppe", "--svg", "/proc/x.svg", "--session", "proc", "--new", "--seed", "3", lines="next\n")
    assert done.returncode == 1 and done.stderr.count("\n") == 1 and "/proc/x.svg: cannot write the board picture" in done.stderr, done.stderr
    assert not (tmp_path / "sessions").exists() or not any((tmp_path / "sessions").iterdir())


@pytest.mark.parametrize("command", [["play", "dieppe", "--auto", "--seed", "1", "--svg", "board.png"], ["simulate", "bruneval", "--games", "1", "--chart", "vp.PNG"], ["board", "dieppe", "--new", "b.json", "--svg", "setup.pdf"]])
def test_a_picture_named_for_another_format_is_refused_before_anything_is_written(tmp_path: Path, command: list[str]) -> None:
    # found by the eyes pass: `--chart vp.png` and `--svg p.png` wrote SVG into .png files
    done = subprocess.run([sys.executable, "-m", "paragraphs", *command], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "is written as SVG; name the file .svg" in done.stderr, done.stderr
    assert list(tmp_path.iterdir()) == []
