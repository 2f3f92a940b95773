"""Hand-to-hand combat as the referee runs it in phase D, section [12.0]: one combat of
two men in a square, from the panic checks to the fifth round.

Order ([12.0], [5.1] D): a panic check for each man; the combat's own initiative
([12.54], 1D10 each, ruling R18); one disengagement attempt ([12.3]); then five rounds of
grapple or evade ([12.4]) and blows in initiative order ([12.5]-[12.8]). Each man says
in each round whether he grapples or evades (asked, unless he has panicked, who grapples
every round, [14.29], or is surprised, who cannot grapple, [12.24]). Wounds apply at once;
the combat ends when a man is killed or incapacitated. Both men spend no task points in
the task phases of the turn ([12.0]).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from paragraphs.errors import ParagraphsError

from paragraphs_spi_commando.referee import condition_of, game_of, man_of

if TYPE_CHECKING:
    from paragraphs.context import Context

ROUNDS = 5
STANCES = (("grapple", "grapple"), ("evade", "evade"))


def melee_weapon(charts: Any, man: dict[str, Any], chosen: str | None = None) -> str:
    """The [12.93] row a man strikes with ([12.51]): the weapon named, else the
    hand-to-hand weapon he carries (a knife, a stick), else his prepared fire weapon's
    row, else his fists."""
    melee_rows = {r.key for r in charts["melee_weapons"].rows}
    fire_rows = {r.key for r in charts["weapons"].rows}
    for weapon in ([chosen] if chosen else []) + [w for w in man["weapons"] if w in melee_rows and w not in fire_rows]:
        if weapon in melee_rows:
            return weapon
        if weapon in fire_rows:
            row = charts.value("weapons", weapon, "melee_row")
            if row is not None:
                return str(row)
    prepared = man.get("prepared")
    if prepared in fire_rows:
        row = charts.value("weapons", prepared, "melee_row")
        if row is not None:
            return str(row)
    return "fists"


def may_strike(man: dict[str, Any], turn: int, round_: int, *, struck: bool, ruling_r16: str = "after_a_blow") -> bool:
    """Ruling R16 on a surprised man's blows ([12.23], [12.26]): in the turn he is
    surprised he strikes only once he has taken a blow (``after_a_blow``; ``never`` bars
    him that turn); in the next turn only in rounds 2-5."""
    surprised = man.get("surprised_turn")
    if surprised is None:
        return True
    if turn == int(surprised):
        return struck and ruling_r16 == "after_a_blow"
    if turn == int(surprised) + 1:
        return round_ >= 2
    return True


def _stance(ctx: Context, man_id: str, man: dict[str, Any], round_: int, turn: int, index: int) -> str:
    """What the man announces this round: asked as ``stance.<round><1 or 2>`` (the title's
    ``stance`` question, numbered so an answer can be given ahead with ``--answer``)."""
    from paragraphs.model import Question

    if man.get("routine") == "melee_panic":
        return "grapple"
    if man.get("surprised_turn") is not None and int(turn) - int(man["surprised_turn"]) <= 1:
        return "evade"
    q = Question(f"stance.{round_}{index}", f"Round {round_}: does {man_id} grapple or evade?", "choice", choices=STANCES)
    return str(ctx.answer(q))


def _grapple(ctx: Context, a: str, sa: str, b: str, sb: str, men: dict[str, dict[str, Any]], grappled: bool) -> bool:
    """[12.41]-[12.44]: whether the two are grappled after this round's announcements."""
    from paragraphs_spi_commando.rules.melee import breaks_grapple, grapple

    if grappled:
        # to get out of a grapple a man must roll a 1 on 1D6, even if both want out
        for man_id, stance in ((a, sa), (b, sb)):
            if stance == "evade" and breaks_grapple(ctx.roll("d6", f"{man_id} tries to break the grapple")):
                ctx.say(f"{man_id} breaks the grapple ([12.44])")
                return False
        return True
    if sa == "grapple" and sb == "grapple":
        return True
    if "grapple" not in (sa, sb):
        return False
    attacker, defender = (a, b) if sa == "grapple" else (b, a)
    if men[defender].get("surprised_turn") is not None:
        ctx.say(f"{defender} is surprised and is grappled ([12.24])")
        return True
    ok = grapple("grapple", "evade", ctx.roll("d6", f"{attacker} tries to grapple {defender}"))
    ctx.say(f"{attacker} {'grapples' if ok else 'fails to grapple'} {defender} ([12.42])")
    return ok


