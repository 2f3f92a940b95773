"""Grenades as the referee runs them, section [11.0]: prepare, throw, scatter, burst and
smoke.

A man prepares a grenade of a kind (a task, [11.1]) and throws it later as his combat
task ([11.2]). The accuracy d100 lands it on its square or scatters it ([11.83]: a
Scatter Diagram direction 1-8, re-rolling 9 and 0, and a distance); the library names
the direction, the map's diagram says where it points. A fragmentation grenade wounds
every man of its burst (its square and the eight around it) by the era's dice code for
the square's kind ([11.84], one at least, [11.42]), and the same accuracy roll kills one
man of the burst at 2 a man or less (ruling R12; the victim drawn at random, [11.0]).
A smoke grenade's line is drawn at bookkeeping ([11.52]) and each of its squares clears
on a 1 at the following ones ([11.54]).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from paragraphs.errors import ParagraphsError

from paragraphs_spi_commando.referee import condition_of, game_of, man_of, raise_alarm

if TYPE_CHECKING:
    from paragraphs.context import Context

KINDS = ("fragmentation", "smoke")
SQUARES = ("open", "vented", "closed")


def prepare(ctx: Context, man: str = "", kind: str = "fragmentation", **_: Any) -> str:
    """[11.1]: the man acting prepares a grenade of ``kind`` (a task); one a phase
    ([11.11]), twelve of each kind a game ([11.0]); preparing another while holding one
    sets them all off on 25 or less, else he holds both and throws them in the order
    prepared ([11.13])."""
    from paragraphs_spi_commando.passing import grenades_of
    from paragraphs_spi_commando.procedures import _charts
    from paragraphs_spi_commando.rules.grenades import second_grenade_explodes
    from paragraphs_spi_commando.rules.tasks import cost
    from paragraphs_spi_commando.turns import require_active, spend

    game = game_of(ctx)
    m = require_active(game, man, "preparing a grenade")
    if kind not in KINDS:
        raise ParagraphsError(f"prepare: the kind is {' or '.join(KINDS)}, not {kind!r}")
    if not game["sides"][m["side"]].get("grenades", True):
        raise ParagraphsError(f"{man}'s side has no grenades in this scenario")
    if m.get("prepared_phase") == f"{game['turn']}{game['phase']}":
        raise ParagraphsError(f"{man} has prepared a grenade this phase: one a phase ([11.11])")
    used = dict(m.get("grenades_used") or {})
    if grenades_of(game, m, kind) <= 0:
        if (m.get("grenades_passed") or {}).get(kind):
            raise ParagraphsError(f"{man} carries no {kind} grenade: {used.get(kind, 0)} used, {m['grenades_passed'][kind]:+d} exchanged ([11.0], [11.14])")
        raise ParagraphsError(f"{man} has used his twelve {kind} grenades ([11.0])")
    spend(man, m, "prepare a grenade", cost(_charts(ctx), "prepare_grenade", seriously_wounded=condition_of(m) == "seriously wounded"))
    m["prepared_phase"] = f"{game['turn']}{game['phase']}"
    m["grenades_used"] = {**used, kind: int(used.get(kind, 0)) + 1}
    held = m.get("grenade")
    if held:
        roll = ctx.roll("d100", f"{man} prepares a second grenade")
        if second_grenade_explodes(roll):
            # the first goes off and sets off the rest: a fragmentation burst if any is one
            kinds = [held, *(m.get("more_grenades") or []), kind]
            m["grenade"] = None
            m["more_grenades"] = []
            m["prepared"] = None
            off = "fragmentation" if "fragmentation" in kinds else "smoke"
            if off == "smoke":
                game.setdefault("smoke", []).append({"turn": game["turn"], "by": man, "squares": None})
                return f"{man}'s first grenade goes off in his hand ([11.13], rolled {roll}): smoke in his square, drawn at bookkeeping ([11.52])"
            game["grenade"] = {"thrower": man, "era": game_era(ctx, game), "kind": off, "roll": 100, "landed": True, "men": []}
            return f"{man}'s first grenade goes off in his hand ([11.13], rolled {roll}): burst {man} <men around him> for the damage"
    if held:
        # he holds both ([11.13]): the first is thrown first, the second after it
        m["more_grenades"] = [*(m.get("more_grenades") or []), kind]
        return f"{man} prepares a {kind} grenade and holds it with his {held} one ({m['tp']} task points spent)"
    m["grenade"] = kind
    m["prepared"] = "grenade"
    return f"{man} prepares a {kind} grenade ({m['tp']} task points spent)"


def game_era(ctx: Context, game: dict[str, Any]) -> str:
    from paragraphs_spi_commando.scenarios import scenario

    return str(scenario(ctx.book, str(game["scenario"])).record["era"])


def throw(ctx: Context, man: str = "", distance: int = 0, options: str | None = None, **_: Any) -> str:
    """[11.2]: the man acting throws his prepared grenade ``distance`` squares (his combat
    task). ``options``: ``no_los`` (he cannot see the square), ``prone`` (he throws
    prone), the target square's rows of [11.82] by their keys (``target_rough_crater_woods``,
    ``target_higher``, ``target_dune_forest``, ``target_wall_or_trench``, ``through_door``,
    ``through_window_or_slit``), a square kind (``open``, ``vented``, ``closed``) and the men in the burst
    where he aims."""
    from paragraphs_spi_commando.procedures import _charts
    from paragraphs_spi_commando.rules import grenades as rules
    from paragraphs_spi_commando.rules.tasks import cost
    from paragraphs_spi_commando.turns import require_active, spend

    game = game_of(ctx)
    m = man_of(game, man)
    opportunity = game["active"] != man and bool(m.get("plot_throw"))
    if not opportunity:
        m = require_active(game, man, "throwing a grenade")
    kind = m.get("grenade")
    if not kind:
        raise ParagraphsError(f"{man} holds no prepared grenade: prepare {man} <kind> first ([11.1])")
    stamp = f"{game['turn']}{game['phase']}"
    if m.get("thrown_phase") == stamp:
        raise ParagraphsError(f"{man} has thrown a grenade this phase: never two in one phase ([11.13])")
    charts = _charts(ctx)
    # the additive rows of [11.82], named by their keys (through_door, target_higher...)
    target_rows = [r.key for r in charts["grenade_modifiers"].rows if r.key not in rules.HALVING_ROWS]
    rows, square, men = [], "open", []
    for word in (options or "").split():
        if word == "no_los":
            rows.append("no_los")
        elif word == "prone":
            rows.append("thrower_prone")
        elif word in target_rows:
            rows.append(word)
        elif word in SQUARES:
            square = word
        elif word in game["men"]:
            men.append(word)
        else:
            raise ParagraphsError(f"throw: {word!r} is not no_los, prone, a row of [11.82] ({', '.join(target_rows)}), a square kind ({', '.join(SQUARES)}) or a man")
    if condition_of(m) == "seriously wounded":
        rows.append("thrower_seriously_wounded")
    if opportunity:
        if "no_los" in rows:
            raise ParagraphsError(f"an opportunity throw goes to a square in {man}'s sight ([11.62])")
        if not opportunity_throw(ctx, game, man, m):
            return f"{man} panics ({m['routine']}) instead of throwing"
    else:
        # [10.12]: throwing a smoke grenade is no combat task
        spend(man, m, "throw a grenade", cost(charts, "throw_grenade", seriously_wounded=condition_of(m) == "seriously wounded"), combat=kind != "smoke")
    era = game_era(ctx, game)
    chance = rules.accuracy(charts, rules.base_chance(charts, era, kind, int(distance)), rows, bonus=int(game["sides"][m["side"]]["grenade_bonus"]))
    roll = ctx.roll("d100", f"{man} throws a {kind} grenade")
    m["thrown_phase"] = stamp
    rest = list(m.get("more_grenades") or [])
    m["grenade"] = rest.pop(0) if rest else None  # a second grenade held is next ([11.13])
    if rest or "more_grenades" in m:
        m["more_grenades"] = rest
    m["prepared"] = "grenade" if m["grenade"] else None
    raise_alarm(ctx, game, m, f"{man} threw a grenade")
    landed = rules.lands(chance, roll)
    ctx.explain_roll("on target" if landed else "scatters")
    game["grenade"] = {"thrower": man, "era": era, "kind": kind, "roll": roll, "landed": landed, "men": [], "opportunity": opportunity}
    if landed:
        said = f"{man}'s {kind} grenade lands on its square (chance {chance}, rolled {roll})"
    else:
        direction = rules.scatter_direction(ctx.roll("d10", "scatter direction", allowed=set(range(1, 9))))
        squares = rules.scatter_distance(charts, ctx.roll("d6", "scatter distance"))
        said = f"{man}'s {kind} grenade scatters {squares} squares toward direction {direction} of the map's Scatter Diagram (chance {chance}, rolled {roll}); it stops short at a wall in the way ([11.0]); at a window, slit or door, type aperture <kind> ([11.3])"
        men = []
    if kind == "smoke":
        game.setdefault("smoke", []).append({"turn": game["turn"], "by": man, "squares": None})
        return said + "; its smoke line is drawn at bookkeeping ([11.52])"
    if not landed:
        return said + f": burst <men in its burst> [{'|'.join(SQUARES)}]"
    return said + "; " + _burst(ctx, game, men, square)


def aperture(ctx: Context, kind: str = "", **_: Any) -> str:
    """[11.3]: the players see the scatter path of the grenade just thrown cross a window,
    slit or door; 1D10 says whether it goes through (window or slit on 1-2, door on 3-5,
    ruling R13) or lands just in front of it. Once a grenade."""
    from paragraphs_spi_commando.procedures import _choices
    from paragraphs_spi_commando.rules.grenades import passes_aperture

    game = game_of(ctx)
    grenade = game.get("grenade")
    if not grenade or grenade.get("landed") or grenade.get("exploded"):
        raise ParagraphsError("aperture: no scattering grenade is in the air (it applies to the grenade just thrown that scattered)")
    if grenade.get("aperture"):
        raise ParagraphsError(f"aperture: one roll a grenade ([11.3]); this one was rolled at a {grenade['aperture']}")
    if kind not in ("window", "slit", "door"):
        raise ParagraphsError(f"aperture: the kind is window, slit or door, not {kind!r}")
    d10 = ctx.roll("d10", f"the grenade scatters at a {kind}")
    grenade["aperture"] = kind
    if passes_aperture(kind, d10, ruling_r13=_choices(ctx)["R13"]):
        return f"the grenade goes through the {kind} ([11.3], {d10} on 1D10): it lands in the first square beyond it"
    return f"the grenade lands just in front of the {kind} ([11.3], {d10} on 1D10)"


def plot_throw(ctx: Context, man: str = "", **_: Any) -> str:
    """[11.61]-[11.64]: in phase B a man holding a prepared grenade is plotted to throw it
    as opportunity fire is plotted ([11.62]): he acts in phase F, is not announced
    ([11.63]), and pays the throw and five more points now, whether he throws or not
    ([11.64]); plotting him again takes the plot back."""
    from paragraphs_spi_commando.turns import require_phase, spend

    game = game_of(ctx)
    require_phase(game, "B", what="plotting an opportunity throw")
    m = man_of(game, man)
    points = lying_in_wait(ctx, m)
    if m.get("plot_throw"):
        m.update(plotted=False, plot_throw=False, plot_paid=False, tp=max(int(m["tp"]) - points, 0))
        return f"{man} is no longer plotted to throw"
    if m["plotted"]:
        raise ParagraphsError(f"{man} is plotted for opportunity fire: plot {man} again to take it back first")
    if condition_of(m) in ("dead", "incapacitated") or m.get("exited"):
        raise ParagraphsError(f"{man} cannot lie in wait: he is {condition_of(m) if not m.get('exited') else 'off the map'}")
    if not m.get("grenade"):
        raise ParagraphsError(f"{man} holds no prepared grenade: only a man who has one may be plotted to throw it ([11.61])")
    spend(man, m, "plot an opportunity throw", points)
    m.update(plotted=True, plot_throw=True, plot_paid=True)
    return f"{man} is plotted to throw his {m['grenade']} grenade ({points} task points, [11.64]); the plot is not announced ([11.63])"


def lying_in_wait(ctx: Context, m: dict[str, Any]) -> int:
    """[11.64]: the throw's task points and the five of opportunity fire ([10.76])."""
    from paragraphs_spi_commando.procedures import _charts
    from paragraphs_spi_commando.rules.tasks import cost

    charts = _charts(ctx)
    return cost(charts, "throw_grenade", seriously_wounded=condition_of(m) == "seriously wounded") + charts.number("task_points", "opportunity_plot")


