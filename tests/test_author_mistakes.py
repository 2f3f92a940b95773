"""Twenty typical mistakes of a title author, made in a copy of the example plugin.

Each mistake is applied alone, then all of them together: every one is reported at its
own place (``file:line`` of the content, or of the plugin's Python code), with no
traceback, and all of them come out of one ``validate`` run.
"""

from __future__ import annotations

import importlib
import importlib.util
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from paragraphs.cli import main
from paragraphs.plugins import make_plugin_manager

PLUGIN = Path(__file__).parent / "data" / "testplugin" / "paragraphs_testplugin"


@pytest.fixture(autouse=True)
def _cache_switch_restored(monkeypatch):
    """``--no-cache`` sets PARAGRAPHS_NO_CACHE for the process; undo it after each test."""
    monkeypatch.setenv("PARAGRAPHS_NO_CACHE", "1")


@dataclass(frozen=True)
class Mistake:
    name: str
    file: str  # relative to the package: content/book.yaml, hooks.py
    old: str
    new: str
    code: str
    says: str  # a fragment of the message
    at: str = ""  # a fragment of the line it is reported at (default: the changed line)


MISTAKES = [
    Mistake("misspelt top-level key", "content/escape.yaml", "paragraphs:", "paragrahps:", "SCHEMA001", "did you mean 'paragraphs'"),
    Mistake("misspelt title key", "content/book.yaml", "  sightings:", "  sightngs:", "SCHEMA001", "did you mean 'sightings'"),
    Mistake("misspelt paragraph key", "content/book.yaml", 'steps: [{say: "You found', 'step: [{say: "You found', "SCHEMA001", "did you mean 'steps'"),
    Mistake("misspelt step", "content/book.yaml", '- say: "You creep', '- sya: "You creep', "SCHEMA001", "did you mean 'say'"),
    Mistake("misspelt check outcome", "content/book.yaml", "spotted: [{mark_sighting: seen}, {goto: \"5\"}]\n  - id: \"4\"", "spoted: [{mark_sighting: seen}, {goto: \"5\"}]\n  - id: \"4\"", "CHECK003", "did you mean 'spotted'"),
    Mistake("misspelt procedure outcome", "content/book.yaml", "alarm: [{counter", "alarn: [{counter", "PROC002", "did you mean 'alarm'"),
    Mistake("a word for a number", "content/book.yaml", "target: 6", "target: six", "SCHEMA001", "'six' is not a number"),
    Mistake("bad comparison", "content/book.yaml", "compare: at_or_under", "compare: at_or_undr", "SCHEMA001", "did you mean 'at_or_under'"),
    Mistake("dangling see", "content/book.yaml", 'odd: [{see: "2"}]', 'odd: [{see: "22"}]', "REF001", "paragraph 22, which does not exist"),
    Mistake("sighting never set", "content/book.yaml", "test: {sighting: seen}", "test: {sighting: sen}", "SIGHT002", "sighting sen is tested but never set", at="- if:"),
    Mistake("uncovered die range", "content/book.yaml", '"3-6": [{goto: "7"}]', '"4-6": [{goto: "7"}]', "DICE001", "no row covers 3", at="- roll:\n          die: d6\n          purpose: run for it"),
    Mistake("unknown check kind", "content/book.yaml", "kind: stealth\n          purpose: crawl", "kind: stelth\n          purpose: crawl", "CHECK001", "did you mean 'stealth'"),
    Mistake("unknown procedure", "content/book.yaml", "name: coin", "name: coinn", "PROC001", "did you mean 'coin'"),
    Mistake("a word for a check kind's number", "content/book.yaml", "alertness: 7", "alertness: high", "SCHEMA001", "'high' is not a number"),
    Mistake("misspelt check kind key", "content/book.yaml", "cover: {ask: cover}", "covr: {ask: cover}", "CHECK003", "did you mean 'cover'"),
    Mistake("misspelt question type", "content/book.yaml", "type: integer, min: 0", "type: integr, min: 0", "SCHEMA001", "did you mean 'integer'"),
    Mistake("entry point to nowhere", "content/book.yaml", '{paragraph: "3", source', '{paragraph: "33", source', "REF004", "paragraph 33, which does not exist"),
    Mistake("a number where a name goes", "content/book.yaml", "add: 1}", "add: one}", "SCHEMA001", "'one' is not of type 'integer'"),
    Mistake(
        "schema $ref to a schema nobody registered",
        "hooks.py",
        '"cover": VALUE},',
        '"cover": {"$ref": "https://paragraphs.dev/schemas/core/cover.schema.json"}},',
        "SCHEMA002",
        "cover.schema.json, which is not a registered schema",
        at="@hookimpl\ndef paragraphs_register_check_kinds",  # the hook that registered the kind
    ),
    Mistake("exception in a lint rule", "hooks.py", "in book.paragraphs.values():", "in book.paragraphs.values() + 1:", "PLUGIN001", "lint rule 'TP001' raised TypeError"),
]


