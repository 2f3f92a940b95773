"""Board files of a raid companion: JSON, then the title's schema, each problem in place."""

from __future__ import annotations

import pytest

from paragraphs.errors import ContentError, UsageError
from paragraphs_raids.boardfile import load_board_json

SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "required": ["turn", "units"],
    "properties": {"turn": {"type": "integer", "minimum": 1}, "units": {"type": "array", "items": {"type": "object", "required": ["id"]}}},
}


def test_a_good_board_and_its_positions(tmp_path) -> None:
    f = tmp_path / "b.json"
    f.write_text('{"turn": 3,\n "units": [{"id": "c1"}]}\n')
    data, where = load_board_json(f, SCHEMA)
    assert data["units"][0]["id"] == "c1"
    assert where(["units", 0]).line == 2


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
