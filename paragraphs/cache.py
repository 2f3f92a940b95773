"""Old path of :mod:`paragraphs.pipeline.cache`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
"""

import sys

from paragraphs.pipeline import cache as _moved
from paragraphs.pipeline.cache import *  # noqa: F403
from paragraphs.pipeline.cache import (  # the public names (and any name plugins import), explicitly
    cache_dir as cache_dir,
    enabled as enabled,
    FORMAT as FORMAT,
    LazyParagraphs as LazyParagraphs,
    load as load,
    safe_title as safe_title,
    store as store,
)

sys.modules[__name__] = _moved
