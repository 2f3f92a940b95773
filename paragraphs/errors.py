"""Old path of :mod:`paragraphs.foundation.errors`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
"""

import sys

from paragraphs.foundation import errors as _moved
from paragraphs.foundation.errors import *  # noqa: F403
from paragraphs.foundation.errors import (  # the public names (and any name plugins import), explicitly
    AnswerRefused as AnswerRefused,
    ContentError as ContentError,
    CycleError as CycleError,
    DiceError as DiceError,
    OddsError as OddsError,
    ParagraphsError as ParagraphsError,
    Refused as Refused,
    PluginError as PluginError,
    ResolutionError as ResolutionError,
    SaveError as SaveError,
    StaleContentWarning as StaleContentWarning,
    UnknownParagraph as UnknownParagraph,
    UsageError as UsageError,
)

sys.modules[__name__] = _moved
