"""The records of the front ends: command-line commands, automatic players, session verbs,
record-sheet sections and the id lists of ``paragraphs ids``."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # the standard decorator, its methods compiled once between runs (start-up time)
    from paragraphs.foundation.dataclass_code import dataclass

if TYPE_CHECKING:
    import argparse

    from paragraphs.book.model import Book
    from paragraphs.pluginhost.plugins import PluginHost


@dataclass(frozen=True, slots=True)
class Command:
    """A title's own CLI command (``simulate``, ``turn``) or its options for a core one.

    Attributes:
        id: the command name. With ``extends`` set, the id names the title's extension.
        extends: name of a core command (``play``) this adds options to; ``run`` then
            takes over that command for this title when given.
        add_arguments: adds the command's arguments to an argparse parser.
        run: runs it; returns the exit code.
    """

    id: str
    title: str | None
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, PluginHost], int] | None = None
    extends: str | None = None


@dataclass(frozen=True, slots=True)
class Policy:
    """An automatic player for a title (``play --auto --policy ID``)."""

    id: str
    title: str | None
    factory: Callable[..., Any]
    doc: str = ""


@dataclass(frozen=True, slots=True)
class VerbArgument:
    """One argument of a session verb, as the player types it.

    Attributes:
        name: the keyword the procedure receives it by.
        help: what to type, in a few words (shown by ``help``).
        type: ``text``, ``integer`` or ``choice``.
        choices: the allowed words of a ``choice`` argument.
        optional: the player may leave it out (the procedure then sees None).
        rest: takes the rest of the line, spaces included (only the last argument).
    """

    name: str
    help: str = ""
    type: str = "text"
    choices: tuple[str, ...] = ()
    optional: bool = False
    rest: bool = False


@dataclass(frozen=True, slots=True)
class SessionVerb:
    """A command a title adds to the interactive session (``round``, ``fire``, ``move``).

    The session parses the player's words into the verb's arguments and performs the
    procedure as one journaled step, so every verb gets saving, undo, the log, ``--json``
    and the same dice handling as a paragraph read.

    Attributes:
        id: the word the player types.
        title: the title the verb belongs to.
        help: one line shown by ``help``.
        procedure: the id of a registered :class:`Procedure` to perform.
        arguments: the verb's arguments, in the order they are typed.
    """

    id: str
    title: str | None
    help: str
    procedure: str
    arguments: tuple[VerbArgument, ...] = ()


@dataclass(frozen=True, slots=True)
class SheetSection:
    """A title's part of the session's record sheet, and its sanity checks before a read.

    Attributes:
        id: a unique id.
        title: the title the section belongs to.
        render: ``(state, book) -> lines`` shown on the sheet, worded for the player.
        data: ``(state, book) -> dict``: the same as JSON data (``--json``), or None.
        claims: names of state values and ``extra`` keys the section shows, which the
            core sheet then leaves out.
        warnings: ``(state, book, paragraph) -> warnings`` shown before a paragraph typed
            by the player is read (never its text: no spoilers), or None.
    """

    id: str
    title: str | None
    render: Callable[[Any, Any], list[str]]
    data: Callable[[Any, Any], dict[str, Any]] | None = None
    claims: tuple[str, ...] = ()
    warnings: Callable[[Any, Any, str], list[str]] | None = None


@dataclass(frozen=True, slots=True)
class IdList:
    """A list of ids a title's player or owner types, shown by ``paragraphs ids TITLE``.

    The core lists what every book has (paragraphs, sightings, tables, units, tracks);
    a title adds what only it has (a raid title's zones and counters), in the game's words.

    Attributes:
        id: the list's name on the command line (``ids TITLE --kind zones``).
        title: the title the list belongs to.
        name: a heading for the player (``Zones of the map``).
        entries: ``book -> [(id, what it is), ...]`` in the order the player meets them.
    """

    id: str
    title: str | None
    name: str
    entries: Callable[[Book], Iterable[tuple[str, str]]]
