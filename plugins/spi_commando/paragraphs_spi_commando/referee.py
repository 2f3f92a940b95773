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
    from collections.abc import Callable

    from paragraphs.context import Context

ROSTER = "spi_commando"
#: Task points of an unwounded man each game-turn ([5.2]).
ALLOWANCE = 50


def game_of(ctx: Context) -> dict[str, Any]:
    game = ctx.state.extra.get(ROSTER)
    if not game:
        raise ParagraphsError("no scenario is set up: perform setup first")
    return in_roster_order(game)


def in_roster_order(game: dict[str, Any]) -> dict[str, Any]:
    """``game`` with its sides in letter order and its men by side letter and number
    (A1, A2, ... A10, B1, ...), put back in that order when they are not.

    Why: a save writes its JSON with sorted keys, so a resumed game read its sides and men
    in name order (``germans`` before ``rangers``, ``A10`` before ``A2``). The order of the
    sides decides whose initiative die is rolled first and the order of the men whose
    rolls come first at bookkeeping: the same dice then gave another result after a
    resume than in the unbroken game. The roster order is the one the set-up builds."""
    sides = game["sides"]
    if [s["letter"] for s in sides.values()] != sorted(s["letter"] for s in sides.values()):
        game["sides"] = dict(sorted(sides.items(), key=lambda item: str(item[1]["letter"])))
    men = game["men"]
    if list(men) != sorted(men, key=_roster_key):
        game["men"] = dict(sorted(men.items(), key=lambda item: _roster_key(item[0])))
    return game


def _roster_key(man: str) -> tuple[str, int, str]:
    """A man's place in the roster: his side's letter, then his number (``A10`` after ``A9``)."""
    letters = man.rstrip("0123456789")
    digits = man[len(letters) :]
    return (letters, int(digits) if digits else 0, man)


def man_of(game: dict[str, Any], man: str) -> dict[str, Any]:
    try:
        return game["men"][man]  # type: ignore[no-any-return]
    except KeyError:
        raise ParagraphsError(f"no man {man!r} (men: {', '.join(game['men'])})") from None


def setup(ctx: Context, scenario: str = "", endurance: str | None = "printed", optional: str | None = None, **_: Any) -> str:
    """Set up ``scenario``: every man of every side with his weapons and endurance, the
    printed one or one rolled on the side's dice code ([9.4]); ``optional`` names the
    optional rules the game uses (:mod:`paragraphs_spi_commando.optional_rules`)."""
    from paragraphs_spi_commando.optional_rules import parse

    selected = parse(optional)
    from paragraphs_spi_commando.rules.dice import DiceCode
    from paragraphs_spi_commando.scenarios import scenario as find
    from paragraphs_spi_commando.turns import TURN_FIELDS

    endurance = endurance or "printed"
    if endurance not in ("printed", "rolled"):
        raise ParagraphsError(f"endurance is printed or rolled, not {endurance!r}")
    s = find(ctx.book, str(scenario))
    men: dict[str, Any] = {}
    sides: dict[str, Any] = {}
    for index, side in enumerate(s.sides):
        letter = "ABCDEFGH"[index]
        sides[side["id"]] = {"letter": letter, "name": side.get("name", side["id"]), "fire_bonus": side.get("fire_bonus", 0), "grenade_bonus": side.get("grenade_bonus", 0), "observation": side["observation"], "panic": side["panic"], "preservation": side["preservation"], "condition": 0, "mode": side.get("mode", "none"), "commando_seen_turn": None, "no_sentry_routine": side.get("no_sentry_routine")}
        # a side without grenades ([39.43], [42.43]); one that carries them unused ([39.43])
        sides[side["id"]].update({k: side[k] for k in ("grenades", "grenades_carried") if k in side})
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
                "prone": False,
                "exited": False,
                "reserve": bool(side.get("reinforcement")),
                "items": [],
                "unloaded": [],
                "prepared": (arms[n - 1][0] if n <= len(arms) and arms[n - 1] else None),
                "issued": list(arms[n - 1]) if n <= len(arms) else [],
                "taken": [],
                "received": [],
                **TURN_FIELDS,
            }
    length = s.record.get("turns")
    # the two players: the commandos' sides against the rest ([38.4]), else side by side
    commando = [sid for sid, side in sides.items() if side["mode"] == "commando"]
    for sid, side in sides.items():
        camp = (commando if sid in commando else [x for x in sides if x not in commando]) if commando else [sid]
        side["player"] = sides[camp[0]]["letter"]
    ctx.state.extra[ROSTER] = {
        "scenario": s.id,
        "sides": sides,
        "men": men,
        "observes": {},
        "turn": 1,
        "phase": "A",
        "initiative": None,
        "to_act": None,
        "active": None,
        "passed": [],
        "alert_turn": None,
        "length": length,
        "length_rule": str(s.record.get("length", "")),
        "over": None,
        "dropped": [],
    }
    from paragraphs_spi_commando.optional_rules import start

    start(ctx, ctx.state.extra[ROSTER], selected, s.record)
    return f"scenario {s.id} set up: {len(men)} men, endurance {endurance}; turn 1, phase A (observation)"


