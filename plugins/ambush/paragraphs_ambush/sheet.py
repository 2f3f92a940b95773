"""The Ambush! part of the record sheet: victory, awards, the Round, units and markers by hex.

The core sheet shows tracks, VP with every reason, sightings, notes and armed reminders;
this section shows what the companion knows of the board in the words of the game.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from paragraphs.records import SheetSection

from paragraphs_ambush import TITLE

MISSION_IN_SOURCE = re.compile(r"\(Mission (\d+)\)")

#: what this section shows (the core sheet leaves them out)
CLAIMS = ("victory", "round", "gan_round", "gan_from", "units", "markers", "event_markers", "condition_history")


def _mission(state: Any, book: Any) -> dict[str, Any]:
    mission = state.values.get("mission")
    return dict(book.data.get("missions", {}).get(str(mission)) or {}) if mission is not None else {}


def sheet_data(state: Any, book: Any) -> dict[str, Any]:
    units = state.extra.get("units", {})
    victory = state.values.get("victory")
    return {
        "round": state.values.get("round"),
        "gan_round": state.values.get("gan_round"),
        "vp_needed": victory.get("need") if isinstance(victory, dict) else None,
        "victory_from": victory.get("paragraph") if isinstance(victory, dict) else None,
        "awards": [{"vp": a["vp"], "per": a["per"]} for a in _mission(state, book).get("vp_awards") or ()],
        "on_map": {u: e for u, e in units.items() if e.get("status") == "active"},
        "killed": sorted(u for u, e in units.items() if e.get("status") == "killed"),
        "removed": sorted(u for u, e in units.items() if e.get("status") == "removed"),
        "event_markers": list(state.extra.get("event_markers", [])),
        "markers": list(state.extra.get("markers", [])),
    }


def sheet_lines(state: Any, book: Any) -> list[str]:
    data = sheet_data(state, book)
    lines = []
    if data["round"]:
        gan = state.values.get("gan")
        fresh = data["gan_round"] == data["round"]
        lines.append(f"Round {data['round']}" + (f", German Action Number {gan}" + ("" if fresh else " (from an earlier Round)") if gan is not None else ""))
    victory = state.values.get("victory")
    if isinstance(victory, dict):
        text = f"VP needed to win: {victory['need']} (from {victory['paragraph']})"
        if victory.get("end_condition"):
            text += f"; the Mission ends in Condition {victory['end_condition']}"
        lines.append(text)
    elif _mission(state, book).get("victory_revealed_in_play"):
        lines.append("VP needed to win: not revealed yet (a paragraph will say)")
    if data["awards"]:
        lines.append("Mission awards (award WORD): " + "; ".join(f"{a['vp']:+d} VP per {a['per']}" for a in data["awards"]))
    if data["on_map"]:
        lines.append("On the map:")
        for unit, entry in data["on_map"].items():
            where = f" in {entry['hex']}" if entry.get("hex") else ""
            detail = [str(entry["stance"])] if entry.get("stance") else []
            if entry.get("facing"):
                detail.append(f"facing {entry['facing']}")
            if entry.get("special_reactions"):
                detail.append("Special Reaction " + ", ".join(entry["special_reactions"]))
            lines.append(f"   - {unit}{where}" + (f" ({'; '.join(detail)})" if detail else ""))
    if data["killed"]:
        lines.append("Killed: " + ", ".join(data["killed"]))
    if data["removed"]:
        lines.append("Removed from the map: " + ", ".join(data["removed"]))
    if data["event_markers"]:
        placed = [f"{m['hex']} ({m['paragraph']})" for m in data["event_markers"] if m.get("hex")]
        unplaced = [m["paragraph"] for m in data["event_markers"] if not m.get("hex")]
        text = "Event markers: " + (", ".join(placed) if placed else "none by hex")
        if unplaced:
            text += "; hex not recorded for " + ", ".join(unplaced) + " (marker PARAGRAPH HEX)"
        lines.append(text)
    for marker in data["markers"]:
        lines.append(f"Marker: {str(marker['marker']).replace('_', ' ')} in {', '.join(marker['hexes'])} ({marker['paragraph']})")
    return lines


def _missions_of(book: Any) -> dict[str, set[int]]:
    """Paragraph id -> the missions its entry points name (``Mission Card hex (Mission 20)``)."""
    found: dict[str, set[int]] = {}
    for ep in book.entry_points:
        match = MISSION_IN_SOURCE.search(ep.source)
        if match:
            found.setdefault(ep.paragraph, set()).add(int(match.group(1)))
    return found


def warnings(state: Any, book: Any, paragraph: str) -> list[str]:
    """Before a read: a paragraph that the index ties to another mission (no text shown)."""
    mission = state.values.get("mission")
    missions = _missions_of(book).get(paragraph)
    if mission is None or not missions or int(mission) in missions:
        return []
    named = " and ".join(str(n) for n in sorted(missions))
    return [f"{paragraph} is a paragraph of Mission {named} by the project's index of entry points, and this session plays Mission {mission}: check the number you were sent to."]


def sheet_sections() -> Iterator[SheetSection]:
    yield SheetSection("ambush-board", TITLE, sheet_lines, sheet_data, CLAIMS, warnings)
