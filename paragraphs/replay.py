"""Old path of :mod:`paragraphs.interpreter.replay`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
"""

import sys

from paragraphs.interpreter import replay as _moved
from paragraphs.interpreter.replay import *  # noqa: F403
from paragraphs.interpreter.replay import (  # the public names (and any name plugins import), explicitly
    replay_dice as replay_dice,
    replay_step as replay_step,
    undo as undo,
)

sys.modules[__name__] = _moved
