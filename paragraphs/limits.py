"""Old path of :mod:`paragraphs.foundation.limits`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
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
