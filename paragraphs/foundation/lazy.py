"""Module attributes imported on first use (PEP 562's module ``__getattr__``).

A package that re-exports names from heavier modules lists each name's home module; the
module is imported the first time one of its names is read, and the value is then kept in
the package's globals so later reads cost nothing. ``import paragraphs`` and the command
line's warm path stay fast this way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
# ``typing`` is not imported at run time here: ``paragraphs --help``, ``--version`` and
# ``titles`` (and ``import paragraphs``) do without it (start-up time)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def lazy_attributes(package: str, home: Mapping[str, str], namespace: dict[str, Any]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package`` that imports ``name`` from ``home[name]``
    into ``namespace`` (the package's ``globals()``) on first use."""

    def __getattr__(name: str) -> Any:
        module = home.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        import importlib

        value = getattr(importlib.import_module(module), name)
        namespace[name] = value
        return value

    return __getattr__
