"""The interpreter's semantics, each on a small inline book."""

from __future__ import annotations

import pytest

from paragraphs import hookimpl
from paragraphs.dice import ScriptedDice, SeededDice
from paragraphs.errors import CycleError, ResolutionError
from paragraphs.records import StepKind

from helpers import engine_for

CALLS = """
paragraphs:
  - id: "1"
    steps:
      - say: one-before
      - see: "2"
      - say: one-after
  - id: "2"
    steps:
      - say: two
      - goto: "3"
      - say: never shown
  - id: "3"
    steps: [{say: three}]
"""


def texts(result):
    return [i.text for i in result.instructions]


def test_see_returns_and_goto_abandons_the_rest():
    engine = engine_for(CALLS)
    r = engine.resolve("1")
    assert r.status == "done"
    assert r.trail == ["1", "2", "3"]
    assert texts(r) == ["one-before", "two", "three", "one-after"]
    assert [i.paragraph for i in r.instructions] == ["1", "2", "3", "1"]


def test_first_of_takes_the_first_branch_that_holds():
    engine = engine_for(
        """
        paragraphs:
          - id: "1"
            steps:
              - first_of:
                  - when: {sighting: a}
                    do: [{say: first}]
                  - when: {not: {sighting: b}}
                    do: [{say: second}]
                  - when: true
                    do: [{say: third}]
          - id: "9"
            marks: [a, b]
            steps: []
        """
    )
    assert texts(engine.resolve("1")) == ["second"]
    state = engine.resolve("9").state
    assert texts(engine.resolve("1", state)) == ["first"]


def test_read_counts_include_the_current_reading():
    engine = engine_for(
        """
        paragraphs:
          - id: "1"
            steps:
              - first_of:
                  - when: {times_read: {eq: 1}}
                    do: [{say: first time}]
                  - when: {times_read: {eq: 2}}
                    do: [{say: second time}]
                  - when: {times_read: {gte: 3}}
                    do: [{counter: {name: vp, add: -1, reason: dawdling}}]
        """
    )
    state = engine.new_state()
    seen = []
    for _ in range(4):
        r = engine.resolve("1", state)
        seen.append(texts(r)[0])
        state = r.state
    assert seen == ["first time", "second time", "VP -1 (dawdling)", "VP -1 (dawdling)"]
    assert state.counters["vp"] == -2
    assert state.read_counts["1"] == 4
    assert [e["reason"] for e in state.ledger] == ["dawdling", "dawdling"]


def test_retired_paragraph_reads_as_no_event_and_retirement_waits_for_the_effect():
    engine = engine_for(
        """
        paragraphs:
          - id: "1"
            steps:
              - roll:
                  die: d10
                  ranges:
                    "0-4": [{say: nothing happens}]
                    "5-9": [{counter: {name: vp, add: 1, reason: found it}}, {ignore_further: self}]
        """
    )
    state = engine.new_state()
    r = engine.resolve("1", state, dice=ScriptedDice([2]))
    assert r.state.retired == []  # the effect did not happen: still live
    r = engine.resolve("1", r.state, dice=ScriptedDice([7]))
    assert r.state.retired == ["1"]
    r = engine.resolve("1", r.state, dice=ScriptedDice([]))
    assert r.status == "done" and [i.kind for i in r.instructions] == ["no_event"]
    assert r.rolls == [] and r.state.counters["vp"] == 1
    assert r.state.read_counts["1"] == 2  # a retired paragraph is not read


def test_reentry_is_bounded_and_the_error_names_the_cycle():
    engine = engine_for(
        """
        paragraphs:
          - id: "1"
            steps: [{see: "2"}]
          - id: "2"
            steps: [{see: "3"}]
          - id: "3"
            steps: [{see: "1"}]
        """
    )
    with pytest.raises(CycleError) as err:
        engine.resolve("1")
    assert err.value.cycle == ["1", "2", "3", "1", "2", "3", "1"]
    assert "1 -> 2 -> 3 -> 1" in str(err.value)


