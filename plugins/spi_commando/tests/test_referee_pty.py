"""The referee session through a real terminal (a pty), as the players meet it (issue 15).

Each test types a script into ``paragraphs play spi_commando`` with the players' own dice
(``--dice physical``), so every die is typed and the transcript does not depend on the
PRNG. A command waits for the prompt at the start of a line; an answer (a die face, a
cell of the charts the source lost) waits for the question's ``]: ``. The whole
transcript is compared with a golden file in ``golden/``; the tests also assert the point
of each script directly, so a golden file rewritten by mistake
(``PARAGRAPHS_UPDATE_GOLDEN=1``) cannot hide a regression.
"""

from __future__ import annotations

from pathlib import Path

from paragraphs.tools.terminal_script import golden as golden_in

from paragraphs_spi_commando.testing import referee_journal, referee_transcript

HERE = Path(__file__).parent
GOLDEN = HERE / "golden"


def play(tmp_path: Path, args: list[str], script: list[str]) -> str:
    return referee_transcript(tmp_path, args, script, tests=HERE)


def golden(name: str, text: str) -> None:
    golden_in(GOLDEN, name, text)


def journal(tmp_path: Path) -> list[dict]:
    return referee_journal(tmp_path)


# The sequencing example of [6.23]: A has six men (A4-A6 plotted for opportunity fire), B
# eight (B7, B8 plotted); A has the initiative. The forces are laid over scenario 41 by
# a test overlay; the dice are chosen so the example's story happens.
SEQUENCE_6_23 = [
    "observe B7 A1 10", "?5",  # so that B7 may fire at A1, A5 at B6, B8 at A6
    "observe B8 A6 8", "?5",
    "observe A5 B6 3", "?5",
    "next",
    "plot A4", "plot A5", "plot A6", "plot B7", "plot B8",
    "next", "?9", "?1",  # initiative: A 9, B 1
    "next",
    "ready A5 pistol", "ready B7 pistol", "ready B8 pistol",  # phase D: free out of combat ([12.51], [13.18])
    "next",
    "activate A1", "?99",
    "move A1 2",
    "fire B7 A1 pistol 10 moving", "?15", "?99", "?95", "?99",  # pistol task points (lost, R25), B7's panic check, the miss, A1's check under fire
    "move A1 3", "done A1",
    "activate B1", "?99", "move B1 1", "done B1",
    "activate A2", "?99", "move A2 1", "done A2",
    "activate B2", "?99", "done B2",
    "activate A3", "?99", "done A3",
    "activate B3", "?99", "done B3",  # A has no unplotted man left: B goes on
    "activate B4", "?99", "done B4",
    "activate B5", "?99", "done B5",
    "activate B6", "?99", "move B6 1",
    "fire A5 B6 pistol 3 moving", "?12", "?99", "?5",  # the kill band 72-90 (lost), A5's check, the kill
    "next",
    "activate A4", "?99", "done A4",
    "activate B7", "done B7",
    "activate A5", "done A5",
    "done B8", "?99",  # B8 does nothing but lie in wait
    "activate A6", "?99", "move A6 1",
    "fire B8 A6 pistol 8 moving", "?90", "?99",  # no effect
    "move A6 2", "done A6",
    "next", "?50",
    "log",
]


def test_the_sequencing_example_of_6_23(tmp_path):
    overlay = HERE / "data" / "sequence_6_23"
    text = play(tmp_path, ["--scenario", "41", "--overlay", str(overlay)], SEQUENCE_6_23)
    # the story of the example, in its order
    assert "B7 interrupts A1 with opportunity fire ([10.73])" in text
    assert "A1 is done (25 task points spent). turn 1 of 20, phase E (non-prepared task execution); initiative A; B to act" in text
    assert "A3 is done (0 task points spent). turn 1 of 20, phase E (non-prepared task execution); initiative A; B to act (B3, B4, B5, B6)" in text
    assert "B3 is done (0 task points spent). turn 1 of 20, phase E (non-prepared task execution); initiative A; B to act (B4, B5, B6)" in text
    assert "B6 is out of the fight: his tasks end" in text and "B6 killed (chance 77, kill 12)" in text
    assert "turn 1 of 20, phase F (prepared task execution); initiative A; A to act (A4, A5, A6)" in text
    assert "A4 pays 23 task points for his opportunity fire plot ([10.76], ruling R5)" in text
    assert "B8 does nothing this turn ([6.41])" in text and "B8 interrupts A6 with opportunity fire" in text
    assert "B8 missed A6 (chance 48)" in text and "A6 is done (38 task points spent)" in text
    assert "turn 1 of 20, phase G (bookkeeping)" in text
    steps = journal(tmp_path)
    order = [e["args"].get("man") for e in steps if e.get("procedure") == "activate"]
    assert order == ["A1", "B1", "A2", "B2", "A3", "B3", "B4", "B5", "B6", "A4", "B7", "A5", "A6"]
    golden("sequence_6_23", text)


