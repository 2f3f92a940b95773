"""Core defaults: the core schemas, and an empty set-up for titles that have none."""

from __future__ import annotations

import os
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

    from paragraphs.foundation.resources import package_dir, package_folder

    where = package_dir("paragraphs")  # a string: every command registers these, and pathlib is not needed for it
    for name in ("book", "save"):
        # read directly: importing the validation module is not needed to register
        if where is None:  # a zipped install
            text = (package_folder("paragraphs") / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8")
        else:
            with open(os.path.join(where, "schemas", f"{name}.schema.json"), encoding="utf-8") as fh:
                text = fh.read()
        contents = json.loads(text)
        yield SchemaResource(id=contents["$id"], contents=contents)


@hookimpl(trylast=True)
def paragraphs_initial_state(book: Any, options: dict[str, Any]) -> dict[str, Any]:
    """No title-specific set-up: declared counters and tracks are all a new state gets."""
    return {}
