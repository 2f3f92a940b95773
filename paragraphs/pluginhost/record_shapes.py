"""The shape of a record a plugin yields, checked when the plugin is admitted.

A record with a name where a function goes (``function="weather"``) or a string where a
tuple of labels goes (``outcomes="storm"``) used to be accepted: the first failed only
when content reached it, as "code raised TypeError: 'str' object is not callable"
naming neither the record nor the plugin, and the second made every outcome branch of
the content an error ("unknown key 'storm' (outcomes: s, t, o, r, m)"). Read from the
records' own annotations, so a new record class is covered without a list to keep.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def shape_problem(record: Any) -> str | None:
    """Why ``record`` is not built as its class says, in a few words, or None."""
    # the class's own field table: no import (dataclasses pulls in inspect) on this start-up path
    for f in getattr(type(record), "__dataclass_fields__", {}).values():
        annotation = f.type if isinstance(f.type, str) else str(f.type)
        if not annotation.startswith(("Callable[", "tuple[")):
            continue  # only those are checked (nor is a field read that needs no check)
        value = getattr(record, f.name, None)
        optional = annotation.endswith("| None")
        if value is None and optional:
            continue
        if annotation.startswith("Callable[") and not callable(value):
            return f"its {f.name} is {_kind(value)}, not a function"
        if annotation.startswith("tuple[") and isinstance(value, str):
            return f"its {f.name} is the string {value!r}, not a tuple ({f.name}=({value!r},))"
    return None


def _kind(value: Any) -> str:
    return "None" if value is None else f"{type(value).__name__} {value!r}"[:60]
