"""The orders of the interactive game as records: a Procedure and a SessionVerb each.

Imported whenever the plugin host is built (each CLI start): the game is imported only
when an order runs.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from paragraphs.records import Procedure, SessionVerb, SheetSection, VerbArgument

TITLE = "bruneval"

_UNITS = VerbArgument("units", "unit ids standing together, joined by commas (nelson-1,nelson-2)")
_UNIT = VerbArgument("unit", "one unit id (drake-engineers)")


def _run(name: str) -> Any:
    def call(ctx: Any, **args: Any) -> Any:
        from paragraphs.errors import UsageError
        from paragraphs_raids.session_game import BOARD_KEY

        from paragraphs_bruneval.interactive import game

        if BOARD_KEY not in ctx.state.extra:
            # not an odds procedure: it acts on a game in progress, which only a session has
            raise UsageError(f"order_{name} is an order of the interactive game (paragraphs play bruneval, then {name}); it has no odds of its own (in the game: odds {name} ...)")
        return getattr(game, f"order_{name}")(ctx, **args)

    call.__name__ = f"order_{name}"
    return call


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
    for verb, (text, args, section) in ORDERS.items():
        yield Procedure(id=f"order_{verb}", title=TITLE, function=_run(verb), doc=f"Interactive game order: {text}.", section=section)


def session_verbs() -> Iterator[SessionVerb]:
    for verb, (text, args, _) in ORDERS.items():
        yield SessionVerb(verb, TITLE, text, f"order_{verb}", args)
    # the same step as next, under the word a player ending his phase may type
    yield SessionVerb("pass", TITLE, "the same as next", "order_next", ())


def _board_lines(state: Any, book: Any) -> list[str]:
    from paragraphs_raids.session_game import BOARD_KEY

    from paragraphs_bruneval.interactive.views import BrunevalGame

    return ["board:", *BrunevalGame(book).board_text(state.extra.get(BOARD_KEY))]


def sheet_sections() -> Iterator[SheetSection]:
    """The board on the session's sheet (``sheet`` shows it after the core's lines)."""
    yield SheetSection("bruneval-board", TITLE, _board_lines)
