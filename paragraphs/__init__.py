"""paragraphs: a dice-aware paragraph engine for programmed board wargames.

The public API is small; everything here is imported lazily so that ``import
paragraphs`` (and the CLI's warm path) stays fast.

* :func:`open_title` (an installed title) or :func:`open_book` (a folder) -> :class:`Engine`; :meth:`Engine.resolve` -> :class:`Resolution`
* :func:`paragraph_odds`, :func:`procedure_odds` -> :class:`OddsResult`
* :class:`State`, :func:`save_state`, :func:`load_state`
* dice: :class:`SeededDice`, :class:`ScriptedDice`, :class:`PhysicalDice`, :func:`parse_die`
* plugins: :data:`hookimpl`, :func:`make_plugin_manager`, the records in :mod:`paragraphs.records`
* errors: :class:`ParagraphsError` and its subclasses
"""

from __future__ import annotations

# ``typing`` is not imported at run time here: ``paragraphs --help``, ``--version`` and
# ``titles`` (and ``import paragraphs``) do without it (start-up time)
TYPE_CHECKING = False

from paragraphs.__about__ import __version__
from paragraphs.foundation.errors import (
    ContentError,
    CycleError,
    DiceError,
    OddsError,
    ParagraphsError,
    PluginError,
    ResolutionError,
    SaveError,
    UnknownParagraph,
    UsageError,
)
from paragraphs.foundation.lazy import lazy_attributes

# ``hookimpl`` too is looked up on first use: it imports pluggy, which ``--version``,
# ``--help`` and ``titles`` (read from the plugin index) do without.
_LAZY = {
    "hookimpl": "paragraphs.foundation.markers",
    "open_title": "paragraphs.interpreter.api",
    "open_book": "paragraphs.interpreter.api",
    "Engine": "paragraphs.interpreter.engine",
    "Resolution": "paragraphs.interpreter.engine",
    "Context": "paragraphs.interpreter.context",
    "paragraph_odds": "paragraphs.odds",
    "procedure_odds": "paragraphs.odds",
    "OddsResult": "paragraphs.odds",
    "State": "paragraphs.state",
    "save_state": "paragraphs.state",
    "load_state": "paragraphs.state",
    "SeededDice": "paragraphs.book.dice",
    "ScriptedDice": "paragraphs.book.dice",
    "PhysicalDice": "paragraphs.book.dice",
    "Die": "paragraphs.book.dice",
    "parse_die": "paragraphs.book.dice",
    "make_plugin_manager": "paragraphs.pluginhost.plugins",
    "PluginHost": "paragraphs.pluginhost.plugins",
    "load_book": "paragraphs.pipeline.content",
    "Book": "paragraphs.book.model",
    "Question": "paragraphs.book.model",
}

__all__ = [
    "__version__",
    "ParagraphsError",
    "UsageError",
    "PluginError",
    "ContentError",
    "UnknownParagraph",
    "DiceError",
    "ResolutionError",
    "CycleError",
    "OddsError",
    "SaveError",
    *_LAZY,
]


__getattr__ = lazy_attributes("paragraphs", _LAZY, globals())


if TYPE_CHECKING:
    from paragraphs.interpreter.api import open_book, open_title
    from paragraphs.pipeline.content import load_book
    from paragraphs.interpreter.context import Context
    from paragraphs.book.dice import Die, PhysicalDice, ScriptedDice, SeededDice, parse_die
    from paragraphs.interpreter.engine import Engine, Resolution
    from paragraphs.book.model import Book, Question
    from paragraphs.foundation.markers import hookimpl
    from paragraphs.odds import OddsResult, paragraph_odds, procedure_odds
    from paragraphs.pluginhost.plugins import PluginHost, make_plugin_manager
    from paragraphs.state import State, load_state, save_state
