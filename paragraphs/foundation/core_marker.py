"""The hook marker of the core's own plugins (:mod:`paragraphs.builtin`), without pluggy.

pluggy finds a hook implementation by the options its marker leaves on the function, in
the attribute ``paragraphs_impl``; :func:`hookimpl` here leaves exactly the options
``pluggy.HookimplMarker("paragraphs")`` leaves (``tests/test_plugin_host_lazy.py``
compares them). The core's plugins use it so that importing them does not import pluggy
(with ``typing`` and ``inspect``, some 11 ms): a ``paragraphs read`` of a title the plugin
index describes needs no plugin manager (see :class:`paragraphs.pluginhost.plugins.PluginHost`).
Plugins keep ``from paragraphs import hookimpl``, which is pluggy's marker.
"""

from __future__ import annotations

from collections.abc import Callable

# ``typing`` is not imported at run time here (start-up time)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

#: The attribute pluggy reads: its project name (the entry-point group) and ``_impl``.
ATTRIBUTE = "paragraphs_impl"


def hookimpl(
    function: Callable[..., Any] | None = None,
    *,
    hookwrapper: bool = False,
    optionalhook: bool = False,
    tryfirst: bool = False,
    trylast: bool = False,
    specname: str | None = None,
    wrapper: bool = False,
) -> Any:
    """Mark ``function`` as a hook implementation, as ``paragraphs.hookimpl`` does."""

    def mark(func: Callable[..., Any]) -> Callable[..., Any]:
        opts = {"wrapper": wrapper, "hookwrapper": hookwrapper, "optionalhook": optionalhook, "tryfirst": tryfirst, "trylast": trylast, "specname": specname}
        setattr(func, ATTRIBUTE, opts)
        return func

    return mark if function is None else mark(function)
