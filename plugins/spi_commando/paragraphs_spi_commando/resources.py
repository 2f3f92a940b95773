"""Files shipped with the plugin (content and schemas).

Both folders are committed symlinks to the repository's top-level ``content/spi_commando``
and ``schemas/spi_commando``; hatchling follows them into wheels, and editable installs see
the repository itself.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from paragraphs.resources import package_folder

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

SCHEMA_BASE = "https://paragraphs.dev/schemas/spi_commando/"
COLLECTIONS_SCHEMA_ID = SCHEMA_BASE + "collections.schema.json"
SCHEMA_NAMES = ("collections",)


def package_root() -> Traversable:
    return package_folder("paragraphs_spi_commando")  # type: ignore[no-any-return]


def content_root() -> Traversable:
    """The title's YAML folder."""
    return package_root() / "content"


def schema(name: str) -> dict[str, Any]:
    """A schema shipped in ``schemas/`` by short name (``collections``)."""
    text = (package_root() / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data
