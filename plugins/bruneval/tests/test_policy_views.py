"""The default player's kept views of the board (#13.3) read what a fresh reading reads.

Within its phase the player keeps the German side's values and route searches between
actions, and after a combat forgets only what read the stack attacked. With
``check_views`` the player compares, each time it reads its kept view, every value it
holds with a view made afresh from the board as it is (a stale one raises): whole seeded
games, default options and optional rule 18. The check lives in the player itself, so it
also runs in a compiled build, where tests cannot subclass the player.
"""

from __future__ import annotations

import pytest

from paragraphs_bruneval.game.state import GameState, Options
from paragraphs_bruneval.game.turn import play_game
from paragraphs_bruneval.policy import DefaultPolicy, _EnemyView
from paragraphs_bruneval.scenario import load_scenario


@pytest.mark.parametrize("options", [Options(), Options(commando=True)], ids=["default", "commando"])
def test_kept_views_read_what_a_fresh_view_reads(options: Options) -> None:
    scenario = load_scenario()
    compared = 0
    for seed in range(300, 330):
        player = DefaultPolicy()
        player.check_views = True
        checked = play_game(scenario, seed, player, options, record=False)
        plain = play_game(scenario, seed, DefaultPolicy(), options, record=False)
        assert (checked.vp, checked.result, checked.turns) == (plain.vp, plain.result, plain.turns)
        compared += player.views_checked
    assert compared > 1000  # the kept views were read, and checked, many times


def test_a_stale_view_is_caught() -> None:
    """The check fails when a kept value no longer matches the board."""
    scenario = load_scenario()
    player = DefaultPolicy()
    player.check_views = True
    seen: list[GameState] = []

    def spoil_first_view(g: GameState) -> None:
        seen.append(g)

    game = play_game(scenario, 300, DefaultPolicy(), Options(), record=False, finished=spoil_first_view)
    assert game.turns > 0
    g = seen[0]
    german = sorted(g.german_zones())
    assert german
    view = _EnemyView(g, player._routes_now)
    view._defence[german[0]] = view.defence(g, german[0]) + 1  # a value the board does not give
    player._board, player._enemy = g, view
    with pytest.raises(AssertionError, match="out of date"):
        player._enemy_view(g)
