"""Rule 5: the unforeseen events of turn 1 (British side only).

A d6 picks the event (content table ``events``):

* a (1-2), the Saint-Valery battery fires, and b (3-4), a German convoy: the alarm rises
  by one (the ships are detected, ruling R11), then a d10 (tables ``event_battery`` and
  ``event_convoy``): 0 nothing, 1-7 that LCA is sunk with everyone aboard (R8), 8 Group 1
  and 9 Group 2 may not land before turn 2 (a) or turn 3 (b) (R7);
* c (5-6), a group off course: on 5 Group 1 lands at C5, on 6 Group 2 at C6, their LCAs
  staying in G1 and G2 (R9);
* d, any odd face in addition: a d10 names an LCA that is lost, rolled again on 0, 8, 9
  and on an LCA already sunk (R10).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from paragraphs_raids.dice import Roller

GROUP_NAMES: Final = {"group1": "Group 1", "group2": "Group 2"}
#: Rule 5c: where a group off course lands.
OFF_COURSE: Final = {5: ("group1", "C5"), 6: ("group2", "C6")}


@dataclass
class EventResult:
    """What phase A of turn 1 brought."""

    event: str
    face: int
    detected: bool = False
    sunk: list[int] = field(default_factory=list)
    late: dict[str, int] = field(default_factory=dict)
    off_course: tuple[str, str] | None = None
    extra_lca: int | None = None

    def label(self) -> str:
        """A label naming the event and its consequence (the odds outcomes)."""
        if self.event == "off_course":
            assert self.off_course is not None
            text = f"off course: {GROUP_NAMES[self.off_course[0]]} lands at {self.off_course[1]}"
        else:
            name = "battery fire" if self.event == "battery" else "convoy"
            if self.late:
                ((group, turn),) = self.late.items()
                text = f"{name}: {GROUP_NAMES[group]} lands from turn {turn}"
            elif self.sunk:
                text = f"{name}: LCA {self.sunk[0]} sunk"
            else:
                text = f"{name}: nothing"
        if self.extra_lca is not None:
            text += f"; LCA {self.extra_lca} lost (event d)"
        return text


def roll_events(roll: Roller, tables: Mapping[str, Any], afloat: Iterable[int] = range(1, 8)) -> EventResult:
    """Rule 5: roll the turn-1 events; ``afloat`` are the numbers of the LCAs still afloat."""
    left = set(afloat)
    face = roll("d6", "unforeseen event")
    event = str(tables["events"].lookup(face).result)
    out = EventResult(event, face)
    if event in ("battery", "convoy"):
        out.detected = True
        table = tables["event_battery" if event == "battery" else "event_convoy"]
        d10 = roll("d10", f"event {'a' if event == 'battery' else 'b'}: what happens")
        what = table.lookup(d10).result
        if what == "lca_sunk":
            # The face is the number of the LCA sunk; one already lost changes nothing.
            if d10 in left:
                out.sunk.append(d10)
                left.discard(d10)
        elif isinstance(what, Mapping):
            out.late[str(what["group"])] = int(what["from_turn"])
    else:
        out.off_course = OFF_COURSE[face]
    if face % 2 == 1:
        allowed = frozenset(left)
        if allowed:
            n = roll("d10", "event d: which LCA is lost", allowed)
            out.extra_lca = n
    return out