def arrive(ctx: Context, side: str = "", **_: Any) -> str:
    """A side's reinforcement group arrives as its scenario says (``reinforcements``):
    its men may act from now on ([38.55])."""
    game = game_of(ctx)
    found = [sid for sid, s in game["sides"].items() if side in (sid, s["letter"])]
    if not found:
        raise ParagraphsError(f"no side {side!r}")
    men = [mid for mid, m in game["men"].items() if m["side"] == found[0] and m.get("reserve")]
    if not men:
        raise ParagraphsError(f"side {side} has no men waiting to arrive")
    for mid in men:
        game["men"][mid].update(reserve=False, reinforcement=True)
    return f"{', '.join(men)} arrive on turn {game['turn']}"


def condition_of(man: dict[str, Any]) -> str:
    from paragraphs_spi_commando.rules.wounds import condition

    return "dead" if man["dead"] else condition(int(man["endurance"]), int(man["wounds"]))


def surprised_now(man: dict[str, Any], turn: int) -> bool:
    """[12.22]: a man whose square was entered unseen is surprised in that game-turn and
    the next, and no longer after."""
    return man.get("surprised_turn") is not None and int(turn) - int(man["surprised_turn"]) <= 1


def lies_prone(man: dict[str, Any]) -> bool:
    """Whether the record shows the man prone: he fell prone (a task, a panic) and has not
    stood, or he is incapacitated, always prone ([9.22])."""
    return bool(man.get("prone")) or condition_of(man) == "incapacitated"


def refuse_with_grenade_in_hand(man_id: str, man: dict[str, Any], what: str = "fires") -> None:
    """[11.12]: a man holding a prepared grenade fires no weapon and reloads none until he
    has thrown it (it is his prepared weapon, [13.17])."""
    if man.get("grenade"):
        raise ParagraphsError(f"{man_id} holds a prepared {man['grenade']} grenade: he throws it first ([11.12]), then {what}")


def wound(ctx: Context, man: str = "", points: int = 0, **_: Any) -> str:
    """Record ``points`` wound points against ``man`` ([9.1]) and say his condition."""
    m = man_of(game_of(ctx), man)
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
    from paragraphs_spi_commando.arms import refuse_received
    from paragraphs_spi_commando.entering import entry_fire
    from paragraphs_spi_commando.procedures import _charts
    from paragraphs_spi_commando.rules.sequence import may_opportunity_fire
    from paragraphs_spi_commando.turns import view

    game = game_of(ctx)
    shooter, victim = man_of(game, firer), man_of(game, target)
    if condition_of(shooter) in ("dead", "incapacitated"):
        raise ParagraphsError(f"{firer} is {condition_of(shooter)} and cannot fire")
    if condition_of(victim) == "dead":
        raise ParagraphsError(f"{target} is already dead")
    if weapon not in shooter["weapons"]:
        raise ParagraphsError(f"{firer} carries {', '.join(shooter['weapons'])}, not {weapon}")
    refuse_received(game, firer, shooter, weapon)
    refuse_with_grenade_in_hand(firer, shooter)
    if target not in game["observes"].get(firer, []):
        raise ParagraphsError(f"{firer} has not observed {target}: a man fires only at a man he observes ([10.14])")
    entry = entry_fire(game, firer, target)  # [12.13]: fire at a man entering his square
    if entry is None:
        _fire_permission(game, firer, shooter, target)
    if weapon in (shooter.get("unloaded") or []):
        raise ParagraphsError(f"{firer}'s {weapon} is unloaded: task {firer} reload first ([10.63])")

    def paid() -> None:
        _refuse_unpaid_fire(ctx, firer, shooter, weapon)

    # the man acting pays the fire from his task points: a fire he cannot pay is refused
    # before the chart is read, so a cell the source lacks is not asked for it
    acting = entry is None and _fire_permission(game, firer, shooter, target) == "task"
    charts = _charts(ctx)
    chance, kill, braced = aim(ctx, game, shooter, target, victim, weapon, distance, options, prone=prone, moving=moving, aimed=aimed, braced=braced, terrain=terrain, before_chart=paid if acting else None)
    # [10.55]: a man plotted for opportunity fire may answer the man who hits him
    could_return = may_opportunity_fire(view(victim), game["phase"])
    wounds_before = int(victim["wounds"])
    opportunity = _fire_task(ctx, game, firer, shooter, target, victim, weapon, entry=entry)
    if opportunity is None:
        return f"{firer} panics ({shooter['routine']}) instead of firing"
    game["returns"] = []  # a return fire answers the fire just made, nothing earlier
    total, result = volley(ctx, charts, firer, target, victim, weapon, chance, kill, braced=braced)
    if could_return and (total or victim["dead"]):
        from paragraphs_spi_commando.return_fire import offer

        result += offer(game, target, firer, wounds_before)
    _after_fire(ctx, game, firer, shooter, target, victim, weapon, braced=braced, opportunity=opportunity, wound_points=total)
    if aimed or "aimed" in (options or "").split():
        spend_all_aiming(ctx, firer, shooter)
    return result


