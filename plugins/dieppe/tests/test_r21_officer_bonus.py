"""Ruling R21, rule 9.1: which infantry the officer's +1 MP goes to, in both readings.

Rule 9.1 gives the bonus to infantry positioned with an officer at the beginning of the
movement phase; the engine's reading in force (content ``officer_bonus: move_start``)
looks at the stack when each move starts. ``phase_start`` is the rule's own wording: the
infantry stacked with an officer when the British phase B begins (aboard the same LCA
counts, as in the 9.2 example) keep the +1 for every move of the phase, and nobody else
gets it. The Germans' phase starts when their movement does (after their fire).

The board: Saane -> C6 -> Orange II -> Lighthouse costs 1 + 1 + 2 = 4 MP, one more than
a commando's 3.
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from paragraphs_raids.actions import ActionRefused

from paragraphs_dieppe.game import actions
from paragraphs_dieppe.game.german import german_movement
from paragraphs_dieppe.game.officers import begin_british_movement
from paragraphs_dieppe.game.turn import play_turn
from paragraphs_dieppe.rules.movement import stack_allowance
from paragraphs_dieppe.scenario import RULINGS, Scenario, load_scenario

Board = Callable[..., Any]
Put = Callable[..., list[Any]]
FOUR_MP = ["C6", "ORANGE2", "LIGHTHOUSE"]


def reading(scenario: Scenario, choice: str) -> Scenario:
    return dataclasses.replace(scenario, rulings={**scenario.rulings, "officer_bonus": choice})


def test_both_readings_are_declared_move_start_first() -> None:
    assert RULINGS["officer_bonus"] == ("move_start", "phase_start")
    assert load_scenario(use_cache=False).ruling("officer_bonus") == "move_start"


def test_an_overlay_chooses_phase_start(tmp_path: Path) -> None:
    (tmp_path / "rulings.yaml").write_text("rulings:\n  - {id: officer_bonus, choice: phase_start}\n")
    assert load_scenario(overlays=[str(tmp_path)], use_cache=False).ruling("officer_bonus") == "phase_start"


@pytest.mark.parametrize(("choice", "mp"), [("move_start", 3), ("phase_start", 4)])
def test_the_officer_walks_off_first(board: Board, put: Put, scenario: Scenario, choice: str, mp: int) -> None:
    """Lovat stands with two troops in the Saane when phase B begins, then walks to T1
    alone. `move_start`: the troops start their move without him, 3 MP, so the 4 MP walk
    is refused. `phase_start`: they were with him when the phase began, 4 MP."""
    g = board([])
    g.use_scenario(reading(scenario, choice))
    lovat, *troops = put(g, "SAANE", "lovat", "g2-1", "g2-2")
    begin_british_movement(g)
    actions.move(g, [lovat], ["T1"])
    assert stack_allowance(troops, g.stack("SAANE"), phase_led=g.officer_led) == mp
    if mp == 3:
        with pytest.raises(ActionRefused, match="costs 4 MP, more than the 3 MP"):
            actions.move(g, troops, FOUR_MP)
    else:
        assert actions.move(g, troops, FOUR_MP).end == "LIGHTHOUSE"


@pytest.mark.parametrize(("choice", "mp"), [("move_start", 4), ("phase_start", 3)])
def test_the_officer_joins_during_the_phase(board: Board, put: Put, scenario: Scenario, choice: str, mp: int) -> None:
    """The troops stand alone in the Saane when phase B begins; Lovat walks in from T1.
    `move_start`: he is in their stack when they start, 4 MP. `phase_start`: he came too
    late, 3 MP."""
    g = board([])
    g.use_scenario(reading(scenario, choice))
    troops = put(g, "SAANE", "g2-1", "g2-2")
    lovat = put(g, "T1", "lovat")[0]
    begin_british_movement(g)
    actions.move(g, [lovat], ["SAANE"])
    assert stack_allowance(troops, g.stack("SAANE"), phase_led=g.officer_led) == mp
    if mp == 3:
        with pytest.raises(ActionRefused, match="costs 4 MP, more than the 3 MP"):
            actions.move(g, troops, FOUR_MP)
    else:
        assert actions.move(g, troops, FOUR_MP).end == "LIGHTHOUSE"


@pytest.mark.parametrize("choice", ["move_start", "phase_start"])
def test_aboard_the_same_lca_counts_as_stacked(board: Board, put: Put, scenario: Scenario, choice: str) -> None:
    """The 9.2 example: troops aboard Lovat's LCA land with the +1 in both readings."""
    g = board([])
    g.use_scenario(reading(scenario, choice))
    lca = put(g, "G2", "lca-7")[0]
    g.aboard["lca-7"] = ["lovat", "g2-1", "g2-2"]
    begin_british_movement(g)
    cargo = g.cargo(lca)
    assert stack_allowance(cargo, cargo, phase_led=g.officer_led) == 4


