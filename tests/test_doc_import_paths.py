"""The import paths the README and the docs show keep working (issue 9, item 6).

The core's modules live in one sub-package per layer, and the short paths plugin authors
read about (``from paragraphs.records import Title``, ``paragraphs.session.Session``) are
compatibility modules. Every import in a Python block of the docs and every dotted
``paragraphs...`` name in backticks must resolve, and the "where things are" table in
docs/python-api.md must name every short path with the sub-package it really lives in.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md"), *(ROOT / "plugins").glob("*/README.md")])
BLOCK = re.compile(r"```python\n(.*?)```", re.S)
DOTTED = re.compile(r"`(paragraphs(?:\.[A-Za-z_][A-Za-z0-9_]*)+)")


def _imports() -> list[tuple[str, str, list[str]]]:
    found = []
    for page in PAGES:
        for block in BLOCK.findall(page.read_text(encoding="utf-8")):
            try:
                tree = ast.parse(block)
            except SyntaxError:  # a block showing a fragment, not a program
                continue
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").startswith("paragraphs"):
                    found.append((page.name, node.module or "", [a.name for a in node.names]))
                elif isinstance(node, ast.Import):
                    found += [(page.name, a.name, []) for a in node.names if a.name.startswith("paragraphs")]
    return found


def _find(module_name: str) -> object:
    try:
        return importlib.util.find_spec(module_name)
    except ModuleNotFoundError:  # the parent is a module, not a package
        return None


def _resolve(dotted: str) -> object:
    """The object a dotted name stands for: the longest importable module, then attributes."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        module_name = ".".join(parts[:cut])
        if _find(module_name) is None:
            continue
        obj: object = importlib.import_module(module_name)
        for attr in parts[cut:]:
            obj = getattr(obj, attr)
        return obj
    raise ImportError(dotted)


@pytest.mark.parametrize(("page", "module", "names"), _imports(), ids=lambda v: v if isinstance(v, str) else ",".join(v))
def test_an_import_shown_in_the_docs_works(page, module, names):
    imported = importlib.import_module(module)
    for name in names:
        assert hasattr(imported, name), f"{page}: from {module} import {name}"


def test_every_dotted_name_in_backticks_resolves():
    names = {name for page in PAGES for name in DOTTED.findall(page.read_text(encoding="utf-8"))}
    assert "paragraphs.records" in names  # the extraction works
    broken = []
    for name in sorted(names):
        try:
            _resolve(name)
        except (ImportError, AttributeError) as exc:
            broken.append(f"{name}: {exc!r}")
    assert broken == []


def test_the_where_things_are_table_names_every_short_path_and_its_real_module():
    page = (ROOT / "docs" / "python-api.md").read_text(encoding="utf-8")
    table = page.split("## Where things are", 1)[1].split("\n\n", 3)[2]
    listed = set()
    for row in table.splitlines()[2:]:
        _layer, packages, modules = (cell.strip() for cell in row.strip("|").split("|"))
        subpackages = re.findall(r"`(paragraphs\.[a-z_]+)`", packages)
        for name in re.findall(r"`([a-z_]+)`", re.sub(r"\([^)]*\)", "", modules)):  # (remarks) aside
            if f"paragraphs.{name}" in subpackages:  # an existing package, not moved
                continue
            home = [sub for sub in subpackages if _find(f"{sub}.{name}") is not None]
            assert len(home) == 1, (name, subpackages)
            assert importlib.import_module(f"paragraphs.{name}") is importlib.import_module(f"{home[0]}.{name}")
            listed.add(name)
    top = {p.stem for p in (ROOT / "paragraphs").glob("*.py")} - {"__init__", "__main__", "__about__"}
    assert listed == top
