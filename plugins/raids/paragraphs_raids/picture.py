"""The board picture: a raid title's map and the state of a game, drawn as SVG.

Every raid title draws its board the same way, from data alone (format in
``plugins/raids/README.md``):

* :class:`MapLayout` is the map content: zones at their ``position`` (schematic unless an
  owner overlays his own), their terrain, the lines between them and their kinds;
* :class:`BoardView` is one moment of a game: the stacks (top first, each counter with
  its side and states), face-down activation markers, objects lying in zones, the alert
  track and the turn; :func:`board_view` reads it off any
  :class:`~paragraphs_raids.state.RaidState`;
* :func:`board_svg` draws the two; :func:`write_svg` writes the file atomically.

The drawing uses the standard library only (the picture is the game's own: zones, lines,
counters), and every element carries ``data-*`` attributes naming what it shows, so tests
and tools read the picture's content rather than its pixels.
"""

from __future__ import annotations

import textwrap
import zlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from paragraphs_raids.alert import AlertTrack
from paragraphs_raids.markers import ActivationMarkers
from paragraphs_raids.state import RaidState
from paragraphs_raids.stacks import BRITISH, GERMAN, Piece

# ----------------------------------------------------------------------------- data


@dataclass(frozen=True, slots=True)
class ZoneSpot:
    """A zone as drawn: where it is (None: the content gives no position) and its terrain."""

    id: str
    name: str
    terrain: str
    x: float | None = None
    y: float | None = None


@dataclass(frozen=True, slots=True)
class Line:
    """A line between two zones, of a kind the title names."""

    a: str
    b: str
    kind: str


@dataclass(frozen=True)
class MapLayout:
    """The map content a picture needs (read with :meth:`from_collections`)."""

    zones: tuple[ZoneSpot, ...]
    lines: tuple[Line, ...]
    terrain_names: Mapping[str, str] = field(default_factory=dict)
    kind_names: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def from_collections(cls, data: Mapping[str, Mapping[str, Any]]) -> MapLayout:
        """From a title's merged collections (``book.data``): ``zones`` with ``position``,
        ``connections``, ``terrain`` and ``connection_kinds`` (overlays already applied)."""
        zones = []
        for zid, rec in (data.get("zones") or {}).items():
            pos = rec.get("position") or {}
            x, y = pos.get("x"), pos.get("y")
            if isinstance(x, (int, float)) and isinstance(y, (int, float)):
                zones.append(ZoneSpot(str(zid), str(rec.get("name") or zid), str(rec.get("terrain") or ""), float(x), float(y)))
            else:
                zones.append(ZoneSpot(str(zid), str(rec.get("name") or zid), str(rec.get("terrain") or "")))
        lines = tuple(Line(str(r["a"]), str(r["b"]), str(r.get("kind") or "")) for r in (data.get("connections") or {}).values() if r.get("a") and r.get("b"))
        terrain = {str(k): str(r.get("name") or k) for k, r in (data.get("terrain") or {}).items()}
        kinds = {str(k): str(r.get("name") or k) for k, r in (data.get("connection_kinds") or {}).items()}
        return cls(tuple(zones), lines, terrain, kinds)

    def zone(self, zone_id: str) -> ZoneSpot | None:
        return next((z for z in self.zones if z.id == zone_id), None)

    def problems(self) -> list[tuple[str, str]]:
        """(zone id, message) for what keeps the picture from showing the map as meant:
        zones without a position (drawn in a row under the map) and zones drawn on top of
        one another. A title's lint reports them at the zone's record."""
        out = []
        spots: dict[tuple[float, float], list[str]] = {}
        for z in self.zones:
            if z.x is None or z.y is None:
                out.append((z.id, f"zone {z.id!r} has no position: the board picture draws it in a row under the map"))
            else:
                spots.setdefault((z.x, z.y), []).append(z.id)
        for z in self.zones:  # each zone of a shared spot, so the one an overlay moved is named too
            sharing = spots.get((z.x, z.y), []) if z.x is not None and z.y is not None else []
            if len(sharing) > 1:
                others = ", ".join(repr(o) for o in sharing if o != z.id)
                out.append((z.id, f"zone {z.id!r} has the position of {others}: the board picture draws one over the other"))
        return out


