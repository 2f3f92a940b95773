"""The reference graph of a book: which paragraph any step can enter from which.

Edges come from ``see``, ``goto``, die and value table rows, choice options, hook bodies
and title steps that declare references (``perform``). Retirement lists and mentions are
not edges. Ids, kinds and this graph are not spoilers.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from paragraphs.book import model as m
from paragraphs.pipeline.grammar import Grammar

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # the standard decorator, its methods compiled once between runs (start-up time)
    from paragraphs.foundation.dataclass_code import dataclass


@dataclass(frozen=True, slots=True)
class Edge:
    source: str
    target: str
    kind: str  # see, goto, hook, title step id
    guarded: bool  # only under a condition, a roll, a check, a choice or a hook
    pos: Any


def edges(book: m.Book, grammar: Grammar | None = None) -> Iterator[Edge]:
    """Every reference from every paragraph, with how it is reached."""
    for par in book.paragraphs.values():
        yield from _from_steps(par.id, par.steps, False, grammar)


def _from_steps(source: str, steps: m.Steps, guarded: bool, grammar: Grammar | None) -> Iterator[Edge]:
    for step in steps:
        if isinstance(step, m.See):
            yield Edge(source, step.to, step.purpose or "see", guarded, step.pos)
        elif isinstance(step, m.Goto):
            yield Edge(source, step.to, "goto", guarded, step.pos)
        elif isinstance(step, m.TitleStep) and grammar is not None:
            kind = grammar.steps.get(step.kind)
            if kind is not None and kind.refs is not None:
                for target in kind.refs(step.args):
                    yield Edge(source, str(target), step.kind, guarded, step.pos)
        if isinstance(step, m.FirstOf):
            # a branch is unguarded only when its test and every test before it is `true`
            earlier_tests = False
            for br in step.branches:
                plain = isinstance(br.when, m.Always) and br.when.value
                g = guarded or earlier_tests or not plain
                earlier_tests = earlier_tests or not plain
                yield from _from_steps(source, br.do, g, grammar)
            continue
        for _, inner in m.child_step_lists(step):
            # anything nested (a branch, a row, an option, a hook body) runs only sometimes
            yield from _from_steps(source, inner, True, grammar)


def distinct_edges(book: m.Book, grammar: Grammar | None = None) -> list[tuple[str, str]]:
    """The distinct, sorted ``(from, to)`` pairs."""
    return sorted({(e.source, e.target) for e in edges(book, grammar)}, key=lambda p: (_sort_key(p[0]), _sort_key(p[1])))


def _sort_key(pid: str) -> tuple[int, str]:
    digits = "".join(ch for ch in pid if ch.isdigit())
    return (int(digits) if digits else 10**9, pid)


def sorted_ids(ids: Any) -> list[str]:
    return sorted(ids, key=_sort_key)


def to_json(book: m.Book, grammar: Grammar | None = None) -> dict[str, Any]:
    return {
        "title": book.title,
        "nodes": sorted_ids(book.paragraphs),
        "edges": [list(p) for p in distinct_edges(book, grammar)],
    }


def to_mermaid(book: m.Book, grammar: Grammar | None = None) -> str:
    lines = ["flowchart TD"]
    for pid in sorted_ids(book.paragraphs):
        lines.append(f"  p{_safe(pid)}[\"{pid} ({book.paragraphs[pid].kind})\"]")
    for a, b in distinct_edges(book, grammar):
        lines.append(f"  p{_safe(a)} --> p{_safe(b)}")
    return "\n".join(lines) + "\n"


def to_dot(book: m.Book, grammar: Grammar | None = None) -> str:
    lines = [f'digraph "{book.title}" {{', "  node [shape=box];"]
    for pid in sorted_ids(book.paragraphs):
        lines.append(f'  "{pid}" [label="{pid}\\n{book.paragraphs[pid].kind}"];')
    for a, b in distinct_edges(book, grammar):
        lines.append(f'  "{a}" -> "{b}";')
    lines.append("}")
    return "\n".join(lines) + "\n"


def _safe(pid: str) -> str:
    return "".join(ch if ch.isalnum() else "_" for ch in pid)


def reachable(book: m.Book, grammar: Grammar | None, starts: list[str]) -> set[str]:
    """Paragraphs reachable from ``starts`` (hook bodies included)."""
    out_edges: dict[str, set[str]] = {}
    for e in edges(book, grammar):
        out_edges.setdefault(e.source, set()).add(e.target)
    seen: set[str] = set()
    todo = [s for s in starts if s in book.paragraphs]
    while todo:
        pid = todo.pop()
        if pid in seen:
            continue
        seen.add(pid)
        todo.extend(t for t in out_edges.get(pid, ()) if t not in seen and t in book.paragraphs)
    return seen


def strongly_connected(nodes: list[str], succ: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iterative; returns components with more than one node or a self-loop."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(sorted(succ.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, it = work[-1]
            advanced = False
            for nxt in it:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(succ.get(nxt, ())))))
                    advanced = True
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == node:
                        break
                if len(comp) > 1 or node in succ.get(node, ()):
                    out.append(sorted_ids(comp))
    return out
