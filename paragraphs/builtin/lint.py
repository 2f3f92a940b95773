"""The core lint rules, registered as records so titles see them beside their own.

The checks live in :mod:`paragraphs.pipeline.lint`; it is imported only when content is linted, so
that a command served from the compiled-content cache does not pay for it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
# ``typing`` and pluggy are not imported at run time here: the core's plugins are loaded by
# every command, and a read served by the plugin index needs neither (start-up time)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from paragraphs.foundation.markers import hookimpl
else:
    from paragraphs.foundation.core_marker import hookimpl

from paragraphs.pluginhost.records import LintRule


def _lazy(name: str) -> Callable[[Any, Any], Iterable[Any]]:
    def check(book: Any, grammar: Any) -> Iterable[Any]:
        from paragraphs.pipeline import lint

        return getattr(lint, name)(book, grammar)

    check.__name__ = name
    return check


@hookimpl
def paragraphs_register_lint_rules() -> Iterator[LintRule]:
    # each rule declares the codes it yields besides its id (tests/test_lint_codes.py reads
    # them from the checks' code): any other is reported as the rule's bug
    yield LintRule("REF001", None, _lazy("check_references"), "References to paragraphs, retirement lists and entry points exist.", ("REF003", "REF004"))
    yield LintRule("REF002", None, _lazy("check_reachability"), "Every paragraph is reachable from an entry point.", ("REF005",))
    yield LintRule("ID003", None, _lazy("check_ids"), "Paragraph ids match the title's id pattern.")
    yield LintRule("SIGHT001", None, _lazy("check_sightings"), "Sightings are both set and tested, and declared.", ("SIGHT002", "SIGHT003", "SIGHT004"))
    yield LintRule("DICE001", None, _lazy("check_rolls"), "Rolls cover every possible total once; checks can both succeed and fail.", ("DICE002", "DICE003", "DICE004", "DICE005", "TABLE001"))
    yield LintRule("LIMIT001", None, _lazy("check_subject_counts"), "for_each and group checks run over a bounded number of subjects.")
    yield LintRule("DICE006", None, _lazy("check_tables"), "Tables cover their die's faces exactly once.", ("TABLE007",))
    yield LintRule("PROC003", None, _lazy("check_procedure_arguments"), "Procedure calls pass the arguments their functions take.")
    yield LintRule("QUESTION005", None, _lazy("check_questions"), "Every question has an answer to give, and each choice an id of its own.")
    yield LintRule("COUNTER001", None, _lazy("check_counters"), "Counters the content changes, reads or tests are declared by the title.")
    yield LintRule("EVENT001", None, _lazy("check_events"), "Hooks and sighting lapses wait for events the title declares.")
    yield LintRule("VALUE002", None, _lazy("check_values"), "Values the content reads are not near misses of the values it gives.")
    yield LintRule("CYCLE001", None, _lazy("check_cycles"), "Cycles of paragraphs have a dice, sighting or hook exit.")
