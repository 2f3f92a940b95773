"""The ``simulate`` and ``turn`` commands, shared by every raid title and dispatched by title.

The core dispatches ``play`` to a title's ``Command(extends="play")``; it has no such
mechanism yet for commands a title adds. These two commands fill the gap the same way:
one title-independent command (registered once, by ``paragraphs-bruneval`` for now) parses
the common options and hands over to the ``Command(extends="simulate"|"turn")`` record of
the title named on the command line. Another raid title joins by registering only its
extension records; registering a second ``simulate`` command would collide.

This module is imported at every CLI start (to build the parser), so it imports nothing
heavy.
"""

from __future__ import annotations

import argparse
from typing import Any

from paragraphs.errors import UsageError
from paragraphs.records import Command

SIMULATE = "simulate"
TURN = "turn"


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--overlay", action="append", default=[], metavar="DIR", help="lay your own content folder over the title's (repeatable)")
    p.add_argument("--no-cache", action="store_true", help="do not read or write the compiled-content cache")


def simulate_arguments(p: argparse.ArgumentParser) -> None:
    """Options of ``paragraphs simulate TITLE``."""
    p.add_argument("title", help="a raid title (bruneval)")
    p.add_argument("--games", type=_positive, default=1000, help="number of automatic games (default 1000)")
    p.add_argument("--seed", type=int, default=0, help="series seed; game i uses derive_seed(seed, i) (default 0)")
    p.add_argument("--jobs", type=_positive, default=None, help="worker processes (default: every core)")
    p.add_argument("--policy", metavar="ID", default=None, help="automatic player for the British (default: default)")
    p.add_argument("--no-events", action="store_true", help="play without the unexpected events")
    p.add_argument("--optional", action="append", default=[], metavar="RULE", help="use an optional rule (bruneval: commando); repeatable")
    p.add_argument("--json", action="store_true")
    _common(p)


def turn_arguments(p: argparse.ArgumentParser) -> None:
    """Options of ``paragraphs turn TITLE --state BOARD``."""
    p.add_argument("title", help="a raid title (bruneval)")
    p.add_argument("--state", required=True, metavar="BOARD", help="the board file (JSON) describing your real board")
    dice = p.add_mutually_exclusive_group()
    dice.add_argument("--seed", type=int, help="roll seeded dice")
    dice.add_argument("--dice", metavar="V,V,...", help="use your own rolls, in order")
    p.add_argument("--out", metavar="FILE", help="write the board after the German actions to FILE")
    p.add_argument("--json", action="store_true")
    _common(p)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, not {value}")
    return value


def dispatcher(name: str) -> Any:
    """The ``run`` of command ``name``: hand over to the title's extension record."""

    def run(args: argparse.Namespace, host: Any) -> int:
        host.title(args.title)  # unknown title: one-line usage error
        for ext in host.records("paragraphs_register_commands", args.title):
            if ext.extends == name and ext.title == args.title and ext.run is not None:
                return int(ext.run(args, host) or 0)
        able = sorted({c.title for c in host.records("paragraphs_register_commands") if c.extends == name and c.title})
        raise UsageError(f"title {args.title!r} has no {name} command (titles with one: {', '.join(able) or 'none'})")

    return run


def simulate_command() -> Command:
    """The shared ``simulate`` command record."""
    return Command(
        id=SIMULATE,
        title=None,
        help="Monte Carlo series of automatic games of a raid title",
        add_arguments=simulate_arguments,
        run=dispatcher(SIMULATE),
    )


def turn_command() -> Command:
    """The shared ``turn`` command record (companion: what the Germans do this turn)."""
    return Command(
        id=TURN,
        title=None,
        help="companion: the German actions of this turn, for the board in your state file",
        add_arguments=turn_arguments,
        run=dispatcher(TURN),
    )


def parse_dice(text: str) -> list[int]:
    """``"3,5, 2"`` -> ``[3, 5, 2]``.

    Raises:
        UsageError: something else than whole numbers.
    """
    try:
        return [int(v) for v in text.replace(" ", "").split(",") if v != ""]
    except ValueError:
        raise UsageError(f"--dice takes whole numbers separated by commas, not {text!r}") from None
