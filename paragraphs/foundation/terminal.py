"""Terminal output: colour and aligned tables when writing to a terminal, plain text when piped.

Colour follows the usual conventions: ``NO_COLOR`` turns it off, ``FORCE_COLOR`` on.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
# ``typing`` is not imported at run time here: ``paragraphs --help``, ``--version`` and
# ``titles`` (and ``import paragraphs``) do without it (start-up time)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TextIO

__all__ = ["emit_json", "style", "table", "use_colour"]

_CODES = {"bold": "1", "dim": "2", "red": "31", "green": "32", "yellow": "33", "blue": "34", "magenta": "35", "cyan": "36"}


def use_colour(stream: TextIO | None = None) -> bool:
    stream = stream or sys.stdout
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return hasattr(stream, "isatty") and stream.isatty()


def style(text: str, *names: str, stream: TextIO | None = None) -> str:
    if not names or not use_colour(stream):
        return text
    codes = ";".join(_CODES[n] for n in names)
    return f"\033[{codes}m{text}\033[0m"


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """An aligned table in a terminal; tab-separated values when piped."""
    cells = [[str(c) for c in row] for row in rows]
    if not use_colour():
        lines = ["\t".join(headers)] + ["\t".join(r) for r in cells]
        return "\n".join(lines)
    widths = [max(len(h), *(len(r[i]) for r in cells)) if cells else len(h) for i, h in enumerate(headers)]
    head = "  ".join(style(h.ljust(w), "bold") for h, w in zip(headers, widths))
    body = ["  ".join(c.ljust(w) for c, w in zip(r, widths)) for r in cells]
    return "\n".join([head, *body])


def emit_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False) + "\n")
