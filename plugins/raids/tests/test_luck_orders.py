"""The raid rolls' order of results for the luck audit (paragraphs_raids.luck_orders):
exact chances of a result at least this good, for the shapes the raid rules use."""

from __future__ import annotations

import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

from paragraphs_raids.luck_orders import higher_is_better, lower_is_better, opposed, roll_luck, split
from paragraphs_raids.pty_play import env
from paragraphs_raids.session_game import _faces_left

D6 = {f: Fraction(1, 6) for f in range(1, 7)}
D10 = {f: Fraction(1, 10) for f in range(10)}  # Dieppe reads the d10 0-9


def luck(rules, purpose, distribution, face):
    return roll_luck(rules, None, purpose, distribution, face)


def test_a_die_the_player_wants_high_or_low_is_rated_by_the_faces_at_least_as_good():
    rules = ((re.compile(r"^mine$"), lambda g, m: higher_is_better), (re.compile(r"^theirs$"), lambda g, m: lower_is_better))
    assert luck(rules, "mine", D6, 4)["p"] == "1/2"  # 4, 5 or 6
    assert luck(rules, "mine", D6, 1)["p"] == "1"  # nothing worse: no luck at all
    assert luck(rules, "theirs", D10, 6)["p"] == "7/10"  # 0 to 6
    assert luck(rules, "theirs", D10, 0)["p"] == "1/10"  # the best face
    assert luck(rules, "else", D6, 3) is None  # a roll no rule orders is left out of the audit


def test_a_threshold_splits_the_faces_into_what_is_hoped_and_what_is_feared():
    rules = ((re.compile(r"^reinforcements$"), lambda g, m: split(lambda f: f >= 6, "none come", "they come")),)
    hoped = luck(rules, "reinforcements", D10, 8)
    assert hoped["p"] == "2/5" and hoped["levels"] == [["1", "3/5"], ["2/5", "2/5"]]  # 6-9 hoped
    assert luck(rules, "reinforcements", D10, 2)["p"] == "1"


def test_in_a_combat_the_player_wants_his_own_die_high_and_the_enemy_die_low():
    assert opposed(True, True) is higher_is_better and opposed(True, False) is lower_is_better
    assert opposed(False, True) is lower_is_better and opposed(False, False) is higher_is_better


def test_a_die_rolled_again_on_some_faces_is_rated_among_the_faces_it_may_end_on():
    left = _faces_left(D10, frozenset({1, 2, 3, 4, 5, 6, 7}))  # which LCA: 0, 8 and 9 are rolled again
    assert left == {f: Fraction(1, 7) for f in range(1, 8)}
    rules = ((re.compile(r"^x$"), lambda g, m: higher_is_better),)
    assert luck(rules, "x", left, 7)["p"] == "1/7"


# --------------------------------------------------------------------------- as the player meets it


def paragraphs(tmp_path: Path, *args: str, lines: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "paragraphs", *args], input=lines, capture_output=True, text=True, env=env(tmp_path), timeout=300)


def test_luck_of_a_seeded_dieppe_session_rates_the_combat_dice(tmp_path: Path) -> None:
    # before, luck said "none of the ... rolls of this session says which of its results is
    # good for you": no raid roll declared the player's order
    played = paragraphs(tmp_path, "play", "dieppe", "--seed", "3", "--session", "lk", "--new", lines="land lca-4 ORANGE2\nland lca-5 ORANGE2\nnext\nfire g2-1,g2-2,g2-3,g2-4 A2\nnext\nnext\n")
    assert played.returncode == 0, played.stderr
    done = paragraphs(tmp_path, "luck", "dieppe-lk")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "luck: the chance of a result at least this good (small is lucky)"
    fire = "british fire: {}'s die: added to the {} value; {}"
    # the British d6 (3: 3 to 6 are at least as good) and the German d10 read 0-9 (1: 0 or 1)
    assert f"    5. {fire.format('attacker', 'attack', 'at or over the defence total hits the defender')}: rolled 3: 2/3 (0.667)" in lines
    assert f"    5. {fire.format('defender', 'defence', 'above the attack total hits the attacker')}: rolled 1: 1/5 (0.200)" in lines
    # a German shot at the British: its d10 7 (0 to 7 as good), the British d6 6 (the best)
    assert "    4. german fire: attacker's die: added to the attack value; at or over the defence total hits the defender: rolled 7: 4/5 (0.800)" in lines
    assert "    4. german fire: defender's die: added to the defence value; above the attack total hits the attacker: rolled 6: 1/6 (0.167)" in lines
    assert not [line for line in lines if "activation test" in line]  # no order: left out
    assert lines[-1].startswith("evening: mean 0.583 over 12 rolls; with fair dice an evening at least this lucky has chance ") and lines[-1].endswith("(0.585) (exact)")


