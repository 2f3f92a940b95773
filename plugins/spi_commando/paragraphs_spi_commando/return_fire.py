"""Simultaneous return fire, case [10.55].

A man plotted for opportunity fire who has not fired yet this turn may answer the man
whose fire wounds or kills him, as he was before that fire: a serious wound he took from
it does not halve his chance, and death does not stop him. The fire that hit him offers
the return (``fire_at`` records it); the players type ``return_fire`` at once, before any
other fire, or the chance is gone. It is his opportunity fire for the turn: its cost and
the five points of lying in wait ([10.76]), one combat task ([6.42]), the magazine
check, and for the man he fires at what any target of opportunity fire undergoes (task
points lost to wounds, [9.31]; a panic check, [14.31]).

Whether he must already hold the first firer among the men he observes is ruling R40:
by default a man who fires is seen by the enemy men with sight of him ([8.5]), the man
he hit among them, so no earlier observation is asked; the alternative asks for it
([10.14] read strictly). The plot's own conditions ([10.72]: "fires only at a firing
man"...) are the players' written plot, vouched for by typing the verb.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from paragraphs.errors import ParagraphsError

from paragraphs_spi_commando.referee import _after_fire, aim, condition_of, game_of, man_of, refuse_with_grenade_in_hand, volley

if TYPE_CHECKING:
    from paragraphs.context import Context


def offer(game: dict[str, Any], man: str, at: str, wounds_before: int) -> str:
    """[10.55]: ``man``, hit by ``at``, may fire back with the ``wounds_before`` he had."""
    game.setdefault("returns", []).append({"man": man, "at": at, "wounds": wounds_before, "turn": game["turn"], "phase": game["phase"]})
    return f"; {man} may fire back at once as he was before ([10.55]): return_fire {man} <weapon> <range>"


def pending(game: dict[str, Any], man: str) -> dict[str, Any]:
    """The return fire offered to ``man`` by the last fire, or why there is none."""
    for record in game.get("returns") or ():
        if record["man"] == man and record["turn"] == game["turn"] and record["phase"] == game["phase"]:
            return record  # type: ignore[no-any-return]
    raise ParagraphsError(f"{man} has no return fire to make: only a man plotted for opportunity fire, hit by the fire just made, fires back ([10.55])")


def return_fire(ctx: Context, man: str = "", weapon: str = "", distance: int = 0, options: str | None = None, **_: Any) -> str:
    """[10.55]: ``man`` fires back with ``weapon`` at ``distance`` squares at the man whose
    fire just wounded or killed him, in his condition before that fire."""
    from paragraphs_spi_commando.procedures import _charts, _choices
    from paragraphs_spi_commando.rules.fire import fire_cost
    from paragraphs_spi_commando.rules.wounds import condition

    game = game_of(ctx)
    record = pending(game, man)
    shooter = man_of(game, man)
    target = str(record["at"])
    victim = man_of(game, target)
    if condition_of(victim) == "dead":
        raise ParagraphsError(f"{target} is already dead")
    if weapon not in shooter["weapons"]:
        raise ParagraphsError(f"{man} carries {', '.join(shooter['weapons'])}, not {weapon}")
    from paragraphs_spi_commando.arms import refuse_received

    refuse_received(game, man, shooter, weapon)
    refuse_with_grenade_in_hand(man, shooter)
    if weapon in (shooter.get("unloaded") or []):
        raise ParagraphsError(f"{man}'s {weapon} is unloaded ([10.63])")
    if _choices(ctx)["R40"] == "observed" and target not in game["observes"].get(man, []):
        raise ParagraphsError(f"{man} has not observed {target}: under ruling R40 (observed) he may not fire back ([10.14])")
    charts = _charts(ctx)
    before = condition(int(shooter["endurance"]), int(record["wounds"]))
    chance, kill, braced = aim(ctx, game, shooter, target, victim, weapon, distance, options, wounds=int(record["wounds"]))
    game["returns"] = [r for r in game["returns"] if r is not record]
    cost = fire_cost(charts, weapon, seriously_wounded=before == "seriously wounded", ruling_r25=_choices(ctx)["R25"])
    plot = charts.number("task_points", "opportunity_plot")
    from paragraphs_spi_commando.arms import fire_with

    fire_with(ctx, game, man, shooter, weapon, wounded=before == "seriously wounded")
    shooter["tp"] = min(int(shooter["tp"]) + cost + plot, 50)
    shooter.update(plot_paid=True, combat=True, opp_fired=True)
    ctx.say(f"{man} fires back at {target} as he was before the hit ({before}; [10.55]): {cost} + {plot} task points ([10.76])")
    total, result = volley(ctx, charts, man, target, victim, weapon, chance, kill, braced=braced)
    _after_fire(ctx, game, man, shooter, target, victim, weapon, braced=braced, opportunity=True, wound_points=total)
    if "aimed" in (options or "").split():
        from paragraphs_spi_commando.referee import spend_all_aiming

        spend_all_aiming(ctx, man, shooter)
    return result
