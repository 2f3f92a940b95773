"""Files shipped with the plugin (content and schemas), found with ``paragraphs.resources``.

Both folders are committed symlinks to the repository's ``content/dieppe`` and
``schemas/dieppe``: wheels get copies, editable installs read the repository.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from paragraphs.resources import package_folder

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

SCHEMA_BASE = "https://paragraphs.dev/schemas/dieppe/"
COLLECTIONS_SCHEMA_ID = SCHEMA_BASE + "collections.schema.json"
BOARD_SCHEMA_ID = SCHEMA_BASE + "board.schema.json"
SCHEMA_NAMES = ("collections", "board")


def package_root() -> Traversable:
    return package_folder("paragraphs_dieppe")  # type: ignore[no-any-return]


def content_root() -> Traversable:
    """The title's YAML folder."""
    return package_root() / "content"


def schema(name: str) -> dict[str, Any]:
    """A shipped schema by short name (``collections`` or ``board``)."""
    data: dict[str, Any] = json.loads((package_root() / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8"))
    return data
