"""Old path of :mod:`paragraphs.book.cells`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
"""

import sys

from paragraphs.book import cells as _moved
from paragraphs.book.cells import *  # noqa: F403
from paragraphs.book.cells import (  # the public names (and any name plugins import), explicitly
    ANSWER_HELP as ANSWER_HELP,
    answered_cell as answered_cell,
    as_cell as as_cell,
    ASK as ASK,
    Cell as Cell,
    cell_data as cell_data,
    cell_key as cell_key,
    CELL_PREFIX as CELL_PREFIX,
    DERIVED as DERIVED,
    from_content as from_content,
    GAPS_POLICIES as GAPS_POLICIES,
    is_cell_key as is_cell_key,
    is_typed as is_typed,
    NONE as NONE,
    parse_answer as parse_answer,
    PROHIBITED as PROHIBITED,
    REFUSE as REFUSE,
    REMEMBERED_CELLS as REMEMBERED_CELLS,
    RESULT_COLUMN as RESULT_COLUMN,
    TYPED_KINDS as TYPED_KINDS,
    UNKNOWN as UNKNOWN,
    UnknownCell as UnknownCell,
    VALUE as VALUE,
)

sys.modules[__name__] = _moved
