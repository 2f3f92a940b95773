"""Issue 11.3: a GAN answered in a paragraph is kept on the sheet; a stale one is never reused silently."""

from __future__ import annotations

from paragraphs.session import Session


def _go(session, *lines):
    reply = None
    for line in lines:
        reply = session.send(line)
    return reply


def test_a_gan_answered_in_a_paragraph_is_kept_and_a_stale_one_is_asked_again_with_the_reason(engine):
    session = Session(engine, engine.new_state(), dice="physical")
    reply = session.send("792")  # its Germans come in by the GAN, odd or even
    assert reply.question.key == "gan"
    _go(session, "3")
    assert session.state.values["gan"] == 3 and session.state.values["gan_from"] == {"paragraph": "792", "gan": 3}
    # no Round started: the kept GAN is used, and the player is told where it came from
    reply = session.send("792")
    assert reply.question is None and any("German Action Number 3, kept from 792" in line for line in reply.lines)
    # a Round's GAN is fresh: used without a word
    _go(session, "round 4", "0")
    reply = session.send("792")
    assert reply.question is None and not any("German Action Number" in line for line in reply.lines)
    assert "Activate GE 48 in I-18 (crouching)." in reply.lines  # 4 is even
    # the sheet moves on a Round: the Round 1 GAN is not reused, the question says why
    session.state.values["round"] = 2
    reply = session.send("792")
    assert reply.question.key == "gan" and "from Round 1, not Round 2" in reply.question.text
    reply = session.send("7")
    assert any("is not reused" in line for line in reply.lines) and "Activate GE 48 in F-14 (crouching)." in reply.lines
    assert session.state.values["gan"] == 7 and session.state.values["gan_round"] == 2
    assert "Round 2, German Action Number 7" in session.sheet() and "earlier Round" not in session.sheet()
    # the log says what each step did, in the sheet's words (issue 11.3)
    first = session.log().splitlines()[0]
    assert "What is the current German Action Number? 3" in first
    assert "did: marked s2; gan: 3; phase: rounds; GE 48 in F-14 (crouching); GE 49 in J-17 (crouching)" in first
    # undo takes the kept GAN back with its step
    session.send("undo")
    assert session.state.values["gan"] == 4 and session.state.values["gan_round"] == 1


def test_the_wounded_footing_table_declares_its_order_and_its_rolls_are_counted_by_luck(engine):
    from paragraphs.dice import ScriptedDice
    from paragraphs.luck import luck_report

    assert engine.book.tables["footing_wounded"].order == ("loses his footing", "safe")
    result = engine.perform("footing", engine.new_state(), {"wounded": True}, dice=ScriptedDice([9]))
    (roll,) = result.rolls
    assert roll.meaning == "row 8-9 on the Footing Check, wounded soldier (rules 6.1): loses his footing"
    (item,) = luck_report(result.state.journal).items
    assert item.p == 1  # the worst result: every result is at least this good
