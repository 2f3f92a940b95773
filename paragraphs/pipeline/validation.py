"""JSON Schema validation of content, with every error placed at ``path:line:col``.

The core schema (``schemas/core/book.schema.json``) defines the grammar with two
extension points, ``$dynamicAnchor: step`` and ``$dynamicAnchor: predicate``. A title's
schema is made from the core's by adding the title's registered step and predicate kinds
at those anchors (draft 2020-12 ``$dynamicRef``), so an editor pointed at the title's
schema file validates title steps too.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

from paragraphs.foundation.resources import package_folder

from paragraphs.foundation.problems import Problem
from paragraphs.pipeline.yamlread import YamlDocument

CORE_BOOK_ID = "https://paragraphs.dev/schemas/core/book.schema.json"
CORE_SAVE_ID = "https://paragraphs.dev/schemas/core/save.schema.json"


def core_schema(name: str = "book") -> dict[str, Any]:
    """A core schema shipped in ``schemas/core`` (``book`` or ``save``)."""
    text = (package_folder("paragraphs") / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8")
    return json.loads(text)


def title_schema_id(title: str) -> str:
    return f"https://paragraphs.dev/schemas/{title}/book.schema.json"


#: Key of the marker the title schema puts on the constraints it adds, so that a finding
#: gets the problem code and subject of the rule it breaks (draft 2020-12 ignores it).
MARK = "x-paragraphs"

#: Keys of a check step that are neither outcomes nor the kind's own keys.
CHECK_COMMON_KEYS = ("kind", "purpose", "group")


def build_title_schema(
    title: str,
    steps: Mapping[str, Mapping[str, Any]],
    predicates: Mapping[str, Mapping[str, Any]],
    collections: str | None = None,
    *,
    checks: Mapping[str, Any] | None = None,
    procedures: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The schema of a title's content files: the core grammar plus the title's kinds.

    Args:
        title: title id.
        steps: step kind id -> schema of its value.
        predicates: predicate kind id -> schema of its value.
        collections: ``$id`` of a schema for the title's own collections, if any.
        checks: check kind id -> :class:`~paragraphs.pluginhost.records.CheckKind`; a check then
            names a known kind, uses only that kind's outcomes and keys, and its keys
            are typed by the kind's schema.
        procedures: procedure id -> :class:`~paragraphs.pluginhost.records.Procedure`; a call then
            names a known procedure, and branches only on outcomes it declares.
    """
    core = core_schema()
    core_step_names = list(core["$defs"]["core_step"]["properties"])
    core_pred_names = list(core["$defs"]["core_predicate"]["oneOf"][1]["properties"])
    step_props = {name: {"$ref": f"{CORE_BOOK_ID}#/$defs/step_{name}"} for name in core_step_names}
    step_props.update({name: dict(schema) for name, schema in sorted(steps.items())})
    if checks:
        step_props["check"] = _check_step_schema(checks)
    if procedures:
        step_props["procedure"] = _procedure_step_schema(procedures)
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


def _check_step_schema(checks: Mapping[str, Any]) -> dict[str, Any]:
    """A check names a registered kind; then only that kind's outcomes and keys are allowed.

    A kind whose schema lists its ``properties`` (and does not allow others) gets a
    ``propertyNames`` list, so a misspelt outcome (``spoted:``) is an error rather than an
    outcome that never runs; each key is typed by the kind's own schema.
    """
    rules: list[dict[str, Any]] = [{"$ref": f"{CORE_BOOK_ID}#/$defs/step_check"}]
    rules.append({"properties": {"kind": {"enum": sorted(checks), MARK: {"code": "CHECK001", "what": "check kind"}}}})
    for kind_id, kind in sorted(checks.items()):
        own = dict(kind.schema or {})
        then: dict[str, Any] = {MARK: {"code": "CHECK003", "what": f"{kind_id} check"}}
        props = own.get("properties")
        outcome_props = {name: {"$ref": f"{CORE_BOOK_ID}#/$defs/steps"} for name in kind.outcomes}
        if isinstance(props, Mapping):
            then["properties"] = {**dict(props), **outcome_props}
            if own.get("additionalProperties", True) is False:
                allowed = sorted({*CHECK_COMMON_KEYS, *kind.outcomes, *props})
                then["propertyNames"] = {"enum": allowed, MARK: {"code": "CHECK003", "what": f"{kind_id} check", "outcomes": list(kind.outcomes)}}
        else:
            then["properties"] = outcome_props
        if own.get("required"):
            then["required"] = list(own["required"])
        for keyword in ("allOf", "anyOf", "oneOf", "dependentRequired", "dependentSchemas", "if", "then", "else", "not"):
            if keyword in own:
                then.setdefault("allOf", []).append({keyword: own[keyword]} if keyword not in ("if", "then", "else") else {k: own[k] for k in ("if", "then", "else") if k in own})
        rules.append({"if": {"properties": {"kind": {"const": kind_id}}, "required": ["kind"]}, "then": then})
    return {"allOf": rules}


