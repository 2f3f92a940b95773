"""The session object every front end drives (terminal, ``--json``, tests): one code path."""

from __future__ import annotations

import json

from paragraphs import hookimpl
from paragraphs.records import Procedure, SessionVerb, VerbArgument
from paragraphs.session import Session, list_sessions, words_for
from paragraphs.state import load_state

from helpers import engine_for

BOOK = """
paragraphs:
  - id: "1"
    steps:
      - roll: {die: d6, purpose: "the first die", odd: [{say: "first odd"}], even: [{say: "first even"}]}
      - if:
          test: {ask: {key: go_on, prompt: "Is the bridge still standing?"}}
          then: [{say: "you cross"}]
          else: [{say: "you wait"}]
      - roll: {die: d6, purpose: "the second die", odd: [{say: "second odd"}], even: [{say: "second even"}]}
  - id: "T7"
    steps:
      - say: "the tunnel"
      - hook: {id: dusk-hook, event: dusk, note: "at dusk read 1", do: [{say: "dusk came"}]}
"""


def test_physical_dice_typed_before_a_question_are_kept_and_never_asked_again():
    session = Session(engine_for(BOOK), engine_for(BOOK).new_state(), dice="physical")
    asked = []
    reply = session.send("1")
    while reply.question is not None:
        asked.append(reply.question.key)
        answer = {"roll.1": "3", "go_on": "no", "roll.2": "4"}[reply.question.key]
        reply = session.send(answer)
    assert asked == ["roll.1", "go_on", "roll.2"]  # each die once, the first never again
    assert reply.kind == "step"
    assert [line for line in reply.lines if not line.startswith(("Paragraphs", "  rolled"))] == ["first odd", "you wait", "second even"]
    (entry,) = session.state.journal
    assert [r["value"] for r in entry["rolls"]] == [3, 4] and {r["source"] for r in entry["rolls"]} == {"physical"}


def test_a_die_prompt_refuses_a_face_the_die_has_not_and_says_what_it_wants():
    session = Session(engine_for(BOOK), engine_for(BOOK).new_state(), dice="physical")
    session.send("1")
    reply = session.send("7")
    assert reply.kind == "error" and "1-6" in reply.text and reply.question.key == "roll.1"
    reply = session.send("yes please")
    assert reply.kind == "error" and reply.question.key == "roll.1"


def test_words_at_a_question_are_commands_not_answers():
    engine = engine_for(BOOK)
    session = Session(engine, engine.new_state(), dice="physical")
    session.send("1")
    session.send("2")
    assert session.send("sheet").question.key == "go_on"
    assert session.send("help").question.key == "go_on"
    reply = session.send("cancel")
    assert reply.kind == "info" and session.question is None and session.state.journal == []
    session.send("1")
    assert session.send("back").kind == "info" and session.question is None


def test_bad_commands_are_one_line_errors_that_change_nothing():
    engine = engine_for(BOOK)
    session = Session(engine, engine.new_state())
    for line, expected in [
        ("undo abc", "step number"),
        ("undo", "nothing to undo"),
        ("event", "no event is awaited"),
        ("set", "set needs a name"),
        ("set nosuch 3", "no value 'nosuch'"),
        ("frobnicate", "unknown command"),
        ("99", "no paragraph 99"),
        ("1 nokey", "key=value"),
    ]:
        reply = session.send(line)
        assert reply.kind == "error" and expected in reply.text, (line, reply.text)
        assert len(reply.lines) == 1
    assert session.state.journal == []


def test_events_are_checked_against_what_is_armed_and_t_ids_are_found_lowercase():
    engine = engine_for(BOOK)
    session = Session(engine, engine.new_state())
    assert session.send("t7").kind == "step"  # T7 typed as t7
    assert session.send("7").kind == "step"  # and as 7
    reply = session.send("event dawn")
    assert reply.kind == "error" and "dusk" in reply.text
    assert "dusk came" in session.send("event dusk").text
    last, *rest = session.recap().splitlines()
    assert "did: no longer armed: when dusk (T7)" in last  # the last step says what it did
    assert not any("armed" in line for line in rest)


def test_dice_mode_is_kept_by_the_session_and_a_switch_is_logged(tmp_path):
    engine = engine_for(BOOK)
    path = tmp_path / "s.json"
    first = Session(engine, engine.new_state(), path=path, dice="physical")
    first.save()
    again = Session(engine, load_state(path), path=path)
    assert again.dice_mode == "physical" and not again.notices
    switched = Session(engine, load_state(path), path=path, dice="seeded")
    assert switched.dice_mode == "seeded" and "physical to seeded" in switched.notices[0]
    assert "physical to seeded" in switched.log()


