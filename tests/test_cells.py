"""Typed table cells: the content format, the lookup API, and the policy for unknown cells."""

from __future__ import annotations

import json
from fractions import Fraction
import sys
import textwrap
from pathlib import Path

import pytest

from helpers import compile_text, engine_for, write
from paragraphs import hookimpl
from paragraphs.cells import Cell, UnknownCell, parse_answer
from paragraphs.cli import main
from paragraphs.content import SourceFile, compile_title
from paragraphs.dice import ScriptedDice
from paragraphs.engine import Engine
from paragraphs.grammar import grammar_for
from paragraphs.plugins import make_plugin_manager
from paragraphs.randomtest import random_test
from paragraphs.records import Procedure

BOOK = """
tables:
  - id: fire
    name: Fire chart
    source: "[10.81]"
    columns: ["1", "2-5", "6+"]
    rows:
      - {key: pistol, result: {"1": 90, "2-5": 75, "6+": {cell: prohibited, note: "printed as P"}}}
      - {key: rifle, result: {cell: unknown, reason: "the scan lost this row", source: "seed L1832"}}
      - key: smg
        result:
          "1": {cell: derived, value: 80, rule: "case 9.3: ten less than the pistol"}
          "2-5": {cell: none, note: "printed as a dash"}
          "6+": {cell: unknown, reason: "cut off", source: "seed L341"}
  - id: loot
    name: Loot
    die: d6
    source: "page 3"
    rows:
      - {range: "1-3", result: coins}
      - {range: "4-5", result: {cell: unknown, reason: "smudged", source: "page 3, last line"}}
      - {range: "6", result: {cell: none}}
paragraphs:
  - id: "1"
    steps:
      - roll: {die: d6, table: loot, store: loot}
"""


def fire_procedure(ctx):
    weapon = ctx.answer("weapon")
    cell = ctx.cell("fire", weapon, "6+")
    if not cell.allowed:
        return "not allowed"
    if cell.kind == "none":
        return "no fire"
    return "hit" if ctx.roll("d100", "fire") <= int(cell.value) else "miss"


class FirePlugin:
    @hookimpl
    def paragraphs_register_procedures(self):
        yield Procedure(id="fire", title=None, function=fire_procedure)


def engine(**kwargs):
    questions = "\nquestions:\n  - {key: weapon, prompt: Which weapon?, type: choice, choices: [pistol, rifle, smg]}\n"
    return engine_for(BOOK + questions, plugins=(FirePlugin(),), **kwargs)


# --------------------------------------------------------------------------- the format


def test_rows_by_key_or_range_and_every_typed_form():
    book = engine().book
    fire, loot = book.tables["fire"], book.tables["loot"]
    assert fire.cell("pistol", "1") == Cell("value", 90)
    assert fire.cell("pistol", "6+") == Cell("prohibited", note="printed as P")
    assert not fire.cell("pistol", "6+").allowed
    assert fire.cell("smg", "1").kind == "derived" and fire.cell("smg", "1").value == 80 and "case 9.3" in fire.cell("smg", "1").rule
    assert fire.cell("smg", "2-5").kind == "none"
    # one typed cell stands for every column of its row
    assert all(fire.cell("rifle", c).reason == "the scan lost this row" for c in fire.columns)
    assert fire.cell_key("rifle", "2-5") == "cell.fire.rifle.2-5"
    # a die table: by face, or by the range as written; column ``result``
    assert loot.cell(2) == Cell("value", "coins") and loot.row("4-5") is loot.row(5)
    assert loot.cell_key(4) == "cell.loot.4-5.result"
    assert loot.cell(6).kind == "none" and loot.cell(4).kind == "unknown" and loot.cell(4).source == "page 3, last line"
    with pytest.raises(KeyError):
        fire.cell("bazooka", "1")
    with pytest.raises(KeyError):
        fire.cell("pistol")  # a table with columns needs one
    unknown = [(r.name, c) for r, c, cell in fire.cells() if not cell.known]
    assert unknown == [("rifle", "1"), ("rifle", "2-5"), ("rifle", "6+"), ("smg", "6+")]


