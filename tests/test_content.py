"""The content pipeline: YAML with positions, schema errors, compile problems, lint."""

from __future__ import annotations

import textwrap

import pytest

from paragraphs.problems import Severity
from paragraphs.yamlread import YamlProblems, read_yaml

from helpers import HEADER, compile_text


def problems(text: str, header: bool = False) -> list[str]:
    compiled, _ = compile_text(text, header=header)
    return [p.format() for p in compiled.problems if p.code != "REF005"]


def codes(text: str) -> list[tuple[str, str]]:
    compiled, _ = compile_text(text)
    return [(p.code, p.severity.value) for p in compiled.problems]


# --------------------------------------------------------------------------- YAML


def test_positions_are_kept_for_every_value():
    doc = read_yaml("a:\n  - x\n  - {b: 2}\n", "f.yaml")
    assert str(doc.pos(("a", 1, "b"))) == "f.yaml:3:9"
    assert str(doc.pos(("a", 1, "missing", 3))) == "f.yaml:3:5"  # nearest ancestor


def test_yaml_errors_duplicates_and_tags_are_reported_with_places():
    for text, expected in [
        ("a: 1\na: 2\n", "f.yaml:2:1: YAML004 duplicate key 'a'"),
        ("a: !!python/object:os.system x\n", "f.yaml:1:4: YAML002"),
        ("a: [1\n", "f.yaml:2:1: YAML001"),
    ]:
        with pytest.raises(YamlProblems) as err:
            read_yaml(text, "f.yaml")
        assert err.value.problems[0].format().startswith(expected)


def test_a_control_character_is_placed_and_a_folded_scalar_is_plain_text():
    with pytest.raises(YamlProblems) as bad:
        read_yaml("a: 1\nb: x\x07y\n", "f.yaml")
    assert bad.value.problems[0].format().startswith("f.yaml:2:5: YAML001")
    # ruamel marks some folds with BEL internally (after a non-ASCII character)
    assert read_yaml("a: >-\n  Commando n°4\n  Dieppe 1942\n", "f").data == {"a": "Commando n°4 Dieppe 1942"}


def test_yaml_12_booleans_and_timestamps_stay_text():
    assert read_yaml("a: [yes, on, 2024-01-01, true, null]", "f").data == {"a": ["yes", "on", "2024-01-01", True, None]}


# --------------------------------------------------------------------------- schema


def test_schema_errors_point_at_line_and_column_all_at_once_and_sorted():
    found = problems(
        """
paragraphs:
  - id: 105
    steps: [{say: hello}]
  - id: "2"
    steps:
      - sey: typo
      - roll: {die: d7x, ranges: {"0-9": []}}
"""
    )
    assert len(found) == 3
    assert found[0] == "book.yaml:3:9: SCHEMA001 105 is not of type 'string': YAML reads it as a number; write it in quotes (\"105\") ($.paragraphs[0].id)"
    assert found[1].startswith("book.yaml:7:9: SCHEMA001 unknown key 'sey'")
    assert found[2].startswith("book.yaml:8:21: SCHEMA001 'd7x' does not match ^([1-9][0-9]?)?d(")
    assert found[2].endswith(" ($.paragraphs[1].steps[1].roll.die)")


def test_steps_must_be_one_key_mappings():
    found = problems(
        """
paragraphs:
  - id: "1"
    steps:
      - {say: a, goto: "2"}
"""
    )
    assert found == ["book.yaml:5:9: SCHEMA001 a step or predicate must be a mapping with exactly one key ($.paragraphs[0].steps[0])"]


# --------------------------------------------------------------------------- compile problems


def test_unknown_check_kind_and_conflicting_questions():
    found = problems(
        """
paragraphs:
  - id: "1"
    steps:
      - check: {kind: luck, success: []}
  - id: "2"
    steps:
      - if: {test: {ask: {key: q, prompt: A?}}, then: []}
      - if: {test: {ask: {key: q, prompt: B?, type: integer, min: 0, max: 3, equals: 2}}, then: []}
"""
    )
    assert found[0].startswith("book.yaml:5:23: CHECK001 unknown check kind 'luck'")
    assert found[1].startswith("book.yaml:9:26: QUESTION001 question 'q' is defined again with another domain")


