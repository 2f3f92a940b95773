"""Registers the sample book shipped with the core (``content/sample``) and its procedure."""

from __future__ import annotations

import os
from collections.abc import Iterator

from paragraphs.foundation.resources import package_dir
# ``typing`` and pluggy are not imported at run time here: the core's plugins are loaded by
# every command, and a read served by the plugin index needs neither (start-up time)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from paragraphs.foundation.markers import hookimpl
else:
    from paragraphs.foundation.core_marker import hookimpl

from paragraphs.pluginhost.records import Procedure, Title


def trim_wick(ctx: Any, storm: int = 2) -> str:
    """Trim the lamp's wick in a storm (paragraph 3 of the sample book).

    Roll a d6. A 6 blows the flame out (``out``); a roll at or under 5 minus the storm
    (1 calm to 3 gale) leaves it ``steady``; anything else and it ``gutters``. In a storm
    of 2 that is steady 1/2, gutters 1/3, out 1/6.
    """
    face = ctx.roll("d6", "trim the wick")
    if face == 6:
        return "out"
    if face <= 5 - int(storm):
        return "steady"
    return "gutters"


@hookimpl
def paragraphs_register_titles() -> Iterator[Title]:
    # the folder as a string: Title makes it a Path when read, and a read of the sample
    # walks it with os.path (pathlib stays out of its start-up)
    where = package_dir("paragraphs")
    if where is None:  # a zipped install
        from paragraphs.foundation.resources import package_folder

        content: Any = package_folder("paragraphs") / "sample"
    else:
        content = os.path.join(where, "sample")
    yield Title(
        id="sample",
        name="The Lamp at Gull Rock",
        content=content,
        package="paragraphs",
        doc="An original small gamebook that uses every core construct; the docs' example.",
    )


@hookimpl
def paragraphs_register_procedures() -> Iterator[Procedure]:
    yield Procedure(
        id="trim_wick",
        title="sample",
        function=trim_wick,
        doc="Trim the lamp's wick: steady, gutters (oil is spilt) or out (relight it).",
        section="paragraph 3",
    )
