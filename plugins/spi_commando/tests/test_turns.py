"""The referee's procedures one by one, with scripted dice: the phase machine, hand-to-hand
combat, grenades and smoke, panic and preservation, victory."""

from __future__ import annotations

import pytest

import paragraphs
from paragraphs.dice import ScriptedDice
from paragraphs.errors import ParagraphsError

from paragraphs_spi_commando.hand_to_hand import may_strike
from paragraphs_spi_commando.rules.sequence import can_act, next_phase, next_to_act
from paragraphs_spi_commando.testing import game, perform


@pytest.fixture(scope="module")
def engine():
    return paragraphs.open_title("spi_commando")


def to_phase(engine, state, phase, initiative=(9, 1)):
    while game(state)["phase"] != phase:
        dice = initiative if game(state)["phase"] == "B" else ()
        state = perform(engine, state, "next", dice).state
    return state


def test_the_phases_and_who_acts() -> None:
    assert next_phase("A") == ("B", False) and next_phase("H") == ("A", True)
    a1 = {"side": "A", "plotted": False}
    a4 = {"side": "A", "plotted": True}
    b1 = {"side": "B", "plotted": False}
    assert can_act(a1, "E") and not can_act(a4, "E") and can_act(a4, "F") and not can_act(a1, "D")
    assert not can_act({**a1, "acted": True}, "E") and not can_act({**a1, "in_melee": True}, "E")
    # [6.22]: the other side next; [6.23]: a side with no man left hands over
    assert next_to_act(["A", "B"], "A", [a1, b1], "E", []) == "B"
    assert next_to_act(["A", "B"], "A", [a1, {**b1, "acted": True}], "E", []) == "A"
    assert next_to_act(["A", "B"], "A", [a1, b1], "E", ["B"]) == "A"
    assert next_to_act(["A", "B"], "A", [{**a1, "acted": True}, {**b1, "acted": True}], "E", []) is None


def test_a_turn_goes_round_and_the_game_ends_at_its_length(engine) -> None:
    state = perform(engine, engine.new_state(), "setup", scenario="45").state
    state = to_phase(engine, state, "E", initiative=(2, 8))
    assert game(state)["initiative"] == "B" and game(state)["to_act"] == "B"
    with pytest.raises(ParagraphsError, match=r"it is B's turn to act \(\[6.22\]\)"):
        perform(engine, state, "activate", [99], man="A1")
    # the defenders are not alerted: no panic check, no die ([38.49])
    res = perform(engine, state, "activate", man="B1")
    assert "B1 does not check for panic" in " ".join(i.text for i in res.instructions)
    # an unalerted defender stays in his square ([38.47], [38.48]; sentries.py)
    with pytest.raises(ParagraphsError, match="B1 may not move"):
        perform(engine, res.state, "move", man="B1", orthogonal=2, options="diagonal=1 woods")
    state = perform(engine, res.state, "done", man="B1").state
    assert game(state)["to_act"] == "A"
    entering = perform(engine, state, "activate", [99], man="A3").state
    woods = perform(engine, entering, "move", man="A3", orthogonal=2, options="diagonal=1 woods").state
    # woods, chart ruling R4: 5 + 3 and 7 + 3
    assert game(woods)["men"]["A3"]["tp"] == 2 * 8 + 10
    with pytest.raises(ParagraphsError, match=r"movement costs 25 task points, 24 left \(\[6.44\]\)"):
        perform(engine, woods, "move", man="A3", orthogonal=5)
    # [38.53]: the third man in by one edge square has spent 10 before his first square
    assert perform(engine, entering, "move", man="A3", orthogonal=1, options="entry=3").label == "A3 moves 1 + 0 diagonal (clear): 15 task points, 35 left"
    state = perform(engine, state, "pass").state
    assert game(state)["to_act"] == "B" and game(state)["passed"] == ["A"]
    for _ in range(4):  # F, G, H, then turn 2
        state = perform(engine, state, "next").state
    assert (game(state)["turn"], game(state)["phase"], game(state)["initiative"]) == (2, "A", None)
    assert game(state)["men"]["B1"]["tp"] == 0 and not game(state)["men"]["B1"]["acted"]
    game(state)["turn"] = 30  # the last turn of scenario 45 runs out
    for _ in range(7):
        state = perform(engine, state, "next", [5, 6] if game(state)["phase"] == "B" else []).state
    res = perform(engine, state, "next")
    assert game(res.state)["over"] and res.label == "the game is over: turn 30 has ended; type victory"
    verdict = perform(engine, res.state, "victory")
    assert verdict.label == "victory: B (German garrison)"
    # the ten British still on the map count as incapacitated ([45.51])
    assert "[45.82] B (German garrison) wins: 10 of A killed or incapacitated, 10 of them left on the map at the end (needs 7)" in " ".join(i.text for i in verdict.instructions)
    with pytest.raises(ParagraphsError, match="the game is over"):
        perform(engine, res.state, "next")


