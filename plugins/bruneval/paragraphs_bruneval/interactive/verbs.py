"""The orders of the interactive game as records: a Procedure and a SessionVerb each.

Imported whenever the plugin host is built (each CLI start): the game is imported only
when an order runs.
"""

from __future__ import annotations

from collections.abc import Iterator

from paragraphs.records import Procedure, SessionVerb, SheetSection, VerbArgument
from paragraphs_raids.session_verbs import board_sheet_section, order_procedures, order_session_verbs

TITLE = "bruneval"

_UNITS = VerbArgument("units", "unit ids standing together, joined by commas (nelson-1,nelson-2)")
_UNIT = VerbArgument("unit", "one unit id (drake-engineers)")


#: verb -> (help, arguments, rule section)
ORDERS: dict[str, tuple[str, tuple[VerbArgument, ...], str]] = {
    "next": ("end your British phase: the alert, the German phase and the next turn up to your orders (the set-up at the start)", (), "4"),
    "move": ("move units standing together along zones (move nelson-1,nelson-2 DZ-A3 LANE)", (_UNITS, VerbArgument("path", "the zones entered, in order", rest=True)), "8"),
    "embark": ("move units onto the LCAs of an embarkation zone (embark drake-1 BEACH EMB-1)", (_UNITS, VerbArgument("path", "the zones entered, the embarkation zone last", rest=True)), "11"),
    "attack": ("attack a joined zone with units standing together (attack rodney-1,rodney-2 CALVAIRE)", (_UNITS, VerbArgument("target", "the zone attacked")), "9"),
    "capture": ("attack a radar operator alone in his zone to take him prisoner; the units after it move in (capture drake-1 W drake-1)", (_UNITS, VerbArgument("target", "the operator's zone"), VerbArgument("advance", "who moves in (default: the front line)", optional=True, rest=True)), "10"),
    "dismantle": ("try to dismantle the Würzburg with a unit in W", (_UNIT,), "10"),
    "destroy": ("try to destroy the Villa with a unit in it", (_UNIT,), "10"),
    "pickup": ("take up the dismantled Würzburg lying in the unit's zone", (_UNIT,), "10"),
    "sail": ("a loaded LCA that has not fought this turn sails away", (VerbArgument("boat", "the LCA (lca-1)"),), "11"),
    "land": ("optional rule 18: a Commando lands from its LCA on a joined beach, and may go on", (VerbArgument("commando", "the Commando (commando-1)"), VerbArgument("beach", "the beach zone"), VerbArgument("then", "zones entered after the beach", optional=True, rest=True)), "18"),
    "reorganise": ("after a combat, put another unit of your stack on top (reorganise LANE nelson-2)", (VerbArgument("zone", "the stack's zone"), _UNIT), "2.3"),
}


def procedures() -> Iterator[Procedure]:
    yield from order_procedures(TITLE, ORDERS, "paragraphs_bruneval.interactive.game")


def session_verbs() -> Iterator[SessionVerb]:
    yield from order_session_verbs(TITLE, ORDERS)


def sheet_sections() -> Iterator[SheetSection]:
    """The board on the session's sheet (``sheet`` shows it after the core's lines)."""
    yield from board_sheet_section(TITLE, "paragraphs_bruneval.interactive.views:BrunevalGame")
