"""The weapons of a hand-to-hand combat ([12.5]-[12.55]) and the record of [13.0]: a
weapon named must be one the man carries, or his fists; a change before the first round
and a weapon dropped for the fists or to draw another are kept in the record, with save,
undo and the journal, like the other weapon verbs."""

from __future__ import annotations

import pytest

import paragraphs
from paragraphs.errors import ParagraphsError
from paragraphs.session import Session

from paragraphs_spi_commando.rulings import choices
from paragraphs_spi_commando.testing import game, overlaid, perform, start, text_of

EVADE = {f"stance.{r}{m}": "evade" for r in range(1, 6) for m in (1, 2)}
#: The combat knife's row of [12.93] is lost: the players give it.
KNIFE = {"cell.melee_weapons.combat_knife.hit": 40, "cell.melee_weapons.combat_knife.kill": 5}


@pytest.fixture(scope="module")
def engine():
    return paragraphs.open_title("spi_commando")


def men(state) -> dict:
    return game(state)["men"]


def session_at_d(engine) -> Session:
    """Scenario 45 with physical dice in phase D of turn 1 (A has the initiative)."""
    session = Session(engine, engine.new_state(), dice="physical")
    for line in ("setup 45", "next", "next", "9", "1", "next"):
        session.send(line)
    assert game(session.state)["phase"] == "D"
    return session


# ------------------------------------------------------------------ a weapon named ([12.51])


@pytest.mark.parametrize(
    ("options", "why"),
    [
        ("A1=rifle", "A1 carries smg, pistol, combat_knife, not rifle: he fights with a weapon he carries or his fists ([12.51], [12.53])"),
        ("A1=carbine_rifle", "A1 carries smg, pistol, combat_knife, not carbine_rifle"),  # a row is no weapon
        ("B4=bayonet", "B4 carries rifle, pistol, combat_knife, not bayonet"),
        ("draw=A1:rifle:2", "A1 carries smg, pistol, combat_knife, not rifle: he draws a weapon he carries ([12.5])"),
        ("draw=A1:smg:2", "A1 holds his smg ready: he strikes with it, no draw ([12.5])"),
        ("draw=A1:pistol:6 square=2547", "melee: a draw is made in a round 1-5, not 6"),
        ("A1=fists", "melee: a weapon dropped in the combat lies in its square ([12.53], [12.55]): name it, square=<four digits>"),
        ("draw=A1:pistol:2", "name it, square=<four digits>"),
        ("A1=fists square=25", "a square is four digits (2547), not '25'"),
    ],
)
def test_a_weapon_he_does_not_carry_is_refused_before_any_die(engine, options, why) -> None:
    state = start(engine, phase="D")
    with pytest.raises(ParagraphsError) as refused:
        perform(engine, state, "melee", [], EVADE, first="A1", second="B4", options=options)
    assert why in str(refused.value)


def test_at_the_prompt_the_refusal_is_one_line_and_changes_nothing(engine) -> None:
    session = session_at_d(engine)
    before = repr(session.state.extra)
    steps = len(session.state.journal)
    reply = session.send("melee A1 B4 A1=rifle")
    assert reply.question is None
    assert reply.text == "error: A1 carries smg, pistol, combat_knife, not rifle: he fights with a weapon he carries or his fists ([12.51], [12.53])"
    assert repr(session.state.extra) == before and len(session.state.journal) == steps
    # the surprise named in the same line is not recorded either
    assert session.send("melee A1 B4 surprised=B4 A1=rifle").text.startswith("error: A1 carries")
    assert "surprised_turn" not in men(session.state)["B4"]


def test_his_fists_drop_the_weapon_he_holds_into_the_square(engine) -> None:
    state = start(engine, phase="D")
    # A1's fists: his SMG falls in 2547 ([12.53], [12.55]); every blow misses
    res = perform(engine, state, "melee", [99, 7, 3] + [90, 90] * 5, EVADE, first="A1", second="B4", options="A1=fists square=2547")
    said = text_of(res)
    assert "A1 drops his smg in square 2547 for his fists ([12.53])" in said and "A1 strikes at B4 and misses (20%)" in said
    a1 = men(res.state)["A1"]
    assert a1["weapons"] == ["pistol", "combat_knife"] and a1["prepared"] is None
    assert game(res.state)["dropped"] == [{"square": "2547", "weapon": "smg", "side": "british"}]
    # a man with nothing ready drops nothing and needs no square
    state = start(engine, phase="D")
    state = perform(engine, state, "drop", man="B4", weapon="rifle", square="2547").state
    res = perform(engine, state, "melee", [99, 7, 3] + [90, 90] * 5, EVADE, first="A1", second="B4", options="B4=fists")
    assert "B4 strikes at A1 and misses (20%)" in text_of(res) and len(game(res.state)["dropped"]) == 1


