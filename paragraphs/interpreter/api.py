"""The few calls most users need: open a title, resolve, compute odds, save and load.

Example:
    >>> import paragraphs
    >>> engine = paragraphs.open_title("sample")
    >>> result = engine.resolve("1", dice=paragraphs.ScriptedDice([3, 2]))
    >>> result.trail
    ['1', '2', '3', '4']

A folder of content opens the same way, without packaging a plugin:
``paragraphs.open_book("my-book/")``.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
# ``typing`` is not imported at run time here (start-up time)
TYPE_CHECKING = False

from paragraphs.pipeline.content import load_book
from paragraphs.book.dice import DiceSource
from paragraphs.interpreter.engine import Engine

if TYPE_CHECKING:
    from paragraphs.pluginhost.plugins import PluginHost


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
        from paragraphs.pluginhost.plugins import make_plugin_manager

        host = make_plugin_manager()
    book = load_book(host, title, overlays, use_cache=use_cache)
    return Engine(book, host, dice=dice)


def open_book(
    path: str | os.PathLike[str],
    *,
    host: PluginHost | None = None,
    overlays: Sequence[str | os.PathLike[str]] = (),
    dice: DiceSource | None = None,
    use_cache: bool = True,
) -> Engine:
    """Open a folder of content as a book, without packaging a plugin.

    Every ``*.yaml`` file under ``path`` is read (JSON is YAML too). Exactly one file
    holds the ``title`` record; its id must differ from every installed title's. A book
    may use the check kinds, steps, predicates, procedures and tables of installed
    titles by naming them: ``title: {id: mybook, name: ..., uses: [ambush]}``.

    Args:
        path: the content folder.
        host: a plugin host; a fresh one with every installed plugin when None.
        overlays: folders of the user's own content laid over the book's.
        dice: the engine's default dice source.
        use_cache: read and write the compiled-content cache.

    Raises:
        UsageError: not a folder, no title record (or several), an id that collides
            with an installed title, or ``uses`` naming a title that is not installed.
        ContentError: the content has errors (every one, with ``path:line:col``).
    """
    from paragraphs.pipeline.content import load_folder

    if host is None:
        from paragraphs.pluginhost.plugins import make_plugin_manager

        host = make_plugin_manager()
    book = load_folder(host, path, overlays, use_cache=use_cache)
    return Engine(book, host, dice=dice)
