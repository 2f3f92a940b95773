"""The records of a raid title's interactive orders: a Procedure and a SessionVerb each.

A raid title lists its orders (verb -> help, arguments, rule section) and names the module
holding their ``order_VERB`` functions and its :class:`~paragraphs_raids.session_game.InteractiveGame`;
this makes the records the plugin host registers. Imported whenever the host is built
(each CLI start): the title's game is imported only when an order runs or a sheet is shown.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import Any

from paragraphs.records import Procedure, SessionVerb, SheetSection, VerbArgument

#: verb -> (help, arguments, rule section)
Orders = Mapping[str, tuple[str, tuple[VerbArgument, ...], str]]


def _load(path: str) -> Any:
    module, _, name = path.partition(":")
    found = importlib.import_module(module)
    return getattr(found, name) if name else found


def _run(title: str, module: str, name: str) -> Any:
    def call(ctx: Any, **args: Any) -> Any:
        from paragraphs.errors import UsageError

        from paragraphs_raids.session_game import BOARD_KEY

        if BOARD_KEY not in ctx.state.extra:
            # not an odds procedure: it acts on a game in progress, which only a session has
            raise UsageError(f"order_{name} is an order of the interactive game (paragraphs play {title}, then {name}); it has no odds of its own (in the game: odds {name} ...)")
        return getattr(_load(module), f"order_{name}")(ctx, **args)

    call.__name__ = f"order_{name}"
    return call


def order_procedures(title: str, orders: Orders, module: str) -> Iterator[Procedure]:
    """One procedure ``order_VERB`` per order, running ``module``'s function of that name."""
    for verb, (text, _, section) in orders.items():
        yield Procedure(id=f"order_{verb}", title=title, function=_run(title, module, verb), doc=f"Interactive game order: {text}.", section=section)


def order_session_verbs(title: str, orders: Orders) -> Iterator[SessionVerb]:
    """One session verb per order, and ``pass``: the same step as ``next``."""
    for verb, (text, args, _) in orders.items():
        yield SessionVerb(verb, title, text, f"order_{verb}", args)
    # the same step as next, under the word a player ending his phase may type
    yield SessionVerb("pass", title, "the same as next", "order_next", ())


def board_sheet_section(title: str, game: str) -> Iterator[SheetSection]:
    """The board on the session's sheet (``sheet`` shows it after the core's lines);
    ``game`` is ``module:Class``, the title's InteractiveGame built from the book."""

    def lines(state: Any, book: Any) -> list[str]:
        from paragraphs_raids.session_game import BOARD_KEY

        return ["board:", *_load(game)(book).board_text(state.extra.get(BOARD_KEY))]

    yield SheetSection(f"{title}-board", title, lines)
