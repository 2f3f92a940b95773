"""Frozen records that registration hooks yield.

A plugin describes what it adds by yielding these; the plugin host collects them, checks
that ids are unique (a clash names both plugins) and hands them to the loader and engine.
Every record has an ``id``; records that belong to one title carry its ``title`` id, and
``title=None`` means "for every title".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from paragraphs.book.cells import RESULT_COLUMN, Cell, as_cell, cell_key, is_typed

if TYPE_CHECKING:
    import argparse
    from importlib.resources.abc import Traversable

    from paragraphs.interpreter.context import Context
    from paragraphs.book.model import Book, TitleStep
    from paragraphs.pluginhost.plugins import PluginHost
    from paragraphs.foundation.problems import Problem


@dataclass(frozen=True, slots=True)
class Title:
    """A playable title: a book of paragraphs plus its tables, units and procedures.

    Attributes:
        id: short id used on the command line (``ambush``, ``bruneval``).
        name: display name.
        content: folder of the title's YAML files (read with importlib.resources).
        package: import package that ships it; its distribution gives the version.
        doc: one paragraph saying what the title is.
        collections_schema: ``$id`` of a registered schema for the title's own
            collections (zones, missions...), applied to every content file.
    """

    id: str
    name: str
    content: Traversable
    package: str
    doc: str = ""
    collections_schema: str | None = None


@dataclass(frozen=True, slots=True)
class SchemaResource:
    """A JSON Schema (draft 2020-12) a plugin contributes, addressed by its ``$id``."""

    id: str
    contents: Mapping[str, Any]
    title: str | None = None


@dataclass(frozen=True, slots=True)
class TableRow:
    """One row of a table: die faces ``low``..``high`` (a die table) or a ``key`` (a chart).

    Attributes:
        low, high: the faces the row covers; None for a keyed row.
        result: one cell, or (for a table with columns) a mapping column -> cell. A cell
            is a plain value or a :class:`paragraphs.book.cells.Cell` (a typed form).
        key: the row's id in cell keys: the chart key (``smg``), or for a die row its
            range as written (``3-5``).
    """

    low: int | None
    high: int | None
    result: Any
    note: str = ""
    key: str = ""

    @property
    def name(self) -> str:
        """The row's id in cell keys and messages (its key, else its faces)."""
        if self.key:
            return self.key
        if self.low is None or self.high is None:
            return ""
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


@dataclass(frozen=True, slots=True)
class Table:
    """A lookup table keyed by die ranges, or a chart keyed by row ids (``key: smg``).

    Attributes:
        die: the die rolled on it (``d6``, ``d10``, ``d100``), or None for a chart.
        rows: the rows, in order.
        columns: for charts with several columns (a hit chart by facing), the column
            names; each row's ``result`` is then a mapping column -> cell.
        flags: notes on the table as a whole (the source damaged it, ...).
        source: where the table is printed (rule section, page).
        order: the table's results from the player's point of view, worst first, when
            the rules make that order unambiguous (empty: not declared); the luck audit
            counts each roll on such a table.
    """

    id: str
    title: str | None
    name: str
    die: str | None
    rows: tuple[TableRow, ...]
    doc: str = ""
    columns: tuple[str, ...] = ()
    flags: Mapping[str, str] = field(default_factory=dict)
    source: str = ""
    order: tuple[str, ...] = ()

    def lookup(self, value: int) -> TableRow:
        """The die row covering ``value``; raises KeyError when no row does."""
        for row in self.rows:
            if row.low is not None and row.high is not None and row.low <= value <= row.high:
                return row
        raise KeyError(value)

    def row(self, which: int | str) -> TableRow:
        """The row keyed ``which`` (a chart key or a range as written), or covering face ``which``.

        Raises:
            KeyError: no such row.
        """
        if isinstance(which, str):
            for row in self.rows:
                if row.name == which:
                    return row
            try:
                which = int(which)
            except ValueError:
                raise KeyError(which) from None
        return self.lookup(which)

    def cell(self, row: int | str | TableRow, column: str | None = None) -> Cell:
        """The typed cell at ``row`` and ``column`` (``None`` for a table without columns).

        A plain value comes back as a ``value`` cell; an ``unknown`` cell comes back as it
        is (the engine's :meth:`paragraphs.interpreter.context.Context.cell` is what resolves it).

        Raises:
            KeyError: no such row or column.
        """
        r = row if isinstance(row, TableRow) else self.row(row)
        result = r.result
        if self.columns:
            if column is None:
                raise KeyError(f"table {self.id} has columns {', '.join(self.columns)}: name one")
            if column not in self.columns:
                raise KeyError(column)
            if isinstance(result, Cell) or is_typed(result):
                return as_cell(result)  # one typed cell stands for the whole row
            if not isinstance(result, Mapping):
                raise KeyError(column)
            return as_cell(result.get(column))
        if column not in (None, RESULT_COLUMN):
            raise KeyError(column)
        return as_cell(result)

    def cell_key(self, row: int | str | TableRow, column: str | None = None) -> str:
        """The key of a cell: ``cell.<table>.<row>.<column>``."""
        r = row if isinstance(row, TableRow) else self.row(row)
        return cell_key(self.id, r.name, column if self.columns else None)

    def cells(self) -> Iterator[tuple[TableRow, str | None, Cell]]:
        """Every cell, row by row: ``(row, column or None, cell)``."""
        for r in self.rows:
            for column in self.columns or (None,):
                yield r, column, self.cell(r, column)


