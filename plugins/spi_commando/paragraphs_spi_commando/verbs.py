"""The referee's session verbs: ``paragraphs play spi_commando`` performs each as one
journaled step (saved, undone without re-rolling, logged, shown with ``--json``).

Imported at every CLI start; the records are cheap and name procedures by id.
"""

from __future__ import annotations

from collections.abc import Iterator

from paragraphs.records import SessionVerb, VerbArgument

TITLE = "spi_commando"
SCENARIOS = tuple(str(n) for n in range(39, 51))
WEAPONS = ("pistol", "machine_pistol", "smg", "automatic_rifle", "semi_automatic_rifle", "rifle", "carbine", "machinegun", "flamethrower")


def session_verbs() -> Iterator[SessionVerb]:
    yield SessionVerb(
        id="setup",
        title=TITLE,
        help="set up a scenario's roster, endurance printed or rolled (rolls journaled)",
        procedure="setup",
        arguments=(VerbArgument("scenario", "scenario number, 39-50", "choice", SCENARIOS), VerbArgument("endurance", "printed or rolled", "choice", ("printed", "rolled"), optional=True), VerbArgument("optional", "the optional rules the game uses, a,b", optional=True)),
    )
    yield SessionVerb(
        id="wound",
        title=TITLE,
        help="record wound points against a man",
        procedure="wound",
        arguments=(VerbArgument("man", "the man (A1, B3...)"), VerbArgument("points", "wound points", "integer")),
    )
    yield SessionVerb(
        id="observe",
        title=TITLE,
        help="one observation attempt: observer, target, range in squares (within the scenario's observation range), then any of prone moving moved inside_building inside_hangar lit and the target's terrain",
        procedure="observe",
        arguments=(
            VerbArgument("observer", "the observing man (A1...)"),
            VerbArgument("target", "the enemy man (B3...)"),
            VerbArgument("distance", "range in squares", "integer"),
            VerbArgument("options", "prone, moving, moved, inside_building, inside_hangar, lit, a terrain", optional=True, rest=True),
        ),
    )
    yield SessionVerb(
        id="lapse",
        title=TITLE,
        help="at Bookkeeping: the observer no longer observes the target (out of range or sight)",
        procedure="lapse",
        arguments=(VerbArgument("observer", "the observing man"), VerbArgument("target", "the man he loses")),
    )
    yield SessionVerb(
        id="fire",
        title=TITLE,
        help="one fire task: firer, target, weapon, range in squares, then any of prone moving aimed braced wall enemy_weapon by_bunker behind_window behind_slit, the optional rules' on_mount water on_tank, and the target's terrain",
        procedure="fire_at",
        arguments=(
            VerbArgument("firer", "the firing man (A1...)"),
            VerbArgument("target", "the target man (B3...)"),
            VerbArgument("weapon", "the weapon fired", "choice", WEAPONS),
            VerbArgument("distance", "range in squares", "integer"),
            VerbArgument("options", "prone, moving, aimed, braced, wall, enemy_weapon, by_bunker, behind_window, behind_slit, on_mount, water, on_tank, a terrain", optional=True, rest=True),
        ),
    )
    yield SessionVerb(
        id="spray",
        title=TITLE,
        help="spray fire of the man acting: his fires shared among observed men within two squares of each other",
        procedure="spray",
        arguments=(
            VerbArgument("firer", "the firing man"),
            VerbArgument("weapon", "a weapon of several fires", "choice", WEAPONS),
            VerbArgument("shares", "MAN:FIRES:RANGE[:prone,moving,aimed,terrain] for each target, and braced", rest=True),
        ),
    )
    man = VerbArgument("man", "the man (A1, B3...)")
    yield SessionVerb(id="next", title=TITLE, help="go on to the next phase (A observation ... H game-turn record)", procedure="next")
    yield SessionVerb(id="plot", title=TITLE, help="phase B: plot a man for opportunity fire (again to unplot)", procedure="plot", arguments=(man,))
    yield SessionVerb(id="activate", title=TITLE, help="phases E, F: a man of the side to act takes his turn (panic check first)", procedure="activate", arguments=(man,))
    yield SessionVerb(id="done", title=TITLE, help="the man acting ends his tasks (prone: falling prone, free as his last task), or a man of the side to act does nothing this turn", procedure="done", arguments=(man, VerbArgument("options", "prone", optional=True, rest=True)))
    yield SessionVerb(id="pass", title=TITLE, help="the side to act (or the side named) acts with no more men this phase", procedure="pass", arguments=(VerbArgument("side", "the side's letter or id", optional=True),))
    yield SessionVerb(
        id="move",
        title=TITLE,
        help="the man acting moves: squares orthogonally, then diagonal=N, a terrain, prone, door",
        procedure="move",
        arguments=(man, VerbArgument("orthogonal", "squares moved orthogonally", "integer"), VerbArgument("options", "diagonal=N, clear rough_crater trench woods, prone, door, entry=N (N-th man in by one edge square)", optional=True, rest=True)),
    )
    yield SessionVerb(id="task", title=TITLE, help="another task of the man acting: stand, fall_prone, reload, exit_map; exchange_weapons and pick_up_weapon as bare tasks, for what the record does not hold (weapons, grenades and explosives go by exchange, weapons by pickup)", procedure="task", arguments=(man, VerbArgument("name", "the task", "choice", ("stand", "fall_prone", "prepare_grenade", "exchange_weapons", "pick_up_weapon", "reload", "exit_map"))))
    yield SessionVerb(id="spend", title=TITLE, help="the man acting spends task points on a scenario's task (the radio: 75)", procedure="spend", arguments=(man, VerbArgument("points", "task points", "integer"), VerbArgument("why", "what for", optional=True, rest=True)))
    yield SessionVerb(id="carry", title=TITLE, help="a man takes an object of the scenario (the radio), or drops it with -name", procedure="carry", arguments=(man, VerbArgument("item", "the object, or -object to drop it")))
    yield SessionVerb(id="seen", title=TITLE, help="automatic observation, no roll ([8.5]): observer, target, and the man he drops when he holds three", procedure="seen", arguments=(VerbArgument("observer", "the observing man"), VerbArgument("target", "the man he now sees"), VerbArgument("drop", "a man he stops observing", optional=True)))
    yield SessionVerb(id="panic", title=TITLE, help="a panic check the rules call for outside an activation", procedure="panic_check", arguments=(man,))
    yield SessionVerb(id="preservation", title=TITLE, help="phase G: a man's preservation check", procedure="preservation_check", arguments=(man,))
    # sentry routines ([38.45]-[38.48]): named before play, walked by the referee
    # what the players read off the map, by the title's reading (rulings R31 and R22)
    yield SessionVerb(id="range", title=TITLE, help="the range between two squares, e.g. range 2547 2851 ([8.11], ruling R31)", procedure="range", arguments=(VerbArgument("origin", "the observer's or firer's square (four digits)"), VerbArgument("target", "the target's square")))
    level = "an elevation level"
    yield SessionVerb(
        id="sight",
        title=TITLE,
        help="does an obstacle block the line of sight: observer's level, target's level, obstacle's level, its squares to the observer and to the target, [blocking]",
        procedure="sight",
        arguments=(VerbArgument("observer_level", level, "integer"), VerbArgument("target_level", level, "integer"), VerbArgument("obstacle_level", level, "integer"), VerbArgument("to_observer", "squares from the obstacle to the observer", "integer"), VerbArgument("to_target", "squares from the obstacle to the target", "integer"), VerbArgument("options", "blocking (blocking terrain: one level higher, [8.22])", optional=True, rest=True)),
    )
    # optional rules a game selects at set-up ([34.0] illumination, [28.0] artillery)
    yield SessionVerb(id="light", title=TITLE, help="optional illumination: a grenade, flare or star shell lights the squares around a square", procedure="light", arguments=(VerbArgument("kind", "the device", "choice", ("grenade", "flare", "star_shell")), VerbArgument("square", "the square it is over (four digits)", optional=True)))
    yield SessionVerb(id="shell", title=TITLE, help="optional artillery: one shell at a square a forward observer has watched for N turns", procedure="shell", arguments=(VerbArgument("turns", "whole turns of forward observation", "integer"),))
    yield SessionVerb(id="flamed", title=TITLE, help="optional flamethrowers: a man the flamethrower hurt checks for panic at twice his chance and starts burning ([17.2], [17.4])", procedure="flamed", arguments=(man, VerbArgument("options", "explosion (an exploding flamethrower hurt him)", optional=True, rest=True)))
    yield SessionVerb(id="extinguish", title=TITLE, help="optional flamethrowers: the man acting, prone, puts out the flames on him (25 task points, [17.42])", procedure="extinguish", arguments=(man,))
    yield SessionVerb(id="sentry", title=TITLE, help="before play: a defender walks a sentry routine (again to take him off it)", procedure="sentry", arguments=(man,))
    yield SessionVerb(
        id="melee",
        title=TITLE,
        help="phase D: hand-to-hand combat of two men in one square",
        procedure="melee",
        arguments=(VerbArgument("first", "a man"), VerbArgument("second", "the enemy man in his square"), VerbArgument("options", "with=<man>,<man>, surprised=<man>, withdraw=<man>, <man>=<weapon he carries or fists>, draw=<man>:<weapon>:<round>, square=<square a dropped weapon falls in>", optional=True, rest=True)),
    )
    yield SessionVerb(id="prepare", title=TITLE, help="the man acting prepares a grenade", procedure="prepare", arguments=(man, VerbArgument("kind", "fragmentation or smoke", "choice", ("fragmentation", "smoke"), optional=True)))
    yield SessionVerb(
        id="throw",
        title=TITLE,
        help="the man acting throws his prepared grenade: range, then no_los, prone, the target square's rows of [11.82] (through_door, target_higher...), open vented closed, the men in the burst",
        procedure="throw",
        arguments=(man, VerbArgument("distance", "range in squares", "integer"), VerbArgument("options", "no_los, prone, rows of [11.82], open/vented/closed, men in the burst", optional=True, rest=True)),
    )
    yield SessionVerb(id="aperture", title=TITLE, help="the grenade just thrown scatters at a window, slit or door: does it go through ([11.3])", procedure="aperture", arguments=(VerbArgument("kind", "window, slit or door", "choice", ("window", "slit", "door")),))
    yield SessionVerb(id="burst", title=TITLE, help="the last fragmentation grenade explodes among the men named (a scattered one)", procedure="burst", arguments=(VerbArgument("men", "the men of the burst, through=<man>, open/vented/closed", rest=True),))
    yield SessionVerb(id="arrive", title=TITLE, help="a side's reinforcement group arrives (its men may act from now on)", procedure="arrive", arguments=(VerbArgument("side", "the side's letter or id"),))
    yield SessionVerb(id="victory", title=TITLE, help="the scenario's victory conditions against the record", procedure="victory")


