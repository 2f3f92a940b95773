"""The content model (IR): frozen dataclasses built from validated YAML.

A :class:`Book` holds a title's paragraphs, questions, tables, units and declarations.
A :class:`Paragraph` is a list of steps; steps and predicates are small frozen records.
Nothing here is evaluated as code: the engine walks these records.
Every record keeps its :class:`~paragraphs.foundation.problems.SourcePos` for error messages.

Annotations are evaluated here (no ``from __future__ import annotations``), as the
generated reference shows :class:`Question`'s; those that name ``Any`` (a name for type
checkers only: ``typing`` is not imported at run time, see
:mod:`paragraphs.foundation.named_tuple`) are written as text. The public :class:`Book`
and the methods of :class:`Question` keep theirs as text.
"""

from collections.abc import Iterator, Mapping
from paragraphs.foundation.dataclass_code import field

from paragraphs.book import cells as _cells
from paragraphs.book.dice import DiceConventions
from paragraphs.foundation.dataclass_code import keep_namedtuple_code as _keep_namedtuple_code
from paragraphs.foundation.dataclass_code import stop_keeping_namedtuple_code as _stop_keeping_namedtuple_code
from paragraphs.foundation.errors import UnknownParagraph, UsageError
from paragraphs.foundation.problems import SourcePos

# ``typing`` is not imported at run time here (start-up time): the records are declared
# with the class syntax of ``typing.NamedTuple``, made without it (an annotation that
# names ``Any`` is written as text, as that name exists for type checkers only)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from dataclasses import dataclass
    from typing import Any, NamedTuple
else:  # the standard decorator, its methods compiled once between runs (start-up time)
    from paragraphs.foundation.dataclass_code import dataclass
    from paragraphs.foundation.named_tuple import NamedTuple

NOWHERE = SourcePos("<none>")
# Shared empty default for mapping fields (never mutated).
_EMPTY: "Mapping[str, Any]" = {}

# --------------------------------------------------------------------------- questions

YESNO = "yesno"
INTEGER = "integer"
CHOICE = "choice"
#: A question for a table cell the source does not give (key ``cell.<table>.<row>.<column>``).
CELL = "cell"

_YES = {"yes", "y", "true", "1", "oui"}
_NO = {"no", "n", "false", "0", "non"}

# ``collections.namedtuple`` compiles a ``__new__`` for each record from text, and the
# command line builds every record below at each start: those compiles are kept between
# runs until the last record (paragraphs.foundation.dataclass_code).
_keep_namedtuple_code()


