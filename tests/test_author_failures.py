"""What a plugin author meets when something is wrong: located messages, never tracebacks.

Each test is one failure reported by an author writing a title plugin from the docs.
"""

from __future__ import annotations

import socket
import textwrap
import urllib.request

import pytest

from paragraphs.content import check_path
from paragraphs.plugins import make_plugin_manager
from paragraphs.records import CheckKind, Procedure, Title

VALUE = {"$ref": "https://paragraphs.dev/schemas/core/book.schema.json#/$defs/value"}


@pytest.fixture(autouse=True)
def _cache_switch_restored(monkeypatch):
    """``--no-cache`` sets PARAGRAPHS_NO_CACHE for the process; undo it after each test."""
    monkeypatch.setenv("PARAGRAPHS_NO_CACHE", "1")


def _spotting(ctx, spec):
    return "spotted" if ctx.roll("d6", spec["purpose"]) <= ctx.number(spec["range"]) else "unseen"


def _broken_patrol(ctx, strength):
    return ctx.roll("d6", "patrol") + "strength"  # the plugin's bug: a str added to an int


def _host(folder, spotting=_spotting, patrol=_broken_patrol, extra=()):
    """A host with an inline title plugin whose check kind's schema $refs the core by its $id."""
    from types import ModuleType

    from paragraphs import hookimpl

    @hookimpl
    def paragraphs_register_titles():
        yield Title(id="nightpatrol", name="Night Patrol", content=folder, package="paragraphs")

    @hookimpl
    def paragraphs_register_check_kinds():
        yield CheckKind(
            id="spotting",
            title="nightpatrol",
            resolve=spotting,
            outcomes=("spotted", "unseen"),
            schema={"type": "object", "required": ["range"], "properties": {"range": VALUE}, "additionalProperties": False},
        )

    @hookimpl
    def paragraphs_register_procedures():
        yield Procedure(id="patrol", title="nightpatrol", function=patrol, outcomes=("alarm", "quiet"))

    plugin = ModuleType("nightpatrol_hooks")
    for f in (paragraphs_register_titles, paragraphs_register_check_kinds, paragraphs_register_procedures):
        setattr(plugin, f.__name__, f)
    return make_plugin_manager(load_entrypoints=False, plugins=[("nightpatrol", plugin), *extra])


def _book(tmp_path, text):
    folder = tmp_path / "content"
    folder.mkdir(exist_ok=True)
    (folder / "book.yaml").write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return folder


BOOK = """
title: {id: nightpatrol, name: Night Patrol}
entry_points: [{paragraph: "1", source: start}]
paragraphs:
  - id: "1"
    steps:
      - check: {kind: spotting, purpose: the sentry looks, range: 3, spotted: [{goto: "2"}], unseen: [{goto: "3"}]}
  - id: "2"
    steps: [{say: "Caught."}]
  - id: "3"
    steps:
      - check: {kind: target, die: d6, target: 4, compare: at_or_undr, success: [{say: "In."}]}
      - procedure: {name: patrol, args: {strength: 2}}
"""


@pytest.fixture
def no_network(monkeypatch):
    """Any attempt to reach the network fails the test."""

    def refuse(*args, **kwargs):
        raise AssertionError("validation tried to reach the network")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(urllib.request, "urlopen", refuse)


def test_a_check_kind_schema_refs_the_core_by_id_offline(tmp_path, no_network):
    folder = _book(tmp_path, BOOK.replace("at_or_undr", "at_or_under"))
    compiled = check_path(_host(folder), folder)
    assert [p.format() for p in compiled.errors] == []
    bad = _book(tmp_path, BOOK.replace("range: 3,", "range: three,").replace("at_or_undr", "at_or_under"))
    (found,) = [p.format() for p in check_path(_host(bad), bad).errors]
    assert "book.yaml:6:67: SCHEMA001 'three' is not a number" in found