def test_goto_loop_without_exit_is_bounded():
    engine = engine_for(
        """
        paragraphs:
          - id: "1"
            steps: [{goto: "2"}]
          - id: "2"
            steps: [{goto: "1"}]
        """,
        max_entries=50,
    )
    with pytest.raises(CycleError) as err:
        engine.resolve("1")
    assert err.value.cycle[0] == err.value.cycle[-1]


def test_a_cycle_with_a_sighting_exit_runs_once_round():
    engine = engine_for(
        """
        paragraphs:
          - id: "1"
            marks: [a]
            steps:
              - if: {test: {not: {sighting: b}}, then: [{see: "2"}]}
          - id: "2"
            marks: [b]
            steps:
              - if: {test: {not: {sighting: a}}, then: [{see: "1"}]}
        """
    )
    assert engine.resolve("1").trail == ["1", "2"]
    assert engine.resolve("2").trail == ["2", "1"]


class Exploding:
    @hookimpl
    def paragraphs_register_steps(self):
        def run(ctx, step):
            ctx.state.counters["vp"] = 99
            ctx.state.sightings["late"] = {}
            raise RuntimeError("plugin bug")

        yield StepKind(id="explode", title=None, schema={"type": "null"}, run=run)


def test_a_failed_resolution_leaves_the_state_exactly_as_before():
    engine = engine_for(
        """
        paragraphs:
          - id: "1"
            marks: [early]
            steps:
              - counter: {name: vp, add: 5, reason: before the bug}
              - roll: {die: d6, ranges: {"1-6": []}}
              - explode: null
        """,
        plugins=(Exploding(),),
    )
    state = engine.resolve("1", engine.new_state(), dice=ScriptedDice([])).state  # needs a roll: nothing kept
    state = engine.new_state()
    state.rng = {"seed": 5, "position": 3}
    before = state.to_json()
    with pytest.raises(ResolutionError) as err:
        engine.resolve("1", state, dice=SeededDice(1))
    assert "plugin bug" in str(err.value)
    assert state.to_json() == before


def test_needs_answers_keeps_nothing_and_uses_no_die():
    engine = engine_for(
        """
        paragraphs:
          - id: "1"
            marks: [seen]
            steps:
              - roll: {die: d10, store: first}
              - if:
                  test: {ask: {key: bridge, prompt: "Is the bridge up?"}}
                  then: [{counter: {name: vp, add: 1, reason: crossed}}]
        """
    )
    state = engine.new_state()
    state.rng = {"seed": 7, "position": 0}
    r = engine.resolve("1", state, dice=SeededDice(7))
    assert r.status == "needs_answers"
    assert [q.key for q in r.questions] == ["bridge"]
    assert r.state is state and state.rng == {"seed": 7, "position": 0} and not state.sightings
    done = engine.resolve("1", state, {"bridge": "yes"}, dice=SeededDice(7))
    assert done.status == "done" and done.state.counters["vp"] == 1
    again = engine.resolve("1", state, {"bridge": "no"}, dice=SeededDice(7))
    assert again.rolls[0].value == done.rolls[0].value  # the same die, not a new one


def test_scripted_dice_are_consumed_only_by_kept_resolutions():
    engine = engine_for(
        """
        paragraphs:
          - id: "1"
            steps:
              - roll: {die: d6, store: a}
              - if: {test: {ask: {key: go, prompt: "Go?"}}, then: [{roll: {die: d6, store: b}}]}
        """
    )
    dice = ScriptedDice([3, 4, 5])
    r = engine.resolve("1", dice=dice)
    assert r.status == "needs_answers" and dice.used == 0
    r = engine.resolve("1", answers={"go": True}, dice=dice)
    assert r.state.values == {"a": 3, "b": 4} and dice.used == 2
    r = engine.resolve("1", answers={"go": True}, dice=dice)
    assert r.status == "needs_answers" and r.questions[0].key == "roll.2" and r.questions[0].max == 6