def fire_verbs() -> Iterator[SessionVerb]:
    """Entering an enemy's square, return fire, opportunity throws and explosives
    ([12.12]-[12.17], [10.55], [11.6], [11.7])."""
    yield SessionVerb(
        id="enter",
        title=TITLE,
        help="the man acting has entered the square of one or two enemy men: he stops; each may be surprised, move away or fire at him",
        procedure="enter",
        arguments=(VerbArgument("mover", "the man who entered"), VerbArgument("occupants", "the enemy man or two men of the square", rest=True)),
    )
    yield SessionVerb(id="plot_throw", title=TITLE, help="phase B: plot a man holding a prepared grenade to throw it out of turn (again to unplot); then throw <man> ... when an enemy acts", procedure="plot_throw", arguments=(VerbArgument("man", "the man (A1, B3...)"),))
    yield SessionVerb(
        id="return_fire",
        title=TITLE,
        help="a plotted man hit by the fire just made fires back, as he was before it ([10.55])",
        procedure="return_fire",
        arguments=(
            VerbArgument("man", "the man hit"),
            VerbArgument("weapon", "the weapon he fires", "choice", WEAPONS),
            VerbArgument("distance", "range in squares", "integer"),
            VerbArgument("options", "prone, moving, aimed, braced, wall, enemy_weapon, by_bunker, behind_window, behind_slit, on_mount, water, on_tank, a terrain", optional=True, rest=True),
        ),
    )
    yield SessionVerb(id="explosive", title=TITLE, help="a man takes one of his side's explosives (turn 1, phase A); later a charge passes by exchange ... give=explosive ([11.71])", procedure="explosive", arguments=(VerbArgument("man", "the man who takes it"), VerbArgument("giver", "refused: a charge passes by exchange <giver> <man> give=explosive", optional=True)))
    yield SessionVerb(
        id="emplace",
        title=TITLE,
        help="the man acting spends task points setting his explosive (over several turns if need be); a charge number to set a failed one again; elsewhere if not where the scenario wants it",
        procedure="emplace",
        arguments=(VerbArgument("man", "the man setting it"), VerbArgument("points", "task points spent now", "integer"), VerbArgument("options", "a charge number, elsewhere", optional=True, rest=True)),
    )
    yield SessionVerb(
        id="detonate",
        title=TITLE,
        help="phase G: an explosive whose fuse has run goes off on its chance; the men in reach as MAN:RANGE (through=MAN:RANGE through an aperture)",
        procedure="detonate",
        arguments=(VerbArgument("charge", "the explosive's number", "integer"), VerbArgument("men", "MAN:RANGE for each man within 6 squares", optional=True, rest=True)),
    )


