"""A man's weapons ([13.0]): what he carries and within which limits, the one weapon he
has ready, weapons dropped in a square, picked up and exchanged.

The record keeps per man ``weapons`` (what he carries), ``prepared`` (the weapon he has
ready, [13.17]), ``issued`` (his arms at set-up: a scenario's own arms stand even where
they pass the limits of [13.11], as scenario 42's officers with a sword and a swagger
stick do), ``taken`` (``[weapon, side]`` for each weapon he holds that came from an enemy
side, for the -15 of [10.82] and [13.24]) and ``received`` (``[weapon, turn, phase]``: a
weapon received in an exchange is not fired in the same task phase, [13.22]). The game
keeps ``dropped``: ``{square, weapon, side}`` for each weapon lying in a square
([13.14]); the referee has no map, so the players name the square.

Fists are no weapon: a scenario that arms a man with them gives him nothing to carry.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from paragraphs.errors import ParagraphsError

from paragraphs_spi_commando.referee import ENEMY_WEAPONS_WITHOUT_PENALTY, condition_of, game_of, man_of
from paragraphs_spi_commando.rules.sequence import TASK_PHASES

if TYPE_CHECKING:
    from paragraphs.context import Context

#: [13.11]: four weapons at most: two fire weapons, one pistol, one melee weapon.
LIMITS = {"all": 4, "fire": 2, "pistol": 1, "melee": 1}
NOT_CARRIED = ("fists",)


def weapon_class(charts: Any, weapon: str) -> str:
    """``pistol``, ``machinegun`` (a fire weapon that forbids another, [13.12]), ``fire``
    (a weapon of the Fire Combat Table, [10.81]) or ``melee`` (of the Hand-to-Hand Combat
    Table and not of the Fire Combat Table, [13.13])."""
    fire = {r.key for r in charts["weapons"].rows}
    if weapon == "pistol":
        return "pistol"
    if weapon == "machinegun":
        return "machinegun"
    if weapon in fire:
        return "fire"
    if weapon in {r.key for r in charts["melee_weapons"].rows} and weapon not in NOT_CARRIED:
        return "melee"
    raise ParagraphsError(f"{weapon!r} is no weapon of the Fire Combat or Hand-to-Hand Combat Table ([10.81], [12.93])")


def _measures(charts: Any, weapons: list[str]) -> dict[str, int]:
    counts = Counter(weapon_class(charts, w) for w in weapons if w not in NOT_CARRIED)
    fire = counts["fire"] + counts["machinegun"]
    return {"all": sum(counts.values()), "fire": fire, "pistol": counts["pistol"], "melee": counts["melee"], "beside_machinegun": fire - 1 if counts["machinegun"] else 0}


def over_limits(charts: Any, weapons: list[str], issued: list[str] | None = None) -> str | None:
    """Why a load breaks [13.11]-[13.13], or None when it fits. What the scenario issued
    the man stands: each limit is at least what his issued arms reach."""
    load, given = _measures(charts, weapons), _measures(charts, list(issued or ()))
    if load["beside_machinegun"] > given["beside_machinegun"]:
        return "a man with a machinegun carries no other fire weapon ([13.12])"
    words = {"all": "weapons", "fire": "fire weapons", "pistol": "pistols", "melee": "melee weapons"}
    for kind, limit in LIMITS.items():
        if load[kind] > max(limit, given[kind]):
            case = "[13.11]" if kind != "melee" else "[13.11], [13.13]"
            return f"{load[kind]} {words[kind]}, at most {limit} ({case})"
    return None


def issued_of(man: dict[str, Any]) -> list[str]:
    """The man's arms at set-up (a save made before they were kept: what he carries)."""
    return list(man["issued"] if "issued" in man else man["weapons"])


def check_roster(charts: Any, game: dict[str, Any]) -> None:
    """Every man's load within [13.11]-[13.13] (as a save or a file brings it in)."""
    for mid, man in game.get("men", {}).items():
        why = over_limits(charts, list(man.get("weapons") or ()), issued_of(man))
        if why:
            raise ParagraphsError(f"{mid} carries {', '.join(man['weapons'])}: {why}")


