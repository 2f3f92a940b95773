"""An owner replaces the schematic map: `ids` lists what to type, `template` writes the
skeleton, `validate --overlay` checks it, `board` draws it (see docs/owners-map.md)."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from paragraphs.cli import main

BOARD = Path(__file__).parent / "data" / "board.json"
NS = {"s": "http://www.w3.org/2000/svg"}


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_ids_lists_every_zone_and_counter(capsys, scenario) -> None:
    code, out, _ = run(capsys, "ids", "bruneval", "--json")
    assert code == 0
    lists = {entry["id"]: entry for entry in json.loads(out)["lists"]}
    assert [row["id"] for row in lists["zones"]["ids"]] == [z.id for z in scenario.zmap.zones]
    assert [row["id"] for row in lists["counters"]["ids"]] == list(scenario.counters)
    w = next(row for row in lists["zones"]["ids"] if row["id"] == "W")
    assert w["about"] == "W (Henry), the Würzburg radar (protected) [assumed]"
    lw2 = next(row for row in lists["counters"]["ids"] if row["id"] == "lw-2")
    assert lw2["about"] == "Luftwaffe 2 (luftwaffe, garrison) [assumed]"
    assert {"tables", "units", "connections", "groups"} <= set(lists)
    code, out, _ = run(capsys, "ids", "bruneval", "--kind", "zones")
    assert code == 0 and out.startswith("Zones of the map (") and "DZ-A3" in out and "685-1" not in out


def _uncomment(text: str, collections: tuple[str, ...]) -> str:
    """What an owner does with records.yaml: uncomment the collections he corrects."""
    out, on = [], False
    for line in text.splitlines():
        head = re.match(r"^# ([a-z_]+):$", line)
        if head:
            on = head.group(1) in collections
            out.append(f"{head.group(1)}:" if on else line)
        elif on and line.startswith("#   - "):
            out.append(line[2:])
        else:
            out.append(line)
    return "\n".join(out) + "\n"


def test_template_validate_and_board_with_an_owners_whole_map(capsys, tmp_path) -> None:
    mine = tmp_path / "my-bruneval"
    code, out, _ = run(capsys, "template", "bruneval", str(mine))
    assert code == 0 and "records.yaml" in out
    skeleton = (mine / "records.yaml").read_text()
    for needle in ('#   - {id: "W", name: "W (Henry), the Würzburg radar", terrain: "protected", tags: ["wurzburg"], position: {"x": 520, "y": 310}, assumed: null}',
                   '#   - {id: "FIELD~W", a: "FIELD", b: "W", kind: "dashed", assumed: null}',
                   '#   - {id: "machine_gun", factors: {'):
        assert needle in skeleton
    # the skeleton as written is a valid, empty overlay
    assert run(capsys, "validate", "bruneval", "--overlay", str(mine))[0] == 0
    # the owner takes the zones and lines, moves W and re-draws a line from his copy
    owned = _uncomment(skeleton, ("zones", "connections"))
    owned = owned.replace('position: {"x": 520, "y": 310}', 'position: {"x": 9000, "y": 310}')
    owned = owned.replace('{id: "FIELD~W", a: "FIELD", b: "W", kind: "dashed"', '{id: "FIELD~W", a: "FIELD", b: "W", kind: "solid"')
    (mine / "records.yaml").write_text(owned)
    code, out, err = run(capsys, "validate", "bruneval", "--overlay", str(mine))
    assert code == 0, out + err
    before = json.loads(run(capsys, "gaps", "bruneval", "--json")[1])["gaps"]
    after = json.loads(run(capsys, "gaps", "bruneval", "--json", "--overlay", str(mine))[1])["gaps"]
    assert not [g for g in after if g["id"].startswith(("assumed.zones.", "assumed.connections."))]
    assert len(before) - len(after) == sum(1 for g in before if g["id"].startswith(("assumed.zones.", "assumed.connections.")))
    picture = tmp_path / "mine.svg"
    assert run(capsys, "board", "bruneval", "--state", str(BOARD), "--svg", str(picture), "--overlay", str(mine))[0] == 0
    svg = ET.parse(picture).getroot()
    circles = {g.get("data-zone"): float(str(g.find("s:circle", NS).get("cx"))) for g in svg.iterfind(".//s:g[@id='zones']/s:g", NS)}  # type: ignore[union-attr]
    assert circles["W"] == max(circles.values())
    lines = {(ln.get("data-a"), ln.get("data-b")): ln.get("data-kind") for ln in svg.iterfind(".//s:g[@id='connections']/s:line", NS)}
    assert lines[("FIELD", "W")] == "solid"


def test_an_owners_map_with_a_mistake_is_reported_in_place(capsys, tmp_path) -> None:
    mine = tmp_path / "my-bruneval"
    mine.mkdir()
    (mine / "map.yaml").write_text('connections:\n  - {id: "W~NOWHERE", a: W, b: NOWHERE, kind: solid}\n')
    code, out, _ = run(capsys, "validate", "bruneval", "--overlay", str(mine))
    assert code == 1 and f"{mine / 'map.yaml'}:2:" in out and "NOWHERE" in out


def test_the_board_schema_is_the_series_shape_with_brunevals_own_fields(scenario) -> None:
    from paragraphs_bruneval.boardschema import ALERT_MAX, TURNS
    from paragraphs_bruneval.resources import schema

    # the schema's ranges are the content's
    assert (TURNS, ALERT_MAX) == (scenario.params.turns, scenario.alert_maximum)
    board = schema("board")
    assert {"title", "turn", "alert", "units", "markers"} < set(board["properties"])
    assert board["properties"]["title"] == {"const": "bruneval"}
    assert "wurzburg" in board["properties"]["units"]["items"]["properties"]["carrying"]["items"]["description"]
    committed = json.loads((Path(__file__).parents[3] / "schemas" / "bruneval" / "board.schema.json").read_text())
    assert committed == board


def test_zones_the_picture_cannot_place_are_warned_about_in_place(capsys, tmp_path) -> None:
    code, out, _ = run(capsys, "validate", "bruneval")
    assert code == 0 and "BRU005" not in out
    mine = tmp_path / "my-bruneval"
    mine.mkdir()
    (mine / "map.yaml").write_text(
        "zones:\n"
        "  - {id: W, position: {x: 860, y: 400}}\n"  # DZ-A1's place
        "  - {id: QUARRY, name: Quarry, terrain: open}\n"
        "connections:\n"
        "  - {id: \"QUARRY~W\", a: QUARRY, b: W, kind: solid}\n"
    )
    code, out, _ = run(capsys, "validate", "bruneval", "--overlay", str(mine))
    assert code == 0  # warnings: the game plays, the picture is only less clear
    found = [line for line in out.splitlines() if "BRU005" in line]
    assert len(found) == 3  # W and DZ-A1 share a spot (each is named), QUARRY has none
    assert any(line.startswith(f"{mine / 'map.yaml'}:2:") and "zone 'W' has the position of 'DZ-A1'" in line for line in found)
    assert any("map.yaml" in line and "zone 'DZ-A1' has the position of 'W'" in line for line in found)
    assert any(line.startswith(f"{mine / 'map.yaml'}:3:") and "QUARRY" in line and "no position" in line for line in found)
    assert run(capsys, "validate", "bruneval", "--strict", "--overlay", str(mine))[0] == 1


def test_every_board_rule_is_reported_at_its_place(tmp_path, scenario) -> None:
    """The raid layer's board rules with Bruneval's objects and its own BOARD009."""
    import pytest

    from paragraphs.errors import ContentError
    from paragraphs_bruneval.board import read_board
    from paragraphs_raids.dice import ScriptedRoller

    units = [
        {"id": "tiger-1", "zone": "W"},  # 3: unknown counter
        {"id": "drake-1", "zone": "NOWHERE"},  # 3: unknown zone
        {"id": "nelson-1", "zone": "FIELD"},
        {"id": "nelson-1", "zone": "FIELD"},  # 4: listed twice
        {"id": "rodney-1", "zone": "VILLA"},
        {"id": "op-villa", "zone": "VILLA"},  # 5: both sides in the Villa
        {"id": "nelson-2", "zone": "E1", "aboard": "nelson-3"},  # 6: not a boat
        {"id": "lw-1", "zone": "W", "carrying": ["wurzburg"]},  # 6: a German carries the radar
        {"id": "685-1", "zone": "P1"}, {"id": "685-2", "zone": "P1"}, {"id": "685-3", "zone": "P1"},  # 8: over the limit
        {"id": "commando-1", "zone": "BEACH1"},  # 9: optional rule 18 is off
        {"id": "rodney-2", "zone": "CLIFF", "carrying": ["op-w"]},
        {"id": "op-w", "zone": "W"},  # 4: carried and on the map
    ]
    board = {"title": "bruneval", "turn": 3, "alert": 2, "units": units, "markers": [{"zone": "CLIFF"}, {"zone": "A3"}]}  # 7: not an activation zone
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(board, indent=1))
    with pytest.raises(ContentError) as bad:
        read_board(path, scenario, ScriptedRoller([]))
    found = [(p.code, p.message) for p in bad.value.problems]
    assert {code for code, _ in found} == {f"BOARD00{n}" for n in range(3, 10)}
    messages = " | ".join(m for _, m in found)
    for needle in ("unknown counter 'tiger-1'", "unknown zone 'NOWHERE'", "counter 'nelson-1' is listed twice",
                   "British and German units share zone VILLA (rule 2.3)", "'nelson-3' is not a boat on the board in E1",
                   "lw-1 cannot carry 'wurzburg' (British units carry radar operators and the wurzburg)",
                   "zone P1 holds 6 stacking points, over its limit of 4", "commando-1 is a Commando of optional rule 18",
                   "op-w is carried as a prisoner and also listed on the map", "'CLIFF' is not an activation zone"):
        assert needle in messages, needle
    assert all(p.pos.path == str(path) and p.pos.line > 1 for p in bad.value.problems)


def test_an_overlay_typo_names_the_id_meant(tmp_path) -> None:
    # found by the third eyes pass (as for Dieppe): a typo in a filled-in template named no id
    import pytest

    from paragraphs.errors import ContentError
    from paragraphs_bruneval.scenario import load_scenario

    (tmp_path / "map.yaml").write_text('connections:\n  - {id: "W~VILLA", a: "W", b: "VILA"}\n')
    with pytest.raises(ContentError) as err:
        load_scenario(overlays=[str(tmp_path)], use_cache=False)
    found = [p.message for p in err.value.problems if "VILA" in p.message]
    assert found == ["connection 'W~VILLA': unknown zone 'VILA' (did you mean 'VILLA'?)"], found
