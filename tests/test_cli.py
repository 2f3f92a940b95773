"""The command line: exit codes, one-line errors, JSON outputs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from paragraphs.cli import main
from paragraphs.state import load_state
from paragraphs.state.savefile import read_save_record

SITE = Path(__file__).parent / "data" / "site"


@pytest.fixture(autouse=True)
def fake_site(monkeypatch):
    monkeypatch.syspath_prepend(str(SITE))
    yield
    for name in [m for m in sys.modules if m.startswith("paragraphs_testplugin")]:
        del sys.modules[name]


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_titles_json_is_sorted_with_versions(capsys):
    code, out, _ = run(capsys, "titles", "--json")
    rows = json.loads(out)
    assert code == 0 and [r["id"] for r in rows] == sorted(r["id"] for r in rows)
    test = next(r for r in rows if r["id"] == "testplugin")
    assert test == {"id": "testplugin", "name": "Test Plugin", "version": "0.3.0", "distribution": "paragraphs-testplugin"}


def test_read_json_has_the_documented_fields(capsys):
    code, out, _ = run(capsys, "read", "testplugin", "1", "--dice", "3", "--json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "done" and data["trail"] == ["1", "2"]
    assert data["rolls"] == [{"die": "d6", "value": 3, "total": 3, "purpose": "roll in 1", "paragraph": "1", "source": "scripted", "meaning": "odd"}]
    assert data["instructions"] == [{"paragraph": "2", "text": "You found the second paragraph.", "kind": "say"}]
    assert data["questions"] == [] and data["state"]["sightings"] == [] and "counters" in data["state"]


def test_too_few_dice_leave_the_resolution_open(capsys):
    code, out, _ = run(capsys, "read", "testplugin", "1", "--dice", "", "--json")
    data = json.loads(out)
    assert code == 2 and data["status"] == "needs_answers"  # not resolved: not exit 0
    assert data["questions"][0]["key"] == "roll.1" and data["questions"][0]["type"] == "integer"


def test_usage_errors_exit_2_with_one_line(capsys):
    for args, fragment in [
        (("read", "testplugin", "1", "--dice", "3,4"), "were not needed"),
        (("read", "testplugin", "1", "--dice", "7"), "7 is not a face of d6"),
        (("read", "testplugin", "1", "--answer", "nope=1"), "valid:"),
        (("read", "testplugin", "9"), "no paragraph 9"),
        (("read", "nosuch", "1"), "unknown title 'nosuch'"),
        (("read", "testplugin", "1", "--answer", "broken"), "KEY=VALUE"),
        (("odds", "testplugin", "zzz"), "neither a paragraph"),
    ]:
        code, out, err = run(capsys, *args)
        assert code == 2, args
        assert fragment in err and err.count("\n") == 1, err


def test_argparse_errors_are_one_line_too(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["read"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "error:" in err


def test_state_file_is_loaded_and_saved_and_seed_conflicts_exit_2(capsys, tmp_path):
    state = tmp_path / "s.json"
    code, _, _ = run(capsys, "read", "testplugin", "1", "--state", str(state), "--seed", "5")
    assert code == 0 and state.exists()
    saved = read_save_record(state)["state"]
    assert saved["rng"]["seed"] == 5 and saved["rng"]["position"] == 1
    code, _, err = run(capsys, "read", "testplugin", "1", "--state", str(state), "--seed", "5")
    assert code == 2 and "PRNG" in err
    code, _, _ = run(capsys, "read", "testplugin", "1", "--state", str(state))
    assert code == 0 and read_save_record(state)["state"]["rng"]["position"] == 2
    assert (tmp_path / "s.json.bak").exists()


def test_corrupt_state_exits_1_and_is_not_overwritten(capsys, tmp_path):
    state = tmp_path / "s.json"
    state.write_text("{broken")
    code, _, err = run(capsys, "read", "testplugin", "1", "--state", str(state))
    assert code == 1 and "corrupt" in err and state.read_text() == "{broken"


def test_odds_json_for_paragraphs_and_procedures(capsys):
    code, out, _ = run(capsys, "odds", "testplugin", "1", "--json")
    data = json.loads(out)
    assert code == 0 and [o["probability"] for o in data["outcomes"]] == ["1/2", "1/2"]
    assert {tuple(o["trail"]) for o in data["outcomes"]} == {("1", "2"), ("1",)}
    code, out, _ = run(capsys, "odds", "testplugin", "coin", "--json")
    data = json.loads(out)
    assert {o["label"]: o["probability"] for o in data["outcomes"]} == {"heads": "1/2", "tails": "1/2"}
    assert all(o["trail"] == [] for o in data["outcomes"])


def test_graph_json_lists_nodes_and_edges(capsys):
    code, out, _ = run(capsys, "graph", "testplugin", "--format", "json")
    edges = [["1", "2"], ["3", "4"], ["3", "5"], ["4", "5"], ["4", "6"], ["5", "7"], ["6", "5"]]
    assert json.loads(out) == {"title": "testplugin", "nodes": ["1", "2", "3", "4", "5", "6", "7"], "edges": edges}
    code, out, _ = run(capsys, "graph", "testplugin", "--format", "dot")
    assert '"1" -> "2";' in out


def test_validate_reports_problems_and_exits_1(capsys, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("paragraphs:\n  - id: \"1\"\n    steps: [{goto: \"2\"}]\n")
    code, out, _ = run(capsys, "validate", str(bad))
    assert code == 1 and f"{bad}:3:14: REF001" in out.replace(str(bad.resolve()), str(bad)) or "REF001" in out
    code, out, _ = run(capsys, "validate", "testplugin", "--json")
    data = json.loads(out)
    assert code == 0 and data[0]["target"] == "testplugin" and data[0]["errors"] == 0


def test_randomtest_reports_coverage(capsys):
    code, out, _ = run(capsys, "randomtest", "testplugin", "--runs", "30", "--json")
    data = json.loads(out)
    assert code == 0 and data["paragraph_coverage"] == {"seen": 7, "total": 7} and not data["failures"]
    assert data["branch_coverage"]["seen"] == data["branch_coverage"]["total"] == 16 and data["unseen_branches"] == []


def test_python_dash_m_runs_the_cli_without_tracebacks(tmp_path):
    env = {"PYTHONPATH": str(SITE), "PATH": "/usr/bin:/bin", "PARAGRAPHS_CACHE_DIR": str(tmp_path)}
    proc = subprocess.run([sys.executable, "-m", "paragraphs", "read", "testplugin", "9"], capture_output=True, text=True, env=env)
    assert proc.returncode == 2 and proc.stderr.strip() == "paragraphs: error: testplugin has no paragraph 9"
    assert "Traceback" not in proc.stderr


def test_interactive_play_session_saves_undoes_and_resumes(tmp_path, monkeypatch, capsys):
    import io

    session = tmp_path / "game.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\nsheet\nlog\nundo\nlog\nquit\n"))
    code = main(["play", "testplugin", "--session", str(session), "--seed", "2"])
    out = capsys.readouterr().out
    assert code == 0 and session.exists()
    assert "(nothing yet)" in out  # the log after undo
    assert load_state(session).journal == []
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\nquit\n"))
    assert main(["play", "testplugin", "--session", str(session)]) == 0
    assert len(load_state(session).journal) == 1


def test_titles_extend_commands_the_core_does_not_own(capsys):
    from paragraphs import hookimpl
    from paragraphs.cli import build_parser
    from paragraphs.plugins import make_plugin_manager
    from paragraphs.records import Command

    def options(p):
        p.add_argument("--games", type=int, default=1)

    class A:
        @hookimpl
        def paragraphs_register_commands(self):
            yield Command(id="a-sim", title="testplugin", help="simulate", add_arguments=options, run=lambda args, host: print("A", args.games) or 0, extends="simulate")

    class B:
        @hookimpl
        def paragraphs_register_commands(self):
            yield Command(id="b-sim", title="sample", help="simulate", add_arguments=options, run=lambda args, host: print("B", args.games) or 0, extends="simulate")

    host = make_plugin_manager(plugins=[A(), B()])
    parser = build_parser(host)
    from paragraphs.cli import _dispatch

    assert _dispatch(parser.parse_args(["simulate", "sample", "--games", "3"]), host) == 0
    assert _dispatch(parser.parse_args(["simulate", "testplugin"]), host) == 0
    assert capsys.readouterr().out.split() == ["B", "3", "A", "1"]


def test_two_titles_may_declare_the_same_play_option():
    """A second title declaring ``--no-events`` on ``play`` must not break the parser."""
    from paragraphs import hookimpl
    from paragraphs.cli import build_parser
    from paragraphs.plugins import make_plugin_manager
    from paragraphs.records import Command

    def options(p):
        p.add_argument("--no-events", action="store_true")

    class Second:
        @hookimpl
        def paragraphs_register_commands(self):
            yield Command(id="second-play", title="sample", help="play", add_arguments=options, run=lambda args, host: 0, extends="play")

    class First:
        @hookimpl
        def paragraphs_register_commands(self):
            yield Command(id="first-play", title="testplugin", help="play", add_arguments=options, run=lambda args, host: 0, extends="play")

    parser = build_parser(make_plugin_manager(plugins=[First(), Second()]))
    assert parser.parse_args(["play", "sample", "--no-events"]).no_events is True


def test_help_naming_a_title_shows_that_titles_options_only():
    """``play sample --help``: the options other titles add to ``play`` are left out, and a
    shared option is shown in the named title's words, under its heading."""
    from paragraphs import hookimpl
    from paragraphs.cli import _help_title, build_parser, specs_from_host
    from paragraphs.plugins import make_plugin_manager
    from paragraphs.records import Command

    def said(words):
        return lambda p: (p.add_argument("--no-events", action="store_true", help=words), p.add_argument(f"--{words}", action="store_true"))

    class First:
        @hookimpl
        def paragraphs_register_commands(self):
            yield Command(id="first-play", title="testplugin", help="play", add_arguments=said("first"), run=lambda args, host: 0, extends="play")

    class Second:
        @hookimpl
        def paragraphs_register_commands(self):
            yield Command(id="second-play", title="sample", help="play", add_arguments=said("second"), run=lambda args, host: 0, extends="play")

    host = make_plugin_manager(plugins=[First(), Second()])
    specs = specs_from_host(host)
    assert _help_title(["play", "--seed", "3", "testplugin", "-h"], "play", specs) == "testplugin"
    assert _help_title(["play", "testplugin"], "play", specs) is None  # no --help: every title's options
    assert _help_title(["play", "elsewhere/", "--help"], "play", specs) is None
    for title, own, other in (("testplugin", "first", "second"), ("sample", "second", "first")):
        text = build_parser(host, help_for=title)._subparsers._group_actions[0].choices["play"].format_help()
        assert f"{title} options:" in text and f"--{own}" in text and f"--{other}" not in text
        assert text.split("options:")[-1].split("--no-events")[1].split()[0] == own
    whole = build_parser(host)._subparsers._group_actions[0].choices["play"].format_help()
    assert "--first" in whole and "--second" in whole
    # the option both declare, under a heading naming both, its words sent to each title's help
    # (the installed titles may declare it too: the heading names every one)
    heading = next(line for line in whole.splitlines() if line.startswith("options of ") and "sample" in line and "testplugin" in line)
    shared = whole.split(heading)[1]
    assert shared.split()[:2] == ["--no-events", "its"] and "see `play TITLE --help`" in " ".join(shared.split())


