"""Pickling frozen dataclasses through their constructor.

A series on a Dask cluster pickles the scenario and the options for its workers. In the
compiled build (mypyc, docs/quickstart.md) a frozen dataclass cannot be unpickled the
default way: its fields are restored one by one through ``setattr``, which a frozen class
refuses. Classes that travel give ``__reduce__`` = :func:`by_fields`: they are rebuilt
by calling the class with their init fields, the same in pure Python and compiled
(``__post_init__`` recomputes what it derives).
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any


def by_fields(obj: Any) -> tuple[Any, tuple[Any, ...]]:
    """``__reduce__`` of a dataclass: its class and the values of its init fields, in order."""
    return type(obj), tuple(getattr(obj, f.name) for f in fields(obj) if f.init)
