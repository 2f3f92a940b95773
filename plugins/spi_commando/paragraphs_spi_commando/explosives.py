"""Explosives, case [11.7], as a scenario lists them (number, effect, task points and
place of emplacement, fuse time, chance of success, damage to men by range).

* ``explosive <man>``: a charge of the side's stock is given to a man on the first turn
  ([11.71]); one charge a man at most. Later a charge passes from man to man only by the
  exchange weapons task ([11.71]), that is ``exchange ... give=explosive`` (module
  ``passing``), which checks the square and the men and charges both of them: the older
  form ``explosive <man> <from>`` handed it over for nothing, so it is now refused with a
  pointer to ``exchange`` (a save holding such a step still loads; its charge record is
  the same).
* ``emplace <man> <points> [<charge>] [elsewhere]``: the man acting spends task points
  setting a charge; the points may run over several turns (75 and 100 are more than a
  turn's 50). Setting a charge is no combat task ([10.12]). ``elsewhere`` says it is not
  where the scenario wants it: it then harms only men ([11.73]). Once the points are
  spent the fuse runs ([11.74]).
* ``detonate <charge> [MAN:RANGE ...]``: at bookkeeping of the turn the fuse ends, a d100
  at or under the chance of success sets it off ([11.75]); the structure falls (the
  players draw the rubble, [11.72]) and each man named takes the dice of his range band,
  0, 1-2, 3-4 or 5-6 squares ([11.76]): as for a grenade, a man behind a wall without an
  aperture is not named, and one reached through an aperture (``through=MAN:RANGE``)
  takes half, rounded down, one at least ([11.43], [11.42]). A charge that does not go
  off may be set again from the start; failing twice, it is a dud.

The scenario's numbers are printed data (``explosives`` of a side in
``scenarios.yaml``); [48.43]'s 2D6 at 5-6 squares, above the 1D6 at 3-4, is kept as
printed and flagged there. A man carrying the enemy's charge panics at three times his
percentage in every check (the referee triples it) and checks twice a turn ([11.74]):
the check before his tasks is the referee's, the one after them the players call with
``panic``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from paragraphs.errors import ParagraphsError

from paragraphs_spi_commando.referee import condition_of, game_of, man_of

if TYPE_CHECKING:
    from paragraphs.context import Context

#: Range bands of [11.76], in squares.
BANDS = {"0": (0, 0), "1-2": (1, 2), "3-4": (3, 4), "5-6": (5, 6)}


def charges_of(ctx: Context, game: dict[str, Any], side: str) -> dict[str, Any]:
    """The scenario's explosives for ``side``, or why it has none."""
    from paragraphs_spi_commando.scenarios import scenario

    found = scenario(ctx.book, str(game["scenario"])).side(side).get("explosives")
    if not found:
        raise ParagraphsError(f"side {game['sides'][side]['letter']} has no explosives in scenario {game['scenario']} ([11.7])")
    return dict(found)


def band(distance: int) -> str:
    """[11.76]: the range band of a man ``distance`` squares from the charge."""
    for name, (low, high) in BANDS.items():
        if low <= distance <= high:
            return name
    raise ParagraphsError(f"an explosive harms men up to 6 squares away ([11.76]), not {distance}")


def explosive(ctx: Context, man: str = "", giver: str | None = None, **_: Any) -> str:
    """[11.71]: ``man`` takes a charge from his side's stock on the first turn. A charge
    passes from ``giver`` only by the exchange weapons task, which this verb does not
    charge: refused with a pointer to ``exchange`` before anything changes."""
    game = game_of(ctx)
    if giver:
        raise ParagraphsError(f"an explosive passes from man to man by the exchange weapons task, both men paying ([11.71]): exchange {giver} {man} give=explosive")
    m = man_of(game, man)
    charges = game.setdefault("charges", [])
    if any(c["holder"] == man for c in charges):
        raise ParagraphsError(f"{man} already carries an explosive: one a man ([11.71])")
    if condition_of(m) in ("dead", "incapacitated"):
        raise ParagraphsError(f"{man} is {condition_of(m)}")
    data = charges_of(ctx, game, m["side"])
    if int(game["turn"]) != 1 or game["phase"] != "A":
        raise ParagraphsError(f"the explosives are given out at the start of the scenario ([11.71]); later they pass from man to man by the exchange weapons task: exchange <man> {man} give=explosive")
    mine = [c for c in charges if c["side"] == m["side"]]
    if len(mine) >= int(data["number"]):
        raise ParagraphsError(f"the side has {data['number']} explosives and all are given out")
    charge = {"id": len(charges) + 1, "side": m["side"], "holder": man, "points": 0, "set_turn": None, "placed": True, "failures": 0, "status": "carried"}
    charges.append(charge)
    return f"{man} carries explosive {charge['id']} ({len(mine) + 1} of {data['number']})"


def _charge(game: dict[str, Any], number: int) -> dict[str, Any]:
    for c in game.get("charges") or ():
        if int(c["id"]) == int(number):
            return c  # type: ignore[no-any-return]
    raise ParagraphsError(f"no explosive {number}")


