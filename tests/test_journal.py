"""Sessions that scale (issue 9, item 3) and procedures as steps (item 4, engine part).

The journal keeps each step's inputs and a checkpoint every ``CHECKPOINT_EVERY`` steps;
undo replays from the nearest checkpoint, exactly; a save appends to the journal file.
"""

from __future__ import annotations

import json
import types

import pytest

import paragraphs
from paragraphs import hookimpl
from paragraphs.dice import PhysicalDice, ScriptedDice, SeededDice
from paragraphs.errors import SaveError, UsageError
from paragraphs.records import Procedure
from paragraphs.state import CHECKPOINT_EVERY, SAVE_VERSION, load_state, save_state
from paragraphs.state.savefile import TAIL_ENTRIES, read_save_record

from helpers import engine_for


@pytest.fixture(scope="module")
def engine():
    return paragraphs.open_title("sample")


def play(engine, steps: int, seed: int = 5):
    """``steps`` trims of the wick (a d6 each); the states after each step."""
    state = engine.new_state()
    states = [state]
    for _ in range(steps):
        result = engine.perform("trim_wick", states[-1], args={"storm": 2}, dice=SeededDice(seed))
        assert result.done and result.label in ("steady", "gutters", "out")
        states.append(result.state)
    return states


def core(state) -> dict:
    return {k: v for k, v in state.to_json().items() if k != "journal"}


def test_perform_is_one_journaled_step_with_its_label(engine):
    state = engine.new_state()
    result = engine.perform("trim_wick", state, args={"storm": 2}, dice=ScriptedDice([6]))
    assert result.done and result.label == "out" and result.to_json()["label"] == "out"
    entry = result.state.journal[-1]
    assert entry["action"] == "perform" and entry["procedure"] == "trim_wick" and entry["args"] == {"storm": 2}
    assert entry["label"] == "out" and [r["value"] for r in entry["rolls"]] == [6]
    assert state.journal == []  # the caller's state is never changed


def test_perform_refuses_an_unknown_procedure_and_arguments_that_are_not_data(engine):
    with pytest.raises(UsageError, match="no procedure 'fly'.*trim_wick"):
        engine.perform("fly", engine.new_state())
    with pytest.raises(UsageError, match="JSON data"):
        engine.perform("trim_wick", engine.new_state(), args={"storm": object()})


class AskingPlugin:
    """A test plugin whose procedure asks a board question and keeps a board in ``extra``."""

    @hookimpl
    def paragraphs_register_procedures(self):
        def move(ctx, unit: str = "A") -> str:
            hexes = ctx.answer("hexes")
            board = ctx.state.extra.setdefault("board", {})
            board[unit] = board.get(unit, 0) + int(hexes) + ctx.roll("d6", "slip")
            return "moved"

        yield Procedure(id="move", title="t", function=move)


BOOK = """
questions:
  - {key: hexes, prompt: "How many hexes?", type: integer, min: 0, max: 4}
paragraphs:
  - id: "1"
    steps: [{say: start}]
"""


def test_perform_asks_like_resolve_and_keeps_the_title_board_in_the_state():
    engine = engine_for(BOOK, plugins=(AskingPlugin(),))
    state = engine.new_state()
    asked = engine.perform("move", state, args={"unit": "B"}, dice=PhysicalDice())
    assert asked.status == "needs_answers" and asked.questions[0].key == "hexes" and asked.state is state
    rolled = engine.perform("move", state, {"hexes": 2}, args={"unit": "B"}, dice=PhysicalDice())
    assert rolled.status == "needs_answers" and rolled.questions[0].key == "roll.1"
    done = engine.perform("move", state, {"hexes": 2}, args={"unit": "B"}, dice=ScriptedDice([3]))
    assert done.done and done.state.extra["board"] == {"B": 5}
    again = engine.perform("move", done.state, {"hexes": 1}, args={"unit": "B"}, dice=ScriptedDice([1]))
    third = engine.perform("move", again.state, {"hexes": 0}, args={"unit": "B"}, dice=ScriptedDice([2]))
    assert third.state.extra["board"] == {"B": 9}
    s = third.state.copy()
    assert engine.undo(s, 2) == 2  # replays step 1 from its checkpoint: the answers and faces it had
    assert s.extra["board"] == {"B": 5} and len(s.journal) == 1


