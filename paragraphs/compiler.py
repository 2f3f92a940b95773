"""Old path of :mod:`paragraphs.pipeline.compiler`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
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
