"""Board files of a raid companion: JSON, then the title's schema, each problem in place."""

from __future__ import annotations

import json

import pytest

from paragraphs.errors import ContentError, UsageError
from paragraphs_raids.boardfile import load_board_json

SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "required": ["turn", "units"],
    "properties": {"turn": {"type": "integer", "minimum": 1}, "units": {"type": "array", "items": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}}}},
}


def test_a_good_board_and_its_positions(tmp_path) -> None:
    f = tmp_path / "b.json"
    f.write_text('{"turn": 3,\n "units": [{"id": "c1"}]}\n')
    data, where = load_board_json(f, SCHEMA)
    assert data["units"][0]["id"] == "c1"
    assert where(["units", 0]).line == 2


def test_a_board_saved_with_a_byte_order_mark_is_read(tmp_path) -> None:
    # found by the third eyes pass: a board saved by an editor that writes a UTF-8 BOM
    # (Windows Notepad) was refused: "not valid JSON: Unexpected UTF-8 BOM (decode using
    # utf-8-sig)", advice a player cannot act on; the content's YAML files take it
    f = tmp_path / "b.json"
    f.write_bytes(b"\xef\xbb\xbf" + b'{"turn": 3,\n "units": [{"id": "c1"}]}\n')
    data, where = load_board_json(f, SCHEMA)
    assert data["units"][0]["id"] == "c1" and where(["units", 0]).line == 2


def test_json_then_schema_problems_each_at_its_place(tmp_path) -> None:
    f = tmp_path / "b.json"
    f.write_text('{"turn": 3,')
    with pytest.raises(ContentError) as bad_json:
        load_board_json(f, SCHEMA)
    assert bad_json.value.problems[0].code == "BOARD001"
    f.write_text('{"turn": 0,\n "units": [{"name": "x"}]}\n')
    with pytest.raises(ContentError) as bad:
        load_board_json(f, SCHEMA)
    found = sorted((p.code, p.pos.line, p.json_path) for p in bad.value.problems)
    assert found == [("BOARD002", 1, "$.turn"), ("BOARD002", 2, "$.units[0]")]
    with pytest.raises(UsageError, match="no such board file"):
        load_board_json(tmp_path / "missing.json", SCHEMA)


def test_every_problem_is_listed_at_its_place_up_to_twenty(tmp_path) -> None:
    # a player fixing his file by hand wants every mistake at once: the message said the
    # first and "(and N more)"
    f = tmp_path / "b.json"
    f.write_text('{"turn": 0,\n "units": [{"name": "x"},\n {"id": 3}]}\n')
    with pytest.raises(ContentError) as bad:
        load_board_json(f, SCHEMA)
    assert str(bad.value).splitlines() == [
        f"3 problems in the board file {f}:",
        f"  {f}:1:10: BOARD002 0 is less than the minimum of 1 ($.turn)",
        f"  {f}:2:12: BOARD002 'id' is a required property ($.units[0])",
        f"  {f}:3:9: BOARD002 3 is not of type 'string' ($.units[1].id)",
    ]
    units = ",\n".join('{"id": %d}' % n for n in range(25))
    f.write_text('{"turn": 2, "units": [\n' + units + "]}\n")
    with pytest.raises(ContentError) as many:
        load_board_json(f, SCHEMA)
    lines = str(many.value).splitlines()
    assert lines[0] == f"25 problems in the board file {f}:" and len(lines) == 22
    assert lines[1].startswith(f"  {f}:2:8: BOARD002") and lines[20].startswith(f"  {f}:21:8: BOARD002")
    assert lines[21] == "  ... and 5 more (fix these and run again)"
    assert len(many.value.problems) == 25  # every one is kept for a program


def test_the_series_board_schema_with_a_titles_own_fields(tmp_path) -> None:
    from jsonschema import Draft202012Validator

    from paragraphs_raids.boardfile import board_schema

    # a Dieppe-like title: structured marker backs, its own objects and fields only
    back = {"type": "object", "properties": {"units": {"type": "object", "additionalProperties": {"type": "integer"}}, "obstacle": {"enum": ["mines", "wire"]}}, "additionalProperties": False}
    schema = board_schema(
        schema_id="https://example.invalid/raid/board.schema.json",
        title="raid",
        name="A raid",
        turns=10,
        alert_max=8,
        objects=("charges",),
        properties={"bangalore_tries": {"type": "integer", "minimum": 0}},
        shows=back,
    )
    Draft202012Validator.check_schema(schema)
    assert schema["properties"]["units"]["items"]["properties"]["carrying"]["items"]["description"].endswith("charges.")
    good = {
        "title": "raid",
        "turn": 10,
        "alert": 8,
        "units": [{"id": "c1", "zone": "BEACH", "carrying": ["charges"]}],
        "markers": [{"zone": "Z", "shows": {"obstacle": "wire"}}, {"zone": "Y"}, {"zone": "X", "shows": None}],
        "bangalore_tries": 2,
    }
    f = tmp_path / "b.json"
    f.write_text(json.dumps(good, indent=1))
    assert load_board_json(f, schema)[0] == good
    bad = dict(good, turn=11, markers=[{"zone": "Z", "shows": {"obstacle": "mud"}}], garrison_left=3)
    f.write_text(json.dumps(bad, indent=1))
    with pytest.raises(ContentError) as found:
        load_board_json(f, schema)
    # a key the schema does not know is placed at the key itself (third eyes pass)
    assert sorted(p.json_path for p in found.value.problems) == ["$.garrison_left", "$.markers[0].shows.obstacle", "$.turn"]
    assert [p.message for p in found.value.problems if p.json_path == "$.garrison_left"] == ["unknown key 'garrison_left'"]
    with pytest.raises(ValueError, match="only its own"):
        board_schema(schema_id="x", title="raid", name="A raid", turns=1, alert_max=1, properties={"units": {}})
