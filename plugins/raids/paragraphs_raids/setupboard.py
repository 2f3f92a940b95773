"""``paragraphs board TITLE --new FILE``: the board file of a raid title's set-up.

The companion (``turn TITLE --state FILE``) reads the player's own board from a file; a
newcomer should not have to type the whole set-up to get his first one. The title writes
its set-up from its content and the player's choices (``--optional``, ``--difficulty``)
through :meth:`~paragraphs_raids.templates.RaidTitle.setup_board`; this module checks the
path, writes the file and says what to do next. Written once for every raid title.

The face-down activation markers are written by their zone (and, where the title's file
has it, their letter) only: the player deals his own markers face down on his board, and
nobody knows what they hide until they flip, so the file must not say it either.

The file is written like a save (beside, synced, renamed: never half a file), and never
over an existing file unless ``--force`` says so (the old one is then kept as
``FILE.bak``). A path that cannot be written is refused in one line before anything is.
"""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING, Any

from paragraphs.errors import UsageError

if TYPE_CHECKING:
    from paragraphs_raids.templates import RaidTitle


def run_new_board(spec: RaidTitle, args: argparse.Namespace, host: Any) -> int:
    """Write the set-up's board file to ``args.new`` (and draw it to ``args.svg`` if given).

    Args:
        spec: the title's :class:`~paragraphs_raids.templates.RaidTitle`.

    Raises:
        UsageError: an empty path, a file already there without --force, the same path
            for the file and the picture, an optional rule or level the title lacks.
        SaveError: a path that cannot be written (one line; nothing written).
    """
    from paragraphs.cli.terminal import style
    from paragraphs.state.outputs import check_output_file
    from paragraphs.state.savefile import write_file_atomic

    from paragraphs_raids.boardfile import board_text
    from paragraphs_raids.cli import check_outputs
    from paragraphs_raids.templates import choices_of

    target: str = args.new
    svg = getattr(args, "svg", None)
    if not target.strip():
        raise UsageError("--new needs the path of the board file to write (--new board.json)")
    if svg is not None and os.path.abspath(svg) == os.path.abspath(target):
        raise UsageError(f"--new and --svg both name {target}: the board file and its picture need two files")
    options = choices_of(spec, args)
    if os.path.isfile(target) and not getattr(args, "force", False):
        raise UsageError(f"{target}: a file is already there: name another, or add --force to replace it (the old one is kept as {target}.bak)")
    check_output_file(target, "--new", "the board file")  # both paths, before anything is written
    check_outputs(argparse.Namespace(svg=svg))
    scenario = spec.load_scenario(args, host)
    data, notes = spec.setup_board(scenario, options)
    write_file_atomic(target, board_text(data))
    if svg:
        _draw(spec, target, svg, scenario)
    rules = spec.describe_options(options)
    word = spec.alert_word
    markers = len(data.get("markers") or ())
    print(style(f"{spec.name}: the board of the set-up" + (f" ({rules})" if rules else "") + f" written to {target}.", "bold"))
    print(f"  turn {data['turn']}, {word} {data[word]}, {len(data['units'])} counters on the map, {markers} activation markers face down (where they lie, not what they hide: deal yours face down)")
    for note in notes:
        print(f"  {note}")
    print(f"After your own actions, change the file to match your board, then: paragraphs turn {spec.id} --state {target}")
    if svg:
        print(style(f"Board picture written to {svg}.", "dim"))
    return 0


def _draw(spec: RaidTitle, path: str, svg: str, scenario: Any) -> None:
    """The picture of the file just written, read back as ``turn`` and ``board`` read it
    (drawing rolls nothing: an empty list of dice says so)."""
    from paragraphs_raids.dice import ScriptedRoller
    from paragraphs_raids.journal import Journal

    state = spec.read_board(path, scenario, ScriptedRoller([], scenario.conventions), Journal(enabled=False))
    spec.write_picture(svg, scenario, state)
