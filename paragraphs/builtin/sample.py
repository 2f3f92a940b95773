"""Registers the sample book shipped with the core (``content/sample``)."""

from __future__ import annotations

from collections.abc import Iterator
from importlib.resources import files

from paragraphs.markers import hookimpl
from paragraphs.records import Title


@hookimpl
def paragraphs_register_titles() -> Iterator[Title]:
    yield Title(
        id="sample",
        name="The Lamp at Gull Rock",
        content=files("paragraphs") / "sample",
        package="paragraphs",
        doc="An original small gamebook that uses every core construct; the docs' example.",
    )
