"""A lost chart cell the player gives is kept for the game even when its step is refused.

A1, with 10 task points left, was told to prepare a grenade: the referee asked the Task
Point Cost Chart's lost cell, the player typed 15 from his copy, the task was refused
(15 points, 10 left) and the 15 went with the refused step: ``cells`` listed nothing and
the next grenade asked it again, though the docs promise a cell is asked once a game.
Through a real terminal with the players' own dice.
"""

from __future__ import annotations

from pathlib import Path

from paragraphs_spi_commando.testing import referee_transcript

HERE = Path(__file__).parent
KEY = "cell.task_points.prepare_grenade.result"


def test_a_cell_given_for_a_refused_task_is_not_asked_again(tmp_path: Path) -> None:
    script = [
        "next", "next", "?7", "?2", "next", "next",  # phases B, C (A has the initiative), D, E
        "activate A1", "?90",
        "move A1 5 woods",  # 40 task points: 10 left
        "prepare A1 fragmentation", "?15",  # the lost cost, from the player's copy: refused
        "cells",
        "done A1",
        "activate B1", "done B1",  # no panic check before the alarm ([38.49])
        "activate A2", "?90",
        "prepare A2 fragmentation",  # no question: the cost is known now
        "log",
    ]
    text = referee_transcript(tmp_path, ["--scenario", "45"], script, tests=HERE, refusals=True)
    lines = text.splitlines()
    refused = lines[lines.index("> prepare A1 fragmentation") + 1 :]
    error = next(line for line in refused if line.startswith("error:"))
    assert "costs 15 task points, 10 left" in error and f"the table cell you gave, {KEY}, is kept for the game" in error, error
    assert f"{KEY}: 15" in text.split("> cells\n")[1].splitlines()[0], text
    second = text.split("> prepare A2 fragmentation\n")[1]
    assert "Task Point Cost Chart" not in second.split("> ")[0], second
    assert "A2 prepares a fragmentation grenade (15 task points spent)" in second, second
