"""The alert track (Bruneval 15; Dieppe 7)."""

from __future__ import annotations

from paragraphs_raids.alert import AlertTrack, movement_allowance

BRUNEVAL_MOVE = {0: 0, 1: 0, 2: 1, 3: 1, 4: 2, 5: 2, 6: 3}


def test_first_and_second_combat_raise_later_ones_do_not() -> None:
    t = AlertTrack(events={"combat": (1, 1)})
    assert [t.happen("combat") for _ in range(4)] == [1, 1, 0, 0]
    assert t.level == 0  # waits for the adjustment phase
    assert t.adjust() == [(1, "combat"), (1, "combat")]
    assert t.level == 2 and t.pending == []


def test_at_once_and_the_top_of_the_track() -> None:
    t = AlertTrack(level=5, maximum=6, events={"assault": (2,)})
    t.happen("assault", at_once=True)
    assert t.level == 6


def test_movement_by_alert_level() -> None:
    """Rules 8.2 and 15: 0,0,1,1,2,2,3 PM; the rule 8.2 example: alert 5 gives 2 PM."""
    assert [movement_allowance(level, BRUNEVAL_MOVE) for level in range(7)] == [0, 0, 1, 1, 2, 2, 3]
    assert movement_allowance(5, BRUNEVAL_MOVE) == 2