def spend_all_aiming(ctx: Context, firer: str, shooter: dict[str, Any]) -> None:
    """[10.82]: a man who aims his fire spends all his task points on it."""
    if int(shooter["tp"]) < ALLOWANCE:
        shooter["tp"] = ALLOWANCE
        ctx.say(f"{firer} aimed: the fire takes all his task points ([10.82])")


FIRE_FLAGS = ("prone", "moving", "aimed", "braced")
#: Protection the rules text names but no chart values ([10.31], [24.32], [24.53]): the
#: word brings in the [10.82] row, an unknown cell the players give.
COVER_ROWS = {"behind_window": "target_behind_window", "by_bunker": "target_by_bunker", "behind_slit": "target_behind_slit"}
#: The [10.82] rows of the optional rules: the word, its row, and the optional rules that
#: bring the situation into a game (a firer on a moving horse, camel or vehicle, [19.36],
#: [24.0], [29.0], [30.0]; a man in the water, [36.36]; a target on a tank or in an APC,
#: [23.63]).
OPTIONAL_ROWS = {
    "on_mount": ("firer_on_vehicle_or_animal", ("horses_and_camels", "tanks", "apcs", "jeeps", "motorcycles")),
    "water": ("water", ("underwater_operations",)),
    "on_tank": ("target_on_tank_or_apc", ("tanks", "apcs")),
}


def optional_row(game: dict[str, Any], word: str) -> str:
    """The [10.82] row of an optional rule's fire word, refused in a game without the rule."""
    from paragraphs_spi_commando.optional_rules import RULES

    row, rules = OPTIONAL_ROWS[word]
    if not set(rules) & set(game.get("optional") or ()):
        names = " or ".join(f"{r} ([{RULES[r][0]}])" for r in rules)
        raise ParagraphsError(f"fire: {word} is for a game with the optional rule {names}; start one with --optional {rules[0]}")
    return row


#: [13.24]: the enemy weapons a man fires without the -15 of [10.82] (melee weapons are
#: never fired); the semi-automatic rifle is read as a rifle, the automatic rifle not.
ENEMY_WEAPONS_WITHOUT_PENALTY = ("pistol", "rifle", "carbine", "semi_automatic_rifle")


def enemy_weapon_row(weapon: str) -> str:
    """The [10.82] row of a fire with a weapon taken from the enemy, refused for the
    weapons [13.24] spares."""
    if weapon in ENEMY_WEAPONS_WITHOUT_PENALTY:
        raise ParagraphsError(f"a captured {weapon.replace('_', ' ')} fires without the -15 ([13.24]): drop enemy_weapon")
    return "enemy_weapon"
TERRAINS = ("clear", "rough_crater", "trench", "woods", "forest", "dune", "rubble")


