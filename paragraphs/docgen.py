"""Old path of :mod:`paragraphs.docs.docgen`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
"""

import sys

from paragraphs.docs import docgen as _moved
from paragraphs.docs.docgen import *  # noqa: F403
from paragraphs.docs.docgen import (  # the public names (and any name plugins import), explicitly
    all_pages as all_pages,
    api_reference as api_reference,
    content_format as content_format,
    export_reference as export_reference,
    hook_reference as hook_reference,
    kind_graph_svg as kind_graph_svg,
    markdown_doc as markdown_doc,
    problem_codes_table as problem_codes_table,
    title_pages as title_pages,
)

sys.modules[__name__] = _moved
