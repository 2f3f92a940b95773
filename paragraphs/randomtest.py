"""Compatibility path: ``paragraphs.randomtest`` is :mod:`paragraphs.tools.randomtest`.

The module moved into its layer's sub-package (issue 9, item 6); this file keeps the old
import path working for plugins, tests and the docs. It replaces itself in ``sys.modules``
with the real module, so both paths give one module object (private names and
monkeypatching included). The star import and the explicit re-exports are for type
checkers, which do not follow the ``sys.modules`` swap. The core never imports this file.
"""

import sys

from paragraphs.tools import randomtest as _moved
from paragraphs.tools.randomtest import *  # noqa: F403
from paragraphs.tools.randomtest import (  # the public names (and any name plugins import), explicitly
    branch_paragraphs as branch_paragraphs,
    branch_points as branch_points,
    Failure as Failure,
    random_test as random_test,
    Report as Report,
)

sys.modules[__name__] = _moved