def test_exact_outcome_and_comparisons():
    engine = engine_for(
        """
        paragraphs:
          - id: "1"
            steps:
              - check:
                  kind: target
                  die: d10
                  target: {ask: {key: pc, prompt: PC, type: integer, min: 0, max: 9}}
                  modifier: 1
                  success: [{say: ok}]
                  exact: [{say: exactly}]
                  failure: [{say: failed}]
          - id: "2"
            steps:
              - check: {kind: target, die: d6, target: 4, compare: over, success: [{say: over}], failure: [{say: not over}]}
        """
    )
    assert texts(engine.resolve("1", answers={"pc": 5}, dice=ScriptedDice([4]))) == ["exactly"]  # 4+1 == 5
    assert texts(engine.resolve("1", answers={"pc": 5}, dice=ScriptedDice([3]))) == ["ok"]
    assert texts(engine.resolve("1", answers={"pc": 5}, dice=ScriptedDice([5]))) == ["failed"]
    assert texts(engine.resolve("2", dice=ScriptedDice([4]))) == ["not over"]
    assert texts(engine.resolve("2", dice=ScriptedDice([5]))) == ["over"]


def test_group_checks_any_and_all():
    book = """
        paragraphs:
          - id: "1"
            steps:
              - check:
                  kind: target
                  target: {ask: {key: pc, prompt: PC, type: integer, min: 0, max: 9}}
                  group: {subjects: 3, aggregate: AGG}
                  success: [{say: yes}]
                  failure: [{say: no}]
    """
    any_engine = engine_for(book.replace("AGG", "any"))
    all_engine = engine_for(book.replace("AGG", "all"))
    answers = {"pc.1": 2, "pc.2": 5, "pc.3": 9}
    dice = [4, 4, 4]  # fails, succeeds, succeeds
    r = any_engine.resolve("1", answers=answers, dice=ScriptedDice(dice))
    assert texts(r) == ["yes"] and len(r.rolls) == 3
    assert texts(all_engine.resolve("1", answers=answers, dice=ScriptedDice(dice))) == ["no"]
    missing = any_engine.resolve("1", answers={"pc.1": 2}, dice=ScriptedDice(dice))
    assert missing.status == "needs_answers" and missing.questions[0].key == "pc.2"


def test_opposed_check_with_ties():
    book = """
        paragraphs:
          - id: "1"
            steps:
              - check:
                  kind: opposed
                  attack: {value: 6, die: d6}
                  defence: {value: {ask: {key: defence, prompt: D, type: integer, min: 0, max: 20}}, die: d6}
                  ties: TIES
                  attacker_wins: [{say: defender hit}]
                  defender_wins: [{say: attacker hit}]
    """
    eng = engine_for(book.replace("TIES", "attacker"))
    # The British combat example of Raid sur Bruneval: 6+4 = 10 against 6+3 = 9.
    assert texts(eng.resolve("1", answers={"defence": 6}, dice=ScriptedDice([4, 3]))) == ["defender hit"]
    assert texts(eng.resolve("1", answers={"defence": 7}, dice=ScriptedDice([4, 3]))) == ["defender hit"]  # tie
    eng2 = engine_for(book.replace("TIES", "defender"))
    assert texts(eng2.resolve("1", answers={"defence": 7}, dice=ScriptedDice([4, 3]))) == ["attacker hit"]