def _fits(charts: Any, man_id: str, man: dict[str, Any], weapons: list[str]) -> None:
    why = over_limits(charts, weapons, issued_of(man))
    if why:
        raise ParagraphsError(f"{man_id} would carry {', '.join(weapons)}: {why}; drop one first (drop {man_id} <weapon> <square>, free, [13.14])")


def _flamethrower(man_id: str, man: dict[str, Any], weapon: str) -> None:
    """[13.25]: a flamethrower passes only to a man who began the game with one (the
    title reads a pick-up like an exchange: the asbestos clothing is the reason)."""
    if weapon == "flamethrower" and "flamethrower" not in issued_of(man):
        raise ParagraphsError(f"{man_id} did not begin with a flamethrower: only a flamethrower operator takes one ([13.25])")


def let_go(game: dict[str, Any], man: dict[str, Any], weapon: str) -> str:
    """Take ``weapon`` out of the man's load; the side it came from (his own, or the
    enemy side of a weapon he had taken: with a copy of each, his own goes first)."""
    weapons = list(man["weapons"])
    weapons.remove(weapon)
    man["weapons"] = weapons
    taken = [list(t) for t in man.get("taken") or ()]
    origin = str(man["side"])
    mine = [t for t in taken if t[0] == weapon]
    if mine and len(mine) > weapons.count(weapon):
        origin = str(mine[0][1])
        taken.remove(mine[0])
    man["taken"] = taken
    if man.get("prepared") == weapon and weapon not in weapons:
        man["prepared"] = None
    return origin


def _receive(game: dict[str, Any], man: dict[str, Any], weapon: str, origin: str) -> None:
    man["weapons"] = [*man["weapons"], weapon]
    if _player(game, origin) != _player(game, str(man["side"])):
        man["taken"] = [*(man.get("taken") or ()), [weapon, origin]]


def _player(game: dict[str, Any], side: str) -> str:
    s = game["sides"][side]
    return str(s.get("player") or s["letter"])


def square_named(square: str) -> str:
    if len(square) != 4 or not square.isdigit():
        raise ParagraphsError(f"a square is four digits (2547), not {square!r}")
    return square


def _carried(man_id: str, man: dict[str, Any], weapon: str) -> None:
    if weapon not in man["weapons"] or weapon in NOT_CARRIED:
        raise ParagraphsError(f"{man_id} carries {', '.join(man['weapons']) or 'no weapon'}, not {weapon}")


def _carried_as_often(man_id: str, man: dict[str, Any], weapons: list[str]) -> None:
    """A weapon named twice in one exchange must be carried twice: the check comes before
    any task points are asked or spent."""
    for weapon, wanted in Counter(weapons).items():
        held = man["weapons"].count(weapon)
        if wanted > held:
            raise ParagraphsError(f"{man_id} carries {held} {weapon.replace('_', ' ')}, not {wanted}: name each weapon as often as he carries it")


def _without(weapons: list[str], removed: list[str]) -> list[str]:
    """The load less one copy of each weapon removed (a man with two rifles who hands one
    over keeps the other)."""
    left = list(weapons)
    for weapon in removed:
        left.remove(weapon)
    return left


def drop(ctx: Context, man: str = "", weapon: str = "", square: str = "", **_: Any) -> str:
    """[13.14]: a man drops a weapon, at any time and for no task points; it lies in
    ``square`` until somebody picks it up."""
    game = game_of(ctx)
    m = man_of(game, man)
    if condition_of(m) == "dead":
        raise ParagraphsError(f"{man} is dead: his weapons stay with him (exchange with him, [13.21])")
    _carried(man, m, weapon)
    where = square_named(square)
    origin = let_go(game, m, weapon)
    game["dropped"] = [*(game.get("dropped") or ()), {"square": where, "weapon": weapon, "side": origin}]
    ready = "" if m.get("prepared") else "; he has no weapon ready"
    return f"{man} drops his {weapon.replace('_', ' ')} in square {where}, free ([13.14]){ready}"


