"""The scenario: the title's content turned into typed, ready-to-play data.

Everything the rules need (the zone map, unit kinds, counters, set-up, markers, tables
and the scenario's fixed numbers) is read from the compiled :class:`paragraphs.model.Book`
(``book.data``, ``book.units``, ``book.tables``), so an overlay that changes the content
changes the game. The problems this module can find are reported by the title's lint
(:mod:`paragraphs_bruneval.lint`) with file positions; :func:`scenario_from_book` refuses
a book that has any.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from paragraphs.dice import DiceConventions
from paragraphs.errors import ContentError
from paragraphs.model import Book
from paragraphs.problems import Problem, SourcePos
from paragraphs.records import Table
from paragraphs_raids import content
from paragraphs_raids.markers import MarkerBack
from paragraphs_raids.picture import MapLayout
from paragraphs_raids.stacks import UnitKind
from paragraphs_raids.zonemap import ZoneMap

# (The counters' records and the fixed numbers live in the compiled lookups module; named here too.)
from paragraphs_bruneval.lookups import CounterSpec as CounterSpec, Lookups, Params as Params


@dataclass(frozen=True, slots=True)
class Placement:
    """What rule 3.1 puts in a zone at the start."""

    zone: str
    counters: tuple[str, ...]
    objects: tuple[str, ...] = ()
    holds_post: bool = False


@dataclass(frozen=True, slots=True)
class MarkerSet:
    """Activation markers of one letter: how many go on the map, the values on their backs."""

    letter: str
    on_map: int
    backs: tuple[MarkerBack, ...]


def counter_ids_by(counters: Iterable[CounterSpec], key: Callable[[CounterSpec], str]) -> dict[str, tuple[str, ...]]:
    """The ids of ``counters`` grouped by ``key`` (a side, a role, a group), the groups and
    the ids in each in content order (the scenario's lookups by side, role and group)."""
    out: dict[str, list[str]] = {}
    for c in counters:
        out.setdefault(key(c), []).append(c.id)
    return {name: tuple(ids) for name, ids in out.items()}


@dataclass(frozen=True)
class Scenario:
    """Typed view of the title's content (see the module docstring)."""

    title: str
    conventions: DiceConventions
    zmap: ZoneMap
    kinds: Mapping[str, UnitKind]
    counters: Mapping[str, CounterSpec]
    groups: Mapping[str, Mapping[str, Any]]
    setup: tuple[Placement, ...]
    marker_sets: Mapping[str, MarkerSet]
    tables: Mapping[str, Table]
    params: Params
    alert_events: Mapping[str, tuple[int, ...]]
    alert_maximum: int
    victory_points: Mapping[str, int]
    wurzburg_modifiers: Mapping[str, int]
    alert_movement: Mapping[int, int]
    boat_only_zones: frozenset[str] = field(default_factory=frozenset)
    zone_records: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    rulings: Mapping[str, str] = field(default_factory=dict)
    #: The map as the board picture draws it (zones at their schematic or overlaid positions).
    layout: MapLayout | None = None

    def ruling(self, ruling_id: str) -> str:
        """The reading in force for ruling ``ruling_id`` (content ``rulings``)."""
        return self.rulings[ruling_id]

    # ------------------------------------------------------------------ zone lookups
    def zones_tagged(self, tag: str) -> list[str]:
        return self.zmap.tagged(tag)

    # The zone records never change once the scenario is made, and games ask these for
    # every drop, late entry, reinforcement and set-up: each is read from the records
    # once, and every call gets its own copy (callers may change what they are given).
    def drop_zone(self, letter: str) -> dict[int, str]:
        """Zone id by number (1-6) for drop zone ``letter`` (rule 7)."""
        return dict(self._drop_zones.get(letter, {}))

    @functools.cached_property
    def _drop_zones(self) -> dict[str, dict[int, str]]:
        found: dict[str, dict[int, str]] = {}
        for zid, rec in self.zone_records.items():
            if rec.get("drop_zone") is not None and rec.get("number"):
                found.setdefault(rec["drop_zone"], {})[int(rec["number"])] = zid
        return {letter: dict(sorted(out.items())) for letter, out in found.items()}

    def entry(self, arrow: str) -> str:
        """Zone id of arrow ``R1``, ``R2`` or ``5C``."""
        try:
            return self._entries[arrow]
        except KeyError:
            raise KeyError(arrow) from None

    @functools.cached_property
    def _entries(self) -> dict[Any, str]:
        found: dict[Any, str] = {}
        for zid, rec in self.zone_records.items():
            arrow = rec.get("entry")
            if arrow is not None:
                found.setdefault(arrow, zid)  # the first zone of an arrow, in content order
        return found

    def activation_zones(self) -> dict[str, list[str]]:
        """Marker letter -> zones taking a marker of that letter, in content order."""
        return {letter: list(zones) for letter, zones in self._activation_zones.items()}

    @functools.cached_property
    def _activation_zones(self) -> dict[str, tuple[str, ...]]:
        out: dict[str, list[str]] = {}
        for zid, rec in self.zone_records.items():
            if rec.get("activation"):
                out.setdefault(str(rec["activation"]), []).append(zid)
        return {letter: tuple(zones) for letter, zones in out.items()}

    # Cached on the (frozen) scenario: the default player asks for them for every unit it moves.
    @functools.cached_property
    def wurzburg_zone(self) -> str:
        return self.zones_tagged("wurzburg")[0]

    @functools.cached_property
    def villa_zone(self) -> str:
        return self.zones_tagged("villa")[0]

    def group_counters(self, group: str) -> list[str]:
        return list(self._group_counters.get(group, ()))

    def counters_of_group(self, group: str) -> tuple[str, ...]:
        """:meth:`group_counters` for reading only (no copy made)."""
        return self._group_counters.get(group, ())

    def counters_of_role(self, role: str) -> tuple[str, ...]:
        """Ids of the counters whose kind has ``role`` (``officer``, ``engineers``), in content order."""
        return self._role_counters.get(role, ())

    def counters_of_side(self, side: str) -> tuple[str, ...]:
        """Ids of the counters of ``side`` (``british``, ``german``), in content order."""
        return self._side_counters.get(side, ())

    @functools.cached_property
    def _side_counters(self) -> dict[str, tuple[str, ...]]:
        return counter_ids_by(self.counters.values(), lambda c: c.kind.side)

    @functools.cached_property
    def _role_counters(self) -> dict[str, tuple[str, ...]]:
        return counter_ids_by(self.counters.values(), lambda c: c.kind.role)

    @functools.cached_property
    def _group_counters(self) -> dict[str, tuple[str, ...]]:
        return counter_ids_by(self.counters.values(), lambda c: c.group)

    @functools.cached_property
    def lookups(self) -> Lookups:
        """What a game reads of the scenario on most steps, kept once (compiled lookups module)."""
        return Lookups(
            params=self.params,
            rulings=dict(self.rulings),
            boat_only_zones=self.boat_only_zones,
            side_counters=dict(self._side_counters),
            role_counters=dict(self._role_counters),
            group_counters=dict(self._group_counters),
            embarkation=tuple(self.zones_tagged("embarkation")),
            beaches=tuple(self.zones_tagged("beach")),
            wurzburg_zone=next(iter(self.zones_tagged("wurzburg")), None),
            villa_zone=next(iter(self.zones_tagged("villa")), None),
        )

    def holds_post(self) -> frozenset[str]:
        """Counters set up to hold their post (never move; see the setup ruling)."""
        return frozenset(c for p in self.setup if p.holds_post for c in p.counters)


# --------------------------------------------------------------------------- checking


# where a record's field is written, for lint problems (shared by the raid titles)
record_pos = _pos = content.record_pos


_REQUIRED: dict[str, tuple[str, ...]] = {
    "terrain": ("name", "protection", "stacking"),
    "connection_kinds": ("cost",),
    "zones": ("name", "terrain"),
    "connections": ("a", "b", "kind"),
    "groups": ("name", "side", "kind"),
    "counters": ("unit", "group"),
    "setup": ("zone", "counters"),
    "marker_sets": ("on_map", "backs"),
    "alert_events": ("increases",),
    "victory_points": ("vp",),
    "wurzburg_attempts": ("modifier",),
    "rulings": ("choice", "doc"),
}
_PARAMS = (
    "turns", "start_time", "minutes_per_turn", "drop_waves", "event_turns", "boats_from_turn", "reinforcements_from_alert", "activation_die",
    "activation_max_radius", "officer_full_radius", "movement_die", "carry_capacity", "boat_capacity",
    "wurzburg_turns_needed", "officer_loss_face", "commando_disembark_cost", "embark_penalty", "vp_units",
)
#: Rulings the rules read (content ``rulings``), each with the readings the engine plays.
RULINGS: dict[str, tuple[str, ...]] = {
    "german_surplus": ("step_back", "literal"),
    "alert_groups": ("drop_waves", "groups"),
    "activation_tests": ("once_per_move", "every_zone"),
    "event_groups": ("in_the_air", "all_groups"),
    "late_group_waits": ("wait",),
}
_TABLES = ("event_trigger", "unexpected_events", "drop_zone", "boats", "wurzburg", "alert_movement", "success_levels")
_ALERT_EVENTS = ("paratrooper_wave", "combat", "boats_detected", "boats_arrive")


def scenario_problems(book: Book) -> list[Problem]:
    """Everything that keeps the content from being played, placed at its record."""
    from paragraphs_raids.boardfile import did_you_mean  # (only said of a typo: imported here)

    data = book.data
    out: list[Problem] = []

    def bad(coll: str, rid: str, fld: str, message: str) -> None:
        out.append(Problem(_pos(book, coll, rid, fld), "BRU001", message))

    for coll, fields in _REQUIRED.items():
        if not data.get(coll):
            out.append(Problem(SourcePos(f"{book.title}:{coll}", 0, 0), "BRU002", f"the title has no {coll} records"))
        for rid, rec in data.get(coll, {}).items():
            for fld in fields:
                if rec.get(fld) is None and not (coll == "connection_kinds" and fld in rec):
                    bad(coll, rid, "id", f"{coll} record {rid!r} lacks {fld!r}")
    terrain, kinds_of_line = data.get("terrain", {}), data.get("connection_kinds", {})
    zones = data.get("zones", {})
    for zid, rec in zones.items():
        if rec.get("terrain") is not None and rec["terrain"] not in terrain:
            bad("zones", zid, "terrain", f"zone {zid!r}: unknown terrain {rec['terrain']!r}{did_you_mean(str(rec['terrain']), data.get('terrain', {}))}")
    for cid, rec in data.get("connections", {}).items():
        for end in ("a", "b"):
            if rec.get(end) is not None and rec[end] not in zones:
                bad("connections", cid, end, f"connection {cid!r}: unknown zone {rec[end]!r}{did_you_mean(str(rec[end]), zones)}")
        if rec.get("kind") is not None and rec["kind"] not in kinds_of_line:
            bad("connections", cid, "kind", f"connection {cid!r}: unknown kind {rec['kind']!r}")
    groups = data.get("groups", {})
    counters = data.get("counters", {})
    for cid, rec in counters.items():
        if rec.get("unit") is not None and rec["unit"] not in book.units:
            bad("counters", cid, "unit", f"counter {cid!r}: unknown unit {rec['unit']!r}")
        if rec.get("group") is not None and rec["group"] not in groups:
            bad("counters", cid, "group", f"counter {cid!r}: unknown group {rec['group']!r}")
    for gid, rec in groups.items():
        if rec.get("officer") and rec["officer"] not in counters:
            bad("groups", gid, "officer", f"group {gid!r}: unknown officer counter {rec['officer']!r}")
    for uid, unit in book.units.items():
        for fld in ("side", "role", "attack", "defence", "move", "points"):
            if fld not in unit.factors:
                out.append(Problem(_pos(book, "units", uid, "factors"), "BRU001", f"unit {uid!r}: factors lack {fld!r}"))
    for pid, rec in data.get("setup", {}).items():
        if rec.get("zone") is not None and rec["zone"] not in zones:
            bad("setup", pid, "zone", f"setup {pid!r}: unknown zone {rec['zone']!r}{did_you_mean(str(rec['zone']), zones)}")
        for c in rec.get("counters") or ():
            if c not in counters:
                bad("setup", pid, "counters", f"setup {pid!r}: unknown counter {c!r}")
    _check_map_roles(book, zones, out)
    _check_markers(book, zones, out)
    scen = data.get("scenario", {}).get(book.title)
    if scen is None:
        out.append(Problem(SourcePos(f"{book.title}:scenario", 0, 0), "BRU002", f"no scenario record with id {book.title!r}"))
    else:
        for fld in _PARAMS:
            if scen.get(fld) is None:
                bad("scenario", book.title, "id", f"scenario lacks {fld!r}")
        for wave in scen.get("drop_waves") or ():
            for g in wave.get("groups", ()):
                if g not in groups:
                    bad("scenario", book.title, "drop_waves", f"drop wave names unknown group {g!r}")
    for tid in _TABLES:
        if tid not in book.tables:
            out.append(Problem(SourcePos(f"{book.title}:tables", 0, 0), "BRU002", f"table {tid!r} is missing"))
    for eid in _ALERT_EVENTS:
        if eid not in data.get("alert_events", {}):
            out.append(Problem(SourcePos(f"{book.title}:alert_events", 0, 0), "BRU002", f"alert event {eid!r} is missing"))
    rulings = data.get("rulings", {})
    for rid, readings in RULINGS.items():
        rec = rulings.get(rid)
        if rec is None:
            out.append(Problem(SourcePos(f"{book.title}:rulings", 0, 0), "BRU002", f"ruling {rid!r} is missing"))
        elif rec.get("choice") not in readings:
            bad("rulings", rid, "choice", f"ruling {rid!r}: the engine plays {', '.join(readings)}, not {rec.get('choice')!r}")
    return out


def _check_map_roles(book: Book, zones: Mapping[str, Mapping[str, Any]], out: list[Problem]) -> None:
    def count(pred: Any) -> list[str]:
        return [z for z, r in zones.items() if pred(r)]

    for tag in ("wurzburg", "villa"):
        found = count(lambda r, t=tag: t in (r.get("tags") or ()))
        if len(found) != 1:
            out.append(Problem(SourcePos(f"{book.title}:zones", 0, 0), "BRU003", f"the map needs exactly one zone tagged {tag} (found {len(found)})"))
    for arrow in ("R1", "R2", "5C"):
        if not count(lambda r, a=arrow: r.get("entry") == a):
            out.append(Problem(SourcePos(f"{book.title}:zones", 0, 0), "BRU003", f"the map has no arrow zone {arrow}"))
    for letter in "ABC":
        numbers = sorted(int(r["number"]) for r in zones.values() if r.get("drop_zone") == letter and r.get("number"))
        if numbers != [1, 2, 3, 4, 5, 6]:
            out.append(Problem(SourcePos(f"{book.title}:zones", 0, 0), "BRU003", f"DZ {letter} needs zones numbered 1-6 (found {numbers})"))
    if not count(lambda r: "beach" in (r.get("tags") or ())) or not count(lambda r: "embarkation" in (r.get("tags") or ())):
        out.append(Problem(SourcePos(f"{book.title}:zones", 0, 0), "BRU003", "the map needs beach and embarkation zones"))


def _check_markers(book: Book, zones: Mapping[str, Mapping[str, Any]], out: list[Problem]) -> None:
    for mid, rec in book.data.get("marker_sets", {}).items():
        slots = [z for z, r in zones.items() if r.get("activation") == mid]
        on_map = rec.get("on_map")
        if on_map is None:
            continue
        if on_map > len(rec.get("backs") or ()):
            out.append(Problem(_pos(book, "marker_sets", mid, "on_map"), "BRU004", f"marker set {mid}: {on_map} go on the map but only {len(rec.get('backs') or ())} exist"))
        if on_map != len(slots):
            out.append(Problem(_pos(book, "marker_sets", mid, "on_map"), "BRU004", f"marker set {mid}: {on_map} markers for {len(slots)} activation zones {mid}"))


# --------------------------------------------------------------------------- building


#: Rule 2.1: the counters' combat factors.
FACTOR_NAMES = ("attack", "defence")


def unit_kinds(book: Book) -> dict[str, UnitKind]:
    """Unit kinds from the core ``units`` collection (the raid layer's builder)."""
    return content.unit_kinds(book.units, FACTOR_NAMES)


def scenario_from_book(book: Book) -> Scenario:
    """Build the :class:`Scenario` of a compiled book.

    Raises:
        ContentError: the content cannot be played (every problem is listed).
    """
    problems = scenario_problems(book)
    if problems:
        raise ContentError(problems)
    data = book.data
    # Bruneval's units all move on land: each kind's `cost` is the land mode's table.
    zmap, boat_only = content.zone_map(data)
    kinds = unit_kinds(book)
    counters = {cid: CounterSpec(cid, kinds[r["unit"]], str(r["group"]), str(r.get("name", cid))) for cid, r in data["counters"].items()}
    setup = tuple(
        Placement(str(r["zone"]), tuple(r.get("counters") or ()), tuple(r.get("objects") or ()), bool(r.get("holds_post", False)))
        for r in data["setup"].values()
    )
    marker_sets = {mid: MarkerSet(mid, int(r["on_map"]), tuple(MarkerBack.count(int(b)) for b in r["backs"])) for mid, r in data["marker_sets"].items()}
    scen = data["scenario"][book.title]
    params = Params(
        turns=int(scen["turns"]),
        start_time=str(scen["start_time"]),
        minutes_per_turn=int(scen["minutes_per_turn"]),
        drop_waves=tuple((int(w["turn"]), tuple(w["groups"])) for w in scen["drop_waves"]),
        event_turns=tuple(int(t) for t in scen["event_turns"]),
        boats_from_turn=int(scen["boats_from_turn"]),
        reinforcements_from_alert=int(scen["reinforcements_from_alert"]),
        activation_die=str(scen["activation_die"]),
        activation_max_radius=int(scen["activation_max_radius"]),
        officer_full_radius=int(scen["officer_full_radius"]),
        movement_die=str(scen["movement_die"]),
        carry_capacity=int(scen["carry_capacity"]),
        boat_capacity=int(scen["boat_capacity"]),
        wurzburg_turns_needed=int(scen["wurzburg_turns_needed"]),
        officer_loss_face=int(scen["officer_loss_face"]),
        commando_disembark_cost=int(scen["commando_disembark_cost"]),
        embark_penalty=tuple(sorted((int(p["radius"]), int(p["extra"])) for p in scen["embark_penalty"])),
        vp_units=frozenset(scen["vp_units"]),
    )
    movement_table = book.tables["alert_movement"]
    alert_movement = {row.low: int(row.result) for row in movement_table.rows}
    scenario = Scenario(
        title=book.title,
        conventions=book.conventions,
        zmap=zmap,
        kinds=kinds,
        counters=counters,
        groups=dict(data["groups"]),
        setup=setup,
        marker_sets=marker_sets,
        tables=dict(book.tables),
        params=params,
        alert_events={eid: tuple(int(x) for x in r["increases"]) for eid, r in data["alert_events"].items()},
        alert_maximum=_track_maximum(book, "alert"),
        victory_points={vid: int(r["vp"]) for vid, r in data["victory_points"].items()},
        wurzburg_modifiers={wid: int(r["modifier"]) for wid, r in data["wurzburg_attempts"].items()},
        alert_movement=alert_movement,
        boat_only_zones=frozenset(boat_only),
        zone_records=dict(data["zones"]),
        rulings={rid: str(rec["choice"]) for rid, rec in data["rulings"].items()},
        layout=MapLayout.from_collections(data),
    )
    return scenario



def _track_maximum(book: Book, name: str) -> int:
    """The top of a track as the title declares it (``tracks: [{name: alert, max: 6}]``)."""
    track = book.tracks[name]
    if track.question is None or track.question.max is None:
        raise ContentError([Problem(SourcePos(f"{book.title}:title", 0, 0), "BRU002", f"track {name!r} declares no max")])
    return int(track.question.max)


def load_scenario(host: Any = None, overlays: Any = (), *, use_cache: bool = True) -> Scenario:
    """Compile the installed title (with the user's overlays) and build its scenario.

    Raises:
        ContentError: the content (or an overlay) has errors.
        UsageError: an overlay folder does not exist.
    """
    from paragraphs.content import load_book

    if host is None:
        from paragraphs.plugins import make_plugin_manager

        host = make_plugin_manager()
    return scenario_from_book(load_book(host, "bruneval", overlays, use_cache=use_cache))