def test_rolls_with_modifiers_parity_reroll_tables_and_match():
    engine = engine_for(
        """
        tables:
          - id: weather
            name: Weather
            die: d6
            rows:
              - {range: "1-3", result: rain}
              - {range: "4-6", result: fog}
        paragraphs:
          - id: "1"
            steps:
              - roll:
                  die: d10
                  modifier: 2
                  ranges:
                    "<=3": [{say: low}]
                    "4-9": [{say: mid}]
                    "10+": [{say: high}]
          - id: "2"
            steps:
              - roll: {die: d10, odd: [{say: odd}], even: [{say: even}]}
          - id: "3"
            steps:
              - roll:
                  die: d10
                  ranges:
                    "0-4": [{say: kept}]
                    "5-9": {reroll: true}
          - id: "4"
            steps:
              - roll: {die: d6, table: weather, store: weather}
          - id: "5"
            steps:
              - match:
                  value: {value: level}
                  ranges: {"0-2": [{say: calm}], "3-6": [{say: alarm}]}
        """
    )
    assert texts(engine.resolve("1", dice=ScriptedDice([1]))) == ["low"]
    assert texts(engine.resolve("1", dice=ScriptedDice([8]))) == ["high"]
    r = engine.resolve("1", dice=ScriptedDice([5]))
    assert texts(r) == ["mid"] and (r.rolls[0].value, r.rolls[0].total) == (5, 7)
    assert texts(engine.resolve("2", dice=ScriptedDice([7]))) == ["odd"]
    r = engine.resolve("3", dice=ScriptedDice([9, 6, 2]))
    assert texts(r) == ["kept"] and [x.value for x in r.rolls] == [9, 6, 2]
    r = engine.resolve("4", dice=ScriptedDice([5]))
    assert texts(r) == ["Weather: fog"] and r.state.values["weather"] == "fog"
    assert engine.resolve("5").status == "needs_answers"
    assert texts(engine.resolve("5", answers={"level": 4})) == ["alarm"]


def test_choice_ask_store_set_and_counters_with_per():
    engine = engine_for(
        """
        paragraphs:
          - id: "1"
            steps:
              - ask: {key: boats, prompt: "How many boats?", type: integer, min: 0, max: 4, store: boats}
              - counter: {name: vp, add: 2, per: {value: boats}, reason: boats saved}
              - set: {mood: grim}
              - choice:
                  key: path
                  prompt: Which way?
                  options:
                    - {id: left, label: The cliff path, do: [{say: cliff}]}
                    - {id: right, label: The beach, do: [{say: beach}]}
        """
    )
    r = engine.resolve("1", answers={"boats": "3", "path": "right"})
    assert r.state.values["boats"] == 3 and r.state.values["mood"] == "grim"
    assert r.state.counters["vp"] == 6 and r.state.ledger[-1]["reason"] == "boats saved"
    assert texts(r)[-1] == "beach"
    with pytest.raises(Exception) as err:
        engine.resolve("1", answers={"boats": "3", "path": "up"})
    assert "left, right" in str(err.value)


def test_passed_values_reach_the_callee():
    engine = engine_for(
        """
        paragraphs:
          - id: "1"
            steps: [{see: {to: "3", with: {advantage: us}}}]
          - id: "2"
            steps: [{see: "3"}]
          - id: "3"
            steps:
              - first_of:
                  - when: {value: {name: advantage, eq: us}}
                    do: [{say: us first}]
                  - when: true
                    do: [{say: rules decide}]
        """
    )
    assert texts(engine.resolve("1")) == ["us first"]
    assert texts(engine.resolve("2")) == ["rules decide"]


def test_sightings_with_observer_revealed_and_lapse_on_event():
    engine = engine_for(
        """
        paragraphs:
          - id: "1"
            steps:
              - mark_sighting: {id: sniper, observer: scout, revealed: "the church tower", lapses: end_of_turn}
          - id: "2"
            steps:
              - first_of:
                  - when: {sighting: {id: sniper, observer: scout}}
                    do: [{say: scout sees him}]
                  - when: {sighting: sniper}
                    do: [{say: someone sees him}]
                  - when: true
                    do: [{say: nobody sees him}]
          - id: "3"
            steps:
              - if: {test: {sighting: {id: sniper, observer: medic}}, then: [{say: medic sees him}], else: [{say: medic sees nothing}]}
        """
    )
    state = engine.resolve("1").state
    assert state.sightings["sniper"]["by"]["scout"]["revealed"] == "the church tower"
    assert state.observers("sniper") == ["scout"]
    assert texts(engine.resolve("2", state)) == ["scout sees him"]
    assert texts(engine.resolve("3", state)) == ["medic sees nothing"]
    assert engine.armed_events(state) == ["end_of_turn"]
    after = engine.fire("end_of_turn", state).state
    assert after.sightings == {}
    assert texts(engine.resolve("2", after)) == ["nobody sees him"]