def test_check_spec_is_validated_against_the_kind_schema():
    found = problems(
        """
paragraphs:
  - id: "1"
    steps:
      - check: {kind: target, targt: 5, success: []}
"""
    )
    assert any("CHECK003 target check" in p for p in found)


# --------------------------------------------------------------------------- lint


def test_missing_targets_unreachable_and_sightings():
    found = codes(
        """
entry_points:
  - {paragraph: "1", source: start}
  - {paragraph: "77", source: nowhere}
paragraphs:
  - id: "1"
    marks: [lonely]
    steps: [{see: "2"}, {see: "404"}, {ignore_further: {paragraphs: ["405"]}}]
  - id: "2"
    steps:
      - if: {test: {sighting: ghost}, then: []}
  - id: "3"
    steps: []
"""
    )
    assert ("REF001", "error") in found  # 404
    assert ("REF003", "error") in found  # retiring 405
    assert ("REF004", "error") in found  # entry point 77
    assert ("REF002", "warning") in found  # 3 unreachable
    assert ("SIGHT001", "warning") in found  # lonely set, never tested
    assert ("SIGHT002", "warning") in found  # ghost tested, never set


def test_roll_coverage_and_impossible_checks():
    found = problems(
        """
entry_points: [{paragraph: "1", source: start}]
paragraphs:
  - id: "1"
    steps:
      - roll: {die: d10, ranges: {"0-3": [], "3-8": []}}
      - roll: {die: d6, modifier: 1, ranges: {"2-6": []}}
      - check: {kind: target, die: d6, target: 0, success: [], failure: []}
      - check: {kind: target, die: d6, target: 6, success: [], failure: []}
      - roll: {die: d6, odd: []}
"""
    )
    text = "\n".join(found)
    assert "DICE001 d10 roll in 1: rows 0-3, 3-8 overlap at 3" in text
    assert "DICE001 d6 roll in 1: no row covers 7 (possible results 2-7)" in text
    assert "DICE002 target check in 1 can never succeed" in text
    assert "DICE003 target check in 1 always succeeds" in text
    assert "DICE005 roll in 1 branches on odd only" in text


def test_cycles_without_exit_are_flagged_and_guarded_ones_are_not():
    found = codes(
        """
entry_points: [{paragraph: "1", source: start}, {paragraph: "3", source: start}]
paragraphs:
  - id: "1"
    steps: [{see: "2"}]
  - id: "2"
    steps: [{goto: "1"}]
  - id: "3"
    marks: [a]
    steps: [{if: {test: {not: {sighting: a}}, then: [{see: "4"}]}}]
  - id: "4"
    steps: [{see: "3"}]
"""
    )
    assert codes_count(found, "CYCLE001") == 1


def codes_count(found, code):
    return sum(1 for c, _ in found if c == code)


def test_findings_in_damaged_or_assumed_paragraphs_are_lowered_to_info():
    compiled, _ = compile_text(
        """
entry_points: [{paragraph: "1", source: start}]
paragraphs:
  - id: "1"
    damaged: "row 3 unreadable in the source"
    steps:
      - roll: {die: d10, ranges: {"0-2": [], "4-9": []}}
"""
    )
    (p,) = [p for p in compiled.problems if p.code == "DICE001"]
    assert p.severity is Severity.INFO and not compiled.errors


def test_tables_must_cover_their_die():
    text = """
tables:
  - {id: bad, die: d6, rows: [{range: "1-3", result: a}, {range: "5-6", result: b}]}
  - {id: flagged, die: d6, rows: [{range: "1-3", result: a}], flags: {missing: "rows lost in the source"}}
"""
    compiled, _ = compile_text(text)
    found = {(p.code, p.severity.value, p.message.split()[1], p.pos.line) for p in compiled.problems if p.code == "DICE006"}
    # at the table's own line (it was "t:0:0", the title's name, with no line)
    whole = (textwrap.dedent(HEADER) + textwrap.dedent(text)).splitlines()
    line = {tid: 1 + next(i for i, row in enumerate(whole) if f"{{id: {tid}," in row) for tid in ("bad", "flagged")}
    assert found == {("DICE006", "error", "bad", line["bad"]), ("DICE006", "info", "flagged", line["flagged"])}
