"""The editor schemas in schemas/ are current, and the pytest plugin's fixtures work."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from paragraphs.cli import main
from paragraphs.plugins import make_plugin_manager
from paragraphs.testing import assert_state, assert_trail

ROOT = Path(__file__).resolve().parents[1]


def test_the_committed_title_schemas_are_current(tmp_path, capsys):
    host = make_plugin_manager()
    titles = [t for t in host.titles() if (ROOT / "schemas" / t / "book.schema.json").exists()]
    assert "sample" in titles
    assert main(["schemas", str(tmp_path), *titles]) == 0
    capsys.readouterr()
    for title in titles:
        fresh = json.loads((tmp_path / title / "book.schema.json").read_text())
        committed = json.loads((ROOT / "schemas" / title / "book.schema.json").read_text())
        assert fresh == committed, f"schemas/{title}/book.schema.json is stale: run `paragraphs schemas schemas`"


def test_the_committed_schemas_a_title_registers_are_current(tmp_path, capsys):
    # `schemas` writes a title's registered schemas (collections, a raid board file) too
    host = make_plugin_manager()
    titles = [t for t in host.titles() if (ROOT / "schemas" / t).is_dir()]
    assert main(["schemas", str(tmp_path), *titles]) == 0
    written = capsys.readouterr().out
    assert f"{tmp_path / 'bruneval' / 'board.schema.json'}" in written
    for path in sorted(tmp_path.glob("*/*.schema.json")):
        committed = ROOT / "schemas" / path.parent.name / path.name
        assert committed.exists(), f"{committed} is not committed: run `paragraphs schemas schemas`"
        assert json.loads(path.read_text()) == json.loads(committed.read_text()), f"{committed} is stale: run `paragraphs schemas schemas`"


def test_a_content_file_validates_against_its_editor_schema():
    from paragraphs.validation import make_validator
    from paragraphs.yamlread import read_yaml

    schema = json.loads((ROOT / "schemas" / "sample" / "book.schema.json").read_text())
    validator = make_validator(schema)
    for path in sorted((ROOT / "content" / "sample").glob("*.yaml")):
        doc = read_yaml(path.read_text(), str(path))
        assert list(validator.iter_errors(doc.data)) == [], path
    bad = {"paragraphs": [{"id": "1", "steps": [{"shout": "no such step"}]}]}
    assert list(validator.iter_errors(bad))


def test_the_pytest_plugin_fixtures(make_engine, scripted, paragraphs_host):
    assert "sample" in paragraphs_host.titles()
    engine = make_engine("sample", dice=[3, 4])
    state = engine.new_state()
    result = engine.resolve("8", state, dice=scripted(1))
    assert result.status in ("done", "needs_answers")
    with pytest.raises(AssertionError):
        assert_trail(result, ["nowhere"])
    assert_state(result.state if result.status == "done" else state, retired=result.state.retired)


def test_a_golden_playthrough_with_a_misspelt_key_fails_instead_of_checking_nothing(make_engine):
    # found by the third eyes pass: `expect: {counterz: {noise: 1}}` (or `dics:` for the
    # dice) passed, the expectation never checked, so a golden test proved nothing
    from paragraphs.testing import run_playthrough

    engine = make_engine("sample")
    good = {"read": "2", "dice": [9], "answers": {"storm": 1}, "expect": {"status": "done"}}
    cases = [
        ({"steps": [{**good, "expect": {"counterz": {"oil": 3}}}]}, r"^step 1 \(2\): unknown key 'counterz' in expect \(did you mean 'counters'\?\)"),
        ({"steps": [{**{k: v for k, v in good.items() if k != "dice"}, "dics": [9]}]}, r"^step 1 \(2\): unknown key 'dics' \(did you mean 'dice'\?\)"),
        ({"name": "x", "step": [good]}, r"^unknown key 'step' in the playthrough \(did you mean 'steps'\?\)"),
        ({"steps": [{"dice": [9]}]}, r"^step 1: neither `read` nor `event`"),
    ]
    for script, message in cases:
        with pytest.raises(AssertionError, match=message):
            run_playthrough(engine, script)


def test_the_rule_reference_hides_paragraph_text_unless_asked(tmp_path):
    import xml.dom.minidom

    from paragraphs.docgen import all_pages

    host = make_plugin_manager()
    hidden = all_pages(host, titles=["sample"])
    shown = all_pages(host, titles=["sample"], spoilers=True)
    from paragraphs.api import open_title

    book = open_title("sample", host=host).book
    some_text = next(s.text for p in book.paragraphs.values() for s in p.steps if hasattr(s, "text") and len(s.text) > 30)
    assert some_text[:30] not in "".join(hidden.values())
    assert some_text[:30] in shown["rules/sample/paragraphs.md"]
    svg = xml.dom.minidom.parseString(hidden["rules/sample/graph.svg"])
    assert svg.getElementsByTagName("circle")
    assert "## `paragraphs_roll`" in hidden["reference/hooks.md"]
    assert "## `open_title`" in hidden["reference/api.md"]
    assert "| `see` |" in hidden["reference/content-format.md"]
