"""Old path of :mod:`paragraphs.interpreter.context`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
"""

import sys

from paragraphs.interpreter import context as _moved
from paragraphs.interpreter.context import *  # noqa: F403
from paragraphs.interpreter.context import (  # the public names (and any name plugins import), explicitly
    Chooser as Chooser,
    Context as Context,
    Instruction as Instruction,
    NeedAnswer as NeedAnswer,
    RollRecord as RollRecord,
)

sys.modules[__name__] = _moved
