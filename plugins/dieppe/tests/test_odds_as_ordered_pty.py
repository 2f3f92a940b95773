"""``odds`` in ``play dieppe`` never gives the chances of an order the rules refuse.

The odds of a move, a landing or an assault were worked out from the board alone: an
assault by units that had already moved (ruling R13), a landing walking further than the
stack's MP, a move by units that had already moved: each got its chances, and the order
typed next was refused. Through a real terminal, as a player asks before he commits.
"""

from __future__ import annotations

from pathlib import Path

from paragraphs_raids.pty_play import PROMPT, scripted


def test_odds_refuse_what_the_order_refuses_in_its_words(tmp_path: Path) -> None:
    group2 = "g2-1,g2-2,g2-3,g2-4,lovat"
    text = scripted(
        tmp_path,
        ["play", "dieppe", "--seed", "11", "--session", "odds", "--new"],
        [
            (PROMPT, "land lca-4 ORANGE2"),  # C6 and A2 flip: Germans next to the beach
            (PROMPT, f"odds assault {group2} A2"),
            (PROMPT, f"assault {group2} A2"),
            (PROMPT, f"odds move {group2} SAANE"),
            (PROMPT, f"move {group2} SAANE"),
            (PROMPT, "odds land lca-1 ORANGE1 RAVINE T2 A4"),
            (PROMPT, "land lca-1 ORANGE1 RAVINE T2 A4"),
            (PROMPT, "odds land lca-1 ORANGE1 RAVINE"),  # a landing the rules allow keeps its odds
            (PROMPT, None),
        ],
    )
    lines = text.splitlines()

    def reply_to(typed: str) -> str:
        return lines[lines.index(f"> {typed}") + 1]

    r13 = "error: refused: entering A2 is an assault as well as a move: the units need both actions (ruling R13)"
    assert reply_to(f"odds assault {group2} A2") == r13 == reply_to(f"assault {group2} A2")
    moved = "error: refused: Group 2, troop 1 has already taken the action 'move' this phase"
    assert reply_to(f"odds move {group2} SAANE") == moved == reply_to(f"move {group2} SAANE")
    too_far = "error: refused: the move costs 5 MP, more than the 4 MP of the stack"
    assert reply_to("odds land lca-1 ORANGE1 RAVINE T2 A4") == too_far == reply_to("land lca-1 ORANGE1 RAVINE T2 A4")
    assert reply_to("odds land lca-1 ORANGE1 RAVINE").endswith(": G1 -> ORANGE1 -> RAVINE")
    assert "marker in A3 (next to RAVINE): a d10 at or under alarm 3 turns it over: 2/5 (40.0%)" in text
