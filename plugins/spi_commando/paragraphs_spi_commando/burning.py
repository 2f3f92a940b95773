"""The optional flamethrower rule's effects on men, [17.2] and [17.4]: panic at a higher
chance, and burning.

The fire itself is a fire task with the ``flamethrower`` weapon (its Fire Combat Table
row is lost, so its cells are asked). Once the players report that a man took wound
points from it, ``flamed B3`` makes his panic check at once, at twice his panic
percentage ([17.22]); ``flamed B3 explosion`` is the check after an exploding
flamethrower wounded him, twice the percentage and 10 more ([17.34]). If he panics he
does no tasks later in the turn; one who has already done tasks this turn reads a fire
result as fall prone and a move result as one square away from the flamethrower
([17.21]). A man wounded by the fire (not by an explosion) who carries no flamethrower
starts burning ([17.41], [17.44]): from the next turn on, each bookkeeping gives him 1D6
wound points ([17.43]) until, prone, he spends 25 task points putting it out (50 when
seriously wounded, [17.42]): ``extinguish B3``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from paragraphs.errors import ParagraphsError

from paragraphs_spi_commando.referee import condition_of, game_of, man_of

if TYPE_CHECKING:
    from paragraphs.context import Context

#: [17.42]: task points a prone man spends to stop burning (doubled when seriously wounded).
PUT_OUT = 25
#: [17.34]: added after the doubling when the man was hurt by an exploding flamethrower.
EXPLOSION_ADD = 10


def flame_panic_percentage(percentage: int, *, explosion: bool = False) -> int:
    """[17.22]: a man hit by flamethrower fire panics at twice his percentage, the doubling
    after every modifier (23 becomes 46); [17.34]: hurt by an exploding flamethrower,
    twice and then 10 more (20 becomes 50)."""
    return 2 * percentage + (EXPLOSION_ADD if explosion else 0)


def flamed(ctx: Context, man: str = "", options: str | None = None, **_: Any) -> str:
    """The panic check of a man the flamethrower hurt, and the start of his burning (see
    the module's text). ``options``: ``explosion`` when an exploding flamethrower hurt
    him."""
    from paragraphs_spi_commando.optional_rules import require
    from paragraphs_spi_commando.procedures import _charts
    from paragraphs_spi_commando.rules.panic import panic_result
    from paragraphs_spi_commando.turns import ROUTINES, _hand_over, panic_percentage_of, player_of

    game = game_of(ctx)
    require(game, "flamethrowers")
    m = man_of(game, man)
    words = (options or "").split()
    if any(w != "explosion" for w in words):
        raise ParagraphsError(f"flamed: {' '.join(words)!r} is not explosion")
    explosion = "explosion" in words
    if condition_of(m) in ("dead", "incapacitated"):
        raise ParagraphsError(f"{man} is {condition_of(m)}: he neither panics nor burns")
    if not int(m["wounds"]):
        raise ParagraphsError(f"{man} has no wound points: the flamethrower's effects follow a man it damaged ([17.21])")
    percentage = flame_panic_percentage(panic_percentage_of(ctx, game, man), explosion=explosion)
    why = "an exploding flamethrower" if explosion else "flamethrower fire"
    spec = {"chance": min(percentage, 100), "purpose": f"panic check of {man} hurt by {why}", "success": "panics", "failure": "keeps his head"}
    said = []
    if ctx.check("spi_percent", spec) == "success":
        result = panic_result(_charts(ctx), ctx.roll("d10", f"panic result of {man}"))
        if m["tp"] or m["acted"]:
            result = {"fire": "prone", "move": "move_one"}.get(result, result)
        m["routine"] = result
        m["prone"] = m["prone"] or result == "prone"
        m["executed"] = True
        m["acted"] = True
        if game["active"] == man:
            _hand_over(game, player_of(game, m))
        what = "he moves one square, into the one furthest from the flamethrower ([17.21])" if result == "move_one" else ROUTINES[result]
        said.append(f"{man} panics (panic {percentage}%, [17.22]{', [17.34]' if explosion else ''}): {what}; no more tasks this turn")
    else:
        said.append(f"{man} keeps his head (panic {percentage}%, [17.22]{', [17.34]' if explosion else ''})")
    if not explosion and "flamethrower" not in m["weapons"] and not m.get("burning_since"):
        m["burning_since"] = int(game["turn"])
        said.append(f"{man} is burning: 1D6 wound points at each bookkeeping from the next turn, until he puts it out ([17.41])")
    return "; ".join(said)


def burn(ctx: Context, game: dict[str, Any]) -> None:
    """Bookkeeping ([17.43]): each man burning since an earlier turn takes 1D6 wound points."""
    for mid, m in game["men"].items():
        since = m.get("burning_since")
        if not since or int(game["turn"]) <= int(since) or condition_of(m) == "dead":
            continue
        wp = ctx.roll("d6", f"burning of {mid}")
        m["wounds"] = int(m["wounds"]) + wp
        ctx.say(f"{mid} burns: {wp} WP, {condition_of(m)} ([17.41])")


def extinguish(ctx: Context, man: str = "", **_: Any) -> str:
    """[17.42]: the man acting, prone, rolls out the flames: 25 task points, 50 when
    seriously wounded; he burns no more."""
    from paragraphs_spi_commando.turns import left, require_active, spend

    game = game_of(ctx)
    m = require_active(game, man, "putting out flames")
    if not m.get("burning_since"):
        raise ParagraphsError(f"{man} is not burning")
    if not m["prone"]:
        raise ParagraphsError(f"{man} puts the flames out lying down ([17.42]): task {man} fall_prone first")
    points = PUT_OUT * (2 if condition_of(m) == "seriously wounded" else 1)
    spend(man, m, "putting out the flames", points)
    m["burning_since"] = None
    return f"{man} puts out the flames ([17.42]): {points} task points, {left(m)} left"
