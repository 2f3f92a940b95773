"""Ambush! Silver Star as a paragraphs title."""

__version__ = "0.1.0"

TITLE = "ambush"
