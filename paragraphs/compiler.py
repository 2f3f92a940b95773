"""Compatibility path: ``paragraphs.compiler`` is :mod:`paragraphs.pipeline.compiler`.

The module moved into its layer's sub-package (issue 9, item 6); this file keeps the old
import path working for plugins, tests and the docs. It replaces itself in ``sys.modules``
with the real module, so both paths give one module object (private names and
monkeypatching included). The star import and the explicit re-exports are for type
checkers, which do not follow the ``sys.modules`` swap. The core never imports this file.
"""

import sys

from paragraphs.pipeline import compiler as _moved
from paragraphs.pipeline.compiler import *  # noqa: F403
from paragraphs.pipeline.compiler import (  # the public names (and any name plugins import), explicitly
    Compiler as Compiler,
    CORE_STEPS as CORE_STEPS,
    format_range as format_range,
    make_question as make_question,
    OPEN_HIGH as OPEN_HIGH,
    OPEN_LOW as OPEN_LOW,
    parse_range as parse_range,
    PosLookup as PosLookup,
    VALUE_KEYS as VALUE_KEYS,
)

sys.modules[__name__] = _moved
