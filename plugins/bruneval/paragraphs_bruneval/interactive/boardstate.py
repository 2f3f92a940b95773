"""A whole Bruneval game state as JSON data, kept in a session's state between orders.

Unlike a board file (:mod:`paragraphs_bruneval.board`, what a player can read off his
table), this keeps everything the rules remember between two steps: the alert events
seen and pending, movement points rolled this turn, the groups lost or late, the
dismantling turns, what each marker hides... so an order performed after a reload, an
undo or a replay meets exactly the game it left. The counters' kinds come from the
scenario, never from the data.
"""

from __future__ import annotations

from typing import Any

from paragraphs_raids.alert import AlertTrack
from paragraphs_raids.dice import Roller
from paragraphs_raids.journal import Journal
from paragraphs_raids.markers import ActivationMarkers
from paragraphs_raids.snapshot import alert_json, back_from, back_json, piece_from, piece_json, restore_alert, stacks_from, stacks_json

from paragraphs_bruneval.game.state import GameState, Options, Wurzburg
from paragraphs_bruneval.scenario import Scenario


def game_to_json(g: GameState) -> dict[str, Any]:
    """Everything of ``g`` but the scenario, the roller and the journal."""
    pieces = {pid: piece_json(p) for pid, p in g.pieces.items()}
    return {
        "options": {"commando": g.options.commando, "events": g.options.events},
        "turn": g.turn,
        "phase": g.phase,
        "alert": alert_json(g.alert),
        "pieces": pieces,
        "stacks": stacks_json(g.stacks),
        "markers": {z: back_json(b) for z, b in g.markers.hidden.items()},
        "garrison_pool": list(g.garrison_pool),
        "reinforcement_pool": list(g.reinforcement_pool),
        "eliminated": list(g.eliminated),
        "aboard": {b: list(c) for b, c in g.aboard.items()},
        "sailed": list(g.sailed),
        "wurzburg": {"status": g.wurzburg.status, "zone": g.wurzburg.zone, "carrier": g.wurzburg.carrier},
        "villa_destroyed": g.villa_destroyed,
        "dismantling_turns": g.dismantling_turns,
        "in_w_at_start": sorted(g.in_w_at_start),
        "boats_arrived": g.boats_arrived,
        "boat_modifier": g.boat_modifier,
        "events_used": sorted(g.events_used),
        "late_entries": dict(g.late_entries),
        "lost_groups": sorted(g.lost_groups),
        "dropped_groups": sorted(g.dropped_groups),
        "capacity": dict(g.capacity),
        "boats_fought": sorted(g.boats_fought),
    }


def game_from_json(data: dict[str, Any], scenario: Scenario, roll: Roller, journal: Journal | None = None) -> GameState:
    """The game :func:`game_to_json` wrote, ready for the rules to go on."""
    opts = data["options"]
    options = Options(commando=bool(opts["commando"]), events=bool(opts["events"]))
    g = GameState(scenario=scenario, roll=roll, options=options, journal=journal or Journal())
    g.turn = int(data["turn"])
    g.phase = str(data["phase"])
    g.alert = restore_alert(AlertTrack(minimum=0, maximum=scenario.alert_maximum, events=dict(scenario.alert_events)), data["alert"])
    for cid, spec in scenario.counters.items():
        if cid not in data["pieces"]:
            continue  # a Commando of optional rule 18 when the rule is off
        kind = spec.kind
        if spec.group == "boats" and options.commando and "lca_light" in scenario.kinds:
            kind = scenario.kinds["lca_light"]
        g.pieces[cid] = piece_from(cid, kind, spec.name, spec.group, data["pieces"][cid])
    g.stacks = stacks_from(data["stacks"], g.pieces)
    g.markers = ActivationMarkers({z: back_from(b) for z, b in data["markers"].items()})
    g.garrison_pool = list(data["garrison_pool"])
    g.reinforcement_pool = list(data["reinforcement_pool"])
    g.holds_post = scenario.holds_post()
    g.eliminated = list(data["eliminated"])
    g.aboard = {b: list(c) for b, c in data["aboard"].items()}
    g.sailed = list(data["sailed"])
    w = data["wurzburg"]
    g.wurzburg = Wurzburg(w["status"], w["zone"], w["carrier"])
    g.villa_destroyed = bool(data["villa_destroyed"])
    g.dismantling_turns = int(data["dismantling_turns"])
    g.in_w_at_start = set(data["in_w_at_start"])
    g.boats_arrived = bool(data["boats_arrived"])
    g.boat_modifier = int(data["boat_modifier"])
    g.events_used = set(data["events_used"])
    g.late_entries = {str(k): int(v) for k, v in data["late_entries"].items()}
    g.lost_groups = set(data["lost_groups"])
    g.dropped_groups = set(data["dropped_groups"])
    g.capacity = {str(k): int(v) for k, v in data["capacity"].items()}
    g.boats_fought = set(data["boats_fought"])
    return g