def test_a_weapon_he_carries_becomes_his_prepared_weapon(engine) -> None:
    state = start(engine, phase="D")
    # [12.51]: A1 observes the men coming in and takes his combat knife instead of his SMG;
    # the knife's row is lost: its chances are asked (answered 40 and 5), and 90 misses
    answers = {**EVADE, **KNIFE}
    res = perform(engine, state, "melee", [99, 7, 3] + [90, 90] * 5, answers, first="A1", second="B4", options="A1=combat_knife")
    said = text_of(res)
    assert "A1 fights with his combat knife instead of his smg ([12.51])" in said and "A1 strikes at B4 and misses (40%)" in said
    assert men(res.state)["A1"]["prepared"] == "combat_knife" and men(res.state)["A1"]["weapons"] == ["smg", "pistol", "combat_knife"]
    # his pistol: its own row ([12.93], 22)
    res = perform(engine, state, "melee", [99, 7, 3] + [90, 90] * 5, EVADE, first="A1", second="B4", options="A1=pistol")
    assert "A1 strikes at B4 and misses (22%)" in text_of(res) and men(res.state)["A1"]["prepared"] == "pistol"


def test_a_prepared_melee_weapon_is_struck_with(engine) -> None:
    state = start(engine, phase="D")
    state = perform(engine, state, "ready", man="A1", weapon="combat_knife").state  # free out of combat ([12.51])
    answers = {**EVADE, **KNIFE}
    res = perform(engine, state, "melee", [99, 7, 3] + [90, 90] * 5, answers, first="A1", second="B4")
    assert "A1 strikes at B4 and misses (40%)" in text_of(res)


def test_a_surprised_man_keeps_his_weapon_or_drops_it(engine) -> None:
    state = start(engine, phase="D")
    # [12.51] lets a man who observes the man coming in change his weapon: a surprised man
    # has not observed him ([12.23])
    with pytest.raises(ParagraphsError, match=r"B4 is surprised: he has not observed the man who came in and fights with the weapon he has ready, or drops it for his fists \(\[12.51\], \[12.23\]\)"):
        perform(engine, state, "melee", [], EVADE, first="A1", second="B4", options="surprised=B4 B4=combat_knife")
    res = perform(engine, state, "melee", [99, 7, 3, 90] + [90] * 4, {f"stance.{r}1": "evade" for r in range(1, 6)}, first="A1", second="B4", options="surprised=B4 B4=fists square=2547")
    assert "B4 drops his rifle in square 2547 for his fists ([12.53])" in text_of(res)


# ------------------------------------------------------------------ a draw in a round ([12.5], [12.92])


def test_a_draw_drops_the_weapon_he_held_and_readies_the_new_one(engine) -> None:
    state = start(engine, phase="D")
    # round 1: A1 (SMG ready: armed, not grappled, 2-9) drops it and rolls 9: he draws his
    # pistol and strikes with it from round 2 (22); every other blow misses
    dice = [99, 7, 3, 9, 90] + [90, 90] * 4
    res = perform(engine, state, "melee", dice, EVADE, first="A1", second="B4", options="draw=A1:pistol:1 square=2547")
    said = text_of(res)
    assert "A1 drops his smg in square 2547 to draw another weapon ([12.5], [12.55])" in said
    assert "A1 draws his pistol ([12.92])" in said and "A1 strikes at B4 and misses (22%)" in said
    a1 = men(res.state)["A1"]
    assert a1["weapons"] == ["pistol", "combat_knife"] and a1["prepared"] == "pistol"
    assert game(res.state)["dropped"] == [{"square": "2547", "weapon": "smg", "side": "british"}]
    assert [r.purpose for r in res.rolls][3] == "A1 draws his pistol"


def test_a_missed_draw_leaves_his_fists_and_the_old_weapon_on_the_ground(engine) -> None:
    state = start(engine, phase="D")
    # 10 is over the armed span 2-9: no pistol; he strikes with his fists (20) from round 2;
    # in round 3 he tries again, unarmed now (2-7): 8 fails again
    dice = [99, 7, 3, 10, 90, 90, 90, 8, 90] + [90, 90] * 2
    res = perform(engine, state, "melee", dice, EVADE, first="A1", second="B4", options="draw=A1:pistol:1 draw=A1:pistol:3 square=2547")
    said = text_of(res)
    assert said.count("A1 fails to draw his pistol and has his fists ([12.92], [12.53])") == 2
    assert "A1 strikes at B4 and misses (20%)" in said and said.count("A1 drops his smg") == 1
    a1 = men(res.state)["A1"]
    assert a1["weapons"] == ["pistol", "combat_knife"] and a1["prepared"] is None


