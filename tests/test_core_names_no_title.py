"""The core never names a title: no title id or title-only key in the code under ``paragraphs/``.

Comments and docstrings may mention titles as examples; string literals and identifiers may
not (that is how a title's special case crept in before). The core's own ``sample`` book is
the one title the core ships, so it is allowed.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "paragraphs"

#: Every title directory under plugins/ and content/, and the names they are known by.
TITLES = sorted({p.name for p in (ROOT / "plugins").iterdir() if p.is_dir()} | {p.name for p in (ROOT / "content").iterdir() if p.is_dir()} - {"sample"})
#: Keys private to one title that once had a special case in the core.
PRIVATE_KEYS = ["passenger", "silver star", "commando", "dieppe"]
PATTERN = re.compile("|".join(re.escape(n.lower()) for n in [*TITLES, *PRIVATE_KEYS]))


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                ids.add(id(first.value))
    return ids


def _names_in(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        text = None
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            text = node.value
        elif isinstance(node, ast.Name):
            text = node.id
        elif isinstance(node, ast.Attribute):
            text = node.attr
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            text = node.name
        if text and PATTERN.search(text.lower()):
            found.append((getattr(node, "lineno", 0), text))
    return found


def test_the_title_list_is_not_empty():
    assert "ambush" in TITLES and "bruneval" in TITLES


def test_no_code_under_paragraphs_names_a_title():
    offenders = []
    for path in sorted(CORE.rglob("*.py")):
        if path.name == "sample.py" or "sample" in path.relative_to(CORE).parts[:-1]:
            continue
        offenders += [f"{path.relative_to(ROOT)}:{line}: {text[:60]!r}" for line, text in _names_in(path)]
    assert not offenders, offenders


def test_the_check_finds_a_title_name_in_code(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text('"""Ambush is fine here."""\n# and ambush here\nKEY = "passenger"\n')
    assert _names_in(bad) == [(3, "passenger")]
