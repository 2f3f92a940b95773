"""Old path of :mod:`paragraphs.interpreter.api`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
"""

import sys

from paragraphs.interpreter import api as _moved
from paragraphs.interpreter.api import *  # noqa: F403
from paragraphs.interpreter.api import (  # the public names (and any name plugins import), explicitly
    open_book as open_book,
    open_title as open_title,
)

sys.modules[__name__] = _moved
