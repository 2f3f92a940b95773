"""JSON Schema validation of content, with every error placed at ``path:line:col``.

The core schema (``schemas/core/book.schema.json``) defines the grammar with two
extension points, ``$dynamicAnchor: step`` and ``$dynamicAnchor: predicate``. A title's
schema is made from the core's by adding the title's registered step and predicate kinds
at those anchors (draft 2020-12 ``$dynamicRef``), so an editor pointed at the title's
schema file validates title steps too.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from paragraphs.resources import package_folder
from typing import Any

from paragraphs.problems import Problem
from paragraphs.yamlread import YamlDocument

CORE_BOOK_ID = "https://paragraphs.dev/schemas/core/book.schema.json"
CORE_SAVE_ID = "https://paragraphs.dev/schemas/core/save.schema.json"


def core_schema(name: str = "book") -> dict[str, Any]:
    """A core schema shipped in ``schemas/core`` (``book`` or ``save``)."""
    text = (package_folder("paragraphs") / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8")
    return json.loads(text)


def title_schema_id(title: str) -> str:
    return f"https://paragraphs.dev/schemas/{title}/book.schema.json"


def build_title_schema(
    title: str,
    steps: Mapping[str, Mapping[str, Any]],
    predicates: Mapping[str, Mapping[str, Any]],
    collections: str | None = None,
) -> dict[str, Any]:
    """The schema of a title's content files: the core grammar plus the title's kinds.

    Args:
        title: title id.
        steps: step kind id -> schema of its value.
        predicates: predicate kind id -> schema of its value.
        collections: ``$id`` of a schema for the title's own collections, if any.
    """
    core = core_schema()
    core_step_names = list(core["$defs"]["core_step"]["properties"])
    core_pred_names = list(core["$defs"]["core_predicate"]["oneOf"][1]["properties"])
    step_props = {name: {"$ref": f"{CORE_BOOK_ID}#/$defs/step_{name}"} for name in core_step_names}
    step_props.update({name: dict(schema) for name, schema in sorted(steps.items())})
    pred_props = {name: {"$ref": f"{CORE_BOOK_ID}#/$defs/predicate_{name}"} for name in core_pred_names}
    pred_props.update({name: dict(schema) for name, schema in sorted(predicates.items())})
    schema: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": title_schema_id(title),
        "title": f"paragraphs content file for title {title!r}",
        "$ref": CORE_BOOK_ID,
        "$defs": {
            "step": {
                "$dynamicAnchor": "step",
                "type": "object",
                "minProperties": 1,
                "maxProperties": 1,
                "properties": step_props,
                "additionalProperties": False,
            },
            "predicate": {
                "$dynamicAnchor": "predicate",
                "oneOf": [
                    {"type": "boolean"},
                    {"type": "object", "minProperties": 1, "maxProperties": 1, "properties": pred_props, "additionalProperties": False},
                ],
            },
        },
    }
    if collections:
        schema["allOf"] = [{"$ref": collections}]
    return schema


#: Record definitions an overlay may give in part (only their key is required there).
_RECORD_DEFS = {"paragraph": ["id"], "table": ["id"], "unit": ["id"], "entry_point": ["paragraph"], "title": []}


def lenient_core() -> dict[str, Any]:
    """The core book schema with records' required fields relaxed, for overlay files.

    An overlay changes records by id, so it may give only the fields it changes; the
    merged record is then compiled and linted like any other.
    """
    schema = core_schema("book")
    for name, keep in _RECORD_DEFS.items():
        schema["$defs"][name]["required"] = keep
    schema["properties"]["questions"] = {"type": "array", "items": {"type": "object", "required": ["key"]}}
    return schema


def _lenient_collections(schema: Mapping[str, Any]) -> Mapping[str, Any]:
    """A title's collections schema whose records need only their id (for overlays)."""
    props = schema.get("properties")
    if not isinstance(props, Mapping):
        return schema
    out = dict(schema)
    out["properties"] = {}
    for name, coll in props.items():
        items = coll.get("items") if isinstance(coll, Mapping) else None
        if isinstance(items, Mapping) and "required" in items:
            coll = {**coll, "items": {**items, "required": [k for k in items["required"] if k == "id"]}}
        out["properties"][name] = coll
    return out


def make_validator(root: Mapping[str, Any], resources: Sequence[Mapping[str, Any]] = (), *, lenient: bool = False) -> Any:
    """A draft 2020-12 validator for ``root`` that can resolve the core and ``resources``.

    With ``lenient`` (overlay files), records need only their id.
    """
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    registry: Any = Registry()
    core = lenient_core() if lenient else core_schema("book")
    if lenient:
        resources = [_lenient_collections(r) for r in resources]
    for contents in [core, core_schema("save"), *resources, root]:
        if "$id" in contents:
            resource = Resource.from_contents(dict(contents), default_specification=DRAFT202012)
            registry = registry.with_resource(contents["$id"], resource)
    return Draft202012Validator(dict(root), registry=registry)


def validate_document(validator: Any, doc: YamlDocument) -> list[Problem]:
    """Every schema error in one document, placed at its line and column."""
    problems = []
    for path, message in _errors(validator, doc.data):
        json_path = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)
        problems.append(Problem(doc.pos(tuple(path)), "SCHEMA001", message, json_path=json_path))
    return problems


def iter_schema_errors(schema: Mapping[str, Any], instance: Any) -> Iterator[tuple[list[Any], str]]:
    """Errors of a small self-contained schema (a check kind's spec), as (path, message)."""
    from jsonschema import Draft202012Validator

    yield from _errors(Draft202012Validator(dict(schema)), instance)


def _errors(validator: Any, instance: Any) -> Iterator[tuple[list[Any], str]]:
    from jsonschema.exceptions import best_match

    for error in validator.iter_errors(instance):
        chosen = error
        if error.context:
            chosen = _deepest(best_match(error.context))
        yield list(chosen.absolute_path), _message(chosen)


def _deepest(error: Any) -> Any:
    while error.context:
        from jsonschema.exceptions import best_match

        error = best_match(error.context)
    return error


def _message(error: Any) -> str:
    validator = error.validator
    instance = error.instance
    if validator == "additionalProperties":
        extras = sorted(set(instance) - set(error.schema.get("properties", {})))
        allowed = sorted(error.schema.get("properties", {}))
        hint = f" (allowed: {', '.join(allowed)})" if allowed and len(allowed) <= 12 else ""
        return f"unknown key {', '.join(map(repr, extras))}{hint}"
    if validator == "required":
        return error.message
    if validator in ("minProperties", "maxProperties") and isinstance(instance, dict) and error.schema.get("maxProperties") == 1:
        return "a step or predicate must be a mapping with exactly one key"
    if validator == "type":
        return f"{_short(instance)} is not of type {error.validator_value!r}"
    if validator == "pattern":
        return f"{_short(instance)} does not match {error.validator_value}"
    if validator == "enum":
        return f"{_short(instance)} is not one of {', '.join(map(repr, error.validator_value))}"
    text = error.message
    return text if len(text) < 200 else text[:197] + "..."


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
