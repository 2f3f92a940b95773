"""Old path of :mod:`paragraphs.pipeline.tables`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
"""

import sys

from paragraphs.pipeline import tables as _moved
from paragraphs.pipeline.tables import *  # noqa: F403
from paragraphs.pipeline.tables import (  # the public names (and any name plugins import), explicitly
    apply_cell_overlays as apply_cell_overlays,
    build_table as build_table,
    cell_question as cell_question,
    cell_question_for_key as cell_question_for_key,
    find_cell as find_cell,
    find_record_cell as find_record_cell,
    find_row_cell as find_row_cell,
    PosLookup as PosLookup,
    replace_cell as replace_cell,
    row_cells as row_cells,
    table_cell_question as table_cell_question,
)

sys.modules[__name__] = _moved
