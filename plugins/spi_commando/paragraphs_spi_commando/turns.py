"""The referee's steps for the sequence of play: phases, activations, task points, panic,
preservation and victory. Each is a procedure run as one journaled step
(``Engine.perform``), so a session saves, undoes (without re-rolling) and logs it.

The game record (``state.extra["spi_commando"]``, built by
:func:`paragraphs_spi_commando.referee.setup`) keeps the turn, the phase (A-H), the side
with the initiative, the side whose man acts next, the man acting now, and per man his
task points spent this turn and what he did ([38.21] Data Log).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from paragraphs.errors import ParagraphsError

from paragraphs_spi_commando.referee import ALLOWANCE, condition_of, game_of, man_of
from paragraphs_spi_commando.rules.sequence import PHASE_NAMES, TASK_PHASES, can_act, may_opportunity_fire, next_phase, next_to_act

if TYPE_CHECKING:
    from paragraphs.context import Context

#: What a man does afresh each game-turn (the Data Log's columns for one turn).
TURN_FIELDS = {"tp": 0, "combat": False, "acted": False, "executed": False, "plotted": False, "opp_fired": False, "panic_phase": None, "routine": None, "in_melee": False, "new_sightings": 0, "plot_paid": False, "plot_throw": False, "ready_tp": None}


def view(man: dict[str, Any]) -> dict[str, Any]:
    """A man with his condition as flags, for the sequence rules."""
    c = condition_of(man)
    return {**man, "dead": c == "dead", "incapacitated": c == "incapacitated"}


def player_of(game: dict[str, Any], man: dict[str, Any]) -> str:
    """The player who moves a man: his side's player letter (a scenario's defenders and
    their reinforcements are one player)."""
    return str(game["sides"][man["side"]].get("player") or game["sides"][man["side"]]["letter"])


def views(game: dict[str, Any]) -> list[dict[str, Any]]:
    """Every man as the sequence rules see him, ``side`` read as his player."""
    return [{**view(m), "side": player_of(game, m)} for m in game["men"].values()]


def side_order(game: dict[str, Any]) -> list[str]:
    """The two players, by letter, in the scenario's order."""
    return list(dict.fromkeys(str(side.get("player") or side["letter"]) for side in game["sides"].values()))


def other_side(game: dict[str, Any], player: str) -> str:
    return next(p for p in side_order(game) if p != player)


def side_of_letter(game: dict[str, Any], word: str) -> str:
    """The player of a side named by its id (``british``) or its letter (``A``)."""
    for sid, side in game["sides"].items():
        if word in (sid, side["letter"]):
            return str(side.get("player") or side["letter"])
    known = ", ".join(f"{side['letter']} {sid}" for sid, side in game["sides"].items())
    raise ParagraphsError(f"no side {word!r} (sides: {known})")


def letter(game: dict[str, Any], player: str) -> str:
    return player


def left(man: dict[str, Any]) -> int:
    """Task points the man still has this turn ([5.2], [9.22])."""
    allowance = 0 if condition_of(man) in ("incapacitated", "dead") else ALLOWANCE
    return max(allowance - int(man["tp"]), 0)


def spend(man_id: str, man: dict[str, Any], task: str, points: int, *, combat: bool = False) -> None:
    """Spend task points: refused past the man's allowance ([6.44]) or for a second combat
    task in the turn ([6.42])."""
    if combat and man["combat"]:
        raise ParagraphsError(f"{man_id} has made his combat task this turn: one per game-turn ([6.42])")
    if points > left(man):
        raise ParagraphsError(f"{man_id}: {task} costs {points} task points, {left(man)} left ([6.44])")
    man["tp"] = int(man["tp"]) + points
    man["combat"] = bool(man["combat"]) or combat


def require_phase(game: dict[str, Any], *phases: str, what: str) -> None:
    if game["phase"] not in phases:
        names = " or ".join(f"{p} ({PHASE_NAMES[p]})" for p in phases)
        raise ParagraphsError(f"{what} happens in phase {names}; this is phase {game['phase']} ({PHASE_NAMES[game['phase']]}): type next to go on")


def require_active(game: dict[str, Any], man_id: str, what: str) -> dict[str, Any]:
    """The man acting now: tasks are his alone ([6.2]); only opportunity fire interrupts."""
    require_phase(game, *TASK_PHASES, what=what)
    if game["active"] != man_id:
        now = f"{game['active']} is acting" if game["active"] else "nobody is acting"
        raise ParagraphsError(f"{man_id} is not the man acting ({now}): type activate {man_id} when it is his side's turn ([6.22])")
    return man_of(game, man_id)


