"""Frozen automatic games: speed work must not change a single byte of what a seed plays.

``data/golden_games.json`` was recorded from the engine before the speed work of issue 14
(``python plugins/dieppe/tests/test_golden_games.py`` writes it again, only when a rule or
the policy changes on purpose). For every case it holds the VP, level and turns, and a
SHA-256 of the ``play dieppe --auto --json`` document and of the text journal; a
Monte Carlo series must give the same summaries whatever records the journal.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from paragraphs_raids.journal import journal_lines

from paragraphs_dieppe.cli_common import PHASE_NAMES
from paragraphs_dieppe.cli_simulate import simulate
from paragraphs_dieppe.commands import default_policy
from paragraphs_dieppe.game.state import Options
from paragraphs_dieppe.game.turn import play_game
from paragraphs_dieppe.policy import DefaultPolicy
from paragraphs_dieppe.scenario import Scenario, load_scenario

GOLDEN = Path(__file__).parent / "data" / "golden_games.json"
OPTIONS = {
    "plain": Options(),
    "bad_luck": Options(bad_luck=True),
    "alarm": Options(alarm=True),
    "vorwarts": Options(vorwarts=True),
    "all": Options(bad_luck=True, alarm=True, vorwarts=True),
    "no_events": Options(events=False),
    "green": Options(bad_luck=True, difficulty="green"),
    "hardened": Options(bad_luck=True, alarm=True, difficulty="hardened"),
}
#: Every ruling on its alternative reading at once.
ALTERNATIVE = {"newhaven_deduction": "eliminated_counters", "prisoner_vp": "aboard", "r2_counterfire": "none", "ship_detection": "twice", "kept_aboard": "acted", "move_surplus": "refuse", "adjacent_lcas": "ignore", "sniper_mortar_defence": "them_as_targets"}
SEEDS = range(6)
SERIES_GAMES = 200


def cases(scenario: Scenario) -> list[tuple[str, Scenario, Options, int]]:
    alternative = dataclasses.replace(scenario, rulings={**scenario.rulings, **ALTERNATIVE})
    out = [(f"{name}/{seed}", scenario, options, seed) for name, options in OPTIONS.items() for seed in SEEDS]
    out += [(f"rulings/{name}/{seed}", alternative, OPTIONS[name], seed) for name in ("plain", "all") for seed in SEEDS]
    return out


def record(scenario: Scenario, options: Options, seed: int) -> list[Any]:
    """VP, level, turns and the hashes of the JSON document and of the text journal."""
    r = play_game(scenario, seed, DefaultPolicy(), options)
    document = json.dumps(r.to_json(), indent=2, ensure_ascii=False)
    text = "\n".join(journal_lines(r.journal.entries, start=scenario.params.start_time, minutes=scenario.params.minutes_per_turn, phase_names=PHASE_NAMES))
    digest = [hashlib.sha256(s.encode()).hexdigest() for s in (document, text)]
    return [r.vp, r.result, r.turns, *digest]


def series(scenario: Scenario, name: str) -> list[list[Any]]:
    return [[g.vp, g.result, g.turns] for g in simulate(scenario, default_policy, OPTIONS[name], SERIES_GAMES, 14, 1)]


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_every_frozen_game_plays_the_same_bytes(scenario: Scenario, golden: dict[str, Any]) -> None:
    changed = [key for key, s, options, seed in cases(scenario) if record(s, options, seed) != golden["games"][key]]
    assert not changed, f"these frozen games changed: {changed}"
    assert len(golden["games"]) == len(cases(scenario))


@pytest.mark.parametrize("name", ["plain", "all"])
def test_a_series_gives_the_frozen_summaries(scenario: Scenario, golden: dict[str, Any], name: str) -> None:
    assert series(scenario, name) == golden["series"][name]


def test_recording_the_journal_changes_no_result(scenario: Scenario, golden: dict[str, Any]) -> None:
    for key, s, options, seed in cases(scenario)[::5]:
        fast = play_game(s, seed, DefaultPolicy(), options, record=False)
        assert [fast.vp, fast.result, fast.turns] == golden["games"][key][:3], key


if __name__ == "__main__":  # pragma: no cover - regenerates the frozen record on purpose
    sc = load_scenario(use_cache=False)
    data = {"games": {key: record(s, o, seed) for key, s, o, seed in cases(sc)}, "series": {name: series(sc, name) for name in ("plain", "all")}}
    GOLDEN.write_text(json.dumps(data, indent=0) + "\n", encoding="utf-8")
    sys.stdout.write(f"wrote {GOLDEN}: {len(data['games'])} games\n")
