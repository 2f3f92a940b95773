"""A folder of content opens as a book without packaging a plugin: ``open_book`` and ``DIR/``."""

from __future__ import annotations

import json
import textwrap

import pytest

import paragraphs
from paragraphs.cli import main

BOOK = """
title:
  id: lantern
  name: The Lantern
  uses: [sample]
entry_points: [{paragraph: "1", source: start}]
paragraphs:
  - id: "1"
    steps:
      - roll: {die: d6, purpose: search, ranges: {"1-3": [{goto: "2"}], "4-6": [{say: "Nothing in the dark."}]}}
  - id: "2"
    steps:
      - say: "The lantern is here."
      - set: {_searched: true, lantern: lit}
"""


@pytest.fixture(autouse=True)
def _cache_switch_restored(monkeypatch):
    """``--no-cache`` sets PARAGRAPHS_NO_CACHE for the process; undo it after each test."""
    monkeypatch.setenv("PARAGRAPHS_NO_CACHE", "1")


@pytest.fixture
def book(tmp_path):
    folder = tmp_path / "lantern"
    (folder / "more").mkdir(parents=True)
    text = textwrap.dedent(BOOK).lstrip()
    head, _, rest = text.partition("paragraphs:\n")
    (folder / "book.yaml").write_text(head, encoding="utf-8")
    (folder / "more" / "paragraphs.yaml").write_text("paragraphs:\n" + rest, encoding="utf-8")  # files anywhere below
    return folder


def test_open_book_reads_every_file_below_the_folder(book):
    engine = paragraphs.open_book(book, use_cache=False)
    assert engine.book.title == "lantern" and sorted(engine.book.paragraphs) == ["1", "2"]
    result = engine.resolve("1", dice=paragraphs.ScriptedDice([2]))
    assert result.trail == ["1", "2"]
    # a bookkeeping flag (`_name`) is set quietly; an ordinary one is told to the player
    assert [i.text for i in result.instructions] == ["The lantern is here.", "Lantern is now lit."]
    assert result.state.values == {"_searched": True, "lantern": "lit"}


def test_a_book_may_use_the_kinds_of_an_installed_title(book):
    engine = paragraphs.open_book(book, use_cache=False)
    sample = paragraphs.open_title("sample", use_cache=False)
    assert set(sample.grammar.checks) <= set(engine.grammar.checks)
    assert set(sample.grammar.procedures) == set(engine.grammar.procedures)


@pytest.mark.parametrize(
    "change, fragment",
    [
        (lambda t: t.replace("id: lantern", "id: sample"), "'sample', which is an installed title"),
        (lambda t: t.replace("uses: [sample]", "uses: [nowhere]"), "unknown title 'nowhere'"),
        (lambda t: t.replace("title:", "titel:"), "no title record"),
    ],
)
def test_a_book_needs_one_title_record_of_its_own(book, change, fragment):
    path = book / "book.yaml"
    path.write_text(change(path.read_text()))
    with pytest.raises(paragraphs.UsageError, match=fragment):
        paragraphs.open_book(book, use_cache=False)


def test_two_title_records_are_refused(book):
    (book / "again.yaml").write_text("title: {id: other, name: Other}\n")
    with pytest.raises(paragraphs.UsageError, match="declares a title record 2 times"):
        paragraphs.open_book(book, use_cache=False)


def test_content_errors_in_a_book_are_located(book):
    path = book / "more" / "paragraphs.yaml"
    path.write_text(path.read_text().replace("say: \"The lantern", "sya: \"The lantern"))
    with pytest.raises(paragraphs.ContentError) as info:
        paragraphs.open_book(book, use_cache=False)
    assert "paragraphs.yaml:7:9: SCHEMA001 unknown key 'sya' (did you mean 'say'?)" in str(info.value)


