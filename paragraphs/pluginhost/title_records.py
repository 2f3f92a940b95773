"""The records a title ships besides its rules: the title itself, its schemas and its kinds of counter."""

from __future__ import annotations

from collections.abc import Mapping
from paragraphs.foundation.dataclass_code import field
# ``typing`` is not imported at run time here (start-up time)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # the standard decorator, its methods compiled once between runs (start-up time)
    from paragraphs.foundation.dataclass_code import dataclass

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable


@dataclass(frozen=True, slots=True)
class Title:
    """A playable title: a book of paragraphs plus its tables, units and procedures.

    Attributes:
        id: short id used on the command line (``ambush``, ``bruneval``).
        name: display name.
        content: folder of the title's YAML files (read with importlib.resources).
        package: import package that ships it; its distribution gives the version.
        doc: one paragraph saying what the title is.
        collections_schema: ``$id`` of a registered schema for the title's own
            collections (zones, missions...), applied to every content file.
    """

    id: str
    name: str
    content: Traversable
    package: str
    doc: str = ""
    collections_schema: str | None = None


@dataclass(frozen=True, slots=True)
class SchemaResource:
    """A JSON Schema (draft 2020-12) a plugin contributes, addressed by its ``$id``."""

    id: str
    contents: Mapping[str, Any]
    title: str | None = None


@dataclass(frozen=True, slots=True)
class UnitType:
    """A kind of counter: its factors and where each value comes from."""

    id: str
    title: str | None
    name: str
    factors: Mapping[str, Any]
    doc: str = ""
    assumed: Mapping[str, str] = field(default_factory=dict)
