"""``paragraphs play dieppe`` as a newcomer meets it: words the game has no use for.

A fresh-eyes pass typed what a player new to the game types: a bare number (as if the
game had paragraphs), the paper-companion commands of the core session (``set alarm 9``,
``vp +1``), which would make the record sheet disagree with the board, ``odds`` of
something that is not an order, and ``undo`` while the first die waits. Each is one
clear line, the board and the sheet are left as they were, and the die still waits.
"""

from __future__ import annotations

from pathlib import Path

from paragraphs_raids.pty_play import PROMPT, scripted


def saved(tmp_path: Path, name: str) -> tuple[list[dict], dict, dict]:
    from paragraphs.state import load_state

    state = load_state(tmp_path / "sessions" / f"dieppe-{name}.json")
    return state.journal, dict(state.values), dict(state.counters)


def errors_of(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("error:")]


def test_words_of_the_paper_companion_are_refused_and_change_nothing(tmp_path: Path) -> None:
    text = scripted(
        tmp_path,
        ["play", "dieppe", "--seed", "3", "--session", "fresh", "--new"],
        [
            (PROMPT, "4"),
            (PROMPT, "set alarm 9"),
            (PROMPT, "vp +1 telephone"),
            (PROMPT, "event landing"),
            (PROMPT, "odds foo"),
            (PROMPT, "odds 4"),
            (PROMPT, "sheet"),
            (PROMPT, None),
        ],
    )
    errors = errors_of(text)
    assert len(errors) == 6, errors
    assert all("paragraph" not in e for e in errors), errors
    assert errors[0].startswith("error: unknown command '4'") and "type help" in errors[0]
    assert errors[1].startswith("error: set is not an order of Commando") and "the board keeps" in errors[1]
    assert errors[2].startswith("error: vp is not an order of Commando")
    assert errors[4] == errors[5].replace("'4'", "'foo'") and "odds fire UNITS ZONE [AIM]" in errors[4]
    journal, values, counters = saved(tmp_path, "fresh")
    assert [s.get("procedure") for s in journal] == ["order_next"]
    assert values["alarm"] == 1 and not counters.get("vp")
    assert "  alarm: 1\n" in text.split("> sheet")[-1]


def test_undo_while_the_first_die_waits_keeps_the_die_waiting(tmp_path: Path) -> None:
    die = "roll d6 for unforeseen event: 1-2 battery, 3-4 convoy, 5-6 off course; an odd face also loses an LCA [1-6]: "
    text = scripted(
        tmp_path,
        ["play", "dieppe", "--dice", "physical", "--session", "die", "--new"],
        [(die, "undo"), (die, "7"), (die, "4"), ("roll d10 for event ", None)],
    )
    errors = errors_of(text)
    assert len(errors) == 2 and "nothing to undo" in errors[0] and "still waits" in errors[0], errors
    assert "1-6" in errors[1]
    # the die typed after the refused undo went to the same step, which then asked its next die
    assert text.count(die) == 3 and "rolled d6: 4" not in text
    assert "step next dropped: nothing of it was kept" in text


def test_a_unit_named_twice_is_one_unit(tmp_path: Path) -> None:
    text = scripted(
        tmp_path,
        ["play", "dieppe", "--seed", "3", "--session", "twice", "--new"],
        # (a move into C6 after the landing would be refused, ruling R13, and so would its odds)
        [(PROMPT, "odds land lca-4 ORANGE2 C6"), (PROMPT, "odds land g2-1,G2-1,g2-2 ORANGE2 C6"), (PROMPT, None)],
    )
    assert "error:" not in text
    assert "Group 2, troop 1, Group 2, troop 2: G2 -> ORANGE2 -> C6" in text, text
    assert "Group 2, troop 1, Group 2, troop 1" not in text


def test_a_resumed_game_says_the_rules_it_started_with(tmp_path: Path) -> None:
    start = scripted(tmp_path, ["play", "dieppe", "--seed", "3", "--session", "opt", "--new", "--optional", "vorwarts"], [(PROMPT, None)])
    assert "the rules play the Germans (vorwarts)." in start
    # resumed without options: the game's own rules are said
    again = scripted(tmp_path, ["play", "dieppe", "--session", "opt"], [(PROMPT, None)])
    assert "the rules play the Germans (vorwarts)." in again and "note:" not in again
    # resumed with other options: they are not used, and the banner does not claim them
    other = scripted(tmp_path, ["play", "dieppe", "--session", "opt", "--optional", "alarm", "--difficulty", "hardened", "--no-events"], [(PROMPT, None)])
    assert "the rules play the Germans (vorwarts)." in other and "bad_luck" not in other, other
    assert "note: --optional, --difficulty and --no-events are not used: the session 'opt' goes on with the rules it started with (--new starts a new game)" in other
