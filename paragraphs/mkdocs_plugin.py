"""Old path of :mod:`paragraphs.docs.mkdocs_plugin`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
"""

import sys

from paragraphs.docs import mkdocs_plugin as _moved
from paragraphs.docs.mkdocs_plugin import *  # noqa: F403
from paragraphs.docs.mkdocs_plugin import (  # the public names (and any name plugins import), explicitly
    RuleReferencePlugin as RuleReferencePlugin,
)

sys.modules[__name__] = _moved