def _task_cost(ctx: Context, task: str, man: dict[str, Any], wounded: bool | None = None) -> int:
    """A task's cost to this man, doubled when he is seriously wounded ([9.21]), or was
    (``wounded``: the return fire of [10.55] is made as he was before the hit)."""
    from paragraphs_spi_commando.procedures import _charts
    from paragraphs_spi_commando.rules.tasks import cost

    return cost(_charts(ctx), task, seriously_wounded=condition_of(man) == "seriously wounded" if wounded is None else wounded)


def _acting(game: dict[str, Any], man_id: str, what: str) -> dict[str, Any]:
    from paragraphs_spi_commando.turns import require_active

    m = require_active(game, man_id, what)
    if m.get("routine"):
        raise ParagraphsError(f"{man_id} runs the {m['routine']} routine and takes no other task ([14.2], [15.2])")
    return m


def pick_up(ctx: Context, man: str = "", weapon: str = "", square: str = "", **_: Any) -> str:
    """[13.15]: the man acting picks up a weapon lying in his square, a task whose cost
    the source lost (asked, or an overlay's); his load must stay within [13.11]."""
    from paragraphs_spi_commando.procedures import _charts
    from paragraphs_spi_commando.turns import left, spend

    game = game_of(ctx)
    m = _acting(game, man, "picking up a weapon")
    where = square_named(square)
    lying = [d for d in game.get("dropped") or () if d["square"] == where and d["weapon"] == weapon]
    if not lying:
        here = [d["weapon"] for d in game.get("dropped") or () if d["square"] == where]
        raise ParagraphsError(f"no {weapon} lies in square {where} ({', '.join(here) if here else 'no weapon lies there'})")
    _flamethrower(man, m, weapon)
    _fits(_charts(ctx), man, m, [*m["weapons"], weapon])
    points = _task_cost(ctx, "pick_up_weapon", m)
    spend(man, m, "pick up a weapon", points)
    game["dropped"] = [d for d in game["dropped"] if d is not lying[0]]
    _receive(game, m, weapon, str(lying[0]["side"]))
    enemy = " (an enemy weapon)" if _player(game, str(lying[0]["side"])) != _player(game, str(m["side"])) else ""
    return f"{man} picks up the {weapon.replace('_', ' ')}{enemy} in square {where}: {points} task points ([13.15]), {left(m)} left"


def _listed(words: list[str], key: str) -> list[str]:
    found = [w.split("=", 1)[1] for w in words if w.startswith(f"{key}=")]
    return [x for item in found for x in item.split(",") if x]


