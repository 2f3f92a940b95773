"""The content: it validates, holds the printed numbers, says why every schematic value is
assumed, can be overlaid, and copies no ten-word run from the rulebook."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from paragraphs.cli import main
from paragraphs.errors import ContentError
from paragraphs_raids.journal import clock

from paragraphs_dieppe.scenario import Scenario, load_scenario

ROOT = Path(__file__).resolve().parents[3]
SEED = ROOT.parent / "shared" / "seeds" / "000_bbbd7d3845dee7d4.txt"


def test_validate_is_clean(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "dieppe", "--json"]) == 0
    (entry,) = json.loads(capsys.readouterr().out)
    assert entry["errors"] == 0 and entry["warnings"] == 0


def test_printed_numbers(scenario: Scenario) -> None:
    p = scenario.params
    # Rule 1.3: twelve turns of 15 minutes from 4:45, the last at 7:30.
    assert (p.turns, p.start_time, p.minutes_per_turn) == (12, "04:45", 15)
    assert clock(p.turns, p.start_time, p.minutes_per_turn) == "07:30"
    # Rule 3.2: 28 garrison and 10 reinforcement counters; two Hess cannon.
    assert len(scenario.group_counters("garrison")) == 28
    assert len(scenario.group_counters("reinforcements")) == 10
    assert [c for c in scenario.setup[scenario.hess_zone]] == ["hess-1", "hess-2"]
    # Rule 3.3: seven LCAs; Group 1 has 17 levels (8 commandos, the howitzer section), Group 2 32.
    lcas = [c for c in scenario.counters.values() if c.kind.role == "boat"]
    assert len(lcas) == 7
    levels = {g: sum(scenario.counters[c].kind.full.points for c in scenario.group_counters(g)) for g in ("group1", "group2")}
    assert levels == {"group1": 17, "group2": 32}
    for lca, cargo in scenario.loading.items():
        assert sum(scenario.counters[c].kind.full.points for c in cargo) <= p.lca_capacity == 8, lca
    # Rule 1.2: protection 0/1/3, 10 levels a side, 20 in an assault, 4 LCAs at sea.
    assert {t: scenario.zmap.zone(z).protection for t, z in (("open", "ORANGE2"), ("light", "A2"), ("strong", "H"))} == {"open": 0, "light": 1, "strong": 3}
    assert (p.side_stacking, p.assault_stacking) == (10, 20)
    assert scenario.zmap.zone("SEA-W").stacking == 4 and "SEA-W" in scenario.boat_only_zones
    # Rule 8: entries R0-R9; rule 3.1: two telephone markers.
    assert [scenario.entry(n) for n in range(10)] == [f"R{n}" for n in range(10)]
    assert len(scenario.telephones) == 2
    # Printed counter values (rule 9.2, 10, 11 examples).
    commando = scenario.kinds["commando"]
    assert (commando.full["fire"], commando.full["assault"], commando.full.move, commando.full.points) == (3, 4, 3, 2)
    assert commando.reduced is not None and (commando.reduced["fire"], commando.reduced["assault"], commando.reduced.move) == (2, 2, 2)
    mg = scenario.kinds["machine_gun"]
    assert (mg.full["fire"], mg.full["assault"], mg.full.move, mg.full.points, mg.reduced) == (5, 1, 0, 1, None)


def test_line_kinds_and_modes(scenario: Scenario) -> None:
    z = scenario.zmap
    assert z.step_cost("C6", "ORANGE2") == 1 and z.step_cost("ORANGE2", "A2") == 2
    assert z.step_cost("G2", "ORANGE2") is None and z.step_cost("G2", "ORANGE2", "landing") == 2
    assert z.step_cost("G2", "SEA-W", "sea") == 1 and z.step_cost("G2", "SEA-W") is None
    assert z.step_cost("ORANGE2", "P1") is None and z.adjacent("ORANGE2", "P1")


def test_every_schematic_record_says_why(scenario: Scenario) -> None:
    for zid, rec in scenario.zone_records.items():
        assert rec.get("assumed"), zid


def test_rule_2_1_a_counter_without_a_printed_back_says_why(scenario: Scenario, capsys: pytest.CaptureFixture[str]) -> None:
    """Rule 2.1 prints a back for the commandos, the infantry, the pillbox and the Hess
    cannon (eliminated), and the rule 11.2 example eliminates a machine gun with one loss;
    every other counter given no reduced side says why in ``paragraphs gaps dieppe``."""
    printed = {"machine_gun", "hess_gun"}
    backless = {k for k, kind in scenario.kinds.items() if kind.reduced is None} - printed
    assert main(["gaps", "dieppe"]) == 0
    listed = {line.split("\t")[1] for line in capsys.readouterr().out.splitlines() if "\t" in line}
    assert backless and {f"assumed.units.{k}.reduced" for k in backless} <= listed


def test_an_overlay_changes_the_game(tmp_path: Path) -> None:
    (tmp_path / "units.yaml").write_text("units:\n  - id: lca\n    factors: {side: british, role: boat, fire: 2, assault: 0, move: 5, points: 1}\n")
    s = load_scenario(overlays=[str(tmp_path)], use_cache=False)
    assert s.kinds["lca"].full.move == 5


def test_an_overloaded_lca_is_refused_in_place(tmp_path: Path) -> None:
    (tmp_path / "setup.yaml").write_text("loading:\n  - {id: lca-3, cargo: [g1-8, sniper, g1-1, g1-2, g1-3, g1-4]}\n  - {id: lca-1, cargo: [mills-roberts]}\n")
    with pytest.raises(ContentError) as err:
        load_scenario(overlays=[str(tmp_path)], use_cache=False)
    assert any(p.code == "DIE004" and p.pos.line == 2 for p in err.value.problems)


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def test_no_ten_word_run_is_copied_from_the_rulebook() -> None:
    if not SEED.exists():
        pytest.skip("the rulebook seed is not in this checkout")
    seed = _words(SEED.read_text(encoding="utf-8"))
    runs = {tuple(seed[i : i + 10]) for i in range(len(seed) - 9)}
    files = [*sorted((ROOT / "content" / "dieppe").glob("*.yaml")), ROOT / "docs" / "titles" / "dieppe.md"]
    files += sorted((ROOT / "plugins" / "dieppe").rglob("*.py"))
    for path in files:
        if not path.exists():
            continue
        words = _words(path.read_text(encoding="utf-8"))
        for i in range(len(words) - 9):
            assert tuple(words[i : i + 10]) not in runs, f"{path}: {' '.join(words[i:i + 10])}"


def test_an_overlay_typo_names_the_id_meant(tmp_path: Path) -> None:
    # found by the third eyes pass, filling in `template dieppe`: "unknown terrain 'opne'" and
    # "unknown zone 'SANE'" said nothing of what was meant, where a board file's typo does
    (tmp_path / "map.yaml").write_text(
        'zones:\n  - {id: "SAANE", terrain: "opne"}\nconnections:\n  - {id: "C6~SAANE", a: "C6", b: "SANE"}\n'
    )
    with pytest.raises(ContentError) as err:
        load_scenario(overlays=[str(tmp_path)], use_cache=False)
    found = sorted((p.pos.line, p.message) for p in err.value.problems if p.code == "DIE001")
    assert found == [
        (2, "zone 'SAANE': unknown terrain 'opne' (did you mean 'open'?)"),
        (4, "connection 'C6~SAANE': unknown zone 'SANE' (did you mean 'SAANE'?)"),
    ], found