def status_line(game: dict[str, Any]) -> str:
    """Turn, phase, and who acts: the line the referee ends each sequencing step with."""
    phase = game["phase"]
    length = f" of {game['length']}" if game.get("length") else ""
    line = f"turn {game['turn']}{length}, phase {phase} ({PHASE_NAMES[phase]})"
    if game.get("initiative"):
        line += f"; initiative {letter(game, game['initiative'])}"
    if phase in TASK_PHASES:
        if game["active"]:
            line += f"; {game['active']} is acting"
        elif game["to_act"]:
            eligible = [mid for mid, m in game["men"].items() if player_of(game, m) == game["to_act"] and can_act(view(m), phase)]
            line += f"; {letter(game, game['to_act'])} to act ({', '.join(eligible)})"
        else:
            line += "; no man left to act: type next"
    return line


# --------------------------------------------------------------------------- panic


def observed_modifier(game: dict[str, Any], man_id: str, man: dict[str, Any]) -> str | None:
    """[14.41]: ``first`` when he observed an enemy man afresh this turn (+10, which the
    Addenda make replace the +5), ``seen`` when he holds an observation, else None."""
    if man.get("new_sightings"):
        return "first"
    return "seen" if game["observes"].get(man_id) else None


def panic_percentage_of(ctx: Context, game: dict[str, Any], man_id: str) -> int:
    """A man's panic percentage now: his side's, with his wounds, his observations, his
    side's preservation condition and the first alert turn ([14.41], [15.12], [38.63]),
    times three while he carries an explosive of the enemy's ([11.74])."""
    from paragraphs_spi_commando.procedures import _charts
    from paragraphs_spi_commando.rules.panic import panic_percentage

    man = man_of(game, man_id)
    side = game["sides"][man["side"]]
    c = condition_of(man)
    wounds = "seriously wounded" if c in ("seriously wounded", "incapacitated") else "wounded" if c == "wounded" else "unhurt"
    first_alert = side["mode"] == "defending" and game.get("alert_turn") == game["turn"] and bool(game["observes"].get(man_id))
    # [11.74]: carrying an explosive of the enemy's triples his percentage
    enemy_charge = any(c["holder"] == man_id and c["side"] != man["side"] for c in game.get("charges") or ())
    return panic_percentage(_charts(ctx), int(side["panic"]), wounds=wounds, observed=observed_modifier(game, man_id, man), condition=int(side["condition"]), first_alert_turn=first_alert, multiplier=3 if enemy_charge else 1)


def panic_check(ctx: Context, game: dict[str, Any], man_id: str, why: str) -> str | None:
    """One panic check ([14.0]): None when the man keeps his head, else the routine he
    runs (``prone``, ``fire`` or ``move``, [14.42]). Defenders do not panic before the
    alarm ([38.49]); on the turn after it, a defender who observes no attacker panics
    without a roll and reads move as prone ([38.61], [38.62])."""
    from paragraphs_spi_commando.procedures import _charts
    from paragraphs_spi_commando.rules.panic import panic_result

    man = man_of(game, man_id)
    side = game["sides"][man["side"]]
    man["panic_phase"] = game["phase"]
    if side["mode"] == "defending":
        alert = game.get("alert_turn")
        if alert is None:
            ctx.say(f"{man_id} does not check for panic: the defenders are not yet alerted ([38.49])")
            return None
        if game["turn"] == alert + 1 and not game["observes"].get(man_id):
            result = panic_result(_charts(ctx), ctx.roll("d10", f"panic result of {man_id}"))
            result = "prone" if result == "move" else result
            ctx.say(f"{man_id} panics without a roll on the turn after the alarm ([38.61]): {result}")
            return fire_result(ctx, game, man_id, result, why)
    percentage = panic_percentage_of(ctx, game, man_id)
    spec = {"chance": min(percentage, 100), "purpose": f"panic check of {man_id} ({why})", "success": "panics", "failure": "keeps his head"}
    if ctx.check("spi_percent", spec) == "failure":
        ctx.say(f"{man_id} keeps his head (panic {percentage}%)")
        return None
    result = panic_result(_charts(ctx), ctx.roll("d10", f"panic result of {man_id}"))
    ctx.say(f"{man_id} panics (panic {percentage}%): {ROUTINES[result]}")
    return fire_result(ctx, game, man_id, result, why)


#: The ``why`` of the checks that [14.22]'s second check does not follow: under
#: opportunity fire the firer is the man to fire at ([14.34]); in hand-to-hand combat a
#: panicked man strikes and grapples ([14.29]).
UNDER_FIRE = "under opportunity fire"
BEFORE_MELEE = "before hand-to-hand combat"


