"""The options and Command records of ``play``, ``simulate``, ``turn`` and ``board``, shared by every raid title.

The core makes ``paragraphs simulate TITLE``, ``paragraphs turn TITLE`` and ``paragraphs
board TITLE`` out of the titles' ``Command(extends="simulate"|"turn"|"board")`` records and hands over to the one of the
title named; each raid title declares these same options in its records (identical
options of several titles are merged, on ``play`` too). The words are the same for every
title: ``--optional RULE`` (repeatable) for its optional rules, ``--difficulty LEVEL``
where the title prints levels, ``--no-events`` to leave out its unexpected events;
:func:`raid_choices` checks them against what the title has.

:func:`raid_commands` yields a title's three Command records; what they run is written
once in :mod:`paragraphs_raids.templates`, imported only when a command runs.
``board TITLE`` either draws a board (``--state FILE --svg OUT``) or writes the board file
of the set-up (``--new FILE``, :mod:`paragraphs_raids.setupboard`): :func:`board_arguments`
declares both, :func:`board_task` tells which was asked.

This module is imported at every CLI start (to build the parser), so it imports nothing
heavy.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from paragraphs.errors import UsageError


@dataclass(frozen=True, slots=True)
class ChoiceWords:
    """The words a title takes after ``--optional`` and ``--difficulty``, for the help of
    its options (:func:`raid_choices` checks them against the title when a command runs).

    The options are declared alike by every raid title and merged where several declare
    them, so the help names the title: ``play TITLE --help`` shows that title's words,
    and the help of every title's options together stays true of the one it names.
    """

    title: str
    optional: tuple[str, ...] = ()
    levels: tuple[str, ...] = ()

    def optional_help(self) -> str:
        return f"{self.title}: {', '.join(self.optional)}" if self.optional else f"{self.title} has none"

    def levels_help(self) -> str:
        return f"{self.title}: {', '.join(self.levels)}" if self.levels else f"{self.title} prints none"


def _choices(p: argparse.ArgumentParser | argparse._ArgumentGroup, words: ChoiceWords | None) -> None:
    _rules(p, words)
    p.add_argument("--no-events", action="store_true", help="play without the title's unexpected events")


def _rules(p: argparse.ArgumentParser | argparse._ArgumentGroup, words: ChoiceWords | None, what: str = "use") -> None:
    optional = f"; {words.optional_help()}" if words else ""
    levels = f" ({words.levels_help()})" if words else ""
    p.add_argument("--optional", action="append", default=[], metavar="RULE", help=f"{what} one of the title's optional rules (repeatable{optional})")
    p.add_argument("--difficulty", metavar="LEVEL", default=None, help=f"{what} a difficulty level the title prints{levels}")


def play_arguments(p: argparse.ArgumentParser | argparse._ArgumentGroup, words: ChoiceWords | None = None) -> None:
    """Options of ``paragraphs play TITLE --auto`` for a raid title (``words``: the
    title's optional rules and levels, named in the help)."""
    _choices(p, words)
    svg_argument(p, "at the end of an --auto game, after every step of an interactive one")


def svg_argument(p: argparse.ArgumentParser | argparse._ArgumentGroup, when: str) -> None:
    """``--svg FILE``: the board picture (:mod:`paragraphs_raids.picture`), written ``when``."""
    p.add_argument("--svg", metavar="FILE", default=None, help=f"draw the board as it stands {when} (SVG)")


#: Names of picture formats other than SVG: a file named so would hold SVG that viewers
#: refuse to open as what its name says.
OTHER_PICTURE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".gif", ".webp", ".bmp", ".tif", ".tiff", ".pdf", ".eps", ".ps"})


def refuse_other_picture_format(text: str, option: str) -> None:
    """Refuse a picture file named for another format than the SVG written into it
    (``--svg board.png`` wrote SVG into ``board.png``).

    Raises:
        UsageError: the name ends in a known other picture format's suffix (exit 2).
    """
    import os.path

    suffix = os.path.splitext(text)[1].lower()
    if suffix in OTHER_PICTURE_SUFFIXES:
        raise UsageError(f"{option} {text}: the picture is written as SVG; name the file .svg, not {suffix}")


