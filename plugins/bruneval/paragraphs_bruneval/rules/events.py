"""Rule 5: unexpected events, rolled in phase A of turns 1 and 2.

A d6 showing 6 means an event; a second d6 says which one (content tables
``event_trigger`` and ``unexpected_events``). Each event can happen once: the same event
rolled again on turn 2 is ignored and not replaced.

* **Flak** (1-2): a group chosen at random is lost.
* **Convoy** (3-4): one LCA is lost, the boats roll at -1, and the boats count as
  detected for the alert (rule 15).
* **Wrong DZ** (5-6): a group chosen at random jumps outside its DZ; a d6 gives the turn
  it enters through the arrow 5C, with its action already taken.

Rulings:

* Ruling ``event_groups`` (content ``rulings``): the group "chosen at random" is drawn
  among the groups still in the air (``in_the_air``, the default: all three on turn 1,
  Rodney alone on turn 2; with no group in the air the event has no effect and still
  counts as used), or among the three groups not lost (``all_groups``), a group already
  on the ground being then unaffected.
* A late group cannot come in before its own jump: its entry turn is the d6 or its drop
  turn, whichever is later.
* The convoy sentence about paratroopers not returning is read as the lost LCA's room
  being gone; it has no other effect.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, TYPE_CHECKING

from paragraphs.records import Table
from paragraphs_raids.dice import Roller, pick_at_random

from paragraphs_bruneval.rules.alert import BOATS_DETECTED

if TYPE_CHECKING:
    from paragraphs_bruneval.game.state import GameState
    from paragraphs_bruneval.scenario import Scenario

FLAK: Final = "flak"
CONVOY: Final = "convoy"
WRONG_DZ: Final = "wrong_dz"

#: Readings of the ``event_groups`` ruling.
IN_THE_AIR = "in_the_air"
ALL_GROUPS: Final = "all_groups"


@dataclass(frozen=True, slots=True)
class EventRoll:
    """What phase A produced.

    Attributes:
        event: the event rolled (None: no event).
        ignored: the event had already happened.
        group: the group it strikes (Flak, wrong DZ).
        entry_turn: for a wrong DZ, when the group comes in through 5C.
    """

    event: str | None = None
    ignored: bool = False
    group: str | None = None
    entry_turn: int | None = None
    landed: bool = False

    def label(self, names: Mapping[str, str] | None = None) -> str:
        """A short outcome label (used by ``odds`` and the journal)."""
        name = (names or {}).get(self.group or "", self.group or "")
        if self.event is None:
            return "no event"
        if self.ignored:
            return f"{self.event.replace('_', ' ')} again: ignored"
        if self.landed:
            return f"{self.event.replace('_', ' ')}: {name} has already landed, no effect"
        if self.event == FLAK:
            return f"Flak: {name} lost" if self.group else "Flak: no group in the air"
        if self.event == CONVOY:
            return "convoy: one LCA lost, boats -1"
        return f"wrong DZ: {name} enters on turn {self.entry_turn} at 5C" if self.group else "wrong DZ: no group in the air"


def roll_event(
    used: Collection[str],
    airborne: Sequence[str],
    drop_turns: Mapping[str, int],
    roll: Roller,
    trigger: Table,
    events: Table,
    candidates: Sequence[str] | None = None,
) -> EventRoll:
    """Roll phase A once (rule 5); nothing is changed, the caller applies the result.

    ``candidates``: the groups the random draw is among (default: ``airborne``); one that
    is not airborne is not affected.
    """
    if trigger.lookup(roll("d6", "unexpected event: a 6 brings one")).result != "event":
        return EventRoll()
    event = str(events.lookup(roll("d6", "unexpected event: which one")).result)
    if event in used:
        return EventRoll(event, ignored=True)
    if event == CONVOY:
        return EventRoll(event)
    pool = list(airborne if candidates is None else candidates)
    if not pool:
        return EventRoll(event)
    group = pick_at_random(pool, roll, f"{event.replace('_', ' ')}: which group")
    if group not in airborne:
        return EventRoll(event, group=group, landed=True)
    if event == FLAK:
        return EventRoll(event, group=group)
    entry = max(roll("d6", f"wrong DZ: turn {group} comes in"), drop_turns[group])
    return EventRoll(event, group=group, entry_turn=entry)


def airborne_groups(g: GameState) -> list[str]:
    """Groups not yet on the map, not lost and not already off course (see the ruling)."""
    out = []
    for turn, groups in g.params.drop_waves:
        for group in groups:
            if turn >= g.turn and group not in g.lost_groups and group not in g.late_entries and group not in g.dropped_groups:
                out.append(group)
    return out


def drop_turns(g: GameState) -> dict[str, int]:
    return scenario_drop_turns(g.scenario)


def scenario_drop_turns(scenario: Scenario) -> dict[str, int]:
    """Each group's drop turn, in the order of the drop waves."""
    return {group: turn for turn, groups in scenario.params.drop_waves for group in groups}


def draw_candidates(scenario: Scenario, lost: Collection[str]) -> list[str] | None:
    """The groups Flak or a wrong DZ is drawn among, as ruling ``event_groups`` reads it:
    None for the groups in the air (``in_the_air``), else every group not ``lost``.

    Shared by phase A and the ``events`` odds procedure, so the two cannot disagree.
    """
    if scenario.ruling("event_groups") != ALL_GROUPS:
        return None
    return [grp for grp in scenario_drop_turns(scenario) if grp not in lost]


def phase_a(g: GameState) -> None:
    """Phase A of turns 1 and 2: roll, then apply the event."""
    tables = g.scenario.tables
    candidates = draw_candidates(g.scenario, g.lost_groups)
    result = roll_event(g.events_used, airborne_groups(g), drop_turns(g), g.roll, tables["event_trigger"], tables["unexpected_events"], candidates)
    names = {k: str(v.get("name", k)) for k, v in g.scenario.groups.items()}
    g.log(f"Unexpected event: {result.label(names)}.")
    if result.event is None or result.ignored:
        return
    g.events_used.add(result.event)
    if result.landed:
        return
    if result.event == FLAK and result.group:
        g.lost_groups.add(result.group)
        for cid in g.lookups.counters_of_group(result.group):
            g.eliminated.append(cid)
    elif result.event == CONVOY:
        boats = [cid for cid in g.lookups.counters_of_group("boats") if cid not in g.eliminated]
        if boats:
            g.eliminate(g.pieces[boats[-1]], "sunk meeting the German convoy")
        g.boat_modifier -= 1
        g.alert.happen(BOATS_DETECTED)
    elif result.event == WRONG_DZ and result.group and result.entry_turn is not None:
        g.late_entries[result.group] = result.entry_turn
