"""Starting a mission: the record sheet's opening values, taken from the mission's data."""

from __future__ import annotations

from typing import Any

from paragraphs.errors import UsageError


def initial_state(book: Any, options: dict[str, Any]) -> dict[str, Any]:
    """Values, notes and set-up of a new mission session (``--mission N``).

    Without a mission the sheet starts empty and the engine asks for what it needs.
    """
    mission = options.get("mission")
    if mission is None:
        return {}
    missions = book.data.get("missions", {})
    record = missions.get(str(mission))
    if record is None:
        raise UsageError(f"no mission {mission} in {book.title} (missions: {', '.join(sorted(missions))})")
    values: dict[str, Any] = {"mission": int(mission), "condition": 1, "condition_history": [1], "phase": "operations"}
    if record.get("los") is not None:
        values["los"] = int(record["los"])
    if record.get("radio"):
        values["radio"] = "manned"
    notes = [
        {"id": f"mission-{mission}-{i}", "text": text, "paragraph": f"mission {mission}"}
        for i, text in enumerate(record.get("standing_notes") or (), start=1)
    ]
    return {"values": values, "notes": notes}