def test_a_second_draw_of_a_weapon_he_drew_is_a_blow(engine) -> None:
    state = start(engine, phase="D")
    # round 1 draws the pistol (5); round 2 names it again: he holds it, so he strikes (90)
    dice = [99, 7, 3, 5, 90, 90, 90] + [90, 90] * 3
    res = perform(engine, state, "melee", dice, EVADE, first="A1", second="B4", options="draw=A1:pistol:1 draw=A1:pistol:2 square=2547")
    assert "A1 holds his pistol already: no draw, he strikes ([12.5])" in text_of(res)
    assert text_of(res).count("A1 strikes at B4 and misses (22%)") == 4


def test_a_draw_shows_on_the_sheet_and_is_undone_with_the_combat(engine) -> None:
    session = session_at_d(engine)
    for line in ("melee A1 B4 draw=A1:pistol:1 square=2547", "99", "7", "3", *["evade"] * 2, "9", "90", *(["evade", "evade", "90", "90"] * 4)):
        reply = session.send(line)
    assert "hand-to-hand combat of A1 and B4 ends after five rounds" in reply.text
    sheet = session.send("sheet").text
    assert "Lying in square 2547: smg (A's, [13.14])" in sheet and "A1: pistol, combat_knife; endurance 16, 0 WP, unhurt [in melee]" in sheet
    session.send("undo")
    assert men(session.state)["A1"]["weapons"] == ["smg", "pistol", "combat_knife"] and men(session.state)["A1"]["prepared"] == "smg"
    assert not game(session.state).get("dropped")


# ------------------------------------------------------------------ ruling R46: when the held weapon falls


def test_r46_on_success_a_missed_draw_keeps_the_weapon_he_held(tmp_path) -> None:
    # the alternative reading of [12.5]: the SMG falls only when the pistol comes out; the
    # 10 misses (armed, 2-9), so A1 keeps his SMG ready, nothing lies in the square, and he
    # strikes with the SMG (auto weapon row) from round 2, not with his fists (20)
    engine = overlaid(tmp_path, R46="on_success")
    state = start(engine, phase="D")
    dice = [99, 7, 3, 10, 90] + [90, 90] * 4
    res = perform(engine, state, "melee", dice, EVADE, first="A1", second="B4", options="draw=A1:pistol:1 square=2547")
    said = text_of(res)
    assert "A1 fails to draw his pistol and keeps his smg ready ([12.92], ruling R46)" in said
    assert "A1 drops" not in said and "(20%)" not in said
    a1 = men(res.state)["A1"]
    assert a1["weapons"] == ["smg", "pistol", "combat_knife"] and a1["prepared"] == "smg"
    assert not game(res.state).get("dropped")


def test_r46_on_success_a_drawn_weapon_drops_the_old_one(tmp_path) -> None:
    # the same draw with a 9 (in 2-9): the pistol comes out and the SMG falls in the square
    engine = overlaid(tmp_path, R46="on_success")
    state = start(engine, phase="D")
    dice = [99, 7, 3, 9, 90] + [90, 90] * 4
    res = perform(engine, state, "melee", dice, EVADE, first="A1", second="B4", options="draw=A1:pistol:1 square=2547")
    said = text_of(res)
    assert "A1 drops his smg in square 2547 as he draws another weapon ([12.5], [12.55], ruling R46)" in said
    assert "A1 draws his pistol ([12.92])" in said and "A1 strikes at B4 and misses (22%)" in said
    assert men(res.state)["A1"]["prepared"] == "pistol"
    assert game(res.state)["dropped"] == [{"square": "2547", "weapon": "smg", "side": "british"}]


def test_r46_shipped_reading_is_always_and_the_session_plays_the_alternative(engine, tmp_path) -> None:
    # shipped: the drop goes with the attempt (tests above); a session opened on the
    # overlay plays the alternative, and undo takes the combat back
    assert choices(engine.book)["R46"] == "always"
    session = session_at_d(overlaid(tmp_path, R46="on_success"))
    for line in ("melee A1 B4 draw=A1:pistol:1 square=2547", "99", "7", "3", *["evade"] * 2, "10", "90", *(["evade", "evade", "90", "90"] * 4)):
        reply = session.send(line)
    assert "hand-to-hand combat of A1 and B4 ends after five rounds" in reply.text
    assert men(session.state)["A1"]["prepared"] == "smg" and not game(session.state).get("dropped")
    assert "Lying in square" not in session.send("sheet").text
