"""Terminal output for the command line: kept here for the import path plugins use
(``paragraphs.cli.terminal``); the code lives in :mod:`paragraphs.foundation.terminal`, a bottom
layer the session can use without importing the command line."""

from paragraphs.foundation.terminal import *  # noqa: F403
from paragraphs.foundation.terminal import __all__  # noqa: F401
