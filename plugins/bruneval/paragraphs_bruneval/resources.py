"""Files shipped with the plugin (content and schemas), read through importlib.resources.

Both folders are committed symlinks to the repository's top-level ``content/bruneval``
and ``schemas/bruneval``; hatchling follows them into wheels, and editable installs see
the repository itself.
"""

from __future__ import annotations

import json
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

SCHEMA_BASE = "https://paragraphs.dev/schemas/bruneval/"
COLLECTIONS_SCHEMA_ID = SCHEMA_BASE + "collections.schema.json"
BOARD_SCHEMA_ID = SCHEMA_BASE + "board.schema.json"
SCHEMA_NAMES = ("collections", "board")


def package_root() -> Traversable:
    return files("paragraphs_bruneval")


def content_root() -> Traversable:
    """The title's YAML folder."""
    return package_root() / "content"


def schema(name: str) -> dict[str, Any]:
    """A schema shipped in ``schemas/`` by short name (``collections`` or ``board``)."""
    text = (package_root() / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data
