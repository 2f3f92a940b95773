"""Compatibility path: ``paragraphs.plugin_errors`` is :mod:`paragraphs.pluginhost.plugin_errors`.

The module moved into its layer's sub-package (issue 9, item 6); this file keeps the old
import path working for plugins, tests and the docs. It replaces itself in ``sys.modules``
with the real module, so both paths give one module object (private names and
monkeypatching included). The star import and the explicit re-exports are for type
checkers, which do not follow the ``sys.modules`` swap. The core never imports this file.
"""

import sys

from paragraphs.pluginhost import plugin_errors as _moved
from paragraphs.pluginhost.plugin_errors import *  # noqa: F403
from paragraphs.pluginhost.plugin_errors import (  # the public names (and any name plugins import), explicitly
    code_pos as code_pos,
    culprit as culprit,
    debug_enabled as debug_enabled,
    DEBUG_ENV as DEBUG_ENV,
    describe as describe,
    plugin_packages as plugin_packages,
    plugin_problem as plugin_problem,
    raised_at as raised_at,
    registration_pos as registration_pos,
    shown as shown,
)

sys.modules[__name__] = _moved
