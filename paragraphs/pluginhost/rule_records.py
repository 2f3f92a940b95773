"""The rule records: procedures, the kinds of check content may use, and lint rules.

The kinds of step and predicate a title adds are in :mod:`paragraphs.pluginhost.grammar_records`
(a read of a title that adds none, such as the sample, does not build them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from paragraphs.foundation.dataclass_code import field
# ``typing`` is not imported at run time here (start-up time)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # the standard decorator, its methods compiled once between runs (start-up time)
    from paragraphs.foundation.dataclass_code import dataclass

if TYPE_CHECKING:
    from paragraphs.book.model import Book
    from paragraphs.foundation.problems import Problem
    from paragraphs.interpreter.context import Context


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
            ``resolve``: :func:`paragraphs.testing.assert_chances_agree` checks it in a
            plugin's tests (the core's tests do it for its own kinds).
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
class LintRule:
    """A content check run after schema validation; yields problems.

    ``check`` is called with the compiled book and the title's grammar (its registered
    step kinds, which a rule needs to follow title steps' references).

    Attributes:
        codes: the codes its problems may carry besides its ``id``, for a rule that
            finds several things (the core's ``REF001`` also yields ``REF003`` and
            ``REF004``). A problem with any other code is the plugin's error
            (``PLUGIN001`` at the ``yield``, with a "did you mean"), not a finding: a
            misspelt code would send the content's author looking for one no rule has.
    """

    id: str
    title: str | None
    check: Callable[[Book, Any], Iterable[Problem]]
    doc: str = ""
    codes: tuple[str, ...] = ()