def test_hooks_arm_now_and_fire_later_once():
    engine = engine_for(
        """
        paragraphs:
          - id: "1"
            steps:
              - hook:
                  event: dawn
                  replaces: random_event_check
                  note: At dawn, read 2.
                  do: [{see: "2"}]
          - id: "2"
            steps: [{counter: {name: vp, add: 1, reason: dawn came}}]
        """
    )
    state = engine.resolve("1").state
    assert [h["event"] for h in state.hooks] == ["dawn"]
    fired = engine.fire("dawn", state)
    assert fired.trail == ["2"] and fired.state.counters["vp"] == 1 and fired.state.hooks == []
    assert "Instead of the random event check:" in texts(fired)[0]
    assert engine.fire("dawn", fired.state).trail == []


def test_paragraph_ids_are_strings_and_tunnel_ids_are_found_by_number():
    engine = engine_for(
        """
        paragraphs:
          - id: "T358"
            steps: [{say: tunnel}]
          - id: "105"
            steps: [{say: plain}]
        """
    )
    assert engine.resolve("358").trail == ["T358"]
    assert engine.resolve(105).trail == ["105"]
    from paragraphs.errors import UnknownParagraph

    with pytest.raises(UnknownParagraph):
        engine.resolve("999")


def test_the_journal_records_each_resolution_and_undo_restores_the_prng():
    engine = engine_for(
        """
        paragraphs:
          - id: "1"
            steps: [{roll: {die: d100, store: r}}]
        """
    )
    state = engine.new_state()
    first = engine.resolve("1", state, dice=SeededDice(11))
    second = engine.resolve("1", first.state, dice=SeededDice(11))
    assert [e["step"] for e in second.state.journal] == [1, 2]
    assert second.state.rng["position"] > first.state.rng["position"]
    rewound = second.state.copy()
    assert rewound.undo() == 1
    assert rewound.rng == first.state.rng and rewound.values == first.state.values
    replay = engine.resolve("1", rewound, dice=SeededDice(11))
    assert replay.rolls[0].value == second.rolls[0].value  # undo never re-rolls


def test_seeded_dice_continue_a_kept_stream_with_the_same_rolls_as_a_fresh_one():
    # one SeededDice across a session draws on from the stream its last kept resolution
    # left (no seeding again); a state elsewhere in the stream, a resolution that stopped
    # for an answer and a fresh state are read from the seed and position, as before
    engine = engine_for(
        """
        questions: [{key: go, prompt: Go on?, type: yesno}]
        paragraphs:
          - id: "1"
            steps: [{roll: {die: d100, store: r}}, {check: {kind: target, die: d6, target: 3, success: [{set: {s: 1}}], failure: [{set: {s: 0}}]}}]
          - id: "2"
            steps: [{roll: {die: d100, store: r}}, {if: {test: {ask: go}, then: [{set: {s: 2}}]}}]
        """
    )
    for record in (True, False):
        kept, fresh = SeededDice(5), None
        state_k, state_f = engine.new_state(), engine.new_state()
        for step in range(12):
            bound_before = kept._kept
            a = engine.resolve("1", state_k, dice=kept, record=record)
            b = engine.resolve("1", state_f, dice=SeededDice(5), record=record)  # always seeded anew
            assert [r.value for r in a.rolls] == [r.value for r in b.rolls] and a.state.rng == b.state.rng
            assert a.state.values == b.state.values
            if step:
                assert bound_before is not None and kept._kept is bound_before  # the same stream, drawn on
            state_k, state_f = a.state, b.state
        # a branch from an earlier state, and a stop for an answer, are read afresh
        earlier = engine.resolve("1", engine.new_state(), dice=SeededDice(5), record=record).state
        assert engine.resolve("1", earlier.copy(), dice=kept, record=record).state.rng == engine.resolve("1", earlier.copy(), dice=SeededDice(5), record=record).state.rng
        stopped = engine.resolve("2", state_k.copy(), dice=kept, record=record)
        assert stopped.status == "needs_answers"
        again = engine.resolve("2", state_k.copy(), {"go": "yes"}, dice=kept, record=record)
        assert again.state.rng == engine.resolve("2", state_f.copy(), {"go": "yes"}, dice=SeededDice(5), record=record).state.rng
        assert engine.resolve("1", engine.new_state(), dice=kept).state.rng == engine.resolve("1", engine.new_state(), dice=SeededDice(5)).state.rng


