"""Compatibility path: ``paragraphs.limits`` is :mod:`paragraphs.foundation.limits`.

The module moved into its layer's sub-package (issue 9, item 6); this file keeps the old
import path working for plugins, tests and the docs. It replaces itself in ``sys.modules``
with the real module, so both paths give one module object (private names and
monkeypatching included). The star import and the explicit re-exports are for type
checkers, which do not follow the ``sys.modules`` swap. The core never imports this file.
"""

import sys

from paragraphs.foundation import limits as _moved
from paragraphs.foundation.limits import *  # noqa: F403
from paragraphs.foundation.limits import (  # the public names (and any name plugins import), explicitly
    id_pattern_problem as id_pattern_problem,
    MAX_PATTERN as MAX_PATTERN,
    MAX_SUBJECTS as MAX_SUBJECTS,
    MAX_UNBOUNDED as MAX_UNBOUNDED,
    safe_name as safe_name,
    subject_count_problem as subject_count_problem,
)

sys.modules[__name__] = _moved
