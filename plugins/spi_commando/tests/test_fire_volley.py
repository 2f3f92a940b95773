"""Issue 15, part 5: a fire task of several fires is one lumped check (``spi_volley``), so
its odds are exact inside a session as they are from ``paragraphs odds``."""

from __future__ import annotations

import itertools
from fractions import Fraction as F

import paragraphs
from paragraphs.session import Session

from paragraphs_spi_commando.checks import chances_volley, hit_damage
from paragraphs_spi_commando.rules.dice import DiceCode
from paragraphs_spi_commando.rules.fire import shot

# the seed prints no SMG row (L1832): its base, damage and magazine come as answers
SMG = {"cell.fire_combat.smg.4-8": "40", "cell.fire_combat.smg.damage": "1D6", "cell.fire_combat.smg.magazine": "10"}


def _brute_force(chance: int, kill: int, fires: int, code: DiceCode) -> dict[str, F]:
    """Every face of every die, as the play path rolls them, for a small volley."""
    out: dict[str, F] = {}

    def walk(fire: int, total: int, p: F) -> None:
        if fire == fires:
            label = f"wounded {total}" if total else "missed"
            out[label] = out.get(label, F(0)) + p
            return
        for roll in range(1, 101):
            result = shot(chance, kill, roll)
            if result == "killed":
                out["killed"] = out.get("killed", F(0)) + p / 100
            elif result == "missed":
                walk(fire + 1, total, p / 100)
            else:
                for faces in itertools.product(range(1, code.sides + 1), repeat=code.count):
                    walk(fire + 1, total + code.total(list(faces), minimum=1), p / 100 / code.sides**code.count)

    walk(0, 0, F(1))
    return out


def test_lumped_chances_agree_with_every_face(monkeypatch) -> None:
    import paragraphs_spi_commando.checks as checks

    for chance, kill, code in ((52, 8, "1D3-1"), (30, 40, "2D2"), (5, 0, "1D4")):
        monkeypatch.setattr(checks, "_damage_code", lambda ctx, spec, c=code: DiceCode.parse(c))
        spec = {"chance": chance, "kill": kill, "fires": 2, "row": "x", "damage_purpose": "d"}
        assert chances_volley(None, spec) == _brute_force(chance, kill, 2, DiceCode.parse(code))


def test_one_hit_is_one_wound_point_at_least() -> None:
    # [10.53]: 1D3-1 shows 0 on a 1, counted as 1
    assert hit_damage(DiceCode.parse("1D3-1")) == {1: F(2, 3), 2: F(1, 3)}


def _session_at_fire():
    engine = paragraphs.open_title("spi_commando")
    session = Session(engine, engine.new_state(), dice="physical")
    session.send("setup 45")
    session.send("observe A1 B1 5")
    session.send("1")
    for line in ("next", "next", "9", "1", "next", "next", "activate A1", "99"):
        session.send(line)
    return engine, session


def test_in_session_smg_odds_are_exact() -> None:
    engine, session = _session_at_fire()
    steps = len(session.state.journal)
    text = session.send("odds fire A1 B1 smg 5 " + " ".join(f"{k}={v}" for k, v in SMG.items())).text
    assert "node budget" not in text and "B1 killed (chance 52, kill 8)" in text
    # the same computation as the verb's odds, read as numbers: 40 + 12 (side A) = 52, kill 8
    result = paragraphs.procedure_odds(engine, "fire_at", session.state, SMG, args={"firer": "A1", "target": "B1", "weapon": "smg", "distance": 5, "options": None})
    assert result.frontier_mass == 0
    got: dict[str, F] = {}
    for outcome, p in result.outcomes:
        got[outcome.label] = got.get(outcome.label, F(0)) + F(p)
    assert sum(got.values()) == 1
    assert got["B1 killed (chance 52, kill 8)"] == 1 - F(92, 100) ** 5
    assert got["A1 missed B1 (chance 52)"] == F(48, 100) ** 5
    # one hit of 1 WP: one wounding fire (44 faces of 100) among five, the rest missing
    assert got["B1 wounded 1 WP: wounded (chance 52)"] == 5 * F(44, 100) * F(1, 6) * F(48, 100) ** 4
    assert len(session.state.journal) == steps  # odds perform nothing


def test_stand_alone_and_session_agree() -> None:
    engine, session = _session_at_fire()
    alone = paragraphs.procedure_odds(engine, "fire", answers={"weapon": "smg", "range": "5", "bonus": "12", **SMG})
    kill = sum((F(p) for o, p in alone.outcomes if o.label == "killed"), F(0))
    assert alone.frontier_mass == 0 and kill == 1 - F(92, 100) ** 5


def test_in_session_spray_odds_are_exact() -> None:
    # five SMG fires shared, two at B1 and three at B2, each share one lumped check
    engine, session = _session_at_fire()
    session.send("seen A1 B2")
    cells = {"cell.fire_combat.smg.4-8": "40", "cell.fire_combat.smg.damage": "1D6", "cell.fire_combat.smg.magazine": "10", "cell.task_points.spray_fire_extra.result": "4"}
    result = paragraphs.procedure_odds(engine, "spray", session.state, cells, args={"firer": "A1", "weapon": "smg", "shares": "B1:2:5 B2:3:5"})
    assert result.frontier_mass == 0
    got: dict[str, F] = {}
    for outcome, p in result.outcomes:
        got[outcome.label] = got.get(outcome.label, F(0)) + F(p)
    assert sum(got.values()) == 1
    # 52, kill 8 at both: both missed with every fire
    assert got["B1 missed (chance 52); B2 missed (chance 52)"] == F(48, 100) ** 5
