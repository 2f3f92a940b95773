"""Old path of :mod:`paragraphs.audits.gaps`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
"""

import sys

from paragraphs.audits import gaps as _moved
from paragraphs.audits.gaps import *  # noqa: F403
from paragraphs.audits.gaps import (  # the public names (and any name plugins import), explicitly
    ASSUMED as ASSUMED,
    cells_overlay as cells_overlay,
    census as census,
    find_gaps as find_gaps,
    Gap as Gap,
    overlay_template as overlay_template,
    UNKNOWN_CELL as UNKNOWN_CELL,
)

sys.modules[__name__] = _moved