@dataclass(frozen=True, slots=True)
class CounterView:
    """One counter as drawn: who it is, its side, and what shows on it."""

    id: str
    name: str
    side: str
    reduced: bool = False
    acted: bool = False
    carrying: tuple[str, ...] = ()
    aboard: str | None = None

    def states(self) -> list[str]:
        """Words for what shows on the counter (``reduced``, ``acted``, ``aboard lca-1``...)."""
        out = []
        if self.reduced:
            out.append("reduced")
        if self.acted:
            out.append("acted")
        if self.aboard:
            out.append(f"aboard {self.aboard}")
        if self.carrying:
            out.append("carrying " + ", ".join(self.carrying))
        return out

    def label(self) -> str:
        states = self.states()
        return self.name + (f" ({'; '.join(states)})" if states else "")


@dataclass(frozen=True)
class BoardView:
    """One moment of a game, as the picture shows it.

    Attributes:
        title: the title's name (the picture's heading).
        stacks: zone -> counters, top first (cargo right after its boat, ``aboard`` set).
        markers: zone -> what a face-down activation marker's back shows when known
            (``"3x"``), or None when it is unknown.
        objects: zone -> objects lying there (``"Würzburg"``, ``"Villa destroyed"``).
        notes: lines printed under the map (counters off the map, the phase, the VP).
    """

    title: str
    turn: int | None = None
    turns: int | None = None
    phase: str | None = None
    alert: int | None = None
    alert_min: int = 0
    alert_max: int | None = None
    stacks: Mapping[str, Sequence[CounterView]] = field(default_factory=dict)
    markers: Mapping[str, str | None] = field(default_factory=dict)
    objects: Mapping[str, Sequence[str]] = field(default_factory=dict)
    notes: Sequence[str] = ()


def counter_view(p: Piece, aboard: str | None = None, names: Mapping[str, str] | None = None) -> CounterView:
    """A piece as drawn; ``names`` turns carried ids into names (a prisoner's)."""
    carried = tuple((names or {}).get(c, c) for c in p.carrying)
    return CounterView(p.id, p.name or p.id, p.side, p.reduced, p.acted, carried, aboard)


def board_view(
    state: RaidState,
    *,
    title: str,
    turn: int | None = None,
    turns: int | None = None,
    phase: str | None = None,
    alert: AlertTrack | None = None,
    markers: ActivationMarkers | None = None,
    objects: Mapping[str, Sequence[str]] | None = None,
    notes: Sequence[str] = (),
) -> BoardView:
    """What a raid state shows: stacks (cargo under its boat), markers, the alert, the turn."""
    names = {pid: (p.name or pid) for pid, p in state.pieces.items()}
    stacks: dict[str, list[CounterView]] = {}
    for zone, pieces in state.stacks.items():
        if not pieces:
            continue
        shown = stacks.setdefault(zone, [])
        for p in pieces:
            shown.append(counter_view(p, names=names))
            for cargo in state.aboard.get(p.id, ()):
                shown.append(counter_view(state.pieces[cargo], aboard=p.id, names=names))
    hidden = {} if markers is None else {z: (None if back is None else back.describe()) for z, back in markers.hidden.items()}
    return BoardView(
        title=title,
        turn=turn,
        turns=turns,
        phase=phase,
        alert=None if alert is None else alert.level,
        alert_min=0 if alert is None else alert.minimum,
        alert_max=None if alert is None else alert.maximum,
        stacks=stacks,
        markers=hidden,
        objects=dict(objects or {}),
        notes=tuple(notes),
    )


# ----------------------------------------------------------------------------- styles

