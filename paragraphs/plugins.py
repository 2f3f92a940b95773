"""Compatibility path: ``paragraphs.plugins`` is :mod:`paragraphs.pluginhost.plugins`.

The module moved into its layer's sub-package (issue 9, item 6); this file keeps the old
import path working for plugins, tests and the docs. It replaces itself in ``sys.modules``
with the real module, so both paths give one module object (private names and
monkeypatching included). The star import and the explicit re-exports are for type
checkers, which do not follow the ``sys.modules`` swap. The core never imports this file.
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