def test_hand_to_hand_combat_five_rounds(engine) -> None:
    state = perform(engine, engine.new_state(), "setup", scenario="45").state
    state = to_phase(engine, state, "D")
    stances = {f"stance.{r}{m}": "evade" for r in range(1, 6) for m in (1, 2)}
    # A1's panic check (the defender B4 is not alerted and does not check), initiative
    # 7 against 3, then each round A1 strikes first with his fists (20 to hit), B4 with his
    # rifle's butt (30): round 1 A1 hits (10), no kill (50), 1D10 = 2 on class 3: 1 WP
    dice = [99, 7, 3, 10, 50, 2, 90] + [90, 90] * 4
    res = perform(engine, state, "melee", dice, stances, first="A1", second="B4", options="A1=fists B4=rifle square=2547")
    text = " ".join(i.text for i in res.instructions)
    assert "Hand-to-hand initiative ([12.54], ruling R18): A1 7, B4 3: A1 first" in text
    assert "A1 hits B4: 1 WP, wounded" in text and "B4 strikes at A1 and misses (30%)" in text
    assert res.label == "hand-to-hand combat of A1 and B4 ends after five rounds: A1 unhurt, B4 wounded"
    men = game(res.state)["men"]
    assert men["A1"]["in_melee"] and men["B4"]["in_melee"]  # no task points in E and F ([12.0])
    with pytest.raises(ParagraphsError, match="has fought his hand-to-hand combat this turn"):
        perform(engine, res.state, "melee", first="A1", second="B4")


def test_grapples_lost_damage_rows_and_a_kill(engine) -> None:
    state = perform(engine, engine.new_state(), "setup", scenario="45").state
    state = to_phase(engine, state, "D")
    # both grapple in round 1: grappled blows always land; A1's SMG (auto weapon row) class 1 ...
    answers = {"stance.11": "grapple", "stance.12": "grapple", "cell.melee_damage.5.1": 2}
    # panic 99; initiative 7, 3; A1: kill 50, damage d10 5 (a lost row: asked, answered 2);
    # B4 (fists, grappled class 2): kill roll 1 (2 or less): A1 killed
    dice = [99, 7, 3, 50, 5, 1]
    res = perform(engine, state, "melee", dice, answers, first="A1", second="B4", options="A1=smg B4=fists square=2547")
    assert res.label == "hand-to-hand combat over in round 1: A1 dead"
    assert game(res.state)["men"]["B4"]["wounds"] == 2
    stopped = engine.perform("melee", state, {k: v for k, v in answers.items() if k.startswith("stance")}, args={"first": "A1", "second": "B4", "options": "A1=smg B4=fists square=2547"}, dice=ScriptedDice(dice))
    assert [q.key for q in stopped.questions] == ["cell.melee_damage.5.1"]


