"""Scenario 45 played through a terminal for its whole length: thirty game-turns, from
the sentries drawn before play to the victory judged after the thirtieth turn (issue 15).

The compressed game of ``test_referee_pty.py`` stops after three turns; this one lets the
referee run every phase of every turn, so what happens by the turn is seen as the
players meet it: the sentries' walk between E and F ([38.45]), the alarm and the
automatic panic turn after it ([38.61]) with a second check for a man told to fire at
nobody ([14.22]), the Germans freed on the turn after ([38.64], ruling R43), the round of
evading after a grappled man dies ([12.61]), the side's preservation roll at every
bookkeeping once a German is dead ([15.0]), and the end of the game after turn 30
([45.51]). Quiet turns are the phases gone through with the initiative and the
preservation dice typed.
"""

from __future__ import annotations

from pathlib import Path

from paragraphs.tools.terminal_script import golden as golden_in

from paragraphs_spi_commando.testing import referee_journal as journal
from paragraphs_spi_commando.testing import referee_transcript

HERE = Path(__file__).parent


def play(tmp_path: Path, args: list[str], script: list[str]) -> str:
    # a choice question ends "(a, b): " rather than "]: " (the grapple-or-evade stance of
    # hand-to-hand combat); 440 lines are sent without pexpect's pause before each
    return referee_transcript(tmp_path, args, script, tests=HERE, questions=["]: ", "): "], quick_send=True)


def golden(name: str, text: str) -> None:
    golden_in(HERE / "golden", name, text)


def quiet(init=("7", "3"), preservation=("90",)):
    return ["next", "next", *[f"?{d}" for d in init], "next", "next", "next", "next", *[f"?{d}" for d in preservation], "next", "next"]


STORY = [
    # turn 1: two Germans walk sentry routes; the British start coming in
    "sentry B4", "sentry B5",
    "next", "next", "?7", "?3", "next", "next",
    "activate A1", "?99", "move A1 2 entry=1", "done A1",
    "activate B6", "done B6",
    "activate A2", "?99", "move A2 2 entry=2", "done A2",
    "pass", "pass",
    "next", "next", "next", "next",
]
STORY += [
    # turn 2: the sentry B4 sees A1: the alarm; A1 fires his SMG at him
    "range 6401 5803", "sight 0 0 1 3 5 blocking",
    "observe B4 A1 8", "?5",
    "observe A1 B4 8", "?5",
    "next", "next", "?7", "?3", "next", "next",
    "activate A1", "?99",
    "fire A1 B4 smg 8", "?40", "?95", "?30", "?1D6", "?6", "?90", "?90", "?90", "?10", "?50",
    "done A1",
    "activate B4", "?99", "done B4",
    "pass", "pass",
    "next", "next", "next", "next",
]
STORY += [
    # turn 3, the automatic panic turn ([38.61]): B4 observes A1 and acts normally
    "next", "next", "?7", "?3", "next", "next",
    "activate A3", "?99", "move A3 2 entry=1", "done A3",
    "activate B2", "?3",  # prone
    "pass",
    "activate B3", "?7", "?10",  # fire, but he observes nobody: a second check, and he panics again
    "activate B7", "?9",  # move, read as prone
    "pass",
    "next", "next", "next", "next",
    # turn 4: the Germans are free; A1 fights B4 and B5 hand to hand in their square
    "next", "next", "?7", "?3", "next",
    "melee A1 B4 with=B5", "?99", "?99", "?99", "?7", "?3",
    "?grapple", "?grapple", "?evade", "?1", "?1", "?90",  # round 1: A1 holds B4 and kills him
    "?evade", "?90",  # round 2: A1 must evade ([12.61]); B5 swings and misses
    "?evade", "?evade", "?90", "?90", "?evade", "?evade", "?90", "?90", "?evade", "?evade", "?90", "?90",
    "next", "pass", "pass", "next", "next", "?90", "next", "next",
]
STORY += [
    *quiet(),  # turn 5
    # turns 6 and 7: A1 works the radio loose (75 task points, [45.81]) and takes it
    "next", "next", "?7", "?3", "next", "next",
    "activate A1", "?99", "spend A1 40 the radio", "done A1", "pass", "pass",
    "next", "next", "?90", "next", "next",
    "next", "next", "?7", "?3", "next", "next",
    "activate A1", "?99", "spend A1 35 the radio", "carry A1 radio", "done A1", "pass", "pass",
    "next", "next", "?90", "next", "next",
]
for _ in range(8, 28):
    STORY += quiet()
STORY += [
    # turn 28: five men leave by the edge they came in by, A1 with the radio
    "next", "next", "?7", "?3", "next", "next",
    "activate A1", "?99", "task A1 exit_map", "pass",
    "activate A2", "?99", "task A2 exit_map",
    "activate A3", "?99", "task A3 exit_map",
    "activate A4", "?99", "task A4 exit_map",
    "activate A5", "?99", "task A5 exit_map",
    "pass",
    "next", "next", "?90", "next", "next",
    *quiet(), *quiet()[:-1],  # turns 29 and 30
    "next",  # the game is over after turn 30
    "victory",
    "sheet",
]


def test_scenario_45_for_its_thirty_turns(tmp_path):
    text = play(tmp_path, ["--scenario", "45"], STORY)
    assert "B4 walks a sentry routine: 25 task points a turn along the route drawn on the defender's map ([38.45]); 1 of at most 6" in text
    assert "Sentries walk their routes between phases E and F ([38.45]): B4 (25), B5 (25) task points" in text
    assert "range 6401 to 5803: 6 squares (the rangefinder of [8.11], ruling R31)" in text
    assert "The defenders are alerted on turn 2: B4 observed A1 ([38.61])" in text
    # turn 3: B4, who observes A1, no longer walks; B5 still does until the Germans are freed
    assert "Sentries walk their routes between phases E and F ([38.45]): B5 (25) task points" in text
    assert "B3 observes no enemy man and panics again (panic 25%, [14.22])" in text
    assert "B7 panics without a roll on the turn after the alarm ([38.61]): prone" in text
    assert "round 2: A1 spends the round evading, the man he held being dead ([12.61], ruling R42)" in text
    assert text.count("B preservation 14% (x14, 1 down): condition stays 0") == 27  # turns 4 to 30
    assert "turn 4 of 30, phase E" in text and "Sentries walk their routes between phases E and F ([38.45]): B5 (25) task points; the defender moves them on his map\nturn 4" not in text
    assert "the game is over: turn 30 has ended; type victory" in text
    assert "[45.81] A (British commando) wins: 5 able men off the map (needs 5), radio with them" in text
    assert "victory: A (British commando)" in text
    steps = journal(tmp_path)
    assert sum(1 for e in steps if e.get("procedure") == "next") == 30 * 8
    golden("scenario_45_full", text)
