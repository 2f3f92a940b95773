"""Old path of :mod:`paragraphs.foundation.resources`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
"""

import sys

from paragraphs.foundation import resources as _moved
from paragraphs.foundation.resources import *  # noqa: F403
from paragraphs.foundation.resources import (  # the public names (and any name plugins import), explicitly
    package_folder as package_folder,
)

sys.modules[__name__] = _moved