class Question(NamedTuple):
    """Something only the player can answer: a board fact, a decision, a number.

    Attributes:
        key: stable id used for answers (``--answer pc=5``).
        prompt: the question as shown.
        type: ``yesno``, ``integer``, ``choice``, or ``cell`` (a value for a table cell
            the source does not give: a value, ``P`` or ``none``).
        min, max: bounds of an integer question.
        choices: ``(id, label)`` pairs of a choice question.
    """

    key: str
    prompt: str
    type: str = YESNO
    min: int | None = None
    max: int | None = None
    choices: tuple[tuple[str, str], ...] = ()
    pos: SourcePos = NOWHERE

    def domain(self) -> "list[Any]":
        """Every possible answer, in order."""
        if self.type == YESNO:
            return [True, False]
        if self.type == CELL:
            return []  # any value: exact odds stop at such a question instead of splitting
        if self.type == INTEGER:
            return list(range(int(self.min or 0), int(self.max if self.max is not None else 9) + 1))
        return [cid for cid, _ in self.choices]

    def random_answer(self, rng: "Any") -> "Any":
        """An answer drawn uniformly by ``rng`` (a :class:`random.Random`), without listing
        an integer range (``randrange`` draws exactly as ``choice`` over the list would)."""
        if self.type == INTEGER:
            lo = int(self.min or 0)
            return rng.randrange(lo, lo + self.domain_size())
        return rng.choice(self.domain())

    def domain_size(self) -> "int":
        """How many answers there are, without listing them (an integer range may be huge)."""
        if self.type == INTEGER:
            return max(0, int(self.max if self.max is not None else 9) - int(self.min or 0) + 1)
        return 2 if self.type == YESNO else len(self.choices)

    def parse(self, raw: "Any") -> "Any":
        """Turn a typed answer (``yes``, ``7``, ``vehicle``) into a value of the domain.

        Raises:
            UsageError: the answer is not in the domain.
        """
        if self.type == YESNO:
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in _YES:
                return True
            if text in _NO:
                return False
            raise UsageError(f"answer for {self.key!r} must be yes or no, not {raw!r}")
        if self.type == CELL:
            return _cells.parse_answer(raw)
        if self.type == INTEGER:
            try:
                value = int(str(raw).strip())
            except ValueError:
                raise UsageError(f"answer for {self.key!r} must be an integer, not {raw!r}") from None
            lo = self.min if self.min is not None else value
            hi = self.max if self.max is not None else value
            if not lo <= value <= hi:
                raise UsageError(f"answer for {self.key!r} must be in {lo}-{hi}, not {value}")
            return value
        text = str(raw).strip()
        ids = [cid for cid, _ in self.choices]
        if text not in ids:
            raise UsageError(f"answer for {self.key!r} must be one of {', '.join(ids)}, not {raw!r}")
        return text

    def describe_domain(self) -> "str":
        if self.type == YESNO:
            return "yes/no"
        if self.type == INTEGER:
            return f"{self.min}-{self.max}"
        if self.type == CELL:
            return _cells.ANSWER_HELP
        return "|".join(cid for cid, _ in self.choices)

    def to_json(self) -> "dict[str, Any]":
        data: dict[str, Any] = {"key": self.key, "prompt": self.prompt, "type": self.type}
        if self.type == INTEGER:
            data["min"], data["max"] = self.min, self.max
            data["choices"] = []
        elif self.type == CHOICE:
            data["choices"] = [{"id": cid, "label": label} for cid, label in self.choices]
        elif self.type == CELL:
            data["choices"] = []
            data["help"] = _cells.ANSWER_HELP
        else:
            data["choices"] = [{"id": "yes", "label": "yes"}, {"id": "no", "label": "no"}]
        return data


# --------------------------------------------------------------------------- values


class Literal(NamedTuple):
    value: "Any"


class ValueOf(NamedTuple):
    """A named value of the state: a title track (``condition``) or a flag."""

    name: str


class CounterOf(NamedTuple):
    name: str


class AnswerTo(NamedTuple):
    """The answer to a question, asked when reached."""

    question: Question


class SumOf(NamedTuple):
    """The sum of several values (a PC plus a modifier, a factor plus a bonus)."""

    items: "tuple[Any, ...]"


ValueRef = Literal | ValueOf | CounterOf | AnswerTo | SumOf

# --------------------------------------------------------------------------- predicates


class Always(NamedTuple):
    value: bool


class SightingIs(NamedTuple):
    id: str
    observer: str | None = None


class AnySighting(NamedTuple):
    except_: frozenset[str] = frozenset()


class Not(NamedTuple):
    item: "Any"


class AllOf(NamedTuple):
    items: "tuple[Any, ...]"


class AnyOf(NamedTuple):
    items: "tuple[Any, ...]"


class TimesRead(NamedTuple):
    """How often a paragraph has been read, counting the current reading."""

    paragraph: str  # resolved at load time: the containing paragraph when not given
    op: str
    n: int


class HasRead(NamedTuple):
    paragraph: str


class Compare(NamedTuple):
    """Compare a value with an operand: ``eq ne lt lte gt gte in``."""

    value: "Any"
    op: str
    operand: "Any"


class Asked(NamedTuple):
    """A question only the player can answer; holds when the answer equals ``equals``."""

    question: Question
    equals: "Any" = True


class TitlePredicate(NamedTuple):
    kind: str
    args: "Any"
    pos: SourcePos = NOWHERE


