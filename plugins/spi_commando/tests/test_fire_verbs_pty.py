"""The verbs of issue 15's fire parts through a real terminal (a pty), with the players'
own dice: a man entering an enemy's square, return fire, an opportunity throw, the exact
in-session odds of a five-fire weapon, and an explosive from its setting to its blast.
Each transcript is compared with a golden file (``PARAGRAPHS_UPDATE_GOLDEN=1`` rewrites
it) and its point asserted directly."""

from __future__ import annotations

from pathlib import Path

from paragraphs.tools.terminal_script import golden as golden_in

from paragraphs_spi_commando.testing import referee_transcript

HERE = Path(__file__).parent
GOLDEN = HERE / "golden"


def play(tmp_path: Path, args: list[str], script: list[str]) -> str:
    return referee_transcript(tmp_path, args, script, tests=HERE)


def golden(name: str, text: str) -> None:
    golden_in(GOLDEN, name, text)


SMG_CELLS = "cell.fire_combat.smg.21-30=20 cell.fire_combat.smg.damage=1D6 cell.fire_combat.smg.magazine=10"

CLOSE_QUARTERS = [
    "seen B1 A1",  # a German has seen a commando: the alarm
    "observe A1 B2 8", "?1",
    "next", "plot B2",
    "next", "?9", "?1", "next",  # initiative A
    "ready B2 pistol",  # phase D: free out of combat ([12.51], [13.18])
    "next",
    "activate A1", "?99",
    f"odds fire A1 B2 smg 25 {SMG_CELLS}",  # five fires, exact from the record
    "fire A1 B2 pistol 25", "?15", "?30", "?6",  # pistol cost (lost, R25), a hit, 6 WP
    "return_fire B2 pistol 25", "?10", "?2", "?99",  # B2 answers as he was; A1's check under fire
    "enter A1 B1",
    "activate B1", "?99",
    "fire B1 A1 pistol 0", "?14", "?50", "?1",  # the kill band 72-90 (lost), a hit, 1 WP
    "done B1",
    "activate A2", "?99", "prepare A2 fragmentation", "?10", "done A2",
    "pass", "pass",
    "next", "next", "next", "next", "next",  # F, G, H, turn 2 A and B
    "plot_throw A2", "?8",
    "next", "?1", "?9", "next", "next",  # the Germans have the initiative
    "activate B1", "?99",
    "throw A2 3 B1", "?99", "?5", "?4", "?99",  # A2's check, the throw lands, B1's wounds, B1's check
    "sheet",
]


def test_entry_return_fire_and_an_opportunity_throw(tmp_path):
    text = play(tmp_path, ["--scenario", "45"], CLOSE_QUARTERS)
    assert "Odds of spi_commando fire_at" in text and "node budget" not in text
    assert "B2 wounded 6 WP: seriously wounded (chance 47); B2 may fire back at once as he was before ([10.55])" in text
    assert "B2 fires back at A1 as he was before the hit (unhurt; [10.55])" in text and "A1 wounded 2 WP: wounded (chance 40)" in text
    assert "A1 enters the square of B1 and stops" in text and "B1 may fire at A1 in his own turn to act, at double cost" in text
    assert "B1 fires at A1, who entered his square ([12.13] case 1): 30 task points (double, [10.16])" in text
    assert "A2 is plotted to throw his fragmentation grenade (13 task points, [11.64])" in text
    assert "A has no men plotted" in text
    assert "A2 interrupts B1 with an opportunity throw" in text and "A2's fragmentation grenade lands on its square" in text
    assert "B1 loses 8 task points to his wounds ([9.31])" in text and "panic check of B1 (under an opportunity throw)" in text
    golden("fire_verbs", text)


DEMOLITION = [
    "explosive A1",
    "next", "next", "?9", "?1", "next", "next",
    "activate A1", "?99", "emplace A1 50", "done A1",
    "next", "next", "next", "next",
    "next", "next", "?9", "?1", "next", "next",
    "activate A1", "?99", "emplace A1 25", "done A1",
    "next", "next", "next", "next",
    "next", "next", "?9", "?1", "next", "next", "next", "next", "next", "next",
    "next", "next", "?9", "?1", "next", "next", "next", "next",
    "odds detonate 1 B1:2",
    "detonate 1 B1:2 through=B2:6", "?50", "?3", "?4", "?5",
]


def test_an_explosive_is_set_and_goes_off(tmp_path):
    env_text = play(tmp_path, ["--scenario", "40"], DEMOLITION)
    assert "A1 carries explosive 1 (1 of 2)" in env_text
    assert "explosive 1 is set on turn 2: detonate 1 at bookkeeping of turn 4 ([11.74])" in env_text
    assert "explosive 1 goes off (chance 95)" in env_text and "B1 7 WP (2D10 at 2)" in env_text and "B2 2 WP (1D6 at 6)" in env_text
    golden("explosives", env_text)