def test_surprise_and_disengagement(engine) -> None:
    assert not may_strike({"surprised_turn": 3}, 3, 1, struck=False)
    assert may_strike({"surprised_turn": 3}, 3, 2, struck=True)
    assert not may_strike({"surprised_turn": 3}, 3, 2, struck=True, ruling_r16="never")
    assert not may_strike({"surprised_turn": 3}, 4, 1, struck=True) and may_strike({"surprised_turn": 3}, 4, 2, struck=False)
    state = perform(engine, engine.new_state(), "setup", scenario="45").state
    state = to_phase(engine, state, "D")
    # B4 wants out: 2D6 = 3 + 1 on 1 against 1 (2-5): he gets away, paying the lost cost
    res = perform(engine, state, "melee", [99, 7, 3, 3, 1], {"cell.task_points.disengage.result": 5}, first="A1", second="B4", options="withdraw=B4")
    assert res.label == "B4 disengages from A1 ([12.31]): 5 task points"
    assert not game(res.state)["men"]["B4"]["in_melee"]
    # a surprised man may not disengage nor grapple, and strikes only once a blow lands on
    # him (ruling R16); A1 evades in round 1 and misses (90), then grapples him
    answers = {"stance.11": "evade", **{f"stance.{r}1": "grapple" for r in range(2, 6)}, "cell.melee_damage.1.1": 1}
    dice = [99, 7, 3, 90] + [50, 1, 50, 1] + [2, 50, 1, 50, 1] * 3
    res = perform(engine, state, "melee", dice, answers, first="A1", second="B4", options="surprised=B4 withdraw=B4 A1=smg B4=fists square=2547")
    text = " ".join(i.text for i in res.instructions)
    assert "B4 is surprised and may not disengage ([12.32])" in text and "B4 is surprised and is grappled ([12.24])" in text
    assert "round 1: B4 is surprised and may not strike yet" in text and "B4 hits A1 (grappled): 1 WP" in text
    assert res.label == "hand-to-hand combat of A1 and B4 ends after five rounds: A1 wounded, B4 wounded"
    assert game(res.state)["men"]["B4"]["wounds"] == 4 and game(res.state)["men"]["A1"]["wounds"] == 4


def test_a_grenade_scatters_then_bursts_and_smoke_drifts(engine) -> None:
    state = perform(engine, engine.new_state(), "setup", scenario="45").state
    state = to_phase(engine, state, "E")
    state = perform(engine, state, "activate", [99], man="A1").state
    cells = {"cell.task_points.prepare_grenade.result": 10, "cell.task_points.throw_grenade.result": 8, "cell.grenade_accuracy.wwii_smoke.2-4": 60}
    state = perform(engine, state, "prepare", answers=cells, man="A1", kind="fragmentation").state
    with pytest.raises(ParagraphsError, match=r"one a phase \(\[11.11\]\)"):
        perform(engine, state, "prepare", answers=cells, man="A1", kind="smoke")
    # WWII fragmentation at 6 squares: 55, +10 for the British: 65; 70 scatters, direction
    # 9 is rolled again, 3; distance d6 4: 2 squares
    res = perform(engine, state, "throw", [70, 9, 3, 4], cells, man="A1", distance=6)
    assert "scatters 2 squares toward direction 3" in res.label and game(res.state)["alert_turn"] == 1
    # the players see B2, B3 and B5 in its burst; 70 is over 2 x 3: nobody killed
    res = perform(engine, res.state, "burst", [1, 6, 2], men="B2 B3 through=B5")
    assert res.label == "burst: B2 1 WP, wounded; B3 6 WP, seriously wounded; B5 1 WP, wounded"
    with pytest.raises(ParagraphsError, match="no fragmentation grenade waits"):
        perform(engine, res.state, "burst", men="B2")
    # smoke: thrown this turn, drawn at bookkeeping, thinned at the next
    state = perform(engine, res.state, "done", man="A1").state
    state = perform(engine, state, "pass").state
    state = perform(engine, state, "activate", [99], man="A2").state
    state = perform(engine, state, "prepare", answers=cells, man="A2", kind="smoke").state
    state = perform(engine, state, "throw", [1], cells, man="A2", distance=3).state
    state = perform(engine, state, "done", man="A2").state
    state = perform(engine, state, "next").state  # F
    res = perform(engine, state, "next", [0 + 10, 5, 4])  # G: preservation none; smoke direction 10 again, 5; length 4: 2
    assert "Smoke 1 (A2's): a line from its square 2 squares toward direction 5, 3 squares in all ([11.53])" in " ".join(i.text for i in res.instructions)