def fire_result(ctx: Context, game: dict[str, Any], man_id: str, result: str, why: str) -> str:
    """What a ``fire`` panic result becomes ([14.22], [14.34]); other results pass.

    Under opportunity fire a man who has made his combat task this turn falls prone
    instead, and one who has not fires at the man who fired on him ([14.34]). Elsewhere
    (not in hand-to-hand combat), a man who observes no enemy man checks again at once
    (:func:`second_panic_check`)."""
    if result != "fire" or why == BEFORE_MELEE:
        return result
    man = man_of(game, man_id)
    if why == UNDER_FIRE:
        if man["combat"]:
            ctx.say(f"{man_id} has made his combat task this turn: his fire result counts as fall prone ([14.34])")
            return "prone"
        return result
    if game["observes"].get(man_id):
        return result
    return second_panic_check(ctx, game, man_id)


def second_panic_check(ctx: Context, game: dict[str, Any], man_id: str) -> str:
    """[14.22], its second paragraph: a man told to fire who observes no enemy man checks
    for panic again at once (a check past the one-a-phase limit, [14.12]), at his panic
    percentage as it stands, with no roll on the results table.

    Panicking again he fires at the nearest friendly man he has a line of sight to, or,
    with none in sight, lies in wait to fire at the first man who comes into sight, enemy
    (observed) or friend (routine ``fire_friend``). Keeping his head he lies in wait to
    fire at the first enemy man he may fire at (routine ``poised``). Either way he is
    poised as a plotted man is, so the referee lets him fire at an enemy man who acts in
    his sight; a shot at a friendly man is the players' to resolve at the map."""
    man = man_of(game, man_id)
    percentage = panic_percentage_of(ctx, game, man_id)
    spec = {"chance": min(percentage, 100), "purpose": f"second panic check of {man_id} ([14.22])", "success": "panics", "failure": "keeps his head"}
    again = ctx.check("spi_percent", spec) == "success"
    man["plotted"] = True
    man["plot_paid"] = True  # lying in wait here is his panic routine, not a plot he pays for
    if again:
        ctx.say(f"{man_id} observes no enemy man and panics again (panic {percentage}%, [14.22]): he fires at the nearest friendly man in his sight; with none, he waits to fire at the first man who comes into sight")
        return "fire_friend"
    ctx.say(f"{man_id} observes no enemy man; his second check holds (panic {percentage}%, [14.22]): he waits to fire at the first enemy man he may fire at")
    return "poised"


def sighted_while_running(ctx: Context, game: dict[str, Any], man_id: str) -> None:
    """[14.27]: a man running from a move result who comes to observe a man he had not
    observed checks for panic again (past the one-a-phase limit, [14.12]): panicking, he
    runs on; keeping his head, he falls prone at once and his tasks end."""
    man = man_of(game, man_id)
    if man.get("routine") != "move" or condition_of(man) in ("dead", "incapacitated"):
        return
    percentage = panic_percentage_of(ctx, game, man_id)
    spec = {"chance": min(percentage, 100), "purpose": f"panic check of {man_id} on a new sighting while running ([14.27])", "success": "panics", "failure": "keeps his head"}
    if ctx.check("spi_percent", spec) == "success":
        ctx.say(f"{man_id} panics again (panic {percentage}%) and runs on ([14.27])")
        return
    man["prone"] = True
    man["routine"] = "prone"
    ctx.say(f"{man_id} keeps his head (panic {percentage}%) and falls prone at once ([14.27])")
    if game["active"] == man_id:
        man["acted"] = True
        _hand_over(game, player_of(game, man))


ROUTINES = {
    "prone": "he falls prone and does nothing more this turn ([14.21])",
    "fire": "he fires his prepared weapon at the nearest enemy man he observes, then may fall prone ([14.22])",
    "move": "he runs away from the nearest enemy man he observes with all his task points, then may fall prone ([14.24])",
}



# --------------------------------------------------------------------------- the phases


