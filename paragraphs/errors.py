"""Compatibility path: ``paragraphs.errors`` is :mod:`paragraphs.foundation.errors`.

The module moved into its layer's sub-package (issue 9, item 6); this file keeps the old
import path working for plugins, tests and the docs. It replaces itself in ``sys.modules``
with the real module, so both paths give one module object (private names and
monkeypatching included). The star import and the explicit re-exports are for type
checkers, which do not follow the ``sys.modules`` swap. The core never imports this file.
"""

import sys

from paragraphs.foundation import errors as _moved
from paragraphs.foundation.errors import *  # noqa: F403
from paragraphs.foundation.errors import (  # the public names (and any name plugins import), explicitly
    ContentError as ContentError,
    CycleError as CycleError,
    DiceError as DiceError,
    OddsError as OddsError,
    ParagraphsError as ParagraphsError,
    PluginError as PluginError,
    ResolutionError as ResolutionError,
    SaveError as SaveError,
    StaleContentWarning as StaleContentWarning,
    UnknownParagraph as UnknownParagraph,
    UsageError as UsageError,
)

sys.modules[__name__] = _moved
