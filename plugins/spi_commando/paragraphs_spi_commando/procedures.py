"""The rules' dice procedures as paragraphs Procedures, for exact odds (``paragraphs odds``).

Each function reads its inputs with ``ctx.answer`` (keys declared in
``content/spi_commando/questions.yaml``), rolls only through ``ctx.roll``, reads the charts
bound to the context (so an unknown cell is resolved by the core's policy: a remembered
answer, an ``--answer cell.…`` value, a question, or a refusal), and returns an outcome
label. It calls the same rule functions a session uses.

Imported whenever the plugin host is built: rule modules are imported inside the functions.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from paragraphs.records import Procedure

if TYPE_CHECKING:
    from paragraphs.context import Context

    from paragraphs_spi_commando.cells import Charts

TITLE = "spi_commando"
D100_FACES = "d100"


# The odds enumerator runs a procedure once per branch of its dice: the charts and rulings
# of a book are read once and kept (the book is immutable; the entry keeps it alive, so its
# id cannot be reused while cached).
_BY_BOOK: dict[int, tuple[Any, Charts, dict[str, str]]] = {}


def _book_data(ctx: Context) -> tuple[Charts, dict[str, str]]:
    found = _BY_BOOK.get(id(ctx.book))
    if found is None or found[0] is not ctx.book:
        from paragraphs_spi_commando.cells import Charts
        from paragraphs_spi_commando.rulings import choices

        if len(_BY_BOOK) > 8:
            _BY_BOOK.clear()
        found = _BY_BOOK[id(ctx.book)] = (ctx.book, Charts.from_book(ctx.book), choices(ctx.book))
    return found[1], found[2]


def _charts(ctx: Context) -> Charts:
    return _book_data(ctx)[0].bound(ctx)


def _choices(ctx: Context) -> dict[str, str]:
    return _book_data(ctx)[1]


def _yes(ctx: Context, key: str) -> bool:
    """A yes/no answer the procedure can do without (no when not given)."""
    return bool(ctx.answer(key)) if key in ctx.answers else False


def _int(ctx: Context, key: str, default: int) -> int:
    return int(ctx.answer(key)) if key in ctx.answers else default


def observation(ctx: Context) -> str:
    """[8.7]: one observation attempt by a man of code ``code`` at ``range`` squares."""
    from paragraphs_spi_commando.rules.observation import Sighting, observation_chance

    charts = _charts(ctx)
    sighting = Sighting(
        distance=int(ctx.answer("range")),
        target_prone=_yes(ctx, "prone"),
        target_terrain=str(ctx.answer("terrain")) if "terrain" in ctx.answers else "clear",
        observer_moved=_yes(ctx, "moved"),
        target_moving=_yes(ctx, "moving"),
    )
    chance = observation_chance(charts, str(ctx.answer("code")), sighting, defending=_yes(ctx, "defending"), ruling_r11=_choices(ctx)["R11"])
    return "observed" if ctx.check("spi_percent", {"chance": chance, "purpose": "observation"}) == "success" else "not observed"


def fire(ctx: Context) -> str:
    """[10.0]: one fire task with ``weapon`` at ``range``: each fire's d100 kills, wounds or
    misses; the wound points of every hit add up."""
    from paragraphs_spi_commando.rules import fire as rules

    charts = _charts(ctx)
    rulings = _choices(ctx)
    weapon = str(ctx.answer("weapon"))
    braced = _yes(ctx, "braced")
    rows = [r for r, flag in (("target_prone", "prone"), ("target_moving", "moving"), ("aiming", "aimed")) if _yes(ctx, flag)]
    rows += fire_rows_named(ctx, weapon)
    terrain = str(ctx.answer("terrain")) if "terrain" in ctx.answers else "clear"
    base = rules.base_chance(charts, weapon, int(ctx.answer("range")), braced=braced)
    chance = rules.hit_chance(
        base,
        rules.modifier_total(charts, rows, target_terrain=terrain),
        bonus=_int(ctx, "bonus", 0),
        seriously_wounded=_yes(ctx, "firer_wounded"),
        ruling_r7=rulings["R7"],
        ruling_r8=rulings["R8"],
    )
    kill = rules.kill_chance(charts, chance)
    # one lumped check for the whole task: exact odds branch on its total, not on each die
    spec = {"chance": chance, "kill": kill, "fires": rules.fires(charts, weapon, braced=braced), "row": rules.fire_row(charts, weapon, braced=braced), "purpose": "fire", "damage_purpose": "damage"}
    outcome = ctx.check("spi_volley", spec)
    return f"{outcome} WP" if outcome.startswith("wounded") else outcome


#: The session's fire words that are yes/no answers here, each with its [10.82] row: the
#: wall, the protections the chart does not value (their unknown cells are asked), and the
#: optional rules' rows. Outside a game no optional rule is in play or out of it: the
#: players answer for the situation they mean.
FIRE_WORD_ROWS = (
    ("wall", "target_against_wall"),
    ("behind_window", "target_behind_window"),
    ("by_bunker", "target_by_bunker"),
    ("behind_slit", "target_behind_slit"),
    ("on_mount", "firer_on_vehicle_or_animal"),
    ("water", "water"),
    ("on_tank", "target_on_tank_or_apc"),
)


def fire_rows_named(ctx: Context, weapon: str) -> list[str]:
    """The [10.82] rows the answers name with the session's words (``wall``, ``on_mount``,
    ``water``, ``on_tank``, ...), and ``enemy_weapon``'s -15, refused as in a session for
    the weapons [13.24] spares."""
    from paragraphs_spi_commando.referee import enemy_weapon_row

    rows = [row for word, row in FIRE_WORD_ROWS if _yes(ctx, word)]
    if _yes(ctx, "enemy_weapon"):
        rows.append(enemy_weapon_row(weapon))
    return rows


def grenade(ctx: Context) -> str:
    """[11.0]: a grenade of ``era`` and ``kind`` thrown at ``range``; where it lands
    (scatter direction on the Scatter Diagram and distance) and, with ``men`` in the
    burst, whether the accuracy roll also kills one of them (2% a man)."""
    from paragraphs_spi_commando.rules import grenades as rules

    charts = _charts(ctx)
    rows = [r for r, flag in (("thrower_prone", "thrower_prone"), ("thrower_seriously_wounded", "firer_wounded"), ("no_los", "no_los")) if _yes(ctx, flag)]
    base = rules.base_chance(charts, str(ctx.answer("era")), str(ctx.answer("kind")), int(ctx.answer("range")))
    chance = rules.accuracy(charts, base, rows, bonus=_int(ctx, "bonus", 0))
    roll = ctx.roll(D100_FACES, "grenade accuracy")
    men = _int(ctx, "men", 0)
    killed = "; one man in the burst killed" if men and str(ctx.answer("kind")) == "fragmentation" and rules.burst_kill(men, roll) else ""
    if rules.lands(chance, roll):
        return "on target" + killed
    direction = rules.scatter_direction(ctx.roll("d10", "scatter direction", allowed=set(range(1, 9))))
    distance = rules.scatter_distance(charts, ctx.roll("d6", "scatter distance"))
    return f"scatters {distance} toward {direction}{killed}"


def panic(ctx: Context) -> str:
    """[14.0]: a panic check (percentage from ``panic`` and the modifiers), and the routine."""
    from paragraphs_spi_commando.rules import panic as rules

    charts = _charts(ctx)
    observed = str(ctx.answer("observed")) if "observed" in ctx.answers else "none"
    wounds = str(ctx.answer("wounds")).replace("_", " ") if "wounds" in ctx.answers else "unhurt"
    percentage = rules.panic_percentage(
        charts,
        int(ctx.answer("panic")),
        wounds=wounds,
        observed=None if observed == "none" else observed,
        condition=_int(ctx, "condition", 0),
        first_alert_turn=_yes(ctx, "first_alert"),
    )
    if ctx.check("spi_percent", {"chance": min(percentage, 100), "purpose": "panic check"}) == "failure":
        return "no panic"
    return f"panic: {rules.panic_result(charts, ctx.roll('d10', 'panic result'))}"


def preservation(ctx: Context) -> str:
    """[15.0]: the side's Bookkeeping preservation roll."""
    from paragraphs_spi_commando.rules import panic as rules

    condition = _int(ctx, "condition", 0)
    percentage = rules.preservation_percentage(int(ctx.answer("multiple")), int(ctx.answer("killed")), int(ctx.answer("incapacitated")))
    rises = ctx.check("spi_percent", {"chance": min(percentage, 100), "purpose": "preservation"}) == "success"
    after = condition + 1 if rises else condition
    return f"condition rises to {after}" if after > condition else f"condition stays {condition}"


