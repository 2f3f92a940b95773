"""The synthetic book used by the engine benchmarks (the generator is part of the benchmark).

1,000 paragraphs. Each rolls a d10 against a threshold with a modifier; one in five marks
one of ten sightings; one in five tests one; each jumps to one of two later paragraphs, at
most ``reach`` ahead (success and failure lead to different ones); the last ten end the
book. With the default reach of 8 a playthrough reads about 231 paragraphs; with a reach
of 40 (:data:`LONG_REACH`) about 49, so the cost of starting and ending a resolution
weighs five times as much.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

SIZE = 1000
SIGHTINGS = 10
#: How far ahead a paragraph may jump: the default book, and the book of short playthroughs.
REACH = 8
LONG_REACH = 40


@dataclass(frozen=True)
class Spec:
    """One paragraph as plain data, shared by the YAML book and the hand-written loop."""

    id: int
    threshold: int
    modifier: int
    marks: int | None  # sighting index marked when read
    tests: int | None  # sighting index tested: if set, success leads to `a`, else `b`
    a: int | None
    b: int | None


def specs(seed: int = 2026, size: int = SIZE, reach: int = REACH) -> list[Spec]:
    rng = random.Random(seed)
    out = []
    for i in range(1, size + 1):
        end = i > size - 10
        a = None if end else rng.randint(i + 1, min(size, i + reach))
        b = None if end else rng.randint(i + 1, min(size, i + reach))
        out.append(
            Spec(
                id=i,
                threshold=rng.randint(2, 7),
                modifier=rng.randint(-2, 2),
                marks=rng.randrange(SIGHTINGS) if i % 5 == 0 else None,
                tests=rng.randrange(SIGHTINGS) if i % 5 == 1 else None,
                a=a,
                b=b,
            )
        )
    return out


def book_yaml(items: list[Spec]) -> str:
    """The same book as paragraphs content (JSON is valid YAML)."""
    paragraphs = []
    for s in items:
        steps: list = []
        if s.marks is not None:
            steps.append({"mark_sighting": f"s{s.marks}"})
        if s.a is not None:
            success: list = [{"goto": str(s.a)}]
            if s.tests is not None:
                success = [{"if": {"test": {"sighting": f"s{s.tests}"}, "then": [{"goto": str(s.a)}], "else": [{"goto": str(s.b)}]}}]
            steps.append({"check": {"kind": "target", "die": "d10", "target": s.threshold, "modifier": s.modifier, "success": success, "failure": [{"goto": str(s.b)}]}})
        else:
            steps.append({"check": {"kind": "target", "die": "d10", "target": s.threshold, "modifier": s.modifier, "success": [{"say": "the end"}], "failure": [{"say": "the end"}]}})
        paragraphs.append({"id": str(s.id), "kind": "synthetic", "steps": steps})
    title = {"id": "synthetic", "name": "Synthetic book", "sightings": [{"id": f"s{k}"} for k in range(SIGHTINGS)]}
    return json.dumps({"title": title, "entry_points": [{"paragraph": "1", "source": "start"}], "paragraphs": paragraphs})


def engine(items: list[Spec] | None = None):  # type: ignore[no-untyped-def]
    """An engine over the synthetic book, compiled without the cache."""
    from paragraphs.content import SourceFile, compile_title
    from paragraphs.engine import Engine
    from paragraphs.grammar import grammar_for
    from paragraphs.plugins import make_plugin_manager

    host = make_plugin_manager(load_entrypoints=False)
    files = [SourceFile("synthetic.yaml", book_yaml(items or specs()).encode())]
    compiled = compile_title(host, "synthetic", files, "synthetic", grammar_for(host, "synthetic"))
    errors = [p.format() for p in compiled.errors]
    assert not errors, errors[:3]
    return Engine(compiled.book, host, max_entries=100_000)


def index(items: list[Spec]) -> dict[int, Spec]:
    """The paragraphs by id, built once (as the engine compiles its book once)."""
    return {s.id: s for s in items}


def plain_playthrough(by_id: dict[int, Spec], rng: random.Random) -> int:
    """The floor: a hand-written loop over the same data. Returns paragraphs visited."""
    seen = [False] * SIGHTINGS
    pid: int | None = 1
    visited = 0
    while pid is not None:
        s = by_id[pid]
        visited += 1
        if s.marks is not None:
            seen[s.marks] = True
        success = rng.randrange(10) + s.modifier <= s.threshold
        if s.a is None:
            break
        if success:
            pid = s.a if s.tests is None or seen[s.tests] else s.b
        else:
            pid = s.b
    return visited
