"""A die or a choice asked in the middle of a step comes after what led to it.

``next`` plays the whole German phase as one step. The player was asked which unit goes on
top of his stack "after the combat" before any line said which German fire had hit it, and
with ``--dice physical`` he rolled die after die for "german fire" without being told the
result of the fire before. What the step has done is now said before each question (and
not said again at its end). Through a real terminal, as the player meets it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from paragraphs_raids.pty_play import PROMPT, env, scripted

TOP = "After the combat, which unit goes on top of your stack in ORANGE2"


def test_the_fire_that_hit_the_stack_is_said_before_the_choice_of_its_top(tmp_path: Path) -> None:
    orders = ["land lca-4 ORANGE2", "land lca-5 ORANGE2", "land lca-1 ORANGE1 RAVINE", "fire g1-1,g1-2,g1-3,g1-4,mills-roberts P2", "land lca-2 ORANGE1", "next"]
    script = [(PROMPT, line) for line in orders] + [(TOP, "1"), (TOP, "1"), (PROMPT, None)]
    text = scripted(tmp_path, ["play", "dieppe", "--seed", "11", "--session", "said", "--new"], script)
    lines = text.splitlines()
    first_hit = "German fire from A2 at ORANGE2: 5 + 2 stack + 7 against 3 + 8 stack + 3: Group 2, troop 1 (reduced) hit"
    second_hit = "German fire from P1 at ORANGE2: 4 + 9 against 3 + 7 stack + 1: Group 2, troop 2 (reduced) hit"
    asked = [i for i, line in enumerate(lines) if line.startswith(TOP)]
    assert len(asked) == 2, text
    assert lines.index(first_hit) == asked[0] - 1
    assert lines.index(second_hit) == asked[1] - 1
    # each line once: said before the question, not again when the step ends
    assert text.count(first_hit) == 1 and text.count(second_hit) == 1
    assert lines.index("turn 2, your British actions (alarm 4)") > asked[1]


def test_with_own_dice_each_fire_is_said_before_the_next_fire_s_die(tmp_path: Path) -> None:
    die = "roll d10 for german fire: "
    script = [
        ("[1-6]: ", "4"),  # the unforeseen event: convoy
        ("[0-9]: ", "0"),  # nothing happens
        (PROMPT, "land lca-4 ORANGE2"),
        ("[0-9]: ", "2"),  # C6 flips
        ("what does it show", "1"),  # infantry and a machine gun, taken from the container in order
        ("[0-9]: ", "5"),  # A2 stays face down
        (PROMPT, "next"),
        (die, "4"),
        ("[1-6]: ", "4"),
        (die, "4"),
        ("[1-6]: ", "4"),
        (PROMPT, None),
    ]
    text = scripted(tmp_path, ["play", "dieppe", "--dice", "physical", "--session", "own", "--new"], script)
    lines = text.splitlines()
    dice = [i for i, line in enumerate(lines) if line.startswith(die)]
    first = "German fire from C6 at ORANGE2: 5 + 2 stack + 4 against 3 + 6 stack + 4: Garrison machine gun 1 hit"
    assert len(dice) == 2 and dice[0] < lines.index(first) < dice[1], text
    assert text.count(first) == 1
    # the set-up line comes before the first die, which it tells the player to get ready for
    assert text.index("deal the 7 A and B markers face down") < text.index("roll d6 for unforeseen event")


def test_json_lines_carry_what_was_said_before_the_question(tmp_path: Path) -> None:
    lines = "land lca-4 ORANGE2\nland lca-5 ORANGE2\nland lca-1 ORANGE1 RAVINE\nfire g1-1,g1-2,g1-3,g1-4,mills-roberts P2\nland lca-2 ORANGE1\nnext\n1\n"
    done = subprocess.run([sys.executable, "-m", "paragraphs", "play", "dieppe", "--seed", "11", "--session", "j", "--new", "--json"], input=lines, capture_output=True, text=True, env=env(tmp_path), timeout=120)
    assert done.returncode == 0, done.stderr
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    question = next(r for r in replies if r["kind"] == "question")
    assert question["question"]["text"] == TOP
    assert question["said"][-1].startswith("German fire from A2 at ORANGE2")