#: Fill colours of common terrain ids; other ids get a stable colour of their own.
TERRAIN_FILL = {
    "open": "#e8eec9",
    "protected": "#f6d5cf",
    "fortified": "#c9c2b8",
    "embarkation": "#bcd7ee",
    "sea": "#9cc3e6",
    "beach": "#f3e3b3",
    "cliff": "#d8cbb0",
    "town": "#e7c9a9",
    "forest": "#b9d7a8",
}
#: Zone outline by terrain (the rulebook's red circle for protected zones).
TERRAIN_STROKE = {"protected": "#c0392b", "fortified": "#4d4d4d"}
#: (colour, dash pattern) of common line kinds; other kinds get a stable pair.
LINE_STYLE = {
    "solid": ("#333333", ""),
    "dashed": ("#333333", "8 5"),
    "red_dashed": ("#c0392b", "6 4"),
    "blue": ("#1f5fbf", ""),
    "blue_dotted": ("#1f5fbf", "2 4"),
}
SIDE_FILL = {BRITISH: "#a0743c", GERMAN: "#7d8a72"}
_PALETTE = ("#d9c4e8", "#c4e8df", "#e8dcc4", "#c4d0e8", "#e8c4cf", "#d5e8c4", "#e8e2c4", "#c4e3e8")
_DASHES = ("4 2", "10 3 2 3", "1 3", "12 4")


def _stable(key: str, options: Sequence[str]) -> str:
    return options[zlib.crc32(key.encode("utf-8")) % len(options)]


def terrain_fill(terrain: str) -> str:
    return TERRAIN_FILL.get(terrain) or _stable(terrain, _PALETTE)


def line_style(kind: str) -> tuple[str, str]:
    return LINE_STYLE.get(kind) or ("#6b4f8a", _stable(kind, _DASHES))


# ----------------------------------------------------------------------------- drawing

ZONE_R = 27  # zone circle radius, pixels
MAP_W = 1150  # the map's width at most, pixels (height follows the positions' ratio)
MAP_H = 1000
MARGIN = 60
PANEL_W = 380  # the stack list on the right
CHIP = 12  # a counter chip's side


class _Svg:
    def __init__(self) -> None:
        self.parts: list[str] = []

    def add(self, text: str) -> None:
        self.parts.append(text)

    def text(self, x: float, y: float, words: str, *, cls: str, size: int = 12, anchor: str = "start", weight: str = "normal", fill: str = "#222") -> None:
        self.add(f'<text class="{cls}" x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" font-weight="{weight}" fill="{fill}">{escape(words)}</text>')


def _attrs(**data: object) -> str:
    """``data-*`` attributes (underscores become hyphens); None values are left out."""
    return "".join(f" data-{k.replace('_', '-')}={quoteattr(str(v))}" for k, v in data.items() if v is not None)


