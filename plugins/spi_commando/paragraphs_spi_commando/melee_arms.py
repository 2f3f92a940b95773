"""The weapons of a hand-to-hand combat ([12.5]-[12.55]) and what they do to the record of
[13.0]: which row of the Hand-to-Hand Combat Table a man strikes with, a weapon changed
or dropped before the first round, and a weapon drawn in a round.

How the text is read:

* A man fights with his prepared weapon or his fists ([12.51]); the players may name
  another weapon only if he carries it: as the enemy comes in he may change his prepared
  weapon to another he carries, if he observes the man entering ([12.51]), so a man
  surprised ([12.22], [12.23]: he has not observed him) keeps the one he has ready.
* Fists are any man's ([12.53]); a man who holds a prepared weapon fights with them by
  dropping it, free, and it lies in the square ([12.53], [12.55]).
* A draw drops the prepared weapon as part of the attempt ([12.5]: the text puts the
  drop inside the attempt, and [12.92] reads "armed" as having had a weapon prepared
  before it): drawn, he holds the new weapon; missed, he is left with his fists. This is
  ruling R46 (``always``); its alternative ``on_success`` drops the held weapon only when
  the new one comes out, so a missed draw leaves him the weapon he had ready.
* No row is named for a [12.93] line (``carbine_rifle``, ``auto_weapon``): the weapon he
  carries says it; a weapon without a row (the flamethrower) is no hand-to-hand weapon.

The square a weapon falls in is the players' word (``square=``): the referee has no map.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from paragraphs.errors import ParagraphsError

from paragraphs_spi_commando.referee import surprised_now

if TYPE_CHECKING:
    from paragraphs.context import Context

FISTS = "fists"


def _name(weapon: str) -> str:
    return weapon.replace("_", " ")


def weapon_row(charts: Any, weapon: str) -> str | None:
    """The [12.93] row of a weapon a man carries: a melee weapon's own, a fire weapon's
    ``melee_row``; None for a weapon that is no hand-to-hand weapon."""
    if weapon in {r.key for r in charts["melee_weapons"].rows}:
        return weapon
    if weapon in {r.key for r in charts["weapons"].rows}:
        row = charts.value("weapons", weapon, "melee_row")
        return None if row is None else str(row)
    return None


def held_weapon(man: dict[str, Any]) -> str | None:
    """The weapon he has prepared among those he carries (a prepared grenade is none)."""
    prepared = man.get("prepared")
    return str(prepared) if prepared and prepared in man["weapons"] else None


def melee_weapon(charts: Any, man_id: str, man: dict[str, Any], chosen: str | None = None) -> str:
    """The [12.93] row a man strikes with ([12.51]): the weapon named (his fists, or a
    weapon he carries), else his prepared weapon's row, else his fists. A weapon he does
    not carry is refused."""
    if chosen == FISTS:
        return FISTS
    if chosen is not None:
        if chosen not in man["weapons"]:
            carried = ", ".join(man["weapons"]) or "no weapon"
            raise ParagraphsError(f"{man_id} carries {carried}, not {chosen}: he fights with a weapon he carries or his fists ([12.51], [12.53])")
        row = weapon_row(charts, chosen)
        if row is None:
            raise ParagraphsError(f"{man_id}'s {_name(chosen)} is no hand-to-hand weapon: it has no row of [12.93]")
        return row
    held = held_weapon(man)
    row = weapon_row(charts, held) if held else None
    return row or FISTS


def check_choices(charts: Any, game: dict[str, Any], men: dict[str, dict[str, Any]], chosen: dict[str, str], draws: dict[tuple[str, int], str], square: str | None) -> None:
    """Every weapon named for the combat, refused before a die is rolled: a weapon he
    carries (or his fists); a change only by a man who is not surprised; a draw of a
    weapon he carries and does not already hold; a square when a weapon may fall."""
    from paragraphs_spi_commando.hand_to_hand import ROUNDS

    falls = False
    for mid, weapon in chosen.items():
        man = men[mid]
        melee_weapon(charts, mid, man, weapon)
        held = held_weapon(man)
        if weapon == FISTS:
            falls = falls or held is not None
        elif weapon != held:
            _may_change(game, mid, man, f"fights with his {_name(weapon)}")
    for (mid, at), weapon in draws.items():
        man = men[mid]
        if not 1 <= at <= ROUNDS:
            raise ParagraphsError(f"melee: a draw is made in a round 1-{ROUNDS}, not {at}")
        if weapon == FISTS or weapon not in man["weapons"]:
            raise ParagraphsError(f"{mid} carries {', '.join(man['weapons']) or 'no weapon'}, not {weapon}: he draws a weapon he carries ([12.5])")
        if weapon_row(charts, weapon) is None:
            raise ParagraphsError(f"{mid}'s {_name(weapon)} is no hand-to-hand weapon: it has no row of [12.93]")
        start = chosen.get(mid, held_weapon(man))
        if weapon == start:
            raise ParagraphsError(f"{mid} holds his {_name(weapon)} ready: he strikes with it, no draw ([12.5])")
        if man.get("grenade"):
            raise ParagraphsError(f"{mid} holds a prepared {man['grenade']} grenade: he draws no weapon before he has thrown it ([11.12], [13.17])")
        falls = True
    if falls and square is None:
        raise ParagraphsError("melee: a weapon dropped in the combat lies in its square ([12.53], [12.55]): name it, square=<four digits>")


def _may_change(game: dict[str, Any], man_id: str, man: dict[str, Any], what: str) -> None:
    from paragraphs_spi_commando.referee import refuse_with_grenade_in_hand

    refuse_with_grenade_in_hand(man_id, man, what)
    if surprised_now(man, int(game["turn"])):
        raise ParagraphsError(f"{man_id} is surprised: he has not observed the man who came in and fights with the weapon he has ready, or drops it for his fists ([12.51], [12.23])")


def arm(ctx: Context, charts: Any, game: dict[str, Any], men: dict[str, dict[str, Any]], chosen: dict[str, str], square: str | None) -> dict[str, str]:
    """Before the first round: each man's row, the record following the players' choice
    (a change of prepared weapon, [12.51]; a weapon dropped for his fists, [12.53])."""
    rows = {}
    for mid, man in men.items():
        weapon = chosen.get(mid)
        held = held_weapon(man)
        if weapon == FISTS and held is not None:
            drop_in_melee(ctx, game, mid, man, held, str(square), "for his fists ([12.53])")
        elif weapon is not None and weapon != FISTS and weapon != held:
            man["prepared"] = weapon
            ctx.say(f"{mid} fights with his {_name(weapon)}" + (f" instead of his {_name(held)}" if held else "") + " ([12.51])")
        rows[mid] = melee_weapon(charts, mid, man, weapon)
    return rows


def drop_in_melee(ctx: Context, game: dict[str, Any], man_id: str, man: dict[str, Any], weapon: str, square: str, why: str) -> None:
    """The weapon leaves his hands and lies in the square for any man to pick up ([12.55])."""
    from paragraphs_spi_commando.arms import let_go

    origin = let_go(game, man, weapon)
    man["prepared"] = None
    game["dropped"] = [*(game.get("dropped") or ()), {"square": square, "weapon": weapon, "side": origin}]
    ctx.say(f"{man_id} drops his {_name(weapon)} in square {square} {why}")


def draw(ctx: Context, charts: Any, game: dict[str, Any], man_id: str, man: dict[str, Any], weapon: str, rows: dict[str, str], grappled: bool, square: str, drop: str = "always") -> bool:
    """[12.5], [12.92]: instead of a blow the man tries to draw ``weapon`` (2D6 by whether
    he held one and is grappled): drawn, it is his prepared weapon and he strikes with it
    from the next round. The weapon he had ready falls in the square by ruling R46
    (``drop``): ``always`` with the attempt, so a missed draw leaves him his fists;
    ``on_success`` only when the new one comes out, so a missed draw leaves him the old
    one. Whether he tried (a weapon already drawn, or lying in the square since, is no
    draw: he strikes instead)."""
    from paragraphs_spi_commando.rules.melee import draws_weapon

    held = held_weapon(man)
    if weapon == held or weapon not in man["weapons"]:
        ctx.say(f"{man_id} " + (f"holds his {_name(weapon)} already" if weapon == held else f"no longer carries his {_name(weapon)}") + ": no draw, he strikes ([12.5])")
        return False
    if held is not None and drop == "always":
        drop_in_melee(ctx, game, man_id, man, held, square, "to draw another weapon ([12.5], [12.55])")
    roll = ctx.roll("2d6", f"{man_id} draws his {_name(weapon)}")
    if draws_weapon(charts, armed=held is not None, grappled=grappled, roll=roll):
        if held is not None and drop == "on_success":
            drop_in_melee(ctx, game, man_id, man, held, square, "as he draws another weapon ([12.5], [12.55], ruling R46)")
        man["prepared"] = weapon
        rows[man_id] = str(weapon_row(charts, weapon))
        ctx.say(f"{man_id} draws his {_name(weapon)} ([12.92])")
    elif held is not None and drop == "on_success":
        ctx.say(f"{man_id} fails to draw his {_name(weapon)} and keeps his {_name(held)} ready ([12.92], ruling R46)")
    else:
        rows[man_id] = FISTS
        ctx.say(f"{man_id} fails to draw his {_name(weapon)} and has his fists ([12.92], [12.53])")
    return True