def next_step(ctx: Context, **_: Any) -> str:
    """Go on to the next phase ([5.1]). Entering C rolls the initiative ([6.1]); entering
    E or F gives the first activation to the side with the initiative; entering G rolls
    each side's preservation ([15.0]); leaving H starts a new game-turn, when every
    man's task points and plots are cleared."""
    game = game_of(ctx)
    if game["active"]:
        raise ParagraphsError(f"{game['active']} is still acting: type done {game['active']} first")
    if game.get("over"):
        raise ParagraphsError(f"the game is over: {game['over']}")
    phase, new_turn = next_phase(game["phase"])
    if game["phase"] == "E":
        from paragraphs_spi_commando.sentries import walk_sentries

        walk_sentries(ctx, game)
    if game["phase"] == "F":
        for mid, man in game["men"].items():
            if man["plotted"] and not man["opp_fired"] and not man["executed"]:
                _charge_plot(ctx, game, mid, man, fired=False)
    length = game_length(ctx, game)
    if new_turn and length and int(game["turn"]) >= int(length):
        game["over"] = f"turn {length} has ended ({game.get('length_rule', '')})".replace(" ()", "")
        return f"the game is over: turn {length} has ended; type victory"
    game["phase"] = phase
    game["passed"] = []
    game["last_firer"] = None
    game["to_act"] = None
    if new_turn:
        game["turn"] = int(game["turn"]) + 1
        game["initiative"] = None
        for man in game["men"].values():
            man.update(TURN_FIELDS)
            if man.get("preserve"):
                man["routine"] = "preservation"
                man["preserve"] = False
        from paragraphs_spi_commando.reinforcements import bring_in

        bring_in(ctx, game)  # [38.33]: the defenders' reinforcements due this turn
    if phase == "B":
        ctx.say("Plot opportunity fire: plot <man> for each man who lies in wait ([10.7]).")
    if phase == "C":
        announce = ", ".join(f"{s} {'has' if any(m['plotted'] and not m.get('plot_throw') for m in game['men'].values() if player_of(game, m) == s) else 'has no'} men plotted" for s in side_order(game))
        ctx.say(f"Plots announced ([5.1] B): {announce}.")
        game["initiative"] = roll_initiative(ctx, game)
    if phase in TASK_PHASES:
        game["to_act"] = next_to_act(side_order(game), other_side(game, game["initiative"]), views(game), phase, [])
    if phase == "G":
        bookkeeping(ctx, game)
    return status_line(game)


def game_length(ctx: Context, game: dict[str, Any]) -> int | None:
    """The last turn of the game: the scenario's length from the first turn; for
    scenario 45, ruling R30 ``after_observation`` counts it from the first observation of
    a commando (the game then runs until that turn plus the length)."""
    from paragraphs_spi_commando.procedures import _choices

    length = game.get("length")
    if not length:
        return None
    if str(game["scenario"]) == "45" and _choices(ctx)["R30"] == "after_observation":
        seen = [s.get("commando_seen_turn") for s in game["sides"].values() if s.get("commando_seen_turn") is not None]
        return int(length) + int(min(seen)) if seen else None
    return int(length)


def roll_initiative(ctx: Context, game: dict[str, Any]) -> str:
    """[6.1]: each side rolls 1D10, again on a tie. The second die is rolled among the
    faces the first did not show, which has the same odds as rolling both again."""
    from paragraphs_spi_commando.rules.tasks import initiative

    first, second = side_order(game)
    a = ctx.roll("d10", f"initiative, {letter(game, first)}")
    b = ctx.roll("d10", f"initiative, {letter(game, second)}", allowed=set(range(1, 11)) - {a})
    winner = first if initiative(a, b) == "A" else second
    ctx.say(f"Initiative: {letter(game, first)} {a}, {letter(game, second)} {b}: {letter(game, winner)} has it ([6.1])")
    return winner


def bookkeeping(ctx: Context, game: dict[str, Any]) -> None:
    """[15.0]: each side with killed or incapacitated men rolls its preservation; a side at
    condition one or more checks each man (type preservation <man>); observations out of
    range or sight lapse (type lapse)."""
    from paragraphs_spi_commando.rules.panic import preservation_percentage

    for sid, side in game["sides"].items():
        down = sum(1 for m in game["men"].values() if m["side"] == sid and condition_of(m) in ("dead", "incapacitated"))
        side["old_condition"] = int(side["condition"])
        if not down:
            continue
        percentage = preservation_percentage(int(side["preservation"]), down, 0)
        rises = ctx.check("spi_percent", {"chance": min(percentage, 100), "purpose": f"preservation of {side['letter']}", "success": "condition rises", "failure": "condition stays"}) == "success"
        if rises:
            side["condition"] = int(side["condition"]) + 1
            ctx.say(f"{side['letter']} preservation {percentage}% (x{side['preservation']}, {down} down): condition {side['condition']} ([15.1])")
        else:
            ctx.say(f"{side['letter']} preservation {percentage}% (x{side['preservation']}, {down} down): condition stays {side['condition']}")
        if int(side["condition"]) >= 1:
            able = [mid for mid, m in game["men"].items() if m["side"] == sid and condition_of(m) not in ("dead", "incapacitated") and not m.get("exited")]
            ctx.say(f"{side['letter']} checks each man's preservation ([15.13]): preservation <man> for {', '.join(able)}")
    from paragraphs_spi_commando.throwing import smoke_bookkeeping

    smoke_bookkeeping(ctx, game)
    from paragraphs_spi_commando.optional_rules import bookkeeping as optional_bookkeeping

    optional_bookkeeping(ctx, game)  # lights out, star shells drifting, the wind ([34.0], [32.13])
    from paragraphs_spi_commando.burning import burn

    burn(ctx, game)  # men set burning by a flamethrower ([17.43])
    ctx.say("Observations out of range or sight lapse now ([8.84]): lapse <observer> <man>.")