def test_burst_kill_picks_a_victim(engine) -> None:
    state = perform(engine, engine.new_state(), "setup", scenario="45").state
    state = to_phase(engine, state, "E")
    state = perform(engine, state, "activate", [99], man="A1").state
    cells = {"cell.task_points.prepare_grenade.result": 10, "cell.task_points.throw_grenade.result": 8}
    state = perform(engine, state, "prepare", answers=cells, man="A1").state
    # on target with 4 (at most 2 x 3 = 6: one of the three dies, ruling R12); the victim
    # by a die of three faces (ruling R14): 2, the second named
    res = perform(engine, state, "throw", [4, 2, 3, 3], cells, man="A1", distance=2, options="B1 B2 B3")
    assert res.label.endswith("burst: B1 3 WP, wounded; B2 killed (2 a man, 3 men: 6 or less, rolled 4); B3 3 WP, wounded")


def test_panic_of_the_defenders_after_the_alarm(engine) -> None:
    state = perform(engine, engine.new_state(), "setup", scenario="45").state
    state = perform(engine, state, "observe", [5], observer="B1", target="A1", distance=8).state
    assert game(state)["alert_turn"] == 1
    state = to_phase(engine, state, "E", initiative=(1, 9))
    # turn 1: B1 observed a commando on the alert turn: 25 + 10 (first sighting) + 10 ([38.63])
    res = perform(engine, state, "activate", [45, 8], man="B1")
    assert "B1 panics (panic 45%)" in " ".join(i.text for i in res.instructions) and game(res.state)["men"]["B1"]["routine"] == "fire"
    state = perform(engine, state, "pass").state
    state = perform(engine, state, "pass").state
    for _ in range(5):
        state = perform(engine, state, "next", [1, 9] if game(state)["phase"] == "B" else []).state
    state = to_phase(engine, state, "E", initiative=(1, 9))
    # turn 2: B2 has observed nobody: he panics without a roll, move read as prone ([38.62])
    res = perform(engine, state, "activate", [10], man="B2")
    assert "B2 panics without a roll on the turn after the alarm ([38.61]): prone" in " ".join(i.text for i in res.instructions)
    assert game(res.state)["men"]["B2"]["prone"] and game(res.state)["to_act"] == "A"


def test_preservation_of_a_side_and_of_its_men(engine) -> None:
    state = perform(engine, engine.new_state(), "setup", scenario="45").state
    for man in ("A1", "A2"):
        state = perform(engine, state, "wound", man=man, points=19).state  # 16 + 3: dead
    state = to_phase(engine, state, "F")
    # 8 x 2 = 16: 16 raises the British to condition 1 ([15.1]); the Germans lost nobody
    res = perform(engine, state, "next", [16])
    assert "A preservation 16% (x8, 2 down): condition 1 ([15.1])" in " ".join(i.text for i in res.instructions)
    state = res.state
    # the men check at the old condition (0, ruling R20): 12%
    failed = perform(engine, state, "preservation_check", [12], man="A3")
    assert failed.label == "A3 fails his preservation check (12%): next turn he heads for the friendly edge ([15.2])"
    held = perform(engine, failed.state, "preservation_check", [13], man="A4")
    assert held.label == "A4 holds (12%)"
    with pytest.raises(ParagraphsError, match="has checked his preservation this turn"):
        perform(engine, held.state, "preservation_check", [1], man="A4")
    with pytest.raises(ParagraphsError, match=r"condition 0: its men do not check \(\[15.13\]\)"):
        perform(engine, held.state, "preservation_check", [1], man="B1")
    state = perform(engine, perform(engine, held.state, "next").state, "next").state
    assert game(state)["men"]["A3"]["routine"] == "preservation"