def _apply(root: Path, mistakes: list[Mistake]) -> None:
    for mistake in mistakes:
        path = root / mistake.file
        text = path.read_text(encoding="utf-8")
        assert text.count(mistake.old) == 1, mistake.name
        path.write_text(text.replace(mistake.old, mistake.new), encoding="utf-8")


def _expected_line(root: Path, mistake: Mistake) -> int:
    text = (root / mistake.file).read_text(encoding="utf-8")
    return text[: text.index(mistake.at or mistake.new)].count("\n") + 1


_serial = 0


def _mutant_host(tmp_path: Path, mistakes: list[Mistake]):
    """A host with a copy of the example plugin (under its own package name) carrying the mistakes."""
    global _serial
    _serial += 1
    name = f"mutant_testplugin_{_serial}"
    root = tmp_path / name
    shutil.copytree(PLUGIN, root, ignore=shutil.ignore_patterns("__pycache__"))
    _apply(root, mistakes)
    spec = importlib.util.spec_from_file_location(name, root / "__init__.py", submodule_search_locations=[str(root)])
    assert spec is not None and spec.loader is not None
    package = importlib.util.module_from_spec(spec)
    sys.modules[name] = package
    spec.loader.exec_module(package)
    hooks = importlib.import_module(f"{name}.hooks")
    host = make_plugin_manager(load_entrypoints=False, plugins=[("testplugin", hooks)])
    assert not host.problems, host.problems
    return host, root


def _validate(monkeypatch, capsys, host) -> tuple[int, str]:
    monkeypatch.setattr("paragraphs.plugins.make_plugin_manager", lambda **kw: host)
    code = main(["validate", "testplugin", "--no-cache"])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out


def _reported(out: str, root: Path, mistake: Mistake) -> bool:
    line = _expected_line(root, mistake)
    where = f"{Path(mistake.file).name}:{line}:"
    return any(where in row and f" {mistake.code} " in row and mistake.says in row for row in out.splitlines())


def test_the_example_plugin_is_clean(tmp_path, monkeypatch, capsys):
    host, _ = _mutant_host(tmp_path, [])
    code, out = _validate(monkeypatch, capsys, host)
    assert code == 0 and "0 errors, 0 warnings, 0 info" in out, out


@pytest.mark.parametrize("mistake", MISTAKES, ids=[m.name for m in MISTAKES])
def test_each_mistake_is_reported_where_it_was_made(mistake, tmp_path, monkeypatch, capsys):
    host, root = _mutant_host(tmp_path, [mistake])
    code, out = _validate(monkeypatch, capsys, host)
    assert _reported(out, root, mistake), out
    assert code == 1 or mistake.code.startswith("SIGHT"), out  # a sighting never set is a warning


def test_all_mistakes_at_once_are_all_reported_in_one_run(tmp_path, monkeypatch, capsys):
    assert len(MISTAKES) == 20
    host, root = _mutant_host(tmp_path, MISTAKES)
    code, out = _validate(monkeypatch, capsys, host)
    missing = [m.name for m in MISTAKES if not _reported(out, root, m)]
    assert code == 1 and not missing, (missing, out)
