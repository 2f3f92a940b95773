"""Frozen records that registration hooks yield.

A plugin describes what it adds by yielding these; the plugin host collects them, checks
that ids are unique (a clash names both plugins) and hands them to the loader and engine.
Every record has an ``id``; records that belong to one title carry its ``title`` id, and
``title=None`` means "for every title".
"""

from __future__ import annotations

# ``typing`` is not imported at run time here (start-up time)
TYPE_CHECKING = False

from paragraphs.foundation.lazy import lazy_attributes

# The records are defined in five modules by concern (title_records, table_records,
# rule_records, grammar_records, front_records) and imported from here, each module the first time one of
# its records is asked for: building a frozen dataclass costs about half a millisecond,
# and a command such as `paragraphs read` on a title that registers no commands, verbs or
# session records need not build those at all.

#: Record name -> the module that defines it.
_HOME = {
    "Title": "paragraphs.pluginhost.title_records",
    "SchemaResource": "paragraphs.pluginhost.title_records",
    "TableRow": "paragraphs.pluginhost.table_records",
    "Table": "paragraphs.pluginhost.table_records",
    "UnitType": "paragraphs.pluginhost.title_records",
    "Procedure": "paragraphs.pluginhost.rule_records",
    "CheckKind": "paragraphs.pluginhost.rule_records",
    "StepKind": "paragraphs.pluginhost.grammar_records",
    "PredicateKind": "paragraphs.pluginhost.grammar_records",
    "LintRule": "paragraphs.pluginhost.rule_records",
    "Command": "paragraphs.pluginhost.front_records",
    "Policy": "paragraphs.pluginhost.front_records",
    "VerbArgument": "paragraphs.pluginhost.front_records",
    "SessionVerb": "paragraphs.pluginhost.front_records",
    "SheetSection": "paragraphs.pluginhost.front_records",
    "IdList": "paragraphs.pluginhost.front_records",
}

__all__ = list(_HOME)


__getattr__ = lazy_attributes(__name__, _HOME, globals())


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


if TYPE_CHECKING:
    from paragraphs.pluginhost.title_records import Title as Title, SchemaResource as SchemaResource, UnitType as UnitType
    from paragraphs.pluginhost.table_records import TableRow as TableRow, Table as Table
    from paragraphs.pluginhost.rule_records import Procedure as Procedure, CheckKind as CheckKind, LintRule as LintRule
    from paragraphs.pluginhost.grammar_records import StepKind as StepKind, PredicateKind as PredicateKind
    from paragraphs.pluginhost.front_records import Command as Command, Policy as Policy, VerbArgument as VerbArgument, SessionVerb as SessionVerb, SheetSection as SheetSection, IdList as IdList
