"""``play dieppe --dice physical``: a reinforcement is the counter the player drew.

Rule 8 draws reinforcements blind from their container, where the 571st's counters are
of two types (infantry and an officer). With his own counters and dice the player was
asked a d6 that "picks among the counters left" and the program placed the counter that
die gave it, whatever he had drawn from his own container. Now he is asked what came out
and a counter of that type is placed. Through a real terminal: Alarm! (the alarm starts
at 2) takes the alarm to 6 on turn 1, and the German phase brings one reinforcement.
"""

from __future__ import annotations

import re
from pathlib import Path

from paragraphs_raids.pty_play import CHOICE, DIE, PROMPT, clean, spawn

#: Faces by the start of a die's purpose; a die not listed gets the lowest face.
FACES = {
    "unforeseen event": 2,  # battery fire (even: no event d); then the d10 0: nothing
    "activation test of C6": 0,  # activates
    "activation test of A2": 9,  # stays face down
    "british fire: attacker": 6,
    "german fire: attacker": 0,  # the Germans miss and are hit
    "german fire: defender": 6,
    "reinforcements: do they come": 0,  # under the alarm: they come
    "reinforcements: entry zone": 3,
    "reinforcements: how many": 1,  # one counter
}
ORDERS = ["land lca-4 ORANGE2", "fire g2-1,g2-2,g2-3,g2-4,lovat C6", "next", "log"]


def test_a_reinforcement_drawn_by_the_player_is_asked_and_placed(tmp_path: Path) -> None:
    import pexpect

    child = spawn(tmp_path, ["play", "dieppe", "--dice", "physical", "--optional", "alarm", "--session", "drawn", "--new"])
    seen: list[str] = []
    orders = list(ORDERS)
    asked: list[str] = []
    try:
        while True:
            i = child.expect([DIE, CHOICE, PROMPT, pexpect.EOF])
            seen.append(child.before + (child.after if isinstance(child.after, str) else ""))
            if i == 3:
                break
            if i == 0:
                purpose = re.search(r"roll d\d+ for ([^\r\n]*)\[", child.after).group(1)  # type: ignore[union-attr]
                face = next((f for start, f in FACES.items() if purpose.startswith(start)), int(child.match.group(2)))
                child.sendline(str(face))
            elif i == 1:
                asked.append(child.match.group(1))
                if "reinforcement container" in seen[-1]:
                    child.sendline("2")  # the officer came out
                elif "what does it show" in seen[-1]:
                    child.sendline("2")  # infantry x2
                else:
                    child.sendline("1")
            elif orders:
                child.sendline(orders.pop(0))
            else:
                child.sendeof()
    finally:
        child.close()
    text = clean("".join(seen), tmp_path)
    assert child.exitstatus == 0 and "Traceback" not in text, text[-3000:]
    assert "reinforcement drawn" not in text, text
    assert "Draw a counter from your reinforcement container (rule 8): what is it (1 = infantry, 2 = officer): 2" in text, text
    assert "1 reinforcement(s) arrive at R3: 571st officer" in text, text
