"""Old path of :mod:`paragraphs.companion.session`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
"""

import sys

from paragraphs.companion import session as _moved
from paragraphs.companion.session import *  # noqa: F403
from paragraphs.companion.session import (  # the public names (and any name plugins import), explicitly
    CORE_PLAY_OPTIONS as CORE_PLAY_OPTIONS,
    data_dir as data_dir,
    HELP as HELP,
    list_sessions as list_sessions,
    Prompt as Prompt,
    QUESTION_WORDS as QUESTION_WORDS,
    Reply as Reply,
    resolution_lines as resolution_lines,
    Session as Session,
    SESSION_KEY as SESSION_KEY,
    session_path as session_path,
    sessions_dir as sessions_dir,
    title_options as title_options,
    words_for as words_for,
)

sys.modules[__name__] = _moved