def _charge_plot(ctx: Context, game: dict[str, Any], man_id: str, man: dict[str, Any], *, fired: bool) -> None:
    """[10.76], [5.1] F: a plotted man pays for lying in wait (ruling R5)."""
    from paragraphs_spi_commando.procedures import _charts, _choices
    from paragraphs_spi_commando.rules.fire import fire_cost
    from paragraphs_spi_commando.rules.tasks import opportunity_plot_cost

    if man.get("plot_paid") or condition_of(man) in ("dead", "incapacitated"):
        return
    weapon = man.get("prepared") or (man["weapons"][0] if man["weapons"] else "pistol")
    cost = fire_cost(_charts(ctx), weapon, seriously_wounded=condition_of(man) == "seriously wounded", ruling_r25=_choices(ctx)["R25"])
    plot = opportunity_plot_cost(cost, fired=fired, ruling_r5=_choices(ctx)["R5"]) - (cost if fired else 0)
    man["tp"] = min(int(man["tp"]) + plot, ALLOWANCE)
    man["plot_paid"] = True
    ctx.say(f"{man_id} pays {plot} task points for his opportunity fire plot ([10.76], ruling R5)")


def plot(ctx: Context, man: str = "", **_: Any) -> str:
    """[10.7]: in phase B a man is plotted for opportunity fire; he then acts only in phase
    F ([10.75]) and pays the plot ([10.76])."""
    game = game_of(ctx)
    require_phase(game, "B", what="plotting opportunity fire")
    m = man_of(game, man)
    if condition_of(m) in ("dead", "incapacitated") or m.get("exited"):
        raise ParagraphsError(f"{man} cannot lie in wait: he is {condition_of(m) if not m.get('exited') else 'off the map'}")
    m["plotted"] = not m["plotted"]
    return f"{man} {'is plotted for opportunity fire' if m['plotted'] else 'is no longer plotted'}"


def activate(ctx: Context, man: str = "", **_: Any) -> str:
    """A man takes his turn at task execution ([5.1] E, F): his side must be the one to
    act, he must not have acted; he first checks for panic ([14.11]) unless he already did
    this phase ([14.12]) or runs the preservation routine ([15.22]). A man who panics has
    used his turn ([14.14]); in phase F a plotted man who has not fired pays his plot."""
    game = game_of(ctx)
    require_phase(game, *TASK_PHASES, what="task execution")
    if game["active"]:
        raise ParagraphsError(f"{game['active']} is acting: type done {game['active']} first")
    m = man_of(game, man)
    if game["to_act"] is None:
        raise ParagraphsError("no man is left to act in this phase: type next")
    if player_of(game, m) != game["to_act"]:
        raise ParagraphsError(f"it is {game['to_act']}'s turn to act ([6.22]), not {player_of(game, m)}'s")
    if not can_act(view(m), game["phase"]):
        why = "he is plotted for opportunity fire and acts in phase F ([10.75])" if m["plotted"] and game["phase"] == "E" else "he has already acted" if m["acted"] else "he is not plotted" if game["phase"] == "F" else f"he is {condition_of(m)}" + (" and held in hand-to-hand combat" if m["in_melee"] else "")
        raise ParagraphsError(f"{man} cannot act in phase {game['phase']}: {why}")
    if game["phase"] == "F" and not m["opp_fired"]:
        _charge_plot(ctx, game, man, m, fired=False)
    if m["routine"] == "preservation":
        game["active"] = man
        m["executed"] = True
        return f"{man} runs the preservation routine ([15.2]): all his task points toward the friendly edge; exit {man} at the edge (5 task points)"
    if m["panic_phase"] != game["phase"] and not m["opp_fired"]:  # checked when he fired ([14.13])
        routine = panic_check(ctx, game, man, "before his first task")
        if routine is not None:
            m["routine"] = routine
            m["executed"] = True
            if routine in ("poised", "fire_friend"):
                # he waits in place for a man to come into sight ([14.22]): his turn is used
                m["acted"] = True
                _hand_over(game, player_of(game, m))
                return f"{man} runs his panic routine ({routine}) and has used his turn ([14.14]). " + status_line(game)
            if routine in ("fire", "move"):
                # he runs the routine at once and nothing else ([14.22], [14.24]): the
                # players fire or move him, then type done
                game["active"] = man
                return f"{man} runs his panic routine ({routine}) now, then done {man} ([14.14])"
            m["acted"] = True
            m["prone"] = True
            _hand_over(game, player_of(game, m))
            return f"{man} runs his panic routine ({routine}) and has used his turn ([14.14]). " + status_line(game)
    game["active"] = man
    m["executed"] = True
    m["ready_tp"] = m["tp"]  # his prepared weapon changes free until he spends ([13.18])
    return f"{man} acts: {left(m)} task points"


