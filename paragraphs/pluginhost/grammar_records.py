"""The records of a title's own content grammar: the kinds of step and predicate it adds.

Apart from :mod:`paragraphs.pluginhost.rule_records` (procedures, check kinds, lint rules,
which every command that loads the core's plugins builds): a frozen dataclass costs about
0.15 ms to build, and a title that adds no step or predicate kind (the sample) never needs
these. Import them from :mod:`paragraphs.pluginhost.records` (or ``paragraphs.records``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
# ``typing`` is not imported at run time here (start-up time)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # the standard decorator, its methods compiled once between runs (start-up time)
    from paragraphs.foundation.dataclass_code import dataclass

if TYPE_CHECKING:
    from paragraphs.book.model import TitleStep
    from paragraphs.interpreter.context import Context


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
