"""The referee's record of a game: the roster in ``state.extra`` and the procedures that
change it, each run as one journaled, undoable step (``Engine.perform``).

``setup`` builds the roster of a scenario, rolling each man's endurance when asked
([9.4]: the rolls are journaled, so an undo never re-rolls them). ``wound`` records wound
points against a man ([9.0]). ``observe`` resolves one observation attempt and keeps who
observes whom, per observer ([8.82]); ``lapse`` ends one at Bookkeeping ([8.84]).
``fire_at`` resolves one fire task of a man at an enemy he observes ([10.14]) with his
side's bonus and his own condition, and records the result.

Men are named by their side's letter in the scenario's order (A, B, C) and a number:
``A1`` ... ``A8``, as the Data Log of [38.21] gives each man a code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from paragraphs.errors import ParagraphsError

if TYPE_CHECKING:
    from paragraphs.context import Context

ROSTER = "spi_commando"


def _game(ctx: Context) -> dict[str, Any]:
    game = ctx.state.extra.get(ROSTER)
    if not game:
        raise ParagraphsError("no scenario is set up: perform setup first")
    return game  # type: ignore[no-any-return]


def _man(game: dict[str, Any], man: str) -> dict[str, Any]:
    try:
        return game["men"][man]  # type: ignore[no-any-return]
    except KeyError:
        raise ParagraphsError(f"no man {man!r} (men: {', '.join(game['men'])})") from None


def setup(ctx: Context, scenario: str = "", endurance: str | None = "printed", **_: Any) -> str:
    """Set up ``scenario``: every man of every side with his weapons and endurance, the
    printed one or one rolled on the side's dice code ([9.4])."""
    from paragraphs_spi_commando.rules.dice import DiceCode
    from paragraphs_spi_commando.scenarios import scenario as find

    endurance = endurance or "printed"
    if endurance not in ("printed", "rolled"):
        raise ParagraphsError(f"endurance is printed or rolled, not {endurance!r}")
    s = find(ctx.book, str(scenario))
    men: dict[str, Any] = {}
    sides: dict[str, Any] = {}
    for index, side in enumerate(s.sides):
        letter = "ABCDEFGH"[index]
        sides[side["id"]] = {"letter": letter, "name": side.get("name", side["id"]), "fire_bonus": side.get("fire_bonus", 0), "grenade_bonus": side.get("grenade_bonus", 0), "observation": side["observation"], "panic": side["panic"], "preservation": side["preservation"], "condition": 0, "mode": side.get("mode", "none"), "seen_commando": False}
        arms = [list(g["weapons"]) for g in side.get("arms") or () for _ in range(int(g["men"]))]
        apart = list(side.get("men_apart") or ())
        for n in range(1, int(side["men"]) + 1):
            special = apart[n - 1] if n <= len(apart) else None
            code, printed = (special["endurance_code"], special["endurance"]) if special else (side["endurance_code"], side["endurance"])
            value = int(printed)
            if endurance == "rolled":
                dice = DiceCode.parse(code)
                value = dice.total([ctx.roll(f"d{dice.sides}", f"endurance of {letter}{n}") for _ in range(dice.count)])
            men[f"{letter}{n}"] = {
                "side": side["id"],
                "name": special["name"] if special else "",
                "weapons": arms[n - 1] if n <= len(arms) else [],
                "endurance": value,
                "wounds": 0,
                "dead": False,
            }
    ctx.state.extra[ROSTER] = {"scenario": s.id, "sides": sides, "men": men, "observes": {}}
    return f"scenario {s.id} set up: {len(men)} men, endurance {endurance}"


def condition_of(man: dict[str, Any]) -> str:
    from paragraphs_spi_commando.rules.wounds import condition

    return "dead" if man["dead"] else condition(int(man["endurance"]), int(man["wounds"]))


def wound(ctx: Context, man: str = "", points: int = 0, **_: Any) -> str:
    """Record ``points`` wound points against ``man`` ([9.1]) and say his condition."""
    m = _man(_game(ctx), man)
    if int(points) < 1:
        raise ParagraphsError("wound points are 1 or more")
    m["wounds"] = int(m["wounds"]) + int(points)
    return f"{man}: {condition_of(m)} ({m['wounds']} WP against endurance {m['endurance']})"


