"""The interactive game keeps the whole game in the session state between steps: a game
written out and read back after every turn plays on exactly as one that never left memory."""

from __future__ import annotations

import json

import pytest

from paragraphs_raids.dice import PrngRoller
from paragraphs_raids.journal import Journal

from paragraphs_bruneval.commands import default_policy
from paragraphs_bruneval.game.setup import new_game
from paragraphs_bruneval.game.state import Options
from paragraphs_bruneval.game.turn import british_left, play_game, play_turn
from paragraphs_bruneval.interactive.boardstate import game_from_json, game_to_json


@pytest.mark.parametrize(("seed", "commando"), [(1, False), (3, False), (1942, True)])
def test_a_game_read_back_every_turn_plays_on_the_same(scenario, seed: int, commando: bool) -> None:
    options = Options(commando=commando)
    expected = play_game(scenario, seed, default_policy(), options)
    journal = Journal()
    roll = PrngRoller(seed, scenario.conventions, journal.notes)
    g = new_game(scenario, roll, options, journal)
    player = default_policy()
    for turn in range(1, scenario.params.turns + 1):
        g.turn = turn
        play_turn(g, player)
        data = json.loads(json.dumps(game_to_json(g)))  # as the session saves it
        g = game_from_json(data, scenario, roll, journal)
        assert game_to_json(g) == data
        if not british_left(g):
            break
    texts = [e.text for e in journal.entries]
    assert texts == [e.text for e in expected.journal.entries][: len(texts)]
    assert len(texts) >= len(expected.journal.entries) - 2  # the end-of-game lines are play_game's
