"""A fire the man acting cannot pay is refused before a lost chart cell is asked for it.

In scenario 45, A1 walked 3 squares and one diagonal through woods (34 task points of
his 50), observed B2 and was told to fire his SMG: the referee asked the Fire Combat
Table's lost SMG cell, the player typed the value from his copy, and only then was the
fire refused ("costs 18 task points, 16 left"), the value he typed thrown away with the
step. Through a real terminal with the players' own dice.
"""

from __future__ import annotations

from pathlib import Path

from paragraphs_spi_commando.testing import referee_transcript

HERE = Path(__file__).parent


def test_a_fire_beyond_the_task_points_is_refused_before_any_question(tmp_path: Path) -> None:
    script = [
        "next", "next", "?5", "?3", "next", "next",  # phases B, C (initiative 5 against 3: A), D, E
        "activate A1", "?50",  # he keeps his head
        "move A1 3 diagonal=1 woods",  # 34 task points
        "observe A1 B2 8", "?10",
        "fire A1 B2 smg 8",
        "sheet",
    ]
    text = referee_transcript(tmp_path, ["--scenario", "45"], script, tests=HERE, refusals=True)
    lines = text.splitlines()
    reply = lines[lines.index("> fire A1 B2 smg 8") + 1]
    assert reply == "error: A1: fire (smg) costs 18 task points, 16 left ([6.44])", text
    assert "Fire Combat Table" not in text, text