def test_the_journal_keeps_inputs_and_a_checkpoint_every_n_steps(engine):
    states = play(engine, 2 * CHECKPOINT_EVERY + 10)
    journal = states[-1].journal
    with_snapshot = [e["step"] for e in journal if "before" in e]
    assert with_snapshot == [1, CHECKPOINT_EVERY + 1, 2 * CHECKPOINT_EVERY + 1, len(journal)]
    assert all("rng" in e and "rolls" in e and "args" in e for e in journal)


def test_a_resolution_shares_the_journal_instead_of_copying_it(engine):
    states = play(engine, 5)
    before, after = states[-2], states[-1]
    assert all(a is b for a, b in zip(after.journal[:-2], before.journal[:-2]))
    assert len(after.journal) == len(before.journal) + 1


@pytest.mark.parametrize("to_step", [1, 2, 30, CHECKPOINT_EVERY, CHECKPOINT_EVERY + 1, CHECKPOINT_EVERY + 7, 2 * CHECKPOINT_EVERY + 9])
def test_undo_replays_from_the_nearest_checkpoint_exactly(engine, to_step):
    states = play(engine, 2 * CHECKPOINT_EVERY + 10)
    s = states[-1].copy()
    undone = engine.undo(s, to_step)
    assert undone == len(states) - to_step
    assert core(s) == core(states[to_step - 1])
    assert s.journal == [{k: v for k, v in e.items() if k != "before"} | ({"before": e["before"]} if "before" in e else {}) for e in s.journal]
    # no die re-rolled: the next step rolls what step `to_step` rolled
    again = engine.perform("trim_wick", s, args={"storm": 2}, dice=SeededDice(5))
    assert again.label == states[to_step].journal[-1]["label"]
    assert again.rolls[0].value == states[to_step].journal[-1]["rolls"][0]["value"]
    if s.journal:
        assert "before" in s.journal[-1]  # a single undo after this one needs no replay
        s.undo()


def test_undo_replays_scripted_and_physical_dice_without_rolling(engine):
    state = engine.new_state()
    faces = [1, 4, 6, 2, 5, 3, 6, 1]
    states = [state]
    for face in faces:
        states.append(engine.perform("trim_wick", states[-1], args={"storm": 2}, dice=ScriptedDice([face])).state)
    s = states[-1].copy()
    engine.undo(s, 4)
    assert core(s) == core(states[3])


def test_undo_stops_in_one_line_when_a_step_no_longer_replays(engine):
    states = play(engine, 6)
    s = states[-1].copy()
    s.journal[2] = {**s.journal[2], "trail": ["99"]}  # as if the content had changed
    before = core(s)
    with pytest.raises(SaveError, match="step 3 does not replay") as err:
        engine.undo(s, 5)
    assert "\n" not in str(err.value) and core(s) == before


def test_set_and_event_steps_replay_too(engine):
    state = engine.new_state()
    before = state.snapshot()
    state.values["storm"] = 3
    state.record({"action": "set", "start": "set:storm", "value": 3, "trail": [], "rolls": []}, before)
    step2 = engine.perform("trim_wick", state, args={"storm": 3}, dice=SeededDice(2)).state
    step3 = engine.fire("dawn", step2, dice=SeededDice(2)).state
    step4 = engine.perform("trim_wick", step3, args={"storm": 1}, dice=SeededDice(2)).state
    s = step4.copy()
    engine.undo(s, 3)
    assert core(s) == core(step2)


def test_saving_appends_so_the_save_file_stays_small(engine, tmp_path):
    path = tmp_path / "game.json"
    state = engine.new_state()
    sizes = {}
    for n in range(1, 121):
        state = engine.perform("trim_wick", state, args={"storm": 2}, dice=SeededDice(4)).state
        save_state(state, path)
        sizes[n] = path.stat().st_size
    loaded = load_state(path)
    assert core(loaded) == core(state) and loaded.journal == state.journal
    assert sizes[120] < 1.5 * sizes[5]
    assert len(list(tmp_path.glob("game.json.*.journal"))) == 1


