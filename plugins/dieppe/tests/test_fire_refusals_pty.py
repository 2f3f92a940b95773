"""A fire at a zone with nothing to hit says why in ``play dieppe``, through a real terminal.

A fire at an empty zone was refused with "nothing to fire at in SAANE (the Hess cannon
fall only to an assault)": the Hess cannon are only in H, so the reason named the wrong
thing. An empty zone now says it holds no German; the battery keeps its own reason
(ruling R39).
"""

from __future__ import annotations

from pathlib import Path

from paragraphs_raids.pty_play import PROMPT, scripted


def test_a_fire_at_an_empty_zone_says_no_german_is_there(tmp_path: Path) -> None:
    text = scripted(
        tmp_path,
        ["play", "dieppe", "--seed", "11", "--session", "fire", "--new"],
        [(PROMPT, "land lca-4 ORANGE2"), (PROMPT, "fire g2-1 SAANE"), (PROMPT, None)],
    )
    lines = text.splitlines()
    assert lines[lines.index("> fire g2-1 SAANE") + 1] == "error: refused: no German unit in SAANE to fire at"
    assert "Hess" not in text


def test_a_fire_at_the_battery_alone_says_the_cannon_fall_only_to_an_assault(board, put) -> None:
    from paragraphs_dieppe.game.actions import ActionRefused, fire_values

    g = board()
    (shooter,) = put(g, "WOOD", "g1-1")
    put(g, "H", "hess-1", "hess-2")
    try:
        fire_values(g, [shooter], "H")
    except ActionRefused as exc:
        assert str(exc) == "nothing to fire at in H: the Hess cannon fall only to an assault (ruling R39)"
    else:
        raise AssertionError("a fire at the Hess cannon alone was allowed")