def _procedure_step_schema(procedures: Mapping[str, Any]) -> dict[str, Any]:
    """A procedure call names a registered procedure and branches on outcomes it declares."""
    names = {"enum": sorted(procedures), MARK: {"code": "PROC001", "what": "procedure"}}
    rules: list[dict[str, Any]] = [
        {"$ref": f"{CORE_BOOK_ID}#/$defs/step_procedure"},
        {"if": {"type": "string"}, "then": names, "else": {"properties": {"name": names}}},
    ]
    for proc_id, proc in sorted(procedures.items()):
        outcomes = tuple(getattr(proc, "outcomes", ()) or ())
        if not outcomes:
            continue  # a procedure that declares no outcomes may return any label
        rules.append(
            {
                "if": {"type": "object", "properties": {"name": {"const": proc_id}}, "required": ["name"]},
                "then": {"properties": {"outcomes": {"propertyNames": {"enum": list(outcomes), MARK: {"code": "PROC002", "what": f"procedure {proc_id}", "outcomes": list(outcomes)}}}}},
            }
        )
    return {"allOf": rules}


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


def schema_registry(resources: Sequence[Mapping[str, Any]] = (), *, lenient: bool = False) -> Any:
    """A registry of the core schemas and ``resources``: every ``$ref`` resolves offline.

    Nothing is ever fetched: a ``$ref`` to a schema that is not registered is an error
    (see :func:`unresolved_refs`), never a network access.
    """
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    registry: Any = Registry()  # its default retrieval refuses every URI: nothing is fetched
    core = lenient_core() if lenient else core_schema("book")
    if lenient:
        resources = [_lenient_collections(r) for r in resources]
    for contents in [core, core_schema("save"), *resources]:
        if "$id" in contents:
            resource = Resource.from_contents(dict(contents), default_specification=DRAFT202012)
            registry = registry.with_resource(contents["$id"], resource)
    return registry


def make_validator(root: Mapping[str, Any], resources: Sequence[Mapping[str, Any]] = (), *, lenient: bool = False) -> Any:
    """A draft 2020-12 validator for ``root`` that can resolve the core and ``resources``.

    With ``lenient`` (overlay files), records need only their id. References resolve
    against the library's own registry only (no network access, ever).
    """
    from jsonschema import Draft202012Validator
    from referencing import Resource
    from referencing.jsonschema import DRAFT202012

    registry = schema_registry(resources, lenient=lenient)
    if "$id" in root:
        registry = registry.with_resource(root["$id"], Resource.from_contents(dict(root), default_specification=DRAFT202012))
    return Draft202012Validator(dict(root), registry=registry)


def schema_mistake(schema: Any) -> str | None:
    """Why ``schema`` is not a valid draft 2020-12 JSON Schema, in one line, or None.

    A plugin's schema that breaks the meta-schema (``"required": "range"``) would otherwise
    turn into nonsense errors on the content ("'r' is a required property" per letter).
    """
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import SchemaError

    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as exc:
        where = "/".join(str(p) for p in exc.absolute_path) or "the top"
        return f"{exc.message} (at {where})"
    return unknown_keyword(schema)