# --------------------------------------------------------------------------- steps

Steps = tuple["Any", ...]


class Say(NamedTuple):
    text: str
    pos: SourcePos = NOWHERE


class Note(NamedTuple):
    text: str
    id: str | None = None
    pos: SourcePos = NOWHERE


class See(NamedTuple):
    """Call a paragraph and come back: the caller's remaining steps run afterwards."""

    to: str
    purpose: str = ""
    with_: "tuple[tuple[str, Any], ...]" = ()
    pos: SourcePos = NOWHERE


class Goto(NamedTuple):
    """Jump to a paragraph: the rest of the current paragraph is abandoned."""

    to: str
    pos: SourcePos = NOWHERE


class If(NamedTuple):
    test: "Any"
    then: Steps
    else_: Steps = ()
    pos: SourcePos = NOWHERE


class Branch(NamedTuple):
    when: "Any"
    do: Steps
    pos: SourcePos = NOWHERE


class FirstOf(NamedTuple):
    """Run the first branch whose predicate holds."""

    branches: tuple[Branch, ...]
    pos: SourcePos = NOWHERE


class ForEach(NamedTuple):
    """Run steps once per subject (each man of a hex); answers inside are per subject."""

    subjects: "Any"  # ValueRef: how many
    label: str
    steps: Steps
    pos: SourcePos = NOWHERE


class Group(NamedTuple):
    """Several subjects make the same check; ``any`` or ``all`` of them must succeed."""

    subjects: "Any"  # ValueRef: how many subjects
    aggregate: str  # "any" | "all"


class Check(NamedTuple):
    kind: str
    spec: "Mapping[str, Any]"
    outcomes: Mapping[str, Steps]
    group: Group | None = None
    purpose: str = ""
    pos: SourcePos = NOWHERE


class Row(NamedTuple):
    """Faces ``low``..``high`` of a roll or a match run ``steps``; ``reroll`` rolls again.

    ``cell`` is a typed cell instead of steps: a row the source lost (``unknown``), whose
    value for the total rolled is asked like any unknown table cell.
    """

    low: int
    high: int
    steps: Steps
    reroll: bool = False
    pos: SourcePos = NOWHERE
    cell: "Any" = None


class Roll(NamedTuple):
    """Roll a die (plus modifiers) and branch on rows, on odd/even, or on a table."""

    die: str
    rows: tuple[Row, ...] = ()
    odd: Steps | None = None
    even: Steps | None = None
    modifier: "Any" = None  # ValueRef or None
    table: str | None = None
    store: str | None = None
    purpose: str = ""
    clamp: bool = False
    halve: bool = False
    pos: SourcePos = NOWHERE
    #: How halving rounds here (``floor``/``ceil``) when the rule prints its own; else the title's.
    rounding: str | None = None


class Match(NamedTuple):
    """Branch on a value already known (the German Action Number, a track)."""

    value: "Any"
    rows: tuple[Row, ...] = ()
    odd: Steps | None = None
    even: Steps | None = None
    pos: SourcePos = NOWHERE


class AskStep(NamedTuple):
    """Ask a question and keep the answer in the state under ``store``."""

    question: Question
    store: str | None = None
    pos: SourcePos = NOWHERE


class Option(NamedTuple):
    id: str
    label: str
    steps: Steps
    pos: SourcePos = NOWHERE


class Choice(NamedTuple):
    question: Question
    options: tuple[Option, ...]
    pos: SourcePos = NOWHERE


class MarkSighting(NamedTuple):
    """Mark sightings, unattributed or held by one observer (one of many).

    ``lapses`` is an event name, or ``{"event": ..., "unless": <predicate>}`` kept in the
    state as data; ``unless`` is that predicate compiled (for the lint and the docs)."""

    ids: tuple[str, ...]
    observer: str | None = None
    revealed: "Any" = None
    lapses: "Any" = None
    pos: SourcePos = NOWHERE
    unless: "Any" = None


