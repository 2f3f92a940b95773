"""Import a module that imports ``inspect`` without importing ``inspect`` yet.

``inspect`` (with ``ast``, ``dis`` and ``tokenize``) takes some 7 ms to import, a tenth of a
``paragraphs read``. Two modules every command needs import it and use it only in rare
cases: ``dataclasses`` (to write the text signature of a class without a docstring as its
docstring) and pluggy (to find and check a plugin's hook implementations when it is
registered, which a host built from the plugin index does not do: see
:class:`paragraphs.pluginhost.plugins.PluginHost`).

:func:`import_without_inspect` imports such a module while the name ``inspect`` stands for
a placeholder module. The first time an attribute of the placeholder is asked for, the
real ``inspect`` is imported and put in its place in every module that took the
placeholder; until then nothing is imported. Where ``inspect`` is already imported (or
the module is), this is a plain import.

Why not the standard library's recipe for lazy imports (``importlib.util.LazyLoader``, a
lazy ``inspect`` left in ``sys.modules``): on Python 3.11 the statement ``import
inspect`` itself, run by ``dataclasses`` and pluggy when they are imported, executes a
lazy module at once, because the import system reads the module's ``__spec__`` to check
it is not still being initialised, and reading any attribute of a lazy module loads it
(tried: ``ast``, ``dis`` and ``tokenize`` are imported by that statement). A plain module
standing in for ``inspect`` during the import, with a module ``__getattr__``, is read
only when one of its attributes is used.
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType

# ``typing`` is not imported at run time here (start-up time)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def import_without_inspect(name: str) -> ModuleType:
    """``import name`` (a module that imports ``inspect``), ``inspect`` imported only when used."""
    if name in sys.modules or "inspect" in sys.modules:
        return importlib.import_module(name)
    placeholder = ModuleType("inspect", "Stands for the inspect module until it is first used.")
    holders: list[ModuleType] = []

    def real_inspect(attribute: str) -> Any:
        module = importlib.import_module("inspect")
        for holder in holders:
            if vars(holder).get("inspect") is placeholder:
                vars(holder)["inspect"] = module
        return getattr(module, attribute)

    placeholder.__getattr__ = real_inspect  # type: ignore[method-assign]
    before = set(sys.modules)
    sys.modules["inspect"] = placeholder
    try:
        module = importlib.import_module(name)
    finally:
        if sys.modules.get("inspect") is placeholder:
            del sys.modules["inspect"]
    holders += [m for n, m in list(sys.modules.items()) if n not in before and isinstance(m, ModuleType) and vars(m).get("inspect") is placeholder]
    return module
