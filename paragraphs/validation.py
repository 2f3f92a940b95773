"""Old path of :mod:`paragraphs.pipeline.validation`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
"""

import sys

from paragraphs.pipeline import validation as _moved
from paragraphs.pipeline.validation import *  # noqa: F403
from paragraphs.pipeline.validation import (  # the public names (and any name plugins import), explicitly
    build_title_schema as build_title_schema,
    CHECK_COMMON_KEYS as CHECK_COMMON_KEYS,
    CORE_BOOK_ID as CORE_BOOK_ID,
    CORE_SAVE_ID as CORE_SAVE_ID,
    core_schema as core_schema,
    did_you_mean as did_you_mean,
    iter_schema_errors as iter_schema_errors,
    lenient_core as lenient_core,
    make_validator as make_validator,
    MARK as MARK,
    schema_errors as schema_errors,
    schema_registry as schema_registry,
    title_schema_id as title_schema_id,
    unresolved_refs as unresolved_refs,
    validate_document as validate_document,
    without_refs as without_refs,
)

sys.modules[__name__] = _moved
