"""The scenario: Dieppe's content turned into typed, ready-to-play data.

Everything the rules read (the zone map, unit kinds, counters, set-up, loading, markers,
tables, alarm events, VP, options and the fixed numbers) comes from the compiled
:class:`paragraphs.model.Book`, so an overlay that changes the content changes the game.
The problems found here are reported by the title's lint (:mod:`paragraphs_dieppe.lint`)
at their file and line; :func:`scenario_from_book` refuses a book that has any.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
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

from paragraphs_dieppe.lookups import CounterSpec, Lookups, Params

TITLE = "dieppe"
#: Ruling R2: the printed triple reads fire factor, assault factor, movement.
FACTOR_NAMES = ("fire", "assault")


@dataclass(frozen=True)
class Scenario:
    """Typed view of the title's content (see the module docstring)."""

    title: str
    conventions: DiceConventions
    zmap: ZoneMap
    kinds: Mapping[str, UnitKind]
    counters: Mapping[str, CounterSpec]
    groups: Mapping[str, Mapping[str, Any]]
    setup: Mapping[str, tuple[str, ...]]
    telephones: tuple[str, ...]
    loading: Mapping[str, tuple[str, ...]]
    marker_backs: Mapping[str, tuple[MarkerBack, ...]]
    tables: Mapping[str, Table]
    params: Params
    alert_events: Mapping[str, tuple[int, ...]]
    alert_repeat: frozenset[str]
    alarm_maximum: int
    victory_points: Mapping[str, int]
    optional_rules: Mapping[str, str]
    difficulty_levels: Mapping[str, tuple[str, ...]]
    boat_only_zones: frozenset[str] = field(default_factory=frozenset)
    zone_records: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    rulings: Mapping[str, str] = field(default_factory=dict)
    layout: MapLayout | None = None

    def ruling(self, ruling_id: str) -> str:
        """The reading in force for ruling ``ruling_id``."""
        return self.rulings[ruling_id]

    def zones_tagged(self, tag: str) -> list[str]:
        return self.zmap.tagged(tag)

    def activation_zones(self) -> dict[str, list[str]]:
        """Marker letter -> the zones that take one, in content order."""
        return {letter: list(zones) for letter, zones in self._activation_zones.items()}

    @cached_property
    def _activation_zones(self) -> dict[str, tuple[str, ...]]:
        # Every game's set-up asks for these; the content does not change.
        out: dict[str, list[str]] = {}
        for zid, rec in self.zone_records.items():
            if rec.get("activation"):
                out.setdefault(str(rec["activation"]), []).append(zid)
        return {letter: tuple(zones) for letter, zones in out.items()}

    def entry(self, number: int) -> str:
        """The zone of reinforcement entry R``number`` (0-9)."""
        try:
            return self.lookups.entries[number]
        except KeyError:
            raise KeyError(f"R{number}") from None

    def group_zone(self, group: str) -> str:
        """The ship waiting zone of a British group (G1, G2)."""
        return str(self.groups[group]["zone"])

    def group_counters(self, group: str) -> list[str]:
        return list(self._group_counters.get(group, ()))

    @cached_property
    def _group_counters(self) -> dict[str, tuple[str, ...]]:
        out: dict[str, list[str]] = {}
        for c in self.counters.values():
            out.setdefault(c.group, []).append(c.id)
        return {group: tuple(ids) for group, ids in out.items()}

    @cached_property
    def lookups(self) -> Lookups:
        """The map's answers a game asks for again and again, computed once (issue 14)."""
        return Lookups.of(self.zmap, self.zone_records, self.rulings)

    @property
    def newhaven(self) -> str:
        return self.lookups.newhaven

    @property
    def hess_zone(self) -> str:
        return self.lookups.hess_zone


# --------------------------------------------------------------------------- checking


_pos = content.record_pos  # where a record's field is written


