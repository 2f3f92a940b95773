"""Core defaults: the core schemas, and an empty set-up for titles that have none."""

from __future__ import annotations

from collections.abc import Iterator
# ``typing`` and pluggy are not imported at run time here: the core's plugins are loaded by
# every command, and a read served by the plugin index needs neither (start-up time)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from paragraphs.foundation.markers import hookimpl
else:
    from paragraphs.foundation.core_marker import hookimpl

from paragraphs.pluginhost.records import SchemaResource


@hookimpl
def paragraphs_register_schemas() -> Iterator[SchemaResource]:
    import json

    from paragraphs.foundation.resources import package_folder

    for name in ("book", "save"):
        # read directly: importing the validation module is not needed to register
        contents = json.loads((package_folder("paragraphs") / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8"))
        yield SchemaResource(id=contents["$id"], contents=contents)


@hookimpl(trylast=True)
def paragraphs_initial_state(book: Any, options: dict[str, Any]) -> dict[str, Any]:
    """No title-specific set-up: declared counters and tracks are all a new state gets."""
    return {}