def _hand_over(game: dict[str, Any], side: str) -> None:
    game["active"] = None
    game["last_firer"] = None  # a fire is answered while its man's activation lasts ([10.71])
    game["to_act"] = next_to_act(side_order(game), side, views(game), game["phase"], game["passed"])


def done(ctx: Context, man: str = "", options: str | None = None, **_: Any) -> str:
    """The man acting ends his tasks, or the side to act passes over a man who does
    nothing this turn ([6.41], a panic check first, [14.11]); the other side acts next
    ([6.22]) unless it has no man left ([6.23]). ``prone``: the man acting falls prone
    as his last task, free whatever points he has left ([7.6], the [5.22] footnote)."""
    game = game_of(ctx)
    require_phase(game, *TASK_PHASES, what="task execution")
    m = man_of(game, man)
    words = (options or "").split()
    if any(w != "prone" for w in words):
        raise ParagraphsError(f"done: prone or nothing after the man, not {' '.join(words)!r}")
    if game["active"] == man:
        m["acted"] = True
        _hand_over(game, player_of(game, m))
        if words:
            m["prone"] = True
            return f"{man} falls prone as his last task, free ([7.6]); he is done ({m['tp']} task points spent). " + status_line(game)
        return f"{man} is done ({m['tp']} task points spent). " + status_line(game)
    if words:
        raise ParagraphsError(f"done {man} prone: only the man acting falls prone as his last task ([7.6])")
    if game["active"]:
        raise ParagraphsError(f"{game['active']} is acting, not {man}")
    if game["to_act"] != player_of(game, m) or not can_act(view(m), game["phase"]):
        raise ParagraphsError(f"{man} is not one of the men who may act now ({status_line(game)})")
    if m["panic_phase"] != game["phase"] and m["routine"] != "preservation":
        routine = panic_check(ctx, game, man, "passed over")
        if routine is not None:
            m["routine"] = routine
    m["acted"] = True
    if game["phase"] == "F" and not m["opp_fired"]:
        _charge_plot(ctx, game, man, m, fired=False)
    _hand_over(game, player_of(game, m))
    return f"{man} does nothing this turn ([6.41]). " + status_line(game)


def pass_(ctx: Context, side: str | None = None, **_: Any) -> str:
    """The side to act declines to act with any more men this phase ([6.41]); the other
    side acts with the men it has left ([6.23]). Under ruling R44 ``each_man`` every man
    it leaves unused checks for panic as a man passed over ([14.11])."""
    game = game_of(ctx)
    require_phase(game, *TASK_PHASES, what="task execution")
    if game["active"]:
        raise ParagraphsError(f"{game['active']} is acting: type done {game['active']} first")
    sid = side_of_letter(game, side) if side else game["to_act"]
    if sid is None:
        raise ParagraphsError("no side is to act: type next")
    from paragraphs_spi_commando.procedures import _choices

    if _choices(ctx).get("R44") == "each_man":
        # ruling R44: each man the side leaves unused is passed over and checks ([14.11])
        for mid, m in game["men"].items():
            if player_of(game, m) == sid and can_act(view(m), game["phase"]) and m["panic_phase"] != game["phase"] and m["routine"] != "preservation":
                routine = panic_check(ctx, game, mid, "passed over")
                if routine is not None:
                    m["routine"] = routine
    game["passed"] = [*game["passed"], sid]
    game["to_act"] = next_to_act(side_order(game), sid, views(game), game["phase"], game["passed"])
    return f"{letter(game, sid)} passes for the rest of phase {game['phase']}. " + status_line(game)


# --------------------------------------------------------------------------- tasks


