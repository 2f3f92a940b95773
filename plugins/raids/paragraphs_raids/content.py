"""From a raid title's content to typed data: the zone map and the unit kinds.

Both raid titles write their map and counters alike (Bruneval's ``content/bruneval``;
Dieppe's the same shape):

* ``terrain`` records give protection and stacking points, ``stacking_counts: boats``
  for zones where only boats count toward the limit;
* ``connection_kinds`` give each line kind's cost, ``cost`` for the land mode or
  ``costs: {mode: points}`` for several movement modes (Dieppe's sea and landing);
* ``zones`` name their terrain and tags, ``connections`` join two zones by a kind;
* units (the core ``units`` collection) carry ``factors``: side, role, the title's named
  factors, ``move`` (a number, or a word meaning "computed by the rules"), ``points``,
  ``infantry`` and a ``reduced`` back.

The title checks its content first (its lint reports problems in place); these builders
assume it is complete.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from paragraphs.problems import SourcePos

from paragraphs_raids.stacks import Factors, UnitKind
from paragraphs_raids.zonemap import LAND, Connection, Zone, ZoneMap

if TYPE_CHECKING:
    from paragraphs.model import Book
    from paragraphs.records import IdList


def zone_map(data: Mapping[str, Mapping[str, Any]]) -> tuple[ZoneMap, frozenset[str]]:
    """The zone map of a title's collections, and the zones where only boats count."""
    terrain = data["terrain"]
    costs: dict[str, dict[str, int | None]] = {LAND: {}}
    for kind, rec in data["connection_kinds"].items():
        if rec.get("costs"):
            for mode, cost in rec["costs"].items():
                costs.setdefault(mode, {})[kind] = None if cost is None else int(cost)
        else:
            costs[LAND][kind] = None if rec.get("cost") is None else int(rec["cost"])
    zones = []
    boat_only = set()
    for zid, rec in data["zones"].items():
        t = terrain[rec["terrain"]]
        zones.append(Zone(zid, str(rec["name"]), int(t["protection"]), int(t["stacking"]), frozenset(rec.get("tags") or ())))
        if t.get("stacking_counts") == "boats":
            boat_only.add(zid)
    connections = [Connection(r["a"], r["b"], str(r["kind"])) for r in data["connections"].values()]
    return ZoneMap(zones, connections, costs), frozenset(boat_only)


def factors(raw: Mapping[str, Any], names: Iterable[str]) -> Factors:
    """One side of a counter; a ``move`` that is not a number (``alert``) means None."""
    move = raw["move"]
    return Factors(tuple((n, int(raw[n])) for n in names), int(move) if isinstance(move, int) else None, int(raw["points"]))


def unit_kinds(units: Mapping[str, Any], names: Iterable[str]) -> dict[str, UnitKind]:
    """Unit kinds from the core ``units`` records (``unit.factors`` as described above).

    ``names`` are the title's factor names (Bruneval: attack, defence; Dieppe: fire,
    assault).
    """
    named = tuple(names)
    kinds: dict[str, UnitKind] = {}
    for uid, unit in units.items():
        f = unit.factors
        full = factors(f, named)
        kinds[uid] = UnitKind(
            id=uid,
            side=str(f["side"]),
            role=str(f["role"]),
            full=full,
            reduced=factors(f["reduced"], named) if f.get("reduced") else None,
            infantry=bool(f.get("infantry", False)),
            mobile=full.move is None or full.move > 0,
        )
    return kinds



def _assumed(rec: Mapping[str, Any]) -> str:
    return " [assumed]" if rec.get("assumed") else ""


def _zones(data: Mapping[str, Mapping[str, Any]]) -> list[tuple[str, str]]:
    return [(str(z), f"{r.get('name', z)} ({r.get('terrain', '?')}){_assumed(r)}") for z, r in (data.get("zones") or {}).items()]


def _lines(data: Mapping[str, Mapping[str, Any]]) -> list[tuple[str, str]]:
    return [(str(c), f"{r.get('a')} - {r.get('b')}, {r.get('kind')}{_assumed(r)}") for c, r in (data.get("connections") or {}).items()]


def _counters(data: Mapping[str, Mapping[str, Any]]) -> list[tuple[str, str]]:
    return [(str(c), f"{r.get('name', c)} ({r.get('unit')}, {r.get('group')}){_assumed(r)}") for c, r in (data.get("counters") or {}).items()]


def _groups(data: Mapping[str, Mapping[str, Any]]) -> list[tuple[str, str]]:
    return [(str(g), f"{r.get('name', g)} ({r.get('side')})") for g, r in (data.get("groups") or {}).items()]


#: The ids a raid title's player types in board files, and an owner in overlays:
#: (list id, heading, collections -> [(id, what it is)]). ``assumed`` marks what is schematic.
RAID_ID_LISTS: tuple[tuple[str, str, Callable[[Mapping[str, Mapping[str, Any]]], list[tuple[str, str]]]], ...] = (
    ("zones", "Zones of the map", _zones),
    ("connections", "Lines between zones", _lines),
    ("counters", "Counters", _counters),
    ("groups", "Groups of counters", _groups),
)


def id_list_records(title: str) -> Iterator[IdList]:
    """The raid lists as :class:`~paragraphs.records.IdList` records of ``title``
    (its ``paragraphs_register_id_lists`` yields them)."""
    from paragraphs.records import IdList

    for list_id, heading, entries in RAID_ID_LISTS:
        yield IdList(list_id, title, heading, lambda book, entries=entries: entries(book.data))  # type: ignore[misc]


def record_pos(book: Book, coll: str, rid: str, fld: str = "id") -> SourcePos:
    """Where a record's field is written (its id's place when the field has none), for a
    raid title's content problems; the title's own collection when neither is known."""
    where = book.provenance.get(f"{coll}:{rid}", {})
    text = where.get(fld) or where.get("id") or ""
    path, _, rest = text.rpartition(":")
    path2, _, line = path.rpartition(":")
    try:
        return SourcePos(path2, int(line), int(rest))
    except ValueError:
        return SourcePos(f"{book.title}:{coll}", 0, 0)
