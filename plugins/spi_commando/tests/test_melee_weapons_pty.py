"""The weapons of a hand-to-hand combat through a real terminal (a pty), with the players'
own dice: a weapon the man does not carry is refused in one line before any die, and so
is a drop with no square named; then a draw drops the SMG he held in the square and
readies his pistol ([12.5], [12.55]), which the sheet shows. The transcript is compared
with a golden file (``PARAGRAPHS_UPDATE_GOLDEN=1`` rewrites it)."""

from __future__ import annotations

from pathlib import Path

from paragraphs.tools.terminal_script import golden

from paragraphs_spi_commando.testing import referee_journal, referee_transcript

HERE = Path(__file__).parent

MELEE = [
    "next", "next", "?9", "?1", "next",  # phase D of turn 1, A has the initiative
    "melee A1 B4 A1=rifle",  # refused: he carries no rifle ([12.51])
    "melee A1 B4 A1=fists",  # refused: his SMG would fall, in which square?
    "melee A1 B4 draw=A1:pistol:1 square=2547", "?99", "?7", "?3",
    "?evade", "?evade", "?9", "?90",  # round 1: A1 drops his SMG and draws his pistol (9: 2-9)
    *(["?evade", "?evade", "?90", "?90"] * 4),
    "sheet",
]


def test_melee_weapons_refused_and_drawn(tmp_path):
    text = referee_transcript(tmp_path, ["--scenario", "45"], MELEE, tests=HERE, questions=["]: ", "): "], refusals=True)
    assert "error: A1 carries smg, pistol, combat_knife, not rifle: he fights with a weapon he carries or his fists ([12.51], [12.53])" in text
    assert "error: melee: a weapon dropped in the combat lies in its square ([12.53], [12.55]): name it, square=<four digits>" in text
    assert "A1 drops his smg in square 2547 to draw another weapon ([12.5], [12.55])" in text
    assert "A1 draws his pistol ([12.92])" in text
    assert "A1: pistol, combat_knife; endurance 16, 0 WP, unhurt [in melee]" in text
    assert "Lying in square 2547: smg (A's, [13.14])" in text
    # the refusals left no step in the journal: setup, the phases, the one combat
    assert [e.get("procedure") for e in referee_journal(tmp_path)].count("melee") == 1
    golden(HERE / "golden", "melee_weapons", text)


def test_melee_words_naming_a_man_outside_the_combat_or_twice_are_refused(tmp_path):
    # before: a man not in the combat got "is not with=<men>, ..." as if the word were
    # malformed, a second A1=<weapon> silently replaced the first (the combat went on to its
    # dice), and help listed neither with=, draw= nor square=
    script = [
        "next", "next", "?9", "?1", "next",  # phase D of turn 1
        "melee A1 B4 draw=A2:pistol:1",
        "melee A1 B4 surprised=A3",
        "melee A1 B4 A1=combat_knife A1=pistol",
        "melee A1 B4 draw=A1:pistol:1 draw=A1:combat_knife:1 square=2547",
        "help",
    ]
    text = referee_transcript(tmp_path, ["--scenario", "45"], script, refusals=True)
    assert "error: melee: 'draw=A2:pistol:1' names A2, who is not in this combat (A1, B4; add a man with with=<man>)" in text
    assert "error: melee: 'surprised=A3' names A3, who is not in this combat (A1, B4; add a man with with=<man>)" in text
    assert "error: melee: A1's weapon is named twice (A1=combat_knife, A1=pistol): he strikes with one" in text
    assert "error: melee: A1's draw in round 1 is named twice (one draw=<man>:<weapon>:<round> a round)" in text
    assert "with=<man>,<man>, surprised=<man>, withdraw=<man>, <man>=<weapon he carries or fists>, draw=<man>:<weapon>:<round>, square=<square a dropped weapon falls in>" in text
    assert "grapple or evade" not in text  # every refusal came before the combat began
