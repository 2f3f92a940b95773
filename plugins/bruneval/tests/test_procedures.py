"""Exact odds of the rules' dice procedures, through the API and the command line."""

from __future__ import annotations

import json
from fractions import Fraction as F

import pytest

from paragraphs.api import open_title
from paragraphs.cli import main
from paragraphs.odds import procedure_odds


@pytest.fixture(scope="module")
def engine(host):
    return open_title("bruneval", host=host, use_cache=False)


def odds(engine, name: str, **answers) -> dict[str, F]:
    result = procedure_odds(engine, name, answers={k: str(v) for k, v in answers.items()})
    out: dict[str, F] = {}
    for outcome, p in result.outcomes:
        out[outcome.label] = out.get(outcome.label, F(0)) + p
    assert sum(out.values()) == 1
    return out


def test_activation(engine) -> None:
    assert odds(engine, "activation", alert=4, radius=1) == {"success": F(1, 2), "failure": F(1, 2)}
    assert odds(engine, "activation", alert=4, radius=2) == {"success": F(1, 3), "failure": F(2, 3)}
    assert odds(engine, "activation", alert=1, radius=0) == {"success": F(1, 6), "failure": F(5, 6)}
    assert odds(engine, "activation", alert=0, radius=1) == {"failure": F(1)}
    assert odds(engine, "activation", alert=6, radius=3) == {"no test (R over 2)": F(1)}


def test_combat(engine) -> None:
    assert odds(engine, "combat", attack=6, defence=6) == {"defender hit": F(7, 12), "attacker hit": F(5, 12)}
    assert odds(engine, "combat", attack=6, defence=1) == {"defender hit": F(1)}
    assert odds(engine, "combat", attack=0, defence=4) == {"defender hit": F(1, 12), "attacker hit": F(11, 12)}
    assert odds(engine, "combat", attack=0, defence=6) == {"attacker hit": F(1)}


def test_reinforcements(engine) -> None:
    got = odds(engine, "reinforcements", alert=4)
    assert got["none"] == F(1, 3)
    assert got["3 arrive (2 at R1, 1 at R2)"] == F(1, 6)
    assert odds(engine, "reinforcements", alert=3) == {"none (no roll below alert 4)": F(1)}
    capped = odds(engine, "reinforcements", alert=6, remaining=2)
    assert capped == {"1 arrive (1 at R1, 0 at R2)": F(1, 6), "2 arrive (1 at R1, 1 at R2)": F(5, 6)}


def test_boats(engine) -> None:
    assert odds(engine, "boats", turn=10, modifier=0) == {"arrive": F(1, 6), "none": F(5, 6)}
    assert odds(engine, "boats", turn=11, modifier=1) == {"arrive": F(2, 3), "none": F(1, 3)}  # d6 >= 3
    assert odds(engine, "boats", turn=13, modifier=-1) == {"arrive": F(1)}
    assert odds(engine, "boats", turn=9, modifier=3) == {"no roll (boats from turn 10)": F(1)}


def test_wurzburg(engine) -> None:
    assert odds(engine, "wurzburg", turns=2, who="engineers") == {"success": F(1, 2), "failure": F(1, 2)}
    assert odds(engine, "wurzburg", turns=2, who="reduced_engineers") == {"success": F(1, 3), "failure": F(2, 3)}
    assert odds(engine, "wurzburg", turns=2, who="paratroopers") == {"success": F(1, 6), "failure": F(5, 6)}
    assert odds(engine, "wurzburg", turns=3, who="engineers")["success"] == F(2, 3)
    assert odds(engine, "wurzburg", turns=7, who="engineers")["success"] == F(5, 6)
    assert odds(engine, "wurzburg", turns=1, who="engineers") == {"no attempt (two complete turns in W needed)": F(1)}


def test_villa_and_movement(engine) -> None:
    assert odds(engine, "villa", attack=4) == {"success": F(2, 3), "failure": F(1, 3)}
    assert odds(engine, "villa", attack=6) == {"success": F(1)}
    assert odds(engine, "movement", officer_radius=1) == {"5 PM": F(1)}
    assert odds(engine, "movement", officer_radius=2) == {f"{k} PM": F(1, 5) for k in range(5)}
    assert odds(engine, "movement", officer_radius=5, capacity=3) == {"0 PM": F(1, 5), "1 PM": F(1, 5), "2 PM": F(1, 5), "3 PM": F(2, 5)}


def test_officer_events_drop_german_movement(engine) -> None:
    assert odds(engine, "officer") == {"officer eliminated": F(1, 6), "officer survives": F(5, 6)}
    assert odds(engine, "officer", officers=2)["2 of 2 officers eliminated"] == F(1, 36)
    events = odds(engine, "events", turn=1)
    assert events["no event"] == F(5, 6)
    assert events["Flak: Drake lost"] == F(1, 6) * F(1, 3) * F(1, 3)
    assert events["convoy: one LCA lost, boats -1"] == F(1, 18)
    assert odds(engine, "events", turn=2)["Flak: Rodney lost"] == F(1, 18)
    assert odds(engine, "events", turn=3) == {"no roll (events only on turns 1 and 2)": F(1)}
    drop = odds(engine, "drop")
    assert drop["DZ A, zone 1"] == F(4, 6) * F(1, 6) and drop["DZ C, zone 6"] == F(1, 36)
    assert odds(engine, "german_movement", alert=5) == {"2 PM": F(1)}


