"""Old path of :mod:`paragraphs.pluginhost.plugin_errors`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
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