def move(ctx: Context, man: str = "", orthogonal: int = 0, options: str | None = None, **_: Any) -> str:
    """Movement ([7.0]): ``orthogonal`` squares, then in ``options`` a number of diagonal
    squares (``diagonal=N``), the terrain (``rough_crater``, ``woods``...), ``prone``
    (crawling), ``door`` (crossing one) and ``entry=N`` (he is the N-th man to enter the
    map by that edge square this turn: 5 more for each man before him, [38.53], [38.54]). Each square costs the chart's movement times
    the terrain multiple plus its additive (ruling R4 for woods); doubled for a seriously
    wounded man ([9.21])."""
    from paragraphs_spi_commando.procedures import _charts, _choices
    from paragraphs_spi_commando.rules.tasks import move_cost

    game = game_of(ctx)
    m = require_active(game, man, "movement")
    if m.get("routine") in ("fire", "prone"):
        raise ParagraphsError(f"{man} runs the {m['routine']} panic routine: he does not move ([14.2])")
    from paragraphs_spi_commando.sentries import held_in_place

    held = held_in_place(game, man, _choices(ctx).get("R43", "after_panic_turn"))
    if held:
        raise ParagraphsError(f"{man} may not move: {held}")
    diagonal, terrain, prone, door, entry = 0, "clear", False, False, 0
    for word in (options or "").split():
        key, sep, value = word.partition("=")
        if sep and key == "diagonal" and value.isdigit():
            diagonal = int(value)
        elif sep and key == "entry" and value.isdigit() and int(value) >= 1:
            entry = int(value)
        elif word == "prone":
            prone = True
        elif word == "door":
            door = True
        elif word in ("clear", "rough_crater", "trench", "woods"):
            terrain = word
        else:
            raise ParagraphsError(f"move: {word!r} is not diagonal=N, entry=N, prone, door or a terrain (clear, rough_crater, trench, woods)")
    if int(orthogonal) < 0 or diagonal < 0 or int(orthogonal) + diagonal == 0:
        raise ParagraphsError("move needs at least one square")
    if m.get("prone") and not prone:
        raise ParagraphsError(f"{man} is prone: move him prone (crawling) or stand him first (task {man} stand) ([5.22])")
    charts, ruling = _charts(ctx), _choices(ctx)["R4"]
    wounded = condition_of(m) == "seriously wounded"
    cost = int(orthogonal) * move_cost(charts, terrain=terrain, prone=prone, seriously_wounded=wounded, ruling_r4=ruling)
    cost += diagonal * move_cost(charts, diagonal=True, terrain=terrain, prone=prone, seriously_wounded=wounded, ruling_r4=ruling)
    if door:
        cost += charts.number("terrain", "door", "additive") * (2 if wounded else 1)
    if entry:
        from paragraphs_spi_commando.rules.tasks import entry_queue_cost

        cost += entry_queue_cost(entry)
    spend(man, m, "movement", cost)
    return f"{man} moves {int(orthogonal)} + {diagonal} diagonal ({terrain}{', prone' if prone else ''}): {cost} task points, {left(m)} left"


#: Tasks the [5.22] chart names that the referee charges by name.
TASKS = ("stand", "fall_prone", "prepare_grenade", "exchange_weapons", "pick_up_weapon", "reload", "exit_map")


def task(ctx: Context, man: str = "", name: str = "", **_: Any) -> str:
    """Another task of the [5.22] chart (stand, fall prone, prepare a grenade, exchange or
    pick up a weapon, reload, exit the map), charged to the man acting; a cost the source
    lost is asked once. Falling prone as the last task is free ([7.6]: ``fall_prone``
    when he has fewer points than it costs)."""
    from paragraphs_spi_commando.procedures import _charts
    from paragraphs_spi_commando.rules.tasks import cost

    game = game_of(ctx)
    m = require_active(game, man, "a task")
    # a prone man running from panic or for his edge may first stand up ([5.22])
    allowed = {"fire": ("fall_prone",), "move": ("fall_prone", "stand"), "preservation": ("fall_prone", "stand", "exit_map")}.get(m.get("routine") or "")
    if allowed is not None and name not in allowed:
        raise ParagraphsError(f"{man} runs the {m['routine']} routine: of the other tasks only {' or '.join(allowed)} ([14.2], [15.2])")
    if name not in TASKS:
        raise ParagraphsError(f"task: {name!r} is not one of {', '.join(TASKS)}")
    if name == "reload":
        from paragraphs_spi_commando.referee import refuse_with_grenade_in_hand

        refuse_with_grenade_in_hand(man, m, "reloads")
    wounded = condition_of(m) == "seriously wounded"
    if name == "fall_prone" and cost(_charts(ctx), name, seriously_wounded=wounded) > left(m):
        m["prone"] = True
        m["tp"] = ALLOWANCE
        m["acted"] = True
        _hand_over(game, player_of(game, m))
        return f"{man} falls prone as his last task, free ([7.6]). " + status_line(game)
    points = cost(_charts(ctx), name, seriously_wounded=wounded)
    spend(man, m, name.replace("_", " "), points)
    if name in ("fall_prone", "stand"):
        m["prone"] = name == "fall_prone"
    if name == "reload":
        m["unloaded"] = []
    if name == "prepare_grenade":
        m["prepared"] = "grenade"
    if name == "exit_map":
        m["exited"] = True
        m["acted"] = True
        _hand_over(game, player_of(game, m))
        return f"{man} leaves the map ([15.26]): {points} task points" + (f", carrying the {', '.join(m['items'])}" if m.get("items") else "") + ". " + status_line(game)
    return f"{man}: {name.replace('_', ' ')}, {points} task points, {left(m)} left"


