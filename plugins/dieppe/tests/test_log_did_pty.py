"""The log and the recap of ``play dieppe`` say what each step did in the game's words.

Their "did:" part was a dump of every sheet line the step changed ("G1 British (2/4
levels, protection 0): lca-1 LCA 1 [aboard (8/8 levels): mills-roberts, g1-1, ...]; ...;
16 more lines of the sheet changed (sheet)"), hundreds of characters a step. It is now
what the step said as it was played: the landing, the fire, the alarm. Through a real
terminal: the set-up, a landing and a German phase, then ``log``; then ``recap`` on resume.
"""

from __future__ import annotations

from pathlib import Path

from paragraphs_raids.pty_play import PROMPT, scripted


def test_the_log_and_the_recap_say_what_each_step_did_in_a_line(tmp_path: Path) -> None:
    script = [(PROMPT, "land lca-1 ORANGE1"), (PROMPT, "next"), (PROMPT, "log"), (PROMPT, None)]
    text = scripted(tmp_path, ["play", "dieppe", "--seed", "3", "--session", "did", "--new"], script)
    log = text.split("> log\n")[1].split("\n> ")[0].splitlines()
    assert log[1] == "  2. land lca-1 ORANGE1  did: alarm +1 (first landing): level 2; in ORANGE1", log
    fire = "German fire from P2 at ORANGE1: 4 + 3 against 3 + 6 stack + 2: Pillbox 2 (reduced) hit"
    assert log[2] == f"  3. next  dice: d10 3, d6 2  did: {fire}; alarm +1 (first fire): level 3; turn 2, your British actions (alarm 3)", log
    assert log[0].startswith("  1. next  dice: d6 6, ") and "did: LCAs loaded in G1 and G2" in log[0], log
    assert all(len(line) < 400 for line in log) and "levels, protection" not in "\n".join(log), log
    resumed = scripted(tmp_path, ["play", "dieppe", "--session", "did"], [(PROMPT, None)])
    assert f"last step: next  dice: d10 3, d6 2  did: {fire}; alarm +1 (first fire): level 3; turn 2, your British actions (alarm 3)\n" in resumed, resumed