def test_cells_in_words():
    fire = engine().book.tables["fire"]
    assert fire.cell("pistol", "6+").words() == "prohibited (printed as P)"
    assert fire.cell("smg", "1").words() == "80 (derived: case 9.3: ten less than the pistol)"
    assert fire.cell("smg", "6+").words() == "unknown (cut off; seed L341)"


@pytest.mark.parametrize(
    ("rows", "code"),
    [
        ('[{range: "1-6", result: null}]', "TABLE002"),
        ('[{range: "1-6", result: {a: 1, b: null}}]', "TABLE002"),
        ('[{range: "1-6", result: {a: 1, c: 2}}]', "TABLE003"),
        ('[{range: "1-6", result: {a: 1}}]', "TABLE003"),
        ('[{range: "1-3", result: {a: 1, b: 2}}, {range: "1-3", result: {a: 1, b: 2}}, {range: "4-6", result: {a: 1, b: 2}}]', "TABLE004"),
        ('[{key: x, result: {a: 1, b: 2}}]', "TABLE007"),
        ('[{range: "1-6", key: x, result: {a: 1, b: 2}}]', "SCHEMA"),
        ('[{range: "1-6", result: {a: {cell: unknown}, b: 2}}]', "SCHEMA"),
        ('[{range: "1-6", result: {a: {cell: maybe}, b: 2}}]', "SCHEMA"),
        ('[{range: "1-6", result: {a: {cell: derived, value: 3}, b: 2}}]', "SCHEMA"),
        ('[{range: "1-6", result: {a: {cell: none, value: 0}, b: 2}}]', "SCHEMA"),
    ],
)
def test_bad_tables_are_content_errors_with_positions(rows, code):
    compiled, _ = compile_text(f"tables:\n  - id: t1\n    die: d6\n    columns: [a, b]\n    rows: {rows}\n")
    codes = [p.code for p in compiled.errors]
    assert any(c.startswith(code) for c in codes), [p.format() for p in compiled.problems]
    # TABLE007 too: it was reported at "t:0:0" (the title's name), never at the table
    assert all(p.pos.line > 0 for p in compiled.errors if p.code.startswith("TABLE00"))


# --------------------------------------------------------------------------- unknown cells at run time


def test_an_unknown_cell_is_a_question_keyed_like_the_cell():
    e = engine()
    result = e.resolve("1", e.new_state(), dice=ScriptedDice([4]))
    assert result.status == "needs_answers"
    (q,) = result.questions
    assert q.key == "cell.loot.4-5.result" and q.type == "cell"
    assert q.prompt == "Loot (page 3), row 4-5: the source does not give this cell (smudged; page 3, last line)"
    assert "P for prohibited" in q.describe_domain()
    assert q.to_json()["type"] == "cell"


def test_an_answered_cell_is_used_and_remembered_for_the_play_through():
    e = engine()
    done = e.resolve("1", e.new_state(), {"cell.loot.4-5.result": "a brass key"}, dice=ScriptedDice([5]))
    assert done.done and done.state.values["loot"] == "a brass key"
    assert any("a brass key [from answered]" in i.text for i in done.instructions)
    assert done.state.extra["cells"] == {"cell.loot.4-5.result": "a brass key"}
    again = e.resolve("1", done.state, dice=ScriptedDice([4]))
    assert again.done and again.state.values["loot"] == "a brass key"


def test_typed_answers_and_known_cells_never_ask():
    assert parse_answer("P")["cell"] == "prohibited" and parse_answer("none")["cell"] == "none" and parse_answer(" 65 ") == 65
    e = engine()
    assert e.resolve("1", e.new_state(), dice=ScriptedDice([6])).state.values["loot"] == {"cell": "none"}
    res = e.resolve("1", e.new_state(), {"cell.loot.4-5.result": "p"}, dice=ScriptedDice([4]))
    assert res.state.values["loot"]["cell"] == "prohibited"


