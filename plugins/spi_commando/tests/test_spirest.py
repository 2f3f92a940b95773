"""The referee's parts added for issue 15's second pass: the round of evading of [12.61],
the panic checks the referee now calls by itself ([14.22], [14.27]), sentry routines
([38.45]-[38.48], [38.64]) and the rulings that the referee now applies. Each ruling is
played with its shipped choice and with its alternative laid over by an overlay."""

from __future__ import annotations

from pathlib import Path

import pytest

import paragraphs
from paragraphs.dice import ScriptedDice
from paragraphs.errors import ParagraphsError

from paragraphs_spi_commando.hand_to_hand import evading_round_after_death, must_evade
from paragraphs_spi_commando.rulings import choices

ROSTER = "spi_commando"


@pytest.fixture(scope="module")
def engine():
    return paragraphs.open_title("spi_commando")


def overlaid(tmp_path: Path, **rulings: str):
    folder = tmp_path / "rulings"
    folder.mkdir(exist_ok=True)
    (folder / "rulings.yaml").write_text("rulings:\n" + "".join(f"  - {{id: {rid}, choice: {choice}}}\n" for rid, choice in rulings.items()))
    engine = paragraphs.open_title("spi_commando", overlays=[folder])
    assert all(choices(engine.book)[rid] == choice for rid, choice in rulings.items())
    return engine


def perform(engine, state, procedure, dice=(), answers=None, **args):
    res = engine.perform(procedure, state, answers or {}, args=args, dice=ScriptedDice(list(dice)))
    assert res.status == "done", [q.key for q in res.questions]
    return res


def game(state):
    return state.extra[ROSTER]


def start(engine, scenario="45", phase="A", initiative=(9, 1)):
    state = perform(engine, engine.new_state(), "setup", scenario=scenario).state
    while game(state)["phase"] != phase:
        state = perform(engine, state, "next", initiative if game(state)["phase"] == "B" else ()).state
    return state


def text_of(res) -> str:
    return " ".join(i.text for i in res.instructions)


# --------------------------------------------------------------------------- [12.61]


def test_the_round_of_evading_marks_the_holder_of_a_dead_man() -> None:
    grapples = {"A1": "B4", "B4": "A1", "A2": "B5"}
    evades: dict[str, int] = {}
    assert evading_round_after_death(grapples, "B4", 2, evades) == ["A1"] and evades == {"A1": 3}
    assert must_evade(evades, "A1", 3) == ("evade", False)
    assert must_evade(evades, "A1", 3, "no_blow") == (None, False)
    assert must_evade(evades, "A1", 4) == (None, True) and must_evade(evades, "A2", 3) == (None, True)


# A1 (rifle butt) and B4 grapple each other in round 1; B5 (fists) evades. A1's grappled
# blow kills B4 on the kill roll (1 against 3), so B5 fights on alone.
MELEE = {"first": "A1", "second": "B4", "options": "with=B5 A1=rifle B4=fists B5=fists"}
ROUND_1 = {"stance.11": "grapple", "stance.12": "grapple", "stance.13": "evade", "grapple_target.11": 1}


def test_12_61_the_killer_evades_one_round_then_strikes(engine) -> None:
    state = start(engine, phase="D")
    answers = {**ROUND_1, "stance.23": "evade", **{f"stance.{r}{m}": "evade" for r in (3, 4, 5) for m in (1, 3)}}
    # A1's panic check 99 (the Germans are not alerted: no check); initiative 7 against 3.
    # Round 1: kill roll 1, B5 misses (90). Round 2: A1 evades, no blow; B5 misses (90).
    # Rounds 3-5: A1 strikes B5 (90, a miss) and B5 strikes A1 (90).
    dice = [99, 7, 3, 1, 90, 90] + [90, 90] * 3
    res = perform(engine, state, "melee", dice, answers, **MELEE)
    text = text_of(res)
    assert "A1 kills B4 with his carbine rifle" in text
    assert "round 2: A1 spends the round evading, the man he held being dead ([12.61], ruling R40)" in text
    assert text.count("A1 strikes at B5 and misses") == 3  # rounds 3, 4 and 5 only
    assert res.label == "hand-to-hand combat of A1, B4 and B5 ends after five rounds: A1 unhurt, B4 dead, B5 unhurt"
    # A1's stance in round 2 is not his to choose: it is never asked
    partial = engine.perform("melee", state, {k: v for k, v in answers.items() if k != "stance.21"}, args=MELEE, dice=ScriptedDice(dice))
    assert partial.status == "done"


def test_12_61_alternative_only_the_blow_is_lost(engine, tmp_path) -> None:
    other = overlaid(tmp_path, R40="no_blow")
    state = start(other, phase="D")
    answers = {**ROUND_1, "stance.23": "evade", **{f"stance.{r}{m}": "evade" for r in (3, 4, 5) for m in (1, 3)}}
    dice = [99, 7, 3, 1, 90, 90] + [90, 90] * 3
    asked = other.perform("melee", state, answers, args=MELEE, dice=ScriptedDice(dice))
    assert [q.key for q in asked.questions] == ["stance.21"]  # he announces his own stance
    res = perform(other, state, "melee", dice, {**answers, "stance.21": "evade"}, **MELEE)
    assert text_of(res).count("A1 strikes at B5 and misses") == 3
