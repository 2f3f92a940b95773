"""Old path of :mod:`paragraphs.book.dice`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
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
