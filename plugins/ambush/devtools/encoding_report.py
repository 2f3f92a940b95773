"""Report on the Ambush! encoding against the booklet, for a range of paragraphs.

    python plugins/ambush/devtools/encoding_report.py --from 100 --to 234

Prints: paragraphs of the range not yet encoded; for each encoded one, the references
(paragraph-to-paragraph links) the booklet has that the encoding lacks, and those the
encoding adds; entry points missing for unreferenced paragraphs; validation problems in
the range (references to paragraphs outside the range that are not encoded yet are left
out); paragraphs that need a board question; paragraphs that are nothing but text.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import booklet  # noqa: E402

from paragraphs import model as m  # noqa: E402
from paragraphs.content import check_title  # noqa: E402
from paragraphs.graph import edges as content_edges  # noqa: E402
from paragraphs.grammar import grammar_for  # noqa: E402
from paragraphs.plugins import make_plugin_manager  # noqa: E402

CONTEXT_KEYS = {
    "mission", "condition", "phase", "gan", "los", "radio", "pc", "pc_highest", "pc_driver", "pc_assistant",
    "pc_german", "men", "activation_level", "mover", "entered_from", "accident", "mine_exploded",
    "boobytrap_exploded", "event_check", "grenade_strike", "wounded", "occupants", "facing",
}


def number(p: str) -> int:
    return int(p.lstrip("T"))


def board_questions(par: m.Paragraph) -> list[str]:
    """Keys of the questions a paragraph itself asks beyond the shared context."""
    keys = []
    for step in m.walk_steps(par.steps):
        if isinstance(step, (m.AskStep, m.Choice)):
            keys.append(step.question.key)
        if isinstance(step, m.TitleStep) and isinstance(step.args, dict) and isinstance(step.args.get("hex"), dict) and "first_free" in step.args["hex"]:
            keys.append("first_free")
        for pred in m.step_predicates(step):
            for p in m.walk_predicate(pred):
                if isinstance(p, m.Asked) and p.question.key not in CONTEXT_KEYS:
                    keys.append(p.question.key)
    return keys


def text_only(par: m.Paragraph) -> bool:
    return all(isinstance(s, (m.Say, m.Note)) for s in par.steps)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--from", dest="lo", type=int, default=100)
    ap.add_argument("--to", dest="hi", type=int, default=999)
    args = ap.parse_args(argv)
    host = make_plugin_manager(strict=True)
    compiled = check_title(host, "ambush")
    book = compiled.book
    grammar = grammar_for(host, "ambush")
    in_range = lambda p: args.lo <= number(p) <= args.hi  # noqa: E731
    wanted = sorted((p for p in booklet.paragraphs() if in_range(p)), key=number)
    have = set(book.paragraphs) if book else set()
    missing = [p for p in wanted if p not in have]
    print(f"range {args.lo}-{args.hi}: {len(wanted)} paragraphs in the booklet, {len(wanted) - len(missing)} encoded")
    if missing:
        print("  not encoded yet:", " ".join(missing))
    ours: dict[str, set[str]] = {}
    for e in content_edges(book, grammar) if book else ():
        ours.setdefault(e.source, set()).add(e.target)
    theirs: dict[str, set[str]] = {}
    for a, b in booklet.edges():
        theirs.setdefault(a, set()).add(b)
    bad_links = 0
    for p in wanted:
        if p not in have:
            continue
        lack = sorted(theirs.get(p, set()) - ours.get(p, set()), key=number)
        extra = sorted(ours.get(p, set()) - theirs.get(p, set()), key=number)
        if lack or extra:
            bad_links += 1
            print(f"  {p}: links missing {lack or '-'}; links the booklet does not have {extra or '-'}")
    entries = {ep.paragraph for ep in book.entry_points} if book else set()
    need_entry = sorted((p for p in booklet.unreferenced() if in_range(p) and p not in entries), key=number)
    if need_entry:
        print("  entry points missing for:", " ".join(need_entry))
    damaged_unflagged = sorted(p for p in booklet.DAMAGED if in_range(p) and p in have and not book.paragraphs[p].damaged)
    if damaged_unflagged:
        print("  damaged in the source but not flagged:", " ".join(damaged_unflagged))
    problems = []
    for prob in compiled.problems:
        par = _paragraph_at(book, prob) if book else None
        if par is not None and not in_range(par):
            continue
        if prob.code == "REF001":
            target = prob.message.split("paragraph ")[-1].split(",")[0]
            if target.lstrip("T").isdigit() and not in_range(target) and target not in have:
                continue
        if prob.code in ("REF002", "SIGHT001", "SIGHT002") and par is None:
            continue
        if prob.code == "REF002" and par and not in_range(par):
            continue
        problems.append(prob)
    for prob in problems:
        print("  " + prob.format() + f" [{prob.severity.value}]")
    asking = [p for p in wanted if p in have and board_questions(book.paragraphs[p])]
    texts = [p for p in wanted if p in have and text_only(book.paragraphs[p])]
    print(f"  {len(asking)} paragraphs ask a board question; {len(texts)} are nothing but text: {' '.join(texts)}")
    print(f"  {bad_links} paragraphs with link differences, {sum(1 for p in problems if p.severity.value == 'error')} errors")
    return 0


def _paragraph_at(book: m.Book, prob) -> str | None:  # type: ignore[no-untyped-def]
    best = None
    for par in book.paragraphs.values():
        if par.pos.path == prob.pos.path and par.pos.line <= prob.pos.line:
            if best is None or par.pos.line > best.pos.line:
                best = par
    return best.id if best else None


if __name__ == "__main__":
    raise SystemExit(main())
