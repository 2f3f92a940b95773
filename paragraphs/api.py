"""The few calls most users need: open a title, resolve, compute odds, save and load.

Example:
    >>> import paragraphs
    >>> engine = paragraphs.open_title("sample")
    >>> result = engine.resolve("1", dice=paragraphs.ScriptedDice([3, 2]))
    >>> result.trail
    ['1', '2', '3', '4']
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

from paragraphs.content import load_book
from paragraphs.dice import DiceSource
from paragraphs.engine import Engine

if TYPE_CHECKING:
    from paragraphs.plugins import PluginHost


def open_title(
    title: str,
    *,
    host: PluginHost | None = None,
    overlays: Sequence[str | os.PathLike[str]] = (),
    dice: DiceSource | None = None,
    use_cache: bool = True,
) -> Engine:
    """Load a title's content (through the cache) and return an engine for it.

    Args:
        title: the title id (``paragraphs titles`` lists them).
        host: a plugin host; a fresh one with every installed plugin when None.
        overlays: folders of the user's own content laid over the title's.
        dice: the engine's default dice source.
        use_cache: read and write the compiled-content cache.

    Raises:
        UsageError: the title is not installed.
        ContentError: its content has errors.
    """
    if host is None:
        from paragraphs.plugins import make_plugin_manager

        host = make_plugin_manager()
    book = load_book(host, title, overlays, use_cache=use_cache)
    return Engine(book, host, dice=dice)
