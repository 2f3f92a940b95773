"""Old path of :mod:`paragraphs.pipeline.content`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
"""

import sys

from paragraphs.pipeline import content as _moved
from paragraphs.pipeline.content import *  # noqa: F403
from paragraphs.pipeline.content import (  # the public names (and any name plugins import), explicitly
    cache_key_for as cache_key_for,
    check_path as check_path,
    check_title as check_title,
    compile_title as compile_title,
    CompiledTitle as CompiledTitle,
    content_files as content_files,
    content_hash as content_hash,
    load_book as load_book,
    load_folder as load_folder,
    overlay_dirs as overlay_dirs,
    OVERLAY_ENV as OVERLAY_ENV,
    SourceFile as SourceFile,
    title_versions_core as title_versions_core,
)

sys.modules[__name__] = _moved
