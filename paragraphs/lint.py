"""Compatibility path: ``paragraphs.lint`` is :mod:`paragraphs.pipeline.lint`.

The module moved into its layer's sub-package (issue 9, item 6); this file keeps the old
import path working for plugins, tests and the docs. It replaces itself in ``sys.modules``
with the real module, so both paths give one module object (private names and
monkeypatching included). The star import and the explicit re-exports are for type
checkers, which do not follow the ``sys.modules`` swap. The core never imports this file.
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