class ClearSighting(NamedTuple):
    """End sightings, for one observer or for everyone, with the reason shown."""

    ids: tuple[str, ...]
    observer: str | None = None
    reason: str = ""
    pos: SourcePos = NOWHERE


class IgnoreFurther(NamedTuple):
    """Retire paragraphs: from now on they read as "no event"."""

    paragraphs: tuple[str, ...]
    pos: SourcePos = NOWHERE


class CounterChange(NamedTuple):
    name: str
    add: int | None = None
    set: int | None = None
    reason: str = ""
    per: "Any" = None  # ValueRef multiplying ``add`` (1 VP per German still active)
    pos: SourcePos = NOWHERE


class SetValues(NamedTuple):
    values: "tuple[tuple[str, Any], ...]"
    pos: SourcePos = NOWHERE


class HookStep(NamedTuple):
    """Arm a deferred trigger: when ``event`` happens later, ``steps`` run."""

    id: str
    event: str
    steps: Steps
    once: bool = True
    replaces: str | None = None
    note: str = ""
    pos: SourcePos = NOWHERE


class ProcedureCall(NamedTuple):
    """Call a title's Python procedure; branch on the label it returns.

    ``arg_pos`` gives where each argument is written, for findings about a value inside
    one (a misspelt counter), which would otherwise be placed at the step's first line.
    """

    name: str
    args: "Mapping[str, Any]"
    outcomes: Mapping[str, Steps]
    pos: SourcePos = NOWHERE
    arg_pos: "Mapping[str, SourcePos] | None" = None


class NoEvent(NamedTuple):
    pos: SourcePos = NOWHERE


class TitleStep(NamedTuple):
    """A step kind added by a title plugin; ``branches`` holds its nested step lists."""

    kind: str
    args: "Any"
    branches: Mapping[str, Steps] = _EMPTY
    pos: SourcePos = NOWHERE


# --------------------------------------------------------------------------- declarations


class Paragraph(NamedTuple):
    """A numbered entry of the book.

    Attributes:
        id: always a string (``"105"``, ``"T358"``).
        kind: what sort of entry it is (event, movement, unit_order, rule, victory...).
        marks: sightings it marks as occurred when read.
        steps: what happens when it is read.
        damaged: what the source lost here (its findings are lowered to info).
        assumed: why some value here is assumed rather than printed.
        extra: title-specific paragraph fields (``counter``, ``mission``...).
    """

    id: str
    kind: str
    steps: Steps
    marks: tuple[str, ...] = ()
    damaged: str | None = None
    assumed: str | None = None
    extra: "Mapping[str, Any]" = _EMPTY
    pos: SourcePos = NOWHERE


class EntryPoint(NamedTuple):
    """A paragraph the player is sent to from outside the book (a card, a counter)."""

    paragraph: str
    source: str
    assumed: str | None = None
    pos: SourcePos = NOWHERE


class Track(NamedTuple):
    """A named value of the state shown by name (``condition``, ``alert``)."""

    name: str
    question: Question | None
    initial: "Any" = None
    values: "tuple[Any, ...]" = ()


class SightingDecl(NamedTuple):
    id: str
    name: str = ""
    assumed: str | None = None


_stop_keeping_namedtuple_code()  # the records are made: namedtuple as usual again


