"""Victory conditions of a scenario judged against the referee's record ([38.8] and each
scenario's case 8).

A scenario's ``victory_rules`` hold the conditions the record can see: ``casualties``
(at least N men of a side killed or incapacitated), ``exited`` (at least N men off the
map able to act, one carrying an object) and ``turn_limit`` (the game has run out while
an object is still on the map). Conditions the record cannot see (a bridge held, a
house brought down) stay in the scenario's ``victory`` text for the players to judge.
"""

from __future__ import annotations

from typing import Any

from paragraphs_spi_commando.referee import condition_of


def _down(game: dict[str, Any], side: str) -> int:
    return sum(1 for m in game["men"].values() if m["side"] == side and condition_of(m) in ("dead", "incapacitated"))


def _exited(game: dict[str, Any], side: str) -> list[dict[str, Any]]:
    return [m for m in game["men"].values() if m["side"] == side and m.get("exited") and condition_of(m) not in ("dead", "incapacitated")]


def met(game: dict[str, Any], rule: dict[str, Any]) -> tuple[bool, str]:
    """Whether one victory rule holds on the record, and the facts it looked at."""
    kind = rule["kind"]
    if kind == "casualties":
        down = _down(game, rule["of"])
        left = ""
        if rule.get("on_map_at_end") and game.get("over"):
            # men still on the map when the game ends count as incapacitated ([45.51])
            stranded = sum(1 for m in game["men"].values() if m["side"] == rule["of"] and not m.get("exited") and condition_of(m) not in ("dead", "incapacitated"))
            down += stranded
            left = f", {stranded} of them left on the map at the end"
        return down >= int(rule["at_least"]), f"{down} of {game['sides'][rule['of']]['letter']} killed or incapacitated{left} (needs {rule['at_least']})"
    if kind == "exited":
        out = _exited(game, rule["side"])
        carried = not rule.get("carrying") or any(rule["carrying"] in (m.get("items") or []) for m in out)
        what = f"{len(out)} able men off the map (needs {rule['at_least']})" + (f", {rule['carrying']} {'with them' if carried else 'not with them'}" if rule.get("carrying") else "")
        return len(out) >= int(rule["at_least"]) and carried, what
    if kind == "turn_limit":
        over = bool(game.get("over"))
        gone = bool(rule.get("carrying")) and any(rule["carrying"] in (m.get("items") or []) for m in game["men"].values() if m.get("exited"))
        what = ("the game has run out" if over else f"turn {game['turn']} of {game.get('length') or '?'}") + (f", the {rule['carrying']} {'off the map' if gone else 'still on the map'}" if rule.get("carrying") else "")
        return over and not gone, what
    raise ValueError(f"unknown victory rule kind {kind!r}")


def evaluate(book: Any, game: dict[str, Any]) -> list[str]:
    """Lines for the players: each rule with what the record shows, each side's whole
    condition in the scenario's words (the record cannot see all of it), then the verdict."""
    from paragraphs_spi_commando.scenarios import scenario

    s = scenario(book, str(game["scenario"]))
    rules = list(s.record.get("victory_rules") or ())
    lines = []
    winners = []
    for rule in rules:
        ok, facts = met(game, rule)
        side = game["sides"][rule["side"]]
        lines.append(f"[{rule['case']}] {side['letter']} ({side['name']}) {'wins' if ok else 'not yet'}: {facts}")
        if ok and rule["side"] not in winners:
            winners.append(rule["side"])
    for sid, text in (s.record.get("victory") or {}).items():
        # the whole condition, for what the record cannot see (a house destroyed, a bridge held)
        lines.append(f"{game['sides'][sid]['letter'] if sid in game['sides'] else sid}, in full: {text}")
    if not rules:
        lines.append("the record holds none of this scenario's conditions: judge them on the board")
    elif winners:
        lines.append("victory: " + " and ".join(f"{game['sides'][w]['letter']} ({game['sides'][w]['name']})" for w in winners))
    else:
        lines.append("no side has won yet")
    return lines
