"""Exact odds of Dieppe's dice procedures, checked by hand, through the API and the command line."""

from __future__ import annotations

import json
from fractions import Fraction as F
from typing import Any

import pytest

from paragraphs.api import open_title
from paragraphs.cli import main
from paragraphs.odds import procedure_odds


@pytest.fixture(scope="module")
def engine() -> Any:
    from paragraphs.plugins import make_plugin_manager

    return open_title("dieppe", host=make_plugin_manager(), use_cache=False)


def odds(engine: Any, name: str, **answers: object) -> dict[str, F]:
    result = procedure_odds(engine, name, answers={k: str(v) for k, v in answers.items()})
    out: dict[str, F] = {}
    for outcome, p in result.outcomes:
        out[outcome.label] = out.get(outcome.label, F(0)) + p
    assert sum(out.values()) == 1
    return out


def test_fire_british_and_german(engine: Any) -> None:
    # Rule 11.1 example: 10 against 7, the British d6 against the German d10 (0-9).
    # The target is hit when d10 <= 3 + d6: (5 + 6 + 7 + 8 + 9 + 10) / 60 = 3/4.
    assert odds(engine, "fire", attack=10, defence=7, side="british") == {"target hit": F(3, 4), "shooter hit": F(1, 4)}
    # German fire, 9 against 9: hit when d10 >= d6, (9 + 8 + 7 + 6 + 5 + 4) / 60 = 13/20.
    assert odds(engine, "fire", attack=9, defence=9, side="german") == {"target hit": F(13, 20), "shooter hit": F(7, 20)}


def test_assault_lines_of_the_example(engine: Any) -> None:
    # Rule 11.2 example, line 1: 7 against 2, d10 <= 5 + d6: (7 + 8 + 9 + 10 + 10 + 10) / 60.
    assert odds(engine, "assault_line", attack=7, defence=2) == {"defender hit": F(9, 10), "attacker hit": F(1, 10)}
    # Line 2: 4 against 1, d10 <= 3 + d6 (as the fire above).
    assert odds(engine, "assault_line", attack=4, defence=1)["defender hit"] == F(3, 4)


def test_activation_at_or_under_the_alarm(engine: Any) -> None:
    assert odds(engine, "activation", alarm=4) == {"activated": F(1, 2), "not activated": F(1, 2)}
    assert odds(engine, "activation", alarm=0) == {"activated": F(1, 10), "not activated": F(9, 10)}
    assert odds(engine, "activation", alarm=9) == {"activated": F(1)}


def test_mines_and_bangalore(engine: Any) -> None:
    # d10 + 4 levels >= 8: faces 4-9.
    assert odds(engine, "mines", levels=4) == {"loss": F(3, 5), "no effect": F(2, 5)}
    assert odds(engine, "mines", levels=8) == {"loss": F(1)}
    assert odds(engine, "bangalore") == {"wire cleared": F(1, 2), "stuck this turn": F(1, 2)}


def test_reinforcements(engine: Any) -> None:
    assert odds(engine, "reinforcements", alarm=5) == {"none arrive": F(1)}
    got = odds(engine, "reinforcements", alarm=7)
    # Strictly under 7: faces 0-6; then the entry (1/10) and the count (1/3 each).
    assert got["none arrive"] == F(3, 10)
    assert got["1 arrive at R0"] == got["3 arrive at R9"] == F(7, 10) * F(1, 10) * F(1, 3)
    assert len(got) == 1 + 10 * 3
    # With one counter left, every count gives one.
    assert odds(engine, "reinforcements", alarm=6, remaining=1)["1 arrive at R4"] == F(6, 100)


def test_turn_one_events(engine: Any) -> None:
    got = odds(engine, "events")
    # Face 6 (even): Group 2 off course, nothing else.
    assert got["off course: Group 2 lands at C6"] == F(1, 6)
    # Face 5 (odd): Group 1 off course and one of the seven LCAs lost.
    assert got["off course: Group 1 lands at C5; LCA 3 lost (event d)"] == F(1, 6) * F(1, 7)
    # Face 2: the battery, d10 0: nothing; face 1 adds event d.
    assert got["battery fire: nothing"] == F(1, 60)
    assert got["battery fire: nothing; LCA 7 lost (event d)"] == F(1, 60) * F(1, 7)
    # Face 3, d10 4 sinks LCA 4; event d then re-rolls until an LCA still afloat (R10).
    assert got["convoy: LCA 4 sunk; LCA 5 lost (event d)"] == F(1, 60) * F(1, 6)
    assert "convoy: LCA 4 sunk; LCA 4 lost (event d)" not in got
    assert got["convoy: Group 2 lands from turn 3"] == F(1, 60)


def test_victory_levels(engine: Any) -> None:
    assert odds(engine, "victory", vp=20) == {"complete": F(1)}
    assert odds(engine, "victory", vp=19) == {"semi": F(1)}
    assert odds(engine, "victory", vp=-12) == {"failure": F(1)}


def test_every_procedure_is_registered_with_its_section(engine: Any) -> None:
    procs = {p.id: p for p in engine.host.records("paragraphs_register_procedures", "dieppe")}
    odds = {"fire", "assault_line", "activation", "mines", "bangalore", "reinforcements", "events", "victory"}
    # the orders of the interactive game are procedures too (order_VERB; they refuse to run outside a game)
    orders = {f"order_{v}" for v in ("next", "land", "move", "bangalore", "assault", "embark", "sail", "fire", "reorganise")}
    assert set(procs) == odds | orders
    for pid, proc in procs.items():
        assert proc.section and proc.doc, pid
        for key in proc.questions:
            assert key in engine.book.questions, f"{pid} asks undeclared {key}"


def test_cli_odds_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "dieppe", "fire", "--answer", "attack=10", "--answer", "defence=7", "--answer", "side=british", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {o["label"]: o["probability"] for o in data["outcomes"]} == {"target hit": "3/4", "shooter hit": "1/4"}


def test_cli_odds_bad_side_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "dieppe", "fire", "--answer", "attack=1", "--answer", "defence=1", "--answer", "side=french"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "side" in err
