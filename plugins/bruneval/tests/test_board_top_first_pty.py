"""``board`` in ``play bruneval`` lists each British stack top first as the combat reads it.

The board ("every stack top first") listed "DZ-A3 British (2/10 pts): drake-officer
Commander Frost, rodney-4 Rodney 4": the officer on top, though he fights only alone
(rule 16) and a German attack on the zone hits Rodney 4. Through a real terminal, seed 5.
"""

from __future__ import annotations

from pathlib import Path

from paragraphs_raids.pty_play import PROMPT, scripted


def test_an_officer_is_listed_under_the_units_with_him(tmp_path: Path) -> None:
    text = scripted(
        tmp_path,
        ["play", "bruneval", "--seed", "5", "--session", "top", "--new"],
        [(PROMPT, "next"), (PROMPT, "board"), (PROMPT, None)],
    )
    board = text.split("> board\n")[1]
    assert "  DZ-A3 British (2/10 pts): rodney-4 Rodney 4 [done], drake-officer Commander Frost\n" in board, board
    assert "  DZ-A5 British (4/10 pts): drake-1 Drake 1, rodney-3 Rodney 3 [done], nelson-officer Lieutenant Charteris\n" in board, board
