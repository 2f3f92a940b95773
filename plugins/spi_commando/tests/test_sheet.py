"""The Data Log sheet of a referee session."""

from __future__ import annotations

import paragraphs
from paragraphs.dice import ScriptedDice

from paragraphs_spi_commando.sheet import data_log, data_log_lines


def test_the_data_log_lists_sides_and_men() -> None:
    engine = paragraphs.open_title("spi_commando")
    state = engine.new_state()
    assert data_log_lines(state, engine.book) == ["No scenario set up yet: type setup <scenario> (39-50)."]
    state = engine.perform("setup", state, args={"scenario": "46"}).state
    state = engine.perform("observe", state, args={"observer": "A2", "target": "B1", "distance": 4}, dice=ScriptedDice([1])).state
    state = engine.perform("wound", state, args={"man": "B1", "points": 7}).state
    lines = data_log_lines(state, engine.book)
    assert lines[0] == "Scenario 46: turn 1, phase A (observation)"
    assert "A: German commandos (commando), fire +10, grenade +10, observation B, panic 6%, preservation x5 (condition 0)" in lines
    assert "  A1 Otto Skorzeny: machine_pistol, pistol, combat_knife; endurance 25, 0 WP, unhurt" in lines
    assert "  A2: machine_pistol, pistol, combat_knife; endurance 16, 0 WP, unhurt; observes B1" in lines
    assert "  B1: carbine, pistol, combat_knife; endurance 13, 7 WP, seriously wounded" in lines
    assert data_log(state, engine.book)["men"]["B1"]["condition"] == "seriously wounded"
