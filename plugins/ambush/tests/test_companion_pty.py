"""The Ambush! companion through a real terminal (a pty), as a player meets it (issue 11).

Each test types a script into ``paragraphs play ambush`` running in a pseudo-terminal: for
each (text, line) pair it waits until the text is on the screen, then types the line
(None: end of input, Ctrl-D). The whole transcript is compared with a golden file in
``golden/companion/``; the tests also assert the point of each script directly, so a
golden file rewritten by mistake (``PARAGRAPHS_UPDATE_GOLDEN=1``) cannot hide a
regression.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from paragraphs.tools.terminal_script import golden as golden_in
from paragraphs.tools.terminal_script import scripted

GOLDEN = Path(__file__).parent / "golden" / "companion"
ANY = "\r\n> "  # the command prompt, at the start of a line (" > " also appears in trails)


def play(tmp_path: Path, args: list[str], script: list[tuple[str, str | None]]) -> str:
    return scripted(tmp_path, ["play", "ambush", *args], script)


def golden(name: str, text: str) -> None:
    golden_in(GOLDEN, name, text)


def journal(tmp_path: Path, name: str) -> list[dict]:
    from paragraphs.state import load_state

    return load_state(tmp_path / "sessions" / f"ambush-{name}.json").journal


# --------------------------------------------------------------------------- 1. physical dice


def test_1_the_578_die_typed_before_the_mortar_question_is_kept(tmp_path):
    text = play(
        tmp_path,
        ["--mission", "20", "--session", "dice", "--new", "--dice", "physical"],
        [(ANY, "set condition 2"), (ANY, "578"), ("0-5 succeeds [0-9]: ", "3"), ("[yes/no]: ", "no"), (ANY, "log"), (ANY, None)],
    )
    assert text.count("roll d10 for activation check in 578") == 1
    assert "rolled d10: 3 (your die) for activation check in 578 (level 0-6-1): 0-5 succeeds: activated" in text
    assert "Activate GE 47 in S-10" in text
    (step,) = [e for e in journal(tmp_path, "dice") if e["start"] == "578"]
    assert [r["value"] for r in step["rolls"]] == [3]
    golden("1_578_physical_dice", text)


def test_1_685_asks_each_of_its_dice_once(tmp_path):
    text = play(
        tmp_path,
        ["--mission", "20", "--session", "d685", "--new", "--dice", "physical"],
        [
            (ANY, "685"),
            ("those are the ones who come back)? [yes/no]: ", "yes"),
            ("(odd or even) [0-9]: ", "3"),
            ("grenades? [0-5]: ", "2"),
            ("[0-9]: ", "4"),
            ("[0-9]: ", "9"),
            ("[yes/no]: ", "no"),
            ("activation hex in 248 [0-9]: ", "5"),
            (ANY, None),
        ],
    )
    assert text.count("roll d10 for") == 4
    (step,) = journal(tmp_path, "d685")
    assert [r["value"] for r in step["rolls"]] == [3, 4, 9, 5]
    golden("1_685_dice_once", text)


def test_1_a_session_keeps_its_dice_mode_and_a_switch_is_logged(tmp_path):
    play(tmp_path, ["--mission", "20", "--session", "mode", "--new", "--dice", "physical"], [(ANY, None)])
    kept = play(tmp_path, ["--mission", "20", "--session", "mode"], [(ANY, "sheet"), (ANY, None)])
    assert "dice: physical" in kept and "switched" not in kept
    switched = play(tmp_path, ["--mission", "20", "--session", "mode", "--dice", "seeded"], [(ANY, "log"), (ANY, None)])
    assert "note: dice switched from physical to seeded on resume" in switched
    assert "1. dice switched from physical to seeded on resume" in switched
    golden("1_dice_mode_switch", switched)


# --------------------------------------------------------------------------- 2. a prompt that cannot break


def test_2_ctrl_d_at_a_question_keeps_the_session(tmp_path):
    text = play(tmp_path, ["--mission", "20", "--session", "eof", "--new"], [(ANY, "t358"), (ANY, "133"), ("[0-9]: ", None)])
    assert "step 133 dropped: nothing of it was kept" in text
    assert [e["start"] for e in journal(tmp_path, "eof")] == ["T358"]
    golden("2_ctrl_d_at_a_question", text)


def test_2_bad_input_is_one_line_and_words_at_a_question_are_commands(tmp_path):
    text = play(
        tmp_path,
        ["--mission", "20", "--session", "bad", "--new"],
        [
            (ANY, "undo abc"),
            (ANY, "set"),
            (ANY, "set condition x"),
            (ANY, "set nosuch 1"),
            (ANY, "event"),
            (ANY, "event no_such_event"),
            (ANY, "frobnicate"),
            (ANY, "133"),
            ("[0-9]: ", "twelve"),
            ("[0-9]: ", "help"),
            ("[0-9]: ", "sheet"),
            ("[0-9]: ", "cancel"),
            (ANY, "t358"),
            (ANY, "event no_such_event"),
            (ANY, "quit"),
        ],
    )
    assert text.count("error: ") == 9
    assert "error: no armed hook waits for 'no_such_event': the awaited events are us_vehicles_all_in_w" in text
    assert "step 133 dropped" in text
    golden("2_bad_input", text)
    resumed = play(tmp_path, ["--mission", "20", "--session", "bad"], [(ANY, None)])
    assert "last step: T358" in resumed and "armed: when us vehicles all in w7 (T358)" in resumed


def test_2_piped_input_still_shows_the_prompts_and_json_gives_questions_as_data(tmp_path):
    env = {**os.environ, "PARAGRAPHS_DATA_DIR": str(tmp_path), "NO_COLOR": "1"}
    import subprocess

    piped = subprocess.run([sys.executable, "-m", "paragraphs", "play", "ambush", "--mission", "20", "--session", "pipe", "--new"], input="133\n", capture_output=True, text=True, env=env)
    assert piped.returncode == 0 and "Highest PC among the men in the hex [0-9]: " in piped.stdout and not piped.stderr
    as_json = subprocess.run([sys.executable, "-m", "paragraphs", "play", "ambush", "--mission", "20", "--session", "js", "--new", "--json"], input="133\n5\n", capture_output=True, text=True, env=env)
    docs = [json.loads(line) for line in as_json.stdout.splitlines()]
    assert docs[1]["kind"] == "question" and docs[1]["question"]["key"] == "pc_highest" and docs[1]["question"]["domain"] == "0-9"
    assert docs[2]["kind"] == "step" and docs[2]["step"]["trail"][0] == "133"


def test_2_sessions_lists_the_saved_sessions(tmp_path):
    play(tmp_path, ["--mission", "22", "--session", "evening", "--new"], [(ANY, "t358"), (ANY, None)])
    import subprocess

    env = {**os.environ, "PARAGRAPHS_DATA_DIR": str(tmp_path), "NO_COLOR": "1"}
    out = subprocess.run([sys.executable, "-m", "paragraphs", "sessions"], capture_output=True, text=True, env=env).stdout
    assert f"sessions are stored in {tmp_path / 'sessions'}" in out and "ambush evening: 1 steps, mission 22" in out


# --------------------------------------------------------------------------- 3. the record sheet


def test_3_the_sheet_keeps_vp_awards_rounds_units_and_event_markers(tmp_path):
    text = play(
        tmp_path,
        ["--mission", "20", "--session", "sheet", "--new", "--dice", "physical"],
        [
            (ANY, "vp +1 truck destroyed"),
            (ANY, "award food"),
            (ANY, "award exited"),  # two awards say exited: which one
            (ANY, "set vp 6"),
            (ANY, "578"),
            ("0-3 succeeds [0-9]: ", "8"),
            (ANY, "marker 578 k-12"),
            (ANY, "killed GE 18"),
            (ANY, "removed ge 19"),
            (ANY, "round"),
            ("German Action Number of Round 1 [0-9]: ", "4"),
            ("(0 if it gave none) [0-999]: ", "0"),
            (ANY, "round 7"),
            ("(0 if it gave none) [0-999]: ", "992"),
            (ANY, "sheet"),
            (ANY, "log"),
            (ANY, None),
        ],
    )
    sheet = text[text.index("record sheet") : text.index("> log")]
    assert sheet.count("VP: 6") == 1
    for line in [
        "+1  truck destroyed (board)",
        "+2  load of food exited",
        "+3  set to 6 by the player (board)",
        "Round 2, German Action Number 7",
        "Mission awards (award WORD): +1 VP per truck exited; +2 VP per load of food exited",
        "Killed: GE 18",
        "Removed from the map: GE 19",
        "Event markers: K-12 (578)",
    ]:
        assert line in sheet, line
    assert "{" not in sheet and "True" not in sheet and "None" not in sheet
    assert "Make the Random Event Check on this Mission's card" in text  # asked, never invented
    assert "round 7 > 992  answers: Make the Random Event Check" in text  # the log: answers by their text
    assert "award food  did: VP +2 (now 3)" in text and "marker 578 k-12  did: Event markers: K-12 (578)" in text  # and what each step did
    golden("3_record_sheet", text)


# --------------------------------------------------------------------------- 4. texts name their subject


def test_4_texts_name_their_subject_keep_facing_and_ask_only_what_matters(tmp_path):
    text = play(
        tmp_path,
        ["--mission", "20", "--session", "texts", "--new", "--dice", "physical"],
        [
            (ANY, "992"),
            (ANY, "997"),
            ("[yes/no]: ", "yes"),
            (ANY, "400"),
            (ANY, "602"),
            ("[0-12]: ", "0"),
            (ANY, "418"),
            ("[1-12]: ", "1"),
            ("[0-9]: ", "4"),
            ("0-4 succeeds [0-9]: ", "7"),
            (ANY, "685"),
            ("[yes/no]: ", "no"),
            ("[yes/no]: ", "no"),
            ("[0-9]: ", "2"),
            (ANY, None),
        ],
    )
    assert "One German whose weapon fired in the previous Round" in text and ": that weapon is now out of ammo." in text
    assert "One wounded US soldier, picked at random: he bleeds out" in text
    assert "Activate GE 68 in F-19 (facing F-18)." in text
    assert "Advantage as the Ambush! rules decide" not in text.split("> 418")[1].split("> 685")[0]
    assert "The Germans have the advantage." in text
    after_685 = text.split("> 685")[1]
    assert "grenades" not in after_685.split("Paragraphs:")[0] and "Activate GE 16" not in after_685
    assert "nobody comes back" in after_685
    assert "p685_" not in text and "p997_" not in text
    golden("4_texts", text)


# --------------------------------------------------------------------------- 5. sanity warnings


def test_5_a_paragraph_of_another_mission_and_a_unit_already_on_the_map_are_flagged(tmp_path):
    text = play(
        tmp_path,
        ["--mission", "22", "--session", "warn", "--new", "--dice", "physical"],
        [(ANY, "578"), ("[0-9]: ", "cancel"), (ANY, "790"), ("[yes/no]: ", "no"), (ANY, "790"), ("[yes/no]: ", "no"), (ANY, None)],
    )
    assert "warning: 578 is a paragraph of Mission 20 by the project's index of entry points, and this session plays Mission 22" in text
    assert "Event marker" not in text  # nothing of 578 shown: it was not read
    first, second = text.split("> 790")[1:]
    assert "already has GE 47 on the map" not in first and "Check the board: the sheet already has GE 47 on the map." in second
    golden("5_warnings", text)


# --------------------------------------------------------------------------- a whole evening


def test_a_whole_mission_20_evening_with_physical_dice(tmp_path):
    args = ["--mission", "20", "--session", "evening", "--dice", "physical"]
    first = play(
        tmp_path,
        [*args, "--new"],
        [
            (ANY, "350"),
            ("[0-9]: ", "5"),
            ("0-7 succeeds [0-9]: ", "2"),
            (ANY, "534"),
            ("[0-9]: ", "6"),
            ("0-6 succeeds [0-9]: ", "3"),
            (ANY, "round"),
            ("Round 1 [0-9]: ", "5"),
            ("(0 if it gave none) [0-999]: ", "992"),
            (ANY, "events"),
            (ANY, "event roadblock_cleared"),
            (ANY, "killed GE 16"),
            (ANY, "removed GE 17"),
            (ANY, None),  # the evening is interrupted: everything is saved
        ],
    )
    assert "rolled d10: 3 (your die) for pc check in 534 (PC 6): 0-6 succeeds: success" in first
    second = play(
        tmp_path,
        args,
        [
            (ANY, "round 3"),
            ("(0 if it gave none) [0-999]: ", "0"),
            (ANY, "685"),
            ("[yes/no]: ", "yes"),
            ("(odd or even) [0-9]: ", "4"),
            ("[0-5]: ", "1"),
            ("(German 1) [0-9]: ", "8"),
            ("[yes/no]: ", "no"),
            ("activation hex in 248 [0-9]: ", "6"),
            (ANY, "round"),
            ("Round 3 [0-9]: ", "2"),
            ("[yes/no]: ", "sheet"),
            ("[yes/no]: ", "no"),
            (ANY, "award truck"),
            (ANY, "award food"),
            (ANY, "vp +1 active German left on the map"),
            (ANY, "undo"),
            (ANY, "award active"),
            (ANY, "sheet"),
            (ANY, "log"),
            (ANY, "quit"),
        ],
    )
    assert "last step: removed GE 17" in second  # the resume recap
    final = second.split("> award active")[1]
    assert "GE 17 in G-19" in final and "GE 16 in G-19" not in final  # killed men stay dead
    assert "No Random Event Check this Round" in second and "Activate GE 47 in S-10" in second  # 685's reminder fired
    sheet = second.split("> sheet")[-1].split("> log")[0]
    assert "VP: 5" in sheet and "VP needed to win: 6 (from 685)" in sheet and "Killed: GE 16" in sheet
    assert "Round 3, German Action Number 2" in sheet
    steps = journal(tmp_path, "evening")
    assert len(steps) == 12 and steps[-1]["procedure"] == "award"
    golden("6_whole_evening_part_1", first)
    golden("6_whole_evening_part_2", second)


# --------------------------------------------------------------------------- 6. luck


def test_6_luck_in_a_session_and_from_a_save(tmp_path):
    text = play(
        tmp_path,
        ["--mission", "20", "--session", "luck", "--new", "--dice", "physical"],
        [(ANY, "set condition 2"), (ANY, "350"), ("[0-9]: ", "5"), ("0-7 succeeds [0-9]: ", "2"), (ANY, "534"), ("[0-9]: ", "6"), ("0-6 succeeds [0-9]: ", "3"), (ANY, "578"), ("0-5 succeeds [0-9]: ", "8"), (ANY, "luck"), (ANY, None)],
    )
    # PC 5+2 passed on 0-7: 8/10 of results are at least as good; PC 6: 7/10; the activation
    # check failed (no German), which only 4/10 of rolls do
    assert "rolled 2 (success): 4/5 (0.800)" in text and "rolled 3 (success): 7/10 (0.700)" in text and "rolled 8 (nothing activated): 2/5 (0.400)" in text
    # at least this lucky: only the three results themselves, 8/10 * 7/10 * 4/10
    assert "an evening at least this lucky has chance 28/125 (0.224) (exact)" in text
    golden("7_luck", text)
    import subprocess

    env = {**os.environ, "PARAGRAPHS_DATA_DIR": str(tmp_path), "NO_COLOR": "1"}
    out = subprocess.run([sys.executable, "-m", "paragraphs", "luck", "ambush-luck", "--json"], capture_output=True, text=True, env=env)
    assert out.returncode == 0 and json.loads(out.stdout)["at_least_as_lucky"] == "28/125"
    missing = subprocess.run([sys.executable, "-m", "paragraphs", "luck", "ambush-none"], capture_output=True, text=True, env=env)
    assert missing.returncode == 2 and missing.stderr.count("\n") == 1 and "Traceback" not in missing.stderr


def test_3_a_gan_answered_in_a_paragraph_is_kept_and_a_stale_one_is_never_reused_silently(tmp_path):
    text = play(
        tmp_path,
        ["--session", "gan", "--new", "--dice", "physical"],
        [
            (ANY, "792"),
            ("German Action Number? [0-9]: ", "3"),
            (ANY, "792"),
            (ANY, "round 4"),
            ("(0 if it gave none) [0-999]: ", "0"),
            (ANY, "set round 2"),
            (ANY, "792"),
            ("German Action Number? [0-9]: ", "7"),
            (ANY, "sheet"),
            (ANY, None),
        ],
    )
    assert "German Action Number 3, kept from 792" in text
    assert "The German Action Number on the sheet (4) is from Round 1, not Round 2: it is not reused. What is the current German Action Number?" in text
    assert "Round 2, German Action Number 7" in text
    golden("3_gan_kept_never_stale", text)