def test_a_procedure_reads_typed_cells_through_the_context():
    from paragraphs.odds import procedure_odds

    e = engine()
    assert [o.label for o, _ in procedure_odds(e, "fire", answers={"weapon": "pistol"}).outcomes] == ["not allowed"]
    assert [o.label for o, _ in procedure_odds(e, "fire", answers={"weapon": "rifle", "cell.fire.rifle.6+": "none"}).outcomes] == ["no fire"]
    hit = dict((o.label, p) for o, p in procedure_odds(e, "fire", answers={"weapon": "rifle", "cell.fire.rifle.6+": "40"}).outcomes)
    assert hit["hit"] == Fraction(41, 100)  # d100 reads 0-99 by default: faces 0-40


def test_gaps_refuse_is_one_error_naming_the_key():
    e = engine()
    e.gaps = "refuse"
    with pytest.raises(UnknownCell) as err:
        e.resolve("1", e.new_state(), dice=ScriptedDice([4]))
    assert err.value.key == "cell.loot.4-5.result" and "\n" not in str(err.value) and "overlay" in str(err.value)
    # a given answer still wins over the refusal
    assert e.resolve("1", e.new_state(), {"cell.loot.4-5.result": "7"}, dice=ScriptedDice([4])).state.values["loot"] == 7


def test_randomtest_counts_an_unknown_cell_as_stopped_not_failed():
    report = random_test(engine(), runs=30, seed=3, steps=3)
    assert not report.failures and report.stopped
    assert {key for *_, key in report.stopped} == {"cell.loot.4-5.result"}
    assert report.to_json()["stopped_at_unknown_cells"][0]["cell"] == "cell.loot.4-5.result"


def test_unknown_answer_keys_for_cells_are_still_refused():
    e = engine()
    with pytest.raises(Exception, match="unknown answer key"):
        e.resolve("1", e.new_state(), {"cell.loot.9.result": "x"}, dice=ScriptedDice([4]))


def test_fields_of_a_titles_own_collections_are_cells_too():
    text = BOOK + """
weapons:
  - {id: rifle, name: Rifle, short: 70, long: {cell: unknown, reason: "column lost", source: "L12"}}
"""
    host_plugins = (FirePlugin(),)
    compiled, host = compile_text(text, plugins=host_plugins)
    assert not compiled.errors
    e = Engine(compiled.book, host)

    from paragraphs.context import Context

    class Asking:
        source_kind = "test"

        def answer(self, ctx, q):
            raise AssertionError(q)

    ctx = Context(e, e.new_state(), e.parse_answers({"cell.weapons.rifle.long": "55"}), Asking())
    assert ctx.cell("weapons", "rifle", "short").value == 70
    assert ctx.cell("weapons", "rifle", "long").value == 55 and ctx.state.extra["cells"] == {"cell.weapons.rifle.long": 55}
    assert e.parse_answers({"cell.weapons.rifle.long": "P"})["cell.weapons.rifle.long"]["cell"] == "prohibited"
    over, _ = _compile_with_overlay("cells:\n  - {key: cell.weapons.rifle.long, value: 50}\n", extra=text)
    assert over.book.data["weapons"]["rifle"]["long"] == 50 and not over.errors


# --------------------------------------------------------------------------- overlays


def _compile_with_overlay(overlay_text: str, extra: str = BOOK):
    host = make_plugin_manager(load_entrypoints=False, plugins=(FirePlugin(),), strict=True)
    from helpers import HEADER

    files = [
        SourceFile("book.yaml", (textwrap.dedent(HEADER) + textwrap.dedent(extra)).encode()),
        SourceFile("mine/cells.yaml", textwrap.dedent(overlay_text).encode(), overlay=True),
    ]
    return compile_title(host, "t", files, "test", grammar_for(host, "t")), host