def test_the_snapshot_is_taken_when_phase_b_begins(scenario: Scenario, board: Board, put: Put) -> None:
    """play_turn takes it before the player's first action; `move_start` takes none."""
    seen: list[Any] = []

    class Watcher:
        def british_phase(self, g: Any) -> None:
            seen.append(g.officer_led)

    for choice in ("phase_start", "move_start"):
        g = board([], alarm=0, turn=2)  # no events, no German near: the phase is quiet
        g.use_scenario(reading(scenario, choice))
        put(g, "SAANE", "lovat", "g2-1", "mortar")
        put(g, "C6", "g2-2")
        play_turn(g, Watcher())
    assert seen == [frozenset({"g2-1"}), None]  # infantry only: not the mortar nor g2-2


@pytest.mark.parametrize("choice", ["move_start", "phase_start"])
def test_german_infantry_with_their_officer_keep_the_bonus(board: Board, put: Put, scenario: Scenario, choice: str) -> None:
    """Alarm 7, a commando in T1: German infantry alone in T2 reach B2 on 3 MP; with
    their officer since their movement began they reach B3 on 4, in both readings."""
    ends = []
    for ids in (("gi-1",), ("gi-1", "gof-1")):
        g = board([], alarm=7)
        g.use_scenario(reading(scenario, choice))
        g.phase = "D"
        put(g, "T1", "g2-1")
        put(g, "T2", *ids)
        german_movement(g, set())
        ends.append(g.pieces["gi-1"].zone)
    assert ends == ["B2", "B3"]


def _simulate(*extra: str) -> dict[str, Any]:
    env = dict(os.environ)
    out = subprocess.run([sys.executable, "-m", "paragraphs", "simulate", "dieppe", "--games", "20", "--seed", "11", "--jobs", "1", "--json", *extra], capture_output=True, text=True, env=env, timeout=600)
    assert out.returncode == 0, out.stderr
    data: dict[str, Any] = json.loads(out.stdout)
    return data


def test_simulate_sweeps_both_readings() -> None:
    """Both readings play whole games from the command line; the default is the first."""
    swept = _simulate("--sweep", "ruling.officer_bonus=move_start,phase_start")
    plain = _simulate()
    first, second = swept["variants"]
    assert first["variant"] == {"ruling.officer_bonus": "move_start"} and second["variant"] == {"ruling.officer_bonus": "phase_start"}
    assert first["vp"] == plain["vp"]
    assert second["games"] == 20


def test_an_interactive_save_keeps_the_snapshot(board: Board, put: Put, scenario: Scenario) -> None:
    """Each order of `play dieppe` reloads the game: phase_start's snapshot goes with it;
    a save under move_start has no such key (saves written before the ruling read as they did)."""
    from paragraphs_dieppe.interactive.boardstate import game_from_json, game_to_json

    for choice, key in (("phase_start", ["g2-1"]), ("move_start", None)):
        g = board([])
        g.use_scenario(reading(scenario, choice))
        put(g, "SAANE", "lovat", "g2-1")
        begin_british_movement(g)
        data = json.loads(json.dumps(game_to_json(g)))
        assert data.get("officer_led") == key
        assert game_from_json(data, g.scenario, g.roll).officer_led == (frozenset(key) if key else None)
