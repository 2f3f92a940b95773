"""Old path of :mod:`paragraphs.foundation.terminal`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
"""

import sys

from paragraphs.foundation import terminal as _moved
from paragraphs.foundation.terminal import *  # noqa: F403
from paragraphs.foundation.terminal import (  # the public names (and any name plugins import), explicitly
    emit_json as emit_json,
    style as style,
    table as table,
    use_colour as use_colour,
)

sys.modules[__name__] = _moved
