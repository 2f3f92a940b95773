"""Scenarios [39.0]-[50.0] from the ``scenarios`` collection, and what each needs.

:func:`needed_cells` lists the chart cells a scenario can reach in play: its weapons'
fire rows, task costs and hand-to-hand rows, its era's grenades (unless the scenario
bans them), its observation range and codes, and the general charts every game uses.
:func:`gaps` keeps those the source lacks and nobody has supplied: the cells a player
must lay over (or answer once) before that scenario plays without a question.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from paragraphs.errors import ParagraphsError

from paragraphs_spi_commando.cells import Cell, Charts

#: Charts every game can reach whatever its forces (kills, melee damage, modifiers, tasks).
GENERAL_CHARTS = ("kill_percentage", "melee_damage", "fire_modifiers", "task_points", "terrain", "observation_modifiers", "garrote")


@dataclass(frozen=True)
class Scenario:
    id: str
    record: Mapping[str, Any]

    @property
    def name(self) -> str:
        return str(self.record.get("name", self.id))

    @property
    def sides(self) -> list[Mapping[str, Any]]:
        return list(self.record.get("sides") or ())

    def side(self, side_id: str) -> Mapping[str, Any]:
        for s in self.sides:
            if s["id"] == side_id:
                return s
        raise ParagraphsError(f"scenario {self.id} has no side {side_id!r} (sides: {', '.join(s['id'] for s in self.sides)})")

    def weapons(self) -> list[str]:
        """Every weapon any man of the scenario carries, in order of first mention."""
        seen: dict[str, None] = {}
        for side in self.sides:
            for group in side.get("arms") or ():
                for w in group["weapons"]:
                    seen.setdefault(w, None)
        return list(seen)

    def zone_total(self) -> int | None:
        zones = self.record.get("zones")
        return None if zones is None else sum(int(n) for n in zones.values())


def scenarios(book: Any) -> dict[str, Scenario]:
    return {sid: Scenario(sid, rec) for sid, rec in (book.data.get("scenarios") or {}).items()}


def scenario(book: Any, sid: str) -> Scenario:
    found = scenarios(book)
    if sid not in found:
        raise ParagraphsError(f"no scenario {sid!r} in spi_commando (scenarios: {', '.join(sorted(found))})")
    return found[sid]


def _row_cells(charts: Charts, chart: str, row: str) -> Iterator[Cell]:
    yield from charts[chart].row(row).cells.values()


def needed_cells(charts: Charts, s: Scenario) -> list[Cell]:
    """The cells scenario ``s`` can reach in play (see the module doc), without repeats."""
    out: dict[str, Cell] = {}

    def add(cells: Iterator[Cell]) -> None:
        for c in cells:
            out.setdefault(c.key, c)

    fire_rows = {r.key for r in charts["fire_combat"].rows}
    melee_rows = {r.key for r in charts["melee_weapons"].rows}
    for w in s.weapons():
        if w in {r.key for r in charts["weapons"].rows}:
            add(_row_cells(charts, "weapons", w))
            for column in ("fire_row", "braced_row"):
                cell = charts["weapons"].cell(w, column)
                if cell.known and cell.kind not in ("none", "prohibited") and str(cell.value) in fire_rows:
                    add(_row_cells(charts, "fire_combat", str(cell.value)))
            tp = charts["weapons"].cell(w, "tp_row")
            if tp.kind == "value":
                add(iter([charts["task_points"].cell(str(tp.value))]))
            melee = charts["weapons"].cell(w, "melee_row")
            if melee.kind == "value":
                add(_row_cells(charts, "melee_weapons", str(melee.value)))
        elif w in melee_rows:
            add(_row_cells(charts, "melee_weapons", w))
        else:
            raise ParagraphsError(f"scenario {s.id}: weapon {w!r} is in neither the weapons nor the melee_weapons chart")
    if any(side.get("grenades", True) for side in s.sides):
        era = str(s.record["era"])
        for kind in ("fragmentation", "smoke"):
            add(_row_cells(charts, "grenade_accuracy", f"{era}_{kind}"))
        add(iter([charts["grenade_damage"].cell(era, c) for c in charts["grenade_damage"].columns]))
        add(iter(charts["grenade_modifiers"].cells()))
    add(iter([charts["observation_range"].cell(str(s.record["weather"]), str(s.record["light"]))]))
    for side in s.sides:
        add(iter([charts["observation_index"].cell(str(side["observation"]))]))
    for chart in GENERAL_CHARTS:
        add(charts[chart].cells())
    return list(out.values())


def gaps(charts: Charts, s: Scenario) -> list[Cell]:
    """The needed cells the source lacks and nobody has supplied."""
    return [c for c in needed_cells(charts, s) if c.kind == "unknown" and c.key not in charts.answers]


def problems(charts: Charts, s: Scenario) -> list[str]:
    """Inconsistencies in a scenario's data: zone counts that do not add up to the
    defenders, arms that do not add up to a side's men, codes or conditions no chart has."""
    out = []
    defenders = [side for side in s.sides if side.get("mode") == "defending" and not side.get("reinforcement")]
    total = s.zone_total()
    if total is not None and defenders and total != sum(int(d["men"]) for d in defenders):
        out.append(f"scenario {s.id}: the zones hold {total} men, the defenders number {sum(int(d['men']) for d in defenders)}")
    for side in s.sides:
        armed = sum(int(g["men"]) for g in side.get("arms") or ())
        if armed != int(side["men"]):
            out.append(f"scenario {s.id}: side {side['id']} arms {armed} men of {side['men']}")
        if str(side["observation"]) not in {r.key for r in charts["observation_index"].rows}:
            out.append(f"scenario {s.id}: side {side['id']} has observation code {side['observation']!r}, not in [8.63]")
    try:
        charts["observation_range"].cell(str(s.record["weather"]), str(s.record["light"]))
    except ParagraphsError as exc:
        out.append(f"scenario {s.id}: {exc}")
    return out
