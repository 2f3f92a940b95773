"""Old path of :mod:`paragraphs.interpreter.handlers`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
"""

import sys

from paragraphs.interpreter import handlers as _moved
from paragraphs.interpreter.handlers import *  # noqa: F403
from paragraphs.interpreter.handlers import (  # the public names (and any name plugins import), explicitly
    bounded_subjects as bounded_subjects,
    GOTO as GOTO,
    HANDLERS as HANDLERS,
)

sys.modules[__name__] = _moved
