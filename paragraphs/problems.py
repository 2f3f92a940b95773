"""Old path of :mod:`paragraphs.foundation.problems`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
"""

import sys

from paragraphs.foundation import problems as _moved
from paragraphs.foundation.problems import *  # noqa: F403
from paragraphs.foundation.problems import (  # the public names (and any name plugins import), explicitly
    Problem as Problem,
    Severity as Severity,
    shown as shown,
    SourcePos as SourcePos,
)

sys.modules[__name__] = _moved
