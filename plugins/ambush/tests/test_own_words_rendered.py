"""What the companion prints is in the project's own words too, not only the files.

``tests/test_own_words.py`` scans the content and code; but a paragraph's printed text is
made at play time from a step's wording in ``steps.py`` and the content's fields, and two
sentences side by side can repeat ten words of the booklet that no file holds (once: an
activation followed by the old wording of the side with the advantage). Here every
paragraph is resolved from a fresh sheet with seeded answers and dice, and the lines it
prints are checked as ``tests/own_words.py`` checks a file (same rule: die ranges and ids
are data). Six seeds per paragraph keep it to a few seconds; 40 were run by hand.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from paragraphs.book.cells import is_cell_key
from paragraphs.book.dice import SeededDice
from paragraphs.foundation.errors import ParagraphsError

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tests"))

import own_words  # noqa: E402

SEEDS = range(6)
MISSIONS = (19, 20, 21, 22, 23, 24)


def printed(engine, pid: str, seed: int) -> str | None:
    """The lines one seeded resolution of a paragraph prints, or None if it cannot finish."""
    rng = random.Random(seed)
    state = engine.new_state(mission=MISSIONS[seed % len(MISSIONS)])
    answers: dict[str, object] = {}
    try:
        for _ in range(40):
            result = engine.resolve(pid, state, answers, dice=SeededDice(seed))
            if result.done:
                return "\n".join(i.text for i in result.instructions)
            key = result.questions[0].key
            if is_cell_key(key) or key.startswith("roll."):
                return None
            answers[key] = result.questions[0].random_answer(rng)
    except ParagraphsError:
        return None
    return None


def test_no_printed_paragraph_repeats_ten_words_of_a_rulebook(engine) -> None:
    try:
        runs = own_words.shingles(own_words.seed_files())
    except own_words.SeedsMissing as err:
        pytest.fail(str(err))
    found, resolved = [], 0
    for pid in engine.book.paragraphs:
        for seed in SEEDS:
            text = printed(engine, pid, seed)
            if text is None:
                continue
            resolved += 1
            found += own_words.scan_text(text, runs, f"paragraph {pid} (seed {seed}), printed line")
    assert resolved > 4000, resolved  # most of the 775 paragraphs finish with every seed
    assert not found, "\n".join(map(str, found[:10]))
