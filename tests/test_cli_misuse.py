"""The command line's last tracebacks, each now one line and an exit code (issue #10 item 6)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from helpers import one_line_error

from paragraphs.cli import main

SITE = Path(__file__).parent / "data" / "site"


@pytest.fixture(autouse=True)
def fake_site(monkeypatch):
    monkeypatch.syspath_prepend(str(SITE))
    yield
    for name in [m for m in sys.modules if m.startswith("paragraphs_testplugin")]:
        del sys.modules[name]


@pytest.mark.parametrize("target, says", [("", "not an empty name"), (os.devnull, "not a regular file or folder")])
def test_validate_of_an_empty_name_or_a_device_is_a_usage_error(capsys, target, says):
    code, line = one_line_error(capsys, "validate", target)
    assert code == 2 and says in line


def test_validate_of_an_unreadable_content_file_is_one_line(capsys, tmp_path):
    (tmp_path / "broken.yaml").symlink_to(tmp_path / "gone.yaml")  # listed, but cannot be read
    code, line = one_line_error(capsys, "validate", str(tmp_path))
    assert code == 1 and "broken.yaml" in line and "No such file" in line


@pytest.mark.parametrize("command", [["schemas"], ["docs", "export"]])
def test_an_unwritable_output_folder_is_one_line(capsys, tmp_path, command):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    code, line = one_line_error(capsys, *command, str(blocker / "out"), *(["--title", "sample"] if command[0] == "docs" else ["sample"]))
    assert code == 1 and str(blocker) in line


@pytest.mark.parametrize("option, value", [("--runs", "-1"), ("--steps", "-5"), ("--runs", "0"), ("--steps", "many")])
def test_randomtest_counts_must_be_positive(capsys, option, value):
    with pytest.raises(SystemExit) as stop:
        main(["randomtest", "sample", option, value])
    err = capsys.readouterr().err.strip().splitlines()
    assert stop.value.code == 2 and len(err) == 1 and option in err[0]


def test_a_save_nested_thousands_deep_is_refused_in_one_line(capsys, tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text('{"a":' * 5000 + "1" + "}" * 5000)
    code, line = one_line_error(capsys, "read", "sample", "1", "--state", str(deep))
    assert code == 1 and "nested too deeply" in line
    assert deep.read_text().startswith('{"a":{"a":')  # untouched


def test_positive_counts_are_still_taken(capsys):
    assert main(["randomtest", "sample", "--runs", "2", "--steps", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["runs"] == 2 and report["resolutions"] == 2


def test_a_board_nested_thousands_deep_is_refused_in_one_line(capsys, tmp_path):
    board = tmp_path / "board.json"
    board.write_text("[" * 100_000 + "]" * 100_000)
    code, line = one_line_error(capsys, "turn", "bruneval", "--state", str(board), "--seed", "1")
    assert code == 1 and "nested too deeply" in line


def test_an_option_of_another_titles_play_is_refused_not_ignored(capsys, monkeypatch, tmp_path):
    # found by the eyes pass: `play dieppe --mission 22` (an option of play ambush) started a
    # Dieppe game as if the option had not been typed; the player thinks it was used
    from paragraphs import hookimpl
    from paragraphs.plugins import make_plugin_manager
    from paragraphs.records import Command

    class Missions:
        @hookimpl
        def paragraphs_register_commands(self):
            yield Command(id="patrol-play", title="patrol", help="", add_arguments=lambda p: p.add_argument("--mission", type=int, help="the mission"), extends="play")

    host = make_plugin_manager(load_entrypoints=False, plugins=[("missions", Missions())])
    monkeypatch.setattr("paragraphs.plugins.make_plugin_manager", lambda **kw: host)
    monkeypatch.setenv("PARAGRAPHS_NO_CACHE", "1")
    monkeypatch.setenv("PARAGRAPHS_DATA_DIR", str(tmp_path))
    code, line = one_line_error(capsys, "play", "sample", "--mission", "3")
    assert (code, line) == (2, "paragraphs: error: --mission is an option of play patrol, not of play sample")
    assert not (tmp_path / "sessions").exists()  # no session was started
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("quit\n"))
    assert main(["play", "sample", "--session", "plain"]) == 0  # without it, sample plays


@pytest.mark.parametrize("name", ["", "  "])
def test_an_empty_session_name_is_refused(capsys, monkeypatch, tmp_path, name):
    # found by the eyes pass: `play sample --session ""` saved to sample-.json, listed by
    # `sessions` as a session with no name
    monkeypatch.setenv("PARAGRAPHS_DATA_DIR", str(tmp_path))
    code, line = one_line_error(capsys, "play", "sample", "--session", name)
    assert code == 2 and line == "paragraphs: error: --session needs a name (or a path ending in .json)"
    assert not (tmp_path / "sessions").exists()


@pytest.mark.parametrize("command", [["docs", "export", "", "--title", "sample"], ["template", "sample", ""], ["schemas", "", "sample"], ["docs", "export", "  "]])
def test_an_empty_output_folder_is_refused_not_read_as_the_working_folder(capsys, monkeypatch, tmp_path, command):
    # found by the eyes pass: `docs export ""` wrote its pages where the user stood
    monkeypatch.chdir(tmp_path)
    code, line = one_line_error(capsys, *command)
    assert code == 2 and "not an empty name" in line, line
    assert list(tmp_path.iterdir()) == []


def test_an_overlay_naming_a_file_says_it_is_a_file(capsys, tmp_path):
    # found by the eyes pass: "overlay folder cells.yaml does not exist", of a file that does
    overlay = tmp_path / "cells.yaml"
    overlay.write_text("cells: []\n")
    code, line = one_line_error(capsys, "read", "sample", "2", "--answer", "storm=1", "--overlay", str(overlay))
    assert code == 2 and line == f"paragraphs: error: overlay {overlay} is a file: an overlay is a folder of content (the folder that holds it, or a new one)"


@pytest.mark.parametrize("title", ["spi_commando", "dieppe", "bruneval"])
def test_randomtest_of_a_title_without_paragraphs_is_one_line(capsys, title):
    # found by the eyes pass: an IndexError traceback (random.choice of no entry point)
    code, line = one_line_error(capsys, "randomtest", title, "--runs", "2")
    assert code == 2 and line == f"paragraphs: error: {title} has no paragraphs: randomtest reads a book's paragraphs at random, and this title has none to read"


def test_an_option_of_another_titles_gaps_is_refused_not_ignored(capsys):
    # found by the eyes pass: `gaps dieppe --scenario 45` (an option of gaps spi_commando)
    # printed the whole of Dieppe's gaps as if the option had not been typed
    code, line = one_line_error(capsys, "gaps", "sample", "--scenario", "45")
    assert (code, line) == (2, "paragraphs: error: --scenario is an option of gaps spi_commando, not of gaps sample")
    assert main(["gaps", "spi_commando", "--scenario", "45"]) == 0  # its own title takes it
    assert "scenario 45" in capsys.readouterr().out


def test_docs_export_checks_every_page_before_it_writes_any(capsys, tmp_path):
    # found by an earlier session: with one title's folder made a file, the pages of the
    # titles before it were written over, then the export stopped ("File exists")
    out = tmp_path / "site"
    assert main(["docs", "export", str(out), "--title", "sample", "--title", "testplugin"]) == 0
    capsys.readouterr()
    page = out / "rules" / "sample" / "index.md"
    page.write_text("kept\n")
    blocked = out / "rules" / "testplugin"
    for child in blocked.iterdir():
        child.unlink()
    blocked.rmdir()
    blocked.write_text("a file where a title's folder goes\n")
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    code, line = one_line_error(capsys, "docs", "export", str(out), "--title", "sample", "--title", "testplugin")
    assert code == 1 and str(blocked) in line and "not a folder" in line and "nothing was written" in line, line
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before  # not one page rewritten, none added


def test_schemas_checks_every_file_before_it_writes_any(capsys, tmp_path):
    # the same as docs export: with a later title's folder made a file, the earlier
    # titles' schemas were written over, then "File exists"
    out = tmp_path / "schemas"
    assert main(["schemas", str(out), "sample", "testplugin"]) == 0
    capsys.readouterr()
    (out / "sample" / "book.schema.json").write_text("kept\n")
    blocked = out / "testplugin"
    for child in blocked.iterdir():
        child.unlink()
    blocked.rmdir()
    blocked.write_text("a file where a title's folder goes\n")
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    code, line = one_line_error(capsys, "schemas", str(out), "sample", "testplugin")
    assert code == 1 and str(blocked) in line and "not a folder" in line and "nothing was written" in line, line
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