def _place(layout: MapLayout) -> tuple[dict[str, tuple[float, float]], list[str], float]:
    """Pixel centres of every zone; zones without a position go in rows under the map."""
    placed = [z for z in layout.zones if z.x is not None and z.y is not None]
    centres: dict[str, tuple[float, float]] = {}
    bottom = float(MARGIN)
    if placed:
        xs = [float(z.x) for z in placed if z.x is not None]
        ys = [float(z.y) for z in placed if z.y is not None]
        span_x, span_y = max(xs) - min(xs), max(ys) - min(ys)
        scale = min(MAP_W / span_x if span_x else 1.0, MAP_H / span_y if span_y else 1.0)
        for z in placed:
            assert z.x is not None and z.y is not None
            centres[z.id] = (MARGIN + (z.x - min(xs)) * scale, MARGIN + 40 + (z.y - min(ys)) * scale)
        bottom = max(y for _, y in centres.values())
    loose = [z.id for z in layout.zones if z.id not in centres]
    per_row = max(1, int(MAP_W // (ZONE_R * 4)))
    for i, zid in enumerate(loose):
        centres[zid] = (MARGIN + (i % per_row) * ZONE_R * 4, bottom + 110 + (i // per_row) * ZONE_R * 4)
    if loose:
        bottom = max(y for _, y in centres.values())
    return centres, loose, bottom


def board_svg(layout: MapLayout, view: BoardView) -> str:
    """The picture as SVG text (see the module docstring for what it holds)."""
    centres, loose, bottom = _place(layout)
    map_right = max([x for x, _ in centres.values()] + [MARGIN + 200.0]) + ZONE_R + 40
    svg = _Svg()
    _draw_lines(svg, layout, centres)
    _draw_zones(svg, layout, centres, loose, view)
    _draw_stacks(svg, centres, view)
    _draw_markers(svg, centres, view)
    _draw_objects(svg, centres, view)
    height = _draw_tracks(svg, view, bottom + 90)
    height = _draw_legend(svg, layout, height + 20)
    panel_h = _draw_stack_list(svg, layout, view, map_right + 20)
    width = map_right + 20 + PANEL_W
    height = max(height, panel_h) + 20
    heading = view.title + (f", turn {view.turn}" + (f" of {view.turns}" if view.turns else "") if view.turn is not None else "") + (f", {view.phase}" if view.phase else "")
    head = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif">',
        f"<title>{escape(heading)}</title>",
        f'<rect x="0" y="0" width="{width:.0f}" height="{height:.0f}" fill="#fbfaf6"/>',
        f'<text id="heading" x="{MARGIN}" y="32" font-size="20" font-weight="bold" fill="#222">{escape(heading)}</text>',
    ]
    return "\n".join(head + svg.parts + ["</svg>"]) + "\n"


def _draw_lines(svg: _Svg, layout: MapLayout, centres: Mapping[str, tuple[float, float]]) -> None:
    svg.add('<g id="connections">')
    for line in layout.lines:
        if line.a not in centres or line.b not in centres:
            continue
        (x1, y1), (x2, y2) = centres[line.a], centres[line.b]
        colour, dash = line_style(line.kind)
        dashing = f' stroke-dasharray="{dash}"' if dash else ""
        svg.add(
            f'<line class="connection kind-{escape(line.kind)}"{_attrs(a=line.a, b=line.b, kind=line.kind)} x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{colour}" stroke-width="2.5"{dashing}/>'
        )
    svg.add("</g>")


def _draw_zones(svg: _Svg, layout: MapLayout, centres: Mapping[str, tuple[float, float]], loose: Sequence[str], view: BoardView) -> None:
    svg.add('<g id="zones">')
    for z in layout.zones:
        x, y = centres[z.id]
        stroke = TERRAIN_STROKE.get(z.terrain, "#555555")
        svg.add(f'<g class="zone terrain-{escape(z.terrain)}" id={quoteattr("zone-" + z.id)}{_attrs(zone=z.id, terrain=z.terrain, name=z.name, placed="no" if z.id in loose else "yes")}>')
        svg.add(f"<title>{escape(f'{z.id}: {z.name} ({layout.terrain_names.get(z.terrain, z.terrain)})')}</title>")
        svg.add(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{ZONE_R}" fill="{terrain_fill(z.terrain)}" stroke="{stroke}" stroke-width="2"/>')
        svg.text(x, y + 4, z.id, cls="zone-id", size=11 if len(z.id) <= 5 else 9, anchor="middle", weight="bold")
        svg.text(x, y + ZONE_R + 11, _short(z.name, 22), cls="zone-name", size=9, anchor="middle", fill="#444")
        svg.add("</g>")
    if loose:
        first = min(centres[z][1] for z in loose)
        svg.text(MARGIN - 20, first - ZONE_R - 22, "Zones with no position in the map content:", cls="loose-note", size=12, fill="#a33")
    svg.add("</g>")


def _short(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def _draw_stacks(svg: _Svg, centres: Mapping[str, tuple[float, float]], view: BoardView) -> None:
    """Each stack as a pile of chips beside its zone (the top counter drawn last, on top)."""
    svg.add('<g id="stacks">')
    for zone, counters in view.stacks.items():
        if zone not in centres or not counters:
            continue
        x, y = centres[zone]
        side = counters[0].side
        svg.add(f'<g class="stack side-{escape(side)}"{_attrs(zone=zone, count=len(counters))}>')
        base_x, base_y = x + ZONE_R - 4, y - ZONE_R - 2
        for depth, c in reversed(list(enumerate(counters))):
            cx, cy = base_x + depth * 3, base_y + depth * 3
            fill = SIDE_FILL.get(c.side, "#888888")
            opacity = "0.55" if c.reduced else "1"
            states = " ".join(s.split(" ")[0] for s in c.states())
            svg.add(f'<g class="counter"{_attrs(counter=c.id, name=c.name, side=c.side, state=states or "full", aboard=c.aboard, carrying=",".join(c.carrying) or None, depth=depth)}>')
            svg.add(f"<title>{escape(c.label())}</title>")
            svg.add(f'<rect x="{cx:.1f}" y="{cy:.1f}" width="{CHIP}" height="{CHIP}" fill="{fill}" fill-opacity="{opacity}" stroke="#222" stroke-width="1"/>')
            if c.acted:
                svg.add(f'<line x1="{cx:.1f}" y1="{cy:.1f}" x2="{cx + CHIP:.1f}" y2="{cy + CHIP:.1f}" stroke="#fff" stroke-width="1.5"/>')
            svg.add("</g>")
        svg.text(base_x + CHIP + len(counters) * 3 + 2, base_y + 10, str(len(counters)), cls="stack-count", size=10, weight="bold")
        svg.add("</g>")
    svg.add("</g>")


def _draw_markers(svg: _Svg, centres: Mapping[str, tuple[float, float]], view: BoardView) -> None:
    svg.add('<g id="markers">')
    for zone, back in view.markers.items():
        if zone not in centres:
            continue
        x, y = centres[zone]
        mx, my = x - ZONE_R - 8, y - ZONE_R - 4
        svg.add(f'<g class="marker face-down"{_attrs(zone=zone, back=back if back is not None else "unknown")}>')
        svg.add(f"<title>{escape(f'face-down activation marker in {zone}' + (f' (its back shows {back})' if back else ' (back unknown)'))}</title>")
        svg.add(f'<rect x="{mx:.1f}" y="{my:.1f}" width="16" height="16" fill="#f1c40f" stroke="#222" stroke-width="1" transform="rotate(45 {mx + 8:.1f} {my + 8:.1f})"/>')
        svg.text(mx + 8, my + 12, "?" if back is None else back, cls="marker-back", size=9, anchor="middle", weight="bold")
        svg.add("</g>")
    svg.add("</g>")


def _draw_objects(svg: _Svg, centres: Mapping[str, tuple[float, float]], view: BoardView) -> None:
    svg.add('<g id="objects">')
    for zone, names in view.objects.items():
        if zone not in centres:
            continue
        x, y = centres[zone]
        for i, name in enumerate(names):
            svg.add(f'<g class="object"{_attrs(zone=zone, name=name)}>')
            svg.text(x, y + ZONE_R + 22 + i * 11, f"◆ {name}", cls="object-name", size=9, anchor="middle", fill="#7a3b00", weight="bold")
            svg.add("</g>")
    svg.add("</g>")


def _draw_tracks(svg: _Svg, view: BoardView, top: float) -> float:
    """The alert track (boxes minimum..maximum, the level filled) and the turn; returns the y below."""
    y = top
    if view.alert is not None and view.alert_max is not None:
        svg.add(f'<g id="alert-track"{_attrs(level=view.alert, minimum=view.alert_min, maximum=view.alert_max)}>')
        svg.text(MARGIN, y + 17, "Alert", cls="track-name", size=13, weight="bold")
        for i, level in enumerate(range(view.alert_min, view.alert_max + 1)):
            bx = MARGIN + 60 + i * 30
            on = level == view.alert
            svg.add(f'<rect class="track-box{" current" if on else ""}"{_attrs(level=level)} x="{bx}" y="{y}" width="26" height="24" fill="{"#c0392b" if on else "#ffffff"}" stroke="#222"/>')
            svg.text(bx + 13, y + 17, str(level), cls="track-level", size=12, anchor="middle", fill="#fff" if on else "#222", weight="bold" if on else "normal")
        svg.add("</g>")
        y += 36
    if view.turn is not None:
        words = f"Turn {view.turn}" + (f" of {view.turns}" if view.turns else "") + (f", {view.phase}" if view.phase else "")
        svg.add(f'<g id="turn-track"{_attrs(turn=view.turn, turns=view.turns, phase=view.phase)}>')
        svg.text(MARGIN, y + 14, words, cls="turn", size=13, weight="bold")
        svg.add("</g>")
        y += 26
    if view.notes:
        svg.add('<g id="notes">')
        for note in view.notes:
            for piece in textwrap.wrap(note, 150, subsequent_indent="    ") or [""]:
                svg.text(MARGIN, y + 12, piece, cls="note", size=11, fill="#333")
                y += 16
        svg.add("</g>")
    return y


def _draw_legend(svg: _Svg, layout: MapLayout, top: float) -> float:
    svg.add('<g id="legend">')
    y = top
    svg.text(MARGIN, y + 12, "Terrain", cls="legend-title", size=12, weight="bold")
    x = MARGIN + 70
    for terrain in _used(z.terrain for z in layout.zones):
        name = layout.terrain_names.get(terrain, terrain)
        svg.add(f'<g class="legend-terrain"{_attrs(terrain=terrain)}>')
        svg.add(f'<circle cx="{x + 7}" cy="{y + 8}" r="7" fill="{terrain_fill(terrain)}" stroke="{TERRAIN_STROKE.get(terrain, "#555555")}"/>')
        svg.text(x + 18, y + 12, _short(name, 34), cls="legend-name", size=10)
        svg.add("</g>")
        y += 18
    y += 6
    svg.text(MARGIN, y + 12, "Lines", cls="legend-title", size=12, weight="bold")
    for kind in _used(line.kind for line in layout.lines):
        colour, dash = line_style(kind)
        dashing = f' stroke-dasharray="{dash}"' if dash else ""
        svg.add(f'<g class="legend-kind"{_attrs(kind=kind)}>')
        svg.add(f'<line x1="{x}" y1="{y + 8}" x2="{x + 30}" y2="{y + 8}" stroke="{colour}" stroke-width="2.5"{dashing}/>')
        svg.text(x + 38, y + 12, _short(layout.kind_names.get(kind, kind), 50), cls="legend-name", size=10)
        svg.add("</g>")
        y += 18
    y += 6
    svg.text(MARGIN, y + 12, "Counters", cls="legend-title", size=12, weight="bold")
    for i, (side, fill) in enumerate(SIDE_FILL.items()):
        svg.add(f'<rect x="{x + i * 110}" y="{y + 2}" width="{CHIP}" height="{CHIP}" fill="{fill}" stroke="#222"/>')
        svg.text(x + i * 110 + 18, y + 12, side, cls="legend-name", size=10)
    svg.text(x + 230, y + 12, "pale: reduced; crossed: acted; ◇ ? face-down marker", cls="legend-name", size=10)
    svg.add("</g>")
    return y + 22


def _used(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))


def _draw_stack_list(svg: _Svg, layout: MapLayout, view: BoardView, left: float) -> float:
    """The stacks in words, zone by zone in map order (the chips only show piles)."""
    order = {z.id: i for i, z in enumerate(layout.zones)}
    svg.add('<g id="stack-list">')
    y = 60.0
    svg.text(left, y, "Stacks (top first)", cls="list-title", size=13, weight="bold")
    y += 18
    for zone in sorted(view.stacks, key=lambda z: order.get(z, len(order))):
        counters = view.stacks[zone]
        if not counters:
            continue
        spot = layout.zone(zone)
        name = spot.name if spot is not None else zone
        svg.add(f'<g class="stack-entry"{_attrs(zone=zone)}>')
        svg.text(left, y, _short(f"{zone}: {name}", 52), cls="list-zone", size=11, weight="bold")
        y += 14
        for c in counters:
            svg.text(left + 12, y, _short(("  ↳ " if c.aboard else "") + c.label(), 60), cls="list-counter", size=10, fill=SIDE_FILL.get(c.side, "#333"))
            y += 13
        svg.add("</g>")
        y += 4
    svg.add("</g>")
    return y


def write_svg(path: str | Path, layout: MapLayout, view: BoardView) -> Path:
    """Write the picture to ``path`` as saves are written (a kill never leaves half a picture).

    Raises:
        SaveError: it cannot be written (one line).
    """
    from paragraphs.state.savefile import write_file_atomic

    write_file_atomic(path, board_svg(layout, view), backup=False)
    return Path(path)


def drawn_stacks(path: str | Path) -> dict[str, list[str]]:
    """What a board picture shows: zone -> the counters drawn there, top first (read back
    from the ``data-`` attributes, never the pixels; tests and owners' scripts use it)."""
    import xml.etree.ElementTree as ET

    ns = {"s": "http://www.w3.org/2000/svg"}
    out = {}
    for g in ET.parse(path).getroot().iterfind(".//s:g[@id='stacks']/s:g", ns):
        chips = sorted((int(c.get("data-depth") or 0), str(c.get("data-counter"))) for c in g.iterfind("s:g", ns))
        out[str(g.get("data-zone"))] = [cid for _, cid in chips]
    return out