def test_vp_lines_keep_their_reasons_and_set_vp_adds_no_second_line():
    engine = engine_for(BOOK)
    session = Session(engine, engine.new_state())
    session.send("vp +2 truck destroyed")
    session.send("set vp 4")
    assert session.state.counters["vp"] == 4
    sheet = session.sheet()
    assert sheet.count("VP: 4") == 1 and "+2  truck destroyed" in sheet and "+2  set to 4 by the player" in sheet
    assert session.send("vp lots").kind == "error"


def test_title_verbs_are_performed_as_journaled_undoable_steps():
    class Coin:
        @hookimpl
        def paragraphs_register_procedures(self):
            def flip(ctx, call):
                face = ctx.roll("d6", f"flip for {call}")
                return "won" if (face % 2 == 1) == (call == "odd") else "lost"

            yield Procedure(id="flip", title=None, function=flip)

        @hookimpl
        def paragraphs_register_session_verbs(self):
            yield SessionVerb(id="flip", title=None, help="flip a coin", procedure="flip", arguments=(VerbArgument("call", "odd or even", "choice", ("odd", "even")),))

    engine = engine_for(BOOK, plugins=(Coin(),))
    session = Session(engine, engine.new_state(), dice="physical")
    assert "flip <call>" in session.send("help").text
    assert "must be one of odd, even" in session.send("flip heads").text
    reply = session.send("flip odd")
    assert reply.question.kind == "die" and "flip for odd" in reply.question.text
    reply = session.send("5")
    assert reply.kind == "step" and "won" in reply.text
    assert json.loads(json.dumps(reply.to_json()))["step"]["rolls"][0]["value"] == 5
    assert "flip" in session.log()
    session.send("undo")
    assert session.state.journal == []


def test_end_of_input_at_a_question_drops_the_step_and_keeps_the_session(tmp_path):
    engine = engine_for(BOOK)
    path = tmp_path / "s.json"
    session = Session(engine, engine.new_state(), path=path, dice="physical")
    session.send("t7")
    session.send("1")
    reply = session.end_of_input()
    assert reply.kind == "quit" and "dropped" in reply.text
    assert len(load_state(path).journal) == 1


def test_sessions_are_listed_from_the_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("PARAGRAPHS_DATA_DIR", str(tmp_path))
    engine = engine_for(BOOK)
    session = Session(engine, engine.new_state(), path=tmp_path / "sessions" / "t-evening.json")
    session.send("t7")
    (found,) = list_sessions()
    assert found["name"] == "evening" and found["steps"] == 1


def test_values_read_as_words():
    assert words_for(True) == "yes" and words_for(["a", 1]) == "a, 1" and words_for({"hex": "E-3", "x": None}) == "hex E-3"


def test_undo_replays_the_players_own_sheet_changes():
    engine = engine_for(BOOK)
    session = Session(engine, engine.new_state(), dice="physical")
    session.send("vp +2 bridge held")
    session.send("set level 4")
    session.send("t7")
    session.send("vp +1 flag taken")
    assert session.send("undo 3").kind == "step"
    assert session.state.counters["vp"] == 2 and session.state.values["level"] == 4 and len(session.state.journal) == 2


