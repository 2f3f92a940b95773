"""The default player's kept views of the board (#13.3) read what a fresh reading reads.

Within its phase the player keeps the German side's values and route searches between
actions, and after a combat forgets only what read the stack attacked. Here a player
checks, each time it reads its kept view, every value it holds against a view made afresh
from the board as it is: whole seeded games, default options and optional rule 18.
"""

from __future__ import annotations

import pytest

from paragraphs_bruneval.game.state import GameState, Options
from paragraphs_bruneval.game.turn import play_game
from paragraphs_bruneval.policy import DefaultPolicy, _EnemyView
from paragraphs_bruneval.scenario import load_scenario


class _CheckingPolicy(DefaultPolicy):
    """The default player, comparing its kept German view with a fresh one at every read."""

    def __init__(self) -> None:
        super().__init__()
        self.compared = 0

    def _enemy_view(self, g: GameState) -> _EnemyView:
        view = super()._enemy_view(g)
        fresh = _EnemyView(g, self._routes_now)
        for zone, value in view._defence.items():
            assert value == fresh.defence(g, zone), (g.turn, zone)
            self.compared += 1
        for zone, attack in view._attack.items():
            assert attack == fresh.attack(g, zone), (g.turn, zone)
            self.compared += 1
        for zone, threats in view._threats.items():
            assert threats == fresh.threats(g, zone), (g.turn, zone)
            self.compared += 1
        if view._routes is not None:
            kept, now = view._routes, fresh.routes(g)
            assert (kept.around, kept.weights) == (now.around, now.weights), g.turn
            self.compared += 1
        return view


@pytest.mark.parametrize("options", [Options(), Options(commando=True)], ids=["default", "commando"])
def test_kept_views_read_what_a_fresh_view_reads(options: Options) -> None:
    scenario = load_scenario()
    compared = 0
    for seed in range(300, 330):
        player = _CheckingPolicy()
        checked = play_game(scenario, seed, player, options, record=False)
        plain = play_game(scenario, seed, DefaultPolicy(), options, record=False)
        assert (checked.vp, checked.result, checked.turns) == (plain.vp, plain.result, plain.turns)
        compared += player.compared
    assert compared > 1000  # the kept views were read, and checked, many times