def opportunity_throw(ctx: Context, game: dict[str, Any], man: str, m: dict[str, Any]) -> bool:
    """[11.62]: a man plotted to throw interrupts the man acting as opportunity fire does
    ([10.73]), once a turn and after his own panic check ([14.11]); his points were paid
    at the plot. False when he panics instead."""
    from paragraphs_spi_commando.rules.sequence import TASK_PHASES, may_opportunity_fire
    from paragraphs_spi_commando.turns import panic_check, require_phase, view

    require_phase(game, *TASK_PHASES, what="an opportunity throw")
    if game["active"] is None or man_of(game, game["active"])["side"] == m["side"]:
        raise ParagraphsError(f"{man} throws out of turn only at an enemy man acting ([11.62], [10.71])")
    if not may_opportunity_fire(view(m), game["phase"]):
        raise ParagraphsError(f"{man} may not throw now: once a turn, before he has acted ([10.7], [11.62])")
    if m["panic_phase"] != game["phase"]:
        routine = panic_check(ctx, game, man, "before his opportunity throw")
        if routine is not None:
            m["routine"] = routine
            return False
    m.update(opp_fired=True, combat=m["grenade"] != "smoke")
    ctx.say(f"{man} interrupts {game['active']} with an opportunity throw ([11.62], [10.73])")
    return True


