"""Old path of :mod:`paragraphs.pipeline.problem_codes`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
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
