"""What a game looks up thousands of times, worked out once per scenario.

An automatic game asks the map for a zone's neighbours, its protection or the Newhaven
zone on every action and every German decision; the raids layer answers with fresh lists
and searches by tag, which is right for a picture or a command but costs a Monte Carlo
series a good part of its time (issue 14). The map and the content never change during a
game, so :class:`Lookups` keeps the answers as plain dicts and tuples, in the same content
order the map gives (every tie-break in the rules depends on that order).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from paragraphs_raids.pickling import by_fields
from paragraphs_raids.stacks import CounterSpec as CounterSpec
from paragraphs_raids.zonemap import ZoneMap

LAND: Final = "land"
LANDING: Final = "landing"


# The tables are typed as dicts, not Mappings: the compiled build (mypyc) indexes a dict
# directly, and goes through Python's generic item look-up for a Mapping.
@dataclass(frozen=True)
class Lookups:
    """Read-only tables of one scenario's map (see the module docstring)."""

    #: Zone -> the zones one line away (any kind of line), in content order.
    neighbours: dict[str, tuple[str, ...]]
    #: Zone -> the zones one line a land unit may walk along away, in content order.
    land_neighbours: dict[str, tuple[str, ...]]
    #: Zone -> the zones a land unit walks to in one line, with the MP it pays, in content order.
    land_steps: dict[str, dict[str, int]]
    #: Zone -> the zones one landing or embarking line away (blue dotted), in content order.
    landing: dict[str, tuple[str, ...]]
    #: Zone -> its place in content order.
    order: dict[str, int]
    #: The zones in content order (``order`` read backwards).
    names: tuple[str, ...]
    #: Per zone, by its place in content order: its land steps as (place of the zone
    #: reached, MP), in content order (``land_steps`` numbered, for the route searches).
    land_lines: tuple[tuple[tuple[int, int], ...], ...]
    #: Zone -> protection of its terrain (rule 1.2).
    protection: dict[str, int]
    #: Zone -> its stacking limit per side.
    stacking: dict[str, int]
    #: Zone -> the letter of the marker it takes ("" for none).
    letters: dict[str, str]
    #: Reinforcement entry number -> its zone (the first zone content gives it to).
    entries: dict[int, str]
    beaches: tuple[str, ...]
    newhaven: str
    hess_zone: str
    #: Ruling id -> the reading in force (``Scenario.rulings``): the rules ask on most
    #: actions, and a compiled game reads this dict directly where the interpreted
    #: scenario's ``ruling`` method cost a call through Python each time.
    rulings: dict[str, str]

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_fields(self)  # see paragraphs_raids.pickling

    @classmethod
    def of(cls, zmap: ZoneMap, zone_records: Mapping[str, Mapping[str, object]], rulings: Mapping[str, str]) -> Lookups:
        land = zmap.movable_kinds(LAND)
        return cls(
            neighbours={z: tuple(zmap.neighbours(z)) for z in zmap.order},
            land_neighbours={z: tuple(zmap.neighbours(z, land)) for z in zmap.order},
            land_steps={z: dict(zmap.steps(z, LAND)) for z in zmap.order},
            landing={z: tuple(zmap.steps(z, LANDING)) if LANDING in zmap.costs else () for z in zmap.order},
            order=dict(zmap.order),
            names=tuple(zmap.order),
            land_lines=tuple(tuple((zmap.order[o], c) for o, c in zmap.steps(z, LAND).items()) for z in zmap.order),
            protection={z: zmap.zone(z).protection for z in zmap.order},
            stacking={z: zmap.zone(z).stacking for z in zmap.order},
            letters={z: str((zone_records.get(z) or {}).get("activation") or "") for z in zmap.order},
            entries=_entries(zone_records),
            beaches=tuple(zmap.tagged("beach")),
            newhaven=zmap.tagged("newhaven")[0],
            hess_zone=zmap.tagged("hess")[0],
            rulings=dict(rulings),
        )


def _entries(zone_records: Mapping[str, Mapping[str, object]]) -> dict[int, str]:
    out: dict[int, str] = {}
    for zid, rec in zone_records.items():
        number = rec.get("entry")
        if isinstance(number, int) and number not in out:
            out[number] = zid
    return out


# Here rather than in scenario.py (interpreted): a native class in the compiled build, so
# a game reads its numbers (the stacking limit on most actions) straight from the object.
@dataclass(frozen=True, slots=True)
class Params:
    """The scenario's fixed numbers (content ``scenario`` record)."""

    turns: int
    start_time: str
    minutes_per_turn: int
    event_turns: tuple[int, ...]
    british_actions: int
    lca_capacity: int
    side_stacking: int
    assault_stacking: int
    activation_die: str
    german_both_from_alarm: int
    reinforcements_from_alarm: int
    flip_all_at_alarm: int
    mines_loss_at: int
    mortar_losses: int
    mortar_range: int
    vorwarts_move: int

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_fields(self)  # see paragraphs_raids.pickling
