"""Exact odds of the title's procedures, derived by hand from the seed's charts."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

import paragraphs
from paragraphs.cli import main


@pytest.fixture(scope="module")
def engine():
    return paragraphs.open_title("spi_commando")


def odds(engine, name: str, **answers) -> dict[str, F]:
    result = paragraphs.procedure_odds(engine, name, answers={k: str(v) for k, v in answers.items()})
    out: dict[str, F] = {}
    for outcome, p in result.outcomes:
        out[outcome.label] = out.get(outcome.label, F(0)) + F(p)
    assert sum(out.values()) == 1
    return out


def test_observation(engine) -> None:
    # code C 85, prone -15, woods -10: 60
    assert odds(engine, "observation", code="C", range=10, prone="yes", terrain="woods") == {"observed": F(60, 100), "not observed": F(40, 100)}
    # a defending side before its first sighting: code M 40 - 20 = 20, moving target +20
    assert odds(engine, "observation", code="M", range=3, defending="yes", moving="yes")["observed"] == F(40, 100)


def test_one_pistol_fire(engine) -> None:
    # 75 at 2-3 squares, prone -12: 63; kill 10 (60-65); 53 wounding faces spread over 1D6
    got = odds(engine, "fire", weapon="pistol", range=3, prone="yes")
    assert got["killed"] == F(10, 100) and got["missed"] == F(37, 100)
    assert all(got[f"wounded {n} WP"] == F(53, 600) for n in range(1, 7))


def test_fire_past_71_needs_the_lost_kill_band(engine) -> None:
    # 75 + 12 = 87: the kill band 72-90 is lost; with a value for it the odds are exact
    got = odds(engine, "fire", weapon="pistol", range=2, bonus=12, **{"cell.kill_percentage.72-90.result": 14})
    assert got["killed"] == F(14, 100) and got["missed"] == F(13, 100)


def test_prohibited_fire_is_refused(engine, capsys) -> None:
    assert main(["odds", "spi_commando", "fire", "--answer", "weapon=pistol", "--answer", "range=35"]) != 0
    err = capsys.readouterr().err
    assert "prohibited" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_grenade_with_scatter_and_burst(engine) -> None:
    got = odds(engine, "grenade", era="wwii", kind="fragmentation", range=3, men=6)
    assert got["on target; one man in the burst killed"] == F(12, 100)
    assert got["on target"] == F(63, 100)
    # 25 misses: 8 directions, distance 1 (1-3), 2 (4-5) or 3 (6) on a d6
    assert got["scatters 1 toward 5"] == F(25, 100) * F(1, 8) * F(3, 6)
    assert got["scatters 3 toward 8"] == F(25, 100) * F(1, 8) * F(1, 6)
    assert len(got) == 2 + 8 * 3


def test_panic_and_preservation(engine) -> None:
    got = odds(engine, "panic", panic=25, wounds="wounded", observed="first", condition=1)
    assert got == {"no panic": F(45, 100), "panic: prone": F(55, 100) * F(6, 10), "panic: fire": F(55, 100) * F(2, 10), "panic: move": F(55, 100) * F(2, 10)}
    assert odds(engine, "preservation", multiple=10, killed=2, incapacitated=1) == {"condition rises to 1": F(30, 100), "condition stays 0": F(70, 100)}


def test_melee_blow_with_the_lost_damage_rows_supplied(engine) -> None:
    lost = {f"cell.melee_damage.{d}.6": d for d in range(3, 11)}
    got = odds(engine, "melee_blow", melee_weapon="carbine_rifle", **lost)
    assert got["missed"] == F(70, 100)
    assert got["killed"] == F(30, 100) * F(3, 100)
    # damage class 6: rows 1 and 2 print 1 and 2, the supplied rows give d
    assert got["1 WP"] == F(30, 100) * F(97, 100) * F(1, 10) and got["10 WP"] == F(30, 100) * F(97, 100) * F(1, 10)


def test_disengage_and_initiative(engine) -> None:
    assert odds(engine, "disengage", withdrawing=2, staying=1) == {"all disengage": F(3, 36), "one disengages": F(7, 36), "none disengage": F(26, 36)}
    assert odds(engine, "initiative") == {"side A": F(1, 2), "side B": F(1, 2)}


def test_five_smg_fires_are_exact_through_lumped_checks(engine) -> None:
    # the seed prints no SMG row: its base and damage code come as answers (issue 15.5);
    # 40 at 4-8 squares, kill 6 (36-41); five fires, each one check of three outcomes
    cells = {"cell.fire_combat.smg.4-8": 40, "cell.fire_combat.smg.damage": "1D6"}
    got = odds(engine, "fire", weapon="smg", range=5, **cells)
    assert got["missed"] == F(60, 100) ** 5
    assert got["killed"] == 1 - F(94, 100) ** 5  # the first kill ends the task
    # a single hit of 1 WP: one wounding fire (34 faces) among five, the rest missing
    assert got["wounded 1 WP"] == 5 * F(34, 100) * F(1, 6) * F(60, 100) ** 4
    assert max(int(label.split()[1]) for label in got if label.startswith("wounded")) == 30


@pytest.mark.parametrize(("word", "chance", "kill"), [("water", 55, 9), ("on_mount", 50, 8), ("on_tank", 67, 11), ("wall", 65, 10)])
def test_fire_takes_the_sessions_modifier_words(engine, word, chance, kill) -> None:
    # the pistol at 3 squares is 75; water -20, a moving mount -25, a tank -8, a wall -10
    # ([10.82]); the kill band of the chance ([10.83]): 55 -> 9, 50 -> 8, 67 -> 11, 65 -> 10
    got = odds(engine, "fire", weapon="pistol", range=3, **{word: "yes"})
    assert got["missed"] == F(100 - chance, 100) and got["killed"] == F(kill, 100)
    assert all(got[f"wounded {n} WP"] == F(chance - kill, 600) for n in range(1, 7))


def test_fire_rows_add_up_as_in_a_session(engine) -> None:
    # 75 - 20 (water) - 8 (tank) + 10 (aimed) = 57: kill 9 (54-59)
    got = odds(engine, "fire", weapon="pistol", range=3, water="yes", on_tank="yes", aimed="yes")
    assert got["missed"] == F(43, 100) and got["killed"] == F(9, 100)


def test_fire_with_an_enemy_weapon_takes_the_13_24_row(engine, capsys) -> None:
    # an SMG taken from the enemy: its lost base 40 at 4-8 squares - 15 = 25, kill 4 (24-29);
    # five fires, the first kill ends the task
    cells = {"cell.fire_combat.smg.4-8": 40, "cell.fire_combat.smg.damage": "1D6"}
    got = odds(engine, "fire", weapon="smg", range=5, enemy_weapon="yes", **cells)
    assert got["missed"] == F(75, 100) ** 5 and got["killed"] == 1 - F(96, 100) ** 5
    # a captured pistol fires without it ([13.24]): refused in one line, as in a session
    assert main(["odds", "spi_commando", "fire", "--answer", "weapon=pistol", "--answer", "range=3", "--answer", "enemy_weapon=yes"]) != 0
    err = capsys.readouterr().err
    assert "a captured pistol fires without the -15 ([13.24])" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_the_odds_fire_words_are_the_sessions(engine) -> None:
    from paragraphs_spi_commando.procedures import FIRE_WORD_ROWS
    from paragraphs_spi_commando.referee import COVER_ROWS, OPTIONAL_ROWS

    session = {"wall": "target_against_wall", **COVER_ROWS, **{w: row for w, (row, _) in OPTIONAL_ROWS.items()}}
    assert dict(FIRE_WORD_ROWS) == session


def test_an_unvalued_protection_is_asked_for(engine) -> None:
    got = odds(engine, "fire", weapon="pistol", range=3, behind_window="yes", **{"cell.fire_modifiers.target_behind_window.result": -20})
    assert got["killed"] == F(9, 100)  # 75 - 20 = 55, as the players value the window
