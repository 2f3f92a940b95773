"""Every hook a plugin can implement, grouped by when it is called.

Registration hooks take no arguments and yield records from :mod:`paragraphs.records`.
Resolution hooks are ``firstresult``: the first plugin that returns something other than
None wins, and the core's own default (in :mod:`paragraphs.builtin`) runs last.
Notification hooks return nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from paragraphs.book.dice import Die
    from paragraphs.interpreter.engine import Resolution
    from paragraphs.book.model import Book
    from paragraphs.pluginhost.records import (
        CheckKind,
        Command,
        IdList,
        LintRule,
        Policy,
        SessionVerb,
        SheetSection,
        PredicateKind,
        Procedure,
        SchemaResource,
        StepKind,
        Table,
        Title,
        UnitType,
    )
    from paragraphs.state import State

hookspec = pluggy.HookspecMarker("paragraphs")

# --------------------------------------------------------------------------- registration


@hookspec
def paragraphs_register_titles() -> Iterable[Title]:
    """Declare the titles a plugin ships.

    Called once when a plugin host is built, before any content is loaded.

    Returns:
        The plugin's :class:`~paragraphs.records.Title` records (yield them).

    Example:
        ``yield Title(id="sample", name="Sample", content=files(__package__) / "content",
        package=__package__)``
    """


@hookspec
def paragraphs_register_schemas() -> Iterable[SchemaResource]:
    """Contribute JSON Schemas (draft 2020-12) to the shared schema registry.

    Called when content is validated; every schema must carry an ``$id``.

    Returns:
        :class:`~paragraphs.records.SchemaResource` records (yield them).
    """


@hookspec
def paragraphs_register_tables() -> Iterable[Table]:
    """Contribute lookup tables written in code rather than in a title's YAML.

    Called when a title is loaded; tables from content are added by the core.

    Returns:
        :class:`~paragraphs.records.Table` records (yield them).
    """


@hookspec
def paragraphs_register_units() -> Iterable[UnitType]:
    """Contribute unit types written in code rather than in a title's YAML.

    Called when a title is loaded; units from content are added by the core.

    Returns:
        :class:`~paragraphs.records.UnitType` records (yield them).
    """


@hookspec
def paragraphs_register_procedures() -> Iterable[Procedure]:
    """Contribute rules written in Python, callable by ``procedure`` steps and ``odds``.

    Called when a title is loaded.

    Returns:
        :class:`~paragraphs.records.Procedure` records (yield them).
    """


@hookspec
def paragraphs_register_check_kinds() -> Iterable[CheckKind]:
    """Contribute kinds of check (``check: {kind: pc}``).

    Called when a title is loaded; the core registers ``target`` and ``opposed``.

    Returns:
        :class:`~paragraphs.records.CheckKind` records (yield them).
    """


@hookspec
def paragraphs_register_steps() -> Iterable[StepKind]:
    """Contribute kinds of step to the content grammar.

    Called when a title is loaded; the step's schema joins the title's book schema.

    Returns:
        :class:`~paragraphs.records.StepKind` records (yield them).
    """


@hookspec
def paragraphs_register_predicates() -> Iterable[PredicateKind]:
    """Contribute kinds of predicate to the content grammar.

    Called when a title is loaded.

    Returns:
        :class:`~paragraphs.records.PredicateKind` records (yield them).
    """


@hookspec
def paragraphs_register_lint_rules() -> Iterable[LintRule]:
    """Contribute content checks run after schema validation.

    Called by ``validate`` and whenever content is compiled.

    Returns:
        :class:`~paragraphs.records.LintRule` records (yield them).
    """


@hookspec
def paragraphs_register_commands() -> Iterable[Command]:
    """Contribute CLI commands (``simulate``, ``turn``) or options for core commands.

    Called when the CLI builds its argument parser.

    Returns:
        :class:`~paragraphs.records.Command` records (yield them).
    """


@hookspec
def paragraphs_register_policies() -> Iterable[Policy]:
    """Contribute automatic players (``play --auto --policy ID``).

    Called when an automatic game is set up.

    Returns:
        :class:`~paragraphs.records.Policy` records (yield them).
    """


@hookspec
def paragraphs_register_session_verbs() -> Iterable[SessionVerb]:
    """Contribute commands of the interactive session (``round``, ``fire``, ``move``).

    Called when a session (``paragraphs play``) starts for a title. Each verb names a
    registered procedure; the session performs it as one journaled step, so the verb is
    saved, undone, logged and shown as data with ``--json`` like a paragraph read.

    Returns:
        :class:`~paragraphs.records.SessionVerb` records (yield them).
    """


@hookspec
def paragraphs_register_sheet_sections() -> Iterable[SheetSection]:
    """Contribute a title's part of the session's record sheet and its sanity warnings.

    Called when a session (``paragraphs play``) starts for a title. The core sheet shows
    tracks, counters with their reasons, sightings, notes and armed hooks; a section adds
    what the title knows of its board, in the game's words, and may warn before a read.

    Returns:
        :class:`~paragraphs.records.SheetSection` records (yield them).
    """


@hookspec
def paragraphs_register_id_lists() -> Iterable[IdList]:
    """Contribute lists of a title's own ids (a raid map's zones, its counters).

    Called by ``paragraphs ids TITLE``, which shows the core's lists (paragraphs,
    sightings, tables, units, tracks) followed by the title's, so a player or an owner
    writing a board file or an overlay finds every id to type.

    Returns:
        :class:`~paragraphs.records.IdList` records (yield them).
    """


# --------------------------------------------------------------------------- resolution


@hookspec(firstresult=True)
def paragraphs_roll(die: Die, purpose: str, title: str) -> int | None:
    """Override a roll before the dice source is asked (loaded dice for demos, tracing).

    Called for every roll the engine makes, before its dice source.

    Args:
        die: the die to roll, with its faces.
        purpose: what the roll is for (``"PC Check in 112"``).
        title: id of the title being played.

    Returns:
        A face of ``die``, or None to let the dice source roll.

    Stops at first non-None result.

    Core implementation: none; the engine's dice source rolls when every plugin returns None.
    """


@hookspec(firstresult=True)
def paragraphs_initial_state(book: Book, options: dict[str, Any]) -> dict[str, Any] | None:
    """Give the starting values of a new play-through (a mission's set-up, for example).

    Called when a new state is made for a title, with the options the user gave
    (``{"mission": 22}``).

    Args:
        book: the title's compiled content (``book.title`` is its id).
        options: title options from the command line or the API.

    Returns:
        A mapping of state fields to set (``values``, ``counters``, ``extra``, ``notes``),
        or None when the plugin does not own ``title``.

    Stops at first non-None result.

    Core implementation: `paragraphs.builtin.defaults` (trylast) returns the counters
    and tracks declared in the title's content.
    """


# --------------------------------------------------------------------------- notification


@hookspec
def paragraphs_paragraph_entered(paragraph: str, state: State, title: str) -> None:
    """Notification: a paragraph was entered during a resolution.

    Called after its read count and sightings are updated and before its steps run.

    Args:
        paragraph: the paragraph id.
        state: the resolution's working state (do not change it).
        title: id of the title.
    """


@hookspec
def paragraphs_resolution_finished(resolution: Resolution, title: str) -> None:
    """Notification: a resolution ended (``done`` or ``needs_answers``).

    Called once per resolution, after the state has been committed (or not).

    Args:
        resolution: the result, with trail, rolls, instructions and the new state.
        title: id of the title.
    """
