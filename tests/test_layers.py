"""The core's import structure and folder layout (issue 9, item 6).

``lint-imports`` (run by the test job, contracts in pyproject.toml) checks that the layers
(one sub-package each) import only downward, that the core imports no title and that it
never imports a compatibility module. These tests add what the contracts cannot see: no two
core modules import each other (deferred imports inside functions included), every core
module lives in a layered sub-package, and every old top-level path is the moved module
itself.
"""

from __future__ import annotations

import importlib
import subprocess
import sys
import tomllib
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[1]

#: Old top-level path -> where the module lives now. The top of ``paragraphs/`` keeps a
#: compatibility module for each (plugins, tests and the docs use the old paths).
MOVED = {
    "paragraphs.gaps": "paragraphs.audits.gaps",
    "paragraphs.luck": "paragraphs.audits.luck",
    "paragraphs.cells": "paragraphs.book.cells",
    "paragraphs.dice": "paragraphs.book.dice",
    "paragraphs.model": "paragraphs.book.model",
    "paragraphs.session": "paragraphs.companion.session",
    "paragraphs.docgen": "paragraphs.docs.docgen",
    "paragraphs.mkdocs_plugin": "paragraphs.docs.mkdocs_plugin",
    "paragraphs.errors": "paragraphs.foundation.errors",
    "paragraphs.limits": "paragraphs.foundation.limits",
    "paragraphs.markers": "paragraphs.foundation.markers",
    "paragraphs.problems": "paragraphs.foundation.problems",
    "paragraphs.resources": "paragraphs.foundation.resources",
    "paragraphs.terminal": "paragraphs.foundation.terminal",
    "paragraphs.api": "paragraphs.interpreter.api",
    "paragraphs.context": "paragraphs.interpreter.context",
    "paragraphs.engine": "paragraphs.interpreter.engine",
    "paragraphs.handlers": "paragraphs.interpreter.handlers",
    "paragraphs.replay": "paragraphs.interpreter.replay",
    "paragraphs.cache": "paragraphs.pipeline.cache",
    "paragraphs.compiler": "paragraphs.pipeline.compiler",
    "paragraphs.content": "paragraphs.pipeline.content",
    "paragraphs.grammar": "paragraphs.pipeline.grammar",
    "paragraphs.graph": "paragraphs.pipeline.graph",
    "paragraphs.lint": "paragraphs.pipeline.lint",
    "paragraphs.problem_codes": "paragraphs.pipeline.problem_codes",
    "paragraphs.tables": "paragraphs.pipeline.tables",
    "paragraphs.validation": "paragraphs.pipeline.validation",
    "paragraphs.yamlread": "paragraphs.pipeline.yamlread",
    "paragraphs.hookspecs": "paragraphs.pluginhost.hookspecs",
    "paragraphs.plugin_errors": "paragraphs.pluginhost.plugin_errors",
    "paragraphs.plugins": "paragraphs.pluginhost.plugins",
    "paragraphs.records": "paragraphs.pluginhost.records",
    "paragraphs.randomtest": "paragraphs.tools.randomtest",
    "paragraphs.testing": "paragraphs.tools.testing",
}

#: What else may sit at the top of ``paragraphs/``.
TOP_LEVEL_MODULES = {"paragraphs", "paragraphs.__about__", "paragraphs.__main__"}


def _graph() -> grimp.ImportGraph:
    return grimp.build_graph("paragraphs", exclude_type_checking_imports=True)


def _contract(contract_id: str) -> dict:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return next(c for c in config["tool"]["importlinter"]["contracts"] if c["id"] == contract_id)


def test_no_import_cycles_in_the_core_deferred_imports_included():
    graph = _graph()
    cycles = sorted(
        (importer, imported)
        for importer in graph.modules
        for imported in graph.find_modules_directly_imported_by(importer)
        if imported.startswith("paragraphs") and imported != importer
        and graph.chain_exists(importer=imported, imported=importer)
    )
    assert cycles == [], "import cycles: " + "; ".join(f"{a} <-> {b}" for a, b in cycles)


def test_every_core_module_lives_in_a_layered_sub_package():
    # a new module must go into a layer's sub-package, or the layers contract ignores it
    layers = _contract("core-layers")["layers"]
    placed = {name.strip() for layer in layers for name in layer.replace("|", ":").split(":")}
    outside = sorted(
        module
        for module in _graph().modules
        if module not in TOP_LEVEL_MODULES and module not in MOVED
        and not any(module == p or module.startswith(p + ".") for p in placed)
    )
    assert outside == []


def test_the_top_of_the_package_holds_only_compatibility_modules():
    files = {p.stem for p in (ROOT / "paragraphs").glob("*.py")}
    assert files - {"__init__", "__main__", "__about__"} == {old.split(".")[1] for old in MOVED}
    for old in MOVED:
        source = (ROOT / "paragraphs" / f"{old.split('.')[1]}.py").read_text(encoding="utf-8")
        assert source.rstrip().endswith("sys.modules[__name__] = _moved"), old


def test_the_compatibility_contract_names_every_old_path():
    assert sorted(_contract("core-no-compat-paths")["forbidden_modules"]) == sorted(MOVED)


def test_nothing_in_the_core_imports_a_compatibility_module():
    # lint-imports checks the sub-packages; this also covers paragraphs/__init__.py
    graph = _graph()
    uses = sorted(
        (importer, imported)
        for importer in graph.modules
        if importer not in MOVED
        for imported in graph.find_modules_directly_imported_by(importer)
        if imported in MOVED
    )
    assert uses == []


@pytest.mark.parametrize("old", sorted(MOVED))
def test_an_old_path_is_the_moved_module_itself(old):
    # one module object: private names and monkeypatch.setattr(old_module, ...) act on the real one
    assert importlib.import_module(old) is importlib.import_module(MOVED[old])


def test_old_paths_imported_first_in_a_fresh_interpreter_are_the_moved_modules():
    # importing the old path before the new one must not leave two copies behind
    script = (
        "import importlib, json, sys\n"
        f"moved = {MOVED!r}\n"
        "old = {name: importlib.import_module(name) for name in moved}\n"
        "bad = [name for name, new in moved.items() if old[name] is not importlib.import_module(new)"
        " or sys.modules[name] is not sys.modules[new]]\n"
        "print(json.dumps(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
