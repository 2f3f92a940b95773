"""``land`` in ``play dieppe`` stops at barbed wire; ``bangalore`` lands blowing it.

Rule 10 gives the player the choice at the wire, for any movement: stop for the turn, or
try a Bangalore torpedo (alarm +1 either way). ``move`` and ``bangalore`` offered it on
land, but ``land`` always blew a torpedo, while ``odds land`` said the wire would stop the
stack. Through a real terminal, seed 1: Group 2's first LCA lands at C6 and turns its
marker over to wire; on turn 2 the next LCA lands there too.
"""

from __future__ import annotations

from pathlib import Path

from paragraphs_raids.pty_play import drive_game


def turn_two(tmp_path: Path, order: str) -> tuple[str, str, str, str]:
    """(status before, odds, the order's reply, status after) of ``order`` on turn 2."""
    orders = {1: ["land lca-4 C6"], 2: ["status", f"odds {order}", order, "status"]}
    text = drive_game(tmp_path, ["play", "dieppe", "--seed", "1", "--session", "wire", "--new"], [], orders)
    assert "marker in C6 turned over: wire" in text
    turn2 = text.split("turn 2, your British actions")[1]
    before = turn2.split("> status\n")[1].splitlines()[0]
    odds = turn2.split(f"> odds {order}\n")[1].split("\n> ")[0]
    reply = turn2.split(f"\n> {order}\n")[1].split("\n> ")[0]
    after = turn2.split("> status\n")[2].splitlines()[0]
    return before, odds, reply, after


def alarm_of(status: str) -> str:
    return status.split("alarm ")[1].split(":")[0]


def test_a_landing_on_wire_stops_without_a_torpedo(tmp_path: Path) -> None:
    before, odds, reply, after = turn_two(tmp_path, "land lca-5 C6")
    assert "wire in C6: the stack stops there for the turn" in odds, odds
    assert "barbed wire in C6: the stack stops for the turn" in reply, reply
    assert "Bangalore" not in reply and "explosion" not in reply, reply
    assert alarm_of(after) == alarm_of(before), (before, after)


def test_bangalore_of_an_lca_lands_blowing_the_wire(tmp_path: Path) -> None:
    before, odds, reply, after = turn_two(tmp_path, "bangalore lca-5 C6")
    assert "wire in C6: a Bangalore torpedo clears it on an even d10: 1/2 (50.0%)" in odds, odds
    assert "Bangalore torpedo in C6" in reply, reply
    assert int(alarm_of(after)) == int(alarm_of(before)) + 1, (before, after)