_REQUIRED: dict[str, tuple[str, ...]] = {
    "terrain": ("name", "protection", "stacking"),
    "connection_kinds": ("costs",),
    "zones": ("name", "terrain"),
    "connections": ("a", "b", "kind"),
    "groups": ("name", "side", "kind"),
    "counters": ("unit", "group"),
    "setup": ("zone",),
    "loading": ("cargo",),
    "marker_sets": ("backs",),
    "alert_events": ("increases",),
    "victory_points": ("vp",),
    "optional_rules": ("name",),
    "difficulty_levels": ("optional",),
    "rulings": ("choice", "doc"),
}
_PARAMS = tuple(Params.__dataclass_fields__)
#: Rulings the rules read, each with the readings the engine plays (default first).
RULINGS: dict[str, tuple[str, ...]] = {
    "newhaven_deduction": ("starting_levels", "eliminated_counters"),
    "prisoner_vp": ("at_newhaven", "aboard"),
    "r2_counterfire": ("literal", "none"),
    "ship_detection": ("once", "twice"),
    "kept_aboard": ("not_acted", "acted"),
    "move_surplus": ("stay_back", "refuse"),
    "adjacent_lcas": ("hold", "ignore"),
    "sniper_mortar_defence": ("their_fire", "them_as_targets"),
    "officer_bonus": ("move_start", "phase_start"),
}
_TABLES = ("events", "event_battery", "event_convoy", "reinforcement_count", "light", "hess_timetable", "success_levels")
_ALERT_EVENTS = ("first_landing", "first_fire", "explosion", "first_assault", "first_a_marker", "first_b_marker", "ships_detected")
_VP = ("hess_gun", "telephone", "prisoner", "prisoner_officer", "flak", "pillbox", "lovat", "mills-roberts", "level_not_home")
_OPTIONAL = ("bad_luck", "alarm", "vorwarts")
_TAGS_ONE = ("newhaven", "hess")
_FACTORS = ("side", "role", "fire", "assault", "move", "points")


