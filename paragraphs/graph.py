"""Compatibility path: ``paragraphs.graph`` is :mod:`paragraphs.pipeline.graph`.

The module moved into its layer's sub-package (issue 9, item 6); this file keeps the old
import path working for plugins, tests and the docs. It replaces itself in ``sys.modules``
with the real module, so both paths give one module object (private names and
monkeypatching included). The star import and the explicit re-exports are for type
checkers, which do not follow the ``sys.modules`` swap. The core never imports this file.
"""

import sys

from paragraphs.pipeline import graph as _moved
from paragraphs.pipeline.graph import *  # noqa: F403
from paragraphs.pipeline.graph import (  # the public names (and any name plugins import), explicitly
    distinct_edges as distinct_edges,
    Edge as Edge,
    edges as edges,
    reachable as reachable,
    sorted_ids as sorted_ids,
    strongly_connected as strongly_connected,
    to_dot as to_dot,
    to_json as to_json,
    to_mermaid as to_mermaid,
)

sys.modules[__name__] = _moved