def test_odds_of_a_title_verb_are_those_of_its_procedure_on_the_session_state():
    class Rifle:
        @hookimpl
        def paragraphs_register_procedures(self):
            def fire(ctx, target, range=None):
                range = range or 1  # an optional argument not typed comes as None
                # a target the shooter has seen is hit on 1-4 of a d6, else only on a 1
                need = 4 if ctx.state.has_sighting(target) else 1
                if ctx.answer("cover"):
                    need -= 1
                return "hit" if ctx.roll("d6", f"fire at {target}") <= need - (range - 1) else "miss"

            yield Procedure(id="fire", title=None, function=fire)

        @hookimpl
        def paragraphs_register_session_verbs(self):
            arguments = (VerbArgument("target", "whom to fire at"), VerbArgument("range", "hexes away", "integer", optional=True))
            yield SessionVerb(id="fire", title=None, help="fire the rifle", procedure="fire", arguments=arguments)

    book = BOOK + """
  - id: "5"
    steps: [{mark_sighting: U3}]
sightings: [{id: U3}]
questions:
  - {key: cover, prompt: "Is the target in cover?", type: yesno}
"""
    engine = engine_for(book, plugins=(Rifle(),))
    session = Session(engine, engine.new_state())
    unseen = session.send("odds fire U3 cover=no")
    assert unseen.kind == "info" and "1/6" in unseen.text and "5/6" in unseen.text and "hit" in unseen.text
    assert session.send("5").kind == "step"
    seen = session.send("odds fire U3 cover=no")
    assert "2/3" in seen.text and "1/3" in seen.text
    # the verb's own arguments as typed, answers left open split the outcomes
    assert "1/2" in session.send("odds fire U3 2 cover=no").text
    both = session.send("odds fire U3").text
    assert "cover" in both.lower() and "2/3" in both and "1/2" in both
    # nothing of it was kept: odds perform nothing
    assert len(session.state.journal) == 1
    assert "fire needs target" in session.send("odds fire").text
    assert "must be a whole number" in session.send("odds fire U3 far").text


TABLE_BOOK = """
tables:
  - id: hits
    name: Hits table
    die: d10
    rows:
      - {range: "0-6", result: miss}
      - {range: "7-8", result: passenger hit}
      - {range: "9", result: driver hit}
paragraphs:
  - id: "1"
    steps:
      - roll: {die: d10, table: hits, purpose: "the hit"}
      - roll:
          die: d10
          purpose: "the escape"
          ranges:
            "0-4": [{goto: "2"}]
            "5-9": [{say: "away"}]
  - id: "2"
    steps: [{say: "caught"}]
"""


def test_a_table_roll_and_a_plain_roll_say_what_they_meant_without_naming_what_is_ahead():
    engine = engine_for(TABLE_BOOK)
    session = Session(engine, engine.new_state(), dice="physical")
    reply = session.send("1")
    reply = session.send("7")
    reply = session.send("2")
    rolled = [line for line in reply.lines if "rolled" in line]
    assert "7 (your die) for the hit on Hits table: row 7-8: passenger hit" in rolled[0]
    assert rolled[1].endswith("for the escape: row 0-4")  # the paragraph ahead is not named
    (entry,) = session.state.journal
    assert [r.get("meaning") for r in entry["rolls"]] == ["row 7-8: passenger hit", "row 0-4"]


def test_log_lists_the_answers_and_what_each_step_changed():
    engine = engine_for(BOOK)
    session = Session(engine, engine.new_state(), dice="physical")
    for line in ["1", "3", "no", "4", "T7"]:
        session.send(line)
    log = session.log()
    first, second = log.splitlines()
    assert "answers: Is the bridge still standing? no" in first and "dice: d6 3 (odd), d6 4 (even)" in first
    assert "did: armed when dusk (T7): at dusk read 1" in second
    assert session.log_data()[1]["did"] == ["armed when dusk (T7): at dusk read 1"]


def test_help_of_a_title_without_paragraphs_offers_no_paragraph_to_read():
    class Coin:
        @hookimpl
        def paragraphs_register_procedures(self):
            yield Procedure(id="flip", title=None, function=lambda ctx, call: "won")

        @hookimpl
        def paragraphs_register_session_verbs(self):
            yield SessionVerb(id="flip", title=None, help="flip a coin", procedure="flip", arguments=(VerbArgument("call", "odd or even", "choice", ("odd", "even")),))

    engine = engine_for(BOOK, plugins=(Coin(),))
    assert "<paragraph>" in Session(engine, engine.new_state()).send("help").text
    engine = engine_for("paragraphs: []\n", plugins=(Coin(),))
    text = Session(engine, engine.new_state()).send("help").text
    assert "<paragraph>" not in text and "T358" not in text
    assert "odds <command> [arguments] [key=value ...]     exact odds of what a title command would do" in text
    assert "flip <call>" in text and "cells [export DIR]" in text and "overlay (DIR/cells.yaml)" in text


OBSERVED = """
paragraphs:
  - {id: "1", steps: [{mark_sighting: {id: U3, observer: I1, lapses: bookkeeping}}]}
  - {id: "2", steps: [{mark_sighting: {id: U3, observer: I2}}]}
  - {id: "3", steps: [{clear_sighting: {id: U3, observer: I1, reason: "it ducked behind the hedge"}}]}
"""