def melee_blow(ctx: Context) -> str:
    """[12.6]-[12.8]: one blow with ``melee_weapon``: a grappled blow always lands, another
    hits on the d100; a separate d100 kills; else 1D10 on the damage table."""
    from paragraphs_spi_commando.rules import melee as rules

    charts = _charts(ctx)
    weapon = str(ctx.answer("melee_weapon"))
    grappled = _yes(ctx, "grappled")
    wounded = _yes(ctx, "firer_wounded")
    kill = min(rules.kill_chance(charts, weapon, surprised_first_blow=_yes(ctx, "surprised")), 100)
    if not grappled and _choices(ctx)["R17"] == "hit_roll":
        chance = rules.hit_chance(charts, weapon, seriously_wounded=wounded)
        outcome = ctx.check("spi_fire", {"chance": chance, "kill": min(kill, chance), "purpose": "blow"})
        if outcome != "wounded":
            return outcome
    else:
        if not grappled and ctx.check("spi_percent", {"chance": rules.hit_chance(charts, weapon, seriously_wounded=wounded), "purpose": "blow"}) == "failure":
            return "missed"
        if ctx.check("spi_percent", {"chance": kill, "purpose": "kill"}) == "success":
            return "killed"
    wp = rules.blow_damage(charts, weapon, ctx.roll("d10", "damage"), grappled=grappled, seriously_wounded=wounded, ruling_r15=_choices(ctx)["R15"])
    return f"{wp} WP"