def test_victory_by_casualties(engine) -> None:
    state = perform(engine, engine.new_state(), "setup", scenario="45").state
    for n in range(1, 8):
        state = perform(engine, state, "wound", man=f"A{n}", points=16).state  # incapacitated
    res = perform(engine, state, "victory")
    assert "[45.82] B (German garrison) wins: 7 of A killed or incapacitated (needs 7)" in " ".join(i.text for i in res.instructions)
    assert res.label == "victory: B (German garrison)"
    other = perform(engine, perform(engine, engine.new_state(), "setup", scenario="40").state, "victory")
    assert other.label == "the record holds none of this scenario's conditions: judge them on the board"
    assert "A, in full: [40.81] Destroy the house" in " ".join(i.text for i in other.instructions)
    # scenario 44: more than four Rangers down is a German victory, whatever the bridge
    state = perform(engine, engine.new_state(), "setup", scenario="44").state
    for n in range(1, 5):
        state = perform(engine, state, "wound", man=f"A{n}", points=30).state
    assert perform(engine, state, "victory").label == "no side has won yet"
    state = perform(engine, state, "wound", man="A5", points=30).state
    assert perform(engine, state, "victory").label == "victory: B (German militia and garrison)"


def test_spray_fire_shares_the_fires(engine) -> None:
    from paragraphs_spi_commando.spray import Share, allocate

    assert Share.parse("B1:3:12:prone,woods") == Share("B1", 3, 12, ("prone",), "woods")
    with pytest.raises(ParagraphsError, match=r"5 fires, 6 were declared"):
        allocate(5, [Share("B1", 3, 5), Share("B2", 3, 5)])
    with pytest.raises(ParagraphsError, match=r"more than one fire \(\[10.43\]\)"):
        allocate(1, [Share("B1", 1, 5), Share("B2", 1, 5)])
    state = perform(engine, engine.new_state(), "setup", scenario="45").state
    state = to_phase(engine, state, "E")
    state = perform(engine, state, "activate", [99], man="A1").state
    state = perform(engine, state, "observe", [1], observer="A1", target="B1", distance=5).state
    state = perform(engine, state, "seen", observer="A1", target="B2").state
    cells = {"cell.fire_combat.smg.4-8": 40, "cell.fire_combat.smg.damage": "1D6", "cell.fire_combat.smg.magazine": 10, "cell.task_points.spray_fire_extra.result": 4}
    # SMG 40 + 12 = 52 (kill 8, 48-53); B1 prone: 40; three fires at B1, two at B2:
    # B1: 30 wounds (d6 5), then 5 kills (6 for 36-41); B2: 60 and 90 miss; magazine 50
    res = perform(engine, state, "spray", [30, 5, 5, 60, 90, 50], cells, firer="A1", weapon="smg", shares="B1:3:5:prone B2:2:5")
    assert res.label == "B1 killed (chance 40, kill 6); B2 missed (chance 52)"
    assert game(res.state)["men"]["A1"]["tp"] == 18 + 4
    assert [r.purpose for r in res.rolls][:3] == ["A1 sprays B1 (1)", "damage to B1", "A1 sprays B1 (2)"]


def test_drawing_a_weapon_instead_of_a_blow(engine) -> None:
    state = perform(engine, engine.new_state(), "setup", scenario="45").state
    state = to_phase(engine, state, "D")
    stances = {f"stance.{r}{m}": "evade" for r in range(1, 6) for m in (1, 2)}
    # round 1: A1 (fists, unarmed, not grappled: 2-7) rolls 5 on 2D6 and draws his pistol;
    # from round 2 he strikes with it (22 to hit); every other blow misses
    dice = [99, 7, 3, 5, 90] + [90, 90] * 4
    res = perform(engine, state, "melee", dice, stances, first="A1", second="B4", options="A1=fists B4=rifle draw=A1:pistol:1 square=2547")
    text = " ".join(i.text for i in res.instructions)
    assert "A1 draws his pistol ([12.92])" in text and "A1 strikes at B4 and misses (22%)" in text
    with pytest.raises(ParagraphsError, match="carries smg, pistol, combat_knife, not rifle"):
        perform(engine, state, "melee", dice, stances, first="A1", second="B4", options="draw=A1:rifle:1")


