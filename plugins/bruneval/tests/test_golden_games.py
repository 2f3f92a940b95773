"""The same seeds give the same games, byte for byte, as before the speed work (#13.3).

The golden files in ``data/golden`` are ``play bruneval --auto`` outputs (``--json`` and the
text journal) recorded from main before any speed-up, and the VP, level and turns of 300
games played without a journal (the ``simulate`` path). ``data/golden/record.py`` rewrites
them; do that only when a rule or ruling deliberately changes games, and say so in the commit.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from paragraphs.cli import main

GOLDEN = Path(__file__).parent / "data" / "golden"


def _record_module():
    spec = importlib.util.spec_from_file_location("golden_record", GOLDEN / "record.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


RECORD = _record_module()


@pytest.mark.parametrize("stem,args", RECORD.CASES, ids=[c[0] for c in RECORD.CASES])
@pytest.mark.parametrize("suffix", [".json", ".txt"])
def test_play_auto_output_is_unchanged(capsys, monkeypatch, stem: str, args: list[str], suffix: str) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    code = main(["play", "bruneval", "--auto", *args, *(["--json"] if suffix == ".json" else [])])
    out = capsys.readouterr().out
    assert code == 0
    assert out.encode() == (GOLDEN / (stem + suffix)).read_bytes()


def test_series_without_journal_is_unchanged() -> None:
    assert RECORD.series() == json.loads((GOLDEN / "series.json").read_text())