# Scenario 45 from set-up to a British victory ([45.81]), compressed: the squares are the
# players' business, so the referee records what they report (the radio taken, men
# leaving by their edge). Every cell the source lacks is answered when first reached.
SCENARIO_45 = [
    "observe B1 A1 8", "?5",  # a German sees a commando: the alarm
    "next", "next", "?7", "?3", "next", "next",
    "activate A1", "?99",
    "observe A1 B1 8", "?5",
    "fire A1 B1 smg 20", "?30", "?50", "?10", "?1D6", "?4", "?60", "?70", "?80", "?10", "?50",  # SMG base, five fires, damage code, magazine
    "move A1 4", "done A1",
    "pass",
    "activate A2", "?99", "move A2 5 diagonal=1", "done A2",
    "activate A3", "?99",
    "prepare A3 fragmentation", "?10",
    "throw A3 6 B3 B4", "?8", "?5", "?3", "?2",
    "done A3",
    "pass",
    "next", "next", "next", "next",  # F, G, H, turn 2
    "next", "next", "?2", "?8", "next", "next",  # B has the initiative
    "pass",
    "activate A1", "?99", "spend A1 40 the radio in 1612", "done A1",
    "pass",
    "next", "next", "next", "next",
    "next", "next", "?9", "?1", "next", "next",
    "activate A1", "?99", "spend A1 35 the radio in 1612", "carry A1 radio", "task A1 exit_map",
    "pass",
    "activate A2", "?99", "task A2 exit_map",
    "activate A3", "?99", "task A3 exit_map",
    "activate A4", "?99", "task A4 exit_map",
    "activate A5", "?99", "task A5 exit_map",
    "victory",
    "sheet",
    "cells export {tmp}/my-cells",  # the answered cells as an overlay for the next game
]


def test_scenario_45_is_played_to_its_victory(tmp_path):
    text = play(tmp_path, ["--scenario", "45"], SCENARIO_45)
    assert "The defenders are alerted on turn 1: B1 observed A1 ([38.61])" in text
    assert "B1 wounded 4 WP: wounded (chance 42)" in text  # 30 + 12, the SMG's cell answered
    assert "burst: B3 3 WP, wounded; B4 2 WP, wounded" in text
    assert "[45.81] A (British commando) wins: 5 able men off the map (needs 5), radio with them" in text
    assert "[45.82] B (German garrison) not yet: 0 of A killed or incapacitated (needs 7)" in text
    assert "victory: A (British commando)" in text
    steps = journal(tmp_path)
    assert steps[0]["procedure"] == "setup"
    # the answered cells are remembered in the save (and exported by cells export)
    from paragraphs.state import load_state

    state = load_state(tmp_path / "sessions" / "spi_commando-default.json")
    assert state.extra["cells"] == {
        "cell.fire_combat.smg.9-20": 30,
        "cell.fire_combat.smg.damage": "1D6",
        "cell.fire_combat.smg.magazine": 10,
        "cell.task_points.prepare_grenade.result": 10,
        "cell.task_points.throw_grenade.result": 8,
    }
    exported = (tmp_path / "my-cells" / "cells.yaml").read_text(encoding="utf-8")
    assert all(key in exported for key in state.extra["cells"])
    golden("scenario_45", text)


def test_help_lists_only_the_commands_the_referee_accepts(tmp_path: Path) -> None:
    """``help`` at the referee's prompt once listed the paper book's ``event``, ``events``,
    ``set`` and ``vp``, which the referee refuses (no hook, no track, no VP counter): every
    command it lists now does something, and those four are refused as not its own."""
    text = referee_transcript(
        tmp_path, ["--scenario", "45"], ["help", "events", "event dusk", "set turn 2", "vp +1 truck", "recap"], tests=HERE, refusals=True
    )
    help_text = text.split("> help\n", 1)[1].split("\n> events", 1)[0]
    entries = {line.split()[0] for line in help_text.splitlines() if line.startswith("  ") and not line.startswith("   ")}
    assert not entries & {"event", "events", "set", "vp", "<paragraph>"}, help_text
    assert {"sheet", "log", "undo", "odds", "luck", "recap", "cells", "help", "quit", "observe", "fire"} <= entries, help_text
    errors = [line for line in text.splitlines() if line.startswith("error:")]
    assert len(errors) == 4, text
    assert all("Commando (SPI, 1979)" in e and "help" in e for e in errors), errors
    assert "last step: setup 45" in text  # recap, now listed, is answered
