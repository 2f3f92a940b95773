"""Files shipped with the plugin (content and schemas), found with ``paragraphs.resources``.

Both folders are committed symlinks to the repository's top-level ``content/bruneval``
and ``schemas/bruneval``; hatchling follows them into wheels, and editable installs see
the repository itself.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from paragraphs.resources import package_folder

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

SCHEMA_BASE = "https://paragraphs.dev/schemas/bruneval/"
COLLECTIONS_SCHEMA_ID = SCHEMA_BASE + "collections.schema.json"
BOARD_SCHEMA_ID = SCHEMA_BASE + "board.schema.json"
SCHEMA_NAMES = ("collections", "board")


def package_root() -> Traversable:
    return package_folder("paragraphs_bruneval")  # type: ignore[no-any-return]


def content_root() -> Traversable:
    """The title's YAML folder."""
    return package_root() / "content"


def schema(name: str) -> dict[str, Any]:
    """A schema by short name: ``collections`` (shipped in ``schemas/``) or ``board``
    (built from the raid layer's shape, :mod:`paragraphs_bruneval.boardschema`; the
    committed ``schemas/bruneval/board.schema.json`` is what ``paragraphs schemas`` writes)."""
    if name == "board":
        from paragraphs_bruneval.boardschema import bruneval_board_schema

        return bruneval_board_schema()
    text = (package_root() / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data
