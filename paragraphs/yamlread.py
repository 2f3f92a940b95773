"""Compatibility path: ``paragraphs.yamlread`` is :mod:`paragraphs.pipeline.yamlread`.

The module moved into its layer's sub-package (issue 9, item 6); this file keeps the old
import path working for plugins, tests and the docs. It replaces itself in ``sys.modules``
with the real module, so both paths give one module object (private names and
monkeypatching included). The star import and the explicit re-exports are for type
checkers, which do not follow the ``sys.modules`` swap. The core never imports this file.
"""

import sys

from paragraphs.pipeline import yamlread as _moved
from paragraphs.pipeline.yamlread import *  # noqa: F403
from paragraphs.pipeline.yamlread import (  # the public names (and any name plugins import), explicitly
    JsonPath as JsonPath,
    MAX_DEPTH as MAX_DEPTH,
    MAX_FILE_CHARS as MAX_FILE_CHARS,
    MAX_NODES as MAX_NODES,
    read_yaml as read_yaml,
    YamlDocument as YamlDocument,
    YamlProblems as YamlProblems,
)

sys.modules[__name__] = _moved
