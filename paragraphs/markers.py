"""Old path of :mod:`paragraphs.foundation.markers`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
"""

import sys

from paragraphs.foundation import markers as _moved
from paragraphs.foundation.markers import *  # noqa: F403
from paragraphs.foundation.markers import (  # the public names (and any name plugins import), explicitly
    hookimpl as hookimpl,
)

sys.modules[__name__] = _moved
