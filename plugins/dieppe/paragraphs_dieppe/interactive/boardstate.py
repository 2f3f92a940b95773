"""A whole Dieppe game as JSON data, kept in the interactive session's state between orders.

Unlike a board file (:mod:`paragraphs_dieppe.board`, what a player can read off his
table), this keeps everything the rules remember between two steps: the action log of
the British phase (two different actions a unit, the open activation), the alarm events
seen, what each face-down marker hides, the containers' order, the objectives, the groups
delayed or off course... so an order performed after a reload, an undo or a replay meets
exactly the game it left. The shared parts are :mod:`paragraphs_raids.snapshot`'s; the
counters' kinds come from the scenario, never from the data.
"""

from __future__ import annotations

from typing import Any

from paragraphs_raids.actions import ActionLog
from paragraphs_raids.alert import AlertTrack
from paragraphs_raids.dice import Roller
from paragraphs_raids.journal import Journal
from paragraphs_raids.markers import ActivationMarkers, Container
from paragraphs_raids.snapshot import alert_json, back_from, back_json, piece_from, piece_json, restore_alert, stacks_from, stacks_json

from paragraphs_dieppe.game.state import GameState, Options
from paragraphs_dieppe.scenario import Scenario

#: Fields kept as they are (numbers, text, None).
_PLAIN = ("turn", "phase", "telephone_cut", "hess_killed", "hess_last_turn", "flak_killed", "pillboxes_killed", "prisoner", "prisoner_taken", "flipped_all")
#: Fields that are sets of text (kept sorted).
_SETS = ("telephones", "reembarked", "stuck", "first_infantry_back")


def game_to_json(g: GameState) -> dict[str, Any]:
    """Everything of ``g`` but the scenario, the roller, the journal and the hooks."""
    o = g.options
    data: dict[str, Any] = {
        "options": {"bad_luck": o.bad_luck, "alarm": o.alarm, "vorwarts": o.vorwarts, "events": o.events, "difficulty": o.difficulty},
        "alarm": alert_json(g.alarm),
        "pieces": {pid: piece_json(p) for pid, p in g.pieces.items()},
        "stacks": stacks_json(g.stacks),
        "aboard": {b: list(c) for b, c in g.aboard.items()},
        "markers": {z: back_json(b) for z, b in g.markers.hidden.items()},
        "obstacles": dict(g.obstacles),
        "garrison": list(g.garrison),
        "reinforcements": list(g.reinforcements),
        "delayed": [[e, n] for e, n in g.delayed],
        "log": {"used": {k: list(v) for k, v in g.log.used.items()}, "active": sorted(g.log.active), "closed": sorted(g.log.closed)},
        "officers_killed": list(g.officers_killed),
        "lost": list(g.lost),
        "late": dict(g.late),
        "off_course": dict(g.off_course),
    }
    data.update({name: getattr(g, name) for name in _PLAIN})
    data.update({name: sorted(getattr(g, name)) for name in _SETS})
    if g.officer_led is not None:  # ruling R21 phase_start only: other saves stay as they were
        data["officer_led"] = sorted(g.officer_led)
    return data


def game_from_json(data: dict[str, Any], scenario: Scenario, roll: Roller, journal: Journal | None = None) -> GameState:
    """The game :func:`game_to_json` wrote, ready for the rules to go on."""
    o = data["options"]
    options = Options(bool(o["bad_luck"]), bool(o["alarm"]), bool(o["vorwarts"]), bool(o["events"]), o.get("difficulty"))
    g = GameState(scenario=scenario, roll=roll, options=options, journal=journal or Journal())
    g.alarm = restore_alert(AlertTrack(maximum=scenario.alarm_maximum, events=dict(scenario.alert_events), repeat=scenario.alert_repeat), data["alarm"])
    for cid, spec in scenario.counters.items():
        g.pieces[cid] = piece_from(cid, spec.kind, spec.name, spec.group, data["pieces"][cid])
    g.stacks = stacks_from(data["stacks"], g.pieces)
    g.aboard = {b: list(c) for b, c in data["aboard"].items()}
    g.markers = ActivationMarkers({z: back_from(b) for z, b in data["markers"].items()})
    g.obstacles = dict(data["obstacles"])
    g.garrison = Container(data["garrison"], lambda c: g.pieces[c].role)
    g.reinforcements = Container(data["reinforcements"], lambda c: g.pieces[c].role)
    g.delayed = [(int(e), int(n)) for e, n in data["delayed"]]
    log = data["log"]
    g.log = ActionLog(per_unit=2, distinct=True, closes=True, used={k: list(v) for k, v in log["used"].items()}, active=set(log["active"]), closed=set(log["closed"]))
    g.officers_killed = list(data["officers_killed"])
    g.lost = list(data["lost"])
    g.late = {str(k): int(v) for k, v in data["late"].items()}
    g.off_course = {str(k): str(v) for k, v in data["off_course"].items()}
    for name in _PLAIN:
        setattr(g, name, data[name])
    for name in _SETS:
        setattr(g, name, set(data[name]))
    led = data.get("officer_led")  # absent: move_start, or a save from before the ruling
    g.officer_led = frozenset(led) if led is not None else None
    return g
