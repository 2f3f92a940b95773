"""Compatibility path: ``paragraphs.mkdocs_plugin`` is :mod:`paragraphs.docs.mkdocs_plugin`.

The module moved into its layer's sub-package (issue 9, item 6); this file keeps the old
import path working for plugins, tests and the docs. It replaces itself in ``sys.modules``
with the real module, so both paths give one module object (private names and
monkeypatching included). The star import and the explicit re-exports are for type
checkers, which do not follow the ``sys.modules`` swap. The core never imports this file.
"""

import sys

from paragraphs.docs import mkdocs_plugin as _moved
from paragraphs.docs.mkdocs_plugin import *  # noqa: F403
from paragraphs.docs.mkdocs_plugin import (  # the public names (and any name plugins import), explicitly
    RuleReferencePlugin as RuleReferencePlugin,
)

sys.modules[__name__] = _moved
