"""Defending reinforcements that arrive by the game-turn, case [38.33] and the scenarios'
[xx.52] (39, 40, 44, 48).

The count starts from the first turn a defender observes an attacker, or from turn 10
when none has been observed by then ([38.33]). Ruling R29 says which turn is the first
of the count: by default the turn after the sighting (the sighting turn is turn 0, so
"every fifteenth turn after" falls on the sighting turn plus 15); the alternative counts
the sighting turn itself as the first (plus 14).

At the start of a due turn the referee brings the men in: a scenario's reinforcement
group waiting off the map (48's advisers) arrives the first time; otherwise new men join
the roster with the side's printed statistics ([38.33]: they have the same vital
statistics as the men already in play), and the weapons the scenario gives them. Where
they enter is for the players at the map ([38.37] of the Addenda: opposite the commando
entry, unless the scenario says otherwise).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from paragraphs.context import Context

#: [38.33]: the count starts at this turn if no attacker has been observed by then.
FALLBACK_TURN = 10


def count_start(game: dict[str, Any]) -> int | None:
    """The turn the reinforcement count starts from ([38.33]): the first turn a defender
    observed an attacker, else turn 10 once it is reached; None before either."""
    seen = [int(s["commando_seen_turn"]) for s in game["sides"].values() if s.get("commando_seen_turn") is not None]
    if seen:
        return min(min(seen), FALLBACK_TURN)
    return FALLBACK_TURN if int(game["turn"]) >= FALLBACK_TURN else None


def due(spec: dict[str, Any], start: int, turn: int, ruling_r29: str = "turn_after_observation") -> bool:
    """Whether reinforcements of ``spec`` arrive on ``turn`` when the count starts at the
    turn ``start`` (ruling R29 ``turn_after_observation``: ``start`` is turn 0 of the
    count; ``sighting_turn``: it is turn 1). ``every: N`` every N-th turn ([39.52],
    [40.52]); ``at_turn: N`` once ([44.52]); ``turns_after_observation: [..]`` on those
    turns, then ``then_every: N`` after the last ([48.52])."""
    counted = turn - start + (1 if ruling_r29 == "sighting_turn" else 0)
    if counted < 1:
        return False
    if spec.get("every"):
        return counted % int(spec["every"]) == 0
    if spec.get("at_turn"):
        return counted == int(spec["at_turn"])
    listed = [int(t) for t in spec.get("turns_after_observation") or ()]
    if counted in listed:
        return True
    step = spec.get("then_every")
    return bool(listed and step and counted > listed[-1] and (counted - listed[-1]) % int(step) == 0)


def _receiving_side(game: dict[str, Any], spec: dict[str, Any]) -> str:
    group = spec.get("group")
    if group and group in game["sides"]:
        return str(group)
    return next(sid for sid, s in game["sides"].items() if s["mode"] == "defending")


def bring_in(ctx: Context, game: dict[str, Any]) -> None:
    """At the start of a game-turn: the reinforcements due this turn arrive (see the
    module's text), said with their case."""
    from paragraphs_spi_commando.procedures import _choices
    from paragraphs_spi_commando.scenarios import scenario
    from paragraphs_spi_commando.turns import TURN_FIELDS

    record = scenario(ctx.book, str(game["scenario"])).record
    spec = record.get("reinforcements") or {}
    start = count_start(game)
    if not spec or start is None or not due(dict(spec), start, int(game["turn"]), _choices(ctx).get("R29", "turn_after_observation")):
        return
    sid = _receiving_side(game, dict(spec))
    waiting = [mid for mid, m in game["men"].items() if m["side"] == sid and m.get("reserve")]
    if waiting:
        for mid in waiting:
            game["men"][mid].update(reserve=False, reinforcement=True)
        ctx.say(f"Reinforcements arrive on turn {game['turn']} ([38.33], ruling R29): {', '.join(waiting)}; the players place them at their map edge")
        return
    side = next(s for s in scenario(ctx.book, str(game["scenario"])).sides if s["id"] == sid)
    letter = game["sides"][sid]["letter"]
    numbers = [int(mid[len(letter):]) for mid, m in game["men"].items() if m["side"] == sid]
    count = int(spec.get("men") or side["men"])
    weapons = list(spec.get("weapons") or ((side.get("arms") or [{"weapons": []}])[0]["weapons"]))
    new = [f"{letter}{max(numbers) + n}" for n in range(1, count + 1)]
    for mid in new:
        game["men"][mid] = {
            "side": sid,
            "name": "",
            "weapons": list(weapons),
            "endurance": int(side["endurance"]),
            "wounds": 0,
            "dead": False,
            "prone": False,
            "exited": False,
            "reserve": False,
            "reinforcement": True,
            "items": [],
            "unloaded": [],
            "prepared": weapons[0] if weapons else None,
            "issued": list(weapons),
            "taken": [],
            "received": [],
            **TURN_FIELDS,
        }
    entry = f", entering {spec['entry']}" if spec.get("entry") else ""
    ctx.say(f"Reinforcements arrive on turn {game['turn']} ([38.33], ruling R29): {', '.join(new)} with {', '.join(w.replace('_', ' ') for w in weapons)}, endurance {side['endurance']}{entry}")