def spend_points(ctx: Context, man: str = "", points: int = 0, why: str | None = None, **_: Any) -> str:
    """Task points the man acting spends on a task no chart prices but a scenario does
    (taking the radio of [45.81], 75 points; setting an explosive, [11.7])."""
    game = game_of(ctx)
    m = require_active(game, man, "a task")
    if m.get("routine"):
        raise ParagraphsError(f"{man} runs the {m['routine']} routine and takes no other task ([14.2], [15.2])")
    if int(points) < 1:
        raise ParagraphsError("spend needs 1 task point or more")
    spend(man, m, why or "a scenario task", int(points))
    return f"{man} spends {int(points)} task points ({why or 'a scenario task'}), {left(m)} left"


def carry(ctx: Context, man: str = "", item: str = "", **_: Any) -> str:
    """The players report that a man has taken (or dropped, with ``-item``) an object the
    scenario names (the radio of [45.81], the records of [40.8]...)."""
    game = game_of(ctx)
    m = man_of(game, man)
    items = list(m.get("items") or [])
    if item.startswith("-"):
        if item[1:] not in items:
            raise ParagraphsError(f"{man} does not carry {item[1:]}")
        items.remove(item[1:])
        m["items"] = items
        return f"{man} drops the {item[1:]}"
    if condition_of(m) == "dead":
        raise ParagraphsError(f"{man} is dead")
    m["items"] = [*items, item]
    return f"{man} carries the {item}"


def panic(ctx: Context, man: str = "", **_: Any) -> str:
    """A panic check the players call for at a moment the referee does not see. The
    checks the rules tie to a step are made by the referee itself: at a man's first task or
    when he is passed over ([14.11]), before and under opportunity fire ([14.11], [14.31]),
    before hand-to-hand combat, the second check after a fire result with nobody observed
    (:func:`second_panic_check`, [14.22]) and the check of a runner who sights a new man
    (:func:`sighted_while_running`, [14.27])."""
    game = game_of(ctx)
    m = man_of(game, man)
    if condition_of(m) in ("dead", "incapacitated"):
        raise ParagraphsError(f"{man} is {condition_of(m)}")
    routine = panic_check(ctx, game, man, "called by the players")
    if routine is None:
        return f"{man} keeps his head"
    m["routine"] = routine
    return f"{man} panics: {routine}"


def preservation(ctx: Context, man: str = "", **_: Any) -> str:
    """[15.13]-[15.15], [15.27]: in bookkeeping, a man of a side at condition one or more
    checks his preservation at his side's panic percentage plus 10 per condition (the
    condition before this turn's rise, ruling R20), with none of the [14.41] modifiers,
    5 more if he ran the routine this turn; if he fails he runs the preservation routine
    next turn."""
    from paragraphs_spi_commando.rules.panic import man_preservation_percentage

    game = game_of(ctx)
    require_phase(game, "G", what="a preservation check")
    m = man_of(game, man)
    side = game["sides"][m["side"]]
    if int(side["condition"]) < 1:
        raise ParagraphsError(f"{side['letter']} is at preservation condition 0: its men do not check ([15.13])")
    if condition_of(m) in ("dead", "incapacitated") or m.get("exited"):
        raise ParagraphsError(f"{man} is {'off the map' if m.get('exited') else condition_of(m)}")
    if m.get("preservation_checked") == game["turn"]:
        raise ParagraphsError(f"{man} has checked his preservation this turn")
    from paragraphs_spi_commando.procedures import _choices

    old = int(side.get("old_condition", side["condition"])) if _choices(ctx)["R20"] == "old_condition" else int(side["condition"])
    percentage = man_preservation_percentage(int(side["panic"]), old, ran_routine=m["routine"] == "preservation")
    failed = ctx.check("spi_percent", {"chance": min(percentage, 100), "purpose": f"preservation check of {man}", "success": "fails", "failure": "holds"}) == "success"
    m["preservation_checked"] = game["turn"]
    if failed:
        m["preserve"] = True
        return f"{man} fails his preservation check ({percentage}%): next turn he heads for the friendly edge ([15.2])"
    return f"{man} holds ({percentage}%)"


def victory(ctx: Context, **_: Any) -> str:
    """The scenario's victory conditions against the record (the conditions the record
    cannot see are said for the players to judge)."""
    from paragraphs_spi_commando.victory import evaluate

    game = game_of(ctx)
    lines = evaluate(ctx.book, game)
    for line in lines[:-1]:
        ctx.say(line)
    return lines[-1]