def test_an_overlay_value_wins_and_says_where_it_came_from():
    compiled, host = _compile_with_overlay(
        """
        cells:
          - {key: cell.loot.4-5.result, value: a brass key, source: my copy}
          - {key: cell.fire.rifle.2-5, cell: prohibited, note: "printed as P"}
        """
    )
    assert not compiled.errors, [p.format() for p in compiled.problems]
    book = compiled.book
    cell = book.tables["loot"].cell(4)
    assert cell.value == "a brass key" and cell.origin.startswith("mine/cells.yaml:3")
    # the rest of a row that one typed cell stood for stays unknown
    fire = book.tables["fire"]
    assert fire.cell("rifle", "2-5").kind == "prohibited" and fire.cell("rifle", "1").kind == "unknown"
    assert book.meta["filled_cells"].keys() == {"cell.loot.4-5.result", "cell.fire.rifle.2-5"}
    e = Engine(book, host)
    assert e.resolve("1", e.new_state(), dice=ScriptedDice([4])).state.values["loot"] == "a brass key"


def test_overlay_cells_that_name_nothing_are_errors():
    compiled, _ = _compile_with_overlay("cells:\n  - {key: cell.loot.7.result, value: 1}\n  - {key: cell.fire.pistol.1, value: 95}\n")
    codes = sorted(p.code for p in compiled.problems if p.code.startswith("TABLE"))
    assert codes == ["TABLE005", "TABLE006"]


# --------------------------------------------------------------------------- the command line


@pytest.fixture
def cli_overlay(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(Path(__file__).parent / "data" / "site"))
    monkeypatch.setenv("PARAGRAPHS_CACHE_DIR", str(tmp_path / "cache"))
    folder = tmp_path / "chart"
    write(folder / "chart.yaml", BOOK.replace('id: "1"', 'id: "9"'))
    yield folder
    for name in [m for m in sys.modules if m.startswith("paragraphs_testplugin")]:
        del sys.modules[name]


def test_cli_table_prints_typed_cells_in_words(cli_overlay, capsys):
    code = main(["table", "testplugin", "fire", "smg", "--column", "1", "--overlay", str(cli_overlay)])
    out = capsys.readouterr().out
    assert code == 0 and "80 (derived: case 9.3: ten less than the pistol)" in out
    main(["table", "testplugin", "fire", "--overlay", str(cli_overlay)])
    out = capsys.readouterr().out
    assert "prohibited (printed as P)" in out and "unknown (cut off; seed L341) [cell.fire.smg.6+]" in out and "none (printed as a dash)" in out
    main(["table", "testplugin", "loot", "5", "--json", "--overlay", str(cli_overlay)])
    data = json.loads(capsys.readouterr().out)
    assert data["rows"][0]["cells"][0]["key"] == "cell.loot.4-5.result" and data["rows"][0]["cells"][0]["kind"] == "unknown"
    assert main(["table", "testplugin", "fire", "bazooka", "--overlay", str(cli_overlay)]) == 2


def test_cli_read_stops_on_the_cell_key_or_refuses_in_one_line(cli_overlay, capsys):
    code = main(["read", "testplugin", "9", "--dice", "4", "--json", "--overlay", str(cli_overlay)])
    data = json.loads(capsys.readouterr().out)
    assert code == 2 and data["status"] == "needs_answers" and data["questions"][0]["key"] == "cell.loot.4-5.result"
    code = main(["read", "testplugin", "9", "--dice", "4", "--gaps", "refuse", "--overlay", str(cli_overlay)])
    err = capsys.readouterr().err
    assert code == 1 and err.count("\n") == 1 and "cell.loot.4-5.result" in err
    code = main(["read", "testplugin", "9", "--dice", "4", "--answer", "cell.loot.4-5.result=P", "--json", "--overlay", str(cli_overlay)])
    assert code == 0 and json.loads(capsys.readouterr().out)["status"] == "done"


# --------------------------------------------------------------------------- gaps, templates, exports

ASSUMED_BITS = """
units:
  - {id: boat, name: Boat, factors: {speed: 4}, assumed: {speed: "the counter is not printed"}}
entry_points:
  - {paragraph: "1", source: "the loot card", assumed: "read when the card is drawn"}
"""


