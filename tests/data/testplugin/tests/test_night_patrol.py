"""The example title's own tests, as its author writes them (with pytest installed)."""

from pathlib import Path

import pytest

from paragraphs.testing import assert_state, assert_trail, run_playthrough

GOLDEN = Path(__file__).parent / "golden"


def test_a_golden_playthrough(make_engine):
    engine = make_engine("testplugin")
    state = run_playthrough(engine, GOLDEN / "night.yaml")
    assert_state(state, sightings=["seen"], counters={"noise": 0})


def test_the_alarm_adds_noise(make_engine, scripted):
    engine = make_engine("testplugin")
    # 4: the d10 shows 8 (the cutters slip); the patrol's d6 shows 1, at or under its
    # strength 2: alarm, noise +1 and on to 5, whose d6 shows 4 (the ditch, then 7).
    # 7: 2d6 shows 12, plus 1 cover, over 9: unseen.
    result = engine.resolve("4", answers={"cover": 1}, dice=scripted(8, 1, 4, 12))
    assert_trail(result, ["4", "5", "7"])
    assert_state(result.state, counters={"noise": 1}, sightings=[])


def test_a_missing_die_is_named(make_engine):
    engine = make_engine("testplugin")
    script = {"steps": [{"read": "3", "answers": {"cover": 1}, "dice": [7]}]}
    with pytest.raises(AssertionError, match=r"step 1 \(3\): stopped before its end: it needs a die: d10 for cut the wire"):
        run_playthrough(engine, script)