def weapon_verbs() -> Iterator[SessionVerb]:
    """A man's weapons ([13.0]): drop, pick up, exchange, and the weapon he has ready."""
    man = VerbArgument("man", "the man (A1, B3...)")
    weapon = VerbArgument("weapon", "a weapon he carries (smg, pistol, combat_knife...)")
    square = VerbArgument("square", "the square it lies in (four digits)")
    yield SessionVerb(id="drop", title=TITLE, help="a man drops a weapon in his square, free, at any time ([13.14]); it lies there", procedure="drop", arguments=(man, weapon, square))
    yield SessionVerb(id="pickup", title=TITLE, help="the man acting picks up a weapon lying in his square ([13.15]), within the limits of [13.11]", procedure="pick_up", arguments=(man, VerbArgument("weapon", "the weapon lying there"), square))
    yield SessionVerb(
        id="exchange",
        title=TITLE,
        help="the man acting exchanges weapons with a friendly man or an incapacitated or dead enemy in his square: take=W give=W, grenades (fragmentation:3, smoke:1, prepared_grenade) and an explosive too ([13.21]-[13.25], [11.14], [11.71])",
        procedure="exchange",
        arguments=(man, VerbArgument("other", "the man in his square"), VerbArgument("options", "take=<item>[,<item>] give=<item>[,<item>]: a weapon, <kind>:<number> of grenades, prepared_grenade, explosive", rest=True)),
    )
    yield SessionVerb(id="ready", title=TITLE, help="a man changes his prepared weapon: free as his tasks begin, task points during them ([13.17], [13.18])", procedure="ready", arguments=(man, weapon))