def test_the_roll_hook_overrides_dice():
    class Loaded:
        @hookimpl
        def paragraphs_roll(self, die, purpose, title):
            return die.high

    engine = engine_for(
        """
        paragraphs:
          - id: "1"
            steps: [{roll: {die: 2d6, store: r}}]
        """,
        plugins=(Loaded(),),
    )
    assert engine.resolve("1", dice=SeededDice(1)).state.values["r"] == 12


def test_errors_carry_the_trail_so_far():
    engine = engine_for(
        """
        paragraphs:
          - id: "1"
            steps: [{see: "2"}]
          - id: "2"
            steps: [{explode: null}]
        """,
        plugins=(Exploding(),),
    )
    with pytest.raises(ResolutionError) as err:
        engine.resolve("1")
    assert err.value.trail == ["1", "2"]


def test_for_each_runs_per_subject_with_per_subject_answers():
    engine = engine_for(
        """
        paragraphs:
          - id: "1"
            steps:
              - for_each:
                  subjects: {ask: {key: men, prompt: How many men?, type: integer, min: 0, max: 4}}
                  label: man
                  do:
                    - check:
                        kind: target
                        target: {ask: {key: pc, prompt: PC, type: integer, min: 0, max: 9}}
                        success: [{say: stays put}, {counter: {name: vp, add: 1, reason: steady}}]
                        failure: [{say: panics}]
        """
    )
    r = engine.resolve("1", answers={"men": 2, "pc.1": 3, "pc.2": 8}, dice=ScriptedDice([5, 5]))
    assert [i.text for i in r.instructions if i.kind == "say"] == ["Man 1: panics", "Man 2: stays put"]
    assert [x.purpose for x in r.rolls] == ["target check in 1 (man 1)", "target check in 1 (man 2)"]
    assert r.state.counters["vp"] == 1
    missing = engine.resolve("1", answers={"men": 2, "pc.1": 3}, dice=ScriptedDice([5, 5]))
    assert missing.questions[0].key == "pc.2"
    from fractions import Fraction

    from paragraphs.odds import paragraph_odds

    odds = {o.counters: p for o, p in paragraph_odds(engine, "1", answers={"men": 2, "pc.1": 3, "pc.2": 8}).outcomes}
    assert odds[(("vp", 2),)] == Fraction(4, 10) * Fraction(9, 10)


def test_halved_rolls_use_the_titles_rounding():
    engine = engine_for(
        """
        paragraphs:
          - id: "1"
            steps:
              - roll: {die: d10, halve: true, store: pm, ranges: {"0-2": [{say: slow}], "3-4": [{say: quick}]}}
        """
    )
    r = engine.resolve("1", dice=ScriptedDice([7]))
    assert r.state.values["pm"] == 3 and [i.text for i in r.instructions] == ["quick"]  # 7 // 2, as Bruneval's rule 8
    from fractions import Fraction

    from paragraphs.odds import paragraph_odds

    odds = {o.values: p for o, p in paragraph_odds(engine, "1").outcomes}
    assert odds[(("pm", "4"),)] == Fraction(2, 10)


