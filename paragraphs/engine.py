"""Old path of :mod:`paragraphs.interpreter.engine`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
"""

import sys

from paragraphs.interpreter import engine as _moved
from paragraphs.interpreter.engine import *  # noqa: F403
from paragraphs.interpreter.engine import (  # the public names (and any name plugins import), explicitly
    DONE as DONE,
    Engine as Engine,
    NEEDS_ANSWERS as NEEDS_ANSWERS,
    Resolution as Resolution,
    _PlayChooser as _PlayChooser,
)

sys.modules[__name__] = _moved
