"""Old path of :mod:`paragraphs.pipeline.graph`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
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
