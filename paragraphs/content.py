"""Compatibility path: ``paragraphs.content`` is :mod:`paragraphs.pipeline.content`.

The module moved into its layer's sub-package (issue 9, item 6); this file keeps the old
import path working for plugins, tests and the docs. It replaces itself in ``sys.modules``
with the real module, so both paths give one module object (private names and
monkeypatching included). The star import and the explicit re-exports are for type
checkers, which do not follow the ``sys.modules`` swap. The core never imports this file.
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