def test_luck_of_a_seeded_bruneval_session_rates_combats_and_reinforcements(tmp_path: Path) -> None:
    played = paragraphs(tmp_path, "play", "bruneval", "--seed", "3", "--session", "lk", "--new", lines="next\n" * 6)
    assert played.returncode == 0, played.stderr
    done = paragraphs(tmp_path, "luck", "bruneval-lk")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    # a German machine gun fires at a British zone: its d6 1 is the best for the player,
    # the British d6 1 the worst
    assert "    3. Machine gun 5 against DZ-A4: attacker's die: added to the attack value; at or over the defence total hits the defender: rolled 1: 1/6 (0.167)" in lines
    assert "    3. Machine gun 5 against DZ-A4: defender's die: added to the defence value; above the attack total hits the attacker: rolled 1: 1/1 (1.000)" in lines
    # at alert 4 a 5 or a 6 keeps them away: a 6 did
    assert "    4. reinforcements: at or under alert 4: 4 or less brings reinforcements: rolled 6: 1/3 (0.333)" in lines
    assert not [line for line in lines if "drop zone" in line or "landing zone" in line or "activation" in line]
    assert lines[-1].startswith("evening: mean 0.611 over 12 rolls; ")


def test_luck_of_a_bruneval_session_rates_the_villa_roll(tmp_path: Path) -> None:
    # rule 10: a d6 at or under the unit's modified attack value destroys the Villa, so a
    # lower face is never worse for the player; the roll was left out of the audit
    import paragraphs
    from paragraphs_raids.session_game import BOARD_KEY, RaidSession

    from paragraphs_bruneval.interactive.views import BrunevalGame

    engine = paragraphs.open_title("bruneval")
    state = engine.new_state()
    state.extra[BOARD_KEY] = {"phase": "start", "start": {"commando": False, "events": True}}
    save = tmp_path / "villa.json"
    session = RaidSession(engine, state, BrunevalGame(engine.book), path=save, dice="seeded", seed=3)
    assert session.send("next").kind == "step" and session.send("next").kind == "step"
    # the position of a game where Drake 2 has taken the Villa's radar operator and stands
    # in the Villa (as in the golden game of seed 7, turn 8)
    game = session.state.extra[BOARD_KEY]["game"]
    game["stacks"]["VILLA"] = ["drake-2"]
    game["stacks"]["DZ-B6"] = ["drake-1"]
    game["pieces"]["drake-2"]["zone"] = "VILLA"
    game["pieces"]["op-villa"]["zone"] = None
    game["eliminated"].append("op-villa")
    odds = session.send("odds destroy drake-2")
    value = int(re.search(r"attack value (\d+)", odds.text).group(1))
    reply = session.send("destroy drake-2")
    assert reply.kind == "step", reply.text
    face = next(r["value"] for r in session.state.journal[-1]["rolls"] if "Villa" in r["purpose"])
    done = paragraphs_cli(tmp_path, "luck", str(save))
    assert done.returncode == 0, done.stderr
    (line,) = [line for line in done.stdout.splitlines() if "destroying the Villa" in line]
    # destroyed: the chance of destroying it at all; still standing: every result is as good
    at_least = Fraction(min(value, 6), 6) if face <= value else Fraction(1)
    assert f"destroying the Villa (attack value {value})" in line and f"rolled {face}: {at_least.numerator}/{at_least.denominator} (" in line, (line, value, face)


def paragraphs_cli(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "paragraphs", *args], capture_output=True, text=True, env=env(tmp_path), timeout=300)
