"""Shared, title-independent pieces of the raid series (Bruneval 1942, Dieppe 1942).

Nothing here registers itself with paragraphs: raid title plugins import these modules.
Each module holds one concern and cites the rule sections it implements.
"""

__version__ = "0.1.0"
