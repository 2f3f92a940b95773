"""Bruneval's board-file schema: the raid series' shape plus what only Bruneval has.

The shape (title, turn, alert, units with their states, face-down markers) is the raid
layer's :func:`paragraphs_raids.boardfile.board_schema`; Bruneval adds its object (the
dismantled Würzburg a unit carries), its tracks' ranges, the counters still in the box,
its objectives and its optional rule. Imported at every CLI start (the schema is
registered then): it imports nothing heavy.
"""

from __future__ import annotations

from typing import Any

from paragraphs_raids.boardfile import board_schema

SCHEMA_ID = "https://paragraphs.dev/schemas/bruneval/board.schema.json"
#: Rule 4: thirteen game turns; rule 15: the alert track runs 0-6 (content: setup and
#: title tracks; a test checks these agree with the scenario).
TURNS = 13
ALERT_MAX = 6
WURZBURG = "wurzburg"

OWN_FIELDS: dict[str, Any] = {
    "garrison_left": {"type": "integer", "minimum": 0, "description": "Garrison counters still off the map (default: every garrison counter not on the board)."},
    "reinforcements_left": {"type": "integer", "minimum": 0, "description": "685th counters still off the map (default: every one not on the board)."},
    "wurzburg": {
        "type": "object",
        "properties": {
            "status": {"enum": ["intact", "dismantled", "embarked", "lost"]},
            "zone": {"type": "string", "description": "Where a dismantled radar lies when nobody carries it."},
        },
        "additionalProperties": False,
    },
    "villa_destroyed": {"type": "boolean"},
    "boats_arrived": {"type": "boolean"},
    "combats": {"type": "integer", "minimum": 0, "description": "Combats fought so far; the first two raise the alert (default 2: both rises already on the track)."},
    "optional_commando": {"type": "boolean", "description": "Optional rule 18 in use."},
}


def bruneval_board_schema() -> dict[str, Any]:
    return board_schema(
        schema_id=SCHEMA_ID,
        title="bruneval",
        name="Raid sur Bruneval 1942",
        turns=TURNS,
        alert_max=ALERT_MAX,
        objects=(WURZBURG,),
        properties=OWN_FIELDS,
        description=(
            "The real board as the player sees it at phase E (German actions): where each counter stands, which side shows, "
            "which carry an action marker, the face-down activation markers, the tracks. Counter and zone ids are those of "
            "the title's content (`paragraphs ids bruneval`)."
        ),
    )
