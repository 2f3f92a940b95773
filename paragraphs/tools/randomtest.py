"""Seeded random playthroughs with paragraph and branch coverage (like ChoiceScript's Randomtest).

Run ``i`` is seeded from the base seed and ``i``. Each run starts a fresh play-through and
makes a few resolutions from entry points chosen at random (every entry point is used in
turn first), answering every question at random and rolling seeded dice. Any failure is
reported with its seed and trail, so it can be replayed with ``read --seed``.
"""

from __future__ import annotations

import random
from paragraphs.foundation.dataclass_code import field
from typing import TYPE_CHECKING, Any

from paragraphs.book import model as m
from paragraphs.book.cells import is_cell_key
from paragraphs.book.dice import SeededDice, derive_seed
from paragraphs.interpreter.engine import Engine
from paragraphs.foundation.errors import ParagraphsError, UsageError

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # the standard decorator, its methods compiled once between runs (start-up time)
    from paragraphs.foundation.dataclass_code import dataclass


@dataclass
class Failure:
    run: int
    seed: int
    start: str
    answers: dict[str, Any]
    trail: list[str]
    error: str
    #: how the command line names the book (a title id, or a content folder)
    title: str = ""

    def format(self) -> str:
        answers = " ".join(f"--answer {k}={_show(v)}" for k, v in sorted(self.answers.items()))
        replay = f"paragraphs read {self.title} {self.start} --seed {self.seed} {answers}".rstrip()
        return f"run {self.run} (seed {self.seed}) from {self.start}: {self.error}\n  trail: {' > '.join(self.trail)}\n  replay: {replay}"


@dataclass
class Report:
    title: str
    runs: int
    resolutions: int
    paragraphs_total: int
    paragraphs_seen: set[str] = field(default_factory=set)
    branches_total: int = 0
    branches_seen: set[tuple[str, str]] = field(default_factory=set)
    failures: list[Failure] = field(default_factory=list)
    #: runs that stopped at a table cell the source does not give: (run, seed, start, cell key)
    stopped: list[tuple[int, int, str, str]] = field(default_factory=list)
    #: (step position, branch label) -> paragraph id, for every branch point
    branch_paragraphs: dict[tuple[str, str], str] = field(default_factory=dict)

    @property
    def unseen_branches(self) -> list[tuple[str, str, str]]:
        """(paragraph, step position, branch label) of every branch no run took, in order."""
        missed = set(self.branch_paragraphs) - self.branches_seen
        return sorted(((self.branch_paragraphs[k], k[0], k[1]) for k in missed), key=lambda t: (_num(t[0]), _pos_key(t[1]), t[2]))

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "runs": self.runs,
            "resolutions": self.resolutions,
            "paragraph_coverage": {"seen": len(self.paragraphs_seen), "total": self.paragraphs_total},
            "branch_coverage": {"seen": len(self.branches_seen), "total": self.branches_total},
            "unseen_paragraphs": sorted(self.unseen, key=_num),
            "unseen_branches": [{"paragraph": par, "at": at, "branch": label} for par, at, label in self.unseen_branches],
            "failures": [f.__dict__ for f in self.failures],
            "stopped_at_unknown_cells": [{"run": r, "seed": sd, "start": st, "cell": key} for r, sd, st, key in self.stopped],
        }

    unseen: set[str] = field(default_factory=set)

    def format(self) -> str:
        pc = 100 * len(self.paragraphs_seen) / max(1, self.paragraphs_total)
        bc = 100 * len(self.branches_seen) / max(1, self.branches_total)
        lines = [
            f"{self.title}: {self.runs} runs, {self.resolutions} resolutions, {len(self.failures)} failures"
            + (f", {len(self.stopped)} stopped at unknown cells ({', '.join(sorted({k for *_, k in self.stopped}))})" if self.stopped else ""),
            f"paragraph coverage {len(self.paragraphs_seen)}/{self.paragraphs_total} ({pc:.1f}%)",
            f"branch coverage {len(self.branches_seen)}/{self.branches_total} ({bc:.1f}%)",
        ]
        missed = self.unseen_branches
        if missed:
            lines.append("branches never taken:")
            lines += [f"  {at}: {label} (paragraph {par})" for par, at, label in missed[:20]]
            if len(missed) > 20:
                lines.append(f"  ... and {len(missed) - 20} more (--json lists them all)")
        lines += [f.format() for f in self.failures[:20]]
        return "\n".join(lines)


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _num(pid: str) -> tuple[int, str]:
    digits = "".join(ch for ch in pid if ch.isdigit())
    return (int(digits) if digits else 0, pid)