def check_outputs(args: argparse.Namespace) -> None:
    """Refuse at once an ``--svg`` (or ``turn``'s ``--out``) path that cannot be written.

    The picture is written last (after the set-up is saved, the German phase played, the
    board written out): a path found unwritable only then would leave a saved game or half
    of the command's files behind a user error. Nothing is created by the check, not even
    a missing folder (:mod:`paragraphs.state.outputs`).

    Raises:
        UsageError: the file's folder does not exist (exit 2).
        SaveError: one line naming the path and why (exit 1).
    """
    from paragraphs.state.outputs import check_output_file

    if getattr(args, "svg", None) is not None:
        refuse_other_picture_format(args.svg, "--svg")
        check_output_file(args.svg, "--svg", "the board picture")
    if getattr(args, "out", None) is not None:
        check_output_file(args.out, "--out", "the board file")


@dataclass(frozen=True, slots=True)
class RaidChoices:
    """What the player chose before the game: optional rules, level, events."""

    optional: frozenset[str] = frozenset()
    difficulty: str | None = None
    events: bool = True

    def to_json(self) -> dict[str, object]:
        return {"optional": sorted(self.optional), "difficulty": self.difficulty, "events": self.events}


def raid_choices(args: argparse.Namespace, title: str, optional_rules: Mapping[str, str], levels: Mapping[str, str] | None = None) -> RaidChoices:
    """The choices on the command line, checked against what ``title`` has.

    Raises:
        UsageError: an optional rule or a level the title does not have.
    """
    optional = list(getattr(args, "optional", None) or [])
    unknown = [o for o in optional if o not in optional_rules]
    if unknown:
        has = ", ".join(optional_rules) or "none"
        raise UsageError(f"{title} has no optional rule {unknown[0]!r} (it has: {has})")
    level = getattr(args, "difficulty", None)
    if level is not None and level not in (levels or {}):
        if not levels:
            raise UsageError(f"{title} prints no difficulty levels: drop --difficulty")
        raise UsageError(f"{title} has no difficulty level {level!r} (it has: {', '.join(levels)})")
    return RaidChoices(frozenset(optional), level, not getattr(args, "no_events", False))



def simulate_arguments(p: argparse.ArgumentParser, words: ChoiceWords | None = None) -> None:
    """Options of ``paragraphs simulate TITLE`` (the core adds TITLE and --overlay)."""
    p.add_argument("--games", type=_positive, default=1000, help="number of automatic games (default 1000)")
    p.add_argument("--seed", type=int, default=0, help="series seed; game i uses derive_seed(seed, i) (default 0)")
    p.add_argument("--jobs", type=_positive, default=None, help="worker processes (default: every core)")
    p.add_argument("--policy", metavar="ID", default=None, help="automatic player for the British (default: default)")
    p.add_argument("--check", action="store_true", help="check the rules' invariants (stacking limits) after every phase; a broken one stops the series (exit 1)")
    p.add_argument("--executor", choices=("local", "dask"), default="local", help="where the games run: processes of this machine (default) or a Dask cluster")
    p.add_argument("--scheduler", metavar="ADDRESS", default=None, help="the Dask scheduler to use (implies --executor dask; without it dask starts a local cluster of --jobs workers)")
    p.add_argument("--sweep", action="append", default=[], metavar="KEY=V1,V2", help="compare variants on the same seeds: optional=RULE, or ruling.ID=A,B (repeatable: every combination)")
    p.add_argument("--chart", metavar="FILE.svg", default=None, help="draw the VP distribution of each variant (needs matplotlib)")
    _choices(p, words)
    p.add_argument("--json", action="store_true")


def turn_arguments(p: argparse.ArgumentParser, words: ChoiceWords | None = None) -> None:
    """Options of ``paragraphs turn TITLE --state BOARD`` (the core adds TITLE and --overlay)."""
    p.add_argument("--state", required=True, metavar="BOARD", help="the board file (JSON) describing your real board")
    dice = p.add_mutually_exclusive_group()
    dice.add_argument("--seed", type=int, help="roll seeded dice")
    dice.add_argument("--dice", metavar="V,V,...|physical", help="your own rolls in order (3,5,2), or physical: each die asked as it is needed")
    p.add_argument("--out", metavar="FILE", help="write the board after the German actions to FILE")
    _rules(p, words, "play the German actions with")
    svg_argument(p, "after the German actions")
    p.add_argument("--json", action="store_true")


