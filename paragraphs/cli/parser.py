"""The command line's argument parser: argparse with one-line usage errors.

Kept apart from :mod:`paragraphs.cli` so that ``from paragraphs.cli import main`` (what
the console script runs first) does not import argparse: it is imported inside
:func:`paragraphs.cli.main`, once the cyclic garbage collector is held (see
``_hold_collector`` there), instead of before, where its import alone set off collections
of everything made so far (about 1 ms of a ``paragraphs read``).
"""

from __future__ import annotations

import argparse
import os
import sys
# ``typing`` is not imported at run time here (start-up time)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import NoReturn


class ArgumentParser(argparse.ArgumentParser):
    """argparse with one-line usage errors (exit 2)."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"{self.prog}: error: {message} (try --help)\n")
        raise SystemExit(2)

    def _get_formatter(self) -> argparse.HelpFormatter:
        # argparse makes a formatter at every add_argument (to check the metavar), and a
        # formatter without a width imports shutil (with zlib, bz2 and lzma) to ask for the
        # terminal's: the same width is found here, as shutil.get_terminal_size does
        return self.formatter_class(prog=self.prog, width=_terminal_columns() - 2)  # type: ignore[call-arg]


def _terminal_columns() -> int:
    """``shutil.get_terminal_size().columns``: $COLUMNS, else the terminal's, else 80."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80