# --------------------------------------------------------------------------- the fast mode


def _answers_for(book, rng):
    """A random full set of answers to a book's declared questions."""
    out = {}
    for key, q in book.questions.items():
        if q.choices:
            out[key] = rng.choice(q.choices)[0]
        elif q.type == "yesno":
            out[key] = rng.choice([True, False])
        elif q.min is not None and q.max is not None:
            out[key] = rng.randint(q.min, q.max)
    return out


def _without_steps(snapshot):
    """A snapshot without the journal step each sighting was made at (the fast mode keeps
    no journal, so it has no step numbers)."""
    def clean(detail):
        return {k: ({o: clean(d) for o, d in v.items()} if k == "by" else v) for k, v in detail.items() if k != "step"}

    return {**snapshot, "sightings": {sid: clean(info) for sid, info in snapshot["sightings"].items()}}


def _same_resolution(engine, paragraph, journaled, fast, answers, seed):
    """Resolve in the journal mode and in the fast mode (compiled paragraphs): the same
    outcome, trail and state, or the same error."""
    try:
        slow = engine.resolve(paragraph, journaled, answers, dice=SeededDice(seed))
    except Exception as exc:  # the fast mode must fail the same way
        with pytest.raises(type(exc)) as raised:
            engine.resolve(paragraph, fast, answers, dice=SeededDice(seed), record=False)
        assert str(raised.value) == str(exc)
        return None, None
    quick = engine.resolve(paragraph, fast, answers, dice=SeededDice(seed), record=False)
    assert quick.status == slow.status and quick.trail == slow.trail, paragraph
    assert [q.key for q in quick.questions] == [q.key for q in slow.questions]
    if slow.done:
        assert _without_steps(quick.state.snapshot()) == _without_steps(slow.state.snapshot()), paragraph
        return slow.state, quick.state
    return None, None


def test_the_fast_mode_reads_the_sample_book_exactly_as_the_journal_mode():
    import random

    import paragraphs

    engine = paragraphs.open_title("sample")
    ids = sorted(engine.book.paragraphs)
    for seed in range(60):
        rng = random.Random(seed)
        journaled, fast = engine.new_state(), engine.new_state()
        for step in range(8):  # a play-through of several resolutions: read counts, spent paragraphs, sightings
            journaled, fast = _same_resolution(engine, rng.choice(ids), journaled, fast, _answers_for(engine.book, rng), seed * 100 + step)
            if journaled is None:
                break
    assert engine._plans  # the fast mode did run on compiled paragraphs


@pytest.mark.parametrize("reach", [8, 40])
def test_the_fast_mode_reads_the_synthetic_books_exactly_as_the_journal_mode(reach):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parents[1] / "benchmarks"))
    try:
        import synthetic
    finally:
        sys.path.pop(0)
    engine = synthetic.engine(synthetic.specs(size=300, reach=reach))
    for seed in range(40):
        _same_resolution(engine, "1", engine.new_state(), engine.new_state(), {}, seed)
    assert len(engine._inline_plans) > 50


def test_the_fast_mode_keeps_watchers_and_errors():
    # a branch observer (randomtest's coverage) still sees every branch in the fast mode
    engine = engine_for(
        """
        sightings: [{id: s}]
        paragraphs:
          - id: "1"
            steps:
              - mark_sighting: s
              - check: {kind: target, die: d6, target: 3, success: [{goto: "2"}], failure: [{goto: "2"}]}
          - id: "2"
            steps:
              - if: {test: {sighting: s}, then: [{goto: "3"}], else: [{goto: "1"}]}
          - id: "3"
            steps: [{goto: "3"}]
        """
    )
    seen = []
    engine.observer = lambda step, label: seen.append(label)
    with pytest.raises(CycleError) as slow:
        engine.resolve("1", engine.new_state(), dice=SeededDice(1))
    with pytest.raises(CycleError) as fast:
        engine.resolve("1", engine.new_state(), dice=SeededDice(1), record=False)
    assert seen.count("then") == 2 and str(slow.value) == str(fast.value)
    engine.observer = None
    with pytest.raises(CycleError) as planned:
        engine.resolve("1", engine.new_state(), dice=SeededDice(1), record=False)
    assert engine._inline_plans and str(planned.value) == str(slow.value)