def board_arguments(p: argparse.ArgumentParser, words: ChoiceWords | None = None) -> None:
    """Options of ``paragraphs board TITLE --state FILE --svg OUT`` (draw a board) and
    ``paragraphs board TITLE --new FILE`` (write the set-up's board file); the core adds
    TITLE and --overlay. :func:`board_task` checks what goes with which."""
    what = p.add_mutually_exclusive_group()
    what.add_argument("--state", metavar="FILE", help="a board file (as `turn` reads) or a session save of the title, to draw (with --svg)")
    what.add_argument("--new", metavar="FILE", help="write the board file of the game's set-up, markers face down, to start a game on your own board")
    p.add_argument("--svg", metavar="OUT", help="where to write the picture (SVG): the board drawn, or with --new the set-up")
    p.add_argument("--force", action="store_true", help="with --new: replace a file already there (the old one is kept as FILE.bak)")
    _rules(p, words, "with --new: set up for")


def board_task(args: argparse.Namespace, title: str) -> str:
    """``"new"`` (write the set-up's board file) or ``"draw"`` (draw a board), the options
    checked: each goes with one of them.

    Raises:
        UsageError: neither --state nor --new, --state without --svg, or a set-up option
            (--force, --optional, --difficulty) with --state.
    """
    if getattr(args, "new", None) is not None:
        return "new"
    if getattr(args, "state", None) is None:
        raise UsageError(f"board {title} needs --state FILE --svg OUT (draw a board) or --new FILE (write the board file of the set-up)")
    if getattr(args, "svg", None) is None:
        raise UsageError(f"board {title} --state FILE draws the board: add --svg OUT, the picture to write")
    extra = [o for o, given in (("--force", getattr(args, "force", False)), ("--optional", getattr(args, "optional", None)), ("--difficulty", getattr(args, "difficulty", None))) if given]
    if extra:
        raise UsageError(f"{extra[0]} goes with --new (the set-up); a board drawn with --state is drawn as its file says")
    return "draw"


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, not {value}")
    return value


def parse_dice(text: str) -> list[int]:
    """``"3,5, 2"`` -> ``[3, 5, 2]``.

    Raises:
        UsageError: something else than whole numbers.
    """
    try:
        return [int(v) for v in text.replace(" ", "").split(",") if v != ""]
    except ValueError:
        raise UsageError(f"--dice takes your rolls as whole numbers separated by commas (3,5,2), or physical, not {text!r}") from None


# --------------------------------------------------------------------------- records


def raid_commands(title: str, describe: str, load: Callable[[], Any], words: ChoiceWords | None = None) -> Iterator[Any]:
    """The ``play``, ``simulate`` and ``turn`` Command records of a raid title.

    Args:
        title: the title id.
        describe: a few words for ``play --help`` (``an automatic game of ...``).
        load: returns the title's :class:`~paragraphs_raids.templates.RaidTitle`; called only when a command runs, so
            the records cost nothing at CLI start-up.
        words: the title's optional rules and levels, named in the options' help.
    """
    from functools import partial

    from paragraphs.records import Command

    def play(args: argparse.Namespace, host: Any) -> int:
        from paragraphs_raids.templates import run_auto_play

        spec = load()
        if getattr(args, "auto", False):
            return run_auto_play(spec, args, host)
        return spec.interactive(args, host)  # type: ignore[no-any-return]

    def simulate(args: argparse.Namespace, host: Any) -> int:
        from paragraphs_raids.templates import run_simulate

        return run_simulate(load(), args, host)

    def turn(args: argparse.Namespace, host: Any) -> int:
        from paragraphs_raids.templates import run_turn

        return run_turn(load(), args, host)

    yield Command(id=f"{title}-play", title=title, help=describe, add_arguments=partial(play_arguments, words=words), run=play, extends="play")
    yield Command(id=f"{title}-simulate", title=title, help="Monte Carlo series of automatic games", add_arguments=partial(simulate_arguments, words=words), run=simulate, extends="simulate")
    yield Command(id=f"{title}-turn", title=title, help="companion: the German actions of this turn for your board", add_arguments=partial(turn_arguments, words=words), run=turn, extends="turn")