def aim(
    ctx: Context,
    game: dict[str, Any],
    shooter: dict[str, Any],
    target: str,
    victim: dict[str, Any],
    weapon: str,
    distance: int,
    options: str | None,
    *,
    prone: bool = False,
    moving: bool = False,
    aimed: bool = False,
    braced: bool = False,
    terrain: str = "clear",
    wounds: int | None = None,
    before_chart: Callable[[], None] | None = None,
) -> tuple[int, int, bool]:
    """The chance to hit and the kill percentage of a fire ([10.0] procedure, [10.82],
    [10.83]) and whether the weapon is braced. ``options`` (as a session types them) may
    name ``prone``, ``moving``, ``aimed``, ``braced``, ``wall``, ``enemy_weapon`` (a
    weapon taken from the enemy, [13.24]) and the target's terrain;
    ``wounds`` stands for the firer's wound points when they are not his present ones
    (the return fire of [10.55]); ``before_chart()`` runs once the words are checked,
    before the first chart cell is read (a refusal there asks no lost cell)."""
    from paragraphs_spi_commando.arms import enemy_weapon
    from paragraphs_spi_commando.procedures import _charts, _choices
    from paragraphs_spi_commando.rules import fire as rules
    from paragraphs_spi_commando.rules.wounds import condition

    wall = captured = False
    cover: list[str] = []
    for word in (options or "").split():
        if word in FIRE_FLAGS:
            prone, moving, aimed, braced = prone or word == "prone", moving or word == "moving", aimed or word == "aimed", braced or word == "braced"
        elif word == "wall":
            wall = True
        elif word == "enemy_weapon":
            captured = True
        elif word in COVER_ROWS:
            cover.append(COVER_ROWS[word])
        elif word in OPTIONAL_ROWS:
            cover.append(optional_row(game, word))
        elif word in TERRAINS:
            terrain = word
        else:
            raise ParagraphsError(f"fire: {word!r} is not prone, moving, aimed, braced, wall, enemy_weapon, behind_window, by_bunker, behind_slit, on_mount, water, on_tank or a terrain")
    braced = braced or bool(shooter.get("prone"))  # a prone firer is braced ([10.22])
    prone = prone or lies_prone(victim)  # the target as the record shows him ([10.82])
    charts = _charts(ctx)
    rulings = _choices(ctx)
    rows = [r for r, flag in (("target_prone", prone), ("target_moving", moving), ("aiming", aimed)) if flag]
    if captured:
        rows.append(enemy_weapon_row(weapon))
    elif enemy_weapon(game, shooter, weapon):
        rows.append("enemy_weapon")  # he took it from the enemy ([13.24]): no word needed
    rows += cover
    if wall:
        why = flush_against_wall(game, victim, moving=moving, ruling_r26=rulings["R26"])
        if why:
            raise ParagraphsError(f"{target} is not flush against a wall for the fire: {why} (ruling R26)")
        rows.append("target_against_wall")
    wounded = condition_of(shooter) == "seriously wounded" if wounds is None else condition(int(shooter["endurance"]), wounds) == "seriously wounded"
    if before_chart is not None:
        before_chart()
    chance = rules.hit_chance(
        rules.base_chance(charts, weapon, int(distance), braced=braced),
        rules.modifier_total(charts, rows, target_terrain=terrain),
        bonus=int(game["sides"][shooter["side"]]["fire_bonus"]),
        seriously_wounded=wounded,
        ruling_r7=rulings["R7"],
        ruling_r8=rulings["R8"],
    )
    return chance, rules.kill_chance(charts, chance), braced


def volley(ctx: Context, charts: Any, firer: str, target: str, victim: dict[str, Any], weapon: str, chance: int, kill: int, *, braced: bool) -> tuple[int, str]:
    """Every fire of one fire task at ``target`` ([10.42]) as one lumped check
    (``spi_volley``), its result recorded against him: the wound points taken and what
    the referee says."""
    from paragraphs_spi_commando.rules import fire as rules

    spec = {
        "chance": chance,
        "kill": kill,
        "fires": rules.fires(charts, weapon, braced=braced),
        "row": rules.fire_row(charts, weapon, braced=braced),
        "purpose": f"{firer} fires at {target}",
        "damage_purpose": f"damage to {target}",
    }
    outcome = ctx.check("spi_volley", spec)
    if outcome == "killed":
        victim["dead"] = True
        return 0, f"{target} killed (chance {chance}, kill {kill})"
    if outcome == "missed":
        return 0, f"{firer} missed {target} (chance {chance})"
    total = int(outcome.split()[1])
    victim["wounds"] = int(victim["wounds"]) + total
    return total, f"{target} wounded {total} WP: {condition_of(victim)} (chance {chance})"


def flush_against_wall(game: dict[str, Any], victim: dict[str, Any], *, moving: bool, ruling_r26: str = "cannot_move_again") -> str | None:
    """Why the -10 of a target flush against a wall ([10.82], L1935) does not apply, or
    None when it does: a moving man never has it ([10.31]); under ruling R26
    ``cannot_move_again`` he must also be unable to move again this turn (he has acted,
    has no task points left, is incapacitated or surprised); ``players_say`` takes the
    players' word."""
    from paragraphs_spi_commando.turns import left

    if moving:
        return "a moving man has no benefit of a wall ([10.31])"
    if ruling_r26 == "players_say":
        return None
    surprised = surprised_now(victim, game["turn"])
    if victim.get("acted") or left(victim) == 0 or condition_of(victim) == "incapacitated" or surprised:
        return None
    return "he may still move this turn"


