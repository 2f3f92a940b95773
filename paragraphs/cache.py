"""Compatibility path: ``paragraphs.cache`` is :mod:`paragraphs.pipeline.cache`.

The module moved into its layer's sub-package (issue 9, item 6); this file keeps the old
import path working for plugins, tests and the docs. It replaces itself in ``sys.modules``
with the real module, so both paths give one module object (private names and
monkeypatching included). The star import and the explicit re-exports are for type
checkers, which do not follow the ``sys.modules`` swap. The core never imports this file.
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
