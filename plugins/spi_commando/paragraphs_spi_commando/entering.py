"""A man who enters an enemy man's square, cases [12.12]-[12.17] with [7.44], [10.16]
and [12.21].

The players move the man and type ``enter <mover> <occupant> [<occupant>]`` when his move
ends in a square held by enemy men (the map is theirs). The referee then:

* stops the mover: he spends no more task points this phase ([7.44], [12.14]), so his
  activation ends;
* treats each occupant as if he were alone in the square ([12.17]):

  - one who had not observed the mover is surprised ([12.21]): he stays in the square,
    spends no more task points this phase, and does not see the mover to fire at him
    ([12.23]) (a sentry who had spent nothing runs his sentry routine instead);
  - one who had observed him may move away in his own turn to act if he has spent no
    task points yet ([12.12]; else he may be drawn into hand-to-hand combat next turn),
    and may fire at him ([12.13]): (1) when he has spent no task points, in his own
    turn to act; (2) when he has spent some, but made no combat task and has the points
    left, at once. Firing at a man entering one's square costs double ([10.16]); [12.15]
    repeats it for case (1), and ruling R41 says whether case (2) pays double too.
    A friendly man in the square does not forbid this fire ([12.16], against [10.15]).

* a second man entering the square of the same occupant cannot be fired at by him
  this way: he may fire only at the first ([12.17]).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from paragraphs.errors import ParagraphsError

from paragraphs_spi_commando.referee import condition_of, game_of, man_of

if TYPE_CHECKING:
    from paragraphs.context import Context


def spent_points(man: dict[str, Any]) -> bool:
    """Whether the man has spent task points this game-turn (a man spends at one interval
    a turn, [6.43], so this is also 'in the current phase' for his turn to act)."""
    return int(man["tp"]) > 0 or bool(man.get("executed"))


def entry_case(man: dict[str, Any]) -> int | None:
    """[12.13]: 1 when the occupant has spent no task points (he fires in his own turn to
    act), 2 when he has but has made no combat task (he fires at once), None when he has
    made his combat task this turn ([6.42]) and may not fire."""
    if man["combat"]:
        return None
    return 2 if spent_points(man) else 1


def enter(ctx: Context, mover: str = "", occupants: str = "", **_: Any) -> str:
    """[12.12]-[12.17]: ``mover`` has just entered the square of the enemy men named in
    ``occupants`` (one or two)."""
    from paragraphs_spi_commando.rules.sequence import TASK_PHASES
    from paragraphs_spi_commando.turns import _hand_over, player_of, require_phase

    game = game_of(ctx)
    require_phase(game, *TASK_PHASES, what="entering a square")
    m = man_of(game, mover)
    if game["active"] != mover:
        raise ParagraphsError(f"{mover} is not the man acting: only the man moving enters a square ([7.44])")
    names = (occupants or "").split()
    if not 1 <= len(names) <= 2:
        raise ParagraphsError("enter names the one or two enemy men of the square ([7.0], [12.16])")
    if len(names) == 2 and names[0] == names[1]:
        raise ParagraphsError(f"{names[0]} is named twice: enter names each enemy man of the square once")
    said = []
    entries = game.setdefault("entries", {})
    for name in names:
        occupant = man_of(game, name)
        if occupant["side"] == m["side"]:
            raise ParagraphsError(f"{name} is on {mover}'s side")
        if condition_of(occupant) in ("dead", "incapacitated"):
            raise ParagraphsError(f"{name} is {condition_of(occupant)}: {mover} enters and leaves his square freely ([7.46])")
    for name in names:
        occupant = man_of(game, name)
        earlier = entries.get(name)
        if earlier and earlier["turn"] == game["turn"] and earlier["mover"] != mover:
            said.append(f"{name} may fire only at {earlier['mover']}, the first man in his square ([12.17])")
            continue
        if mover not in game["observes"].get(name, []):
            occupant["surprised_turn"] = game["turn"]
            if not occupant["acted"]:
                occupant["acted"] = True
            said.append(f"{name} is surprised ([12.21]): he stays in the square and spends no more task points this phase, and does not see {mover} until a blow is struck ([12.23]); a sentry who had spent nothing runs his sentry routine instead")
            continue
        case = entry_case(occupant)
        may_leave = "" if spent_points(occupant) else f"; {name} may move away in his turn to act ([12.12])"
        if case is None:
            said.append(f"{name} has made his combat task this turn and may not fire at {mover} ([6.42]){may_leave}")
            continue
        entries[name] = {"mover": mover, "turn": game["turn"], "phase": game["phase"], "case": case, "fired": False}
        when = f"in his own turn to act, at double cost ([12.13] case 1, [12.15]): activate {name}, then fire {name} {mover} <weapon> 0" if case == 1 else f"at once ([12.13] case 2): fire {name} {mover} <weapon> 0"
        said.append(f"{name} may fire at {mover} {when}{may_leave}")
    m["acted"] = True
    _hand_over(game, player_of(game, m))
    return f"{mover} enters the square of {' and '.join(names)} and stops: no more task points this phase ([7.44], [12.14]). " + "; ".join(said)


def entry_fire(game: dict[str, Any], firer: str, target: str) -> dict[str, Any] | None:
    """The entry that lets ``firer`` fire at ``target`` now ([12.13]), or None when this
    fire is not one at a man who entered his square."""
    record = (game.get("entries") or {}).get(firer)
    if not record or record["fired"] or record["mover"] != target or record["turn"] != game["turn"]:
        return None
    if record["case"] == 2 and record["phase"] != game["phase"]:
        return None  # the moment of case (2) has passed
    return record  # type: ignore[no-any-return]


def pay_entry_fire(ctx: Context, game: dict[str, Any], firer: str, shooter: dict[str, Any], entry: dict[str, Any], cost: int) -> None:
    """What a fire at a man entering one's square costs and when it may be made: double
    the fire ([10.16], [12.15]) in case (1), in the firer's own turn to act; in case (2)
    at once, double under ruling R41 (``double``), the plain fire under ``case_one_only``.
    It is the firer's combat task of the turn ([6.42])."""
    from paragraphs_spi_commando.procedures import _choices
    from paragraphs_spi_commando.turns import spend

    if entry["case"] == 1 and game["active"] != firer:
        raise ParagraphsError(f"{firer} fires at {entry['mover']}, who entered his square, in his own turn to act ([12.13] case 1): activate {firer} first")
    double = entry["case"] == 1 or _choices(ctx)["R41"] == "double"
    points = 2 * cost if double else cost
    spend(firer, shooter, f"fire at {entry['mover']} entering his square", points, combat=True)
    entry["fired"] = True
    ctx.say(f"{firer} fires at {entry['mover']}, who entered his square ([12.13] case {entry['case']}): {points} task points" + (" (double, [10.16])" if double else " (ruling R41)"))