#: The keywords of JSON Schema draft 2020-12 (core, applicator, validation, annotation,
#: format, content and unevaluated vocabularies).
SCHEMA_KEYWORDS = frozenset(
    "$schema $id $ref $anchor $dynamicRef $dynamicAnchor $vocabulary $comment $defs definitions "
    "allOf anyOf oneOf not if then else dependentSchemas prefixItems items contains properties "
    "patternProperties additionalProperties propertyNames unevaluatedItems unevaluatedProperties "
    "type enum const multipleOf maximum exclusiveMaximum minimum exclusiveMinimum maxLength minLength "
    "pattern maxItems minItems uniqueItems maxContains minContains maxProperties minProperties required "
    "dependentRequired title description default deprecated readOnly writeOnly examples format "
    "contentEncoding contentMediaType contentSchema".split()
)
_SUBSCHEMA = ("not", "if", "then", "else", "items", "contains", "additionalProperties", "propertyNames", "unevaluatedItems", "unevaluatedProperties", "contentSchema")
_SUBSCHEMA_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems")
_SUBSCHEMA_MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")


def unknown_keyword(schema: Any, at: str = "") -> str | None:
    """The first key of ``schema`` (or of a schema inside it) that is no JSON Schema keyword,
    said with its place and a "did you mean", or None. A validator ignores such a key, so
    ``requried: [fog]`` or a property written at the top (``{fog: ...}`` for ``{properties:
    {fog: ...}}``) left the content unchecked without a word. Keys starting ``x-`` are the
    place for annotations of one's own."""
    if not isinstance(schema, Mapping):
        return None
    for key in schema:
        if key in SCHEMA_KEYWORDS or str(key).startswith("x-"):
            continue
        place = f" (at {at})" if at else ""
        near = did_you_mean(key, sorted(SCHEMA_KEYWORDS))
        hint = near or f" (a property? write properties: {{{key}: ...}})"
        return f"{key!r} is not a JSON Schema keyword{hint}{place}; a validator would ignore it"
    for key in _SUBSCHEMA:
        found = unknown_keyword(schema.get(key), f"{at}/{key}".lstrip("/"))
        if found:
            return found
    for key in _SUBSCHEMA_LISTS:
        for i, sub in enumerate(schema.get(key) or () if isinstance(schema.get(key), list) else ()):
            found = unknown_keyword(sub, f"{at}/{key}/{i}".lstrip("/"))
            if found:
                return found
    for key in _SUBSCHEMA_MAPS:
        inner = schema.get(key)
        for name, sub in (inner.items() if isinstance(inner, Mapping) else ()):
            found = unknown_keyword(sub, f"{at}/{key}/{name}".lstrip("/"))
            if found:
                return found
    return None


def unresolved_refs(schema: Any, known: Iterable[str]) -> list[str]:
    """Absolute ``$ref``/``$dynamicRef`` targets in ``schema`` whose document is not ``known``."""
    known_ids = {k.rstrip("#") for k in known} | {CORE_BOOK_ID, CORE_SAVE_ID}
    local_ids: set[str] = set()
    refs: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, Mapping):
            if isinstance(node.get("$id"), str):
                local_ids.add(node["$id"].rstrip("#"))
            for key, value in node.items():
                if key in ("$ref", "$dynamicRef") and isinstance(value, str):
                    refs.append(value)
                elif key not in ("enum", "const", MARK):
                    walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(schema)
    out = []
    for ref in refs:
        base = ref.split("#", 1)[0]
        if base and base not in known_ids and base not in local_ids and "://" in base:
            out.append(ref)
    return out


def without_refs(schema: Any, refs: Iterable[str]) -> Any:
    """``schema`` with every subschema that ``$ref``s one of ``refs`` replaced by ``{}``
    (anything goes there; the rest of the schema still applies)."""
    gone = set(refs)
    if isinstance(schema, Mapping):
        if schema.get("$ref") in gone or schema.get("$dynamicRef") in gone:
            return {}
        return {k: without_refs(v, gone) for k, v in schema.items()}
    if isinstance(schema, list):
        return [without_refs(v, gone) for v in schema]
    return schema


