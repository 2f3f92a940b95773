"""Old path of :mod:`paragraphs.audits.luck`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
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