@dataclass(frozen=True, slots=True)
class Book:
    """A title's compiled content.

    Attributes:
        title: title id.
        paragraphs: by id, in file order.
        questions: every question by key, declared or inline.
        entry_points: where the player enters the book from outside.
        tracks: state values the title shows by name.
        counters: counters with their starting values (``vp``).
        sightings: declared sightings.
        conventions: how the title reads its dice.
        tables, units: lookup tables and unit types from content and plugins.
        data: other collections of the title's content by name, records by id.
        content_hash: hash of the content (and overlays) the book was built from.
        provenance: record key -> field -> the file it came from (for overlays).
    """

    title: "str"
    name: "str"
    paragraphs: "Mapping[str, Paragraph]"
    questions: "Mapping[str, Question]" = field(default_factory=dict)
    entry_points: "tuple[EntryPoint, ...]" = ()
    tracks: "Mapping[str, Track]" = field(default_factory=dict)
    counters: "Mapping[str, int]" = field(default_factory=dict)
    sightings: "Mapping[str, SightingDecl]" = field(default_factory=dict)
    conventions: "DiceConventions" = field(default_factory=DiceConventions)
    tables: "Mapping[str, Any]" = field(default_factory=dict)
    units: "Mapping[str, Any]" = field(default_factory=dict)
    data: "Mapping[str, Mapping[str, Any]]" = field(default_factory=dict)
    content_hash: "str" = ""
    provenance: "Mapping[str, Mapping[str, str]]" = field(default_factory=dict)
    meta: "Mapping[str, Any]" = field(default_factory=dict)

    def paragraph(self, ref: "str | int") -> "Paragraph":
        """The paragraph with id ``ref``; ``"358"`` finds ``"T358"`` when no plain 358 exists.

        Raises:
            UnknownParagraph: no such paragraph.
        """
        return self.paragraphs[self.resolve_id(ref)]

    def resolve_id(self, ref: "str | int") -> "str":
        text = str(ref).strip()
        if text in self.paragraphs:
            return text
        for prefix in self.meta.get("id_prefixes", ("T",)):
            if prefix + text in self.paragraphs:
                return prefix + text
        if text.upper() != text and text.upper() in self.paragraphs:
            return text.upper()  # t358 as typed for T358
        raise UnknownParagraph(f"{self.title} has no paragraph {text}")

    def question(self, key: "str") -> "Question":
        if key not in self.questions:
            import difflib

            known = ", ".join(sorted(self.questions)) or "none"
            close = difflib.get_close_matches(str(key), list(self.questions), n=1)
            near = f" (did you mean {close[0]!r}?)" if close else ""
            raise UsageError(f"unknown answer key {key!r} for {self.title}{near} (valid: {known})")
        return self.questions[key]


# --------------------------------------------------------------------------- walking


def child_step_lists(step: "Any") -> Iterator[tuple[str, Steps]]:
    """Yield ``(label, steps)`` for every step list nested directly in ``step``."""
    if isinstance(step, If):
        yield "then", step.then
        yield "else", step.else_
    elif isinstance(step, FirstOf):
        for i, br in enumerate(step.branches):
            yield f"branch {i + 1}", br.do
    elif isinstance(step, (Check, ProcedureCall)):
        yield from step.outcomes.items()
    elif isinstance(step, (Roll, Match)):
        for row in step.rows:
            yield f"{row.low}-{row.high}", row.steps
        if step.odd is not None:
            yield "odd", step.odd
        if step.even is not None:
            yield "even", step.even
    elif isinstance(step, Choice):
        for opt in step.options:
            yield opt.id, opt.steps
    elif isinstance(step, HookStep):
        yield f"hook {step.event}", step.steps
    elif isinstance(step, ForEach):
        yield "each", step.steps
    elif isinstance(step, TitleStep):
        yield from step.branches.items()


def walk_steps(steps: Steps) -> "Iterator[Any]":
    """Every step in ``steps`` and in the lists nested inside them, depth first."""
    for step in steps:
        yield step
        for _, inner in child_step_lists(step):
            yield from walk_steps(inner)


def step_predicates(step: "Any") -> "Iterator[Any]":
    """The predicates a step tests directly."""
    if isinstance(step, If):
        yield step.test
    elif isinstance(step, FirstOf):
        for br in step.branches:
            yield br.when
    elif isinstance(step, MarkSighting) and step.unless is not None:
        yield step.unless


def walk_predicate(pred: "Any") -> "Iterator[Any]":
    yield pred
    if isinstance(pred, Not):
        yield from walk_predicate(pred.item)
    elif isinstance(pred, (AllOf, AnyOf)):
        for item in pred.items:
            yield from walk_predicate(item)
