"""``play ambush --auto`` reaching a table cell the booklet lost (found at the end of the
2026-12-02 session: seed 2 ended in an IndexError traceback, the random policy drawing
from the empty domain of a cell question). An automatic player never makes a cell up:
the playthrough stops there and names the cell, as ``randomtest`` does."""

from __future__ import annotations

import json

from paragraphs.cli import main

CELL = "cell.387.7.result"  # paragraph 387's roll table, row 7: lost in the source


def test_an_automatic_playthrough_stops_at_a_lost_cell_and_names_it(capsys):
    assert main(["play", "ambush", "--auto", "--seed", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["stopped_at_unknown_cell"] == CELL
    last = data["steps"][-1]
    assert last["start"] == "387" and last["status"] == "needs_answers"
    assert [q["key"] for q in last["questions"]] == [CELL]
    assert all(step["status"] == "done" for step in data["steps"][:-1])


def test_the_text_playthrough_says_which_cell_and_how_to_give_it(capsys):
    assert main(["play", "ambush", "--auto", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert f"stopped: {CELL} is a table cell the source does not give" in out
    assert "paragraphs template ambush DIR" in out and out.rstrip().splitlines()[-1].startswith("Counters:")


def test_with_gaps_refuse_the_same_playthrough_is_a_one_line_refusal(capsys):
    assert main(["play", "ambush", "--auto", "--seed", "2", "--gaps", "refuse"]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and CELL in err[0] and "Traceback" not in err[0]


def test_a_playthrough_without_lost_cells_has_no_stop(capsys):
    assert main(["play", "ambush", "--auto", "--seed", "0", "--json"]) == 0
    assert "stopped_at_unknown_cell" not in json.loads(capsys.readouterr().out)
