"""A raid game's shared parts as JSON data, for an interactive session to keep between steps.

Each raid title writes its whole game into the session state after every order and reads
it back before the next (its ``boardstate`` module). The parts every raid game has are
written the same way, here: the pieces (where each stands, its side showing, its marker,
what it carries), the stacks in their order on the table, the alert track with the events
seen and pending, and the face-down markers with what each hides. The kinds of the
counters always come from the title's scenario, never from the data.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from paragraphs_raids.alert import AlertTrack
from paragraphs_raids.markers import MarkerBack
from paragraphs_raids.stacks import Piece, UnitKind


def back_json(back: MarkerBack | None) -> Any:
    if back is None:
        return None
    return {"units": [[t, n] for t, n in back.units], "obstacle": back.obstacle}


def back_from(data: Any) -> MarkerBack | None:
    if data is None:
        return None
    return MarkerBack(tuple((str(t), int(n)) for t, n in data["units"]), data.get("obstacle"))


def piece_json(p: Piece) -> dict[str, Any]:
    return {"zone": p.zone, "reduced": p.reduced, "acted": p.acted, "carrying": list(p.carrying)}


def piece_from(cid: str, kind: UnitKind, name: str, group: str, rec: Mapping[str, Any]) -> Piece:
    return Piece(cid, kind, name, group, str(rec["zone"]), bool(rec["reduced"]), bool(rec["acted"]), list(rec["carrying"]))


def stacks_json(stacks: Mapping[str, list[Piece]]) -> dict[str, list[str]]:
    return {z: [p.id for p in s] for z, s in stacks.items() if s}


def stacks_from(data: Mapping[str, list[str]], pieces: Mapping[str, Piece]) -> dict[str, list[Piece]]:
    # the stored order is the order on the table: no sorting on the way back in
    return {zone: [pieces[i] for i in ids] for zone, ids in data.items()}


def alert_json(a: AlertTrack) -> dict[str, Any]:
    return {"level": a.level, "seen": dict(a.seen), "pending": [[x, e] for x, e in a.pending], "reached": list(a.reached)}


def restore_alert(a: AlertTrack, data: Mapping[str, Any]) -> AlertTrack:
    """``a`` (built from the scenario: its maximum and events) set back to the data's level,
    events seen, increases pending and watched levels reached."""
    a.level = int(data["level"])
    a.seen = {str(k): int(v) for k, v in data["seen"].items()}
    a.pending = [(int(x), str(e)) for x, e in data["pending"]]
    a.reached = [int(x) for x in data["reached"]]
    return a
