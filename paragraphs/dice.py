"""Compatibility path: ``paragraphs.dice`` is :mod:`paragraphs.book.dice`.

The module moved into its layer's sub-package (issue 9, item 6); this file keeps the old
import path working for plugins, tests and the docs. It replaces itself in ``sys.modules``
with the real module, so both paths give one module object (private names and
monkeypatching included). The star import and the explicit re-exports are for type
checkers, which do not follow the ``sys.modules`` swap. The core never imports this file.
"""

import sys

from paragraphs.book import dice as _moved
from paragraphs.book.dice import *  # noqa: F403
from paragraphs.book.dice import (  # the public names (and any name plugins import), explicitly
    compare_total as compare_total,
    DEFAULT_CONVENTIONS as DEFAULT_CONVENTIONS,
    derive_seed as derive_seed,
    DiceConventions as DiceConventions,
    DiceSource as DiceSource,
    Die as Die,
    halve as halve,
    MAX_DICE as MAX_DICE,
    MAX_FACES_TOTAL as MAX_FACES_TOTAL,
    MAX_SIDES as MAX_SIDES,
    MissingRoll as MissingRoll,
    parse_die as parse_die,
    PhysicalDice as PhysicalDice,
    Prng as Prng,
    ScriptedDice as ScriptedDice,
    SeededDice as SeededDice,
)

sys.modules[__name__] = _moved