def validate_document(validator: Any, doc: YamlDocument, elsewhere: Callable[[str, str], str] | None = None) -> list[Problem]:
    """Every schema error in one document, placed at its line and column.

    ``elsewhere(code, id)`` adds its hint to an unknown check kind or procedure (the
    enums marked CHECK001 and PROC001) that a plugin registers for another title.
    """
    problems = []
    for path, message, code, at_key in _errors(validator, doc.data, elsewhere):
        json_path = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)
        pos = doc.key_pos(tuple(path)) if at_key else doc.pos(tuple(path))
        problems.append(Problem(pos, code, message, json_path=json_path))
    return problems


def iter_schema_errors(schema: Mapping[str, Any], instance: Any, resources: Sequence[Mapping[str, Any]] = ()) -> Iterator[tuple[list[Any], str]]:
    """Errors of a small self-contained schema (a check kind's spec), as (path, message).

    ``$ref`` resolves against the core schemas and ``resources`` only (offline).
    """
    yield from schema_errors(make_validator(schema, resources), instance)


def schema_errors(validator: Any, instance: Any) -> Iterator[tuple[list[Any], str]]:
    """Errors of ``instance`` under a validator from :func:`make_validator`, as (path, message)."""
    for path, message, _, _ in _errors(validator, instance):
        yield path, message


def _errors(validator: Any, instance: Any, elsewhere: Callable[[str, str], str] | None = None) -> Iterator[tuple[list[Any], str, str, bool]]:
    """(path, message, code, whether the path ends at a misspelt key) per finding."""
    from referencing.exceptions import Unresolvable

    try:
        for error in validator.iter_errors(instance):
            chosen = error
            if error.context and not _is_value_choice(error):
                chosen = _deepest(_best(error.context))
            path = list(chosen.absolute_path)
            mark = _mark(chosen)
            if chosen.validator == "additionalProperties":
                extras = sorted(set(chosen.instance) - set(chosen.schema.get("properties", {})))
                allowed = sorted(chosen.schema.get("properties", {}))
                for extra in extras:
                    yield path + [extra], _unknown_key(extra, allowed, ""), mark.get("code", "SCHEMA001"), True
                continue
            if chosen.validator == "enum" and mark.get("outcomes") is not None:  # propertyNames
                allowed = list(chosen.validator_value)
                yield path + [chosen.instance], _unknown_key(chosen.instance, allowed, mark.get("what", ""), mark.get("outcomes")), mark.get("code", "SCHEMA001"), True
                continue
            message = _message(chosen)
            if elsewhere is not None and chosen.validator == "enum" and isinstance(chosen.instance, str) and mark.get("code"):
                message += elsewhere(mark["code"], chosen.instance)
            if mark.get("what") and chosen.validator not in ("enum",):
                message = f"{mark['what']}: {message}"
            yield path, message, mark.get("code", "SCHEMA001"), False
    except Unresolvable as exc:
        ref = getattr(exc, "ref", "") or str(exc)
        yield [], f"a schema refers to {ref}, which is not a registered schema (nothing is fetched from the network)", "SCHEMA002", False


def _mark(error: Any) -> dict[str, Any]:
    """The marker of the rule an error breaks (on its schema or an enclosing one)."""
    probe = error
    while probe is not None:
        schema = probe.schema if isinstance(probe.schema, Mapping) else {}
        if MARK in schema:
            return dict(schema[MARK])
        probe = probe.parent
    return {}


def _is_value_choice(error: Any) -> bool:
    """A ``oneOf`` between a number and the value references (``target: eight``)."""
    if error.validator != "oneOf" or not isinstance(error.schema, Mapping):
        return False
    branches = error.schema.get("oneOf") or []
    return any(isinstance(b, Mapping) and b.get("type") == "integer" for b in branches) and any(
        isinstance(b, Mapping) and "counter" in (b.get("properties") or {}) for b in branches
    )


