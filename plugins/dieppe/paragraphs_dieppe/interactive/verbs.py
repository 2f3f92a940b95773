"""The orders of Dieppe's interactive game as records: a Procedure and a SessionVerb each.

Imported whenever the plugin host is built (each CLI start): the game is imported only
when an order runs.
"""

from __future__ import annotations

from collections.abc import Iterator

from paragraphs.records import Procedure, SessionVerb, SheetSection, VerbArgument
from paragraphs_raids.session_verbs import board_sheet_section, order_procedures, order_session_verbs

TITLE = "dieppe"

_UNITS = VerbArgument("units", "unit ids standing together, joined by commas (g2-1,g2-2,lovat)")
_PATH = VerbArgument("path", "the zones entered, in order", rest=True)


#: verb -> (help, arguments, rule section)
ORDERS: dict[str, tuple[str, tuple[VerbArgument, ...], str]] = {
    "next": ("end your British phase: the Germans fire, move and reinforce, then the next turn up to your actions (the set-up at the start)", (), "4"),
    "land": ("units aboard an LCA (or the LCA: all it carries) land on a beach and may walk on; wire stops them (land lca-7 ORANGE2 C6)", (_UNITS, VerbArgument("path", "the beach, then the zones entered", rest=True)), "9.2"),
    "move": ("units standing together move on land; entering Germans or a face-down marker is an assault; wire stops them; a commando entering a T zone cuts the telephone (move g2-1,g2-2,lovat ORANGE2 C6)", (_UNITS, _PATH), "9.2"),
    "bangalore": ("the same move or landing, blowing barbed wire with Bangalore torpedoes on the way (alarm +1 each)", (_UNITS, _PATH), "10"),
    "assault": ("commandos enter a joined zone held by Germans or a face-down marker, in column in the order named; you may take the last German prisoner (assault g2-1,g2-2 A2)", (_UNITS, VerbArgument("target", "the zone assaulted")), "11.2"),
    "embark": ("units on a beach go aboard an LCA in the joined ship waiting zone (embark g2-1,g2-2 lca-7)", (_UNITS, VerbArgument("lca", "the LCA (lca-7)")), "9.2"),
    "sail": ("LCAs standing together sail along the sea lines (sail lca-4,lca-5 SEA-W CH-W NEWHAVEN)", (VerbArgument("lcas", "LCA ids joined by commas"), _PATH), "9"),
    "fire": ("units of one zone fire at a zone in range, the first named shooting (fire g2-1,g2-2 P1; the sniper may aim: fire sniper F1 UNIT)", (_UNITS, VerbArgument("target", "the zone fired at"), VerbArgument("aim", "the sniper's target in that zone", optional=True)), "11.1"),
    "reorganise": ("put another unit of your stack on top, holding the front line (reorganise C6 g2-3); no action", (VerbArgument("zone", "the stack's zone"), VerbArgument("unit", "one unit id")), "2.2"),
}


def procedures() -> Iterator[Procedure]:
    yield from order_procedures(TITLE, ORDERS, "paragraphs_dieppe.interactive.game")


def session_verbs() -> Iterator[SessionVerb]:
    yield from order_session_verbs(TITLE, ORDERS)


def sheet_sections() -> Iterator[SheetSection]:
    """The board on the session's sheet (``sheet`` shows it after the core's lines)."""
    yield from board_sheet_section(TITLE, "paragraphs_dieppe.interactive.views:DieppeGame")
