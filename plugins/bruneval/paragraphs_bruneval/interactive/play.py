"""``paragraphs play bruneval``: the whole game, the player commanding the British.

A core session (:func:`paragraphs_raids.session_game.run_interactive`): the orders are
the title's session verbs (:mod:`paragraphs_bruneval.interactive.verbs`), the views its
:class:`~paragraphs_bruneval.interactive.views.BrunevalGame`.
"""

from __future__ import annotations

import argparse
from typing import Any

from paragraphs.errors import UsageError


def run_interactive(spec: Any, args: argparse.Namespace, host: Any) -> int:
    from paragraphs.cli.commands import open_engine
    from paragraphs_raids.session_game import run_interactive as run

    from paragraphs_bruneval.interactive.views import BrunevalGame
    from paragraphs_raids.templates import choices_of

    if getattr(args, "policy", None):
        raise UsageError("--policy chooses the automatic player: use it with --auto")
    options = choices_of(spec, args)
    engine = open_engine(args, host)
    rules = spec.describe_options(options)
    banner = f"{spec.name}: you command the British; the rules play the Germans" + (f" ({rules})" if rules else "") + "."
    return run(args, host, BrunevalGame(engine.book), banner=banner, start_args={"commando": options.commando, "events": options.events}, engine=engine)
