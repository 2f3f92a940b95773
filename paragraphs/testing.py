"""Old path of :mod:`paragraphs.tools.testing`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
"""

import sys

from paragraphs.tools import testing as _moved
from paragraphs.tools.testing import *  # noqa: F403
from paragraphs.tools.testing import (  # the public names (and any name plugins import), explicitly
    assert_chances_agree as assert_chances_agree,
    assert_state as assert_state,
    assert_trail as assert_trail,
    make_engine as make_engine,
    paragraphs_host as paragraphs_host,
    run_playthrough as run_playthrough,
    scripted as scripted,
)

sys.modules[__name__] = _moved