def fire_at(
    ctx: Context,
    firer: str = "",
    target: str = "",
    weapon: str = "",
    distance: int = 0,
    prone: bool = False,
    moving: bool = False,
    aimed: bool = False,
    braced: bool = False,
    terrain: str = "clear",
    options: str | None = None,
    **_: Any,
) -> str:
    """One fire task of ``firer`` at ``target`` with ``weapon`` at ``distance`` squares
    ([10.0]): his side's fire bonus and his own serious wound apply; a kill or the wound
    points of each hit are recorded against the target. ``options`` (as a session types
    them) may name ``prone``, ``moving``, ``aimed``, ``braced`` and the target's terrain."""
    for word in (options or "").split():
        if word in ("prone", "moving", "aimed", "braced"):
            prone, moving, aimed, braced = prone or word == "prone", moving or word == "moving", aimed or word == "aimed", braced or word == "braced"
        elif word in ("clear", "rough_crater", "trench", "woods", "forest", "dune", "rubble"):
            terrain = word
        else:
            raise ParagraphsError(f"fire: {word!r} is not prone, moving, aimed, braced or a terrain")
    from paragraphs_spi_commando.procedures import _charts, _choices
    from paragraphs_spi_commando.rules import fire as rules
    from paragraphs_spi_commando.rules.dice import DiceCode

    game = _game(ctx)
    shooter, victim = _man(game, firer), _man(game, target)
    if condition_of(shooter) in ("dead", "incapacitated"):
        raise ParagraphsError(f"{firer} is {condition_of(shooter)} and cannot fire")
    if condition_of(victim) == "dead":
        raise ParagraphsError(f"{target} is already dead")
    if weapon not in shooter["weapons"]:
        raise ParagraphsError(f"{firer} carries {', '.join(shooter['weapons'])}, not {weapon}")
    if target not in game["observes"].get(firer, []):
        raise ParagraphsError(f"{firer} has not observed {target}: a man fires only at a man he observes ([10.14])")
    charts = _charts(ctx)
    rulings = _choices(ctx)
    rows = [r for r, flag in (("target_prone", prone), ("target_moving", moving), ("aiming", aimed)) if flag]
    chance = rules.hit_chance(
        rules.base_chance(charts, weapon, int(distance), braced=braced),
        rules.modifier_total(charts, rows, target_terrain=terrain),
        bonus=int(game["sides"][shooter["side"]]["fire_bonus"]),
        seriously_wounded=condition_of(shooter) == "seriously wounded",
        ruling_r7=rulings["R7"],
        ruling_r8=rulings["R8"],
    )
    kill = rules.kill_chance(charts, chance)
    total = 0
    for n in range(rules.fires(charts, weapon, braced=braced)):
        outcome = rules.shot(chance, kill, ctx.roll("d100", f"{firer} fires at {target} ({n + 1})"))
        if outcome == "killed":
            victim["dead"] = True
            return f"{target} killed (chance {chance}, kill {kill})"
        if outcome == "wounded":
            code = DiceCode.parse(str(charts.value("fire_combat", rules.fire_row(charts, weapon, braced=braced), "damage")))
            total += code.total([ctx.roll(f"d{code.sides}", f"damage to {target}") for _ in range(code.count)], minimum=1)
    if not total:
        return f"{firer} missed {target} (chance {chance})"
    victim["wounds"] = int(victim["wounds"]) + total
    return f"{target} wounded {total} WP: {condition_of(victim)} (chance {chance})"


def observe(ctx: Context, observer: str = "", target: str = "", distance: int = 0, options: str | None = None, **_: Any) -> str:
    """One observation attempt ([8.7]): the observer's side letter gives the base, a
    defending side loses 20 until it has seen a commando (L1896), and ``options`` may name
    ``prone``, ``moving`` (the target), ``moved`` (the observer) and the target's terrain.
    A success is kept for that observer only ([8.82]); he holds three men at most ([8.34])."""
    from paragraphs_spi_commando.procedures import _charts, _choices
    from paragraphs_spi_commando.rules.observation import Sighting, observation_chance, observed

    game = _game(ctx)
    eye, seen = _man(game, observer), _man(game, target)
    if eye["side"] == seen["side"]:
        raise ParagraphsError(f"{observer} and {target} are on the same side")
    if condition_of(eye) in ("dead", "incapacitated"):
        raise ParagraphsError(f"{observer} is {condition_of(eye)} and cannot observe")
    held = game["observes"].setdefault(observer, [])
    if target in held:
        raise ParagraphsError(f"{observer} already observes {target}")
    if len(held) >= 3:
        raise ParagraphsError(f"{observer} already observes three men ([8.34]): a lapse must come first")
    flags = {"prone": False, "moving": False, "moved": False}
    terrain = "clear"
    for word in (options or "").split():
        if word in flags:
            flags[word] = True
        elif word in ("clear", "rough_crater", "trench", "woods", "forest", "dune", "rubble"):
            terrain = word
        else:
            raise ParagraphsError(f"observe: {word!r} is not prone, moving, moved or a terrain")
    side = game["sides"][eye["side"]]
    sighting = Sighting(distance=int(distance), target_prone=flags["prone"], target_terrain=terrain, observer_moved=flags["moved"], target_moving=flags["moving"])
    defending = side["mode"] == "defending" and not side["seen_commando"]
    chance = observation_chance(_charts(ctx), str(side["observation"]), sighting, defending=defending, ruling_r11=_choices(ctx)["R11"])
    if not observed(chance, ctx.roll("d100", f"{observer} observes {target}")):
        return f"{observer} does not observe {target} (chance {chance})"
    held.append(target)
    if side["mode"] == "defending" and game["sides"][seen["side"]]["mode"] == "commando":
        side["seen_commando"] = True
    return f"{observer} observes {target} (chance {chance})"


def lapse(ctx: Context, observer: str = "", target: str = "", **_: Any) -> str:
    """Bookkeeping ([8.84]): ``target`` is out of the observer's range or line of sight,
    so the observer no longer observes him (other observers keep him)."""
    game = _game(ctx)
    _man(game, observer)
    held = game["observes"].get(observer, [])
    if target not in held:
        raise ParagraphsError(f"{observer} does not observe {target}")
    held.remove(target)
    return f"{observer} no longer observes {target}"