def test_an_automatic_playthrough_of_a_paragraph_book(capsys):
    code, out, _ = run(capsys, "play", "testplugin", "--auto", "--seed", "4", "--json")
    data = json.loads(out)
    assert code == 0 and data["seed"] == 4 and [s["start"] for s in data["steps"]] == ["1", "3"]
    assert data["steps"][0]["status"] == "done"
    code, _, err = run(capsys, "play", "testplugin", "--auto", "--policy", "nope")
    assert code == 2 and "no policy 'nope'" in err


def test_ids_lists_a_books_ids_without_text(capsys):
    code, out, _ = run(capsys, "ids", "sample", "--json")
    data = json.loads(out)
    lists = {entry["id"]: entry for entry in data["lists"]}
    assert code == 0 and data["title"] == "sample" and "paragraphs" in lists
    ids = [row["id"] for row in lists["paragraphs"]["ids"]]
    assert ids[:3] == ["1", "2", "3"]
    # a paragraph shows its kind only: never its text (no spoilers)
    assert all(set(row) == {"id", "about"} for row in lists["paragraphs"]["ids"])
    code, out, _ = run(capsys, "ids", "sample", "--kind", "paragraphs")
    assert code == 0 and out.startswith("Paragraphs (") and "--kind paragraphs" in out
    code, _, err = run(capsys, "ids", "sample", "--kind", "zones")
    assert code == 2 and err.count("\n") == 1 and "lists: paragraphs" in err