@dataclass(frozen=True, slots=True)
class UnitType:
    """A kind of counter: its factors and where each value comes from."""

    id: str
    title: str | None
    name: str
    factors: Mapping[str, Any]
    doc: str = ""
    assumed: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Procedure:
    """A title rule written in Python, callable from content and from ``odds``.

    The function takes a :class:`paragraphs.interpreter.context.Context` and returns an outcome label
    (``"success"``, ``"defender hit"``) or a mapping with a ``label`` key. It rolls with
    ``ctx.roll`` and reads board facts with ``ctx.answer``, which is what lets ``odds``
    enumerate it exactly.

    Content passes ``args`` as keyword arguments after the context: ``procedure: {name:
    patrol, args: {strength: 2}}`` calls ``function(ctx, strength=2)``; an argument
    written as a value reference (``{counter: noise}``) arrives evaluated, as a number.

    Attributes:
        questions: keys of the answers it may ask for (shown in help and docs).
        section: the rulebook section it implements.
        outcomes: the labels it can return. When given, content may branch only on
            these (a misspelt ``outcomes:`` key is a schema error, with a suggestion).
    """

    id: str
    title: str | None
    function: Callable[..., Any]
    doc: str = ""
    questions: tuple[str, ...] = ()
    section: str = ""
    outcomes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CheckKind:
    """A kind of check usable in ``check: {kind: ...}``.

    Attributes:
        resolve: rolls (through the context) and returns the outcome name, one of
            ``outcomes`` (for example ``success``, ``failure``, ``exact``).
        schema: JSON Schema of the check's own keys (besides kind and outcome branches).
        bounds: optional; given the spec and title dice, the lowest and highest chance
            of success, used by the lint to flag checks that never or always succeed.
        prepare: optional speed-up; given the spec (with its ``purpose``) and the engine,
            returns a function of the context doing what ``resolve`` does for this spec,
            or None when the spec needs the general path. Called once per check step.
            When the outcome depends on one roll of one plain die and on nothing else,
            the function may carry ``face_outcomes = (die, outcomes)``, the outcome for
            each face of ``die.parts[0]`` in order: the fast mode then reads the
            outcome from the roll without calling it (the same rolls, the same results).
        chances: optional; the exact probability (``Fraction``) of each outcome for this
            spec in this context (it may ask questions), or None. Exact odds then branch
            on outcomes instead of on every face of the die. It must agree with
            ``resolve``; the core's tests check that for its own kinds.
    """

    id: str
    title: str | None
    resolve: Callable[[Context, Mapping[str, Any]], str]
    outcomes: tuple[str, ...] = ("success", "failure")
    schema: Mapping[str, Any] = field(default_factory=dict)
    doc: str = ""
    bounds: Callable[[Mapping[str, Any], Book], tuple[Any, Any] | None] | None = None
    prepare: Callable[[Mapping[str, Any], Any], Callable[[Context], str] | None] | None = None
    chances: Callable[[Context, Mapping[str, Any]], Mapping[str, Any] | None] | None = None


@dataclass(frozen=True, slots=True)
class StepKind:
    """A kind of step a title adds to the grammar.

    A step kind either *expands* into core steps when content is loaded (``perform: 815``
    becomes ``see: {to: "815", purpose: perform}``), or *runs* when reached.

    Attributes:
        schema: JSON Schema of the step's value.
        run: called with the context and the step; returns a paragraph id to jump to
            (like ``goto``) or None.
        expand: returns the core step(s) (plain YAML-like data) this step stands for.
        step_lists: keys of the value that hold nested step lists (compiled, linted and
            walked by the graph).
        refs: paragraph ids the step enters besides its nested steps (for the graph).
        shows: a short, spoiler-free label for docs (``activate units``).
    """

    id: str
    title: str | None
    schema: Mapping[str, Any]
    run: Callable[[Context, TitleStep], str | None] | None = None
    expand: Callable[[Any], Any] | None = None
    step_lists: tuple[str, ...] = ()
    refs: Callable[[Any], Iterable[str]] | None = None
    doc: str = ""


@dataclass(frozen=True, slots=True)
class PredicateKind:
    """A kind of predicate a title adds (``{condition: [3, 4]}``, ``{mover: vehicle}``).

    Attributes:
        evaluate: returns whether it holds; may ask questions through the context.
        expand: alternatively, the core predicate it stands for.
    """

    id: str
    title: str | None
    schema: Mapping[str, Any]
    evaluate: Callable[[Context, Any], bool] | None = None
    expand: Callable[[Any], Any] | None = None
    doc: str = ""


@dataclass(frozen=True, slots=True)
class LintRule:
    """A content check run after schema validation; yields problems.

    ``check`` is called with the compiled book and the title's grammar (its registered
    step kinds, which a rule needs to follow title steps' references).
    """

    id: str
    title: str | None
    check: Callable[[Book, Any], Iterable[Problem]]
    doc: str = ""


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