def scenario_problems(book: Book) -> list[Problem]:
    """Everything that keeps the content from being played, placed at its record.

    Codes: DIE001 a record lacks a field or names something unknown; DIE002 a collection,
    table, alarm event, VP, option, ruling or the scenario record is missing; DIE003 the
    map lacks a zone the rules need; DIE004 an LCA is loaded over its capacity or a
    counter is placed twice.
    """
    from paragraphs_raids.boardfile import did_you_mean  # (only said of a typo: imported here)

    data = book.data
    out: list[Problem] = []

    def bad(coll: str, rid: str, fld: str, message: str, code: str = "DIE001") -> None:
        out.append(Problem(_pos(book, coll, rid, fld), code, message))

    def missing(coll: str, message: str) -> None:
        out.append(Problem(SourcePos(f"{book.title}:{coll}", 0, 0), "DIE002", message))

    for coll, fields in _REQUIRED.items():
        if not data.get(coll):
            missing(coll, f"the title has no {coll} records")
        for rid, rec in data.get(coll, {}).items():
            for fld in fields:
                if rec.get(fld) is None:
                    bad(coll, rid, "id", f"{coll} record {rid!r} lacks {fld!r}")
    zones = data.get("zones", {})
    for zid, rec in zones.items():
        if rec.get("terrain") is not None and rec["terrain"] not in data.get("terrain", {}):
            bad("zones", zid, "terrain", f"zone {zid!r}: unknown terrain {rec['terrain']!r}{did_you_mean(str(rec['terrain']), data.get('terrain', {}))}")
    for cid, rec in data.get("connections", {}).items():
        for end in ("a", "b"):
            if rec.get(end) is not None and rec[end] not in zones:
                bad("connections", cid, end, f"connection {cid!r}: unknown zone {rec[end]!r}{did_you_mean(str(rec[end]), zones)}")
        if rec.get("kind") is not None and rec["kind"] not in data.get("connection_kinds", {}):
            bad("connections", cid, "kind", f"connection {cid!r}: unknown kind {rec['kind']!r}{did_you_mean(str(rec['kind']), data.get('connection_kinds', {}))}")
    counters = data.get("counters", {})
    groups = data.get("groups", {})
    for cid, rec in counters.items():
        if rec.get("unit") is not None and rec["unit"] not in book.units:
            bad("counters", cid, "unit", f"counter {cid!r}: unknown unit {rec['unit']!r}{did_you_mean(str(rec['unit']), book.units)}")
        if rec.get("group") is not None and rec["group"] not in groups:
            bad("counters", cid, "group", f"counter {cid!r}: unknown group {rec['group']!r}{did_you_mean(str(rec['group']), groups)}")
    for gid, rec in groups.items():
        if rec.get("officer") and rec["officer"] not in counters:
            bad("groups", gid, "officer", f"group {gid!r}: unknown officer counter {rec['officer']!r}")
        if rec.get("zone") and rec["zone"] not in zones:
            bad("groups", gid, "zone", f"group {gid!r}: unknown zone {rec['zone']!r}{did_you_mean(str(rec['zone']), zones)}")
    for uid, unit in book.units.items():
        if unit.title != book.title:
            continue
        for fld in _FACTORS:
            if fld not in unit.factors:
                out.append(Problem(_pos(book, "units", uid, "factors"), "DIE001", f"unit {uid!r}: factors lack {fld!r}"))
    placed: dict[str, str] = {}
    for pid, rec in data.get("setup", {}).items():
        if rec.get("zone") is not None and rec["zone"] not in zones:
            bad("setup", pid, "zone", f"setup {pid!r}: unknown zone {rec['zone']!r}{did_you_mean(str(rec['zone']), zones)}")
        for c in rec.get("counters") or ():
            if c not in counters:
                bad("setup", pid, "counters", f"setup {pid!r}: unknown counter {c!r}{did_you_mean(str(c), counters)}")
            elif c in placed:
                bad("setup", pid, "counters", f"counter {c!r} is placed twice ({placed[c]} and {pid})", "DIE004")
            placed[c] = pid
    _check_loading(book, counters, placed, bad)
    for zid, rec in zones.items():
        if rec.get("activation") and rec["activation"] not in data.get("marker_sets", {}):
            bad("zones", zid, "activation", f"zone {zid!r}: no marker set {rec['activation']!r}")
    for tag in _TAGS_ONE:
        found = [z for z, r in zones.items() if tag in (r.get("tags") or ())]
        if len(found) != 1:
            out.append(Problem(SourcePos(f"{book.title}:zones", 0, 0), "DIE003", f"the map needs exactly one zone tagged {tag} (found {len(found)})"))
    entries = sorted(int(r["entry"]) for r in zones.values() if r.get("entry") is not None)
    if entries != list(range(10)):
        out.append(Problem(SourcePos(f"{book.title}:zones", 0, 0), "DIE003", f"the map needs reinforcement entries R0-R9, one each (found {entries})"))
    scen = data.get("scenario", {}).get(book.title)
    if scen is None:
        missing("scenario", f"no scenario record with id {book.title!r}")
    else:
        for fld in _PARAMS:
            if scen.get(fld) is None:
                bad("scenario", book.title, "id", f"scenario lacks {fld!r}")
    for tid in _TABLES:
        if tid not in book.tables:
            missing("tables", f"table {tid!r} is missing")
    for coll, wanted in (("alert_events", _ALERT_EVENTS), ("victory_points", _VP), ("optional_rules", _OPTIONAL)):
        for eid in wanted:
            if eid not in data.get(coll, {}):
                missing(coll, f"{coll} record {eid!r} is missing")
    for lid, rec in data.get("difficulty_levels", {}).items():
        for rule in rec.get("optional") or ():
            if rule not in data.get("optional_rules", {}):
                bad("difficulty_levels", lid, "optional", f"level {lid!r}: unknown optional rule {rule!r}")
    rulings = data.get("rulings", {})
    for rid, readings in RULINGS.items():
        rec = rulings.get(rid)
        if rec is None:
            missing("rulings", f"ruling {rid!r} is missing")
        elif rec.get("choice") not in readings:
            bad("rulings", rid, "choice", f"ruling {rid!r}: the engine plays {', '.join(readings)}, not {rec.get('choice')!r}")
    return out


