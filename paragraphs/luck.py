"""Compatibility path: ``paragraphs.luck`` is :mod:`paragraphs.audits.luck`.

The module moved into its layer's sub-package (issue 9, item 6); this file keeps the old
import path working for plugins, tests and the docs. It replaces itself in ``sys.modules``
with the real module, so both paths give one module object (private names and
monkeypatching included). The star import and the explicit re-exports are for type
checkers, which do not follow the ``sys.modules`` swap. The core never imports this file.
"""

import sys

from paragraphs.audits import luck as _moved
from paragraphs.audits.luck import *  # noqa: F403
from paragraphs.audits.luck import (  # the public names (and any name plugins import), explicitly
    EXACT_LIMIT as EXACT_LIMIT,
    luck_items as luck_items,
    luck_report as luck_report,
    LuckItem as LuckItem,
    LuckReport as LuckReport,
    MONTE_CARLO_RUNS as MONTE_CARLO_RUNS,
    order_luck as order_luck,
)

sys.modules[__name__] = _moved