def _best(context: Sequence[Any]) -> Any:
    """The most telling error among a ``oneOf``'s branches.

    A branch of another type than the value (the string form of a step written as a
    mapping) says nothing useful; among the branches of the right type, jsonschema's
    ``best_match`` chooses.
    """
    from jsonschema.exceptions import best_match

    branches: dict[Any, list[Any]] = {}
    for e in context:
        branches.setdefault(e.relative_schema_path[0] if e.relative_schema_path else None, []).append(e)
    fitting = [e for errs in branches.values() if not any(x.validator == "type" and not x.relative_path for x in errs) for e in errs]
    return best_match(fitting or list(context))


def _deepest(error: Any) -> Any:
    while error.context and not _is_value_choice(error):
        error = _best(error.context)
    return error


def did_you_mean(word: Any, choices: Iterable[Any]) -> str:
    """`` (did you mean 'spotted'?)`` for a near miss among ``choices``, else ``""``."""
    import difflib

    options = [str(c) for c in choices]
    close = difflib.get_close_matches(str(word), options, n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _unknown_key(key: Any, allowed: Sequence[Any], what: str, outcomes: Sequence[str] | None = None) -> str:
    lead = f"{what}: " if what else ""
    hint = did_you_mean(key, allowed)
    if outcomes is not None:
        others = [a for a in allowed if a not in outcomes and a not in CHECK_COMMON_KEYS]
        listing = f"outcomes: {', '.join(outcomes)}" + (f"; keys: {', '.join(others)}" if others else "")
        return f"{lead}unknown key {key!r}{hint} ({listing})"
    tail = f" (allowed: {', '.join(allowed)})" if allowed and len(allowed) <= 12 and not hint else ""
    return f"{lead}unknown key {key!r}{hint}{tail}"


def _message(error: Any) -> str:
    validator = error.validator
    instance = error.instance
    if _is_value_choice(error):
        return f"{_short(instance)} is not a number or a value reference ({{value: NAME}}, {{counter: NAME}}, {{ask: KEY}}, {{sum: [...]}})"
    if validator == "required":
        return error.message
    if validator in ("minProperties", "maxProperties") and isinstance(instance, dict) and error.schema.get("maxProperties") == 1:
        return "a step or predicate must be a mapping with exactly one key"
    if validator == "type":
        return f"{_short(instance)} is not of type {error.validator_value!r}{_type_hint(error.validator_value, instance)}"
    if validator == "pattern":
        return f"{_short(instance)} does not match {error.validator_value}"
    if validator == "enum":
        mark = _mark(error)
        what = f"{mark['what']} " if mark.get("what") else ""
        return f"unknown {what}{_short(instance)}{did_you_mean(instance, error.validator_value)} (known: {', '.join(map(str, error.validator_value))})"
    text = error.message
    return text if len(text) < 200 else text[:197] + "..."


def _type_hint(expected: Any, instance: Any) -> str:
    """What a newcomer most likely wrote instead, for the shapes YAML makes easy to get wrong:
    ``id: 2`` (a number where an id's text goes), a ``-`` with nothing after it, a mapping
    where a list goes (``counters: {fuel: ...}``) and the reverse."""
    if expected == "string" and isinstance(instance, (bool, int, float)):
        shown = str(instance).lower() if isinstance(instance, bool) else str(instance)
        return f": YAML reads it as a {'yes/no' if isinstance(instance, bool) else 'number'}; write it in quotes (\"{shown}\")"
    if instance is None and expected in ("object", "array", "string"):
        return ": nothing is written here (a '-' or a key with nothing after it)"
    if expected == "object" and isinstance(instance, list):
        return ": a list is given where a mapping (key: value) goes"
    if expected == "array" and isinstance(instance, Mapping):
        return ": a mapping is given where a list goes (each item on a line of its own starting with '- ')"
    if expected == "array" and isinstance(instance, str):
        return f": one text where a list goes (write [{instance}])" if len(instance) <= 30 else ": one text where a list goes"
    return ""


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
