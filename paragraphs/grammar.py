"""Old path of :mod:`paragraphs.pipeline.grammar`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
"""

import sys

from paragraphs.pipeline import grammar as _moved
from paragraphs.pipeline.grammar import *  # noqa: F403
from paragraphs.pipeline.grammar import (  # the public names (and any name plugins import), explicitly
    code_stamp as code_stamp,
    Grammar as Grammar,
    grammar_for as grammar_for,
    title_versions as title_versions,
    _code_stamp as _code_stamp,
)

sys.modules[__name__] = _moved