def test_an_unknown_comparison_is_a_located_error_with_a_suggestion(tmp_path, no_network):
    folder = _book(tmp_path, BOOK)
    found = [p.format() for p in check_path(_host(folder), folder).errors]
    assert any("book.yaml:11:60: SCHEMA001 unknown 'at_or_undr' (did you mean 'at_or_under'?)" in f for f in found), found


def test_every_error_of_a_record_is_reported_and_the_others_are_still_checked(tmp_path):
    folder = _book(
        tmp_path,
        BOOK.replace("at_or_undr", "at_or_under")
        .replace('steps: [{say: "Caught."}]', 'steps: [{sya: "Caught."}, {goto: "9"}, {say: 5}]')
        .replace('unseen: [{goto: "3"}]', 'unseen: [{goto: "3"}, {goto: "8"}]'),
    )
    found = [p.format() for p in check_path(_host(folder), folder).problems]
    # both schema errors of paragraph 2, not only the first
    assert any("book.yaml:8:14: SCHEMA001 unknown key 'sya' (did you mean 'say'?)" in f for f in found), found
    assert any("book.yaml:8:50: SCHEMA001 5 is not of type 'string'" in f for f in found), found
    # paragraph 2 is left out, yet paragraph 1 is still checked: its own dangling goto is found
    assert any("REF001 1 enters paragraph 8, which does not exist" in f for f in found), found
    # ...while the jump into the left-out paragraph 2 is not reported as dangling
    assert not any("paragraph 2, which does not exist" in f for f in found), found