def disengage(ctx: Context) -> str:
    """[12.3]: the disengagement roll (2D6) of ``withdrawing`` men against ``staying`` men."""
    from paragraphs_spi_commando.rules.melee import disengagement

    roll = ctx.roll("2d6", "disengagement")
    result = disengagement(_charts(ctx), int(ctx.answer("withdrawing")), int(ctx.answer("staying")), roll)
    return {"all": "all disengage", "one": "one disengages", "none": "none disengage"}[result]


def initiative(ctx: Context) -> str:
    """[6.1]: both players roll a d10, again on a tie; the second die is rolled among the
    faces the first did not show, which gives the same odds as rolling again."""
    from paragraphs_spi_commando.rules.tasks import initiative as decide

    first = ctx.roll("d10", "initiative, side A")
    second = ctx.roll("d10", "initiative, side B", allowed=set(range(1, 11)) - {first})
    return f"side {decide(first, second)}"


_PROCEDURES: tuple[tuple[str, Any, tuple[str, ...], str], ...] = (
    ("observation", observation, ("code", "range", "prone", "terrain", "moved", "moving", "defending"), "8.7"),
    ("fire", fire, ("weapon", "range", "prone", "moving", "aimed", "braced", "bonus", "firer_wounded", "terrain", "enemy_weapon", *(word for word, _ in FIRE_WORD_ROWS)), "10.0"),
    ("grenade", grenade, ("era", "kind", "range", "bonus", "thrower_prone", "firer_wounded", "no_los", "men"), "11.0"),
    ("panic", panic, ("panic", "wounds", "observed", "condition", "first_alert"), "14.0"),
    ("preservation", preservation, ("multiple", "killed", "incapacitated", "condition"), "15.0"),
    ("melee_blow", melee_blow, ("melee_weapon", "grappled", "firer_wounded", "surprised"), "12.6"),
    ("disengage", disengage, ("withdrawing", "staying"), "12.3"),
    ("initiative", initiative, (), "6.1"),
)


