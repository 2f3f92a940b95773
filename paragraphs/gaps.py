"""Compatibility path: ``paragraphs.gaps`` is :mod:`paragraphs.audits.gaps`.

The module moved into its layer's sub-package (issue 9, item 6); this file keeps the old
import path working for plugins, tests and the docs. It replaces itself in ``sys.modules``
with the real module, so both paths give one module object (private names and
monkeypatching included). The star import and the explicit re-exports are for type
checkers, which do not follow the ``sys.modules`` swap. The core never imports this file.
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