def _refuse_unpaid_fire(ctx: Context, firer: str, shooter: dict[str, Any], weapon: str) -> None:
    """The refusal :func:`~paragraphs_spi_commando.turns.spend` makes of a fire task beyond
    the man's task points ([6.44]), made before the fire is aimed."""
    from paragraphs_spi_commando.procedures import _charts, _choices
    from paragraphs_spi_commando.rules.fire import fire_cost
    from paragraphs_spi_commando.turns import left

    cost = fire_cost(_charts(ctx), weapon, seriously_wounded=condition_of(shooter) == "seriously wounded", ruling_r25=_choices(ctx)["R25"])
    if cost > left(shooter):
        raise ParagraphsError(f"{firer}: fire ({weapon}) costs {cost} task points, {left(shooter)} left ([6.44])")


def _fire_task(ctx: Context, game: dict[str, Any], firer: str, shooter: dict[str, Any], target: str, victim: dict[str, Any], weapon: str, entry: dict[str, Any] | None = None) -> bool | None:
    """Who may fire now ([6.2], [10.7]) and what it costs ([5.22], [10.16], [9.21]): the
    man acting, with his one combat task of the turn ([6.42]); a man whose square the
    target entered ([12.13], ``entry``); or a man plotted for opportunity fire at the man
    acting, which interrupts him ([10.73]) after the firer's own panic check ([14.11]).
    Returns whether it is opportunity fire, or None when the opportunity firer panicked
    instead (his check and routine are kept)."""
    from paragraphs_spi_commando.arms import fire_with
    from paragraphs_spi_commando.procedures import _charts, _choices
    from paragraphs_spi_commando.rules.fire import fire_cost
    from paragraphs_spi_commando.turns import panic_check, spend

    wounded = condition_of(shooter) == "seriously wounded"
    cost = fire_cost(_charts(ctx), weapon, seriously_wounded=wounded, ruling_r25=_choices(ctx)["R25"])
    if entry is not None:
        from paragraphs_spi_commando.entering import pay_entry_fire

        fire_with(ctx, game, firer, shooter, weapon)
        pay_entry_fire(ctx, game, firer, shooter, entry, cost)
        return False
    if _fire_permission(game, firer, shooter, target) == "task":
        fire_with(ctx, game, firer, shooter, weapon)
        spend(firer, shooter, f"fire ({weapon})", cost, combat=True)
        return False
    if shooter["panic_phase"] != game["phase"]:
        routine = panic_check(ctx, game, firer, "before his opportunity fire")
        if routine is not None:
            shooter["routine"] = routine
            return None
    fire_with(ctx, game, firer, shooter, weapon)
    plot = _charts(ctx).number("task_points", "opportunity_plot")
    shooter["tp"] = min(int(shooter["tp"]) + cost + plot, 50)
    shooter["plot_paid"] = True
    shooter["combat"] = True
    shooter["opp_fired"] = True
    ctx.say(f"{firer} interrupts {target} with opportunity fire ([10.73]): {cost} + {plot} task points ([10.76])")
    return True


def _fire_permission(game: dict[str, Any], firer: str, shooter: dict[str, Any], target: str) -> str:
    """``task`` when the firer is the man acting, ``opportunity`` when he is plotted and
    may interrupt the man acting or answer the enemy man who fired last ([10.7], [10.71],
    [6.32]); else the reason he may not fire now."""
    from paragraphs_spi_commando.rules.sequence import TASK_PHASES, may_opportunity_fire
    from paragraphs_spi_commando.turns import require_phase, view

    require_phase(game, *TASK_PHASES, what="fire")
    if shooter["combat"]:
        raise ParagraphsError(f"{firer} has made his combat task this turn: one per game-turn ([6.42])")
    if game["active"] == firer:
        if shooter.get("routine") in ("prone", "move", "preservation"):
            raise ParagraphsError(f"{firer} runs the {shooter['routine']} routine and may not fire")
        return "task"
    if game["active"] == target and may_opportunity_fire(view(shooter), game["phase"]):
        return "opportunity"
    # [10.71]: a man who has just fired at the firer's side, out of turn too, may be answered
    # by opportunity fire (opportunity fire can trigger the enemy's)
    last = game.get("last_firer")
    if game["active"] is not None and last == target and man_of(game, target)["side"] != shooter["side"] and may_opportunity_fire(view(shooter), game["phase"]):
        return "opportunity"
    if game["active"] is None:
        raise ParagraphsError(f"nobody is acting: type activate {firer} when it is his side's turn")
    raise ParagraphsError(f"{game['active']} is acting: only a man plotted for opportunity fire, not yet fired this turn, may fire now, at him or at the man who fired last ([10.7])")


