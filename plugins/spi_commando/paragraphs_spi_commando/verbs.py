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
        arguments=(VerbArgument("scenario", "scenario number, 39-50", "choice", SCENARIOS), VerbArgument("endurance", "printed or rolled", "choice", ("printed", "rolled"), optional=True)),
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
        help="one observation attempt: observer, target, range in squares, then any of prone moving moved and the target's terrain",
        procedure="observe",
        arguments=(
            VerbArgument("observer", "the observing man (A1...)"),
            VerbArgument("target", "the enemy man (B3...)"),
            VerbArgument("distance", "range in squares", "integer"),
            VerbArgument("options", "prone, moving, moved, a terrain", optional=True, rest=True),
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
        help="one fire task: firer, target, weapon, range in squares, then any of prone moving aimed braced and the target's terrain",
        procedure="fire_at",
        arguments=(
            VerbArgument("firer", "the firing man (A1...)"),
            VerbArgument("target", "the target man (B3...)"),
            VerbArgument("weapon", "the weapon fired", "choice", WEAPONS),
            VerbArgument("distance", "range in squares", "integer"),
            VerbArgument("options", "prone, moving, aimed, braced, a terrain", optional=True, rest=True),
        ),
    )