def test_log_says_when_a_sighting_gains_or_loses_an_observer():
    # the log once said nothing for 2 and 3: only a sighting new to the sheet counted,
    # though the sheet went from "U3 (by I1)" to "U3 (by I1, I2)" and then "U3 (by I2)"
    engine = engine_for(OBSERVED)
    session = Session(engine, engine.new_state())
    for line in ("1", "2", "3"):
        assert session.send(line).kind == "step"
    assert [entry["did"] for entry in session.log_data()] == [["marked U3 (by I1)"], ["marked U3 (by I1, I2)"], ["U3 no longer held by I1"]]


def test_a_line_of_bytes_that_are_not_utf8_changes_nothing_and_the_session_still_saves(tmp_path):
    # found by the eyes pass: "vp +1 caf\xe9" from a Latin-1 terminal reached the session as a
    # lone surrogate; the step was kept in memory, its save failed ("cannot save: ... surrogates
    # not allowed"), and so did every later save: quitting lost the whole game since
    path = tmp_path / "s.json"
    engine = engine_for(BOOK)
    session = Session(engine, engine.new_state(), path=path)
    reply = session.send("vp +1 caf\udce9")
    assert reply.kind == "error" and "not UTF-8" in reply.text and not session.state.journal
    assert session.send("vp +2 fine").kind != "error"
    assert [e.get("reason") for e in load_state(path).journal] == ["fine"]


def _help_commands(session: Session) -> set[str]:
    """The commands ``help`` names (an entry's first word; a title's own are listed too)."""
    return {line.split()[0] for line in session.send("help").lines if line.startswith("  ") and not line.startswith("   ")}


def test_help_names_only_the_commands_the_session_accepts():
    """A title of commands only, with no track, counter, hook or sighting, once read in its
    help the paper book's event, events, set and vp, and was refused each of them."""

    class Coin:
        @hookimpl
        def paragraphs_register_procedures(self):
            yield Procedure(id="flip", title=None, function=lambda ctx, call: "won")

        @hookimpl
        def paragraphs_register_session_verbs(self):
            yield SessionVerb(id="flip", title=None, help="flip a coin", procedure="flip", arguments=(VerbArgument("call", "odd or even", "choice", ("odd", "even")),))

    from paragraphs.engine import Engine

    from helpers import compile_text

    # no header: the test book's VP counter and track would give set and vp something to do
    compiled, host = compile_text("title: {id: t, name: Coin}\nparagraphs: []\n", plugins=(Coin(),), header=False)
    assert not compiled.errors, [p.format() for p in compiled.errors]
    engine = Engine(compiled.book, host)
    session = Session(engine, engine.new_state())
    named = _help_commands(session)
    assert named == {"sheet", "log", "undo", "odds", "luck", "recap", "cells", "help", "quit", "flip"}, named
    for word in ("event", "events", "set", "vp"):
        reply = session.send(f"{word} x 1")
        assert reply.kind == "error" and "help" in reply.text, (word, reply.text)
    unknown = session.send("frobnicate").text
    assert "recap" in unknown and not any(f" {w}," in unknown or unknown.endswith(f" {w}") for w in ("event", "events", "set", "vp")), unknown


def test_help_of_a_paper_book_names_every_command_and_each_is_accepted():
    engine = engine_for(BOOK)  # the test header declares a VP counter and a track
    session = Session(engine, engine.new_state())
    named = _help_commands(session)
    assert named == {"<paragraph>", "event", "events", "set", "vp", "sheet", "log", "undo", "odds", "luck", "recap", "cells", "help", "quit"}, named
    for word in named - {"<paragraph>", "quit", "odds"}:
        reply = session.send(word)
        assert "unknown command" not in reply.text and "keeps no" not in reply.text and "nothing in it" not in reply.text, (word, reply.text)


def test_save_and_load_say_the_session_is_saved_after_every_step(tmp_path):
    # before: "unknown command 'save'", as if the game could be lost without it
    engine = engine_for(BOOK)
    session = Session(engine, engine.new_state(), path=tmp_path / "s.json")
    for word in ("save", "load", "SAVE"):
        reply = session.send(word)
        assert reply.kind == "error" and "unknown command" not in reply.text, reply.text
        assert f"the session is saved in {tmp_path / 's.json'} after every step" in reply.text
        assert "--session NAME" in reply.text and len(reply.text.splitlines()) == 1