def test_a_session_saves_in_place_and_rewrites_whole_after_an_undo_or_a_full_tail(engine, tmp_path):
    path = tmp_path / "game.json"
    backup = tmp_path / "game.json.bak"
    state = engine.new_state()
    save_state(state, path)
    sizes = set()
    for _ in range(8):
        state = engine.perform("trim_wick", state, args={"storm": 2}, dice=SeededDice(1)).state
        save_state(state, path)
        sizes.add(path.stat().st_size)
    # step 1 was saved whole (it made the backup); steps 2-8 went in place, in the slot
    journal = next(tmp_path.glob("game.json.*.journal"))
    assert len(journal.read_bytes().splitlines()) == 1
    assert len(read_save_record(path)["journal"]["tail"]) == 7 and len(sizes) == 1
    assert load_state(path).journal == state.journal and len(load_state(backup).journal) == 0
    engine.undo(state, 4)
    save_state(state, path)  # after an undo: whole, the journal written afresh
    assert len(load_state(path).journal) == 3 and read_save_record(path)["journal"]["tail"] == []
    assert len(load_state(backup).journal) == 8  # the backup keeps its journal
    state = engine.perform("trim_wick", state, args={"storm": 2}, dice=SeededDice(1)).state
    save_state(state, path)
    # in place again: the backup stays the save before the last whole rewrite, with its journal
    assert len(load_state(path).journal) == 4 and len(load_state(backup).journal) == 8
    assert len(list(tmp_path.glob("game.json.*.journal"))) == 2
    for _ in range(TAIL_ENTRIES):
        state = engine.perform("trim_wick", state, args={"storm": 2}, dice=SeededDice(1)).state
        save_state(state, path)
    # one step more than a slot carries: the save was rewritten whole, the backup refreshed
    assert len(state.journal) == 4 + TAIL_ENTRIES
    assert len(load_state(backup).journal) == 3 + TAIL_ENTRIES and read_save_record(path)["journal"]["tail"] == []
    assert load_state(path).journal == state.journal
    assert len(list(tmp_path.glob("game.json.*.journal"))) == 1  # the one of 8 steps is gone


def test_undo_after_reloading_saves_made_in_place_is_exact(engine, tmp_path):
    # 120 steps, each saved (whole or in place, the steps past the journal file in the
    # slot), then loaded back: every undo gives exactly the state that step started from.
    path = tmp_path / "game.json"
    states = [engine.new_state()]
    save_state(states[0], path)
    tails = set()
    for _ in range(120):
        states.append(engine.perform("trim_wick", states[-1], args={"storm": 2}, dice=SeededDice(5)).state)
        save_state(states[-1], path)
        tails.add(len(read_save_record(path)["journal"]["tail"]))
    assert tails == set(range(TAIL_ENTRIES + 1))  # in place, and whole once a slot is full
    for to_step in (1, 2, 49, 50, 51, 89, 100, 118, 120):
        loaded = load_state(path)
        assert loaded.journal == states[-1].journal
        engine.undo(loaded, to_step)
        assert core(loaded) == core(states[to_step - 1]) and len(loaded.journal) == to_step - 1


def test_version_2_saves_are_migrated_and_undo_still_works(engine, tmp_path):
    states = play(engine, 4)
    old_journal = []
    for i, s in enumerate(states[1:], 1):
        entry = {k: v for k, v in s.journal[-1].items() if k not in ("before", "rng")}
        entry["before"] = core(states[i - 1])  # version 2 kept a snapshot on every entry
        old_journal.append(entry)
    body = core(states[-1]) | {"journal": old_journal, "sightings": {"u3": {"observer": "i1", "paragraph": "4"}}}
    for e in body["journal"]:
        e["before"]["sightings"] = {"u3": {"observer": "i1"}}
    path = tmp_path / "old.json"
    path.write_text(json.dumps({"format": "paragraphs-save", "version": 2, "title": "sample", "state": body}))
    s = load_state(path)
    assert s.sightings == {"u3": {"by": {"i1": {"paragraph": "4"}}}}
    assert s.has_sighting("u3", "i1") and not s.has_sighting("u3", "i2")
    assert [e["rng"] for e in s.journal] == [st.rng for st in states[1:]]
    save_state(s, path)
    assert read_save_record(path)["version"] == SAVE_VERSION
    s = load_state(path)
    assert engine.undo(s, 2) == 3 and s.rng == states[1].rng


def test_state_undo_alone_undoes_the_last_step_and_points_to_the_engine_for_more(engine):
    states = play(engine, 5)
    s = states[-1].copy()
    assert s.undo() == 1 and core(s) == core(states[4])
    with pytest.raises(SaveError, match="Engine.undo"):
        s.undo(2)


def test_the_module_paths_of_the_state_keep_working():
    import paragraphs.state as st

    assert isinstance(st, types.ModuleType)
    assert st.State is paragraphs.State and st.save_state is paragraphs.save_state