def emplace(ctx: Context, man: str = "", points: int = 0, options: str | None = None, **_: Any) -> str:
    """[11.73], [11.75]: the man acting spends ``points`` setting the charge he carries,
    or a charge that failed to go off (its number in ``options``); ``elsewhere`` in
    ``options`` when it is not where the scenario wants it."""
    from paragraphs_spi_commando.turns import left, require_active, spend

    game = game_of(ctx)
    m = require_active(game, man, "setting an explosive")
    words = (options or "").split()
    named = [w for w in words if w.isdigit()]
    if any(w not in ("elsewhere", *named) for w in words):
        raise ParagraphsError(f"emplace: {' '.join(words)!r} is not a charge number or elsewhere")
    if named:
        charge = _charge(game, int(named[0]))
        if charge["status"] not in ("failed", "setting") or charge["holder"] not in (None, man):
            raise ParagraphsError(f"explosive {charge['id']} is {charge['status']}: only a charge that did not go off is set again here ([11.75])")
    else:
        held = [c for c in game.get("charges") or () if c["holder"] == man]
        if not held:
            raise ParagraphsError(f"{man} carries no explosive")
        charge = held[0]
    if charge["status"] not in ("carried", "setting", "failed"):
        raise ParagraphsError(f"explosive {charge['id']} is {charge['status']}")
    need = int(charges_of(ctx, game, charge["side"])["emplacement_tp"])
    if int(points) < 1:
        raise ParagraphsError("emplace needs 1 task point or more")
    points = min(int(points), need - int(charge["points"]))
    spend(man, m, f"set explosive {charge['id']}", points)
    charge["points"] = int(charge["points"]) + points
    charge["status"] = "setting"
    charge["holder"] = man
    charge["placed"] = "elsewhere" not in words
    if charge["points"] < need:
        return f"{man} works at explosive {charge['id']}: {charge['points']} of {need} task points ({left(m)} left this turn)"
    fuse = int(charges_of(ctx, game, charge["side"])["fuse_turns"])
    charge.update(status="set", holder=None, set_turn=game["turn"])
    where = "" if charge["placed"] else "; not where the scenario wants it, it can harm only men ([11.73])"
    return f"explosive {charge['id']} is set on turn {game['turn']}: detonate {charge['id']} at bookkeeping of turn {int(game['turn']) + fuse} ([11.74]){where}"


def detonate(ctx: Context, charge: int = 0, men: str | None = None, **_: Any) -> str:
    """[11.75], [11.76]: the fuse of explosive ``charge`` has run: it goes off on a d100
    at or under its chance, harming the men named as ``MAN:RANGE`` (``through=MAN:RANGE``
    through an aperture)."""
    from paragraphs_spi_commando.procedures import _choices
    from paragraphs_spi_commando.turns import require_phase

    game = game_of(ctx)
    require_phase(game, "G", what="a fuse check")
    c = _charge(game, int(charge))
    if c["status"] != "set":
        raise ParagraphsError(f"explosive {c['id']} is {c['status']}, not set")
    data = charges_of(ctx, game, c["side"])
    due = int(c["set_turn"]) + int(data["fuse_turns"])
    if int(game["turn"]) < due:
        raise ParagraphsError(f"the fuse of explosive {c['id']} runs until bookkeeping of turn {due} ([11.74])")
    victims = [_victim(game, word) for word in (men or "").split()]
    chance = int(data["success"])
    spec = {"chance": chance, "purpose": f"explosive {c['id']} goes off", "success": "goes off", "failure": "does not go off"}
    if ctx.check("spi_percent", spec) == "failure":
        c["failures"] = int(c["failures"]) + 1
        if c["failures"] >= 2:
            c["status"] = "dud"
            return f"explosive {c['id']} does not go off again: it is a dud ([11.75])"
        c.update(status="failed", points=0)
        return f"explosive {c['id']} does not go off (chance {chance}): a man may set it again, emplace <man> <points> {c['id']} ([11.75])"
    c["status"] = "detonated"
    said = [f"explosive {c['id']} goes off (chance {chance})"]
    if c["placed"]:
        said.append("its structure falls as the scenario says: draw the rubble ([11.72])")
        game.setdefault("demolished", []).append({"charge": c["id"], "turn": game["turn"]})
    for name, distance, through in victims:
        m = man_of(game, name)
        if condition_of(m) == "dead":
            continue
        code = str(data["effect_on_men"][band(distance)])
        wp = int(ctx.check("spi_dice", {"dice": code, "purpose": f"explosive {c['id']}: wounds of {name}"}))
        if through:
            wp = through_aperture(wp, _choices(ctx)["R2"])
        m["wounds"] = int(m["wounds"]) + wp
        said.append(f"{name} {wp} WP ({code} at {distance}), {condition_of(m)}")
    return "; ".join(said)


def through_aperture(wp: int, ruling_r2: str = "as_printed") -> int:
    """[11.43] for a blast through an aperture: half, rounded down as printed (ruling R2
    ``up_everywhere`` rounds up), and one at least ([11.42])."""
    from paragraphs_spi_commando.rules.dice import halve_down, halve_up

    return max(halve_down(wp) if ruling_r2 == "as_printed" else halve_up(wp), 1)


def _victim(game: dict[str, Any], word: str) -> tuple[str, int, bool]:
    through = word.startswith("through=")
    name, _, distance = word.removeprefix("through=").partition(":")
    if not distance.isdigit():
        raise ParagraphsError(f"detonate: {word!r} is not MAN:RANGE or through=MAN:RANGE")
    man_of(game, name)
    band(int(distance))
    return name, int(distance), through
