"""The title's content, code, docs and transcripts are in their own words: no run of ten
words of the rulebook is copied, and the docs' Python example runs as printed."""

from __future__ import annotations

import re
from pathlib import Path

SEED = Path("/work/shared/seeds/002_33fd920d80ddd1f8.txt")
REPO = Path(__file__).resolve().parents[3]
DOC = REPO / "docs" / "titles" / "spi_commando.md"


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def test_no_ten_word_run_is_copied_from_the_rulebook() -> None:
    seed = _words(SEED.read_text(encoding="utf-8"))
    # numbers are facts to copy exactly: a run counts when it holds six words or more
    runs = {run for run in (tuple(seed[i : i + 10]) for i in range(len(seed) - 9)) if sum(not w.isdigit() for w in run) >= 6}
    ours = [
        *(REPO / "content" / "spi_commando").rglob("*.yaml"),
        *(REPO / "plugins" / "spi_commando").rglob("*.py"),
        *(REPO / "plugins" / "spi_commando" / "tests" / "golden").glob("*.txt"),
        DOC,
    ]
    copied = []
    for path in ours:
        words = _words(path.read_text(encoding="utf-8"))
        copied += [f"{path.name}: {' '.join(words[i : i + 10])}" for i in range(len(words) - 9) if tuple(words[i : i + 10]) in runs]
    assert not copied, copied[:5]


def test_the_docs_python_example_runs() -> None:
    text = DOC.read_text(encoding="utf-8")
    (block,) = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    seen: list[str] = []
    exec(compile(block, str(DOC), "exec"), {"print": lambda *a: seen.append(" ".join(map(str, a)))})
    assert len(seen) == 1 and seen[0] == "B1 wounded 3 WP: wounded (chance 87)", seen
