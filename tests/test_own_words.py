"""Own words only: no run of ten words of a rulebook seed in the repository's text.

The check and its rule (which runs count, which are data) are in ``tests/own_words.py``;
``python3 tests/own_words.py`` prints every finding as ``path:line: run``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import own_words  # noqa: E402

# A made-up rulebook, so the check itself is tested without quoting a real one.
FAKE_RULEBOOK = """\
7.3 Crossing the marsh. A soldier who wades into the marsh spends his whole Turn there
and may not fire his weapon until the start of the next Round, unless his squad leader
is beside him.
Roll for the patrol: 0-1 B-12, 2-3 D-7, 4-5 K-3, 6-7 S-18, 8-9 W-2.
"""


@pytest.fixture()
def fake_seeds(tmp_path: Path) -> Path:
    seeds = tmp_path / "shared" / "seeds"
    seeds.mkdir(parents=True)
    (seeds / "900_fake.txt").write_text(FAKE_RULEBOOK, encoding="utf-8")
    return seeds


def test_the_seeds_are_beside_the_repository() -> None:
    try:
        seeds = own_words.seed_files()
    except own_words.SeedsMissing as err:
        pytest.fail(str(err))
    assert len(seeds) >= 4, [p.name for p in seeds]


def test_nothing_in_the_repository_is_copied_from_a_rulebook() -> None:
    try:
        found = own_words.scan()
    except own_words.SeedsMissing as err:
        pytest.fail(str(err))
    assert not found, "copied from a rulebook (reword it; python3 tests/own_words.py lists all):\n" + "\n".join(map(str, found[:20]))


def test_the_scan_covers_content_code_docs_tests_and_transcripts() -> None:
    scanned = {p.relative_to(own_words.REPO).as_posix() for p in own_words.repository_files()}
    for expected in (
        "README.md",
        "content/ambush/missions.yaml",
        "content/ambush/paragraphs/p394-541.yaml",
        "plugins/ambush/paragraphs_ambush/steps.py",
        "plugins/ambush/tests/golden/companion/4_texts.txt",
        "docs/titles/ambush.md",
        "schemas/core/book.schema.json",
        "tests/test_own_words.py",
    ):
        assert expected in scanned
    assert not any(".venv" in p or "__pycache__" in p for p in scanned)


def test_a_copied_sentence_is_found_across_lines_quotes_and_case(fake_seeds: Path, tmp_path: Path) -> None:
    content = tmp_path / "book.yaml"
    content.write_text(
        'steps:\n  - note: "Wet ground: a Soldier who wades into the marsh\n    spends his whole turn there and may NOT fire."\n',
        encoding="utf-8",
    )
    (finding,) = own_words.scan([content], repo=tmp_path, seeds=fake_seeds)
    assert (finding.path, finding.line, finding.seed) == ("book.yaml", 2, "900_fake.txt")
    assert " ".join(finding.words) == "a soldier who wades into the marsh spends his whole turn there and may not fire"
    assert finding.runs == 7  # 16 words: seven overlapping ten-word runs, one finding
    assert str(finding).startswith("book.yaml:2: a soldier who wades")


def test_a_paraphrase_and_nine_shared_words_pass(fake_seeds: Path, tmp_path: Path) -> None:
    content = tmp_path / "book.yaml"
    content.write_text(
        "- note: Wading into the marsh uses up the soldier's Turn; he cannot fire before the next Round.\n"
        "- note: a soldier who wades into the marsh spends his time, then rests.\n",
        encoding="utf-8",
    )
    assert own_words.scan([content], repo=tmp_path, seeds=fake_seeds) == []


def test_die_ranges_and_hex_ids_are_data_not_prose(fake_seeds: Path, tmp_path: Path) -> None:
    content = tmp_path / "book.yaml"
    content.write_text('hex: {roll: {"0-1": B-12, "2-3": D-7, "4-5": K-3, "6-7": S-18, "8-9": W-2}}\n', encoding="utf-8")
    assert own_words.words(content.read_text())[:12] == ["hex", "roll", "0", "1", "b", "12", "2", "3", "d", "7", "4", "5"]
    ours, seed = own_words.words(content.read_text()), own_words.words(FAKE_RULEBOOK)
    shared = {tuple(ours[i : i + 10]) for i in range(len(ours) - 9)} & {tuple(seed[i : i + 10]) for i in range(len(seed) - 9)}
    assert len(shared) == 11  # the whole table is shared with the seed, and none of it is prose
    assert own_words.scan([content], repo=tmp_path, seeds=fake_seeds) == []
    assert not own_words.is_prose("0 1 b 12 2 3 d 7 4 5".split())
    assert not own_words.is_prose("hexsides a 2 a 3 and c 4 c 5".split())  # two prose words
    assert not own_words.is_prose("move ge 12 to k 3 facing k 4 then".split())  # five
    assert own_words.is_prose("ge 12 at k 3 prone waits for the signal".split())  # seven


def test_apostrophes_join_and_other_marks_split() -> None:
    assert own_words.words("Don’t cross X-19's hedge_row!") == ["dont", "cross", "x", "19s", "hedge", "row"]


def test_the_script_says_when_the_seeds_are_missing(tmp_path: Path) -> None:
    env = {**os.environ, "PARAGRAPHS_SHARED": str(tmp_path / "nowhere")}
    done = subprocess.run([sys.executable, str(Path(own_words.__file__))], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stdout == "" and done.stderr.count("\n") == 1
    assert "no rulebook seeds in" in done.stderr and "../shared/seeds" in done.stderr
