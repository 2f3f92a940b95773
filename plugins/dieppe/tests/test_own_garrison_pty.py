"""``play dieppe --dice physical``: the garrison a flipped marker calls for asks no die.

With his own counters the player takes the garrison out of his own container by type
(rule 3.2); counters of one type are alike. The session still asked one or two d6 per
counter, "roll d6 for garrison for C6: infantry: picks among the counters left", faces
that mean nothing on his table (eight dice for Bad luck!'s four doubled infantry). Now
the counters are taken in order, as Bruneval's garrison is. Through a real terminal.
"""

from __future__ import annotations

from pathlib import Path

from paragraphs_raids.pty_play import PROMPT, scripted


def test_a_flipped_marker_places_its_garrison_without_a_die(tmp_path: Path) -> None:
    text = scripted(
        tmp_path,
        ["play", "dieppe", "--dice", "physical", "--session", "own", "--new"],
        [
            ("[1-6]: ", "4"),  # the unforeseen event: convoy
            ("[0-9]: ", "0"),  # nothing happens
            (PROMPT, "land lca-4 ORANGE2"),
            ("activation test of C6: 2 or less activates [0-9]: ", "2"),
            ("what does it show (1 = infantry x1, machine_gun x1, ", "1"),
            ("activation test of A2: 3 or less activates [0-9]: ", "5"),  # the next die is A2's test
            (PROMPT, "log"),
            (PROMPT, None),
        ],
    )
    assert "garrison for" not in text, text
    assert "marker in C6 turned over: infantry x1, machine_gun x1; placed Garrison infantry 1, Garrison machine gun 1" in text
    # the landing's dice in the log: the two activation tests only
    entry = next(line for line in text.splitlines() if line.startswith("  2. land lca-4 ORANGE2"))
    assert "dice: d10 2 (your die), d10 5 (your die)" in entry or "dice: d10 2, d10 5" in entry, entry
