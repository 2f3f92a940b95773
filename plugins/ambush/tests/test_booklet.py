"""The whole booklet: its reference graph equals the source text's, entry points, damage, figures."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from paragraphs import graph
from paragraphs import model as m
from paragraphs.problems import Severity

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "devtools"))
import booklet  # noqa: E402
from encoding_report import board_questions, text_only  # noqa: E402

needs_source = pytest.mark.skipif(not booklet.available(), reason="the booklet text (../shared) is not beside the repository")


@pytest.fixture(scope="module")
def compiled(ambush_compiled):
    return ambush_compiled


@pytest.fixture(scope="module")
def book(compiled):
    return compiled[0].book


def test_validate_reports_no_errors_no_warnings_and_damage_as_info(compiled):
    result, _ = compiled
    assert [p.format() for p in result.problems if p.severity is not Severity.INFO] == []
    assert not [p for p in result.problems if p.code == "DICE001"]


def test_the_lost_rows_of_damaged_tables_are_unknown_cells(book):
    from paragraphs.gaps import find_gaps

    lost = sorted(g.id for g in find_gaps(book) if g.kind == "unknown cell" and not g.id.startswith("cell.truck_hits."))
    expected = ["cell.318.3.result", "cell.387.7.result"] + [f"cell.389.{n}.result" for n in range(1, 9)]
    expected += [f"cell.396.{n}.result" for n in range(1, 8)] + [f"cell.529.{n}.result" for n in range(1, 7)]
    assert lost == sorted(expected)


def test_all_775_paragraphs_with_string_ids(book):
    assert len(book.paragraphs) == 775
    assert {"T358", "T375", "T794"} <= set(book.paragraphs)
    assert all(isinstance(pid, str) for pid in book.paragraphs)
    numbers = sorted(int(p.lstrip("T")) for p in book.paragraphs)
    assert numbers[0] == 100 and numbers[-1] == 999 and len(set(numbers)) == 775


@needs_source
def test_the_reference_graph_equals_the_booklets(compiled):
    result, host = compiled
    from paragraphs.grammar import grammar_for

    ours = set(graph.distinct_edges(result.book, grammar_for(host, "ambush")))
    theirs = booklet.edges()
    assert len(theirs) == 723
    assert ours - theirs == set(), "links the booklet does not have"
    assert theirs - ours == set(), "links of the booklet missing from the content"
    assert set(result.book.paragraphs) == set(booklet.paragraphs())


@needs_source
def test_every_unreferenced_paragraph_is_an_assumed_entry_point(book):
    unreferenced = booklet.unreferenced()
    assert len(unreferenced) == 438
    entries = {}
    for ep in book.entry_points:
        entries.setdefault(ep.paragraph, []).append(ep)
    assert set(entries) >= unreferenced
    for pid in unreferenced:
        assert all(ep.assumed for ep in entries[pid]), pid
        assert all(ep.source for ep in entries[pid]), pid


def test_the_14_damaged_paragraphs_say_what_is_lost(book):
    flagged = {pid for pid, par in book.paragraphs.items() if par.damaged}
    assert flagged == booklet.DAMAGED
    assert all(len(book.paragraphs[p].damaged) > 10 for p in flagged)


def test_figures_questions_and_text_only(book):
    asking = [pid for pid, par in book.paragraphs.items() if board_questions(par)]
    texts = sorted(pid for pid, par in book.paragraphs.items() if text_only(par))
    without = len(book.paragraphs) - len(asking)
    assert without >= 387, without
    assert len(texts) <= 12, texts


def test_every_die_table_covers_0_to_9_unless_damaged(book):
    for par in book.paragraphs.values():
        for step in m.walk_steps(par.steps):
            if isinstance(step, (m.Roll, m.Match)) and step.rows and not par.damaged:
                covered = sorted(f for r in step.rows for f in range(max(r.low, -5), min(r.high, 20) + 1))
                if isinstance(step, m.Roll) and step.modifier is None:
                    assert [f for f in covered if 0 <= f <= 9] == list(range(10)), par.id


@needs_source
def test_no_paragraph_repeats_ten_words_of_the_booklet(book):
    import re

    words = lambda t: re.findall(r"[a-z0-9']+", t.lower())  # noqa: E731
    source = words(booklet.SEED.read_text(encoding="utf-8"))
    grams = {tuple(source[i : i + 10]) for i in range(len(source) - 9)}
    offenders = []
    for par in book.paragraphs.values():
        for step in m.walk_steps(par.steps):
            text = getattr(step, "text", None)
            if isinstance(text, str):
                w = words(text)
                if any(tuple(w[i : i + 10]) in grams for i in range(len(w) - 9)):
                    offenders.append(par.id)
    assert offenders == []
