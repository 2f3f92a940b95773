"""``move`` in ``play dieppe`` stops at barbed wire; only ``bangalore`` blows it.

Rule 10 gives the player the choice at the wire: stop for the turn, or try a Bangalore
torpedo (alarm +1 either way). The help and the odds say ``move`` stops there, but the
move blew a torpedo all the same (``actions.move`` dropped its ``bangalore=False``): the
alarm went up and the stack was stuck by the player's own explosion. Through a real
terminal, seed 11: landing at Orange I and walking to the ravine flips A3's wire.
"""

from __future__ import annotations

from pathlib import Path

from paragraphs_raids.pty_play import drive_game


def test_a_move_into_wire_stops_without_a_torpedo(tmp_path: Path) -> None:
    group = "g1-1,g1-2,g1-3,g1-4,mills-roberts"
    orders = {1: ["land lca-1 ORANGE1 RAVINE"], 2: ["status", f"odds move {group} A3", f"move {group} A3", "status"]}
    text = drive_game(tmp_path, ["play", "dieppe", "--seed", "11", "--session", "wire", "--new"], [], orders)
    assert "marker in A3 turned over: wire" in text
    turn2 = text.split("turn 2, your British actions")[1]
    before = turn2.split("> status\n")[1].splitlines()[0]
    moved = turn2.split(f"> move {group} A3\n")[1].split("> ")[0]
    after = turn2.split("> status\n")[2].splitlines()[0]
    assert "barbed wire in A3: the stack stops for the turn" in moved, moved
    assert "Bangalore" not in moved and "explosion" not in moved, moved
    # the move raised no alarm
    alarm = before.split("alarm ")[1].split(":")[0]
    assert f"alarm {alarm}:" in after, (before, after)
