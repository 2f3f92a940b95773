"""The context a resolution runs in: what steps, checks, predicates and procedures see.

Title plugins write against this class only. It offers rolling (``roll``), asking the
player (``answer``), reading values (``value``), showing instructions (``say``), changing
the state, and running nested steps (``run``). The engine decides where rolls and answers
come from: dice and answers given by the player when resolving, or every possibility in
turn when computing exact odds. Code that only uses these methods gets exact odds for free.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
# ``typing`` is not imported at run time here (start-up time)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

from paragraphs.book import model as m
from paragraphs.book.dice import Die
from paragraphs.book.cells import ASK, REFUSE, REMEMBERED_CELLS, Cell, UnknownCell, answered_cell, as_cell, cell_key
from paragraphs.foundation.errors import ResolutionError

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # the standard decorator, its methods compiled once between runs (start-up time)
    from paragraphs.foundation.dataclass_code import dataclass

if TYPE_CHECKING:
    from paragraphs.pluginhost.records import Table, TableRow
    from paragraphs.interpreter.engine import Engine
    from paragraphs.state import State


@dataclass(frozen=True, slots=True)
class RollRecord:
    """One roll: the die, the face it showed, the total after modifiers, and why."""

    die: str
    value: int
    total: int
    purpose: str
    paragraph: str
    source: str
    #: what the face meant (``success``, ``the mortar comes in``), when the rule says so
    meaning: str = ""
    #: what the rule knows of the player's order of outcomes (see :mod:`paragraphs.audits.luck`)
    luck: Mapping[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        data = {
            "die": self.die,
            "value": self.value,
            "total": self.total,
            "purpose": self.purpose,
            "paragraph": self.paragraph,
            "source": self.source,
        }
        if self.meaning:
            data["meaning"] = self.meaning
        if self.luck:
            data["luck"] = dict(self.luck)
        return data


@dataclass(frozen=True, slots=True)
class Instruction:
    """Something to show the player, with the paragraph it came from."""

    paragraph: str
    text: str
    kind: str = "say"

    def to_json(self) -> dict[str, Any]:
        return {"paragraph": self.paragraph, "text": self.text, "kind": self.kind}


class NeedAnswer(Exception):
    """Internal signal: a question has no answer yet (the resolution stops cleanly)."""

    def __init__(self, question: m.Question) -> None:
        self.question = question
        super().__init__(question.key)


class Chooser:
    """Where a context gets rolls and answers. The engine supplies one per resolution."""

    #: recorded on each roll: "seeded", "scripted", "physical", "odds", ...
    source_kind: str = "unknown"

    def roll(self, ctx: Context, die: Die, purpose: str, allowed: set[int] | None) -> int:  # pragma: no cover
        raise NotImplementedError

    def answer(self, ctx: Context, question: m.Question) -> Any:  # pragma: no cover
        raise NotImplementedError

    def at_boundary(self, ctx: Context, target: str) -> None:
        """Called before each top-level jump when the context asks for boundaries (exact odds memoise here)."""

    def at_see(self, ctx: Context, step: m.See) -> None:
        """Called before a ``see`` step when the context asks for boundaries (exact odds
        memoise a ``see`` after which nothing more happens, as they do a ``goto``)."""

    # An exact-odds chooser also has ``pick_outcome(ctx, dist, what)`` (branch on a check's
    # outcomes) and may have ``lumped(ctx, chances, what)``: given a function that works out
    # a check's chances (asking the check's own questions), it returns the outcome, or None
    # for "roll as usual"; it may ask every answer of those questions itself instead of
    # replaying the resolution once per answer.

    def entry_limit_reached(self, ctx: Context, paragraph: str) -> None:
        """Called when entering ``paragraph`` would pass ``ctx.entry_limit``.

        Returning lets the engine report a runaway loop; exact odds stop the branch here
        instead when they were asked for a depth.
        """


class Context:
    """The working state of one resolution plus everything a rule needs to act on it.

    Attributes:
        engine: the engine running the resolution (book, grammar, plugin host).
        state: the working state; it becomes the new state only if the resolution ends.
        answers: answers by key, already parsed.
        trail: paragraph ids entered, in order.
        rolls: every roll made.
        instructions: what to show the player.
        effects: short, spoiler-free labels of what happened (used by ``odds``).
        paragraph: the paragraph whose steps are running.
    """

    def __init__(self, engine: Engine, state: State, answers: dict[str, Any], chooser: Chooser, *, record: bool = True, track_effects: bool | None = None) -> None:
        self.engine = engine
        self.book = engine.book
        self.title = engine.book.title
        self.state = state
        self.answers = answers
        self.chooser = chooser
        self.record = record
        self.trail: list[str] = []
        self.rolls: list[RollRecord] = []
        self.instructions: list[Instruction] = []
        self.effects: list[str] = []
        self.marked: list[str] = []
        self.counter_changes: dict[str, int] = {}
        self.paragraph = ""
        self.stack: list[str] = []
        self.frames: list[Mapping[str, Any]] = []
        self.subject: int | None = None
        #: Inside ``for_each``: who the steps are about now ("man 2"); names rolls and lines.
        self.subject_label: str | None = None
        self.entries = 0
        #: The journal step this resolution will be (when a sighting was made, say).
        self.step: int | None = None
        #: Most paragraphs this context may enter (exact odds lower it for ``--depth``).
        self.entry_limit = engine.max_entries
        #: Set by exact odds when reaching ``entry_limit`` ends a branch (not a loop).
        self.odds_depth_stop = False
        #: Whether effect labels are kept (for results and odds; off in the fast mode).
        self.track_effects = record if track_effects is None else track_effects
        #: Whether exact odds memoise at top-level jumps (set by the odds chooser).
        self.boundary = bool(getattr(chooser, "boundary", False))
        #: In the fast mode with seeded dice: a direct ``die -> face`` roller (no journal).
        self.quick = None if record else getattr(chooser, "quick", None)

    # ---------------------------------------------------------------- dice
    def die(self, notation: str | Die) -> Die:
        """A die under the title's conventions (``d10`` is 0-9 or 1-10 by title)."""
        if isinstance(notation, Die):
            return notation
        return self.engine.die(notation)

    def roll(self, die: str | Die, purpose: str, *, modifier: int = 0, allowed: set[int] | None = None) -> int:
        """Roll ``die`` and return the face; the roll is journaled with ``purpose``.

        Args:
            die: notation or Die.
            purpose: what the roll is for, in a few words.
            modifier: added to the face for the journal's ``total`` only.
            allowed: faces that count; others are rolled again (tables with "roll again").
        """
        d = die if die.__class__ is Die else self.die(die)
        if self.subject_label is not None:
            purpose = f"{purpose} ({self.subject_label})"
        face = self.chooser.roll(self, d, purpose, allowed)
        if self.record:
            self.rolls.append(RollRecord(d.name, face, face + modifier, purpose, self.paragraph, self.chooser.source_kind))
        return face

    def explain_roll(self, meaning: str, *, luck: Mapping[str, Any] | None = None) -> None:
        """Say what the last roll meant (``success``), so the player reads it beside the face.

        ``luck`` is what the rule knows of the player's order of outcomes, as made by
        :func:`paragraphs.audits.luck.order_luck`; the session's luck audit reads it.
        """
        if self.record and self.rolls:
            last = self.rolls[-1]
            self.rolls[-1] = RollRecord(last.die, last.value, last.total, last.purpose, last.paragraph, last.source, meaning, luck)

    # ---------------------------------------------------------------- answers
    def answer(self, question: m.Question | str) -> Any:
        """The player's answer to ``question`` (a Question or a declared key)."""
        q = self.book.question(question) if isinstance(question, str) else question
        if q.key in self.answers:
            return self.answers[q.key]
        value = self.chooser.answer(self, q)
        self.answers[q.key] = value
        return value

    def subject_answer(self, question: m.Question | str) -> Any:
        """Like :meth:`answer`, but per subject inside a group check (``pc.2`` for the second).

        Outside a group check this is the plain question. Inside one, subject ``i`` is asked
        ``<key>.<i>``; the plain answer, when given, serves the first subject.
        """
        q = self.book.question(question) if isinstance(question, str) else question
        if self.subject is None:
            return self.answer(q)
        key = f"{q.key}.{self.subject}"
        answers = self.answers
        if key in answers:
            # answered: no per-subject question to make (exact odds ask this for every
            # man under every answer of the others)
            return answers[key]
        if self.subject == 1 and q.key in answers:
            return answers[q.key]
        sub = m.Question(key, f"{q.prompt} (man {self.subject})", q.type, q.min, q.max, q.choices, q.pos)
        return self.answer(sub)

    # ---------------------------------------------------------------- table cells
    def cell(self, table: str | Table, row: int | str | TableRow, column: str | None = None) -> Cell:
        """The rules value of a table cell (or of a field of a title's collection), never a guess.

        A cell the title gives (a value, ``prohibited``, ``none``, ``derived``) comes back as
        it is; so does one an overlay fills. For an ``unknown`` cell, an answer remembered
        in the state for this play-through is used; else the cell is asked as a question
        keyed ``cell.<table>.<row>.<column>`` (a player at the keyboard answers it once; a
        resolution without a player stops with ``needs_answers`` on that key). With the
        engine's ``gaps`` policy set to ``refuse`` it raises :class:`UnknownCell` instead.

        Args:
            table: a table id or record, or the name of one of the title's collections
                (then ``row`` is a record id and ``column`` a field of it).
            row: a face (int), a row key, or a range as written.
            column: the column; None for a table without columns.

        Raises:
            ResolutionError: no such table, row or column.
            UnknownCell: the cell is unknown and the gaps policy is ``refuse``.
        """
        # (told apart by the plain types: the table records are built only when a title has tables)
        t = self.book.tables.get(table) if isinstance(table, str) else table
        if t is None:
            return self._record_cell(str(table), str(row), column)
        try:
            r = t.row(row) if isinstance(row, (int, str)) else row
            found = t.cell(r, column)
        except KeyError:
            raise ResolutionError(f"{self.title} {self.paragraph}: table {t.id} has no cell at row {row!r}, column {column!r}") from None
        if found.known:
            return found
        # (the content pipeline's question makers only when a cell is unknown: not at import)
        from paragraphs.pipeline.tables import table_cell_question

        return self._unknown_cell(t.cell_key(r, column), found, lambda: table_cell_question(t, r, column))

    def row_cell(self, total: int, cell: Cell, what: str) -> Cell:
        """The value of a roll's row given as a typed cell, for ``total`` in the current paragraph.

        Its key is ``cell.<paragraph>.<total>.result``: an overlay value for that key wins,
        then a known cell, then the policy of :meth:`cell` for an unknown one.
        """
        key = cell_key(self.paragraph, str(total))
        filled = (self.book.meta.get("row_cells") or {}).get(key)
        if filled is not None:
            return as_cell(filled)
        if cell.known:
            return cell
        from paragraphs.pipeline.tables import cell_question

        return self._unknown_cell(key, cell, lambda: cell_question(key, f"Paragraph {self.paragraph}, {what}", str(total), None, cell))

    def _record_cell(self, collection: str, rid: str, name: str | None) -> Cell:
        record = (self.book.data.get(collection) or {}).get(rid)
        if not isinstance(record, Mapping) or name is None or name not in record:
            raise ResolutionError(f"{self.title} {self.paragraph}: no table or collection cell {collection}.{rid}.{name}")
        found = as_cell(record[name])
        if found.known:
            return found
        key = cell_key(collection, rid, name)
        from paragraphs.pipeline.tables import cell_question

        return self._unknown_cell(key, found, lambda: cell_question(key, collection, rid, name, found))

    def _unknown_cell(self, key: str, found: Cell, question: Callable[[], m.Question]) -> Cell:
        remembered = self.state.extra.get(REMEMBERED_CELLS, {})
        if key in remembered:
            return answered_cell(remembered[key])
        if key not in self.answers and getattr(self.engine, "gaps", ASK) == REFUSE:
            raise UnknownCell(key, found)
        answer = self.answer(question())
        # remembered for the rest of the play-through, so it is asked once
        self.state.extra.setdefault(REMEMBERED_CELLS, {})[key] = answer
        return answered_cell(answer)

    # ---------------------------------------------------------------- values
    def value(self, ref: Any) -> Any:
        """Evaluate a value: a number, or where to read one.

        ``ref`` is what content compiles to (a check's or procedure's keys arrive so), or
        the content form itself, as a plugin may write it:

        * ``{"value": "storm"}``: a named value of the state (an unset track is asked);
        * ``{"counter": "noise"}``: a counter's current total;
        * ``{"ask": "cover"}`` or ``{"ask": {"key": ..., "min": 0, "max": 3}}``: the answer
          to a question (asked through the resolution, so exact odds split on it);
        * ``{"sum": [2, {"value": "crew"}]}``: the sum of several values;
        * a list: the sum of its items; anything else (a number, a text): itself.

        Raises:
            ResolutionError: a mapping that is none of these forms.
        """
        if isinstance(ref, m.Literal):
            return ref.value
        if isinstance(ref, m.ValueOf):
            return self.read_value(ref.name)
        if isinstance(ref, m.CounterOf):
            return self.state.counters.get(ref.name, self.book.counters.get(ref.name, 0))
        if isinstance(ref, m.AnswerTo):
            # inside a group check every man answers for himself (pc.1, pc.2, ...)
            return self.subject_answer(ref.question) if self.subject is not None else self.answer(ref.question)
        if isinstance(ref, m.SumOf):
            return sum(self.number(item) for item in ref.items)
        if isinstance(ref, list):
            return sum(self.number(item) for item in ref)
        if isinstance(ref, Mapping):  # the content form, as a plugin may pass it
            return self.value(self._content_value(ref))
        return ref

    def _content_value(self, raw: Mapping[str, Any]) -> Any:
        """The value reference a content-form mapping stands for."""
        forms = ("value", "counter", "ask", "sum")
        if len(raw) != 1 or next(iter(raw)) not in forms:
            keys = ", ".join(map(str, raw)) or "none"
            raise ResolutionError(
                f"{self.title} {self.paragraph}: cannot read a value from a mapping with keys {keys} "
                "(a value is a number, {value: NAME}, {counter: NAME}, {ask: KEY} or {sum: [...]})"
            )
        (form, inner), = raw.items()
        if form == "value":
            return m.ValueOf(str(inner))
        if form == "counter":
            return m.CounterOf(str(inner))
        if form == "sum":
            if not isinstance(inner, list):
                raise ResolutionError(f"{self.title} {self.paragraph}: {{sum: ...}} takes a list of values, not {inner!r}")
            return m.SumOf(tuple(self._content_value(v) if isinstance(v, Mapping) else v for v in inner))
        if isinstance(inner, Mapping):
            from paragraphs.pipeline.compiler import make_question

            key = str(inner.get("key", ""))
            known = self.book.questions.get(key)
            body = {k: v for k, v in inner.items() if k != "key"}
            question = known if known is not None and not body else make_question(key, body, m.INTEGER, self.paragraph_pos())
            return m.AnswerTo(question)
        return m.AnswerTo(self.book.question(str(inner)))

    def paragraph_pos(self) -> Any:
        """Where the current paragraph is written (for questions a plugin defines inline)."""
        par = self.book.paragraphs.get(self.paragraph) if self.paragraph else None
        from paragraphs.foundation.problems import SourcePos

        return par.pos if par is not None else SourcePos("<plugin>")

    def number(self, ref: Any) -> int:
        """Like :meth:`value`, for a value that must be a whole number.

        Raises:
            ResolutionError: the value is unknown here (a passed value nobody passed).
        """
        if ref is None:  # spec.get("key") of a key the content did not write
            raise ResolutionError(f"{self.title} {self.paragraph}: no value (None) where a number is needed (a key the content does not give? give .get() a default)")
        value = self.value(ref)
        if value is None or isinstance(value, bool):
            name = getattr(ref, "name", ref)
            raise ResolutionError(f"{self.title} {self.paragraph}: the value {name!r} is not known here")
        try:
            return int(value)
        except (TypeError, ValueError):
            raise ResolutionError(f"{self.title} {self.paragraph}: {value!r} is not a number") from None

    def read_value(self, name: str) -> Any:
        """A named value of the state; an unset track is asked as its question."""
        values = self.state.values
        if name in values:
            return values[name]
        track = self.book.tracks.get(name)
        if track is not None and track.question is not None:
            # An answered track is an assumption of this resolution, not a change the
            # content made: it is not written into the state.
            return self.answer(track.question)
        passed = self.passed(name)
        if passed is not None:
            return passed
        return None

    def set_value(self, name: str, value: Any) -> None:
        self.state.values[name] = value
        self.effects.append(f"{name}={value}")

    def passed(self, name: str) -> Any:
        """A value the caller passed with ``see: {to, with: {...}}`` (innermost first)."""
        for frame in reversed(self.frames):
            if name in frame:
                return frame[name]
        return None

    # ---------------------------------------------------------------- effects
    def say(self, text: str, kind: str = "say") -> None:
        """Show an instruction to the player, attributed to the current paragraph."""
        if self.record:
            if self.subject_label is not None:
                text = f"{self.subject_label[0].upper()}{self.subject_label[1:]}: {text}"
            self.instructions.append(Instruction(self.paragraph, text, kind))

    def effect(self, label: str) -> None:
        """Note a short, spoiler-free label of what happened (part of odds outcomes)."""
        if self.track_effects:
            self.effects.append(label)

    def add_counter(self, name: str, delta: int, reason: str) -> None:
        self.state.add_counter(name, delta, reason, self.paragraph)
        self.counter_changes[name] = self.counter_changes.get(name, 0) + delta

    def mark(self, sid: str, *, observer: str | None = None, revealed: Any = None, lapses: Any = None) -> None:
        """Mark sighting ``sid``: unattributed, or seen by ``observer`` (one of many: each
        observer keeps what it saw, when, and how its sighting lapses)."""
        sightings = self.state.sightings
        info = sightings.get(sid)
        if info is None:
            self.marked.append(sid)
            info = {}
        else:
            info = dict(info)
        detail: dict[str, Any] = {"paragraph": self.paragraph}
        if self.step is not None:
            detail["step"] = self.step
        if revealed is not None:
            detail["revealed"] = revealed
        if lapses is not None:
            detail["lapses"] = lapses
        if observer is None:
            info.update(detail)
        else:
            by = dict(info.get("by") or {})
            by[str(observer)] = detail
            info["by"] = by
        sightings[sid] = info

    def clear_sighting(self, sid: str, observer: str | None = None, reason: str = "") -> bool:
        """End sighting ``sid`` for ``observer`` (or for everyone), saying why.

        Returns:
            Whether there was anything to clear.
        """
        if not self.state.clear_sighting(sid, observer):
            return False
        who = f" for {observer}" if observer is not None else ""
        self.effect(f"sighting {sid} cleared{who}")
        self.say(f"Sighting {sid} ends{who}" + (f": {reason}" if reason else "."), "sighting")
        return True

    # ---------------------------------------------------------------- flow
    def run(self, steps: m.Steps) -> str | None:
        """Run nested steps; returns a paragraph id when they jump (``goto``)."""
        return self.engine.run_steps(self, steps)

    def see(self, paragraph: str, with_: Mapping[str, Any] | None = None) -> None:
        """Read another paragraph and come back."""
        self.engine.call(self, paragraph, with_ or {})

    def check(self, kind: str, spec: Mapping[str, Any]) -> str:
        """Resolve a check of ``kind`` (a registered check kind) and return its outcome name.

        For a roll a procedure only needs classified (hit / miss; killed / wounded /
        missed): under exact odds, when the kind knows its chances, this branches once per
        outcome with its exact probability instead of once per face of the die.

        Args:
            kind: the check kind's id.
            spec: the check's own keys, as in content (``purpose`` optional).

        Raises:
            ResolutionError: the title has no such check kind.
        """
        found = self.engine.grammar.checks.get(kind)
        if found is None:
            self.fail(f"no check kind {kind!r}")
        assert found is not None
        full = dict(spec)
        full.setdefault("purpose", f"{kind} check in {self.paragraph or 'a procedure'}")
        pick = getattr(self.chooser, "pick_outcome", None)
        if pick is not None and found.chances is not None:
            chances = found.chances
            what = f"{kind} check: {full['purpose']}"
            lumped = getattr(self.chooser, "lumped", None)
            if lumped is not None:
                outcome = lumped(self, lambda: chances(self, full), what)
                if outcome is not None:
                    return str(outcome)
            else:
                dist = chances(self, full)
                if dist:
                    return str(pick(self, dist, what=what))
        return found.resolve(self, full)

    def fail(self, message: str) -> None:
        raise ResolutionError(f"{self.title} {self.paragraph}: {message}")
