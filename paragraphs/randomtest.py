"""Old path of :mod:`paragraphs.tools.randomtest`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
"""

import sys

from paragraphs.tools import randomtest as _moved
from paragraphs.tools.randomtest import *  # noqa: F403
from paragraphs.tools.randomtest import (  # the public names (and any name plugins import), explicitly
    branch_paragraphs as branch_paragraphs,
    branch_points as branch_points,
    Failure as Failure,
    random_test as random_test,
    Report as Report,
)

sys.modules[__name__] = _moved
