"""Old path of :mod:`paragraphs.pipeline.lint`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
"""

import sys

from paragraphs.pipeline import lint as _moved
from paragraphs.pipeline.lint import *  # noqa: F403
from paragraphs.pipeline.lint import (  # the public names (and any name plugins import), explicitly
    check_cycles as check_cycles,
    check_ids as check_ids,
    check_reachability as check_reachability,
    check_references as check_references,
    check_rolls as check_rolls,
    check_sightings as check_sightings,
    check_subject_counts as check_subject_counts,
    check_tables as check_tables,
    E as E,
    run_lint as run_lint,
    target_bounds as target_bounds,
    W as W,
)

sys.modules[__name__] = _moved