def _after_fire(ctx: Context, game: dict[str, Any], firer: str, shooter: dict[str, Any], target: str, victim: dict[str, Any], weapon: str, *, braced: bool, opportunity: bool, wound_points: int) -> None:
    """What follows a fire: the magazine check once after all its fires ([10.6]); the
    alarm when an attacker fires ([38.61]); the firer seen by the enemy men who can see
    him ([8.5]); and for a target of opportunity fire, task points lost ([9.31], ruling
    R6) and a panic check ([14.31], ruling R19)."""
    from paragraphs_spi_commando.procedures import _charts, _choices
    from paragraphs_spi_commando.rules import fire as rules
    from paragraphs_spi_commando.rules.panic import checks_under_opportunity_fire
    from paragraphs_spi_commando.rules.wounds import loses_task_points
    from paragraphs_spi_commando.turns import panic_check

    charts = _charts(ctx)
    row = rules.fire_row(charts, weapon, braced=braced)
    # a printed "No" (none) means the weapon never runs dry; any other value is a chance
    magazine = None if charts.value("fire_combat", row, "magazine") is None else charts.number("fire_combat", row, "magazine")
    # one lumped check: the weapon runs dry at or under its magazine chance ([10.62])
    spec = {"chance": min(magazine, 100) if magazine is not None else 0, "purpose": f"magazine check of {firer}'s {weapon}", "success": "unloaded", "failure": "loaded"}
    if magazine is not None:
        if ctx.check("spi_percent", spec) == "success":
            shooter["unloaded"] = [*(shooter.get("unloaded") or []), weapon]
            ctx.say(f"{firer}'s {weapon} is unloaded ([10.6]): reload before firing it again")
    game["last_firer"] = firer  # [10.71]: his fire may now be answered by opportunity fire
    raise_alarm(ctx, game, shooter, f"{firer} fired")
    ctx.say(f"Enemy men with sight of {firer} and in range now observe him ([8.5]): seen <man> {firer}")
    if not opportunity:
        return
    rulings = _choices(ctx)
    alive = condition_of(victim) not in ("dead", "incapacitated")
    if wound_points and loses_task_points(opportunity_fire=True, acted=True, ruling_r6=rulings["R6"]):
        victim["tp"] = min(int(victim["tp"]) + 2 * wound_points, 50)
        ctx.say(f"{target} loses {2 * wound_points} task points to his wounds ([9.31])")
    running = victim.get("routine") == "preservation"  # he checks for no panic ([15.22])
    if alive and not running and checks_under_opportunity_fire(hit=bool(wound_points), ruling_r19=rulings["R19"]):
        routine = panic_check(ctx, game, target, "under opportunity fire")
        if routine is not None:
            victim["routine"] = routine
            if routine == "prone":
                victim["prone"] = True
    if not alive and game["active"] == target:
        victim["acted"] = True
        from paragraphs_spi_commando.turns import _hand_over, player_of

        _hand_over(game, player_of(game, victim))
        ctx.say(f"{target} is out of the fight: his tasks end")


def raise_alarm(ctx: Context, game: dict[str, Any], attacker: dict[str, Any], why: str) -> None:
    """[38.61]: once an attacking man fires, throws or is observed by a defender, the
    defenders are alerted (their men panic automatically on the next turn's tasks)."""
    if game.get("alert_turn") is not None or game["sides"][attacker["side"]]["mode"] != "commando":
        return
    if any(side["mode"] == "defending" for side in game["sides"].values()):
        game["alert_turn"] = game["turn"]
        ctx.say(f"The defenders are alerted on turn {game['turn']}: {why} ([38.61])")


