"""``--session NAME`` and ``luck SAVE``: a name is a session of the sessions folder, a path
ends in .json (docs/cli.md); a name with a path separator is neither (found by the eyes
pass: ``--session 'a b/c'`` saved to ./a b/c, relative to the working folder)."""

from __future__ import annotations

from helpers import one_line_error

from paragraphs.cli import main


def test_a_session_name_with_a_path_separator_is_refused_and_says_how_to_give_a_path(capsys, monkeypatch, tmp_path):
    # found by the eyes pass: `--session 'a b/c'` saved to ./a b/c, a path relative to the
    # working folder, though docs/cli.md says only names ending in .json are paths
    monkeypatch.setenv("PARAGRAPHS_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a b").mkdir()
    code, line = one_line_error(capsys, "play", "sample", "--session", "a b/c")
    assert (code, line) == (2, "paragraphs: error: --session takes a name, or a path ending in .json: 'a b/c' is neither (to save in that file, write 'a b/c.json')")
    assert not (tmp_path / "data").exists() and not any((tmp_path / "a b").iterdir())
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("quit\n"))
    assert main(["play", "sample", "--session", "a b/c.json"]) == 0 and (tmp_path / "a b" / "c.json").is_file()


def test_luck_takes_a_file_or_a_session_name_never_a_sessions_sub_folder(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("PARAGRAPHS_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("2\nquit\n"))
    assert main(["play", "sample", "--session", "s", "--seed", "1"]) == 0
    capsys.readouterr()
    saved = tmp_path / "data" / "sessions" / "sample-s.json"
    (tmp_path / "data" / "sessions" / "a b").mkdir()
    (tmp_path / "data" / "sessions" / "a b" / "c.json").write_bytes(saved.read_bytes())
    code, line = one_line_error(capsys, "luck", "a b/c")  # no file ./a b/c: not looked for among the sessions
    assert (code, line) == (2, "paragraphs: error: no save 'a b/c' (a file, or a saved session listed by `paragraphs sessions` as TITLE-NAME)")
    for name in ("sample-s", str(saved)):  # by name, or as a file
        assert main(["luck", name]) == 0, name
    capsys.readouterr()