def test_gaps_list_unknown_cells_and_assumed_values_with_positions():
    from paragraphs.gaps import census, find_gaps

    compiled, _ = compile_text(BOOK + ASSUMED_BITS)
    gaps = {g.id: g for g in find_gaps(compiled.book)}
    assert [k for k in gaps if k.startswith("cell.")] == ["cell.fire.rifle.1", "cell.fire.rifle.2-5", "cell.fire.rifle.6+", "cell.fire.smg.6+", "cell.loot.4-5.result"]
    loot = gaps["cell.loot.4-5.result"]
    assert loot.reason == "smudged" and loot.source == "page 3, last line" and loot.where.startswith("book.yaml:")
    assert gaps["cell.fire.smg.6+"].where != gaps["cell.fire.rifle.1"].where
    assert gaps["assumed.units.boat.speed"].reason == "the counter is not printed" and gaps["assumed.units.boat.speed"].value == 4
    assert gaps["assumed.entry_points.1"].reason == "read when the card is drawn"
    assert census(compiled.book) == "5 unknown cells, 2 assumed values"


def test_the_template_is_a_valid_overlay_and_filling_it_closes_the_gap(tmp_path):
    from paragraphs.gaps import find_gaps, overlay_template

    compiled, _ = compile_text(BOOK + ASSUMED_BITS)
    written = overlay_template(compiled.book, tmp_path / "mine")
    assert sorted(p.name for p in written) == ["assumed.yaml", "cells.yaml", "records.yaml"]
    text = (tmp_path / "mine" / "cells.yaml").read_text()
    assert "# smudged (source: page 3, last line)" in text and '#   - {key: "cell.loot.4-5.result", value: null}' in text
    assert "assumed.units.boat.speed: the counter is not printed" in (tmp_path / "mine" / "assumed.yaml").read_text()
    as_is, _ = _compile_with_overlay(text)
    assert not as_is.errors and len([g for g in find_gaps(as_is.book) if g.kind == "unknown cell"]) == 5
    filled = text.replace("# cells:", "cells:").replace('#   - {key: "cell.loot.4-5.result", value: null}', '  - {key: "cell.loot.4-5.result", value: "a brass key"}')
    filled = "\n".join(line for line in filled.splitlines() if not line.startswith("#") or line.startswith("cells"))
    over, _ = _compile_with_overlay(filled)
    assert not over.errors, [p.format() for p in over.problems]
    assert "cell.loot.4-5.result" not in {g.id for g in find_gaps(over.book)}


def test_the_template_holds_each_assumed_record_as_the_title_has_it(tmp_path):
    from paragraphs.gaps import find_gaps, overlay_template

    compiled, _ = compile_text(BOOK + ASSUMED_BITS)
    overlay_template(compiled.book, tmp_path / "mine")
    text = (tmp_path / "mine" / "records.yaml").read_text()
    record = '#   - {id: "boat", factors: {"speed": 4}, assumed: {}}'
    assert "#   # speed: the counter is not printed" in text and record in text
    as_is, _ = _compile_with_overlay(text, BOOK + ASSUMED_BITS)
    assert not as_is.errors and "assumed.units.boat.speed" in {g.id for g in find_gaps(as_is.book)}
    # the owner uncomments the collection and the record, and gives his copy's value
    mine = text.replace("# units:", "units:").replace(record, '  - {id: "boat", factors: {"speed": 6}, assumed: {}}')
    over, _ = _compile_with_overlay(mine, BOOK + ASSUMED_BITS)
    assert not over.errors, [p.format() for p in over.problems]
    assert over.book.units["boat"].factors == {"speed": 6}
    assert "assumed.units.boat.speed" not in {g.id for g in find_gaps(over.book)}


def test_cells_a_player_entered_export_as_an_overlay(tmp_path):
    from paragraphs.gaps import cells_overlay

    e = engine()
    state = e.resolve("1", e.new_state(), {"cell.loot.4-5.result": "a brass key"}, dice=ScriptedDice([4])).state
    path = cells_overlay(state.extra["cells"], tmp_path / "entered", title="t")
    over, _ = _compile_with_overlay(path.read_text())
    assert not over.errors and over.book.tables["loot"].cell(4).value == "a brass key"
    typed = cells_overlay({"cell.fire.rifle.1": parse_answer("P")}, tmp_path / "typed")
    over, _ = _compile_with_overlay(typed.read_text())
    assert over.book.tables["fire"].cell("rifle", "1").kind == "prohibited"
    assert cells_overlay({}, tmp_path / "none").read_text().endswith("cells: []\n")


