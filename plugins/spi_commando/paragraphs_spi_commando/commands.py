"""The title's additions to the command line: ``paragraphs gaps spi_commando --scenario N``
and the referee session ``paragraphs play spi_commando --scenario N``.

Imported at every CLI start: the work is done inside the functions.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from typing import Any

from paragraphs.records import Command

TITLE = "spi_commando"


def add_gaps_arguments(group: Any) -> None:
    group.add_argument("--scenario", metavar="N", help="spi_commando: only the cells scenario N (39-50) can reach in play")


def run_gaps(args: argparse.Namespace, host: Any) -> int:
    """The cells a scenario needs that the source lacks (and no overlay gave); without
    ``--scenario``, the core's listing."""
    from paragraphs.cli.commands import list_gaps, open_engine

    if not getattr(args, "scenario", None):
        return list_gaps(args, host)
    from paragraphs.cli.terminal import emit_json, table

    from paragraphs_spi_commando.cells import Charts
    from paragraphs_spi_commando.scenarios import gaps, scenario

    engine = open_engine(args, host)
    s = scenario(engine.book, str(args.scenario))
    missing = gaps(Charts.from_book(engine.book), s)
    if args.json:
        emit_json({"title": TITLE, "scenario": s.id, "name": s.name, "gaps": [{"key": c.key, "reason": c.reason, "source": c.source} for c in missing]})
        return 0
    if missing:
        print(table(["cell", "reason", "source"], [[c.key, c.reason, c.source] for c in missing]))
    print(f"{TITLE} scenario {s.id} ({s.name}): {len(missing)} cells it can reach are not in the source; lay them over with an overlay's cells records")
    return 0


def add_play_arguments(group: Any) -> None:
    group.add_argument("--scenario", metavar="N", help="spi_commando: the scenario (39-50) a new session sets up")
    group.add_argument("--endurance", choices=("printed", "rolled"), help="spi_commando: each man's endurance as printed, or rolled on the scenario's dice code (journaled)")
    group.add_argument("--optional", action="append", default=[], metavar="RULE", help="spi_commando: an optional rule the new game uses (repeat for several): artillery, illumination, guard_dogs...")


def run_play(args: argparse.Namespace, host: Any) -> int:
    """The referee session: the core session with the title's verbs; a new session (or
    ``--new``) performs ``setup`` for ``--scenario`` as its first journaled step, so rolled
    endurance is asked of physical dice or rolled and kept like any step."""
    from paragraphs.cli.commands import open_engine
    from paragraphs.cli.play import drive, refuse_seed_on_resume
    from paragraphs.errors import ParagraphsError, UsageError
    from paragraphs.session import Session, session_path
    from paragraphs.state import hold_save, load_state, save_exists

    if args.auto:
        raise UsageError("spi_commando has no automatic player: play it at the table (without --auto)")
    engine = open_engine(args, host)
    if args.scenario:
        from paragraphs_spi_commando.scenarios import scenario

        try:
            scenario(engine.book, str(args.scenario))  # an unknown scenario is refused before any save
            from paragraphs_spi_commando.optional_rules import parse

            parse(",".join(getattr(args, "optional", None) or ()))  # and so is an unknown optional rule
        except ParagraphsError as exc:
            raise UsageError(str(exc)) from None
    path = session_path(engine.book.title, args.session)
    with hold_save(path):
        resume = not args.new and save_exists(path)
        if resume:
            refuse_seed_on_resume(args)
        state = load_state(path, title=engine.book.title) if resume else engine.new_state()
        game = state.extra.get("spi_commando") or {}
        if game:
            from paragraphs_spi_commando.arms import check_roster
            from paragraphs_spi_commando.cells import Charts

            try:
                check_roster(Charts.from_book(engine.book), game)  # a hand-edited save is refused whole
            except ParagraphsError as exc:
                raise UsageError(f"{path}: {exc}") from None
        if resume and args.scenario and game.get("scenario") not in (None, str(args.scenario)):
            raise UsageError(f"session {args.session!r} plays scenario {game.get('scenario')}, not {args.scenario}: choose another --session, or --new to start over")
        session = Session(engine, state, path=path, dice=args.dice, seed=args.seed)
        if not resume or session.notices:
            session.save()
        optional = f" {','.join(args.optional)}" if getattr(args, "optional", None) else ""
        first = [f"setup {args.scenario} {args.endurance or 'printed'}{optional}"] if not game and args.scenario else []
        banner = f"{engine.book.name}: session {path} ({'resumed' if resume else 'new'}). Type help for the referee's commands."
        if not game and not args.scenario:
            banner += " Set a scenario up with setup <39-50> [printed|rolled]."
        return drive(session, as_json=args.json, banner=banner, recap=resume, read_line=_reader(first, as_json=args.json))


def _reader(first: list[str], *, as_json: bool) -> Any:
    """The terminal's line reader, which first plays ``first`` as if the player typed
    them (shown after the prompt, so a transcript says what was done)."""
    import sys

    pending = list(first)

    def read(prompt: str) -> str:
        if pending:
            line = pending.pop(0)
            if not as_json:
                print(prompt + line)
            return line
        if as_json or not sys.stdin.isatty():
            if not as_json:
                sys.stdout.write(prompt)
                sys.stdout.flush()
            raw = sys.stdin.readline()
            if not raw:
                raise EOFError
            line = raw.rstrip("\n")
            if not as_json:
                sys.stdout.write(line + "\n")
            return line
        return input(prompt)

    return read


def commands() -> Iterator[Command]:
    yield Command(id="spi_commando_gaps", title=TITLE, extends="gaps", add_arguments=add_gaps_arguments, run=run_gaps, help="cells a scenario needs")
    yield Command(id="spi_commando_play", title=TITLE, extends="play", add_arguments=add_play_arguments, run=run_play, help="the referee session")