def burst(ctx: Context, men: str = "", **_: Any) -> str:
    """[11.4]: the last fragmentation grenade explodes where it came down among ``men``
    (the men of its square and the eight around it, as the players see the map; add a
    square kind, ``open``, ``vented`` or ``closed``, and ``through=<man>`` for each man
    shielded by an aperture, [11.43])."""
    game = game_of(ctx)
    grenade = game.get("grenade")
    if not grenade or grenade.get("kind") != "fragmentation" or grenade.get("exploded"):
        raise ParagraphsError("no fragmentation grenade waits to explode: throw one first")
    names, square = [], "open"
    for word in (men or "").split():
        if word in SQUARES:
            square = word
        elif word.startswith("through=") or word in game["men"]:
            names.append(word)
        else:
            raise ParagraphsError(f"burst: {word!r} is not a man, through=<man> or a square kind")
    return _burst(ctx, game, names, square)


def _burst(ctx: Context, game: dict[str, Any], names: list[str], square: str) -> str:
    from paragraphs_spi_commando.procedures import _charts, _choices
    from paragraphs_spi_commando.rules import grenades as rules
    from paragraphs_spi_commando.rules.dice import DiceCode

    grenade = game["grenade"]
    grenade["exploded"] = True
    if not names:
        return "nobody is in its burst"
    charts = _charts(ctx)
    through = {n.removeprefix("through=") for n in names if n.startswith("through=")}
    victims = [n.removeprefix("through=") for n in names]
    for v in victims:
        man_of(game, v)
    choices = _choices(ctx)
    kill_roll = grenade["roll"] if choices["R12"] == "accuracy_roll" else ctx.roll("d100", "grenade kill roll")
    dead = None
    if rules.burst_kill(len(victims), kill_roll):
        dead = victims[0] if len(victims) == 1 else victims[ctx.roll("d10", "which man of the burst dies", allowed=set(range(1, len(victims) + 1))) - 1]
    parts = []
    code = DiceCode.parse(str(charts.value("grenade_damage", grenade["era"], square)))
    for v in victims:
        m = man_of(game, v)
        if condition_of(m) == "dead":
            continue
        if v == dead:
            m["dead"] = True
            parts.append(f"{v} killed (2 a man, {len(victims)} men: {2 * len(victims)} or less, rolled {kill_roll})")
            continue
        faces = [ctx.roll(f"d{code.sides}", f"grenade wounds of {v}") for _ in range(code.count)]
        wp = _wounds(code, faces, v in through, choices["R2"])
        m["wounds"] = int(m["wounds"]) + wp
        parts.append(f"{v} {wp} WP, {condition_of(m)}")
        if grenade.get("opportunity"):
            _under_opportunity_throw(ctx, game, v, m, wp)
    return "burst: " + "; ".join(parts)


