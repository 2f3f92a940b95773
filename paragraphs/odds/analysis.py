"""What the content says about a paragraph before it runs: what can matter after a jump.

Exact odds memoise the rest of a resolution after each top-level jump, keyed by the
target and the part of the state that can still matter. These static summaries keep that
key small (so chains that differ only in irrelevant details share one subtree) and name
the questions a frontier leaf still depends on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from paragraphs.book import model as m

if TYPE_CHECKING:
    from paragraphs.interpreter.engine import Engine


class Relevance:
    """Which sightings and questions can still matter after a jump to a paragraph.

    What follows a jump depends only on the sightings some reachable paragraph tests or
    marks. A reachable paragraph with title steps, title predicates, procedures or an
    any-sighting test could look at any sighting: then all of them count (None).
    """

    def __init__(self, engine: Engine) -> None:
        from paragraphs.pipeline.graph import edges

        book = engine.book
        self.book = book
        self.succ: dict[str, set[str]] = {}
        for e in edges(book, engine.grammar):
            if e.target in book.paragraphs:
                self.succ.setdefault(e.source, set()).add(e.target)
        self.own: dict[str, tuple[set[str], set[str], bool, set[str]]] = {}
        for par in book.paragraphs.values():
            tested: set[str] = set()
            marked: set[str] = set(par.marks)
            asks: set[str] = set()
            opaque = False
            for step in m.walk_steps(par.steps):
                if isinstance(step, (m.MarkSighting, m.ClearSighting)):
                    marked.update(step.ids)
                elif isinstance(step, (m.TitleStep, m.ProcedureCall)):
                    opaque = True
                _questions_in(step, asks, book)
                for pred in m.step_predicates(step):
                    for p in m.walk_predicate(pred):
                        if isinstance(p, m.SightingIs):
                            tested.add(p.id)
                        elif isinstance(p, (m.AnySighting, m.TitlePredicate)):
                            opaque = True
            self.own[par.id] = (tested, marked, opaque, asks)
        #: ``see`` steps after which nothing more happens in their paragraph, by id()
        #: (the book holds the steps, and the engine holds this: the ids stay theirs)
        self.tail_sees: dict[int, m.See] = {}
        for par in book.paragraphs.values():
            _tail_sees(par.steps, self.tail_sees)
        self.cache: dict[str, frozenset[str] | None] = {}
        self.asks_cache: dict[str, tuple[str, ...]] = {}

    def _reachable(self, target: str) -> list[str]:
        seen = {target}
        todo = [target]
        out = []
        while todo:
            pid = todo.pop()
            out.append(pid)
            for nxt in self.succ.get(pid, ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return out

    def sightings(self, target: str) -> frozenset[str] | None:
        """Sightings tested or marked from ``target`` on (None: any could matter)."""
        if target in self.cache:
            return self.cache[target]
        out: set[str] = set()
        result: frozenset[str] | None = None
        for pid in self._reachable(target):
            tested, marked, opaque, _ = self.own.get(pid, (set(), set(), True, set()))
            if opaque:
                break
            out |= tested | marked
        else:
            result = frozenset(out)
        self.cache[target] = result
        return result

    def questions(self, target: str) -> tuple[str, ...]:
        """Keys of the questions the content can ask from ``target`` on (title code aside)."""
        hit = self.asks_cache.get(target)
        if hit is None:
            keys: set[str] = set()
            for pid in self._reachable(target):
                keys |= self.own.get(pid, (set(), set(), False, set()))[3]
            hit = self.asks_cache[target] = tuple(sorted(keys))
        return hit


def _tail_sees(steps: m.Steps, out: dict[int, m.See]) -> None:
    """Note the ``see`` steps in tail position of ``steps``: the last step run, with
    nothing after it in the step lists around it.

    The last step of a list is in tail position when the list is; the lists of a step's
    outcomes (``if``, ``first_of``, a check's or procedure's outcomes, a roll's or match's
    rows, a choice's options) are when the step is, since their handlers return what the
    list returns. A ``for_each`` body runs again for the next subject, a hook's body runs
    later, and a title step may do more after its branches: never tail.
    """
    if not steps:
        return
    last = steps[-1]
    if isinstance(last, m.See):
        out[id(last)] = last
    elif isinstance(last, (m.If, m.FirstOf, m.Check, m.ProcedureCall, m.Roll, m.Match, m.Choice)):
        if isinstance(last, m.Roll) and last.table:
            return
        for _, inner in m.child_step_lists(last):
            _tail_sees(inner, out)


def _questions_in(value: Any, out: set[str], book: m.Book) -> None:
    """Collect question keys anywhere inside a step (not in its nested step lists' steps twice: harmless)."""
    if isinstance(value, m.Question):
        out.add(value.key)
    elif isinstance(value, m.ValueOf):
        track = book.tracks.get(value.name)
        if track is not None and track.question is not None:
            out.add(track.question.key)
    elif isinstance(value, (tuple, list)):
        for item in value:
            _questions_in(item, out, book)
    elif isinstance(value, dict):
        for item in value.values():
            _questions_in(item, out, book)


def relevance(engine: Engine) -> Relevance:
    # kept on the engine itself: a cache keyed by id() could outlive its engine
    hit = getattr(engine, "_odds_relevance", None)
    if hit is None:
        hit = Relevance(engine)
        engine._odds_relevance = hit  # type: ignore[attr-defined]
    return hit


def counted_paragraphs(engine: Engine) -> set[str]:
    """Paragraphs whose read counts some predicate tests (the rest do not affect branching)."""
    known = getattr(engine, "_odds_counted", None)
    if known is not None:
        return known  # type: ignore[no-any-return]
    out: set[str] = set()
    for par in engine.book.paragraphs.values():
        for step in m.walk_steps(par.steps):
            for pred in m.step_predicates(step):
                for p in m.walk_predicate(pred):
                    if isinstance(p, (m.TimesRead, m.HasRead)):
                        out.add(p.paragraph)
    engine._odds_counted = out  # type: ignore[attr-defined]
    return out