def test_every_command_takes_a_folder(book, capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(book.parent)
    folder = "lantern/"
    for args in (
        ["read", folder, "1", "--dice", "2", "--json"],
        ["odds", folder, "1", "--json"],
        ["randomtest", folder, "--runs", "5", "--json"],
        ["graph", folder, "--format", "json"],
        ["table", folder, "--json"],
        ["validate", folder, "--json"],
        ["docs", "export", str(tmp_path / "site"), "--title", folder],
        ["play", folder, "--auto", "--seed", "3", "--json", "--session", str(tmp_path / "s.json")],
    ):
        code = main(args + ["--no-cache"])
        out, err = capsys.readouterr()
        assert code == 0, (args, err)
        if "--json" in args:
            json.loads(out)
    assert (tmp_path / "site" / "rules" / "lantern" / "index.md").read_text().startswith("# The Lantern")
    # without the slash it is a title id, and the message says how to name the folder
    assert main(["read", "lantern", "1"]) == 2
    assert "write lantern/" in capsys.readouterr().err


def test_a_folder_that_borrows_nothing_opens_too(tmp_path, capsys):
    # found by the eyes pass: without `uses:` every command on the folder said "title.uses
    # in book.yaml must be a list of installed title ids" (the missing key read as a tuple)
    folder = tmp_path / "plain"
    folder.mkdir()
    (folder / "book.yaml").write_text(textwrap.dedent(BOOK).lstrip().replace("  uses: [sample]\n", ""), encoding="utf-8")
    engine = paragraphs.open_book(folder, use_cache=False)
    assert engine.book.title == "lantern"
    assert main(["read", f"{folder}/", "1", "--dice", "2", "--json", "--no-cache"]) == 0
    assert json.loads(capsys.readouterr().out)["trail"] == ["1", "2"]
    (folder / "book.yaml").write_text("title: {id: lantern, name: L, uses: sample}\n", encoding="utf-8")
    assert main(["read", f"{folder}/", "1", "--no-cache"]) == 2
    assert "title.uses in " in capsys.readouterr().err  # a wrong uses is still refused


def test_validate_reports_a_borrowed_title_that_is_not_installed(tmp_path, capsys):
    # found by the eyes pass: `uses: [nosuch]` validated as "ok, 0 errors" (the unknown id
    # was dropped), while read on the same folder stopped with "unknown title 'nosuch'"
    folder = tmp_path / "borrower"
    folder.mkdir()
    (folder / "book.yaml").write_text(textwrap.dedent(BOOK).lstrip().replace("uses: [sample]", "uses: [sample, nosuch]"), encoding="utf-8")
    assert main(["validate", f"{folder}/"]) == 1
    out = capsys.readouterr().out
    assert "book.yaml:4:18: TITLE003 title.uses names 'nosuch', which is not an installed title (installed: " in out, out
    assert main(["read", f"{folder}/", "1", "--no-cache"]) == 2
    err = capsys.readouterr().err
    assert "title.uses in " in err and ": unknown title 'nosuch' (installed: " in err, err


def test_a_folder_linked_into_itself_is_read_once(tmp_path):
    # found by the eyes pass: `again -> .` made every command read book.yaml forty times
    # (to the system's link limit): "title is declared twice (first at book.yaml:1:8)",
    # and read listed the same file 41 times; a second loop (`up/top -> ..`) never ended
    folder = tmp_path / "looped"
    folder.mkdir()
    (folder / "book.yaml").write_text(textwrap.dedent(BOOK).lstrip(), encoding="utf-8")
    (folder / "again").symlink_to(".")
    (folder / "up").mkdir()
    (folder / "up" / "top").symlink_to("..")
    # in a child with a timeout: with two such links the walk once took 2**40 paths (a hang)
    import subprocess
    import sys

    run = subprocess.run([sys.executable, "-m", "paragraphs", "validate", f"{folder}/", "--no-cache"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and ": ok: 2 paragraphs" in run.stdout and "ID00" not in run.stdout, (run.stdout, run.stderr)


def test_validate_of_a_folder_names_the_folder_in_its_gaps_hint(tmp_path, capsys):
    # found by the eyes pass: "(paragraphs gaps lantern)" named the folder's title id, which
    # gaps refuses ("unknown title"); a book that failed showed "paragraphs gaps __path__"
    folder = tmp_path / "hinted"
    folder.mkdir()
    (folder / "book.yaml").write_text(textwrap.dedent(BOOK).lstrip(), encoding="utf-8")
    main(["validate", f"{folder}/", "sample"])
    out = capsys.readouterr().out
    assert f"(paragraphs gaps {folder}/)" in out and "(paragraphs gaps sample)" in out, out
