"""Compatibility path: ``paragraphs.docgen`` is :mod:`paragraphs.docs.docgen`.

The module moved into its layer's sub-package (issue 9, item 6); this file keeps the old
import path working for plugins, tests and the docs. It replaces itself in ``sys.modules``
with the real module, so both paths give one module object (private names and
monkeypatching included). The star import and the explicit re-exports are for type
checkers, which do not follow the ``sys.modules`` swap. The core never imports this file.
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
