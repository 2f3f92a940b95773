"""Rule 12: victory points and the result of the raid.

* each 155 mm cannon of the Hess battery eliminated (only by assault): 10 VP, and a
  bonus for the turn the last one falls (turns 1-5: +5, 6-8: +2, 9-12: 0; table
  ``hess_timetable``);
* a telephone line cut (one or both markers): 2 VP;
* one prisoner a game brought home: 2 VP, 4 for an officer (ruling R40);
* each Flak cannon or pillbox eliminated: 1 VP;
* Lord Lovat killed -5, Major Mills-Roberts -3;
* each commando level not brought back to Newhaven: -1 (ruling R42).

20 VP or more is a complete success, 10-19 a semi success, under 10 a failure.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

LEVELS = ("complete", "semi", "failure")
LEVEL_NAMES = {"complete": "a complete success", "semi": "a semi success", "failure": "a failure"}


@dataclass(frozen=True, slots=True)
class Tally:
    """What the British achieved, as rule 12 counts it."""

    hess_guns: int = 0
    hess_last_turn: int | None = None
    telephone_cut: bool = False
    prisoner: str | None = None
    flak: int = 0
    pillboxes: int = 0
    officers_killed: tuple[str, ...] = ()
    levels_missing: int = 0


def hess_bonus(turn: int, table: object) -> int:
    """The timetable bonus for the turn the last Hess cannon fell."""
    return int(table.lookup(turn).result)  # type: ignore[attr-defined]


def score(tally: Tally, vp: Mapping[str, int], timetable: object, guns: int = 2, names: Mapping[str, str] | None = None) -> tuple[int, list[str]]:
    """Total VP and one reason per line that counts.

    ``names`` gives a killed officer's name as the counters give it ("Lord Lovat"), by id;
    without it the reason names the id.
    """
    named = names or {}
    reasons: list[str] = []
    total = _add(reasons, tally.hess_guns * vp["hess_gun"], f"{tally.hess_guns} Hess cannon eliminated")
    if tally.hess_guns >= guns and tally.hess_last_turn is not None:
        total += _add(reasons, hess_bonus(tally.hess_last_turn, timetable), f"the battery silenced on turn {tally.hess_last_turn}")
    if tally.telephone_cut:
        total += _add(reasons, vp["telephone"], "telephone line cut")
    if tally.prisoner:
        total += _add(reasons, vp["prisoner_officer" if tally.prisoner == "officer" else "prisoner"], f"prisoner ({tally.prisoner}) brought home")
    total += _add(reasons, tally.flak * vp["flak"], f"{tally.flak} Flak cannon eliminated")
    total += _add(reasons, tally.pillboxes * vp["pillbox"], f"{tally.pillboxes} pillbox(es) eliminated")
    for officer in tally.officers_killed:
        total += _add(reasons, vp[officer], f"{named.get(officer, officer)} killed")
    total += _add(reasons, tally.levels_missing * vp["level_not_home"], f"{tally.levels_missing} commando level(s) not back at Newhaven")
    return total, reasons


def _add(reasons: list[str], points: int, why: str) -> int:
    """A line that counts (not 0 VP) gives its reason; returns the VP it adds. (A module
    function rather than a closure: the compiled build called the closure through
    Python's generic call, seven times a game.)"""
    if points:
        reasons.append(f"{points:+d} VP: {why}")
    return points


def success_level(vp: int, table: object) -> str:
    """The level of the content table ``success_levels`` that ``vp`` reaches."""
    return str(table.lookup(vp).result)  # type: ignore[attr-defined]
