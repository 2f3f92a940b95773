"""The title's additions to the command line: ``paragraphs gaps spi_commando --scenario N``.

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


def commands() -> Iterator[Command]:
    yield Command(id="spi_commando_gaps", title=TITLE, extends="gaps", add_arguments=add_gaps_arguments, run=run_gaps, help="cells a scenario needs")