def test_a_plugin_error_at_run_time_names_the_procedure_and_its_line(tmp_path, capsys, monkeypatch):
    import paragraphs
    from paragraphs.cli import main

    folder = _book(tmp_path, BOOK.replace("at_or_undr", "at_or_under"))
    host = _host(folder)
    engine = paragraphs.open_title("nightpatrol", host=host, use_cache=False)
    with pytest.raises(paragraphs.ResolutionError) as info:
        engine.resolve("3", dice=paragraphs.ScriptedDice([2, 5]))
    message = str(info.value)
    line = _broken_patrol.__code__.co_firstlineno + 1
    assert "nightpatrol 3: procedure 'patrol' raised TypeError" in message
    assert f"test_author_failures.py:{line}" in message
    monkeypatch.setattr("paragraphs.plugins.make_plugin_manager", lambda **kw: host)
    assert main(["read", "nightpatrol", "3", "--dice", "2,5", "--no-cache"]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("\n") == 1 and f"test_author_failures.py:{line}" in err
    assert main(["read", "nightpatrol", "3", "--dice", "2,5", "--no-cache", "--debug"]) == 1
    err = capsys.readouterr().err
    assert "Traceback (most recent call last)" in err and '+ "strength"' in err


def _spotting_misspelt(ctx, spec):
    return "spoted" if ctx.roll("d6", spec["purpose"]) <= ctx.number(spec["range"]) else "unseen"


def _patrol_misspelt(ctx, strength):
    return "alarm" if ctx.roll("d6", "patrol") <= strength else "quite"


def test_an_outcome_a_plugin_did_not_declare_is_its_error_not_a_silent_no_branch(tmp_path, capsys, monkeypatch):
    # found by the third eyes pass: a check kind returning "spoted" (declared: spotted,
    # unseen) or a procedure returning "quite" (declared: alarm, quiet) ran no branch at
    # all, without a word, in play and in exact odds
    import paragraphs
    from paragraphs.cli import main
    from paragraphs.odds import paragraph_odds, procedure_odds

    folder = _book(tmp_path, BOOK.replace("at_or_undr", "at_or_under"))
    host = _host(folder, spotting=_spotting_misspelt, patrol=_patrol_misspelt)
    engine = paragraphs.open_title("nightpatrol", host=host, use_cache=False)
    kind_line = _spotting_misspelt.__code__.co_firstlineno
    proc_line = _patrol_misspelt.__code__.co_firstlineno
    said = {  # who, then where its function starts, then what it returned
        "1": ("nightpatrol 1: check kind 'spotting' (", f"test_author_failures.py:{kind_line}) returned 'spoted', which is not one of its outcomes (spotted, unseen)"),
        "3": ("nightpatrol 3: procedure 'patrol' (", f"test_author_failures.py:{proc_line}) returned 'quite', which is not one of its outcomes (alarm, quiet)"),
    }
    for paragraph, dice in (("1", [1]), ("3", [6, 6])):
        who, what = said[paragraph]
        with pytest.raises(paragraphs.PluginError) as info:
            engine.resolve(paragraph, dice=paragraphs.ScriptedDice(dice))
        assert str(info.value).startswith(who) and str(info.value).endswith(what), str(info.value)
        with pytest.raises(paragraphs.PluginError) as info:
            paragraph_odds(engine, paragraph)
        assert str(info.value).startswith(who) and str(info.value).endswith(what), str(info.value)
    with pytest.raises(paragraphs.PluginError, match=r"^nightpatrol: procedure 'patrol' \(.*\) returned 'quite'"):
        procedure_odds(engine, "patrol", args={"strength": 2})
    monkeypatch.setattr("paragraphs.plugins.make_plugin_manager", lambda **kw: host)
    assert main(["read", "nightpatrol", "1", "--dice", "1", "--no-cache"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("paragraphs: error: " + said["1"][0]) and err.endswith(said["1"][1] + "\n") and err.count("\n") == 1, err


def test_context_value_evaluates_the_content_forms(tmp_path):
    import paragraphs
    from paragraphs.context import Context
    from paragraphs.engine import _PlayChooser

    folder = _book(tmp_path, BOOK.replace("at_or_undr", "at_or_under"))
    engine = paragraphs.open_title("nightpatrol", host=_host(folder), use_cache=False)
    state = engine.new_state()
    state.values["storm"] = 3
    state.add_counter("noise", 2, "test", "1")
    ctx = Context(engine, state, {"cover": 1}, _PlayChooser(engine, paragraphs.ScriptedDice([])))
    assert ctx.value({"counter": "noise"}) == 2
    assert ctx.value({"value": "storm"}) == 3
    assert ctx.value({"sum": [1, {"value": "storm"}, {"counter": "noise"}]}) == 6
    assert ctx.value({"ask": {"key": "cover", "min": 0, "max": 3}}) == 1
    assert ctx.number({"ask": {"key": "cover", "min": 0, "max": 3}}) == 1
    assert ctx.value(7) == 7 and ctx.value("text") == "text"
    with pytest.raises(paragraphs.ResolutionError, match=r"cannot read a value from a mapping with keys countr"):
        ctx.value({"countr": "noise"})
    with pytest.raises(paragraphs.ParagraphsError, match=r"unknown answer key 'nope'"):
        ctx.value({"ask": "nope"})


def test_randomtest_lists_the_branches_never_taken_and_replays_by_title_id(tmp_path):
    import paragraphs
    from paragraphs.randomtest import random_test

    folder = _book(tmp_path, BOOK.replace("at_or_undr", "at_or_under"))
    engine = paragraphs.open_title("nightpatrol", host=_host(folder), use_cache=False)
    report = random_test(engine, runs=1, seed=1, steps=1)  # one run: one branch of paragraph 1 only
    text = report.format()
    failing = random_test(engine, runs=10, seed=1, steps=1)  # paragraph 3's procedure has a bug
    assert failing.failures and "replay: paragraphs read nightpatrol 1 --seed" in failing.format()
    missed = report.unseen_branches
    assert missed and all(par in engine.book.paragraphs for par, _, _ in missed)
    assert "branches never taken:" in text and f"{missed[0][1]}: {missed[0][2]} (paragraph {missed[0][0]})" in text
    assert report.to_json()["unseen_branches"][0] == {"paragraph": missed[0][0], "at": missed[0][1], "branch": missed[0][2]}
    assert len(missed) == report.branches_total - len(report.branches_seen)


def test_validate_names_a_title_whose_plugin_failed_instead_of_a_folder(tmp_path, capsys, monkeypatch):
    from types import ModuleType

    from paragraphs import hookimpl
    from paragraphs.cli import main

    @hookimpl
    def paragraphs_register_titles():
        raise RuntimeError("the plugin's own bug")

    broken = ModuleType("nightpatrol_hooks")
    broken.paragraphs_register_titles = paragraphs_register_titles  # type: ignore[attr-defined]
    host = make_plugin_manager(load_entrypoints=False, plugins=[("nightpatrol", broken)])
    assert host.problems
    monkeypatch.setattr("paragraphs.plugins.make_plugin_manager", lambda **kw: host)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "nightpatrol").mkdir()  # a folder of the same name must not be validated instead
    code = main(["validate", "nightpatrol"])
    err = capsys.readouterr().err
    assert code == 2 and "title 'nightpatrol' is not available: plugin nightpatrol skipped: RuntimeError: the plugin's own bug" in err
    assert err.count("plugin nightpatrol skipped") == 1, err  # the error says it: no warning before it


def test_a_plugin_error_under_exact_odds_names_the_procedure_and_its_line(tmp_path):
    import paragraphs
    from paragraphs.odds import paragraph_odds, procedure_odds

    folder = _book(tmp_path, BOOK.replace("at_or_undr", "at_or_under"))
    engine = paragraphs.open_title("nightpatrol", host=_host(folder), use_cache=False)
    with pytest.raises(paragraphs.ResolutionError) as info:
        paragraph_odds(engine, "3")
    line = _broken_patrol.__code__.co_firstlineno + 1
    assert "procedure 'patrol' raised TypeError" in str(info.value) and f"test_author_failures.py:{line}" in str(info.value)
    # the odds of the procedure alone: no paragraph to name (it said "nightpatrol : procedure")
    with pytest.raises(paragraphs.ResolutionError, match=r"^nightpatrol: procedure 'patrol' raised TypeError"):
        procedure_odds(engine, "patrol", args={"strength": 2})


def test_an_error_in_a_plugin_hook_names_the_hook_and_its_line(tmp_path):
    from types import ModuleType

    import paragraphs
    from paragraphs import hookimpl

    @hookimpl
    def paragraphs_paragraph_entered(paragraph, state, title):
        return 1 / 0  # the plugin's bug

    folder = _book(tmp_path, BOOK.replace("at_or_undr", "at_or_under"))
    host = _host(folder)
    module = ModuleType("watcher_hooks")
    module.paragraphs_paragraph_entered = paragraphs_paragraph_entered  # type: ignore[attr-defined]
    host.pm.register(module, name="watcher")
    engine = paragraphs.open_title("nightpatrol", host=host, use_cache=False)
    # The host reports a runtime hook's failure as that plugin's fault (issue 10.5),
    # placed at the hook's line (issue 12.4).
    with pytest.raises(paragraphs.PluginError) as info:
        engine.resolve("2")
    line = paragraphs_paragraph_entered.__code__.co_firstlineno + 2
    assert "hook paragraphs_paragraph_entered" in str(info.value) and f"test_author_failures.py:{line}" in str(info.value), str(info.value)


def test_a_title_whose_content_folder_is_missing_or_empty_is_an_error_not_an_empty_book(tmp_path, monkeypatch):
    # found by the eyes pass: Title(content=files(__package__) / "contnet") validated as
    # "ok: 0 paragraphs, 0 errors"
    from paragraphs.content import check_title

    for folder in (tmp_path / "contnet", tmp_path / "empty"):
        if folder.name == "empty":
            folder.mkdir()
        (found,) = [p.format() for p in check_title(_host(folder), "nightpatrol").errors]
        assert "test_author_failures.py:" in found and " TITLE001 title 'nightpatrol' has no content: no *.yaml file below " in found, found
        assert str(folder) in found
    # third eyes pass: Title(content="content"), a relative folder, is read from wherever
    # the command runs; the error says so and what to write instead
    monkeypatch.chdir(tmp_path)
    (found,) = [p.format() for p in check_title(_host("content"), "nightpatrol").errors]
    assert found.endswith("no *.yaml file below content (the content folder its Title record names; a relative "
                          "folder is read from the working folder: give files(__package__) / \"content\")"), found


def test_content_naming_another_title_than_its_plugin_registers_says_so(tmp_path):
    # found by the eyes pass: Title(id="nightpatro1") over content whose title record is
    # nightpatrol only said "unknown check kind 'spotting'" (registered for the plugin's id)
    from paragraphs.content import check_title

    folder = _book(tmp_path, BOOK.replace("at_or_undr", "at_or_under").replace("title: {id: nightpatrol,", "title: {id: nightpatro1,"))
    found = [p.format() for p in check_title(_host(folder), "nightpatrol").errors]
    assert any(
        "book.yaml:1:" in f and " TITLE002 the content's title record is 'nightpatro1', but its plugin registers the title as 'nightpatrol'" in f for f in found
    ), found


def test_a_check_kind_schema_that_is_not_a_json_schema_is_reported_at_its_hook(tmp_path):
    # found by the eyes pass: "required": "range" (a string, not a list) gave one nonsense
    # error per letter: "'r' is a required property", "'a' is a required property"...
    from dataclasses import replace

    folder = _book(tmp_path, BOOK.replace("at_or_undr", "at_or_under"))
    host = _host(folder)
    kinds = host._records["paragraphs_register_check_kinds"]
    kinds[:] = [(plugin, replace(k, schema={**k.schema, "required": "range"}) if k.id == "spotting" else k) for plugin, k in kinds]
    found = [p.format() for p in check_path(host, folder).errors]
    assert len(found) == 1 and "test_author_failures.py:" in found[0], found
    assert " SCHEMA003 check kind 'spotting': its schema is not a valid JSON Schema: 'range' is not of type 'array' (at required)" in found[0], found


def test_procedure_arguments_that_its_function_does_not_take_are_found_by_validate(tmp_path):
    # found by the eyes pass: args {wind: 2} for def weather(ctx, wnd) validated clean and
    # failed only in play, as "code raised TypeError: weather() got an unexpected keyword
    # argument 'wind'", naming neither the procedure nor the step
    wrong = BOOK.replace("at_or_undr", "at_or_under").replace("args: {strength: 2}", "args: {strenght: 2}")
    folder = _book(tmp_path, wrong)
    found = [p.format() for p in check_path(_host(folder), folder).errors]
    assert [f.split("book.yaml:")[1] for f in found] == [
        "12:9: PROC003 procedure patrol: missing argument 'strength' (it takes: strength)",
        "12:9: PROC003 procedure patrol: unexpected argument 'strenght' (it takes: strength)",
    ]
    folder = _book(tmp_path, wrong.replace("args: {strenght: 2}", "args: {}"))
    found = [p.format() for p in check_path(_host(folder), folder).errors]
    assert len(found) == 1 and "book.yaml:12:9: PROC003 procedure patrol: missing argument 'strength' (it takes: strength)" in found[0], found


def test_a_kind_registered_for_another_title_id_says_so(tmp_path):
    # found by the eyes pass: CheckKind(title="wtch") (a typo of the plugin's own title id)
    # left only "unknown check kind 'listen' (known: opposed, target)", which points nowhere
    from dataclasses import replace

    folder = _book(tmp_path, BOOK.replace("at_or_undr", "at_or_under"))
    host = _host(folder)
    for hook, rid in (("paragraphs_register_check_kinds", "spotting"), ("paragraphs_register_procedures", "patrol")):
        kept = host._records[hook]
        kept[:] = [(plugin, replace(r, title="nightpatro1") if r.id == rid else r) for plugin, r in kept]
    found = [p.format() for p in check_path(host, folder).errors]
    assert any("CHECK001 unknown check kind 'spotting'" in f and "plugin nightpatrol registers check kind 'spotting' for title 'nightpatro1', not 'nightpatrol'" in f for f in found), found
    assert any("PROC001 unknown procedure 'patrol'" in f and "plugin nightpatrol registers procedure 'patrol' for title 'nightpatro1', not 'nightpatrol'" in f for f in found), found


def test_the_registered_elsewhere_hint_is_built_from_the_grammar_not_from_message_text(tmp_path):
    # the hint used to be recovered by parsing the problem's message; the grammar now
    # carries what plugins register for other title ids, and the compiler and the schema's
    # enums (the two places raising CHECK001 and PROC001) build the hint from it
    from dataclasses import replace

    from paragraphs.foundation.problems import SourcePos
    from paragraphs.pipeline.compiler import Compiler
    from paragraphs.pipeline.grammar import grammar_for

    folder = _book(tmp_path, BOOK.replace("at_or_undr", "at_or_under"))
    host = _host(folder)
    kept = host._records["paragraphs_register_check_kinds"]
    kept[:] = [(plugin, replace(r, title="nightpatro1") if r.id == "spotting" else r) for plugin, r in kept]
    grammar = grammar_for(host, "nightpatrol")
    assert "spotting" not in grammar.checks and grammar.elsewhere["CHECK001"]["spotting"] == (("nightpatrol", "nightpatro1"),)
    assert "patrol" not in grammar.elsewhere["PROC001"]  # registered for this title: never unknown
    hint = " (plugin nightpatrol registers check kind 'spotting' for title 'nightpatro1', not 'nightpatrol')"
    assert grammar.registered_elsewhere("CHECK001", "spotting", "nightpatrol") == hint
    assert grammar.registered_elsewhere("CHECK001", "spotting", "nightpatro1") == ""  # its own title: no hint
    assert grammar.registered_elsewhere("CHECK001", "listen", "nightpatrol") == ""
    # the compiler's own CHECK001 and PROC001 (content the schema let through) carry it too
    compiler = Compiler("nightpatrol", {}, {}, {}, set(), {}, elsewhere=lambda code, rid: f" (elsewhere: {code} {rid})")
    compiler.paragraph({"id": "1", "steps": [{"check": {"kind": "spotting"}}, {"procedure": "patrol"}]}, (), lambda path: SourcePos("b.yaml", 1, 1))
    assert [p.message for p in compiler.problems] == [
        "unknown check kind 'spotting' (known: ) (elsewhere: CHECK001 spotting)",
        "unknown procedure 'patrol' (elsewhere: PROC001 patrol)",
    ]


def test_an_unknown_table_suggests_the_near_one_and_lists_the_tables(tmp_path):
    # found by the third eyes pass: "roll uses table 'lot', which does not exist", with no
    # hint, where every other unknown id says "did you mean" and what is known
    text = BOOK.replace("at_or_undr", "at_or_under") + """
tables:
  - {id: loot, name: Loot, die: d6, rows: [{range: "1-3", result: nothing}, {range: "4-6", result: papers}]}
"""
    text = text.replace('steps: [{say: "Caught."}]', 'steps: [{roll: {die: d6, table: lot, store: loot}}]')
    folder = _book(tmp_path, text)
    (found,) = [p.format() for p in check_path(_host(folder), folder).errors]
    assert found.endswith("TABLE001 roll uses table 'lot', which does not exist (did you mean 'loot'?) (tables: loot)"), found


def test_a_hook_function_without_hookimpl_is_named_not_silently_ignored(tmp_path):
    # found by the third eyes pass: a plugin whose paragraphs_register_titles lacked
    # @hookimpl registered nothing, with no word: "titles" left it out and "validate
    # nightpatrol" said it was not an installed title, pointing at a folder instead
    from types import ModuleType

    def paragraphs_register_titles():  # the author forgot @hookimpl
        yield Title(id="nightpatrol", name="Night Patrol", content=tmp_path, package="paragraphs")

    plugin = ModuleType("nightpatrol_hooks")
    plugin.paragraphs_register_titles = paragraphs_register_titles  # type: ignore[attr-defined]
    host = make_plugin_manager(load_entrypoints=False, plugins=[("nightpatrol", plugin)])
    line = paragraphs_register_titles.__code__.co_firstlineno
    assert [p.format() for p in host.problems] == [
        "plugin nightpatrol skipped: paragraphs_register_titles is not marked with @hookimpl "
        f"(from paragraphs import hookimpl), so it is never called (tests/test_author_failures.py:{line})"
    ]


def test_a_misspelt_outcome_is_found_even_when_the_kind_allows_other_keys(tmp_path):
    # found by the third eyes pass: a check kind whose schema does not set
    # additionalProperties: false took `unsen:` as one of its own keys, silently; the
    # branch never ran and validate said only that paragraph 3 cannot be reached
    from types import ModuleType

    from paragraphs import hookimpl

    folder = _book(tmp_path, BOOK.replace("at_or_undr", "at_or_under").replace('unseen: [{goto: "3"}]', 'unsen: [{goto: "3"}]'))

    @hookimpl
    def paragraphs_register_titles():
        yield Title(id="nightpatrol", name="Night Patrol", content=folder, package="paragraphs")

    @hookimpl
    def paragraphs_register_check_kinds():
        yield CheckKind(id="spotting", title="nightpatrol", resolve=_spotting, outcomes=("spotted", "unseen"),
                        schema={"type": "object", "properties": {"range": VALUE}})  # other keys allowed

    @hookimpl
    def paragraphs_register_procedures():
        yield Procedure(id="patrol", title="nightpatrol", function=_broken_patrol, outcomes=("alarm", "quiet"))

    plugin = ModuleType("nightpatrol_hooks")
    for f in (paragraphs_register_titles, paragraphs_register_check_kinds, paragraphs_register_procedures):
        setattr(plugin, f.__name__, f)
    host = make_plugin_manager(load_entrypoints=False, plugins=[("nightpatrol", plugin)])
    problems = check_path(host, folder).problems
    found = [p.format() for p in problems]
    assert any(f.endswith("book.yaml:6:101: CHECK004 spotting check: key 'unsen' is not in its kind's schema and is close to "
                          "its outcome 'unseen': a misspelt outcome never runs") for f in found), found
    assert [p.severity.name for p in problems if p.code == "CHECK004"] == ["WARNING"]


def test_a_table_in_content_and_in_code_is_an_error_not_a_silent_choice(tmp_path):
    # found by the third eyes pass: a table 'loot' given in content and yielded by
    # paragraphs_register_tables validated clean; the content's was used and the code's
    # silently lost (collisions are errors: neither wins without a word)
    from types import ModuleType

    from paragraphs import hookimpl
    from paragraphs.records import TableRow, Table, UnitType

    text = BOOK.replace("at_or_undr", "at_or_under") + """
tables:
  - {id: loot, name: Loot, die: d6, rows: [{range: "1-6", result: papers}]}
units:
  - {id: sentry, name: Sentry}
"""
    folder = _book(tmp_path, text)

    @hookimpl
    def paragraphs_register_tables():
        yield Table(id="loot", title="nightpatrol", name="Loot", die="d6", rows=(TableRow(low=1, high=6, result="gold"),))

    @hookimpl
    def paragraphs_register_units():
        yield UnitType(id="sentry", title="nightpatrol", name="Sentry", factors={})

    plugin = ModuleType("nightpatrol_tables")
    plugin.paragraphs_register_tables = paragraphs_register_tables  # type: ignore[attr-defined]
    plugin.paragraphs_register_units = paragraphs_register_units  # type: ignore[attr-defined]
    host = _host(folder, extra=[("nightpatrol_tables", plugin)])
    assert not host.problems, host.problems
    from paragraphs.content import check_title

    found = [p.format() for p in check_title(host, "nightpatrol").errors]
    assert [f.split("book.yaml:", 1)[1] for f in found] == [
        "15:5: ID001 table 'loot' is given here and also registered in code (paragraphs_register_tables): give it in one place",
        "17:5: ID001 unit 'sentry' is given here and also registered in code (paragraphs_register_units): give it in one place",
    ], found


def test_a_title_package_without_its_entry_point_is_pointed_at(tmp_path, capsys, monkeypatch):
    # found by the third eyes pass: an author who forgot [project.entry-points.paragraphs]
    # was told "'nightpatrol' is not an installed title; to validate the folder, write
    # nightpatrol/" (his project folder), with no word of the entry point
    from paragraphs.cli import main

    (tmp_path / "site" / "paragraphs_nightpatrol").mkdir(parents=True)
    (tmp_path / "site" / "paragraphs_nightpatrol" / "__init__.py").write_text("")
    (tmp_path / "nightpatrol").mkdir()  # the author's project folder, beside him
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    monkeypatch.chdir(tmp_path)
    host = make_plugin_manager(load_entrypoints=False)
    monkeypatch.setattr("paragraphs.plugins.make_plugin_manager", lambda **kw: host)
    hint = ("(a package paragraphs_nightpatrol is installed, but no `paragraphs` entry point names it: "
            "declare one under [project.entry-points.paragraphs] in its pyproject.toml and install it again)")
    for line in (["read", "nightpatrol", "1"], ["validate", "nightpatrol"]):
        assert main(line) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.rstrip().endswith(hint), err


def _patrol_without_context(strength):  # the author's mistake: no ctx first
    return "quiet"


def test_a_procedure_without_its_context_parameter_is_told_so(tmp_path):
    # found by the third eyes pass: def patrol(strength) with args {strength: 2} said
    # "unexpected argument 'strength' (it takes: no argument)", though it plainly takes it
    folder = _book(tmp_path, BOOK.replace("at_or_undr", "at_or_under"))
    found = [p.format() for p in check_path(_host(folder, patrol=_patrol_without_context), folder).errors]
    assert [f.split("book.yaml:")[1] for f in found] == [
        "12:9: PROC003 procedure patrol: unexpected argument 'strength' (it takes: no argument; its first parameter, "
        "'strength', receives the context: write def _patrol_without_context(ctx, strength))",
    ], found


def test_exact_chances_of_an_outcome_a_kind_did_not_declare_are_its_error(tmp_path):
    # third eyes pass, as for resolve: a kind's `chances` giving 'spoted' made exact odds
    # show a branch no content can take
    from fractions import Fraction
    from types import ModuleType

    import paragraphs
    from paragraphs import hookimpl
    from paragraphs.odds import paragraph_odds

    folder = _book(tmp_path, BOOK.replace("at_or_undr", "at_or_under"))

    def chances(ctx, spec):
        return {"spoted": Fraction(1, 2), "unseen": Fraction(1, 2)}

    @hookimpl
    def paragraphs_register_titles():
        yield Title(id="nightpatrol", name="Night Patrol", content=folder, package="paragraphs")

    @hookimpl
    def paragraphs_register_check_kinds():
        yield CheckKind(id="spotting", title="nightpatrol", resolve=_spotting, outcomes=("spotted", "unseen"), chances=chances,
                        schema={"type": "object", "properties": {"range": VALUE}, "additionalProperties": False})

    @hookimpl
    def paragraphs_register_procedures():
        yield Procedure(id="patrol", title="nightpatrol", function=lambda ctx, strength: "quiet", outcomes=("alarm", "quiet"))

    plugin = ModuleType("nightpatrol_hooks")
    for f in (paragraphs_register_titles, paragraphs_register_check_kinds, paragraphs_register_procedures):
        setattr(plugin, f.__name__, f)
    engine = paragraphs.open_title("nightpatrol", host=make_plugin_manager(load_entrypoints=False, plugins=[("nightpatrol", plugin)]), use_cache=False)
    with pytest.raises(paragraphs.PluginError) as info:
        paragraph_odds(engine, "1")
    line = chances.__code__.co_firstlineno
    assert str(info.value).startswith("nightpatrol 1: check kind 'spotting' (") and str(info.value).endswith(
        f"test_author_failures.py:{line}) returned 'spoted', which is not one of its outcomes (spotted, unseen)"), str(info.value)
