"""The reference pages answer an author's questions and cannot drift from the code."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from paragraphs import records
from paragraphs.docgen import api_reference, content_format, hook_reference
from paragraphs.problem_codes import problem_codes

ROOT = Path(__file__).resolve().parents[1]
CODE = re.compile(r"""["']([A-Z]{2,}[0-9]{3})["']""")


def test_every_code_the_core_can_report_is_in_the_problem_code_table():
    emitted = {}
    for path in sorted((ROOT / "paragraphs").rglob("*.py")):
        for code in CODE.findall(path.read_text(encoding="utf-8")):
            emitted.setdefault(code, path.relative_to(ROOT))
    assert {"SCHEMA001", "YAML001", "CHECK001", "CHECK003", "QUESTION002", "PROC001", "PLUGIN001"} <= set(emitted)
    table = problem_codes()
    missing = {code: str(where) for code, where in emitted.items() if code not in table}
    assert not missing, f"add these codes to paragraphs/pipeline/problem_codes.py (or the table in pipeline/lint.py): {missing}"
    page = content_format()
    assert all(f"| `{code}` |" in page for code in table)


def test_the_api_reference_documents_every_record_with_its_fields():
    page = api_reference()
    for name, cls in vars(records).items():
        if isinstance(cls, type) and dataclasses.is_dataclass(cls) and cls.__module__ == records.__name__:
            assert f"## class `paragraphs.records.{name}`" in page
            for f in dataclasses.fields(cls):
                assert f"| `{f.name}` |" in page, (name, f.name)
    for name in ("Context", "RollRecord", "Instruction", "Resolution"):
        assert re.search(rf"## class `paragraphs\.\w+\.{name}`|## class `{name}`", page), name
    assert "### `paragraphs.context.Context.value`" in page and '{"counter": "noise"}' in page


@pytest.mark.parametrize("page", [api_reference, hook_reference, content_format], ids=lambda f: f.__name__)
def test_no_sphinx_role_is_left_unrendered(page):
    text = page()
    assert not re.search(r":(class|func|meth|data|mod|attr|exc):`", text), re.search(r".{40}:(class|func|meth|data|mod|attr|exc):`.{40}", text)


def test_the_content_format_answers_the_title_record_and_the_checks():
    page = content_format()
    assert "## The title record" in page and "| `uses` |" in page and "| `dice` |" in page
    assert "| `target` |" in page and "`at_or_under`" in page and "`exact`" in page and "| `opposed` |" in page


FILE_BLOCK = re.compile(r"<!-- file: (?P<path>[^ ]+) -->\n```\w*\n(?P<body>.*?)```\n", re.S)


def test_the_plugin_guides_show_the_tested_example_plugin_as_it_is():
    """The guides are plain Markdown (readable in the repository) with the example inline."""
    guide = "".join((ROOT / "docs" / name).read_text(encoding="utf-8") for name in ("writing-a-plugin.md", "testing-a-plugin.md"))
    assert "{{ include" not in guide
    blocks = list(FILE_BLOCK.finditer(guide))
    shown = {b["path"] for b in blocks}
    plugin = ROOT / "tests" / "data" / "testplugin"
    expected = {
        str(p.relative_to(ROOT))
        for p in plugin.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix in (".py", ".toml", ".yaml") and p.name not in ("__init__.py", "conftest.py")
    }
    assert shown == expected, f"the guide must show exactly the example plugin's files: {sorted(expected ^ shown)}"
    for block in blocks:
        actual = (ROOT / block["path"]).read_text(encoding="utf-8")
        assert block["body"] == actual, f"the guide shows an old {block['path']}: copy the file into it"


def test_the_mkdocs_plugin_names_an_unknown_title_in_one_line():
    # found by the third eyes pass: `titles: [nightrade]` in an author's mkdocs.yml ended
    # `mkdocs build` with a traceback through the plugin; MkDocs says a PluginError in one line
    from mkdocs.exceptions import PluginError
    from mkdocs.structure.files import Files

    from paragraphs.docs.mkdocs_plugin import RuleReferencePlugin

    plugin = RuleReferencePlugin()
    assert plugin.load_config({"titles": ["nightrade"]}) == ([], [])
    with pytest.raises(PluginError, match=r"^paragraphs-reference: unknown title 'nightrade' \(installed: "):
        plugin.on_files(Files([]), {})
