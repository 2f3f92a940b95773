"""``odds`` in ``play bruneval`` never gives the chances of an order the rules refuse.

``odds move drake-3,nelson-2,nelson-3 FIELD W`` gave the movement points and the markers
at risk for a walk into W, which the Luftwaffe guard holds; the move typed next was
refused ("cannot enter W: German units hold it"). Through a real terminal, seed 5.
"""

from __future__ import annotations

from pathlib import Path

from paragraphs_raids.pty_play import PROMPT, scripted


def test_odds_refuse_what_the_order_refuses_in_its_words(tmp_path: Path) -> None:
    stack = "drake-3,nelson-2,nelson-3"
    text = scripted(
        tmp_path,
        ["play", "bruneval", "--seed", "5", "--session", "odds", "--new"],
        [
            (PROMPT, "next"),  # turn 1: every unit has jumped (its action)
            (PROMPT, f"odds move {stack} FIELD W"),
            (PROMPT, f"move {stack} FIELD W"),
            (PROMPT, f"odds move {stack} FIELD"),  # a move the rules allow keeps its odds
            (PROMPT, None),
        ],
    )
    lines = text.splitlines()

    def reply_to(typed: str) -> str:
        return lines[lines.index(f"> {typed}") + 1]

    held = "error: refused: cannot enter W: German units hold it"
    assert reply_to(f"odds move {stack} FIELD W") == held == reply_to(f"move {stack} FIELD W")
    assert reply_to(f"odds move {stack} FIELD") == "Drake 3, Nelson 2, Nelson 3: DZ-A1 -> FIELD costs 1 PM."
