"""Old path of :mod:`paragraphs.pluginhost.plugins`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
"""

import sys

from paragraphs.pluginhost import plugins as _moved
from paragraphs.pluginhost.plugins import *  # noqa: F403
from paragraphs.pluginhost.plugins import (  # the public names (and any name plugins import), explicitly
    BUILTIN_PLUGINS as BUILTIN_PLUGINS,
    ENTRY_POINT_GROUP as ENTRY_POINT_GROUP,
    make_plugin_manager as make_plugin_manager,
    PluginHost as PluginHost,
    PluginInfo as PluginInfo,
    PluginProblem as PluginProblem,
    REGISTRATIONS as REGISTRATIONS,
    TITLE_SCOPED as TITLE_SCOPED,
    TitleInfo as TitleInfo,
)

sys.modules[__name__] = _moved