def test_the_fast_mode_reads_check_paragraphs_inline_exactly_as_the_journal_mode():
    # check paragraphs (marks, then one check) are read in the fast mode's own loop:
    # observers, exact outcomes, spent paragraphs, passed values and checks with a
    # value from the state (no prepared form) all as in the journal mode
    engine = engine_for(
        """
        sightings: [{id: s}, {id: t}]
        paragraphs:
          - id: "1"
            steps:
              - mark_sighting: {ids: [s], observer: I1}
              - check: {kind: target, die: d6, target: 3, success: [{goto: "2"}], exact: [{goto: "3"}], failure: [{see: {to: "4", with: {bonus: 2}}}, {goto: "2"}]}
          - id: "2"
            marks: [t]
            steps:
              - check: {kind: target, die: d6, target: 4, modifier: {value: level}, success: [{goto: "3"}], failure: [{goto: "5"}]}
          - id: "3"
            steps:
              - check: {kind: target, die: d6, target: 2, success: [{goto: "5"}], failure: [{ignore_further: self}, {goto: "1"}]}
          - id: "4"
            steps:
              - check: {kind: target, die: d6, target: {value: bonus}, success: [{set: {level: 1}}], failure: [{set: {level: -1}}]}
          - id: "5"
            steps:
              - check: {kind: target, die: d6, target: 3, success: [{goto: "3"}], failure: [{say: end}]}
        """
    )
    for seed in range(150):
        journaled, fast = engine.new_state(), engine.new_state()
        journaled.values["level"] = fast.values["level"] = 0
        for step in range(3):
            journaled, fast = _same_resolution(engine, "1", journaled, fast, {}, seed * 10 + step)
            if journaled is None:
                break
    assert set(engine._inline_plans) == {"1", "2", "3", "4", "5"}


def test_the_fast_mode_reads_a_check_from_its_table_of_outcomes_by_face_as_the_prng_rolls():
    # a check whose outcome is a function of one face is read in the fast mode straight from
    # the PRNG's words; a word past the last whole cycle of faces is drawn again (as
    # Prng.roll does) and both words count in the saved position
    from paragraphs.dice import Prng

    engine = engine_for(
        """
        sightings: [{id: s}]
        paragraphs:
          - id: "1"
            marks: [s]
            steps:
              - check: {kind: target, die: d6, target: 3, success: [{goto: "2"}], failure: [{goto: "3"}]}
          - id: "2"
            steps: [{say: low}]
          - id: "3"
            steps: [{say: high}]
        """
    )

    class Words(SeededDice):
        """Seeded dice whose PRNG gives these 32-bit words."""

        def __init__(self, words):
            super().__init__(0)
            self.words = words

        def bind(self, prng_state):
            prng = Prng(0)
            words = iter(self.words)
            prng._bits = lambda k: next(words)
            return SeededDice(0, _prng=prng)

    rejected = (1 << 32) - 1  # at or past 2**32 - 2**32 % 6: drawn again
    for words, trail, position in (([4], ["1", "3"], 1), ([rejected, 4], ["1", "3"], 2), ([rejected, 0], ["1", "2"], 2), ([1], ["1", "2"], 1)):
        slow = engine.resolve("1", engine.new_state(), dice=Words(words))
        quick = engine.resolve("1", engine.new_state(), dice=Words(words), record=False)
        assert slow.trail == quick.trail == trail
        assert slow.state.rng == quick.state.rng == {"seed": 0, "position": position}
        assert quick.state.sightings.keys() == {"s"}
    assert engine._inline_plans["1"].by_face is not None
