"""Board files: a player's real board as JSON, read for a raid title's companion (``turn``).

Every raid title's companion reads the board the same way: the file must exist and be
JSON (``BOARD001``), then match the title's board schema (``BOARD002``, every problem at
its ``file:line:col`` with its JSON path). :func:`load_board_json` does that and returns
the data with a function placing any JSON path in the file, so the title's own rule
checks (unknown ids, sides sharing a zone, stacking...) report their problems in place.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from paragraphs.errors import ContentError, UsageError
from paragraphs.problems import Problem, SourcePos

#: JSON path (keys and indexes) -> where it is in the board file.
Locator = Callable[[Sequence[str | int]], SourcePos]


def load_board_json(path: str | Path, schema: Mapping[str, Any]) -> tuple[Any, Locator]:
    """Read a board file and check it against ``schema`` (JSON Schema 2020-12).

    Raises:
        UsageError: the file does not exist or cannot be read.
        ContentError: not valid JSON (``BOARD001``) or breaks the schema (``BOARD002``,
            every problem listed).
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UsageError(f"{path}: no such board file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"{path}: cannot read the board file ({exc})") from None
    display = str(path)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ContentError([Problem(SourcePos(display, exc.lineno, exc.colno), "BOARD001", f"not valid JSON: {exc.msg}")]) from None
    where = _positions(text, display)
    problems = schema_problems(data, schema, where)
    if problems:
        raise ContentError(problems)
    return data, where


def _positions(text: str, display: str) -> Locator:
    """JSON is YAML, so the core's reader places every path."""
    from paragraphs.yamlread import YamlProblems, read_yaml

    try:
        doc = read_yaml(text, display)
    except YamlProblems:
        return lambda at: SourcePos(display, 1, 1)
    return lambda at: doc.pos(tuple(at))


def schema_problems(data: Any, schema: Mapping[str, Any], where: Locator) -> list[Problem]:
    """``BOARD002`` for each schema error, at its place (the best match of a ``oneOf``)."""
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import best_match

    validator = Draft202012Validator(schema)
    out = []
    for error in validator.iter_errors(data):
        chosen = best_match(error.context) if error.context else error
        at = list(chosen.absolute_path)
        json_path = "$" + "".join(f"[{a}]" if isinstance(a, int) else f".{a}" for a in at)
        out.append(Problem(where(at), "BOARD002", chosen.message if len(chosen.message) < 160 else chosen.message[:157] + "...", json_path=json_path))
    return out