def observe(ctx: Context, observer: str = "", target: str = "", distance: int = 0, options: str | None = None, **_: Any) -> str:
    """One observation attempt ([8.7]): the observer's side letter gives the base, a
    defending side loses 20 until it has seen a commando (L1896), and ``options`` may name
    ``prone``, ``moving`` (the target), ``moved`` (the observer), ``inside_building`` or
    ``inside_hangar`` (the target inside, the observer outside: [8.45], [8.64]) and the
    target's terrain.
    A success is kept for that observer only ([8.82]); he holds three men at most ([8.34])."""
    from paragraphs_spi_commando.procedures import _charts, _choices
    from paragraphs_spi_commando.rules.observation import Sighting, observation_chance

    game = game_of(ctx)
    eye, seen = man_of(game, observer), man_of(game, target)
    if eye["side"] == seen["side"]:
        raise ParagraphsError(f"{observer} and {target} are on the same side")
    if condition_of(eye) in ("dead", "incapacitated"):
        raise ParagraphsError(f"{observer} is {condition_of(eye)} and cannot observe")
    held = game["observes"].setdefault(observer, [])
    if target in held:
        raise ParagraphsError(f"{observer} already observes {target}")
    if len(held) >= 3:
        raise ParagraphsError(f"{observer} already observes three men ([8.34]): a lapse must come first")
    tried = _attempts(game, eye)
    refusal = _observation_refusal(game, eye, target, tried)
    if refusal:
        raise ParagraphsError(f"{observer} may not try to observe {target} now: {refusal}")
    flags = {"prone": False, "moving": False, "moved": False, "inside_building": False, "inside_hangar": False}
    terrain = "clear"
    from paragraphs_spi_commando.optional_rules import LIGHTING, lighting_modifier

    lights = [w for w in (options or "").split() if w in LIGHTING]
    lighting = lighting_modifier(game, lights)
    lit = "lit" in (options or "").split() or "near_searchlight" in lights
    if "lit" in (options or "").split():
        from paragraphs_spi_commando.optional_rules import require

        require(game, "searchlights", "illumination", "hand_held_flares")
    within_observation_range(ctx, game, observer, target, int(distance), lit=lit)
    for word in (options or "").split():
        if word in LIGHTING or word == "lit":
            continue
        if word in flags:
            flags[word] = True
        elif word in ("clear", "rough_crater", "trench", "woods", "forest", "dune", "rubble"):
            terrain = word
        else:
            raise ParagraphsError(f"observe: {word!r} is not prone, moving, moved, inside_building, inside_hangar, a terrain, lit, near_searchlight or from_light")
    side = game["sides"][eye["side"]]
    sighting = Sighting(
        distance=int(distance),
        target_prone=flags["prone"] or lies_prone(seen),
        target_terrain=terrain,
        target_inside_building=flags["inside_building"],
        target_inside_hangar=flags["inside_hangar"],
        observer_moved=flags["moved"],
        target_moving=flags["moving"],
    )
    defending = defending_penalty(game, side, _choices(ctx)["R21"])
    chance = observation_chance(_charts(ctx), str(side["observation"]), sighting, defending=defending, ruling_r11=_choices(ctx)["R11"], lighting=lighting)
    tried["targets"].append(target)
    if ctx.check("spi_percent", {"chance": chance, "purpose": f"{observer} observes {target}", "success": "observed", "failure": "not observed"}) == "failure":
        return f"{observer} does not observe {target} (chance {chance})"
    held.append(target)
    tried["successes"] += 1
    eye["new_sightings"] = int(eye.get("new_sightings") or 0) + 1
    _sighted(ctx, game, eye, observer, seen, target)
    return f"{observer} observes {target} (chance {chance})"


def within_observation_range(ctx: Context, game: dict[str, Any], observer: str, target: str, distance: int, *, lit: bool = False) -> None:
    """[8.12]: a man tries to observe only a man within the scenario's observation range,
    read from its weather and light ([8.13]); a target in a lit area is read by the day
    column ([33.24], [34.11])."""
    from paragraphs_spi_commando.procedures import _charts
    from paragraphs_spi_commando.rules.observation import in_range, observation_range
    from paragraphs_spi_commando.scenarios import scenario

    record = scenario(ctx.book, str(game["scenario"])).record
    weather, light = str(record["weather"]), "day" if lit else str(record["light"])
    limit = observation_range(_charts(ctx), weather, light)
    if not in_range(distance, limit):
        where = f"{weather.replace('_', ' ')}, {light.replace('_', '/')}" + (", a lit area" if lit else "")
        raise ParagraphsError(f"{target} is {distance} squares from {observer}, beyond the observation range of {limit} squares ({where}) ([8.12])")


def _attempts(game: dict[str, Any], man: dict[str, Any]) -> dict[str, Any]:
    """The man's observation attempts this phase (cleared when the phase changes)."""
    stamp = f"{game['turn']}{game['phase']}"
    tried = man.get("observation")
    if not tried or tried.get("phase") != stamp:
        tried = man["observation"] = {"phase": stamp, "targets": [], "successes": 0}
    return tried  # type: ignore[no-any-return]


