"""Rule 1.1: the British roll a d6 and the Germans a d10 (0-9), in attack and in defence."""

from __future__ import annotations

from paragraphs_raids.stacks import BRITISH
from typing import Final

BRITISH_DIE: Final = "d6"
GERMAN_DIE: Final = "d10"


def die_of(side: str) -> str:
    """The die a side rolls (rule 1.1)."""
    return BRITISH_DIE if side == BRITISH else GERMAN_DIE
