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
:func:`board_error` is the error all of them raise: it says every problem (up to
:data:`LISTED_PROBLEMS`), each on its own line, since a player fixing a file by hand wants
them all at once.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from paragraphs.errors import ContentError, UsageError
from paragraphs.problems import Problem, SourcePos, shown
from paragraphs_raids.stacks import UnitKind
from paragraphs_raids.state import BOAT
from paragraphs_raids.zonemap import ZoneMap

#: JSON path (keys and indexes) -> where it is in the board file.
Locator = Callable[[Sequence[str | int]], SourcePos]

#: How many problems of a board file are listed at once (about a screenful); the rest are
#: counted, and shown once these are fixed.
LISTED_PROBLEMS = 20


def board_error(problems: Sequence[Problem]) -> ContentError:
    """The error for a board file's problems: one alone is one line at its ``file:line:col``;
    several are each on a line of their own in file order (the first :data:`LISTED_PROBLEMS`,
    then how many more), under a line that counts them. The error keeps every problem."""
    error = ContentError(list(problems))
    found = error.problems  # sorted by place
    if len(found) < 2:
        return error
    lines = [f"{len(found)} problems in the board file {shown(found[0].pos.path)}:"]
    lines += [f"  {p.format()}" for p in found[:LISTED_PROBLEMS]]
    if len(found) > LISTED_PROBLEMS:
        lines.append(f"  ... and {len(found) - LISTED_PROBLEMS} more (fix these and run again)")
    return ContentError(found, summary="\n".join(lines))


