"""Board files: the player's real board as JSON, for the companion (``paragraphs turn``).

A board file (schema ``schemas/bruneval/board.schema.json``) lists every counter on the
map by id with its zone, side shown and action marker, the face-down activation markers,
and the tracks. :func:`read_board` checks it (JSON syntax, the schema, then the rules:
known ids, sides never sharing a zone, stacking limits...) and reports every problem at
its ``file:line:col``; :func:`board_json` writes a state back in the same format.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from paragraphs.problems import Problem, SourcePos
from paragraphs_raids.alert import AlertTrack
from paragraphs_raids.boardfile import BoardRules, Locator, board_error, board_rule_problems, load_board_json, rules_in_play, schema_problems
from paragraphs_raids.dice import Roller
from paragraphs_raids.markers import ActivationMarkers, MarkerBack
from paragraphs_raids.journal import Journal
from paragraphs_raids.stacks import BRITISH, Piece

from paragraphs_bruneval.game.state import WURZBURG, GameState, Options, Wurzburg
from paragraphs_bruneval.resources import schema
from paragraphs_bruneval.rules.alert import COMBAT
from paragraphs_bruneval.scenario import Scenario


def read_board(path: str | Path, scenario: Scenario, roll: Roller, journal: Journal | None = None, options: Options | None = None) -> GameState:
    """Load and check a board file; returns the game state it describes.

    Reading, JSON and schema checks are the raid layer's
    (:func:`paragraphs_raids.boardfile.load_board_json`); the rule checks are Bruneval's.
    Rule 18 is in play as the file's ``optional_commando`` says, or as ``options`` says
    (``turn bruneval --optional commando``; None when the command line names no rule);
    both given must agree.

    Raises:
        UsageError: the file does not exist or cannot be read, or it and ``options``
            disagree on rule 18.
        ContentError: the file is not valid JSON, breaks the schema or the rules (every
            problem is listed, each at its position).
    """
    data, where = load_board_json(path, schema("board"))
    # (a value of another type is left for the schema to report)
    if options is not None and isinstance(data, dict) and isinstance(data.get("optional_commando", False), bool):
        in_file = (["commando"] if data["optional_commando"] else []) if isinstance(data.get("optional_commando"), bool) else None
        rules = rules_in_play(path, in_file, ["commando"] if options.commando else [], "optional_commando")
        data = {**data, "optional_commando": "commando" in rules}
    return board_from_data(data, scenario, roll, journal, where)


def board_from_data(data: Any, scenario: Scenario, roll: Roller, journal: Journal | None = None, where: Locator | None = None) -> GameState:
    """The game state a board mapping describes (a board file's content, or the board a
    session save holds), checked against the schema and the rules like a file.

    ``where`` places a JSON path in the source (default: the title's board, line 0).

    Raises:
        ContentError: it breaks the schema or the rules (every problem is listed).
    """
    at: Locator = where or (lambda path: SourcePos("board", 0, 0))
    problems = schema_problems(data, schema("board"), at) or _rule_problems(data, scenario, lambda *path: at(path))
    if problems:
        raise board_error(problems)
    return _build(data, scenario, roll, journal or Journal())


def _rule_problems(data: Mapping[str, Any], scenario: Scenario, where: Any) -> list[Problem]:
    """The raid series' board rules (:func:`paragraphs_raids.boardfile.board_rule_problems`)
    with Bruneval's objects, then what only Bruneval checks (its optional rule 18)."""
    activation = frozenset(z for zones in scenario.activation_zones().values() for z in zones)
    rules = BoardRules(
        zmap=scenario.zmap,
        kinds={cid: spec.kind for cid, spec in scenario.counters.items()},
        activation_zones=activation,
        boat_only_zones=scenario.boat_only_zones,
        can_carry=lambda kind, obj: kind.side == BRITISH and (obj == WURZBURG or (obj in scenario.counters and scenario.counters[obj].kind.role == "radar_operator")),
        carry_rule="British units carry radar operators and the wurzburg",
        sides_rule="rule 2.3",
    )
    out = board_rule_problems(data, rules, where)
    optional = bool(data.get("optional_commando", False))
    for i, u in enumerate(data["units"]):
        spec = scenario.counters.get(u["id"])
        if spec is None:
            continue
        if spec.group == "commandos" and not optional and u["zone"] in scenario.zmap.by_id:
            out.append(Problem(where("units", i, "id"), "BOARD009", f"{u['id']} is a Commando of optional rule 18: set optional_commando to true"))
        if spec.kind.role == "radar_operator" and u.get("aboard") and u["zone"] in scenario.zmap.by_id:
            out.append(Problem(where("units", i, "aboard"), "BOARD006", f"{u['id']}: a prisoner is listed in `carrying` of his escort"))
    return sorted(out)


def _build(data: Mapping[str, Any], scenario: Scenario, roll: Roller, journal: Journal) -> GameState:
    options = Options(commando=bool(data.get("optional_commando", False)), events=False)
    g = GameState(scenario=scenario, roll=roll, options=options, journal=journal)
    g.turn = int(data["turn"])
    g.phase = "E"
    g.alert = AlertTrack(level=int(data["alert"]), minimum=0, maximum=scenario.alert_maximum, events=dict(scenario.alert_events))
    g.alert.seen[COMBAT] = int(data.get("combats", 2))
    for cid, spec in scenario.counters.items():
        kind = spec.kind
        if spec.group == "boats" and options.commando and "lca_light" in scenario.kinds:
            kind = scenario.kinds["lca_light"]
        g.pieces[cid] = Piece(cid, kind, spec.name, spec.group)
    on_board: set[str] = set()
    for u in data["units"]:
        piece = g.pieces[u["id"]]
        piece.reduced = bool(u.get("reduced", False))
        piece.acted = bool(u.get("acted", False))
        piece.carrying = list(u.get("carrying", ()))
        on_board.add(piece.id)
        on_board.update(o for o in piece.carrying if o != WURZBURG)
        if u.get("aboard"):
            g.aboard.setdefault(u["aboard"], []).append(piece.id)
        else:
            g.place(piece, u["zone"])
    g.holds_post = scenario.holds_post()
    # The player orders his own stacks: the top non-officer unit is his front line.
    g.british_front = lambda stack, attacking: stack[0]
    g.markers = ActivationMarkers({m["zone"]: (None if m.get("shows") is None else MarkerBack.count(int(m["shows"]))) for m in data.get("markers", ())})
    g.garrison_pool = _pool(scenario, "garrison", on_board, data.get("garrison_left"))
    g.reinforcement_pool = _pool(scenario, "reinforcements", on_board, data.get("reinforcements_left"))
    w = data.get("wurzburg") or {}
    carrier = next((u["id"] for u in data["units"] if WURZBURG in u.get("carrying", ())), None)
    status = w.get("status", "dismantled" if carrier else "intact")
    g.wurzburg = Wurzburg(status, w.get("zone", scenario.wurzburg_zone if status == "intact" else None), carrier)
    g.villa_destroyed = bool(data.get("villa_destroyed", False))
    g.boats_arrived = bool(data.get("boats_arrived", False))
    return g


def _pool(scenario: Scenario, group: str, on_board: set[str], left: int | None) -> list[str]:
    free = [c for c in scenario.group_counters(group) if c not in on_board]
    return free if left is None else free[: int(left)]


def board_json(g: GameState) -> dict[str, Any]:
    """The state as a board file (same format :func:`read_board` reads)."""
    units: list[dict[str, Any]] = []
    for zone in g.zmap.order:
        for p in g.stacks.get(zone, ()):
            units.append(_unit(p, zone))
            for cargo in g.aboard.get(p.id, ()):
                units.append(_unit(g.pieces[cargo], zone, aboard=p.id))
    out: dict[str, Any] = {
        "$schema": schema("board")["$id"],
        "title": "bruneval",
        "turn": g.turn,
        "alert": g.alert.level,
        "units": units,
        "markers": [{"zone": z, "shows": None if s is None else s.total} for z, s in g.markers.hidden.items()],
        "garrison_left": len(g.garrison_pool),
        "reinforcements_left": len(g.reinforcement_pool),
        "wurzburg": {"status": g.wurzburg.status} | ({"zone": g.wurzburg.zone} if g.wurzburg.zone else {}),
        "villa_destroyed": g.villa_destroyed,
        "boats_arrived": g.boats_arrived,
        "combats": g.alert.seen.get(COMBAT, 0),
        "optional_commando": g.options.commando,
    }
    return out


def setup_board(scenario: Scenario, options: Options) -> tuple[dict[str, Any], list[str]]:
    """The board file of the set-up (rule 3.1; rule 18 with ``options.commando``) and what
    the player should know about it (``board bruneval --new``).

    The posts stand in their zones, the alert is on 0 and the turn marker on 1; each
    activation zone has its marker face down with no ``shows``: the set-up deals them at
    random and unseen, so the backs its dice picked are dropped, never written.
    """
    from paragraphs_raids.dice import PrngRoller

    from paragraphs_bruneval.game.setup import new_game

    g = new_game(scenario, PrngRoller(0, scenario.conventions), options, Journal(enabled=False))
    g.markers = ActivationMarkers(dict.fromkeys(g.markers.hidden))  # where they lie, not what they hide
    data = board_json(g)
    data["markers"] = [{"zone": m["zone"]} for m in data["markers"]]
    notes = ["the British are not on the map yet: Drake and Nelson drop in turn 1, Rodney in turn 2 (rule 7); add each unit where it lands"]
    if options.commando:
        notes.append("optional rule 18: the LCAs are the light ones, each with a Commando aboard when they come (list them with aboard)")
    return data, notes


def _unit(p: Piece, zone: str, aboard: str | None = None) -> dict[str, Any]:
    rec: dict[str, Any] = {"id": p.id, "zone": zone}
    if p.reduced:
        rec["reduced"] = True
    if p.acted:
        rec["acted"] = True
    if aboard:
        rec["aboard"] = aboard
    if p.carrying:
        rec["carrying"] = list(p.carrying)
    return rec

