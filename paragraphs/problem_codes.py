"""Compatibility path: ``paragraphs.problem_codes`` is :mod:`paragraphs.pipeline.problem_codes`.

The module moved into its layer's sub-package (issue 9, item 6); this file keeps the old
import path working for plugins, tests and the docs. It replaces itself in ``sys.modules``
with the real module, so both paths give one module object (private names and
monkeypatching included). The star import and the explicit re-exports are for type
checkers, which do not follow the ``sys.modules`` swap. The core never imports this file.
"""

import sys

from paragraphs.pipeline import problem_codes as _moved
from paragraphs.pipeline.problem_codes import *  # noqa: F403
from paragraphs.pipeline.problem_codes import (  # the public names (and any name plugins import), explicitly
    lint_codes as lint_codes,
    problem_codes as problem_codes,
    READING_CODES as READING_CODES,
)

sys.modules[__name__] = _moved
