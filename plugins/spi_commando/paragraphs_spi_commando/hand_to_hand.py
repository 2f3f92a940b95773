"""Hand-to-hand combat as the referee runs it in phase D, section [12.0]: one combat of
two men in a square, from the panic checks to the fifth round.

Order ([12.0], [5.1] D): a panic check for each man; the combat's own initiative
([12.54], 1D10 each, ruling R18); one disengagement attempt ([12.3]); then five rounds of
grapple or evade ([12.4]) and blows in initiative order ([12.5]-[12.8]). Each man says
in each round whether he grapples or evades (asked, unless he is surprised, who cannot
grapple, [12.24], even in a panic, or has panicked, who grapples every round, [14.29]). Wounds apply at once;
the combat ends when a man is killed or incapacitated. Both men spend no task points in
the task phases of the turn ([12.0]).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from paragraphs.errors import ParagraphsError

from paragraphs_spi_commando.arms import square_named
from paragraphs_spi_commando.melee_arms import arm, check_choices, draw
from paragraphs_spi_commando.referee import condition_of, game_of, man_of, surprised_now

if TYPE_CHECKING:
    from paragraphs.context import Context

ROUNDS = 5
STANCES = (("grapple", "grapple"), ("evade", "evade"))


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


def evading_round_after_death(grapples: dict[str, str], dead: str, round_: int, evades: dict[str, int]) -> list[str]:
    """[12.61]: a man whose grappled man dies must spend one round evading before he
    strikes at another man. Marks, in ``evades``, the round after this one for each man
    who held ``dead``, and returns them (they are let go of him in any case)."""
    holders = [holder for holder, held in grapples.items() if held == dead and holder != dead]
    for holder in holders:
        evades[holder] = round_ + 1
    return holders


def must_evade(evades: dict[str, int], man_id: str, round_: int, ruling: str = "evade_stance") -> tuple[str | None, bool]:
    """What [12.61] (ruling R42) leaves a man in ``round_``: the stance forced on him (None
    when he announces his own) and whether he may strike a blow. In his round of evading he
    strikes no blow; under ``evade_stance`` he also announces evade (he tries to grapple
    nobody, and a man who grapples him needs the 6 of [12.42]); under ``no_blow`` he only
    loses the blow and announces what he likes."""
    if evades.get(man_id) != round_:
        return None, True
    return ("evade" if ruling == "evade_stance" else None), False


def _stance(ctx: Context, man_id: str, man: dict[str, Any], round_: int, turn: int, index: int, forced: str | None = None) -> str:
    """What the man announces this round: asked as ``stance.<round><1 or 2>`` (the title's
    ``stance`` question, numbered so an answer can be given ahead with ``--answer``)."""
    from paragraphs.model import Question

    if forced is not None:
        return forced
    if surprised_now(man, turn):
        return "evade"  # he may not grapple ([12.24]), even in a panic ([14.29])
    if man.get("routine") == "melee_panic":
        return "grapple"
    q = Question(f"stance.{round_}{index}", f"Round {round_}: does {man_id} grapple or evade?", "choice", choices=STANCES)
    return str(ctx.answer(q))


def _blow(ctx: Context, striker_id: str, target_id: str, men: dict[str, dict[str, Any]], weapons: dict[str, str], grappled: bool, first_blow: bool) -> bool:
    """One blow ([12.6], [12.7], [12.8]) with its wounds applied at once; whether it landed."""
    from paragraphs_spi_commando.procedures import _charts, _choices
    from paragraphs_spi_commando.rules import melee as rules

    charts = _charts(ctx)
    striker, target = men[striker_id], men[target_id]
    weapon = weapons[striker_id]
    wounded = condition_of(striker) == "seriously wounded"
    surprised = surprised_now(target, game_of(ctx)["turn"])
    surprised_first = first_blow and surprised
    if weapon == "garrote":
        chance = rules.garrote_hit_chance(charts, grappled=grappled, surprised=surprised)
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


def _ask_enemy(ctx: Context, key: str, prompt: str, enemies: list[str]) -> str:
    """One of several enemy men, asked by his number in the order they were named."""
    from paragraphs.model import Question

    if len(enemies) == 1:
        return enemies[0]
    q = Question(key, f"{prompt} (1 = {enemies[0]}, 2 = {enemies[1]})", "integer", 1, len(enemies))
    return enemies[int(ctx.answer(q)) - 1]


def _words(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def melee(ctx: Context, first: str = "", second: str = "", options: str | None = None, **_: Any) -> str:
    """Hand-to-hand combat in one square, in phase D ([12.0]): ``first`` and ``second``, and
    up to two men a side with ``with=<man>,<man>``.

    ``options``: ``surprised=<man>`` (his square was entered unseen this turn, [12.21]),
    ``withdraw=<man>`` (his player wants out: one disengagement roll, [12.3]),
    ``<man>=<weapon>`` (the weapon he strikes with, a [12.93] row or a weapon he carries)
    and ``draw=<man>:<weapon>:<round>`` (in that round he tries to draw a weapon he
    carries instead of striking, [12.92]). With several enemies, a man who grapples names
    his target (``grapple_target.<round><n>``) and one who strikes unbound names his
    (``blow_target.<round><n>``), n being his place in the order the men were named.
    """
    from paragraphs_spi_commando.procedures import _charts, _choices
    from paragraphs_spi_commando.rules.melee import disengagement
    from paragraphs_spi_commando.rules.tasks import initiative
    from paragraphs_spi_commando.turns import panic_check, player_of, require_phase

    game = game_of(ctx)
    require_phase(game, "D", what="hand-to-hand combat")
    words = (options or "").split()
    extra = [n for w in words if w.startswith("with=") for n in w[5:].split(",") if n]
    names = list(dict.fromkeys([first, second, *extra]))
    men = {n: man_of(game, n) for n in names}
    player = {n: player_of(game, m) for n, m in men.items()}
    if player[first] == player[second]:
        raise ParagraphsError(f"{first} and {second} are on the same side")
    if len(set(player.values())) != 2 or any(list(player.values()).count(p) > 2 for p in player.values()):
        raise ParagraphsError("a hand-to-hand combat holds one or two men of each side ([7.0], [12.16])")
    for man_id, man in men.items():
        if condition_of(man) in ("dead", "incapacitated") or man.get("exited"):
            raise ParagraphsError(f"{man_id} cannot fight: he is {'off the map' if man.get('exited') else condition_of(man)}")
        if man.get("melee_turn") == game["turn"]:
            raise ParagraphsError(f"{man_id} has fought his hand-to-hand combat this turn")
    charts = _charts(ctx)
    chosen: dict[str, str] = {}
    draws: dict[tuple[str, int], str] = {}
    withdraw = surprised = square = None
    def in_this_combat(who: str, word: str) -> str:
        # a man of the game who is not in this combat: say so, not that the word is malformed
        if who not in men:
            raise ParagraphsError(f"melee: {word!r} names {who}, who is not in this combat ({', '.join(names)}; add a man with with=<man>)")
        return who

    for word in words:
        key, sep, value = word.partition("=")
        if sep and key == "with":
            continue
        if sep and key == "surprised" and value in game["men"]:
            surprised = in_this_combat(value, word)
        elif sep and key == "withdraw" and value in game["men"]:
            withdraw = in_this_combat(value, word)
        elif sep and key == "square":
            square = square_named(value)
        elif sep and key == "draw" and value.count(":") == 2 and value.split(":")[0] in game["men"] and value.split(":")[2].isdigit():
            who, weapon, at = value.split(":")
            if (in_this_combat(who, word), int(at)) in draws:
                raise ParagraphsError(f"melee: {who}'s draw in round {at} is named twice (one draw=<man>:<weapon>:<round> a round)")
            draws[(who, int(at))] = weapon
        elif sep and value and key in game["men"]:
            if in_this_combat(key, word) in chosen:
                raise ParagraphsError(f"melee: {key}'s weapon is named twice ({key}={chosen[key]}, {word}): he strikes with one")
            chosen[key] = value
        else:
            raise ParagraphsError(f"melee: {word!r} is not with=<men>, surprised=<man>, withdraw=<man>, <man>=<weapon>, draw=<man>:<weapon>:<round> or square=<square>")
    if surprised is not None:
        men[surprised]["surprised_turn"] = game["turn"]
    # every weapon named is checked before a die is rolled (a refusal changes nothing)
    check_choices(charts, game, men, chosen, draws, square)
    weapons = arm(ctx, charts, game, men, chosen, square)
    for mid, man in men.items():
        man["in_melee"] = True
        man["melee_turn"] = game["turn"]
        if panic_check(ctx, game, mid, "before hand-to-hand combat") is not None:
            man["routine"] = "melee_panic"
            ctx.say(f"{mid} grapples and strikes every round in his panic ([14.29])")
    lead = next(n for n in names if player[n] != player[first])
    if _choices(ctx)["R18"] == "turn_initiative" and game.get("initiative"):
        winner = first if player[first] == game["initiative"] else lead
        ctx.say(f"Hand-to-hand initiative (ruling R18): the turn's, {winner} first")
    else:
        a = ctx.roll("d10", f"hand-to-hand initiative, {first}")
        b = ctx.roll("d10", f"hand-to-hand initiative, {lead}", allowed=set(range(1, 11)) - {a})
        winner = first if initiative(a, b) == "A" else lead
        ctx.say(f"Hand-to-hand initiative ([12.54], ruling R18): {first} {a}, {lead} {b}: {winner} first")
    number = {n: i + 1 for i, n in enumerate(names)}  # the keys of the questions keep these

    def turns_of(present: list[str]) -> list[str]:
        # the sides take turns, man by man, the side with the combat's initiative first ([12.5])
        ahead = [n for n in present if player[n] == player[winner]]
        behind = [n for n in present if player[n] != player[winner]]
        return [n for pair in zip(ahead + [""], behind + [""]) for n in pair if n][: len(present)]

    order = turns_of(names)
    # grapples last until broken ([12.44]) or disengaged ([12.33]): those of this square's
    # last combat are where this one starts
    held_over = {a: b for a, b in (game.get("grapples") or {}).items() if a in men and b in men}
    if withdraw is not None:
        leaving = [n for n in names if player[n] == player[withdraw]]
        staying = [n for n in names if player[n] != player[withdraw]]
        if surprised_now(men[withdraw], game["turn"]):
            ctx.say(f"{withdraw} is surprised and may not disengage ([12.32])")
        else:
            result = disengagement(charts, len(leaving), len(staying), ctx.roll("2d6", f"{withdraw} tries to disengage"))
            out = leaving if result == "all" else [withdraw] if result == "one" else []
            if not out:
                ctx.say(f"{_words(leaving)} fail{'s' if len(leaving) == 1 else ''} to disengage from {_words(staying)} ([12.3])")
            else:
                paid = [_disengage_cost(ctx, charts, n, men, held_over) for n in out]
                if result == "all":
                    for man in men.values():
                        man["in_melee"] = False
                    _keep_grapples(game, names, {}, men)
                    return f"{_words(out)} disengage{'s' if len(out) == 1 else ''} from {_words(staying)} ([12.31]): " + "; ".join(dict.fromkeys(paid))
                ctx.say(f"{withdraw} disengages ([12.31]): {paid[0]}")
                names = [n for n in names if n != withdraw]
                order = turns_of(names)
    # grapples[a] = b: a grapples b ([12.4]); struck: a blow has landed on the man
    # ([12.23]); swung: the man has struck a blow, so his next is not his first ([12.25])
    grapples: dict[str, str] = {a: b for a, b in held_over.items() if a in names and b in names}
    struck = {n: False for n in names}
    swung = {n: False for n in names}
    ruling_r16 = _choices(ctx).get("R16", "after_a_blow")
    # evades[man] = the round he must spend evading after the man he held died ([12.61])
    evades: dict[str, int] = {}
    ruling_r42 = _choices(ctx).get("R42", "evade_stance")
    ruling_r46 = _choices(ctx).get("R46", "always")

    def able(n: str) -> bool:
        return condition_of(men[n]) not in ("dead", "incapacitated")

    def bound(n: str) -> bool:
        return n in grapples or n in grapples.values()

    for round_ in range(1, ROUNDS + 1):
        fighting = [n for n in order if able(n)]
        stances = {mid: _stance(ctx, mid, men[mid], round_, game["turn"], number[mid], must_evade(evades, mid, round_, ruling_r42)[0]) for mid in fighting}
        for mid in fighting:
            if evades.get(mid) == round_:
                ctx.say(f"round {round_}: {mid} spends the round evading, the man he held being dead ([12.61], ruling R42)")
        targets = {}
        for mid in fighting:
            if stances[mid] == "grapple" and mid not in grapples:
                enemies = [n for n in names if player[n] != player[mid] and able(n)]
                targets[mid] = _ask_enemy(ctx, f"grapple_target.{round_}{number[mid]}", f"Round {round_}: whom does {mid} grapple?", enemies)
        _resolve_grapples(ctx, fighting, stances, targets, grapples, men)
        for striker in fighting:
            if not able(striker):
                continue
            if (striker, round_) in draws and draw(ctx, charts, game, striker, men[striker], draws[(striker, round_)], weapons, bound(striker), str(square), ruling_r46):
                continue
            if not must_evade(evades, striker, round_, ruling_r42)[1]:
                continue
            if not may_strike(men[striker], int(game["turn"]), round_, struck=struck[striker], ruling_r16=ruling_r16):
                ctx.say(f"round {round_}: {striker} is surprised and may not strike yet ([12.23], [12.26])")
                continue
            if striker in grapples:
                target = grapples[striker]  # a grappling man strikes only the man he holds ([12.61])
            else:
                free = [n for n in names if player[n] != player[striker] and able(n) and not bound(n)]
                if not free:
                    ctx.say(f"round {round_}: {striker} has no enemy he may strike: the others are grappled ([12.71])")
                    continue
                target = _ask_enemy(ctx, f"blow_target.{round_}{number[striker]}", f"Round {round_}: whom does {striker} strike?", free)
            landed = _blow(ctx, striker, target, men, weapons, striker in grapples, not swung[striker])
            swung[striker] = True
            struck[target] = struck[target] or landed
            if not able(target):
                if condition_of(men[target]) == "dead":
                    evading_round_after_death(grapples, target, round_, evades)
                for holder, held in list(grapples.items()):
                    if target in (holder, held):
                        del grapples[holder]
                if not any(able(n) for n in names if player[n] == player[target]):
                    _keep_grapples(game, list(men), {}, men)
                    return f"hand-to-hand combat over in round {round_}: {target} {condition_of(men[target])}"
    _keep_grapples(game, list(men), grapples, men)
    return f"hand-to-hand combat of {_words(names)} ends after five rounds: " + ", ".join(f"{n} {condition_of(men[n])}" for n in names)


def _keep_grapples(game: dict[str, Any], names: list[str], grapples: dict[str, str], men: dict[str, dict[str, Any]]) -> None:
    """The grapples standing at the end of a combat, kept for the square's next one
    ([12.44]); those of its men from before are replaced."""
    kept = {a: b for a, b in (game.get("grapples") or {}).items() if a not in names and b not in names}
    live = {a: b for a, b in grapples.items() if condition_of(men[a]) not in ("dead", "incapacitated") and condition_of(men[b]) not in ("dead", "incapacitated")}
    game["grapples"] = {**kept, **live}


def _disengage_cost(ctx: Context, charts: Any, man_id: str, men: dict[str, dict[str, Any]], held_over: dict[str, str]) -> str:
    """What getting away costs ([12.31], [12.33]): the disengagement task, or for a man in a
    grapple half his task points (he keeps half, rounded down), and as much from each man
    who grappled him."""
    from paragraphs_spi_commando.turns import left

    man = men[man_id]
    man["in_melee"] = False
    partners = [o for o in men if o != man_id and (held_over.get(man_id) == o or held_over.get(o) == man_id)]
    if not partners:
        cost = charts.number("task_points", "disengage")
        man["tp"] = int(man["tp"]) + cost
        return f"{cost} task points"
    said = []
    for who in [man_id, *[o for o in partners if held_over.get(o) == man_id]]:
        half = left(men[who]) - left(men[who]) // 2
        men[who]["tp"] = int(men[who]["tp"]) + half
        said.append(f"{who} loses {half}")
    for a in [a for a, b in held_over.items() if man_id in (a, b)]:
        del held_over[a]
    return f"{man_id} was grappled: half his task points ([12.33]), " + ", ".join(said)


def _resolve_grapples(ctx: Context, fighting: list[str], stances: dict[str, str], targets: dict[str, str], grapples: dict[str, str], men: dict[str, dict[str, Any]]) -> None:
    """[12.41]-[12.45] for one round: a man who wants out of a grapple breaks it on a 1
    (one of the two must roll it, even if both want out); a new attempt succeeds at once
    on a man who grapples him back or is surprised ([12.24]), on a 6 against a man who
    evades (both then hold each other), and one way on a man who grapples another."""
    from paragraphs_spi_commando.rules.melee import breaks_grapple, grapple

    for mid in fighting:
        if stances[mid] != "evade":
            continue
        holds = [held for holder, held in grapples.items() if holder == mid] + [holder for holder, held in grapples.items() if held == mid]
        for other in dict.fromkeys(holds):
            if (grapples.get(mid) == other or grapples.get(other) == mid) and breaks_grapple(ctx.roll("d6", f"{mid} tries to break the grapple")):
                ctx.say(f"{mid} breaks the grapple ([12.44])")
                if grapples.get(mid) == other:
                    del grapples[mid]
                if grapples.get(other) == mid:
                    del grapples[other]
    for mid in fighting:
        target = targets.get(mid)
        if target is None or mid in grapples:
            continue
        if grapples.get(target) == mid or targets.get(target) == mid:
            grapples[mid] = target
            if targets.get(target) == mid and target not in grapples:
                grapples[target] = mid
        elif surprised_now(men[target], game_of(ctx)["turn"]):
            grapples[mid] = target
            grapples.setdefault(target, mid)
            ctx.say(f"{target} is surprised and is grappled ([12.24])")
        elif stances.get(target) == "evade":
            ok = grapple("grapple", "evade", ctx.roll("d6", f"{mid} tries to grapple {target}"))
            ctx.say(f"{mid} {'grapples' if ok else 'fails to grapple'} {target} ([12.42])")
            if ok:
                grapples[mid] = target
                grapples.setdefault(target, mid)
        else:
            grapples[mid] = target  # he holds a man who holds another ([12.41], [12.45])
