"""Own words only: find runs of ten words that the repository shares with the rulebooks.

The project rule: no rulebook or paragraph prose is copied into content, code, docs or
tests. This module is the check behind ``tests/test_own_words.py`` and a script for
authors::

    python3 tests/own_words.py            # every copied run as path:line: run [seed]
    python3 tests/own_words.py FILE...    # only these files

It exits 0 when nothing is copied, 1 with findings, 2 when the seeds are missing.

How a run is compared. Text is lowercased, apostrophes are dropped (``don't`` is ``dont``)
and everything that is not a letter or a digit separates words, so ``X-19`` is the two
words ``x 19`` and ``commence_rounds`` is ``commence rounds``. Every ten consecutive words
of a seed form a shingle; a file copies a run when ten consecutive words of it, across line
breaks and markup, are a shingle of any seed.

What is left out (the data rule). Die ranges, hex and unit ids, paragraph number lists and
chart headers are facts: the content must state them exactly as printed, and a die table
such as ``0-1 B-12, 2-3 D-7, 4-5 K-3`` can share ten "words" with a booklet without a
word of prose. A shared run therefore counts only when at least ``MIN_PROSE_WORDS`` (6)
of its ten words are prose words: letters only, two letters or more. Numbers, ids such
as ``c1`` and single letters (hex columns, table labels) are not prose words.

The seeds live outside the repository in the read-only ``shared`` folder beside it
(``../shared/seeds``; ``PARAGRAPHS_SHARED`` names another ``shared`` folder), as for the
Ambush! fact-check tools (``plugins/ambush/devtools/booklet.py``).
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("PARAGRAPHS_SHARED", REPO.parent / "shared"))
SEEDS = SHARED / "seeds"

RUN = 10
MIN_PROSE_WORDS = 6

#: what is scanned: every text file under these, and these top-level files
ROOTS = ("content", "plugins", "paragraphs", "docs", "tests", "schemas", "benchmarks")
TOP_FILES = ("README.md", "CHANGELOG.md", "mkdocs.yml", "tasks.py", "pyproject.toml", "conftest.py")
TEXT_SUFFIXES = {".py", ".yaml", ".yml", ".md", ".txt", ".json", ".toml", ".cfg", ".ini", ".html", ".svg", ".csv"}
#: build output, caches and installs are not the project's own text
SKIP_DIRS = {".git", ".venv", "__pycache__", ".mypy_cache", ".pytest_cache", "node_modules", "site", "site-src", "build", "dist"}

_APOSTROPHES = re.compile(r"['\u2019]")
_WORD = re.compile(r"[^\W_]+")


@dataclass(frozen=True)
class Finding:
    """One stretch of a file copied from a seed: overlapping shared runs merged."""

    path: str
    line: int
    seed: str
    words: tuple[str, ...]
    runs: int  # how many ten-word runs the stretch holds

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {' '.join(self.words)} [{self.seed}, {self.runs} run(s)]"


class SeedsMissing(RuntimeError):
    """The rulebook texts are not beside the repository: nothing can be compared."""


def words(text: str) -> list[str]:
    """The words of a text as the check compares them."""
    return _WORD.findall(_APOSTROPHES.sub("", text.lower()))


def is_prose(run: Iterable[str]) -> bool:
    """Whether a run of words holds enough prose to count as copied (the data rule)."""
    return sum(1 for w in run if len(w) >= 2 and w.isalpha()) >= MIN_PROSE_WORDS


def seed_files(folder: Path = SEEDS) -> list[Path]:
    found = sorted(folder.glob("*.txt")) if folder.is_dir() else []
    if not found:
        raise SeedsMissing(
            f"no rulebook seeds in {folder}: the own-words check needs the read-only shared folder "
            "beside the repository (../shared/seeds), or PARAGRAPHS_SHARED naming a shared folder"
        )
    return found


def shingles(seeds: Iterable[Path]) -> dict[tuple[str, ...], str]:
    """Every prose run of ten words of the seeds, with the seed it comes from."""
    runs: dict[tuple[str, ...], str] = {}
    for seed in seeds:
        w = words(seed.read_text(encoding="utf-8"))
        for i in range(len(w) - RUN + 1):
            run = tuple(w[i : i + RUN])
            if run not in runs and is_prose(run):
                runs[run] = seed.name
    return runs


def scan_text(text: str, runs: dict[tuple[str, ...], str], path: str) -> list[Finding]:
    """The copied stretches of one text, each with the line where it starts."""
    # removing apostrophes keeps every line break, so lines counted in the cleaned text are the file's
    cleaned = _APOSTROPHES.sub("", text.lower())
    starts: list[int] = []
    tokens: list[str] = []
    for match in _WORD.finditer(cleaned):
        starts.append(match.start())
        tokens.append(match.group())
    found: list[Finding] = []
    i, last = 0, len(tokens) - RUN
    while i <= last:
        seed = runs.get(tuple(tokens[i : i + RUN]))
        if seed is None:
            i += 1
            continue
        end = i + 1  # extend over every following shared run: one finding per stretch
        while end <= last and tuple(tokens[end : end + RUN]) in runs:
            end += 1
        line = cleaned.count("\n", 0, starts[i]) + 1
        found.append(Finding(path, line, seed, tuple(tokens[i : end - 1 + RUN]), end - i))
        i = end  # not shared: a later overlapping copy is its own stretch
    return found


def repository_files(repo: Path = REPO) -> Iterator[Path]:
    """The project's own text files (symbolic links are followed nowhere: their target is scanned)."""
    for name in TOP_FILES:
        if (repo / name).is_file():
            yield repo / name
    for root in ROOTS:
        for folder, dirs, files in os.walk(repo / root):
            dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not d.endswith(".egg-info") and not os.path.islink(os.path.join(folder, d)))
            for name in sorted(files):
                path = Path(folder, name)
                if path.suffix in TEXT_SUFFIXES and not path.is_symlink():
                    yield path


def scan(paths: Iterable[Path] | None = None, repo: Path = REPO, seeds: Path = SEEDS) -> list[Finding]:
    """Every copied stretch in the given files (by default the whole repository)."""
    runs = shingles(seed_files(seeds))
    found: list[Finding] = []
    for path in repository_files(repo) if paths is None else paths:
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        shown = path.relative_to(repo) if path.is_relative_to(repo) else path
        found += scan_text(text, runs, str(shown))
    return found


def main(argv: list[str]) -> int:
    try:
        found = scan([Path(a).resolve() for a in argv] or None)
    except SeedsMissing as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    for finding in found:
        print(finding)
    runs = sum(f.runs for f in found)
    print(f"{len(found)} copied stretch(es), {runs} ten-word run(s) shared with the seeds", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