def test_the_session_exports_the_cells_a_player_gave_and_the_overlay_answers_them(cli_overlay, capsys, monkeypatch, tmp_path):
    import io

    exported = tmp_path / "given"
    script = f"9\n4\na brass key\ncells\ncells export {exported}\nquit\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    code = main(["play", "testplugin", "--session", str(tmp_path / "s.json"), "--dice", "physical", "--overlay", str(cli_overlay)])
    out = capsys.readouterr().out
    assert code == 0 and "cell.loot.4-5.result: a brass key" in out and f"1 cell written to {exported / 'cells.yaml'}" in out
    # without the export the cell is asked again; with it, the overlay answers it
    main(["read", "testplugin", "9", "--dice", "4", "--json", "--overlay", str(cli_overlay)])
    assert json.loads(capsys.readouterr().out)["questions"][0]["key"] == "cell.loot.4-5.result"
    code = main(["read", "testplugin", "9", "--dice", "4", "--json", "--overlay", str(cli_overlay), "--overlay", str(exported)])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["status"] == "done" and data["state"]["values"]["loot"] == "a brass key"


def test_cells_export_never_overwrites_an_overlay_the_player_wrote(tmp_path):
    from paragraphs.session import Session

    e = engine()
    session = Session(e, e.new_state(), dice="physical")
    assert session.send("cells").text == "no table cell was given in this session"
    session.send("1")
    session.send("4")
    session.send("P")
    assert session.send("cells").text == "cell.loot.4-5.result: prohibited (entered by the player)"
    mine = write(tmp_path / "mine" / "cells.yaml", "cells:\n  - {key: cell.fire.rifle.1, value: 70}\n")
    reply = session.send(f"cells export {tmp_path / 'mine'}")
    assert reply.kind == "error" and "was not written by cells export" in reply.text and "value: 70" in mine.read_text()
    assert session.send(f"cells export {tmp_path / 'out'}").kind == "info"
    assert session.send(f"cells export {tmp_path / 'out'}").kind == "info"  # its own export is rewritten
    over, _ = _compile_with_overlay((tmp_path / "out" / "cells.yaml").read_text())
    assert not over.errors and over.book.tables["loot"].cell(4).kind == "prohibited"
    assert session.send("cells dump").kind == "error"