def _pos_key(pos: str) -> tuple[str, int, int]:
    path, _, rest = pos.rpartition(":")
    path, _, line = path.rpartition(":")
    return (path, int(line) if line.isdigit() else 0, int(rest) if rest.isdigit() else 0)


def branch_points(book: m.Book) -> set[tuple[str, str]]:
    """Every (step position, branch label) a playthrough can take."""
    return set(branch_paragraphs(book))


def branch_paragraphs(book: m.Book) -> dict[tuple[str, str], str]:
    """Every (step position, branch label) a playthrough can take, with its paragraph."""
    out: dict[tuple[str, str], str] = {}
    for par in book.paragraphs.values():
        for step in m.walk_steps(par.steps):
            if isinstance(step, (m.If, m.FirstOf, m.Check, m.Roll, m.Match, m.Choice, m.ProcedureCall)):
                for label, _ in m.child_step_lists(step):
                    out.setdefault((str(step.pos), label), par.id)
    return out


def random_test(engine: Engine, *, runs: int = 200, seed: int = 0, steps: int = 6, name: str | None = None) -> Report:
    """Play ``runs`` seeded random playthroughs and report coverage and failures.

    ``name`` is how a replay command names the book (the title id by default; the
    folder for a book opened from a folder).
    """
    book = engine.book
    name = name or book.title
    entries = [ep.paragraph for ep in book.entry_points if ep.paragraph in book.paragraphs] or list(book.paragraphs)[:1]
    if not entries:
        # a title of procedures only (a referee, a raid game): random.choice([]) once ended
        # the command with an IndexError traceback
        raise UsageError(f"{name} has no paragraphs: randomtest reads a book's paragraphs at random, and this title has none to read")
    report = Report(book.title, runs, 0, len(book.paragraphs))
    report.branch_paragraphs = branch_paragraphs(book)
    points = set(report.branch_paragraphs)
    report.branches_total = len(points)
    seen_branches: set[tuple[str, str]] = set()
    engine.observer = lambda step, label: seen_branches.add((str(step.pos), label))
    order = iter(entries)
    for run in range(runs):
        run_seed = derive_seed(seed, run)
        rng = random.Random(run_seed)
        state = engine.new_state()
        dice = SeededDice(run_seed)
        for _ in range(steps):
            start = next(order, None) or rng.choice(entries)
            answers: dict[str, Any] = {}
            try:
                for _attempt in range(50):
                    result = engine.resolve(start, state, answers, dice=dice)
                    if result.done:
                        break
                    q = result.questions[0]
                    if is_cell_key(q.key):
                        break  # the source does not give this cell: the run stops, it has not failed
                    if q.key.startswith("roll."):
                        raise ParagraphsError(f"seeded dice asked for a roll: {q.prompt}")
                    answers[q.key] = q.random_answer(rng)
                else:
                    raise ParagraphsError("still asking questions after 50 answers")
            except ParagraphsError as exc:
                report.failures.append(Failure(run, run_seed, start, answers, list(getattr(exc, "trail", None) or getattr(exc, "cycle", []) or []), str(exc), name))
                break
            except Exception as exc:  # an engine bug: report it like a failure, with the seed
                report.failures.append(Failure(run, run_seed, start, answers, [], f"{type(exc).__name__}: {exc}", name))
                break
            if not result.done:
                report.stopped.append((run, run_seed, start, result.questions[0].key))
                report.paragraphs_seen.update(result.trail)
                break
            report.resolutions += 1
            report.paragraphs_seen.update(result.trail)
            state = result.state
            state.journal.clear()  # keep long runs small; undo is not needed here
    engine.observer = None
    report.branches_seen = seen_branches & points
    report.unseen = set(book.paragraphs) - report.paragraphs_seen
    return report


