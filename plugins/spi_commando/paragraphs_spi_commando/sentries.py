"""Sentry routines of the defenders, cases [38.45]-[38.48] and [38.64].

Before the game the defending player names the men who walk a sentry routine (``sentry
B2``); he draws each route on his own map, so the referee keeps only who walks one. No
more than half his men, rounded down, may walk one ([38.48]), and a scenario may forbid
them for a side (``no_sentry_routine`` in its content, with its case).

Until the defenders are freed, a sentry spends 25 task points a turn walking his route,
between phase E and phase F ([38.45]); the referee charges them when ``next`` leaves E.
Every other defender stays in his square ([38.47], [38.48]): ``move`` refuses him. When
the routines end and the men are freed is ruling R43: by default on the turn after the
automatic panic turn ([38.64]), which is two turns after the alarm; a defender who
observes an attacker acts freely from the alarm on ([38.63]). The alternative ends them at
the alarm itself, reading "until alerted" of [38.47] as the end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from paragraphs.errors import ParagraphsError

from paragraphs_spi_commando.referee import condition_of, game_of, man_of

if TYPE_CHECKING:
    from paragraphs.context import Context

#: Task points a sentry spends on his route each game-turn ([38.45]).
SENTRY_WALK = 25


def sentry_limit(game: dict[str, Any], side_id: str) -> int:
    """[38.48]: half the defending side's men who start on the map, rounded down."""
    men = [m for m in game["men"].values() if m["side"] == side_id and not m.get("reserve")]
    return len(men) // 2


def routines_last(game: dict[str, Any], ruling_r43: str = "after_panic_turn") -> bool:
    """Whether sentry routines (and the defenders held in their squares) still hold this
    turn: always before the alarm; after it, through the automatic panic turn that
    follows the alarm turn ([38.61], [38.64]), or (R43 ``at_alert``) not at all."""
    alert = game.get("alert_turn")
    if alert is None:
        return True
    if ruling_r43 == "at_alert":
        return False
    return int(game["turn"]) <= int(alert) + 1


def held_in_place(game: dict[str, Any], man_id: str, ruling_r43: str = "after_panic_turn") -> str | None:
    """Why a defender may not move now ([38.47], [38.48], [38.64]), or None when he may.
    Attackers and men of sides with no mode are never held; a defender who observes an
    attacker after the alarm acts by the normal rules ([38.63])."""
    man = man_of(game, man_id)
    if game["sides"][man["side"]]["mode"] != "defending" or man.get("reserve") or man.get("reinforcement") or not routines_last(game, ruling_r43):
        return None
    if game.get("alert_turn") is not None and game["observes"].get(man_id):
        return None
    if man.get("sentry"):
        return "he walks his sentry route, 25 task points between phases E and F ([38.45], [38.47])"
    return "until the defenders are freed he stays in the square he began in ([38.47], [38.48], [38.64], ruling R43)"


def sentry(ctx: Context, man: str = "", **_: Any) -> str:
    """Before the first turn, the defending player puts a man on a sentry routine, or
    takes him off it (typed again) ([38.45]). Refused for a man of a side not in
    defending mode, for a side the scenario forbids sentries, and past half the side's
    men ([38.48])."""
    game = game_of(ctx)
    if int(game["turn"]) != 1 or game["phase"] != "A":
        raise ParagraphsError("sentry routines are drawn before play, at turn 1 phase A ([38.45]: the route starts where the man stands when the attacker enters)")
    m = man_of(game, man)
    side = game["sides"][m["side"]]
    if side["mode"] != "defending":
        raise ParagraphsError(f"{man} is not a defender: only men in defending mode walk sentry routines ([38.45])")
    if m.get("reserve"):
        raise ParagraphsError(f"{man} is a reinforcement, off the map at the start: he walks no sentry route")
    forbidden = side.get("no_sentry_routine")
    if forbidden:
        raise ParagraphsError(f"no man of {side['name']} walks a sentry routine in this scenario ({forbidden})")
    if m.get("sentry"):
        m["sentry"] = False
        return f"{man} stays in his square (no sentry routine)"
    walking = sum(1 for x in game["men"].values() if x["side"] == m["side"] and x.get("sentry"))
    limit = sentry_limit(game, m["side"])
    if walking >= limit:
        raise ParagraphsError(f"{side['name']} already has {walking} of its men on sentry routines: at most half of them, rounded down, {limit} ([38.48])")
    m["sentry"] = True
    return f"{man} walks a sentry routine: 25 task points a turn along the route drawn on the defender's map ([38.45]); {walking + 1} of at most {limit}"


def walk_sentries(ctx: Context, game: dict[str, Any]) -> None:
    """Between phases E and F ([38.45]): each sentry able to walk spends his 25 task
    points (what he has left, if fewer), while the routines last (ruling R43). A sentry
    held in hand-to-hand combat, incapacitated or dead walks nowhere, nor one who observes
    an attacker after the alarm ([38.63])."""
    from paragraphs_spi_commando.procedures import _choices
    from paragraphs_spi_commando.turns import left

    ruling = _choices(ctx).get("R43", "after_panic_turn")
    if not routines_last(game, ruling):
        return
    walked = []
    for mid, man in game["men"].items():
        if not man.get("sentry") or man.get("in_melee") or condition_of(man) in ("dead", "incapacitated"):
            continue
        if held_in_place(game, mid, ruling) is None:
            continue  # alerted and observing an attacker, he acts by the normal rules ([38.63])
        points = min(SENTRY_WALK, left(man))
        man["tp"] = int(man["tp"]) + points
        walked.append(f"{mid} ({points})")
    if walked:
        ctx.say(f"Sentries walk their routes between phases E and F ([38.45]): {', '.join(walked)} task points; the defender moves them on his map")
