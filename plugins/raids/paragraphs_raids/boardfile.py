"""Board files: a player's real board as JSON, read for a raid title's companion (``turn``).

Every raid title's board file has the same shape (:func:`board_schema`): the title, the
turn, the alert level, every counter on the map with its zone and what shows on it
(``reduced``, ``acted``, ``aboard`` a boat, ``carrying`` prisoners or objects), and the
activation markers still face down. A title adds only its own: the objects its units
carry, its tracks' ranges, the fields of its objectives.

Every raid title's companion reads the board the same way: the file must exist and be
JSON (``BOARD001``), then match the title's board schema (``BOARD002``, every problem at
its ``file:line:col`` with its JSON path). :func:`load_board_json` does that and returns
the data with a function placing any JSON path in the file, so the title's own rule
checks (unknown ids, sides sharing a zone, stacking...) report their problems in place.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
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


# --------------------------------------------------------------------------- the schema

_DRAFT = "https://json-schema.org/draft/2020-12/schema"


def board_schema(
    *,
    schema_id: str,
    title: str,
    name: str,
    turns: int,
    alert_max: int,
    alert_min: int = 0,
    objects: Iterable[str] = (),
    properties: Mapping[str, Any] | None = None,
    shows: Mapping[str, Any] | None = None,
    description: str = "",
) -> dict[str, Any]:
    """A raid title's board-file schema (JSON Schema 2020-12): the series' shape plus the title's own.

    Args:
        schema_id: the schema's ``$id``.
        title: the title id (the file's ``title`` must be it).
        name: the title's name, for the schema's heading.
        turns, alert_min, alert_max: the ranges of the turn and alert tracks.
        objects: ids of objects a unit may carry besides counters (Bruneval: ``wurzburg``).
        properties: the title's own top-level fields (pools left, objectives, options).
        shows: the schema of a face-down marker's known back (default: how many units,
            a whole number, as on Bruneval's markers; Dieppe's backs are structured).
        description: what the file describes, for editors.

    Counter and zone ids stay plain strings: they come from the content, which an owner
    may overlay, so the title's rule checks report unknown ones (``BOARD003``) in place.
    """
    carried: dict[str, Any] = {"type": "string", "minLength": 1}
    named = sorted(set(objects))
    if named:
        carried["description"] = "A counter id (a prisoner), or one of the title's objects: " + ", ".join(named) + "."
    # null (unknown back) joins the back's own type, so a mistake is reported at its place
    # rather than as "not valid under any of the given schemas"
    back: dict[str, Any] = dict(shows) if shows is not None else {"type": "integer", "minimum": 1}
    kinds = back.get("type", [])
    back["type"] = ([kinds] if isinstance(kinds, str) else list(kinds)) + ["null"]
    back.setdefault("description", "The back of the marker when known (how many units it calls for); an unknown marker that gets activated is reported for you to flip.")
    unit = {
        "type": "object",
        "required": ["id", "zone"],
        "properties": {
            "id": {"type": "string", "minLength": 1, "description": f"Counter id (`paragraphs ids {title} --kind counters`)."},
            "zone": {"type": "string", "minLength": 1, "description": f"Zone id (`paragraphs ids {title} --kind zones`)."},
            "reduced": {"type": "boolean", "default": False, "description": "Showing its reduced side."},
            "acted": {"type": "boolean", "default": False, "description": "Carries an action-done marker."},
            "aboard": {"type": "string", "minLength": 1, "description": "For a unit embarked in a boat: the boat's counter id (zone is then the boat's zone)."},
            "carrying": {"type": "array", "items": carried, "description": "Prisoners (counter ids) and objects carried by this unit."},
        },
        "additionalProperties": False,
    }
    marker = {
        "type": "object",
        "required": ["zone"],
        "properties": {"zone": {"type": "string", "minLength": 1, "description": "The activation zone it lies in."}, "shows": back},
        "additionalProperties": False,
    }
    props: dict[str, Any] = {
        "$schema": {"type": "string"},
        "title": {"const": title},
        "turn": {"type": "integer", "minimum": 1, "maximum": turns, "description": "Game turn on the turn track."},
        "alert": {"type": "integer", "minimum": alert_min, "maximum": alert_max, "description": "Level on the alert track."},
        "units": {"type": "array", "description": "Every counter on the map, top of each stack first.", "items": unit},
        "markers": {"type": "array", "description": "Activation markers still face down on the map.", "items": marker},
    }
    for key, value in (properties or {}).items():
        if key in props:
            raise ValueError(f"the board schema already has {key!r}: a title adds only its own fields")
        props[key] = dict(value)
    return {
        "$schema": _DRAFT,
        "$id": schema_id,
        "title": f"{name}: a board file for the companion (`paragraphs turn {title} --state FILE`)",
        "description": description or f"The real board as the player sees it. Counter and zone ids are those of the title's content (`paragraphs ids {title}`).",
        "type": "object",
        "required": ["title", "turn", "alert", "units"],
        "properties": props,
        "additionalProperties": False,
    }
