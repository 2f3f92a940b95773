"""Compatibility path: ``paragraphs.grammar`` is :mod:`paragraphs.pipeline.grammar`.

The module moved into its layer's sub-package (issue 9, item 6); this file keeps the old
import path working for plugins, tests and the docs. It replaces itself in ``sys.modules``
with the real module, so both paths give one module object (private names and
monkeypatching included). The star import and the explicit re-exports are for type
checkers, which do not follow the ``sys.modules`` swap. The core never imports this file.
"""

import sys

from paragraphs.pipeline import grammar as _moved
from paragraphs.pipeline.grammar import *  # noqa: F403
from paragraphs.pipeline.grammar import (  # the public names (and any name plugins import), explicitly
    code_stamp as code_stamp,
    Grammar as Grammar,
    grammar_for as grammar_for,
    title_versions as title_versions,
    _code_stamp as _code_stamp,
)

sys.modules[__name__] = _moved
