"""The Data Log of [38.21] as the session's sheet: the turn and phase, per side its
bonuses, panic and preservation, and per man his weapons, endurance, wound points,
condition, task points spent this turn, plot, routine, objects carried and the enemy men
he observes.

Imported at every CLI start; the work is done inside the functions.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from paragraphs.records import SheetSection

TITLE = "spi_commando"
ROSTER = "spi_commando"


def data_log(state: Any, book: Any) -> dict[str, Any]:
    """The record as data: sides and men with their condition."""
    from paragraphs_spi_commando.referee import condition_of, in_roster_order

    game = state.extra.get(ROSTER)
    if not game:
        return {}
    game = in_roster_order(dict(game))  # a copy: showing the sheet changes nothing
    men = {mid: {**man, "condition": condition_of(man), "observes": list(game.get("observes", {}).get(mid, []))} for mid, man in game["men"].items()}
    keys = ("turn", "phase", "initiative", "to_act", "active", "alert_turn", "length", "over", "optional", "wind", "lights", "dropped")
    return {"scenario": game["scenario"], **{k: game.get(k) for k in keys}, "sides": game["sides"], "men": men}


def data_log_lines(state: Any, book: Any) -> list[str]:
    """The record worded for the players, one line per side and per man."""
    log = data_log(state, book)
    if not log:
        return ["No scenario set up yet: type setup <scenario> (39-50)."]
    from paragraphs_spi_commando.referee import in_roster_order
    from paragraphs_spi_commando.turns import status_line

    game = in_roster_order(dict(state.extra[ROSTER]))
    lines = [f"Scenario {log['scenario']}: {status_line(game)}"]
    if log.get("alert_turn") is not None:
        lines.append(f"Defenders alerted on turn {log['alert_turn']}")
    if log.get("over"):
        lines.append(f"Game over: {log['over']}")
    # the optional rules in use, the wind and the lights up ([32.12], [34.0])
    if log.get("optional"):
        lines.append("Optional rules: " + ", ".join(log["optional"]))
    if log.get("wind"):
        lines.append(f"Wind from direction {log['wind']['from']} of the Scatter Diagram, speed {log['wind']['speed']}")
    for light in log.get("lights") or ():
        lines.append(f"Lit: {light['kind'].replace('_', ' ')} over {light['square'] or 'its square'}, {light['radius']} squares, until turn {light['until']}" + (f", drifted {light['drift']}" if light.get("drift") else ""))
    for sid, side in log["sides"].items():
        lines.append(
            f"{side['letter']}: {side['name']} ({side['mode']}), fire {side['fire_bonus']:+d}, grenade {side['grenade_bonus']:+d}, "
            f"observation {side['observation']}, panic {side['panic']}%, preservation x{side['preservation']} (condition {side['condition']})"
        )
        for mid, man in log["men"].items():
            if man["side"] != sid:
                continue
            name = f" {man['name']}" if man["name"] else ""
            seen = f"; observes {', '.join(man['observes'])}" if man["observes"] else ""
            flags = [f for f, on in (("prone", man.get("prone")), ("plotted", man.get("plotted")), ("sentry", man.get("sentry")), ("burning", man.get("burning_since")), ("acted", man.get("acted")), ("in melee", man.get("in_melee")), ("off the map", man.get("exited"))) if on]
            if man.get("routine"):
                flags.append(f"routine {man['routine'].replace('_', ' ')}")
            if man.get("items"):
                flags.append("carries " + ", ".join(man["items"]))
            if man.get("unloaded"):
                flags.append("unloaded " + ", ".join(man["unloaded"]))
            if man.get("grenade"):
                flags.append(f"{man['grenade']} grenade prepared")
            if any((man.get("grenades_passed") or {}).values()):
                from paragraphs_spi_commando.passing import KINDS, grenades_of

                # his count is no longer the scenario's less those used: say it ([11.14])
                flags.append("grenades " + ", ".join(f"{grenades_of(game, man, kind)} {kind}" for kind in KINDS))
            flags += weapon_flags(man)
            spent = f", {man['tp']} TP spent" if man.get("tp") else ""
            extra = f" [{', '.join(flags)}]" if flags else ""
            lines.append(f"  {mid}{name}: {', '.join(man['weapons'])}; endurance {man['endurance']}, {man['wounds']} WP, {man['condition']}{spent}{seen}{extra}")
    for item in log.get("dropped") or ():
        side = log["sides"][item["side"]]
        lines.append(f"Lying in square {item['square']}: {item['weapon'].replace('_', ' ')} ({side['letter']}'s, [13.14])")
    return lines


def weapon_flags(man: dict[str, Any]) -> list[str]:
    """What the weapon list does not say: the weapon he has ready when it is not the
    first he carries (or none), and the weapons he took from the enemy ([13.17], [13.24])."""
    flags = []
    prepared = man.get("prepared")
    if man["weapons"] and not man.get("grenade") and prepared != man["weapons"][0]:
        flags.append(f"{prepared.replace('_', ' ')} ready" if prepared else "no weapon ready")
    if man.get("taken"):
        flags.append("taken from the enemy: " + ", ".join(str(t[0]).replace("_", " ") for t in man["taken"]))
    return flags


def sheet_sections() -> Iterator[SheetSection]:
    yield SheetSection("spi_commando-data-log", TITLE, data_log_lines, data_log, (ROSTER,))
