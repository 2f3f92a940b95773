"""Old path of :mod:`paragraphs.pipeline.yamlread`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
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
