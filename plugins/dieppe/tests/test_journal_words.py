"""What ``play dieppe --auto`` tells the player, read as he reads it: the result's reasons
and the journal's lines, through the real command line in a fresh process."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from paragraphs_raids.pty_play import env


def auto_game(tmp_path: Path, seed: int, *options: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "paragraphs", "play", "dieppe", "--auto", "--seed", str(seed), *options],
        capture_output=True, text=True, env=env(tmp_path), timeout=120, stdin=subprocess.DEVNULL, cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_killed_officer_is_named_as_the_counters_name_him(tmp_path: Path) -> None:
    # before: "-5 VP: lovat killed", the content's id
    text = auto_game(tmp_path, 0)
    assert "  - -5 VP: Lord Lovat killed\n" in text, text
    assert "  - -3 VP: Major Mills-Roberts killed\n" in text, text
    assert "lovat killed" not in text and "mills-roberts killed" not in text


def _moved_and_stayed(line: str) -> set[str]:
    """Units a German move line names both as moving and as staying behind."""
    found = re.search(r"German move from \S+ to \S+ \((.*?)\)(; |$)", line)
    if found is None:  # "German move from H toward F1: ... stop in WOOD": nobody reached F1
        assert " toward " in line, line
        return set()
    movers = set(found.group(1).split(", "))
    rest = line[found.end():].split(": ")[0]
    stayed = {u for part in rest.split("; ") if part for u in part.rsplit(" st", 1)[0].split(", ")}
    return movers & stayed


def test_a_german_stack_with_no_room_to_move_is_said_to_stay(tmp_path: Path) -> None:
    # before, every turn from 9: "German move from WOOD to F1 (Garrison infantry 10, ...);
    # Garrison infantry 10, ... stay in WOOD", a move that did not happen (F1 is full)
    text = auto_game(tmp_path, 0)
    stay = "  D     Garrison infantry 10, 571st infantry 8, 571st infantry 7 (reduced) stay in WOOD: no room on the way to F1\n"
    assert text.count(stay) == 4, text
    for seed in (0, 1, 2):
        lines = text.splitlines() if seed == 0 else auto_game(tmp_path, seed).splitlines()
        both = [line for line in lines if "German move from" in line and _moved_and_stayed(line)]
        assert not both, both


def test_the_first_fire_is_told_with_its_dice_then_the_alarm_it_raised(tmp_path: Path) -> None:
    # before: "alarm +1 (first fire)", then the fire's dice under it, then the fire line
    # without them (rule 7: the fire is the event, the alarm follows it)
    for seed, who in ((0, "German"), (1024, "British")):
        lines = auto_game(tmp_path, seed).splitlines()
        alarm = next(i for i, line in enumerate(lines) if "alarm +1 (first fire)" in line)
        assert f"{who} fire from" in lines[alarm - 2] and "fire: attacker's die" in lines[alarm - 1], lines[alarm - 2 : alarm + 2]
        assert not lines[alarm + 1].lstrip().startswith("dice:"), lines[alarm - 2 : alarm + 2]
        shots = [i for i, line in enumerate(lines) if "fire: attacker's die" in line]
        assert all(" fire from " in lines[i - 1] for i in shots), [lines[i - 1] for i in shots if " fire from " not in lines[i - 1]]


def test_an_explosion_is_told_with_its_die_then_the_alarm_it_raised(tmp_path: Path) -> None:
    # before: "alarm +1 (explosion)", then the torpedo's or the mines' die under it, then
    # "Bangalore torpedo in C6: the wire is cleared" without it (rule 10: the attempt
    # raises the alarm)
    for seed, attempt in ((1, "Bangalore torpedo in C6: the wire is cleared"), (1003, "mines in ")):
        lines = auto_game(tmp_path, seed).splitlines()
        at = next(i for i, line in enumerate(lines) if attempt in line)
        assert lines[at + 1].lstrip().startswith("dice: d10 ") and "alarm +1 (explosion)" in lines[at + 2], lines[at - 2 : at + 3]
        dice = [i for i, line in enumerate(lines) if "(Bangalore torpedo)" in line or "(mines)" in line]
        assert dice and all("Bangalore torpedo in " in lines[i - 1] or "mines in " in lines[i - 1] for i in dice), [lines[i - 1] for i in dice]
