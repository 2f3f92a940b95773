"""Old path of :mod:`paragraphs.pluginhost.records`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
"""

import sys

from paragraphs.pluginhost import records as _moved
from paragraphs.pluginhost.records import *  # noqa: F403
from paragraphs.pluginhost.records import (  # the public names (and any name plugins import), explicitly
    CheckKind as CheckKind,
    Command as Command,
    IdList as IdList,
    LintRule as LintRule,
    Policy as Policy,
    PredicateKind as PredicateKind,
    Procedure as Procedure,
    SchemaResource as SchemaResource,
    SessionVerb as SessionVerb,
    SheetSection as SheetSection,
    StepKind as StepKind,
    Table as Table,
    TableRow as TableRow,
    Title as Title,
    UnitType as UnitType,
    VerbArgument as VerbArgument,
)

sys.modules[__name__] = _moved
