"""The title's content: valid, faithful to the rulebook's numbers, honest about assumptions."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from paragraphs.cli import main
from paragraphs.content import check_title
from paragraphs.errors import ContentError
from paragraphs.problems import Severity

from paragraphs_bruneval.scenario import load_scenario

REPO = Path(__file__).resolve().parents[3]
CONTENT = REPO / "content" / "bruneval"
SEED = Path("/work/shared/seeds/001_8368a941333886c1.txt")


def test_validates_without_errors_or_warnings(host) -> None:
    compiled = check_title(host, "bruneval")
    bad = [p.format() for p in compiled.problems if p.severity is not Severity.INFO]
    assert bad == []
    assert any(p.code == "BRU100" for p in compiled.problems)


def test_validate_command(capsys) -> None:
    assert main(["validate", "bruneval"]) == 0
    assert "bruneval: ok: 0 paragraphs, 0 errors, 0 warnings" in capsys.readouterr().out


def test_tracks_counters_and_dice(scenario, host) -> None:
    from paragraphs.content import load_book

    book = load_book(host, "bruneval", use_cache=False)
    alert, turn = book.tracks["alert"], book.tracks["turn"]
    assert (alert.question.min, alert.question.max, alert.initial) == (0, 6, 0)
    assert (turn.question.min, turn.question.max, turn.initial) == (1, 13, 1)
    assert book.counters == {"vp": 0}
    assert book.conventions.d10 == (0, 9) and book.meta["dice_assumed"]


def test_printed_numbers(scenario) -> None:
    """Values the rulebook prints are copied, not assumed."""
    zmap = scenario.zmap
    assert (zmap.zone("E1").protection, zmap.zone("E1").stacking) == (0, 4)
    assert (zmap.zone("DZ-A1").protection, zmap.zone("DZ-A1").stacking) == (0, 10)
    assert (zmap.zone("A1").protection, zmap.zone("A1").stacking) == (1, 8)
    assert (zmap.zone("P1").protection, zmap.zone("P1").stacking) == (3, 4)
    assert dict(scenario.alert_movement) == {0: 0, 1: 0, 2: 1, 3: 1, 4: 2, 5: 2, 6: 3}
    assert {t: scenario.tables["boats"].lookup(t).result for t in (10, 11, 12, 13)} == {10: 6, 11: 4, 12: 2, 13: 0}
    assert [scenario.tables["wurzburg"].lookup(n).result for n in (2, 3, 4, 8)] == [3, 4, 5, 5]
    assert [scenario.tables["drop_zone"].lookup(f).result for f in range(1, 7)] == ["A"] * 4 + ["B", "C"]
    assert dict(scenario.victory_points) == {"wurzburg": 10, "radar_operator": 2, "villa": 1, "unit": 1}
    assert dict(scenario.wurzburg_modifiers) == {"engineers": 0, "reduced_engineers": 1, "paratroopers": 2}
    k = scenario.kinds
    assert (k["paratrooper"].full.attack, k["paratrooper"].full.move, k["paratrooper"].full.points) == (4, 5, 2)
    assert (k["lca"].full.attack, k["lca"].full.defence, k["lca_light"].full.attack, k["lca_light"].full.defence) == (4, 6, 1, 2)
    assert (k["commando"].full.attack, k["commando"].full.defence, k["commando"].full.move) == (3, 4, 5)
    assert (k["infantry_685"].full.attack, k["infantry_685"].full.defence) == (3, 3)
    assert k["officer"].full.points == k["radar_operator"].full.points == k["pillbox"].full.points == 0
    assert k["machine_gun"].full.points == k["lca"].full.points == k["commando"].full.points == 1
    groups = {g: len([c for c in scenario.group_counters(g) if scenario.counters[c].kind.role != "officer"]) for g in ("nelson", "rodney", "drake")}
    assert groups == {"nelson": 3, "rodney": 4, "drake": 4}  # Drake: three paratroopers and the engineers
    assert [p.counters for p in scenario.setup if p.zone == "W"] == [("lw-1", "op-w")]
    assert sum(len(p.counters) for p in scenario.setup if p.zone.startswith("M")) == 7
    assert {ms.letter: ms.on_map for ms in scenario.marker_sets.values()} == {"A": 6, "B": 4}


def test_every_schematic_record_says_why_it_is_assumed(host) -> None:
    from paragraphs.content import load_book

    book = load_book(host, "bruneval", use_cache=False)
    for coll in ("zones", "connections"):
        for rid, rec in book.data[coll].items():
            assert rec.get("assumed"), f"{coll} {rid} is not marked assumed"
    for uid in ("lca", "machine_gun", "pillbox", "radar_operator", "luftwaffe", "coastal", "engineers"):
        assert book.units[uid].assumed, uid


def test_overlay_replaces_fields_by_id(host, tmp_path) -> None:
    (tmp_path / "map.yaml").write_text('zones:\n  - {id: W, terrain: fortified, assumed: null}\n')
    s = load_scenario(host, [tmp_path], use_cache=False)
    assert (s.zmap.zone("W").protection, s.zmap.zone("W").stacking) == (3, 4)
    assert s.zmap.zone("W").name.startswith("W (Henry)")  # fields not given are kept


def test_overlay_mistakes_are_reported_with_their_place(host, tmp_path) -> None:
    (tmp_path / "map.yaml").write_text('connections:\n  - {id: "W~MOON", a: W, b: MOON, kind: solid}\n')
    compiled = check_title(host, "bruneval", [tmp_path])
    errors = [p for p in compiled.problems if p.severity is Severity.ERROR]
    assert errors and errors[0].code == "BRU001" and "MOON" in errors[0].message
    assert errors[0].pos.path.endswith("map.yaml") and errors[0].pos.line == 2
    with pytest.raises(ContentError):
        load_scenario(host, [tmp_path], use_cache=False)


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


@pytest.mark.skipif(not SEED.exists(), reason="the rulebook is not on this machine")
def test_no_ten_word_run_is_copied_from_the_rulebook() -> None:
    seed = _words(SEED.read_text(encoding="utf-8"))
    runs = {tuple(seed[i : i + 10]) for i in range(len(seed) - 9)}
    ours = [*CONTENT.glob("*.yaml"), *(REPO / "plugins" / "bruneval" / "paragraphs_bruneval").rglob("*.py"), REPO / "docs" / "titles" / "bruneval.md"]
    for path in ours:
        if not path.exists():
            continue
        words = _words(path.read_text(encoding="utf-8"))
        copied = [" ".join(words[i : i + 10]) for i in range(len(words) - 9) if tuple(words[i : i + 10]) in runs]
        assert copied == [], f"{path.name} copies the rulebook: {copied[0]!r}"
