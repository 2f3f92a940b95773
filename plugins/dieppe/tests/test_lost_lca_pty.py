"""An order naming an LCA sunk by an unforeseen event says it is lost (``play dieppe``).

With event d sinking LCA 4 and Lord Lovat aboard, ``land lca-4 ORANGE2`` answered "LCA 4
carries nobody" and ``land lovat ORANGE2`` that the units landing together must be aboard
one LCA, as if the boat were afloat and empty. Through a real terminal, with the player's
own dice (event 5c with an odd face: event d names LCA 4).
"""

from __future__ import annotations

from pathlib import Path

from paragraphs_raids.pty_play import PROMPT, scripted


def test_a_lost_lca_and_its_officer_are_said_lost(tmp_path: Path) -> None:
    text = scripted(
        tmp_path,
        ["play", "dieppe", "--dice", "physical", "--session", "lost", "--new"],
        [
            ("[1-6]: ", "5"),  # off course, and an odd face: event d
            ("[0-9]: ", "4"),  # LCA 4 is lost
            (PROMPT, "land lca-4 ORANGE2"),
            (PROMPT, "odds land lca-4 ORANGE2"),
            (PROMPT, "land lovat ORANGE2"),
            (PROMPT, None),
        ],
    )
    assert "unforeseen event: off course: Group 1 lands at C5; LCA 4 lost (event d)" in text
    lines = text.splitlines()
    for order, said in (("land lca-4 ORANGE2", "LCA 4"), ("odds land lca-4 ORANGE2", "LCA 4"), ("land lovat ORANGE2", "Lord Lovat")):
        assert lines[lines.index(f"> {order}") + 1] == f"error: {said} is lost", text


def test_the_board_names_the_group_off_course_and_the_group_landing_late(tmp_path: Path) -> None:
    # the board said "off course: group1 lands at C5", the content's id, not the group's name
    off = scripted(
        tmp_path,
        ["play", "dieppe", "--dice", "physical", "--session", "off", "--new"],
        [("[1-6]: ", "6"), (PROMPT, "board"), (PROMPT, None)],  # 6: Group 2 off course, no event d
    )
    assert "  off course: Group 2 lands at C6\n" in off, off
    late = scripted(
        tmp_path,
        ["play", "dieppe", "--dice", "physical", "--session", "late", "--new"],
        [("[1-6]: ", "2"), ("[0-9]: ", "8"), (PROMPT, "board"), (PROMPT, None)],  # battery fire: Group 1 late
    )
    assert "  late groups: Group 1 lands from turn 2\n" in late, late
    assert "group1" not in off + late and "group2" not in off + late
