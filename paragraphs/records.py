"""Compatibility path: ``paragraphs.records`` is :mod:`paragraphs.pluginhost.records`.

The module moved into its layer's sub-package (issue 9, item 6); this file keeps the old
import path working for plugins, tests and the docs. It replaces itself in ``sys.modules``
with the real module, so both paths give one module object (private names and
monkeypatching included). The star import and the explicit re-exports are for type
checkers, which do not follow the ``sys.modules`` swap. The core never imports this file.
"""

import sys

from paragraphs.pluginhost import records as _moved
from paragraphs.pluginhost.records import *  # noqa: F403
from paragraphs.pluginhost.records import (  # the public names (and any name plugins import), explicitly
    CheckKind as CheckKind,
    Command as Command,
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
