"""Compatibility path: ``paragraphs.engine`` is :mod:`paragraphs.interpreter.engine`.

The module moved into its layer's sub-package (issue 9, item 6); this file keeps the old
import path working for plugins, tests and the docs. It replaces itself in ``sys.modules``
with the real module, so both paths give one module object (private names and
monkeypatching included). The star import and the explicit re-exports are for type
checkers, which do not follow the ``sys.modules`` swap. The core never imports this file.
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