def exchange(ctx: Context, man: str = "", other: str = "", options: str | None = None, **_: Any) -> str:
    """[13.21]-[13.25]: the man acting exchanges weapons with ``other`` in his square (the
    players' word: the referee has no map): a friendly man in any condition, or an
    incapacitated or dead enemy. ``take=W[,W]`` what he takes, ``give=W[,W]`` what he hands
    over (gives first, then takes). Both men pay the task (a man who can spend nothing,
    dead or incapacitated, pays nothing); a weapon received is not fired this phase.
    Grenades and an explosive pass the same way ([11.14], [11.71]; :mod:`passing`)."""
    from paragraphs_spi_commando import passing
    from paragraphs_spi_commando.procedures import _charts
    from paragraphs_spi_commando.turns import left, spend

    game = game_of(ctx)
    m = _acting(game, man, "an exchange of weapons")
    o = man_of(game, other)
    if other == man:
        raise ParagraphsError("a man exchanges weapons with another man")
    words = (options or "").split()
    unknown = [w for w in words if not w.startswith(("take=", "give=")) or "=" not in w]
    if unknown:
        raise ParagraphsError(f"exchange: {' '.join(unknown)!r} is not take=<weapon> or give=<weapon>")
    take, give = _listed(words, "take"), _listed(words, "give")
    if not take and not give:
        raise ParagraphsError(f"exchange: name what {man} takes (take=<weapon>) or gives (give=<weapon>)")
    passing.refuse_untracked(take + give)
    friendly = _player(game, str(o["side"])) == _player(game, str(m["side"]))
    if not friendly and condition_of(o) not in ("dead", "incapacitated"):
        raise ParagraphsError(f"{other} is an enemy man able to fight: weapons are taken only from a friendly man or an incapacitated or dead enemy ([13.21])")
    # grenades and explosives apart from the weapons: checked with them, before any change
    given, taken = [w for w in give if passing.is_munition(w)], [w for w in take if passing.is_munition(w)]
    give, take = [w for w in give if w not in given], [w for w in take if w not in taken]
    for both in (passing.EXPLOSIVE, passing.PREPARED):
        if both in given and both in taken:
            raise ParagraphsError(f"exchange: {man} gives his {both.replace('_', ' ')} or takes {other}'s, not both in one exchange")
    passing.check(game, man, m, other, given)
    passing.check(game, other, o, man, taken)
    for weapon in give:
        _carried(man, m, weapon)
        _flamethrower(other, o, weapon)
    for weapon in take:
        _carried(other, o, weapon)
        _flamethrower(man, m, weapon)
    _carried_as_often(man, m, give)
    _carried_as_often(other, o, take)
    charts = _charts(ctx)
    _fits(charts, man, m, _without(m["weapons"], give) + take)
    _fits(charts, other, o, _without(o["weapons"], take) + give)
    points = _task_cost(ctx, "exchange_weapons", m)
    spend(man, m, "exchange weapons", points)
    paid = f"{man} {points}"
    if condition_of(o) not in ("dead", "incapacitated"):
        theirs = _task_cost(ctx, "exchange_weapons", o)
        spend(other, o, "exchange weapons ([13.23]: both men pay)", theirs)
        paid += f", {other} {theirs}"
    phase = [game["turn"], game["phase"]]
    for weapon in give:
        _receive(game, o, weapon, let_go(game, m, weapon))
        o["received"] = [*_current(game, o), [weapon, *phase]]
    for weapon in take:
        _receive(game, m, weapon, let_go(game, o, weapon))
        m["received"] = [*_current(game, m), [weapon, *phase]]
    handed = [f"the {', '.join(w.replace('_', ' ') for w in give)}"] if give else []
    handed += passing.hand_over(game, man, m, other, o, given)
    received = [f"the {', '.join(w.replace('_', ' ') for w in take)}"] if take else []
    received += passing.hand_over(game, other, o, man, m, taken)
    moved = [f"gives {', '.join(handed)} to {other}"] if handed else []
    moved += [f"takes {', '.join(received)} from {other}"] if received else []
    cases = "[13.21], [13.23]" + (", [11.14]" if any(w != passing.EXPLOSIVE for w in given + taken) else "") + (", [11.71]" if passing.EXPLOSIVE in given + taken else "")
    after = ["a weapon received is fired from the next task phase ([13.22])"] if give or take else []
    after += ["a prepared grenade received may be thrown at once ([11.23])"] if passing.PREPARED in given + taken else []
    return f"{man} {' and '.join(moved)}: exchange weapons, task points {paid} ({cases}); " + "".join(f"{a}; " for a in after) + f"{left(m)} left"


def _current(game: dict[str, Any], man: dict[str, Any]) -> list[list[Any]]:
    """The man's weapons received in this task phase (older entries dropped)."""
    return [list(r) for r in man.get("received") or () if r[1] == game["turn"] and r[2] == game["phase"]]


def refuse_received(game: dict[str, Any], man_id: str, man: dict[str, Any], weapon: str) -> None:
    """[13.22]: a weapon received in an exchange is not fired in the same task phase
    (a copy he held before may be)."""
    fresh = sum(1 for r in _current(game, man) if r[0] == weapon)
    if fresh and fresh >= man["weapons"].count(weapon):
        raise ParagraphsError(f"{man_id} received the {weapon.replace('_', ' ')} in an exchange this phase: he fires it from the next task phase on ([13.22])")


def enemy_weapon(game: dict[str, Any], man: dict[str, Any], weapon: str) -> bool:
    """Whether every copy of ``weapon`` the man carries came from an enemy side and it is
    not one [13.24] spares: its fire takes the -15 of [10.82] without being told."""
    if weapon in ENEMY_WEAPONS_WITHOUT_PENALTY:
        return False
    taken = sum(1 for t in man.get("taken") or () if t[0] == weapon and _player(game, str(t[1])) != _player(game, str(man["side"])))
    return bool(taken) and taken >= man["weapons"].count(weapon)


