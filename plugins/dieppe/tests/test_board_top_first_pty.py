"""``board`` in ``play dieppe`` lists each stack top first as the rules read it.

After Group 2, landed off course at C6 (event 5c), took the zone by assault, the board
listed "C6 British (...): lovat Lord Lovat, g2-1 ..." under its heading "stacks top
first": Lord Lovat on top, which ruling R48 forbids and the rules never do (the German
fire hits the first commando). Through a real terminal, seed 4.
"""

from __future__ import annotations

from pathlib import Path

from paragraphs_raids.pty_play import PROMPT, scripted


def test_an_officer_is_listed_under_his_commandos(tmp_path: Path) -> None:
    text = scripted(
        tmp_path,
        ["play", "dieppe", "--seed", "4", "--session", "top", "--new"],
        [
            (PROMPT, "land lca-4 C6"),
            ("another round (1 = go on, 2 = stop and fall back): ", "1"),
            ("take him prisoner (rule 12) (1 = take him, 2 = fight on): ", "1"),
            (PROMPT, "board"),
            (PROMPT, None),
        ],
    )
    line = next(x for x in text.splitlines() if x.startswith("  C6 British"))
    units = line.split(": ", 1)[1]
    assert units.startswith("g2-1 Group 2, troop 1 (reduced)"), line
    assert units.endswith("lovat Lord Lovat [done: move, assault]"), line
