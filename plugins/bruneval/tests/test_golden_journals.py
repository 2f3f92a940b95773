"""100 whole automatic games (50 seeds, default options and optional rule 18) are the same
byte for byte as before the speed work (#13.3): the digest of each game's ``--json``
result, journal and rolls included, and the result of the same seed played without a
journal (the ``simulate`` path, where the journal text is never built).

``data/golden/record_journals.py`` rewrites ``journals.json``; do that only when a rule or
ruling deliberately changes games, and say so in the commit.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

GOLDEN = Path(__file__).parent / "data" / "golden"


def _record_module():
    spec = importlib.util.spec_from_file_location("golden_record_journals", GOLDEN / "record_journals.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_journals_and_results_are_unchanged() -> None:
    expected = json.loads((GOLDEN / "journals.json").read_text(encoding="utf-8"))
    got = _record_module().digests()
    assert got.keys() == expected.keys()
    changed = [key for key in expected if got[key] != expected[key]]
    assert not changed, f"{len(changed)} of {len(expected)} games changed, first: {changed[:5]}"