def _under_opportunity_throw(ctx: Context, game: dict[str, Any], name: str, m: dict[str, Any], wp: int) -> None:
    """[11.62]: an opportunity throw is resolved as opportunity fire, so a man its burst
    wounds loses twice his wound points in task points ([9.31]) and checks for panic at
    once ([10.74], [14.31])."""
    from paragraphs_spi_commando.turns import panic_check

    if condition_of(m) in ("dead", "incapacitated"):
        return
    m["tp"] = min(int(m["tp"]) + 2 * wp, 50)
    ctx.say(f"{name} loses {2 * wp} task points to his wounds ([9.31])")
    if m.get("routine") == "preservation":
        return  # a man running the preservation routine checks for no panic ([15.22])
    routine = panic_check(ctx, game, name, "under an opportunity throw")
    if routine is not None:
        m["routine"] = routine
        if routine == "prone":
            m["prone"] = True


def _wounds(code: Any, faces: list[int], through: bool, ruling_r2: str) -> int:
    """[11.42], [11.43]: one at least; halved through an aperture (ruling R2)."""
    from paragraphs_spi_commando.rules.dice import halve_down, halve_up

    wp = code.total(faces, minimum=1)
    if through:
        wp = halve_down(wp) if ruling_r2 == "as_printed" else halve_up(wp)
    return max(wp, 1)