def _check_loading(book: Book, counters: Mapping[str, Any], placed: dict[str, str], bad: Any) -> None:
    scen = book.data.get("scenario", {}).get(book.title) or {}
    capacity = scen.get("lca_capacity")
    for lca, rec in book.data.get("loading", {}).items():
        if lca not in counters:
            bad("loading", lca, "id", f"loading names unknown LCA {lca!r}")
            continue
        levels = 0
        for c in rec.get("cargo") or ():
            if c not in counters:
                bad("loading", lca, "cargo", f"loading of {lca!r}: unknown counter {c!r}")
                continue
            if c in placed:
                bad("loading", lca, "cargo", f"counter {c!r} is placed twice ({placed[c]} and {lca})", "DIE004")
            placed[c] = lca
            unit = book.units.get(counters[c].get("unit"))
            levels += int(unit.factors.get("points", 0)) if unit is not None else 0
        if capacity is not None and levels > int(capacity):
            bad("loading", lca, "cargo", f"{lca!r} carries {levels} levels, over the {capacity} an LCA takes (rule 3.3)", "DIE004")


# --------------------------------------------------------------------------- building


def unit_kinds(book: Book) -> dict[str, UnitKind]:
    """Unit kinds from the core ``units`` records (the raids layer's builder)."""
    return content.unit_kinds({k: u for k, u in book.units.items() if u.title == book.title}, FACTOR_NAMES)


def _back(raw: Mapping[str, Any]) -> MarkerBack:
    if raw.get("obstacle"):
        return MarkerBack((), str(raw["obstacle"]))
    return MarkerBack(tuple((str(t), int(n)) for t, n in raw["units"].items()))


def scenario_from_book(book: Book) -> Scenario:
    """Build the :class:`Scenario` of a compiled book.

    Raises:
        ContentError: the content cannot be played (every problem is listed).
    """
    problems = scenario_problems(book)
    if problems:
        raise ContentError(problems)
    data = book.data
    zmap, boat_only = content.zone_map(data)
    kinds = unit_kinds(book)
    counters = {cid: CounterSpec(cid, kinds[r["unit"]], str(r["group"]), str(r.get("name", cid))) for cid, r in data["counters"].items()}
    scen = data["scenario"][book.title]
    values: dict[str, Any] = {f: (tuple(int(t) for t in scen[f]) if f == "event_turns" else (str(scen[f]) if f in ("start_time", "activation_die") else int(scen[f]))) for f in _PARAMS}
    params = Params(**values)
    track = book.tracks["alarm"]
    alarm_max = int(track.question.max) if track.question is not None and track.question.max is not None else 9
    return Scenario(
        title=book.title,
        conventions=book.conventions,
        zmap=zmap,
        kinds=kinds,
        counters=counters,
        groups={gid: dict(r) for gid, r in data["groups"].items()},
        setup={str(r["zone"]): tuple(r.get("counters") or ()) for r in data["setup"].values() if r.get("counters")},
        telephones=tuple(str(r["zone"]) for r in data["setup"].values() if "telephone" in (r.get("objects") or ())),
        loading={lca: tuple(r["cargo"]) for lca, r in data["loading"].items()},
        marker_backs={mid: tuple(_back(b) for b in r["backs"]) for mid, r in data["marker_sets"].items()},
        tables=dict(book.tables),
        params=params,
        alert_events={eid: tuple(int(x) for x in r["increases"]) for eid, r in data["alert_events"].items()},
        alert_repeat=frozenset(eid for eid, r in data["alert_events"].items() if r.get("repeat")),
        alarm_maximum=alarm_max,
        victory_points={vid: int(r["vp"]) for vid, r in data["victory_points"].items()},
        optional_rules={oid: str(r["name"]) for oid, r in data["optional_rules"].items()},
        difficulty_levels={lid: tuple(r["optional"]) for lid, r in data["difficulty_levels"].items()},
        boat_only_zones=frozenset(boat_only),
        zone_records={zid: dict(r) for zid, r in data["zones"].items()},
        rulings={rid: str(rec["choice"]) for rid, rec in data["rulings"].items()},
        layout=MapLayout.from_collections(data),
    )


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
    return scenario_from_book(load_book(host, TITLE, overlays, use_cache=use_cache))