def _observation_refusal(game: dict[str, Any], man: dict[str, Any], target: str, tried: dict[str, Any]) -> str | None:
    """The limits of [8.3] and [8.85] on an attempt, or None: attempts are made in phases
    A, E and F; one attempt a man in phase A ([8.31]); one attempt at a given man a phase
    ([8.36]); one success a task phase ([8.32]); two new observations a game-turn
    ([8.85]). A surprised man observes nobody ([12.22])."""
    phase = game["phase"]
    if phase not in ("A", "E", "F"):
        return f"observation is tried in phases A, E and F, not {phase}"
    if surprised_now(man, game["turn"]):
        return "a surprised man may not observe ([12.22])"
    if phase == "A" and tried["targets"]:
        return "one attempt a man in the observation phase ([8.31])"
    if target in tried["targets"]:
        return "one attempt at a given enemy man a phase ([8.36])"
    if phase != "A" and tried["successes"]:
        return "one success a task execution phase ([8.32])"
    if int(man.get("new_sightings") or 0) >= 2:
        return "two new observations a game-turn at most ([8.85])"
    return None


def seen(ctx: Context, observer: str = "", target: str = "", drop: str | None = None, **_: Any) -> str:
    """Automatic observation ([8.5]): the players report that an enemy man with sight of
    a man who fired or threw, and in range, observes him, or that two men share a square
    ([12.23]); no roll. Ruling R10: it counts toward the three men held ([8.34]) but not
    toward the two new a turn; with three held the observer drops one (``drop``)."""
    game = game_of(ctx)
    eye, them = man_of(game, observer), man_of(game, target)
    if eye["side"] == them["side"]:
        raise ParagraphsError(f"{observer} and {target} are on the same side")
    if condition_of(eye) in ("dead", "incapacitated"):
        raise ParagraphsError(f"{observer} is {condition_of(eye)} and cannot observe")
    from paragraphs_spi_commando.procedures import _choices

    held = game["observes"].setdefault(observer, [])
    if target in held:
        return f"{observer} already observes {target}"
    said = ""
    ruling = _choices(ctx)["R10"]
    if ruling == "fully" and int(eye.get("new_sightings") or 0) >= 2:
        raise ParagraphsError(f"{observer} has made two new observations this turn ([8.85], ruling R10 fully)")
    if len(held) >= 3 and ruling != "ignored":
        if not drop or drop not in held:
            raise ParagraphsError(f"{observer} holds three men ({', '.join(held)}): name the one he drops, seen {observer} {target} <man> (ruling R10)")
        held.remove(drop)
        said = f", dropping {drop}"
    held.append(target)
    if ruling == "fully":
        eye["new_sightings"] = int(eye.get("new_sightings") or 0) + 1
    _sighted(ctx, game, eye, observer, them, target)
    return f"{observer} observes {target} automatically ([8.5]){said}"


def _sighted(ctx: Context, game: dict[str, Any], eye: dict[str, Any], observer: str, them: dict[str, Any], target: str) -> None:
    """A defender who observes a commando: the alarm ([38.61]) and, from the next turn, the
    end of the defending side's -20 (ruling R21)."""
    side = game["sides"][eye["side"]]
    if side["mode"] == "defending" and game["sides"][them["side"]]["mode"] == "commando":
        if side.get("commando_seen_turn") is None:
            side["commando_seen_turn"] = game["turn"]
        raise_alarm(ctx, game, them, f"{observer} observed {target}")
    from paragraphs_spi_commando.turns import sighted_while_running

    sighted_while_running(ctx, game, observer)  # a panicked runner's new sighting ([14.27])


def defending_penalty(game: dict[str, Any], side: dict[str, Any], ruling_r21: str = "turn_after_observed") -> bool:
    """Whether a defending side still observes at -20 (L1896): until the turn after one of
    its men first observes a commando, or (ruling R21 ``until_alerted``) until the alarm."""
    if side["mode"] != "defending":
        return False
    if ruling_r21 == "until_alerted":
        return game.get("alert_turn") is None
    seen = side.get("commando_seen_turn")
    return seen is None or int(game["turn"]) <= int(seen)


def lapse(ctx: Context, observer: str = "", target: str = "", **_: Any) -> str:
    """Bookkeeping ([8.84]): ``target`` is out of the observer's range or line of sight,
    so the observer no longer observes him (other observers keep him). Only in phase G: a
    man out of sight for a moment during the task phases is still observed."""
    from paragraphs_spi_commando.turns import require_phase

    game = game_of(ctx)
    require_phase(game, "G", what="a lapse of observation ([8.84])")
    man_of(game, observer)
    held = game["observes"].get(observer, [])
    if target not in held:
        raise ParagraphsError(f"{observer} does not observe {target}")
    held.remove(target)
    return f"{observer} no longer observes {target}"
