"""The title's rulings (``content/spi_commando/rulings.yaml``) read as choices.

A procedure whose outcome depends on a ruling takes the choice as an argument with the
shipped default, so a test can play both; a session passes :func:`choices` of the book,
where an overlay may have changed any of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from paragraphs.errors import ParagraphsError


def choices(book: Any) -> dict[str, str]:
    """Ruling id -> the choice in force (after overlays), checked against its options."""
    out = {}
    for rid, rec in (book.data.get("rulings") or {}).items():
        choice = str(rec.get("choice", ""))
        options: Mapping[str, str] = rec.get("options") or {}
        if choice not in options:
            raise ParagraphsError(f"ruling {rid}: choice {choice!r} is not one of {sorted(options)}")
        out[rid] = choice
    return out
