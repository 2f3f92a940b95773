"""Compatibility path: ``paragraphs.testing`` is :mod:`paragraphs.tools.testing`.

The module moved into its layer's sub-package (issue 9, item 6); this file keeps the old
import path working for plugins, tests and the docs. It replaces itself in ``sys.modules``
with the real module, so both paths give one module object (private names and
monkeypatching included). The star import and the explicit re-exports are for type
checkers, which do not follow the ``sys.modules`` swap. The core never imports this file.
"""

import sys

from paragraphs.tools import testing as _moved
from paragraphs.tools.testing import *  # noqa: F403
from paragraphs.tools.testing import (  # the public names (and any name plugins import), explicitly
    assert_state as assert_state,
    assert_trail as assert_trail,
    make_engine as make_engine,
    paragraphs_host as paragraphs_host,
    run_playthrough as run_playthrough,
    scripted as scripted,
)

sys.modules[__name__] = _moved