def load_board_json(path: str | Path, schema: Mapping[str, Any]) -> tuple[Any, Locator]:
    """Read a board file and check it against ``schema`` (JSON Schema 2020-12).

    Raises:
        UsageError: the file does not exist or cannot be read.
        ContentError: not valid JSON (``BOARD001``) or breaks the schema (``BOARD002``,
            every problem listed).
    """
    p = Path(path)
    title = schema.get("properties", {}).get("title", {}).get("const")
    try:
        text = p.read_text(encoding="utf-8-sig")  # a byte order mark (Notepad) is not an error
    except FileNotFoundError:
        # a newcomer's first try: say where a board file comes from
        hint = f" (paragraphs board {title} --new FILE writes the set-up's)" if isinstance(title, str) else ""
        raise UsageError(f"{path}: no such board file{hint}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"{path}: cannot read the board file ({exc})") from None
    display = str(path)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise board_error([Problem(SourcePos(display, exc.lineno, exc.colno), "BOARD001", f"not valid JSON: {exc.msg}")]) from None
    where = _positions(text, display)
    other = data.get("title") if isinstance(data, dict) else None
    if isinstance(title, str) and isinstance(other, str) and other.strip() and other != title and not did_you_mean(other, [title]):
        # another title's board (not a typo of this one): its every field would be
        # reported as wrong, as if the player's board were broken
        said = f"its \"title\" says {other}: a board file of another title, not of {title}"
        raise board_error([Problem(where(["title"]), "BOARD002", said, json_path="$.title")])
    problems = schema_problems(data, schema, where)
    if problems:
        raise board_error(problems)
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
        if chosen.validator == "additionalProperties" and isinstance(chosen.instance, Mapping) and isinstance(chosen.schema, Mapping):
            # a key typed wrong: at the key, with the key meant (jsonschema says only
            # "Additional properties are not allowed", at the object's opening brace)
            allowed = [str(k) for k in chosen.schema.get("properties", {})]
            for key in sorted(str(k) for k in chosen.instance if k not in allowed):
                out.append(Problem(where([*at, key]), "BOARD002", f"unknown key {key!r}{did_you_mean(key, allowed)}", json_path=_json_path([*at, key])))
            continue
        out.append(Problem(where(at), "BOARD002", _said(chosen), json_path=_json_path(at)))
    return out


#: a schema message longer than this is shortened, in the value it quotes, never in its reason
LONGEST = 160


def _said(error: Any) -> str:
    """The schema's message with the reason kept whole: jsonschema quotes the whole value
    first (a list of 28 garrison counters), so cutting the message at its end cut the
    reason off ("['gi-1', 'gi-2', ... 'gm...") and left the player nothing to fix."""
    instance = error.instance
    if error.validator == "uniqueItems" and isinstance(instance, list):
        keys = [repr(v) if isinstance(v, str) else json.dumps(v, sort_keys=True) for v in instance]
        twice = [k for k in dict.fromkeys(keys) if keys.count(k) > 1]
        return f"names {', '.join(twice)} more than once: list each once"
    message = str(error.message)
    if len(message) < LONGEST:
        return message
    quoted = repr(instance)
    if message.startswith(quoted):
        return quoted[:60] + "..." + message[len(quoted):]
    return message[: LONGEST - 3] + "..."


def _json_path(at: Sequence[str | int]) -> str:
    return "$" + "".join(f"[{a}]" if isinstance(a, int) else f".{a}" for a in at)


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'LANE'?)`` for a near miss among ``choices``, else ``""``: for the ids
    an owner types by hand (a board file, an overlay of the map or the counters)."""
    import difflib

    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def unknown_id(what: str, value: str, known: Iterable[str], title: str, kind: str) -> str:
    """``unknown zone 'LAEN' (did you mean 'LANE'?; paragraphs ids bruneval --kind zones
    lists them)``: a board is typed by hand, so the message says what was meant, or where
    the ids to type are listed."""
    close = did_you_mean(value, [str(k) for k in known])
    hint = f"{close[2:-1]}; " if close else ""
    return f"unknown {what} {value!r} ({hint}paragraphs ids {title} --kind {kind} lists them)"


def rules_in_play(path: str | Path, in_file: Iterable[str] | None, on_command_line: Iterable[str] | None, field: str) -> frozenset[str]:
    """The optional rules the companion plays: those the board file records (``field``)
    and those ``--optional``/``--difficulty`` name must agree when both are given; either
    alone is taken as it is; neither is none.

    The file is the game's record (``board --new`` and ``turn --out`` write it), so a
    command line that says otherwise is a mistake to show, not a choice to make.

    Raises:
        UsageError: the two disagree (one line, both sets named).
    """
    if on_command_line is None:
        return frozenset(in_file or ())
    wanted = frozenset(on_command_line)
    if in_file is not None and frozenset(in_file) != wanted:
        said = ", ".join(sorted(in_file)) or "none"
        asked = ", ".join(sorted(wanted)) or "none"
        raise UsageError(f"{path}: the board file's {field} says the optional rules are {said}, the command line says {asked}: drop --optional/--difficulty (the file keeps them) or correct the file")
    return wanted


def board_text(data: Mapping[str, Any]) -> str:
    """A board file's text as a player edits it by hand: a key a line, and each counter,
    marker or entry of a list or mapping of the file on a line of its own (``json.dumps``
    with an indent puts every field of every counter on its own line: a set-up of forty
    counters ran to two hundred lines)."""

    def one(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    fields = []
    for key, value in data.items():
        if isinstance(value, list) and value and all(isinstance(v, (dict, list)) for v in value):
            inner = ",\n".join(f"    {one(v)}" for v in value)
            fields.append(f"  {one(key)}: [\n{inner}\n  ]")
        elif isinstance(value, dict) and value:
            inner = ",\n".join(f"    {one(k)}: {one(v)}" for k, v in value.items())
            fields.append(f"  {one(key)}: {{\n{inner}\n  }}")
        else:
            fields.append(f"  {one(key)}: {one(value)}")
    return "{\n" + ",\n".join(fields) + "\n}\n"


# --------------------------------------------------------------------------- the rules


@dataclass(frozen=True)
class BoardRules:
    """What a raid title's board file must respect beyond its schema (every raid title's
    rules: known ids, one side per zone, stacking limits, boats and their cargo, what a
    unit may carry, markers only where markers go).

    Attributes:
        zmap: the title's zone map (zone ids and stacking limits).
        kinds: counter id -> its unit kind (side, role, points of each side).
        activation_zones: zones where a face-down marker may lie.
        boat_only_zones: zones whose limit counts boats only.
        can_carry: ``(carrier kind, object) -> bool``: whether a unit may carry an object
            (a prisoner's counter id, or one of the title's objects).
        carry_rule: the rule in words, for the refusal (``British units carry radar
            operators and the wurzburg``).
        sides_rule: the rule that keeps sides apart, for the message (``rule 2.3``).
    """

    zmap: ZoneMap
    kinds: Mapping[str, UnitKind]
    activation_zones: frozenset[str]
    boat_only_zones: frozenset[str] = frozenset()
    can_carry: Callable[[UnitKind, str], bool] = lambda kind, obj: False
    carry_rule: str = "this unit carries nothing"
    sides_rule: str = ""


def board_rule_problems(data: Mapping[str, Any], rules: BoardRules, where: Callable[..., SourcePos]) -> list[Problem]:
    """Every rule problem of a board that passed its schema, at its place (``where(*path)``).

    ``BOARD003`` unknown counter or zone, ``BOARD004`` a counter listed or carried twice,
    ``BOARD005`` both sides in one zone, ``BOARD006`` a bad ``aboard`` or ``carrying``,
    ``BOARD007`` a marker outside an activation zone or under units, ``BOARD008`` a
    stacking limit broken. A title adds its own checks (Bruneval's ``BOARD009``).
    """
    out: list[Problem] = []
    zmap = rules.zmap
    title = str(data.get("title", ""))
    seen: dict[str, int] = {}
    sides: dict[str, set[str]] = {}
    points: dict[str, int] = {}
    carried: set[str] = set()
    units = data["units"]
    for i, u in enumerate(units):
        uid, zone = u["id"], u["zone"]
        kind = rules.kinds.get(uid)
        if kind is None:
            out.append(Problem(where("units", i, "id"), "BOARD003", unknown_id("counter", uid, rules.kinds, title, "counters")))
            continue
        if uid in seen:
            out.append(Problem(where("units", i, "id"), "BOARD004", f"counter {uid!r} is listed twice (first at line {where('units', seen[uid]).line})"))
        seen.setdefault(uid, i)
        if zone not in zmap.by_id:
            out.append(Problem(where("units", i, "zone"), "BOARD003", unknown_id("zone", zone, zmap.by_id, title, "zones")))
            continue
        if u.get("aboard"):
            boat = next((b for b in units if b["id"] == u["aboard"]), None)
            boat_kind = rules.kinds.get(u["aboard"])
            if boat is None or boat_kind is None or boat_kind.role != BOAT or boat["zone"] != zone:
                out.append(Problem(where("units", i, "aboard"), "BOARD006", f"{uid}: {u['aboard']!r} is not a boat on the board in {zone}"))
            continue
        sides.setdefault(zone, set()).add(kind.side)
        if zone not in rules.boat_only_zones or kind.role == BOAT:
            side = kind.reduced if u.get("reduced") and kind.reduced else kind.full
            points[zone] = points.get(zone, 0) + side.points
        for obj in u.get("carrying", ()):
            if not rules.can_carry(kind, obj):
                out.append(Problem(where("units", i, "carrying"), "BOARD006", f"{uid} cannot carry {obj!r} ({rules.carry_rule})"))
            elif obj in carried:
                out.append(Problem(where("units", i, "carrying"), "BOARD004", f"{obj!r} is carried twice"))
            carried.add(obj)
    for i, u in enumerate(units):
        if u["id"] in carried:
            out.append(Problem(where("units", i, "id"), "BOARD004", f"{u['id']} is carried as a prisoner and also listed on the map"))
    for zone, found in sides.items():
        if len(found) > 1:
            i = next(k for k, u in enumerate(units) if u["zone"] == zone)
            rule = f" ({rules.sides_rule})" if rules.sides_rule else ""
            out.append(Problem(where("units", i, "zone"), "BOARD005", f"{' and '.join(s.capitalize() for s in sorted(found))} units share zone {zone}{rule}"))
    for zone, total in points.items():
        if zone in zmap.by_id and total > zmap.zone(zone).stacking:
            i = next(k for k, u in enumerate(units) if u["zone"] == zone)
            out.append(Problem(where("units", i, "zone"), "BOARD008", f"zone {zone} holds {total} stacking points, over its limit of {zmap.zone(zone).stacking}"))
    for i, m in enumerate(data.get("markers", ())):
        if m["zone"] not in rules.activation_zones:
            out.append(Problem(where("markers", i, "zone"), "BOARD007", f"{m['zone']!r} is not an activation zone"))
        elif m["zone"] in sides:
            out.append(Problem(where("markers", i, "zone"), "BOARD007", f"units stand in {m['zone']}, where a marker is still face down"))
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
