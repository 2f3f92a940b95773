"""The log of ``play dieppe`` says which of a step's choices each answer was, not "(man 1)".

A raid asks the same choice again in one step for each stack the Germans hit; the log
named the answers "(man 1)", "(man 2)" as if they were Ambush! soldiers. Through a real
terminal: two reorganisations in one German phase, then ``log``.
"""

from __future__ import annotations

from pathlib import Path

from paragraphs_raids.pty_play import PROMPT, scripted

TOP = "After the combat, which unit goes on top of your stack in ORANGE2"


def test_the_log_numbers_a_step_s_choices_in_the_step(tmp_path: Path) -> None:
    orders = ["land lca-4 ORANGE2", "land lca-5 ORANGE2", "land lca-1 ORANGE1 RAVINE", "fire g1-1,g1-2,g1-3,g1-4,mills-roberts P2", "land lca-2 ORANGE1", "next"]
    script = [(PROMPT, line) for line in orders] + [(TOP, "1"), (TOP, "2"), (PROMPT, "log"), (PROMPT, None)]
    text = scripted(tmp_path, ["play", "dieppe", "--seed", "11", "--session", "log", "--new"], script)
    log = text.split("> log\n")[1]
    entry = next(line for line in log.splitlines() if line.startswith("  7. next  answers: "))
    question = "After the German fire, which unit of your stack goes on top (its place in the list offered)?"
    assert f"answers: {question} (1st in the step) 1; {question} (2nd in the step) 2  dice: " in entry
    assert "(man " not in text
