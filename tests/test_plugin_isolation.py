"""One plugin cannot break or impersonate another (issue #10 item 5).

The misbehaving plugins are installed as real distributions (``tests/data/site-hostile``,
dist-info folders with entry points, found the way installed plugins are found).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from paragraphs import hookimpl
from paragraphs.api import open_title
from paragraphs.cli import main
from paragraphs.errors import PluginError
from paragraphs.plugins import make_plugin_manager
from paragraphs.records import LintRule, Title

SITE = Path(__file__).parent / "data" / "site"
HOSTILE = Path(__file__).parent / "data" / "site-hostile"


@pytest.fixture
def hostile_site(monkeypatch):
    monkeypatch.syspath_prepend(str(SITE))
    monkeypatch.syspath_prepend(str(HOSTILE))
    yield
    for name in [m for m in sys.modules if m.startswith(("paragraphs_testplugin", "hostile_"))]:
        del sys.modules[name]


def _problems(host) -> dict[str, str]:  # type: ignore[no-untyped-def]
    return {p.plugin: p.format() for p in host.problems}


def test_each_broken_plugin_is_reported_by_name_and_skipped(hostile_site):
    host = make_plugin_manager()
    found = _problems(host)
    assert "paragraphs_register_tittles" in found["typo"] and "did you mean paragraphs_register_titles" in found["typo"]
    assert "failed to import hostile_exits" in found["exits"] and "SystemExit" in found["exits"]
    assert "greedy" in host.titles() and "sample" in host.titles()  # the others work


def test_two_plugins_claiming_one_title_disable_it_naming_both_distributions(hostile_site):
    host = make_plugin_manager()
    assert "testplugin" not in host.titles()  # neither wins, whatever the names sort to
    (line,) = [p.format() for p in host.problems if "'testplugin'" in p.reason]
    assert "paragraphs-impostor 6.6.6" in line and "paragraphs-testplugin 0.3.0" in line and "disabled" in line
    with pytest.raises(PluginError, match="claimed by both"):
        make_plugin_manager(strict=True, blocked=["typo", "exits"])


def test_a_title_claimed_twice_is_refused_by_name_not_called_unknown(hostile_site, capsys, monkeypatch):
    # found by the third eyes pass: "read testplugin 1" said "unknown title 'testplugin'
    # (installed: ...)" after the warning, and "validate testplugin" that it is neither a
    # title nor a folder; the one error line now says why the title is not there
    monkeypatch.setenv("PARAGRAPHS_NO_CACHE", "1")
    for line in (["read", "testplugin", "1"], ["validate", "testplugin"], ["odds", "testplugin", "1"]):
        assert main(line) == 2
        err = capsys.readouterr().err
        assert err.splitlines() == [line for line in err.splitlines() if "warning" in line and "'testplugin'" not in line] + [
            "paragraphs: error: title 'testplugin' is not available: plugin aaa_impostor, testplugin: title 'testplugin' is claimed by both "
            "aaa_impostor (paragraphs-impostor 6.6.6) and testplugin (paragraphs-testplugin 0.3.0); it is disabled until one of them is removed"
        ], err


def test_without_the_impostor_the_real_title_is_back(hostile_site):
    host = make_plugin_manager(blocked=["aaa_impostor"])
    assert host.titles()["testplugin"].plugin.distribution == "paragraphs-testplugin"


def test_title_scoped_hooks_run_only_for_their_own_title(hostile_site):
    host = make_plugin_manager(blocked=["aaa_impostor"])
    engine = open_title("testplugin", host=host, use_cache=False)  # greedy's lint rule is not run
    state = engine.new_state()
    assert "hijacked" not in state.values  # greedy's set-up is for greedy only
    assert engine.resolve("1", state).status == "done"  # greedy's broken notification is not called
    assert "grab" not in engine.grammar.procedures
    mine = open_title("greedy", host=host, use_cache=False)
    assert mine.new_state().values["hijacked"] == "greedy" and "grab" in mine.grammar.procedures


def test_a_failing_runtime_hook_is_that_plugins_fault(hostile_site):
    host = make_plugin_manager(blocked=["aaa_impostor"])
    greedy = open_title("greedy", host=host, use_cache=False)
    with pytest.raises(PluginError, match=r"plugin greedy \(paragraphs-greedy 1.0\) failed in paragraphs_paragraph_entered for greedy: RuntimeError"):
        greedy.resolve("1")
    with pytest.raises(PluginError, match=r"plugin greedy .*paragraphs_initial_state for greedy returned list"):
        greedy.new_state(wrong=True)


class _BadRoller:
    __name__ = "bad-roller"

    @hookimpl
    def paragraphs_roll(self, die, purpose, title):
        return 99


def test_a_roll_hook_returning_no_face_is_named():
    host = make_plugin_manager(load_entrypoints=False, plugins=[_BadRoller()])
    engine = open_title("sample", host=host, use_cache=False)
    with pytest.raises(PluginError, match="bad-roller: paragraphs_roll for sample returned 99, which is not a face of d10"):
        engine.resolve("2", engine.new_state(), {"storm": 1})


def test_cli_keeps_working_around_every_broken_plugin(hostile_site, capsys):
    assert main(["titles", "--json"]) == 0
    out, err = capsys.readouterr()
    ids = [row["id"] for row in json.loads(out)]
    assert "greedy" in ids and "sample" in ids and "testplugin" not in ids
    for name in ("typo", "exits", "options", "readcmd"):
        assert f"plugin {name}" in err, err
    assert "command 'read' has the name of a core command; the core command is kept" in err
    assert "command 'explode' left out" in err and "no options today" in err
    assert "command 'clash' left out" in err and "--seed" in err


def test_the_core_command_wins_a_name_collision(hostile_site, capsys):
    assert main(["read", "sample", "2", "--answer", "storm=1", "--dice", "5,5", "--json"]) == 0  # not 99
    assert json.loads(capsys.readouterr().out)["trail"][0] == "2"


def test_version_and_help_do_not_depend_on_plugins(hostile_site, capsys):
    assert main(["--version"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("paragraphs ") and err == ""  # no plugin was even loaded
    assert "hostile_exits" not in sys.modules and "hostile_slow" not in sys.modules
    with pytest.raises(SystemExit) as stop:
        main(["--help"])
    assert stop.value.code == 0 and "validate" in capsys.readouterr().out


def test_titles_timings_name_every_plugin_with_its_import_time(hostile_site, capsys):
    assert main(["titles", "--timings", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    timed = {row["plugin"]: row for row in rows["plugins"]}
    assert {"slow", "greedy", "testplugin"} <= set(timed)
    assert timed["slow"]["distribution"] == "paragraphs-misbehaving"
    assert all(isinstance(row["import_ms"], (int, float)) and row["import_ms"] >= 0 for row in timed.values())


class _Unsafe:
    __name__ = "unsafe-title"

    @hookimpl
    def paragraphs_register_titles(self):
        yield Title(id="../escape", name="Escape", content=Path("."), package="x")


def test_a_title_id_that_is_not_a_plain_name_is_refused():
    host = make_plugin_manager(load_entrypoints=False, plugins=[_Unsafe()])
    assert "../escape" not in host.titles()
    assert "title id '../escape' may only use" in _problems(host)["unsafe-title"]


class _BrokenRule:
    __name__ = "broken-rule"

    @hookimpl
    def paragraphs_register_lint_rules(self):
        def rule(book, grammar):
            raise KeyError("oops")

        yield LintRule(id="BROKEN001", title=None, check=rule)


def test_a_lint_rule_that_raises_is_a_problem_not_a_traceback():
    from paragraphs.content import check_title

    host = make_plugin_manager(load_entrypoints=False, plugins=[_BrokenRule()])
    compiled = check_title(host, "sample")
    (problem,) = [p for p in compiled.problems if p.code == "PLUGIN001"]
    assert "BROKEN001" in problem.message and "raised KeyError" in problem.message and problem.pos.line > 0


def _text_rule(book, grammar):  # type: ignore[no-untyped-def]
    yield "paragraph 1 looks odd"  # the plugin's bug: a string, not a Problem


class _TextRule:
    __name__ = "text-rule"

    @hookimpl
    def paragraphs_register_lint_rules(self):  # type: ignore[no-untyped-def]
        yield LintRule(id="TEXT001", title=None, check=_text_rule)


def test_a_lint_rule_yielding_what_is_not_a_problem_is_a_problem_not_a_traceback(capsys, monkeypatch):
    # found by the third eyes pass: a lint rule yielding a string stopped validate, and
    # every command opening the title, with "AttributeError: 'str' object has no attribute 'pos'"
    from paragraphs.content import check_title

    host = make_plugin_manager(load_entrypoints=False, plugins=[_TextRule()])
    compiled = check_title(host, "sample")
    (problem,) = [p for p in compiled.problems if p.code == "PLUGIN001"]
    line = _text_rule.__code__.co_firstlineno
    assert problem.message == "lint rule 'TEXT001' yielded 'paragraph 1 looks odd' (str), not a paragraphs.problems.Problem"
    assert (problem.pos.path.endswith("test_plugin_isolation.py"), problem.pos.line) == (True, line)
    monkeypatch.setattr("paragraphs.plugins.make_plugin_manager", lambda **kw: host)
    monkeypatch.setenv("PARAGRAPHS_NO_CACHE", "1")  # as --no-cache would, undone after the test
    assert main(["validate", "sample"]) == 1
    assert "Traceback" not in capsys.readouterr().err
