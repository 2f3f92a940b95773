"""The board picture of the raid layer, read back as XML: its content, not its pixels."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Any

from paragraphs_raids.alert import AlertTrack
from paragraphs_raids.markers import ActivationMarkers, MarkerBack
from paragraphs_raids.picture import MapLayout, board_svg, board_view, line_style, terrain_fill, write_svg
from paragraphs_raids.stacks import Factors, Piece, UnitKind
from paragraphs_raids.state import RaidState
from paragraphs_raids.zonemap import ZoneMap

NS = {"s": "http://www.w3.org/2000/svg"}

# A small map in the content's shape (records by id, as book.data holds them), with a
# Dieppe-like line kind the layer has never heard of and one zone without a position.
DATA: dict[str, Any] = {
    "terrain": {"open": {"name": "Open ground"}, "protected": {"name": "Protected zone"}, "shingle": {"name": "Shingle beach"}},
    "connection_kinds": {"solid": {"name": "Solid line"}, "red_dashed": {"name": "Combat only"}, "blue_dotted": {"name": "Landing line"}},
    "zones": {
        "W": {"name": "The radar", "terrain": "protected", "position": {"x": 100, "y": 50}},
        "VILLA": {"name": "The villa", "terrain": "protected", "position": {"x": 300, "y": 50.5}},
        "BEACH": {"name": "Beach", "terrain": "shingle", "position": {"x": 0, "y": 200}},
        "A1": {"name": "Activation zone", "terrain": "open"},
    },
    "connections": {
        "W~VILLA": {"a": "W", "b": "VILLA", "kind": "solid"},
        "W~BEACH": {"a": "W", "b": "BEACH", "kind": "red_dashed"},
        "BEACH~A1": {"a": "BEACH", "b": "A1", "kind": "blue_dotted"},
    },
}


def _kind(side: str, role: str = "infantry") -> UnitKind:
    f = Factors((("attack", 3), ("defence", 3)), 2, 2)
    return UnitKind(id=role, side=side, role=role, full=f, reduced=Factors((("attack", 1), ("defence", 1)), 2, 1), infantry=True, mobile=True)


@dataclass
class _State(RaidState):
    stacks: dict[str, list[Piece]] = field(default_factory=dict)
    pieces: dict[str, Piece] = field(default_factory=dict)
    aboard: dict[str, list[str]] = field(default_factory=dict)

    @property
    def zmap(self) -> ZoneMap:
        raise AssertionError("not needed to draw")

    @property
    def german_key(self) -> Any:
        return lambda p: 0


def _state() -> _State:
    s = _State()
    brit, boat, ger = _kind("british"), _kind("british", "boat"), _kind("german")
    for pid, kind, name in (("p1", brit, "Para 1"), ("p2", brit, "Para 2"), ("lca", boat, "LCA 1"), ("g1", ger, "685/1"), ("op", _kind("german", "radar_operator"), "Operator")):
        s.pieces[pid] = Piece(pid, kind, name)
    s.stacks = {"W": [s.pieces["g1"]], "VILLA": [s.pieces["p1"]], "BEACH": [s.pieces["lca"]]}
    s.pieces["g1"].reduced = True
    s.pieces["p1"].acted = True
    s.pieces["p1"].carrying = ["op"]
    s.aboard = {"lca": ["p2"]}
    return s


def _picture() -> ET.Element:
    view = board_view(
        _state(),
        title="Test raid",
        turn=5,
        turns=13,
        phase="phase E",
        alert=AlertTrack(maximum=6, level=4),
        markers=ActivationMarkers({"A1": None, "VILLA": MarkerBack.count(3)}),
        objects={"W": ["Würzburg (intact)"]},
        notes=["2 counters in the box"],
    )
    return ET.fromstring(board_svg(MapLayout.from_collections(DATA), view))


def test_every_zone_is_drawn_with_its_id_name_and_terrain() -> None:
    svg = _picture()
    zones = {g.get("data-zone"): g for g in svg.iterfind(".//s:g[@class]", NS) if "zone" in (g.get("class") or "").split()}
    assert set(zones) == {"W", "VILLA", "BEACH", "A1"}
    w = zones["W"]
    assert w.get("data-terrain") == "protected" and w.get("data-name") == "The radar"
    assert [t.text for t in w.iterfind("s:text", NS)] == ["W", "The radar"]
    assert w.find("s:circle", NS).get("fill") == terrain_fill("protected")  # type: ignore[union-attr]
    # a zone the content gives no position is still drawn, and said to be unplaced
    assert zones["A1"].get("data-placed") == "no" and zones["W"].get("data-placed") == "yes"


def test_positions_keep_the_maps_proportions() -> None:
    svg = _picture()
    centre = {g.get("data-zone"): g.find("s:circle", NS) for g in svg.iterfind(".//s:g[@data-zone]", NS) if "zone" in (g.get("class") or "").split()}
    x = {z: float(c.get("cx")) for z, c in centre.items() if c is not None}  # type: ignore[arg-type]
    y = {z: float(c.get("cy")) for z, c in centre.items() if c is not None}  # type: ignore[arg-type]
    assert x["BEACH"] < x["W"] < x["VILLA"]  # east is to the right
    assert y["W"] < y["BEACH"]  # south is down
    assert abs((x["VILLA"] - x["W"]) / (x["W"] - x["BEACH"]) - 2.0) < 1e-3  # centres are written to 0.1 px


def test_connections_are_drawn_by_kind() -> None:
    svg = _picture()
    lines = {(ln.get("data-a"), ln.get("data-b")): ln for ln in svg.iterfind(".//s:g[@id='connections']/s:line", NS)}
    assert set(lines) == {("W", "VILLA"), ("W", "BEACH"), ("BEACH", "A1")}
    assert lines[("W", "BEACH")].get("data-kind") == "red_dashed"
    assert lines[("W", "BEACH")].get("stroke") == line_style("red_dashed")[0] != line_style("solid")[0]
    assert lines[("W", "VILLA")].get("stroke-dasharray") is None
    assert lines[("BEACH", "A1")].get("stroke-dasharray") == line_style("blue_dotted")[1]
    legend = {g.get("data-kind") for g in svg.iterfind(".//s:g[@class='legend-kind']", NS)}
    assert legend == {"solid", "red_dashed", "blue_dotted"}
    assert {g.get("data-terrain") for g in svg.iterfind(".//s:g[@class='legend-terrain']", NS)} == {"protected", "shingle", "open"}


def test_stacks_show_their_counters_top_first_with_their_states() -> None:
    svg = _picture()
    stacks = {g.get("data-zone"): g for g in svg.iterfind(".//s:g[@id='stacks']/s:g", NS)}
    assert set(stacks) == {"W", "VILLA", "BEACH"}
    assert stacks["W"].get("class") == "stack side-german"

    def counters(zone: str) -> list[tuple[str | None, str | None]]:
        found = [(int(c.get("data-depth") or 0), c.get("data-counter"), c.get("data-state")) for c in stacks[zone].iterfind("s:g[@class='counter']", NS)]
        return [(cid, state) for _, cid, state in sorted(found)]

    assert counters("W") == [("g1", "reduced")]
    assert counters("VILLA") == [("p1", "acted carrying")]
    # cargo is listed under its boat, marked aboard
    assert counters("BEACH") == [("lca", "full"), ("p2", "aboard")]
    p1 = stacks["VILLA"].find("s:g[@data-counter='p1']", NS)
    assert p1 is not None and p1.get("data-carrying") == "Operator"
    assert p1.findtext("s:title", namespaces=NS) == "Para 1 (acted; carrying Operator)"
    listed = [t.text for t in svg.iterfind(".//s:g[@id='stack-list']//s:text", NS)]
    assert "W: The radar" in listed and "685/1 (reduced)" in listed and "  ↳ Para 2 (aboard lca)" in listed


def test_face_down_markers_objects_alert_and_turn() -> None:
    svg = _picture()
    markers = {g.get("data-zone"): g.get("data-back") for g in svg.iterfind(".//s:g[@id='markers']/s:g", NS)}
    assert markers == {"A1": "unknown", "VILLA": "3x"}
    track = svg.find(".//s:g[@id='alert-track']", NS)
    assert track is not None and track.get("data-level") == "4" and track.get("data-maximum") == "6"
    boxes = track.findall("s:rect", NS)
    assert [b.get("data-level") for b in boxes] == [str(n) for n in range(7)]
    assert [b.get("data-level") for b in boxes if "current" in (b.get("class") or "")] == ["4"]
    turn = svg.find(".//s:g[@id='turn-track']", NS)
    assert turn is not None and turn.get("data-turn") == "5" and turn.findtext("s:text", namespaces=NS) == "Turn 5 of 13, phase E"
    assert [g.get("data-name") for g in svg.iterfind(".//s:g[@class='object']", NS)] == ["Würzburg (intact)"]
    assert svg.findtext(".//s:g[@id='notes']/s:text", namespaces=NS) == "2 counters in the box"


def test_unknown_terrain_and_line_kinds_get_stable_distinct_styles() -> None:
    assert terrain_fill("shingle") == terrain_fill("shingle") != terrain_fill("open")
    assert line_style("wire")[1] and line_style("wire") == line_style("wire")


def test_write_svg_writes_a_whole_file(tmp_path) -> None:
    out = write_svg(tmp_path / "board.svg", MapLayout.from_collections(DATA), board_view(_state(), title="T"))
    root = ET.parse(out).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.find(".//s:g[@id='alert-track']", NS) is None  # no track given, none drawn
    assert [p.name for p in tmp_path.iterdir()] == ["board.svg"]
