"""Core defaults: the core schemas, and an empty set-up for titles that have none."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from paragraphs.markers import hookimpl
from paragraphs.records import SchemaResource


@hookimpl
def paragraphs_register_schemas() -> Iterator[SchemaResource]:
    from paragraphs.validation import core_schema

    for name in ("book", "save"):
        contents = core_schema(name)
        yield SchemaResource(id=contents["$id"], contents=contents)


@hookimpl(trylast=True)
def paragraphs_initial_state(book: Any, options: dict[str, Any]) -> dict[str, Any]:
    """No title-specific set-up: declared counters and tracks are all a new state gets."""
    return {}
