"""Compatibility path: ``paragraphs.terminal`` is :mod:`paragraphs.foundation.terminal`.

The module moved into its layer's sub-package (issue 9, item 6); this file keeps the old
import path working for plugins, tests and the docs. It replaces itself in ``sys.modules``
with the real module, so both paths give one module object (private names and
monkeypatching included). The star import and the explicit re-exports are for type
checkers, which do not follow the ``sys.modules`` swap. The core never imports this file.
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