def _blow(ctx: Context, striker_id: str, target_id: str, men: dict[str, dict[str, Any]], weapons: dict[str, str], grappled: bool, first_blow: bool) -> bool:
    """One blow ([12.6], [12.7], [12.8]) with its wounds applied at once; whether it landed."""
    from paragraphs_spi_commando.procedures import _charts, _choices
    from paragraphs_spi_commando.rules import melee as rules

    charts = _charts(ctx)
    striker, target = men[striker_id], men[target_id]
    weapon = weapons[striker_id]
    wounded = condition_of(striker) == "seriously wounded"
    surprised_first = first_blow and target.get("surprised_turn") is not None
    if weapon == "garrote":
        chance = rules.garrote_hit_chance(charts, grappled=grappled, surprised=target.get("surprised_turn") is not None)
        if not chance or ctx.check("spi_percent", {"chance": chance, "purpose": f"{striker_id} garrotes {target_id}", "success": "hit", "failure": "missed"}) == "failure":
            ctx.say(f"{striker_id}'s garrote misses {target_id}" + ("" if chance else " (he must grapple first, [12.83])"))
            return False
        if ctx.check("spi_percent", {"chance": rules.garrote_kill_chance(charts), "purpose": f"garrote kill of {target_id}", "success": "killed", "failure": "no harm"}) == "success":
            target["dead"] = True
            ctx.say(f"{striker_id} garrotes {target_id}: killed ([12.83])")
        else:
            ctx.say(f"{striker_id}'s garrote does no harm ([12.83])")
        return True
    kill = rules.kill_chance(charts, weapon, surprised_first_blow=surprised_first)
    if not grappled:
        chance = rules.hit_chance(charts, weapon, seriously_wounded=wounded)
        purpose = f"{striker_id} strikes {target_id} ({weapon})"
        if _choices(ctx)["R17"] == "hit_roll":
            # one d100: at or under the kill chance kills, at or under the hit chance hits
            outcome = ctx.check("spi_fire", {"chance": chance, "kill": min(kill, chance), "purpose": purpose})
            if outcome == "missed":
                ctx.say(f"{striker_id} strikes at {target_id} and misses ({chance}%)")
                return False
            killed = outcome == "killed"
        else:
            if ctx.check("spi_percent", {"chance": chance, "purpose": purpose, "success": "hit", "failure": "missed"}) == "failure":
                ctx.say(f"{striker_id} strikes at {target_id} and misses ({chance}%)")
                return False
            killed = None
    else:
        killed = None
    if killed is None:
        killed = ctx.check("spi_percent", {"chance": min(kill, 100), "purpose": f"kill roll of {striker_id}'s blow on {target_id}", "success": "killed", "failure": "not killed"}) == "success"
    if killed:
        target["dead"] = True
        ctx.say(f"{striker_id} kills {target_id} with his {weapon.replace('_', ' ')} (kill {kill}%, [12.82])")
        return True
    wp = rules.blow_damage(charts, weapon, ctx.roll("d10", f"damage of {striker_id}'s blow"), grappled=grappled, seriously_wounded=wounded, ruling_r15=_choices(ctx)["R15"])
    target["wounds"] = int(target["wounds"]) + wp
    ctx.say(f"{striker_id} hits {target_id}{' (grappled)' if grappled else ''}: {wp} WP, {condition_of(target)}")
    return True


def _draw(ctx: Context, man_id: str, weapon: str, man: dict[str, Any], weapons: dict[str, str], grappled: bool) -> None:
    """[12.5], [12.92]: instead of a blow, a man tries to draw another weapon he carries
    (2D6 by whether he held a weapon and is grappled); drawn, he strikes with it from
    the next round."""
    from paragraphs_spi_commando.procedures import _charts
    from paragraphs_spi_commando.rules.melee import draws_weapon

    charts = _charts(ctx)
    if weapon not in man["weapons"]:
        raise ParagraphsError(f"{man_id} carries {', '.join(man['weapons'])}, not {weapon}")
    armed = weapons[man_id] != "fists"
    roll = ctx.roll("2d6", f"{man_id} draws his {weapon.replace('_', ' ')}")
    if draws_weapon(charts, armed=armed, grappled=grappled, roll=roll):
        weapons[man_id] = melee_weapon(charts, man, weapon)
        ctx.say(f"{man_id} draws his {weapon.replace('_', ' ')} ([12.92])")
    else:
        ctx.say(f"{man_id} fails to draw his {weapon.replace('_', ' ')} ([12.92])")


