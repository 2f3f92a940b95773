"""The raid series' commands (``board``, ``turn``, ``simulate``) named with a title that has
none, as a user types them: the one-line error lists the titles that have the command.

Found by the eyes pass: with the plugin index (the default) only the named title's plugin is
loaded, and the list came from the loaded plugins' records, so it named no title at all.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def paragraphs(tmp_path: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PARAGRAPHS_CACHE_DIR=str(tmp_path / "cache"))
    env.pop("PARAGRAPHS_NO_CACHE", None)
    env.pop("PARAGRAPHS_NO_PLUGIN_INDEX", None)
    code = "import sys; from paragraphs.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run([sys.executable, "-c", code, *argv], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("command", [["board", "ambush", "--state", "b.json", "--svg", "b.svg"], ["turn", "sample", "--state", "b.json"], ["simulate", "ambush"]])
def test_a_title_without_the_command_is_told_which_titles_have_it(tmp_path: Path, command: list[str]) -> None:
    paragraphs(tmp_path, "titles")  # builds the plugin index the next command reads
    done = paragraphs(tmp_path, *command)
    assert done.returncode == 2 and not done.stdout
    assert done.stderr.strip() == f"paragraphs: error: title {command[1]!r} has no {command[0]} command (titles with one: bruneval, dieppe)"


@pytest.mark.parametrize("title", ["bruneval", "dieppe"])
def test_turn_given_a_session_save_says_what_it_reads(tmp_path: Path, title: str) -> None:
    # found by the eyes pass: `turn dieppe --state` with a play dieppe save said "BOARD002
    # 'alarm' is a required property ($) (and 4 more)", as if the player's board were broken
    save = tmp_path / f"{title}-s.json"
    played = subprocess.run([sys.executable, "-m", "paragraphs", "play", title, "--session", str(save), "--seed", "1"], input="", env=dict(os.environ, PARAGRAPHS_DATA_DIR=str(tmp_path)), capture_output=True, text=True, timeout=300)
    assert played.returncode == 0 and save.is_file(), played.stderr
    done = paragraphs(tmp_path, "turn", title, "--state", str(save), "--seed", "1")
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert done.stderr == (
        f"paragraphs: error: {save}: a session save, not a board file: turn {title} plays the German phase of a board you describe "
        f"(a play {title} save goes on with play {title}, and board {title} draws it)\n"
    ), done.stderr


@pytest.mark.parametrize(("title", "procedure"), [("dieppe", "fire"), ("bruneval", "combat"), ("spi_commando", "observation")])
def test_odds_refuses_an_argument_a_procedure_does_not_take(title: str, procedure: str) -> None:
    # found by the eyes pass: `odds dieppe fire --arg attack=10` (for --answer) was taken
    # silently (the procedures swallowed any keyword), and the table of every attack and
    # defence was printed as if nothing had been typed
    import paragraphs
    from paragraphs.errors import UsageError
    from paragraphs.odds import procedure_odds

    with pytest.raises(UsageError, match=rf"{title} procedure '{procedure}' takes no arguments, not attack"):
        procedure_odds(paragraphs.open_title(title), procedure, args={"attack": 10})


@pytest.mark.parametrize(("chart", "says"), [("nofolder/vp.svg", "nofolder does not exist: create it first"), ("", "--chart needs a file name")])
def test_a_chart_that_cannot_be_written_is_refused_before_the_series(tmp_path: Path, chart: str, says: str) -> None:
    # found by the eyes pass: every game was played first, then the chart failed and the
    # figures were lost with it (nothing printed but the error)
    done = paragraphs(tmp_path, "simulate", "dieppe", "--games", "3000", "--jobs", "1", "--chart", chart)
    assert done.returncode == 2 and not done.stdout and says in done.stderr and done.stderr.count("\n") == 1, done.stderr


def test_a_chart_the_system_will_not_take_is_refused_before_the_series(tmp_path: Path) -> None:
    # /proc takes no new file, yet os.access says a root user may write there: the series
    # was played, then the chart failed and the figures were lost. A read-only file is the
    # same for any other user. The check now tries to create the file's first write.
    targets = [str(tmp_path / "ro.svg")]
    (tmp_path / "ro.svg").write_text("")
    (tmp_path / "ro.svg").chmod(0o444)
    if os.path.isdir("/proc") and os.access("/proc", os.W_OK):
        targets.append("/proc/x.svg")
    for target in targets:
        if target.endswith("ro.svg") and os.access(target, os.W_OK):
            continue  # root writes a read-only file: nothing to refuse
        done = paragraphs(tmp_path, "simulate", "bruneval", "--games", "3000", "--jobs", "1", "--chart", target)
        assert done.returncode == 2 and not done.stdout and done.stderr.count("\n") == 1, done.stderr
        assert done.stderr.startswith(f"paragraphs: error: --chart {target}: cannot write") and "Traceback" not in done.stderr, done.stderr
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".svg") == ["ro.svg"]  # nothing left by the probe


def test_a_chart_without_matplotlib_is_refused_before_the_series(monkeypatch) -> None:
    import importlib.util

    from paragraphs.errors import UsageError

    from paragraphs_raids.series import chart_target

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "matplotlib" else real(name, *a))
    with pytest.raises(UsageError, match=r"--chart needs matplotlib: pip install 'paragraphs-raids\[chart\]'"):
        chart_target("vp.svg")

@pytest.mark.parametrize(("title", "other"), [("dieppe", "bruneval"), ("bruneval", "dieppe")])
@pytest.mark.parametrize("command", ["turn", "board"])
def test_the_board_of_another_title_says_so(tmp_path: Path, title: str, other: str, command: str) -> None:
    # found by the third eyes pass: Bruneval's board given to turn dieppe said "BOARD002
    # 'alarm' is a required property ($) (and 6 more)", as if the player's board were broken
    board = Path(__file__).parents[2] / other / "tests" / "data" / "board.json"
    line = [command, title, "--state", str(board)] + (["--svg", "b.svg"] if command == "board" else ["--seed", "1"])
    done = paragraphs(tmp_path, *line)
    assert done.returncode == 1 and done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith(f"paragraphs: error: {board}:"), done.stderr
    assert done.stderr.endswith(f"BOARD002 its \"title\" says {other}: a board file of another title, not of {title} ($.title)\n"), done.stderr


def test_a_misspelt_physical_is_told_it_could_be_physical(tmp_path: Path) -> None:
    # found by the third eyes pass: `turn dieppe --dice phisical` said only that --dice
    # takes whole numbers separated by commas, though `physical` is what was meant
    board = Path(__file__).parents[2] / "dieppe" / "tests" / "data" / "board.json"
    done = paragraphs(tmp_path, "turn", "dieppe", "--state", str(board), "--dice", "phisical")
    assert done.returncode == 2 and done.stderr == (
        "paragraphs: error: --dice takes your rolls as whole numbers separated by commas (3,5,2), or physical, not 'phisical'\n"
    ), done.stderr


@pytest.mark.parametrize("title", ["dieppe", "bruneval"])
def test_board_of_a_missing_file_or_session_and_a_board_with_a_bom(tmp_path: Path, title: str) -> None:
    # found by the third eyes pass: `board dieppe --state nosuch` said "no such board file"
    # though a session name is taken too (Bruneval said both); and `board bruneval` refused
    # a board file with a UTF-8 byte order mark (Notepad), which `turn` now reads
    done = paragraphs(tmp_path, "board", title, "--state", "nosuch", "--svg", "b.svg")
    assert done.returncode == 2 and done.stderr == (
        f"paragraphs: error: nosuch: no such board file or session save (a file, or a session of `paragraphs sessions {title}`)\n"
    ), done.stderr
    board = Path(__file__).parents[2] / title / "tests" / "data" / "board.json"
    (tmp_path / "bom.json").write_bytes(b"\xef\xbb\xbf" + board.read_bytes())
    done = paragraphs(tmp_path, "board", title, "--state", "bom.json", "--svg", "b.svg")
    assert done.returncode == 0 and (tmp_path / "b.svg").is_file(), done.stderr


@pytest.mark.parametrize("title", ["dieppe", "bruneval"])
def test_save_in_a_raid_session_says_it_is_saved_after_every_step(tmp_path: Path, title: str) -> None:
    # before: "unknown command 'save': type help for the orders (...)" through the pipe
    env = dict(os.environ, PARAGRAPHS_DATA_DIR=str(tmp_path / "data"), PARAGRAPHS_CACHE_DIR=str(tmp_path / "cache"))
    done = subprocess.run([sys.executable, "-m", "paragraphs", "play", title, "--session", "s", "--seed", "1"], input="save\nload\nquit\n", env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and "Traceback" not in done.stderr
    said = done.stdout + done.stderr
    assert "unknown command" not in said
    assert said.count("the session is saved in ") >= 2 and "after every step; to open another game, quit" in said


@pytest.mark.parametrize("index", [True, False])
def test_help_of_a_title_lists_its_own_options_in_its_words(tmp_path: Path, index: bool) -> None:
    # found by the eyes pass: `play bruneval --help` listed Ambush!'s --mission and SPI
    # Commando's --scenario, and Bruneval's own --optional under "dieppe options" in SPI
    # Commando's words; `simulate bruneval --help` put Bruneval's options under "dieppe options"
    extra = [] if index else ["--no-cache"]
    if index:
        paragraphs(tmp_path, "titles")  # builds the plugin index the next command reads
    play = paragraphs(tmp_path, "play", "bruneval", "--help", *extra)
    assert play.returncode == 0
    headings = [line for line in play.stdout.splitlines() if line.endswith("options:")]
    assert headings == ["options:", "bruneval options:"]
    assert "--optional RULE       use one of the title's optional rules" in play.stdout
    assert "--mission" not in play.stdout and "--scenario" not in play.stdout
    # the title's own words after --optional and --difficulty (collapse argparse's wrapping)
    assert "(repeatable; bruneval: commando)" in " ".join(play.stdout.split())
    assert "(bruneval prints none)" in " ".join(play.stdout.split())
    simulate = paragraphs(tmp_path, "simulate", "dieppe", "--help", *extra)
    assert simulate.returncode == 0 and "dieppe options:" in simulate.stdout and "bruneval options:" not in simulate.stdout
    assert "one of: bruneval, dieppe" in simulate.stdout  # every title with the command is still named
    assert "(repeatable; dieppe: bad_luck, alarm, vorwarts)" in " ".join(simulate.stdout.split())
    assert "(dieppe: green, hardened, seasoned)" in " ".join(simulate.stdout.split())
    # without a title, every title's options; one several titles take under a heading
    # naming them all, sending to each title's help where their words differ (it was under
    # "dieppe options" in SPI Commando's words, and Bruneval had no heading at all)
    whole = paragraphs(tmp_path, "play", "--help", *extra)
    lines = whole.stdout.splitlines()
    assert {"ambush options:", "spi_commando options:", "options of bruneval and dieppe:", "options of bruneval, dieppe and spi_commando:"} <= set(lines)
    assert "--optional RULE       its words differ by title: see `play TITLE --help`" in lines[lines.index("options of bruneval, dieppe and spi_commando:") + 1]
    every = paragraphs(tmp_path, "simulate", "--help", *extra)
    assert "options of bruneval and dieppe:" in every.stdout and "dieppe options:" not in every.stdout
    assert "--games GAMES         number of automatic games (default 1000)" in every.stdout  # the same words: kept
    # an option another title owns is still refused by name when a command runs
    foreign = paragraphs(tmp_path, "play", "bruneval", "--scenario", "45", *extra)
    assert foreign.returncode == 2 and "--scenario is an option of play spi_commando, not of play bruneval" in foreign.stderr