#: The referee's steps: procedure id -> (module, function, case, doc). Each changes the game's
#: record and is run by a session verb as one journaled step (``Engine.perform``).
_REFEREE: dict[str, tuple[str, str, str, str]] = {
    "setup": ("referee", "setup", "9.4", "Set up a scenario's roster (args: scenario, endurance printed or rolled), rolled endurance journaled; the game starts at turn 1, phase A."),
    "arrive": ("referee", "arrive", "38.55", "A side's reinforcements arrive and may act from now on (args: side)."),
    "wound": ("referee", "wound", "9.1", "Record wound points against a man (args: man, points) and say his condition."),
    "observe": ("referee", "observe", "8.7", "One observation attempt of a man at an enemy (args: observer, target, distance, options), within the limits of [8.3] and [8.85], kept per observer ([8.82])."),
    "seen": ("referee", "seen", "8.5", "Automatic observation without a roll (args: observer, target, drop), ruling R10 for the three men held."),
    "lapse": ("referee", "lapse", "8.84", "Bookkeeping: an observer no longer observes a man (args: observer, target)."),
    "fire_at": ("referee", "fire_at", "10.0", "One fire task (args: firer, target, weapon, distance, options) by the man acting, or opportunity fire at him, with its task points, magazine check, alarm, and the target's task point loss and panic check under opportunity fire."),
    "spray": ("spray", "spray", "10.43", "Spray fire of the man acting: a weapon's fires shared among observed men (args: firer, weapon, shares)."),
    "next": ("turns", "next_step", "5.1", "Go on to the next phase: initiative in C, alternation in E and F, preservation and smoke in G, a new game-turn after H."),
    "plot": ("turns", "plot", "10.7", "Plot (or unplot) a man for opportunity fire in phase B (args: man)."),
    "activate": ("turns", "activate", "6.2", "A man takes his turn at task execution after his panic check (args: man)."),
    "done": ("turns", "done", "6.41", "The man acting ends his tasks, or the side to act passes over a man who does nothing (args: man)."),
    "pass": ("turns", "pass_", "6.41", "The side to act declines to act with more men this phase (args: side)."),
    "move": ("turns", "move", "7.0", "Movement of the man acting (args: man, orthogonal, options: diagonal=N, terrain, prone, door), charged in task points."),
    "task": ("turns", "task", "5.22", "Another task of the [5.22] chart by the man acting (args: man, name)."),
    "spend": ("turns", "spend_points", "5.21", "The man acting spends task points on a task a scenario prices (args: man, points, why)."),
    "carry": ("turns", "carry", "38.8", "A man takes or drops an object the scenario names (args: man, item)."),
    "panic_check": ("turns", "panic", "14.0", "A panic check the players call for (args: man)."),
    "preservation_check": ("turns", "preservation", "15.14", "A man's preservation check in bookkeeping (args: man)."),
    "victory": ("turns", "victory", "38.8", "The scenario's victory conditions judged against the record."),
    "range": ("sightlines", "range_verb", "8.11", "The range between two squares (args: origin, target), ruling R31."),
    "sight": ("sightlines", "sight", "8.26", "Whether an obstacle blocks a line of sight (args: observer_level, target_level, obstacle_level, to_observer, to_target, options), ruling R22."),
    "light": ("optional_rules", "light", "34.0", "Optional rule: an illumination device goes up over a square (args: kind, square), lit for the turns of [34.5]."),
    "shell": ("optional_rules", "shell", "28.0", "Optional rule: one artillery shell at a square a forward observer has watched (args: turns)."),
    "flamed": ("burning", "flamed", "17.2", "Optional rule: the panic check of a man a flamethrower hurt, at twice his percentage, and his burning (args: man, options)."),
    "extinguish": ("burning", "extinguish", "17.42", "Optional rule: the man acting, prone, puts out the flames on him (args: man)."),
    "sentry": ("sentries", "sentry", "38.45", "Before play, a defender walks a sentry routine, or no longer does (args: man), at most half the side's men."),
    "melee": ("hand_to_hand", "melee", "12.0", "Hand-to-hand combat of two men in phase D (args: first, second, options): panic checks, initiative, disengagement, five rounds of grapple or evade and blows."),
    "prepare": ("throwing", "prepare", "11.1", "The man acting prepares a grenade (args: man, kind)."),
    "throw": ("throwing", "throw", "11.2", "The man acting throws his prepared grenade (args: man, distance, options): accuracy, scatter and burst."),
    "burst": ("throwing", "burst", "11.4", "The last fragmentation grenade explodes among the men named (args: men)."),
    "aperture": ("throwing", "aperture", "11.3", "The grenade just thrown scatters at a window, slit or door (args: kind): 1D10 says whether it goes through (ruling R13)."),
    # fire at a man entering the square, return fire, opportunity throws, explosives
    "enter": ("entering", "enter", "12.12", "The man acting enters the square of one or two enemy men (args: mover, occupants): he stops; each occupant is surprised, or may move away and fire at him ([12.12]-[12.17])."),
    "plot_throw": ("throwing", "plot_throw", "11.61", "Plot (or unplot) a man holding a prepared grenade for an opportunity throw in phase B (args: man): throw cost + 5 paid now, not announced."),
    "explosive": ("explosives", "explosive", "11.71", "A man takes one of his side's explosives at the start (args: man; a giver is refused: a charge passes by exchange, [11.71])."),
    "emplace": ("explosives", "emplace", "11.73", "The man acting spends task points setting an explosive (args: man, points, options: charge number, elsewhere)."),
    "detonate": ("explosives", "detonate", "11.75", "Bookkeeping: an explosive whose fuse has run goes off on its chance, harming the men named (args: charge, men as MAN:RANGE)."),
    # a man's weapons ([13.0])
    "drop": ("arms", "drop", "13.14", "A man drops a weapon in a square, free, at any time (args: man, weapon, square)."),
    "pick_up": ("arms", "pick_up", "13.15", "The man acting picks up a weapon lying in his square (args: man, weapon, square), within the limits of [13.11]-[13.13]."),
    "exchange": ("arms", "exchange", "13.21", "The man acting exchanges weapons with a friendly man or an incapacitated or dead enemy (args: man, other, options take=W give=W); both pay ([13.23])."),
    "ready": ("arms", "ready", "13.18", "A man changes his prepared weapon (args: man, weapon): free as his task execution begins, task points during it."),
    "return_fire": ("return_fire", "return_fire", "10.55", "A plotted man hit by the fire just made fires back as he was before it (args: man, weapon, distance, options)."),
}


def _referee(pid: str) -> Any:
    """A referee step, imported only when it runs (registration imports no rule module)."""
    module, name = _REFEREE[pid][:2]

    def run(ctx: Context, **args: Any) -> Any:
        from importlib import import_module

        return getattr(import_module(f"paragraphs_spi_commando.{module}"), name)(ctx, **args)

    return run


def procedures() -> Iterator[Procedure]:
    """The Procedure records the plugin registers: the odds procedures, and the referee's
    steps that change a game's record (run with ``Engine.perform``)."""
    for pid, fn, questions, section in _PROCEDURES:
        doc = " ".join((fn.__doc__ or "").split())
        yield Procedure(id=pid, title=TITLE, function=fn, doc=doc, questions=questions, section=section)
    for pid, (_, _, section, doc) in _REFEREE.items():
        yield Procedure(id=pid, title=TITLE, function=_referee(pid), doc=doc, section=section)
