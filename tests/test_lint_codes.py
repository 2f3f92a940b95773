"""The core's lint rules declare every code their checks yield (``LintRule.codes``).

A code a rule yields without declaring it is reported as the rule's bug (PLUGIN001)
instead of the finding; the codes are read from the checks' source so that a new code
written into a check without its declaration fails here, not in a user's report.
"""

from __future__ import annotations

import ast
import inspect
import re

from paragraphs.builtin import lint as builtin_lint
from paragraphs.pipeline import lint, lint_declarations

CODE = re.compile(r"[A-Z]+[0-9]{3}")


def _functions() -> dict[str, ast.FunctionDef]:
    out: dict[str, ast.FunctionDef] = {}
    for module in (lint, lint_declarations):
        for node in ast.parse(inspect.getsource(module)).body:
            if isinstance(node, ast.FunctionDef):
                out[node.name] = node
    return out


def _codes(name: str, functions: dict[str, ast.FunctionDef], seen: set[str]) -> set[str]:
    """The codes written in ``name`` and in the functions of the two modules it names."""
    if name in seen or name not in functions:
        return set()
    seen.add(name)
    found: set[str] = set()
    for node in ast.walk(functions[name]):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and CODE.fullmatch(node.value):
            found.add(node.value)
        called = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None
        if called:
            found |= _codes(called, functions, seen)
    return found


def test_every_core_rule_declares_the_codes_its_check_yields() -> None:
    functions = _functions()
    for rule in builtin_lint.paragraphs_register_lint_rules():
        written = _codes(rule.check.__name__, functions, set())
        assert written, rule.id
        assert {rule.id, *rule.codes} == written, f"{rule.id} ({rule.check.__name__}) declares {sorted({rule.id, *rule.codes})}, yields {sorted(written)}"
