"""Compatibility path: ``paragraphs.hookspecs`` is :mod:`paragraphs.pluginhost.hookspecs`.

The module moved into its layer's sub-package (issue 9, item 6); this file keeps the old
import path working for plugins, tests and the docs. It replaces itself in ``sys.modules``
with the real module, so both paths give one module object (private names and
monkeypatching included). The star import and the explicit re-exports are for type
checkers, which do not follow the ``sys.modules`` swap. The core never imports this file.
"""

import sys

from paragraphs.pluginhost import hookspecs as _moved
from paragraphs.pluginhost.hookspecs import *  # noqa: F403
from paragraphs.pluginhost.hookspecs import (  # the public names (and any name plugins import), explicitly
    hookspec as hookspec,
    paragraphs_initial_state as paragraphs_initial_state,
    paragraphs_paragraph_entered as paragraphs_paragraph_entered,
    paragraphs_register_check_kinds as paragraphs_register_check_kinds,
    paragraphs_register_commands as paragraphs_register_commands,
    paragraphs_register_lint_rules as paragraphs_register_lint_rules,
    paragraphs_register_policies as paragraphs_register_policies,
    paragraphs_register_predicates as paragraphs_register_predicates,
    paragraphs_register_procedures as paragraphs_register_procedures,
    paragraphs_register_schemas as paragraphs_register_schemas,
    paragraphs_register_session_verbs as paragraphs_register_session_verbs,
    paragraphs_register_sheet_sections as paragraphs_register_sheet_sections,
    paragraphs_register_steps as paragraphs_register_steps,
    paragraphs_register_tables as paragraphs_register_tables,
    paragraphs_register_titles as paragraphs_register_titles,
    paragraphs_register_units as paragraphs_register_units,
    paragraphs_resolution_finished as paragraphs_resolution_finished,
    paragraphs_roll as paragraphs_roll,
)

sys.modules[__name__] = _moved
