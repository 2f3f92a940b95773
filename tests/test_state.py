"""Saves: atomic writes with a backup, refusal of bad files, migration, undo."""

import json

import pytest

from paragraphs.errors import SaveError
from paragraphs.state import SAVE_VERSION, State, load_state, save_state
from paragraphs.state.savefile import read_save_record


def sample_state() -> State:
    s = State(title="t", content_hash="abc")
    s.sightings = {"s1": {"paragraph": "4"}}
    s.add_counter("vp", 2, "a bridge", "12")
    s.values = {"condition": 2}
    s.read_counts = {"12": 1}
    s.retired = ["105"]
    s.notes = [{"id": "n", "text": "keep the radio manned", "paragraph": "701"}]
    s.hooks = [{"id": "685#1", "event": "start_of_round", "paragraph": "685", "once": True}]
    s.rng = {"seed": 3, "position": 17}
    s.extra = {"units": {"GE 16": {"status": "active"}}}
    return s


def test_save_then_load_gives_an_equal_state(tmp_path):
    s = sample_state()
    s.record({"action": "read", "start": "12"}, s.snapshot())
    path = tmp_path / "game.json"
    save_state(s, path)
    loaded = load_state(path)
    assert loaded.to_json() == s.to_json()
    document = json.loads(path.read_text())  # the file stays one JSON document (jq reads it)
    assert document["version"] == SAVE_VERSION and document["slots"][1] is None
    payload = read_save_record(path)
    assert payload == document["slots"][0]["save"]
    assert payload["version"] == SAVE_VERSION and payload["content_hash"] == "abc" and payload["library"]


def test_saving_keeps_the_previous_save_as_a_backup(tmp_path):
    path = tmp_path / "game.json"
    s = sample_state()
    save_state(s, path)
    s.counters["vp"] = 9
    save_state(s, path)
    assert load_state(path).counters["vp"] == 9
    assert load_state(tmp_path / "game.json.bak").counters["vp"] == 2
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


@pytest.mark.parametrize(
    "text, reason",
    [
        ('{"format": "paragraphs-save", "version": 2, "state": {', "truncated"),
        ("garbage", "corrupt"),
        ('{"format": "other"}', "not a paragraphs save"),
        ('{"format": "paragraphs-save", "version": 99, "state": {}}', "newer"),
        ('{"format": "paragraphs-save", "version": 2, "state": {"counters": {"vp": "x"}}}', "corrupt save"),
    ],
)
def test_bad_saves_are_refused_in_one_line_and_left_alone(tmp_path, text, reason):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(SaveError) as err:
        load_state(path)
    assert reason in str(err.value) and "\n" not in str(err.value)
    assert path.read_text() == text


def test_a_save_for_another_title_is_refused(tmp_path):
    path = tmp_path / "g.json"
    save_state(sample_state(), path)
    with pytest.raises(SaveError, match="not 'ambush'"):
        load_state(path, title="ambush")


def test_version_1_saves_are_migrated(tmp_path):
    old = {
        "format": "paragraphs-save",
        "version": 1,
        "state": {"title": "t", "sightings": ["s0", "s3"], "counters": {"vp": 4}, "values": {}, "read_counts": {}, "retired": [], "notes": []},
    }
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old))
    s = load_state(path)
    assert sorted(s.sightings) == ["s0", "s3"]
    assert s.counters == {"vp": 4} and s.ledger[0]["delta"] == 4
    save_state(s, path)
    assert json.loads(path.read_text())["version"] == SAVE_VERSION


def test_undo_of_steps_that_kept_their_snapshot(tmp_path):
    s = State(title="t")
    for i in range(3):
        before = s.snapshot()
        s.add_counter("vp", 1, f"step {i}")
        s.rng = {"seed": 1, "position": i + 1}
        s.record({"action": "title-own", "start": str(i)}, before)  # not replayable: checkpoints
    assert s.undo(2) == 2
    assert s.counters == {"vp": 1} and s.rng == {"seed": 1, "position": 1} and len(s.journal) == 1
    with pytest.raises(SaveError):
        s.undo(5)
    s.undo()
    assert s.counters == {} and s.journal == []
    with pytest.raises(SaveError):
        s.undo()


def test_the_save_schema_accepts_a_real_save(tmp_path):
    from paragraphs.validation import core_schema, make_validator

    path = tmp_path / "g.json"
    s = sample_state()
    s.record({"action": "read", "start": "1"}, s.snapshot())
    save_state(s, path)
    validator = make_validator(core_schema("save"))
    assert list(validator.iter_errors(read_save_record(path))) == []
    save_state(s, path)  # whole again: it makes the backup
    s.record({"action": "read", "start": "2"}, s.snapshot())
    save_state(s, path)  # in place: the new step travels in the slot's journal tail
    assert read_save_record(path)["journal"]["tail"] and list(validator.iter_errors(read_save_record(path))) == []