def test_a_panicked_man_runs_his_routine(engine) -> None:
    state = perform(engine, engine.new_state(), "setup", scenario="45").state
    state = perform(engine, state, "observe", [1], observer="A1", target="B1", distance=5).state
    state = to_phase(engine, state, "D")
    state = perform(engine, state, "ready", man="A1", weapon="pistol").state  # free out of combat ([12.51])
    state = to_phase(engine, state, "E")
    # A1 panics (12 + 10 for his first sighting this turn: 22; 20) and the d10 says fire (7)
    res = perform(engine, state, "activate", [20, 7], man="A1")
    assert res.label == "A1 runs his panic routine (fire) now, then done A1 ([14.14])"
    state = res.state
    with pytest.raises(ParagraphsError, match="does not move"):
        perform(engine, state, "move", man="A1", orthogonal=1)
    with pytest.raises(ParagraphsError, match="only fall_prone"):
        perform(engine, state, "task", man="A1", name="reload")
    fired = perform(engine, state, "fire_at", [90], {"cell.task_points.fire_pistol.result": 15}, firer="A1", target="B1", weapon="pistol", distance=25)
    assert fired.label == "A1 missed B1 (chance 47)"
    done = perform(engine, fired.state, "done", man="A1")
    assert game(done.state)["to_act"] == "B"
    # prone: the turn is over at once
    res = perform(engine, to_phase(engine, perform(engine, engine.new_state(), "setup", scenario="45").state, "E"), "activate", [12, 1], man="A2")
    assert "has used his turn" in res.label and game(res.state)["men"]["A2"]["prone"]


def test_two_against_one_with_a_grapple_each_way(engine) -> None:
    state = perform(engine, engine.new_state(), "setup", scenario="45").state
    state = to_phase(engine, state, "D")
    # the men in the order named: A1 (1), B4 (2), A2 (3). A1 and B4 grapple every round, A2
    # evades; B4 goes for A2 (grapple_target 2 of A1, A2)
    answers = {**{f"stance.{r}1": "grapple" for r in range(1, 6)}, **{f"stance.{r}2": "grapple" for r in range(1, 6)}, **{f"stance.{r}3": "evade" for r in range(1, 6)}, "grapple_target.12": 2}
    # panic checks of A1 and A2 (99), initiative A1 7 against B4 3: A1, B4, A2 in turn.
    # Round 1: A1 holds B4 one way ([12.41]: B4 is after A2); B4 catches the evading A2 on
    # a 6, so both hold each other; three grappled blows (kill rolls 50, damage 2, 1, 1).
    # Rounds 2-5: A2 fails to break free (2), the same three blows.
    dice = [99, 99, 7, 3, 6, 50, 2, 50, 1, 50, 1] + [2, 50, 2, 50, 1, 50, 1] * 4
    res = perform(engine, state, "melee", dice, answers, first="A1", second="B4", options="with=A2 A1=fists A2=fists B4=rifle square=2547")
    text = " ".join(i.text for i in res.instructions)
    assert "B4 grapples A2 ([12.42])" in text and "A1 hits B4 (grappled): 1 WP" in text and "B4 hits A2 (grappled): 1 WP" in text
    assert res.label == "hand-to-hand combat of A1, B4 and A2 ends after five rounds: A1 unhurt, B4 seriously wounded, A2 wounded"
    with pytest.raises(ParagraphsError, match="one or two men of each side"):
        perform(engine, state, "melee", first="A1", second="B4", options="with=A2,A3")


def test_two_withdraw_from_one(engine) -> None:
    state = perform(engine, engine.new_state(), "setup", scenario="45").state
    state = to_phase(engine, state, "D")
    # [12.91] two withdrawing against one: all on 2-3, one on 4-5; a 4 lets A1 go alone
    cells = {"cell.task_points.disengage.result": 5, **{f"stance.{r}{m}": "evade" for r in range(1, 6) for m in (2, 3)}, **{f"blow_target.{r}2": 1 for r in range(1, 6)}}
    dice = [99, 99, 7, 3, 4] + [90, 90] * 5
    res = perform(engine, state, "melee", dice, cells, first="A1", second="B4", options="with=A2 withdraw=A1 A2=fists B4=rifle square=2547")
    text = " ".join(i.text for i in res.instructions)
    assert "A1 disengages ([12.31]): 5 task points" in text
    assert res.label == "hand-to-hand combat of B4 and A2 ends after five rounds: B4 unhurt, A2 unhurt"
    assert not game(res.state)["men"]["A1"]["in_melee"] and game(res.state)["men"]["A2"]["in_melee"]
