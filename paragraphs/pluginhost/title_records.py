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
        content: folder of the title's YAML files (read with importlib.resources): a
            ``Path`` or ``Traversable``; a folder given as a string is read as a ``Path``.
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


# A title's ``content`` is kept as given, and a folder given as a string (the core's sample
# title gives one: see paragraphs.builtin.sample) becomes a ``Path`` when it is first
# read, so that a ``paragraphs read`` of the sample, which walks the folder with os.path
# (content_location), never imports pathlib (with urllib.parse and ipaddress: about 2 ms).
# The property stands where the dataclass put the slot's descriptor and stores through it:
# the dataclass's __init__, pickling and replace() set the field as before.
_content_slot = vars(Title)["content"]


def _content(self: Title) -> Any:
    value = _content_slot.__get__(self, Title)
    if isinstance(value, str):
        from pathlib import Path

        value = Path(value)
        _content_slot.__set__(self, value)
    return value


setattr(Title, "content", property(_content, _content_slot.__set__, doc="folder of the title's YAML files (a ``Path`` or ``Traversable``)"))


def content_location(record: Any) -> Any:
    """A title's content folder as the plugin gave it: a string stays a string (the
    content loader reads it with ``os``), anything else is ``record.content``."""
    if isinstance(record, Title):
        return _content_slot.__get__(record, Title)
    return record.content


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
