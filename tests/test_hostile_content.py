"""Hostile content is bounded: every limit is a located error (issue #10 item 4).

Each fixture of the corpus goes past one limit. It is run through ``validate FILE`` and laid
over the sample book with ``--overlay``, each in a subprocess with a memory limit and a
timeout, so that a regression fails the test instead of hanging it or eating the machine.
"""

from __future__ import annotations

import json

import os
import re
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

MEMORY_LIMIT = 1536 * 1024 * 1024
TIMEOUT = 90


def _laughs() -> str:
    lines = ['lol0: &l0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, 10):
        lines.append(f"lol{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 10) + "]")
    return "\n".join(lines) + "\n"


def _nested_ifs(depth: int) -> str:
    out = ['paragraphs:', '  - id: "1"', "    steps:"]
    indent = "      "
    for _ in range(depth):
        out += [f"{indent}- if:", f"{indent}    test: {{value: {{name: vp, eq: 1}}}}", f"{indent}    then:"]
        indent += "        "
    out.append(f'{indent}- say: "Deep enough."')
    return "\n".join(out) + "\n"


def _paragraph(steps: str) -> str:
    return 'paragraphs:\n  - id: "1"\n    steps:\n' + textwrap.indent(textwrap.dedent(steps), "      ")


HUGE = 1_000_000_000

#: name -> (content, problem code expected)
CORPUS: dict[str, tuple[Callable[[], str], str]] = {
    "billion_laughs": (_laughs, "YAML007"),
    "nested_ifs": (lambda: _nested_ifs(85), "YAML006"),
    "nested_brackets": (lambda: "paragraphs: " + "[" * 20000 + "]" * 20000 + "\n", "YAML006"),
    "huge_file": (lambda: _paragraph('- say: "' + "x" * (5 * 1024 * 1024) + '"\n'), "YAML008"),
    "many_dice": (lambda: _paragraph('- roll: {die: 99d100, ranges: {"1+": [{say: "x"}]}}\n'), "DICE004"),
    "huge_die": (lambda: _paragraph('- roll: {die: d999999, ranges: {"1+": [{say: "x"}]}}\n'), "DICE004"),
    "huge_die_notation": (lambda: _paragraph('- roll: {die: 99d1000000000, ranges: {"1+": [{say: "x"}]}}\n'), "SCHEMA001"),
    "huge_modifier": (
        lambda: _paragraph(f"""
            - roll:
                die: d6
                modifier: {{ask: {{key: huge, prompt: "How much?", type: integer, min: -{HUGE}, max: {HUGE}}}}}
                ranges: {{"<=0": [{{say: "low"}}], "2+": [{{say: "high"}}]}}
            """),
        "DICE001",
    ),
    "huge_match": (
        lambda: _paragraph(f"""
            - match:
                value: {{ask: {{key: wide, prompt: "Which?", type: integer, min: -{HUGE}, max: {HUGE}}}}}
                ranges: {{"<=0": [{{say: "low"}}], "1-5": [{{say: "mid"}}], "7+": [{{say: "high"}}]}}
            """),
        "DICE001",
    ),
    "for_each_subjects": (lambda: _paragraph(f'- for_each: {{subjects: {HUGE}, do: [{{say: "again"}}]}}\n'), "LIMIT001"),
    "backtracking_id_pattern": (lambda: 'title: {id: sample, name: Sample, id_pattern: "^(a+)+$"}\n', "ID004"),
    "broken_id_pattern": (lambda: 'title: {id: sample, name: Sample, id_pattern: "(["}\n', "ID004"),
    "duplicate_id": (lambda: _paragraph('- say: "one"\n') + '  - id: "1"\n    steps: [{say: "two"}]\n', "ID001"),
    "collection_escapes": (lambda: '"../../escape": [{id: x}]\n', "ID005"),
}


def _limited() -> None:  # runs in the child before the command
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PARAGRAPHS_NO_CACHE="1")
    try:
        return subprocess.run(
            [sys.executable, "-m", "paragraphs", *args],
            capture_output=True, text=True, env=env, timeout=TIMEOUT, preexec_fn=_limited,
        )
    except subprocess.TimeoutExpired:  # pragma: no cover - the regression this guards
        pytest.fail(f"paragraphs {' '.join(args)} ran for over {TIMEOUT} s")


def _assert_located(run: subprocess.CompletedProcess[str], code: str, path: Path) -> None:
    assert "Traceback" not in run.stderr and "MemoryError" not in run.stderr, run.stderr[-2000:]
    assert run.returncode == 1, (run.returncode, run.stdout[-2000:], run.stderr[-2000:])
    located = re.compile(rf"{re.escape(path.name)}:\d+:\d+: {code} \S")
    assert any(located.search(line) for line in run.stdout.splitlines()), run.stdout[-3000:]


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_validate_reports_each_limit_with_its_location(tmp_path, name):
    make, code = CORPUS[name]
    path = tmp_path / f"{name}.yaml"
    path.write_text(make(), encoding="utf-8")
    _assert_located(_run("validate", str(path)), code, path)


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_an_overlay_past_a_limit_is_reported_the_same_way(tmp_path, name):
    make, code = CORPUS[name]
    overlay = tmp_path / "mine"
    overlay.mkdir()
    path = overlay / f"{name}.yaml"
    path.write_text(make(), encoding="utf-8")
    _assert_located(_run("validate", "sample", "--overlay", str(overlay)), code, path)


def test_a_duplicate_id_across_two_overlay_folders_layers_instead(tmp_path):
    for folder, text in (("a", "one"), ("b", "two")):
        write_to = tmp_path / folder / "p.yaml"
        write_to.parent.mkdir()
        write_to.write_text(_paragraph(f'- say: "{text}"\n') + "    kind: start\n", encoding="utf-8")
    run = _run("validate", "sample", "--overlay", str(tmp_path / "a"), "--overlay", str(tmp_path / "b"))
    assert "ID001" not in run.stdout, run.stdout


def test_odds_refuses_a_huge_integer_question_before_listing_its_answers(tmp_path):
    overlay = tmp_path / "mine"
    overlay.mkdir()
    (overlay / "big.yaml").write_text(
        'paragraphs:\n  - id: "999"\n    steps:\n'
        '      - match:\n'
        '          value: {ask: {key: huge, prompt: "How many?", type: integer, min: 0, max: 20000000}}\n'
        '          ranges: {"<=5": [{say: "Few."}], "6+": [{say: "Many."}]}\n',
        encoding="utf-8",
    )
    # Exact odds never refuse for size (issue 8): the question becomes a frontier that
    # names it, decided before its twenty million answers are listed.
    run = _run("odds", "sample", "999", "--overlay", str(overlay), "--json")
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr[-2000:]
    frontier = json.loads(run.stdout)["tree"]["frontier"]
    assert frontier["needs"] == ["huge"] and "20000001 possible answers" in frontier["reason"]