def smoke_bookkeeping(ctx: Context, game: dict[str, Any]) -> None:
    """[11.52]-[11.54] at bookkeeping: a smoke grenade thrown this turn draws its line (a
    Scatter Diagram direction and half a d10, rounded up, beyond its square; ruling R23
    ``three_by_three`` fills its square and the eight around it instead); each square of
    older smoke clears on a 1 of 1D6."""
    from paragraphs_spi_commando.procedures import _choices
    from paragraphs_spi_commando.rules.grenades import scatter_direction, smoke_clears, smoke_length

    kept = []
    for n, smoke in enumerate(game.get("smoke") or [], start=1):
        if smoke["squares"] is None and _choices(ctx)["R23"] == "three_by_three":
            smoke["squares"] = 9
            ctx.say(f"Smoke {n} ({smoke['by']}'s): its square and the eight around it (ruling R23)")
            kept.append(smoke)
            continue
        if smoke["squares"] is None:
            direction = scatter_direction(ctx.roll("d10", f"smoke {n} direction", allowed=set(range(1, 9))))
            length = smoke_length(ctx.roll("d10", f"smoke {n} length"))
            smoke["squares"] = length + 1
            smoke["direction"] = direction
            ctx.say(f"Smoke {n} ({smoke['by']}'s): a line from its square {length} squares toward direction {direction}, {length + 1} squares in all ([11.53])")
            kept.append(smoke)
            continue
        left = [i for i in range(1, int(smoke["squares"]) + 1) if not smoke_clears(ctx.roll("d6", f"smoke {n}, square {i}"))]
        cleared = int(smoke["squares"]) - len(left)
        ctx.say(f"Smoke {n}: {cleared} of its {smoke['squares']} squares clear ([11.54])" + (f" (squares {', '.join(str(i) for i in range(1, int(smoke['squares']) + 1) if i not in left)} from its first)" if cleared else ""))
        smoke["squares"] = len(left)
        if left:
            kept.append(smoke)
    game["smoke"] = kept