def test_victory_levels_with_the_20_vp_ruling(engine) -> None:
    assert odds(engine, "victory", vp=20) == {"complete": F(1)}
    assert odds(engine, "victory", vp=21) == {"complete": F(1)}
    assert odds(engine, "victory", vp=19) == {"partial": F(1)}
    assert odds(engine, "victory", vp=10) == {"partial": F(1)}
    assert odds(engine, "victory", vp=9) == {"failure": F(1)}


def test_every_procedure_is_registered_with_its_section(engine) -> None:
    procs = engine.grammar.procedures
    expected = {"events", "drop", "movement", "german_movement", "combat", "wurzburg", "villa", "activation", "reinforcements", "boats", "officer", "victory"}
    assert expected <= set(procs)
    for pid in expected:
        assert procs[pid].section and procs[pid].doc
        for key in procs[pid].questions:
            assert key in engine.book.questions, f"{pid} asks undeclared {key}"


def test_cli_odds_json(capsys) -> None:
    assert main(["odds", "bruneval", "activation", "--answer", "alert=4", "--answer", "radius=1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {o["label"]: o["probability"] for o in data["outcomes"]} == {"success": "1/2", "failure": "1/2"}


def test_cli_odds_table(capsys) -> None:
    assert main(["odds", "bruneval", "combat", "--answer", "attack=6", "--answer", "defence=6"]) == 0
    out = capsys.readouterr().out
    assert "7/12" in out and "defender hit" in out


def test_cli_odds_bad_answer_is_a_usage_error(capsys) -> None:
    assert main(["odds", "bruneval", "wurzburg", "--answer", "turns=2", "--answer", "who=cook"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "who" in err


def test_events_odds_follow_the_event_groups_ruling(engine, host, tmp_path, capsys) -> None:
    """Ruling ``event_groups``, worked by hand. An event: d6 = 6 (1/6); which: 1-2 Flak,
    3-4 convoy, 5-6 wrong DZ (1/3 each); a wrong DZ's entry turn: d6, never before the
    group's own drop turn.

    Turn 2, default (``in_the_air``): Rodney alone is drawn. Flak 1/6 x 1/3 = 1/18;
    wrong DZ with d6 1-2 -> turn 2: 1/18 x 2/6 = 1/54; each later turn 1/18 x 1/6 = 1/108.
    Turn 2, ``all_groups`` (an overlay): one of the three, 1/3 each. Rodney lost 1/54,
    Drake or Nelson (down since turn 1) unaffected 1/54 each; Rodney late to turn 2
    1/54 x 2/6 = 1/162, to turns 3-6 1/324 each. Turn 1: all three are in the air under
    both readings, so the odds are the same."""
    default = odds(engine, "events", turn=2)
    assert default == {
        "no event": F(5, 6),
        "Flak: Rodney lost": F(1, 18),
        "convoy: one LCA lost, boats -1": F(1, 18),
        "wrong DZ: Rodney enters on turn 2 at 5C": F(1, 54),
        **{f"wrong DZ: Rodney enters on turn {t} at 5C": F(1, 108) for t in (3, 4, 5, 6)},
    }
    (tmp_path / "rulings.yaml").write_text("rulings:\n  - {id: event_groups, choice: all_groups}\n")
    overlaid = open_title("bruneval", host=host, overlays=[tmp_path], use_cache=False)
    alternative = odds(overlaid, "events", turn=2)
    assert alternative == {
        "no event": F(5, 6),
        "Flak: Rodney lost": F(1, 54),
        "flak: Drake has already landed, no effect": F(1, 54),
        "flak: Nelson has already landed, no effect": F(1, 54),
        "convoy: one LCA lost, boats -1": F(1, 18),
        "wrong dz: Drake has already landed, no effect": F(1, 54),
        "wrong dz: Nelson has already landed, no effect": F(1, 54),
        "wrong DZ: Rodney enters on turn 2 at 5C": F(1, 162),
        **{f"wrong DZ: Rodney enters on turn {t} at 5C": F(1, 324) for t in (3, 4, 5, 6)},
    }
    assert odds(overlaid, "events", turn=1) == odds(engine, "events", turn=1)
    # the command line reads the same overlay
    assert main(["odds", "bruneval", "events", "--answer", "turn=2", "--overlay", str(tmp_path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {o["label"]: o["probability"] for o in data["outcomes"]}["flak: Drake has already landed, no effect"] == "1/54"
