"""The optional rules ([16.0]-[37.0]): which a game uses, and the parts the referee runs.

A game selects optional rules at set-up (``paragraphs play spi_commando --scenario 40
--optional artillery --optional illumination``, or ``setup 40 printed
artillery,illumination``); they are kept in the record. A rule is named by the id the
scenarios use for it. Their tables are charts (``charts/optional.yaml``). The referee
resolves, when the rule is selected:

* ``illumination`` and ``hand_held_flares`` ([34.0]): ``light KIND`` records a device
  that lights the squares around it for the turns of [34.5] and goes out at the
  bookkeeping that ends them ([34.23], [34.34], [34.44]); star shells drift with the wind
  at each bookkeeping ([34.45], ruling R24);
* the wind of [32.12] and [34.42] (with ``illumination`` or ``guard_dogs``): rolled at
  set-up, direction on the Scatter Diagram and speed, and rolled again at the end of
  every fifth turn on a 1 or 2 ([32.13]);
* ``flamethrowers`` ([17.2], [17.4]): ``flamed`` and ``extinguish``, the doubled panic
  check of a man the flamethrower hurt and his burning (:mod:`paragraphs_spi_commando.burning`);
* ``searchlights`` ([33.26], [33.27]) and the lit areas of [34.11]: ``observe`` takes
  ``near_searchlight`` (+30) and ``from_light`` (-30), within the 5-95 bounds;
* ``artillery`` ([28.0], [23.91], [23.92]): ``shell TURNS`` fires one shell at a square a
  forward observer has watched for that many turns: 15, 10 more a turn, 75 at most
  ([28.23], [28.24]); a miss scatters by 1D10 squares in a direction of the Scatter
  Diagram. What the burst does is Diagram 8, read by the players at the map.

The other optional rules are accepted, named in the record and left to the players.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from paragraphs.errors import ParagraphsError

from paragraphs_spi_commando.referee import game_of

if TYPE_CHECKING:
    from paragraphs.context import Context

#: Every optional rule by the id the scenarios use: its section, and whether the
#: referee resolves part of it.
RULES: dict[str, tuple[str, bool]] = {
    "flamethrowers": ("17.0", True),
    "rifle_grenades": ("18.0", False),
    "horses_and_camels": ("19.0", False),
    "barbed_wire": ("20.0", False),
    "thump_guns": ("21.0", False),
    "mines": ("22.0", False),
    "anti_personnel_mines": ("22.0", False),
    "tanks": ("23.0", False),
    "apcs": ("24.0", False),
    "satchel_charges": ("25.0", False),
    "rocket_launchers": ("26.0", False),
    "laws": ("27.0", False),
    "artillery": ("28.0", True),
    "jeeps": ("29.0", False),
    "motorcycles": ("30.0", False),
    "electrified_wire": ("31.0", False),
    "guard_dogs": ("32.0", True),
    "searchlights": ("33.0", True),
    "illumination": ("34.0", True),
    "hand_held_flares": ("34.3", True),
    "climbing": ("35.0", False),
    "underwater_operations": ("36.0", False),
}
#: Rules that need the wind ([32.12] for the dogs' scent, [34.42] for star shells).
WINDY = ("guard_dogs", "illumination")
#: [32.13]: after each fifth turn, a chance of a new wind direction.
WIND_TURNS = 5
#: [28.24]: forward observation never lifts a shell's chance past this.
ARTILLERY_CAP = 75


#: Words of ``observe`` for a lit area: the observer within 10 squares of a searchlight
#: looks at a man it lights (+30, [33.26]); the observer stands in a lit area and looks
#: at a man outside it (-30, [33.27], [34.11]).
LIGHTING = {"near_searchlight": (30, ("searchlights",)), "from_light": (-30, ("searchlights", "illumination", "hand_held_flares"))}


def lighting_modifier(game: dict[str, Any], words: list[str]) -> int:
    """The observation modifier of a lit area the players report ([33.26], [33.27],
    [34.11]), refused when the game does not use the rule that lights it. The +30 is for
    searchlights only ([34.13]: none for illumination devices)."""
    total = 0
    for word in words:
        value, rules = LIGHTING[word]
        require(game, *rules)
        total += value
    return total


def parse(text: str | None) -> list[str]:
    """Rule ids from ``a,b`` or ``a b``; an unknown id is refused with the known ones."""
    names = [n for n in (text or "").replace(",", " ").split() if n]
    for name in names:
        if name not in RULES:
            raise ParagraphsError(f"no optional rule {name!r} (known: {', '.join(sorted(RULES))})")
    return list(dict.fromkeys(names))


def require(game: dict[str, Any], *rules: str) -> None:
    if not set(rules) & set(game.get("optional") or ()):
        raise ParagraphsError(f"this game does not use the optional rule {' or '.join(rules)} ([{RULES[rules[0]][0]}]): start it with --optional {rules[0]}")


def start(ctx: Context, game: dict[str, Any], selected: list[str], record: Any) -> None:
    """At set-up: keep the selected rules, say which of the scenario's necessary rules
    are missing ([38.23]), and roll the wind when a selected rule needs it."""
    game["optional"] = selected
    needed = list((record.get("optional_rules") or {}).get("necessary") or ())
    missing = [n for n in needed if n not in selected]
    if missing:
        ctx.say(f"Scenario {record['id']} needs the optional rules {', '.join(missing)} ([38.23]); the referee does not resolve {'them' if len(missing) > 1 else 'it'} unless selected")
    if selected:
        ctx.say("Optional rules: " + ", ".join(f"{n} ([{RULES[n][0]}]{'' if RULES[n][1] else ', by the players'})" for n in selected))
    if set(selected) & set(WINDY):
        game["wind"] = {"from": _direction(ctx, "wind direction"), "speed": ctx.roll("d6", "wind speed") - 1}
        ctx.say(f"Wind from direction {game['wind']['from']} of the Scatter Diagram, speed {game['wind']['speed']} ([32.12], [34.42])")


def _direction(ctx: Context, why: str) -> int:
    """A direction of the Scatter Diagram: 1D10 with 9 and 10 rolled again ([32.12])."""
    return int(ctx.roll("d10", why, allowed=set(range(1, 9))))


def light(ctx: Context, kind: str = "", square: str | None = None, **_: Any) -> str:
    """[34.0]: an illumination device goes up (an illumination grenade or thump-gun
    shell, a hand-fired flare, a star shell) over ``square``; it lights the squares within
    its radius for the turns of [34.5], the turn it is used included. Throwing or firing
    it, with its scatter, is the players' or the throw's business."""
    from paragraphs_spi_commando.procedures import _charts

    game = game_of(ctx)
    require(game, "illumination", "hand_held_flares")
    if kind != "flare" and "illumination" not in game["optional"]:
        require(game, "illumination")  # hand_held_flares alone brings flares only ([34.3])
    charts = _charts(ctx)
    radius = charts.number("illumination", kind, "radius")
    turns = charts.number("illumination", kind, "turns")
    device = {"kind": kind, "square": square or "", "radius": radius, "until": int(game["turn"]) + turns - 1, "drift": 0}
    game["lights"] = [*(game.get("lights") or []), device]
    return f"{kind.replace('_', ' ')} lights {radius} squares around {square or 'its square'} until the bookkeeping of turn {device['until']} ([34.5])"


def bookkeeping(ctx: Context, game: dict[str, Any]) -> None:
    """Phase G ([34.23], [34.34], [34.44], [34.45], [32.13]): lights whose last turn this
    is go out; star shells still up drift with the wind; at the end of every fifth turn
    the wind may change."""
    from paragraphs_spi_commando.procedures import _choices

    lights = game.get("lights") or []
    if lights:
        out = [d for d in lights if int(d["until"]) <= int(game["turn"])]
        up = [d for d in lights if int(d["until"]) > int(game["turn"])]
        for d in out:
            ctx.say(f"The {d['kind'].replace('_', ' ')} over {d['square'] or 'its square'} goes out ([34.5])")
        wind = game.get("wind")
        for d in up:
            if d["kind"] == "star_shell" and wind and int(wind["speed"]):
                d["drift"] = int(d["drift"]) + int(wind["speed"])
                ctx.say(f"The star shell over {d['square'] or 'its square'} drifts {wind['speed']} squares {drift_words(int(wind['from']), _choices(ctx).get('R24', 'blowing_from'))} ([34.45], ruling R24); {d['drift']} in all")
        game["lights"] = up
    wind = game.get("wind")
    if wind and int(game["turn"]) % WIND_TURNS == 0:
        if ctx.roll("d6", "does the wind change") <= 2:
            wind["from"] = _direction(ctx, "new wind direction")
            ctx.say(f"The wind changes: from direction {wind['from']} of the Scatter Diagram ([32.13])")
        else:
            ctx.say("The wind holds ([32.13])")


def drift_words(direction: int, ruling_r24: str = "blowing_from") -> str:
    """Which way a star shell drifts for a wind rolled as ``direction`` on the Scatter
    Diagram. Ruling R24: the roll names where the wind blows from ([32.12]), so the shell
    goes the other way (``blowing_from``); or, reading the example of [34.45] literally,
    it goes toward the direction named (``toward_named``)."""
    if ruling_r24 == "toward_named":
        return f"toward direction {direction} of the Scatter Diagram"
    return f"away from direction {direction} of the Scatter Diagram (downwind)"


def artillery_hit_chance(charts: Any, turns_observed: int) -> int:
    """[23.91], [28.23], [28.24]: a shell's chance of hitting the square aimed at, 15 and 10
    more for each whole turn a forward observer has spent on it, never above 75."""
    if turns_observed < 0:
        raise ParagraphsError("turns of forward observation are 0 or more")
    base = charts.number("tank_artillery_hit", "artillery_or_buttoned_tank")
    return min(base + turns_observed * charts.number("tank_artillery_hit", "per_observed_turn"), ARTILLERY_CAP)


def shell(ctx: Context, turns: int = 0, **_: Any) -> str:
    """[28.0]: one artillery shell at a square watched by a forward observer for
    ``turns`` turns: on target at or under :func:`artillery_hit_chance`, else it scatters
    1D10 squares ([23.92]) in a direction of the Scatter Diagram (9 and 10 rolled again)."""
    from paragraphs_spi_commando.procedures import _charts

    game = game_of(ctx)
    require(game, "artillery")
    charts = _charts(ctx)
    chance = artillery_hit_chance(charts, int(turns))
    spec = {"chance": chance, "purpose": "artillery shell on its square", "success": "on target", "failure": "scatters"}
    if ctx.check("spi_percent", spec) == "success":
        return f"the shell lands on its square (chance {chance}, [23.91]); its burst is Diagram 8, at the map"
    direction = _direction(ctx, "scatter direction of the shell")
    distance = charts.number("tank_artillery_scatter", charts["tank_artillery_scatter"].row_for(ctx.roll("d10", "scatter of the shell")).key)
    return f"the shell scatters {distance} squares toward direction {direction} of the Scatter Diagram (chance {chance}, [23.92]); its burst is Diagram 8, at the map"