def melee(ctx: Context, first: str = "", second: str = "", options: str | None = None, **_: Any) -> str:
    """Hand-to-hand combat of two enemy men in one square, in phase D ([12.0]).

    ``options``: ``surprised=<man>`` (his square was entered unseen this turn, [12.21]),
    ``withdraw=<man>`` (his player wants out: one disengagement roll, [12.3]),
    ``<man>=<weapon>`` (the weapon he strikes with, a [12.93] row or a weapon he carries)
    and ``draw=<man>:<weapon>:<round>`` (in that round he tries to draw a weapon he
    carries instead of striking, [12.92]).
    """
    from paragraphs_spi_commando.procedures import _charts, _choices
    from paragraphs_spi_commando.rules.melee import disengagement
    from paragraphs_spi_commando.rules.tasks import initiative
    from paragraphs_spi_commando.turns import panic_check, require_phase

    game = game_of(ctx)
    require_phase(game, "D", what="hand-to-hand combat")
    men = {first: man_of(game, first), second: man_of(game, second)}
    if men[first]["side"] == men[second]["side"]:
        raise ParagraphsError(f"{first} and {second} are on the same side")
    for man_id, man in men.items():
        if condition_of(man) in ("dead", "incapacitated") or man.get("exited"):
            raise ParagraphsError(f"{man_id} cannot fight: he is {'off the map' if man.get('exited') else condition_of(man)}")
        if man.get("melee_turn") == game["turn"]:
            raise ParagraphsError(f"{man_id} has fought his hand-to-hand combat this turn")
    charts = _charts(ctx)
    chosen: dict[str, str] = {}
    draws: dict[tuple[str, int], str] = {}
    withdraw = None
    for word in (options or "").split():
        key, sep, value = word.partition("=")
        if sep and key == "surprised" and value in men:
            men[value]["surprised_turn"] = game["turn"]
        elif sep and key == "withdraw" and value in men:
            withdraw = value
        elif sep and key == "draw" and value.count(":") == 2 and value.split(":")[0] in men and value.split(":")[2].isdigit():
            who, weapon, at = value.split(":")
            draws[(who, int(at))] = weapon
        elif sep and key in men:
            chosen[key] = value
        else:
            raise ParagraphsError(f"melee: {word!r} is not surprised=<man>, withdraw=<man>, <man>=<weapon> or draw=<man>:<weapon>:<round>")
    weapons = {mid: melee_weapon(charts, man, chosen.get(mid)) for mid, man in men.items()}
    for mid, man in men.items():
        man["in_melee"] = True
        man["melee_turn"] = game["turn"]
        if man.get("surprised_turn") is None and panic_check(ctx, game, mid, "before hand-to-hand combat") is not None:
            man["routine"] = "melee_panic"
            ctx.say(f"{mid} grapples and strikes every round in his panic ([14.29])")
    if _choices(ctx)["R18"] == "turn_initiative" and game.get("initiative"):
        from paragraphs_spi_commando.turns import player_of

        order = [first, second] if player_of(game, men[first]) == game["initiative"] else [second, first]
        ctx.say(f"Hand-to-hand initiative (ruling R18): the turn's, {order[0]} first")
    else:
        a = ctx.roll("d10", f"hand-to-hand initiative, {first}")
        b = ctx.roll("d10", f"hand-to-hand initiative, {second}", allowed=set(range(1, 11)) - {a})
        order = [first, second] if initiative(a, b) == "A" else [second, first]
        ctx.say(f"Hand-to-hand initiative ([12.54], ruling R18): {first} {a}, {second} {b}: {order[0]} first")
    if withdraw is not None:
        other = second if withdraw == first else first
        if men[withdraw].get("surprised_turn") is not None:
            ctx.say(f"{withdraw} is surprised and may not disengage ([12.32])")
        elif disengagement(charts, 1, 1, ctx.roll("2d6", f"{withdraw} tries to disengage")) == "all":
            for man in men.values():
                man["in_melee"] = False
            cost = int(charts.value("task_points", "disengage"))
            men[withdraw]["tp"] = int(men[withdraw]["tp"]) + cost
            return f"{withdraw} disengages from {other} ([12.31]): {cost} task points"
        else:
            ctx.say(f"{withdraw} fails to disengage from {other} ([12.3])")
    grappled = False
    # struck: a blow has landed on the man ([12.23]); swung: the man has struck a blow,
    # so his next is not his first ([12.25])
    struck: dict[str, bool] = {first: False, second: False}
    swung: dict[str, bool] = {first: False, second: False}
    ruling_r16 = _choices(ctx).get("R16", "after_a_blow")
    for round_ in range(1, ROUNDS + 1):
        stances = {mid: _stance(ctx, mid, men[mid], round_, game["turn"], 1 if mid == first else 2) for mid in order}
        grappled = _grapple(ctx, order[0], stances[order[0]], order[1], stances[order[1]], men, grappled)
        for striker in order:
            target = second if striker == first else first
            if (striker, round_) in draws:
                _draw(ctx, striker, draws[(striker, round_)], men[striker], weapons, grappled)
                continue
            if not may_strike(men[striker], int(game["turn"]), round_, struck=struck[striker], ruling_r16=ruling_r16):
                ctx.say(f"round {round_}: {striker} is surprised and may not strike yet ([12.23], [12.26])")
                continue
            landed = _blow(ctx, striker, target, men, weapons, grappled, not swung[striker])
            swung[striker] = True
            struck[target] = struck[target] or landed
            if condition_of(men[target]) in ("dead", "incapacitated"):
                return f"hand-to-hand combat over in round {round_}: {target} {condition_of(men[target])}"
    return f"hand-to-hand combat of {first} and {second} ends after five rounds: {first} {condition_of(men[first])}, {second} {condition_of(men[second])}"