def test_cli_gaps_template_and_validate_census(cli_overlay, capsys, tmp_path):
    assert main(["gaps", "testplugin", "--json", "--overlay", str(cli_overlay)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["gaps"]) == 5 and data["gaps"][0]["kind"] == "unknown cell"
    assert main(["gaps", "testplugin", "--overlay", str(cli_overlay)]) == 0
    assert "testplugin: 5 unknown cells, 0 assumed values" in capsys.readouterr().out
    assert main(["template", "testplugin", str(tmp_path / "tpl"), "--overlay", str(cli_overlay)]) == 0
    assert "wrote" in capsys.readouterr().out and (tmp_path / "tpl" / "cells.yaml").exists()
    main(["validate", "testplugin", "--overlay", str(cli_overlay)])
    assert "testplugin: gaps: 5 unknown cells, 0 assumed values" in capsys.readouterr().out
    main(["validate", "testplugin", "--json", "--overlay", str(cli_overlay)])
    assert json.loads(capsys.readouterr().out)[0]["gaps"] == {"unknown_cells": 5, "assumed": 0, "filled_by_overlay": 0}


# --------------------------------------------------------------------------- lost rows of a paragraph's roll

LOST = """
paragraphs:
  - id: "5"
    steps:
      - roll:
          die: d6
          purpose: "where the boat drifts"
          ranges:
            "1-2": [{say: "north"}]
            "3-4": {cell: unknown, reason: "rows 3-4 are torn out", source: "page 9"}
            "5-6": [{say: "south"}]
"""


def test_a_lost_row_of_a_roll_is_an_unknown_cell_per_total():
    from paragraphs.gaps import find_gaps

    e = engine_for(LOST)
    stopped = e.resolve("5", e.new_state(), dice=ScriptedDice([3]))
    assert stopped.status == "needs_answers" and stopped.questions[0].key == "cell.5.3.result"
    assert stopped.questions[0].prompt == "Paragraph 5, where the boat drifts, row 3: the source does not give this cell (rows 3-4 are torn out; page 9)"
    done = e.resolve("5", e.new_state(), {"cell.5.3.result": "east"}, dice=ScriptedDice([3]))
    assert [i.text for i in done.instructions] == ["Where the boat drifts, 3: east [from answered]"]
    # a 4 is a different cell: still asked
    assert e.resolve("5", done.state, dice=ScriptedDice([4])).questions[0].key == "cell.5.4.result"
    assert [g.id for g in find_gaps(e.book)] == ["cell.5.3.result", "cell.5.4.result"]
    e.gaps = "refuse"
    with pytest.raises(UnknownCell, match="cell.5.4.result"):
        e.resolve("5", e.new_state(), dice=ScriptedDice([4]))


def test_an_overlay_fills_a_lost_row():
    from paragraphs.gaps import find_gaps

    compiled, host = _compile_with_overlay("cells:\n  - {key: cell.5.4.result, value: west}\n", extra=LOST)
    assert not compiled.errors, [p.format() for p in compiled.problems]
    e = Engine(compiled.book, host)
    assert [i.text for i in e.resolve("5", e.new_state(), dice=ScriptedDice([4])).instructions][0].startswith("Where the boat drifts, 4: west [from mine/cells.yaml:")
    assert [g.id for g in find_gaps(compiled.book)] == ["cell.5.3.result"]


def test_a_second_template_never_writes_over_a_filled_in_overlay(tmp_path):
    # found by the eyes pass: `template ambush DIR` run again over the folder the owner had
    # filled in replaced his cells.yaml with the empty skeleton, without a word
    from paragraphs.errors import UsageError
    from paragraphs.gaps import overlay_template

    compiled, _ = compile_text(BOOK + ASSUMED_BITS)
    overlay_template(compiled.book, tmp_path / "mine")
    assert overlay_template(compiled.book, tmp_path / "mine")  # the same skeleton again: fine
    cells = tmp_path / "mine" / "cells.yaml"
    filled = cells.read_text().replace("# cells:", "cells:") + '  - {key: "cell.loot.4-5.result", value: "a brass key"}\n'
    cells.write_text(filled)
    with pytest.raises(UsageError, match="cells.yaml already there with other text"):
        overlay_template(compiled.book, tmp_path / "mine")
    assert cells.read_text() == filled


def test_cells_export_to_the_overlay_of_the_game_keeps_the_cells_it_held(tmp_path):
    # found by the eyes pass: a game played with --overlay DIR (DIR from an earlier `cells
    # export`) asks none of those cells, so exporting it to DIR again wrote "cells: []" over them
    from paragraphs.gaps import cells_overlay
    from paragraphs.session import Session

    earlier = cells_overlay({"cell.fire.rifle.1": 70, "cell.loot.4-5.result": {"cell": "prohibited", "note": "printed P"}}, tmp_path / "mine")
    e = engine()
    session = Session(e, e.new_state(), dice="physical")
    reply = session.send(f"cells export {tmp_path / 'mine'}")
    assert reply.kind == "info" and "0 cells written" in reply.text and "(with 2 kept from the earlier export)" in reply.text, reply.text
    text = earlier.read_text()
    assert '{key: "cell.fire.rifle.1", value: 70' in text and '"cell.loot.4-5.result", cell: "prohibited", note: "printed P"' in text, text
    session.send("1")
    session.send("4")
    session.send("a brass key")  # answered now: the new value replaces the earlier one
    assert "1 cell written" in session.send(f"cells export {tmp_path / 'mine'}").text
    over, _ = _compile_with_overlay(earlier.read_text())
    assert not over.errors and over.book.tables["loot"].cell(4).value == "a brass key"
