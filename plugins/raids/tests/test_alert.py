"""The alert track (Bruneval 15; Dieppe 7)."""

from __future__ import annotations

from paragraphs_raids.alert import AlertTrack, movement_allowance

BRUNEVAL_MOVE = {0: 0, 1: 0, 2: 1, 3: 1, 4: 2, 5: 2, 6: 3}


def test_first_and_second_combat_raise_later_ones_do_not() -> None:
    t = AlertTrack(maximum=6, events={"combat": (1, 1)})
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


def test_dieppe_repeated_bangalore_attempts_each_add_one() -> None:
    """Dieppe 7 and 10: +1 for each Bangalore attempt and each mine explosion, every time."""
    t = AlertTrack(maximum=9, events={"bangalore": (1,), "first_assault": (2,)}, repeat=frozenset({"bangalore"}))
    assert [t.happen("bangalore", at_once=True) for _ in range(3)] == [1, 1, 1]
    assert t.level == 3
    assert [t.happen("first_assault", at_once=True) for _ in range(2)] == [2, 0]
    assert t.level == 5


def test_the_track_notes_a_watched_level_once_and_stays_at_its_top() -> None:
    """Dieppe 7: reaching 9 flips every marker; the top comes from content."""
    t = AlertTrack(maximum=9, level=7, events={"mines": (1,)}, repeat=frozenset({"mines"}), watch=frozenset({9}))
    t.happen("mines", at_once=True)
    assert t.reached == [] and not t.has_reached(9)
    t.raise_by(5)
    assert t.level == 9 and t.reached == [9] and t.has_reached(9)
    t.happen("mines", at_once=True)
    assert t.reached == [9]
    t2 = AlertTrack(maximum=9, watch=frozenset({9}))
    t2.set_level(9)  # the fall of the last Hess gun sets the alarm to 9 directly
    assert t2.reached == [9]