def change_cost(ctx: Context, game: dict[str, Any], man_id: str, man: dict[str, Any], wounded: bool | None = None) -> int:
    """[13.18]: task points to change the prepared weapon now: none at the start of the
    man's task execution (nothing spent since he was activated) or out of a
    hand-to-hand combat in phase D ([12.51]); the cost the source lost during task
    execution (asked); no change at any other time."""
    phase = game["phase"]
    if phase == "D" and not man.get("in_melee"):
        return 0
    if phase not in TASK_PHASES:
        raise ParagraphsError(f"{man_id} changes his prepared weapon only as his task execution begins, during it, or out of hand-to-hand combat in phase D ([13.18], [12.51]); this is phase {phase}")
    if game["active"] == man_id and man.get("ready_tp") is not None and int(man["tp"]) == int(man["ready_tp"]):
        return 0
    return _task_cost(ctx, "change_weapon", man, wounded)


def switch(ctx: Context, game: dict[str, Any], man_id: str, man: dict[str, Any], weapon: str, wounded: bool | None = None) -> str:
    """Make ``weapon`` the man's prepared weapon ([13.17]), paying what [13.18] asks:
    spent by the man acting; added to the points of a man firing out of turn. Says what
    it cost ("" when he had it ready)."""
    from paragraphs_spi_commando.referee import ALLOWANCE, refuse_with_grenade_in_hand
    from paragraphs_spi_commando.turns import spend

    if man.get("prepared") == weapon:
        return ""
    refuse_with_grenade_in_hand(man_id, man, "readies another weapon ([13.17])")
    if game["phase"] in TASK_PHASES and game["active"] != man_id:
        from paragraphs_spi_commando.procedures import _choices

        if _choices(ctx)["R45"] == "refused":
            raise ParagraphsError(f"{man_id} fires out of turn with the weapon he has ready, the {str(man.get('prepared')).replace('_', ' ')} ([10.76], ruling R45)")
    points = change_cost(ctx, game, man_id, man, wounded)
    if points and game["active"] == man_id:
        spend(man_id, man, f"change his prepared weapon to the {weapon.replace('_', ' ')}", points)
    elif points:
        man["tp"] = min(int(man["tp"]) + points, ALLOWANCE)
    man["prepared"] = weapon
    how = f"{points} task points ([13.18])" if points else "free ([13.18])"
    return f"{man_id} readies his {weapon.replace('_', ' ')}: {how}"


def fire_with(ctx: Context, game: dict[str, Any], man_id: str, man: dict[str, Any], weapon: str, wounded: bool | None = None) -> None:
    """Before a fire: the weapon received this phase is refused ([13.22]); another than
    the prepared one is readied first ([13.17], [13.18])."""
    refuse_received(game, man_id, man, weapon)
    if man.get("routine") == "fire" and weapon != man.get("prepared"):
        raise ParagraphsError(f"{man_id} runs the fire routine: he fires his prepared weapon, the {str(man.get('prepared')).replace('_', ' ')} ([14.22])")
    said = switch(ctx, game, man_id, man, weapon, wounded)
    if said:
        ctx.say(said)


def ready(ctx: Context, man: str = "", weapon: str = "", **_: Any) -> str:
    """[13.17], [13.18]: a man changes his prepared weapon to another he carries."""
    game = game_of(ctx)
    m = man_of(game, man)
    if condition_of(m) in ("dead", "incapacitated"):
        raise ParagraphsError(f"{man} is {condition_of(m)}")
    _carried(man, m, weapon)
    if m.get("prepared") == weapon:
        return f"{man} has his {weapon.replace('_', ' ')} ready already"
    if game["phase"] in ("E", "F") and game["active"] != man:
        raise ParagraphsError(f"{man} is not the man acting: he changes his prepared weapon in his own task execution ([13.18])")
    return switch(ctx, game, man, m, weapon)
