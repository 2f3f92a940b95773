"""Old path of :mod:`paragraphs.pluginhost.hookspecs`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
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
