"""Odds as text for a player: an indented tree, exact fractions and percentages.

Spoiler-safe by default: the rolls and questions of the paragraph asked about, and the
ids of the paragraphs it sends to; what happens once a branch leaves it (sightings
marked, advantages, VP, later rolls) only with ``spoilers``. The display is folded to a
line limit (deeper levels summarised on one line); folding never changes the numbers.
A procedure with open parameters is shown as one compact table row per parameter range.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from paragraphs.odds.tree import Node, Segment

if TYPE_CHECKING:
    from paragraphs.odds import OddsResult

DEFAULT_LINES = 40


def fraction_text(p: Fraction) -> str:
    """``1/2 (50%)``: exact, then rounded for the eye (never 0% or 100% unless exact)."""
    pct = float(p) * 100
    if p not in (0, 1):
        pct_text = f"{pct:.1f}%" if 0.1 <= pct < 99.9 else f"{pct:.2g}%" if pct < 0.1 else ">99.9%"
    else:
        pct_text = f"{pct:.0f}%"
    return f"{p.numerator}/{p.denominator} ({pct_text})"


def render(result: OddsResult, *, spoilers: bool | None = None, lines: int | None = DEFAULT_LINES, title: str = "") -> str:
    """The result as text; ``lines=None`` shows everything (``--all``)."""
    show = result.spoilers if spoilers is None else spoilers
    head = f"{title} {result.target}".strip()
    out = [f"Odds of {head}" + (f" (to depth {result.depth})" if result.depth is not None else "")]
    if result.kind == "procedure" and result.assumed:
        body = _parameter_table(result)
    elif result.kind == "procedure":
        totals: dict[str, Fraction] = {}
        for o in result.outcomes:
            totals[o.label] = totals.get(o.label, Fraction(0)) + o.probability
        width = max(len(k) for k in totals)
        body = [f"  {label.ljust(width)}  {fraction_text(p)}" for label, p in sorted(totals.items(), key=lambda kv: -kv[1])]
    else:
        body = _tree_lines(result, show, lines)
    out.extend(body)
    if lines is not None and len(out) > lines:
        hidden = len(out) - (lines - 1)
        out = out[: lines - 1] + [f"... {hidden} more lines (--all shows everything)"]
    mass = result.frontier_mass
    if mass and result.kind == "paragraph" and not result.assumed:
        out.append(f"Past the budget or depth: {fraction_text(mass)} continues beyond what was computed (--depth, --budget).")
    if not show and result.kind == "paragraph":
        out.append("What happens further on is hidden; --spoilers shows it.")
    return "\n".join(out)


# --------------------------------------------------------------------------- trees


def _tree_lines(result: OddsResult, spoilers: bool, limit: int | None) -> list[str]:
    assert result.tree is not None
    target = result.target
    best: list[str] = []
    # the deepest display level that fits the limit (folding never hides a branch of
    # the first level: the line limit cuts those at the end)
    for level in range(1, 64):
        lines: list[str] = []
        folded = _walk(result.start, result.tree, 1, level, spoilers, target, lines, Segment())
        if limit is not None and len(lines) + 3 > limit and best:
            break
        best = lines
        if not folded:
            break
    return best


def _walk(seg: Segment, node: Node, indent: int, levels: int, spoilers: bool, target: str, out: list[str], so_far: Segment) -> bool:
    """Append the lines of ``node`` (reached by ``seg``); True if something was folded."""
    pad = "  " * indent
    here = so_far + seg
    if indent == 1:
        out.append(pad + _segment_text(seg, Segment(), spoilers, target, start=True))
    if node.kind == "leaf":
        return False
    folded = False
    if node.kind == "question":
        out.append(f"{pad}depends on: {node.what} [{node.key}]")
    elif node.what:
        out.append(f"{pad}{node.what}")
    width = max(6, *(len(b[0]) for b in node.branches))
    for label, _values, p, bseg, child in node.branches:
        after = here + bseg
        text = _segment_text(bseg, here, spoilers, target)
        left = _left(after, target) and not spoilers
        tail = _leaf_text(child, spoilers or not left)
        if child.kind != "leaf" and left:
            tail = _count(child)
        fold = child.kind != "leaf" and not left and levels <= 1
        parts = [x for x in (text, tail, _count(child) if fold else "") if x]
        if not parts and child.kind == "leaf":
            parts = ["ends"]
        joined = "; ".join(parts)
        if node.kind == "question":
            line = f"{pad}  {node.key} {label}: {joined}"
        else:
            line = f"{pad}  {label:>{width}}  {fraction_text(p or Fraction(0)):<18} {joined}"
        out.append(line.rstrip())
        if fold:
            folded = True
        elif child.kind != "leaf" and not left:
            folded |= _walk(EMPTY_SEG, child, indent + 2, levels - 1, spoilers, target, out, after)
    return folded


EMPTY_SEG = Segment()


def _left(seg: Segment, target: str) -> bool:
    return any(pid != target for pid in seg.trail)


def _count(node: Node) -> str:
    return f"then {node.leaves} outcomes" if node.leaves != 1 else "then 1 outcome"


def _leaf_text(node: Node, spoilers: bool) -> str:
    if node.kind != "leaf":
        return ""
    bits = []
    if node.label is not None:
        bits.append(node.label)
    if node.frontier is not None:
        at, needs, reason = node.frontier["at"], node.frontier["needs"], node.frontier["reason"]
        why = {"budget": " (past the node budget)", "loop": " (a loop)"}.get(reason, "")
        bits.append(f"continues at {at}{why}" + (f"; depends on {', '.join(needs)}" if needs and spoilers else ""))
    if node.unknown is not None:
        bits.append(f"unknown: {node.unknown}")
    return "; ".join(bits)


def _segment_text(seg: Segment, before: Segment, spoilers: bool, target: str, start: bool = False) -> str:
    """A branch's segment: where it goes, and (with spoilers, or inside the target) what it does."""
    trail = seg.trail
    if start:
        text = " -> ".join(trail) if trail else target
    elif not trail:
        text = ""
    elif spoilers:
        text = "-> " + " -> ".join(trail)
    else:
        # spoiler-safe: only the first paragraph the target sends to
        already_left = _left(before, target)
        if already_left:
            return ""
        nxt = [pid for pid in trail if pid != target]
        text = f"-> {nxt[0]}" if nxt else ""
    inside = not _left(before + seg, target)
    details = []
    checks = [e.removeprefix("check:") for e in seg.effects if e.startswith("check:")]
    if checks and (spoilers or not _left(before, target)):
        details.append(", ".join(checks))
    if spoilers or inside:
        others = [e for e in seg.effects if not e.startswith("check:") and "=" not in e]
        if others:
            details.append(", ".join(others))
        if seg.marked:
            details.append("marks " + ", ".join(seg.marked))
        for k, v in seg.counters:
            details.append(f"{k} {v:+d}")
        for name, encoded in seg.values:
            value = json.loads(encoded)
            if spoilers or isinstance(value, (int, float, bool)) or (isinstance(value, str) and len(value) <= 24):
                details.append(f"{name}={value}")
    return "; ".join(x for x in [text, *details] if x)


# --------------------------------------------------------------------------- procedure tables


def _parameter_table(result: OddsResult) -> list[str]:
    """One row per range of the open parameters that gives the same result, one column per label.

    Every full assignment of the parameters gets its distribution of labels; runs of
    consecutive values with the same distribution (for the last parameter) or the same
    sub-table (for the ones before) merge into one range.
    """
    import itertools
    import math

    keys = [q.key for q in result.questions]
    domains = [q.domain() for q in result.questions]
    totals: dict[str, Fraction] = {}
    unknown = sorted({o.label for o in result.outcomes if o.label.startswith(UNKNOWN_PREFIX)})
    for o in result.outcomes:
        totals[_column(o.label)] = totals.get(_column(o.label), Fraction(0)) + o.probability
    columns = sorted(totals, key=lambda k: -totals[k])
    # one column for every cell the source lacks (one per cell would make the table
    # unreadable); which cells they are is said under the table and kept in --json
    note = [f"{UNKNOWN_COLUMN}: {len(unknown)} cell(s) the source lacks, e.g. {unknown[0][len(UNKNOWN_PREFIX):]} (give one with --answer KEY=VALUE; --json lists them)"] if len(unknown) > 1 else []
    if math.prod(len(d) for d in domains) > 20_000:
        return _outcome_rows(result, keys, columns) + note
    decoded = [(o, {k: json.loads(v) for k, v in o.answers}) for o in result.outcomes]

    def dist(assignment: dict[str, Any]) -> tuple[Fraction, ...]:
        got = dict.fromkeys(columns, Fraction(0))
        for o, answers in decoded:
            if all((assignment[k] in v) if isinstance(v, list) else assignment[k] == v for k, v in answers.items() if k in assignment):
                got[_column(o.label)] += o.probability
        return tuple(got[c] for c in columns)

    def compress(i: int, fixed: dict[str, Any]) -> list[tuple[tuple[str, ...], tuple[Fraction, ...]]]:
        if i == len(keys):
            return [((), dist(fixed))]
        runs: list[tuple[list[Any], list[tuple[tuple[str, ...], tuple[Fraction, ...]]]]] = []
        for value in domains[i]:
            sub = compress(i + 1, {**fixed, keys[i]: value})
            if runs and runs[-1][1] == sub:
                runs[-1][0].append(value)
            else:
                runs.append(([value], sub))
        from paragraphs.odds.tree import values_label

        return [((values_label(vals),) + labels, d) for vals, sub in runs for labels, d in sub]

    del itertools
    table = [list(labels) + [_short_fraction(p) if p else "-" for p in d] for labels, d in compress(0, {})]
    return _format_table(keys + columns, table) + note


#: How an outcome stopped by a cell the source lacks is labelled (``unknown: <key>``).
UNKNOWN_PREFIX = "unknown: "
#: The parameter table's one column for every such outcome when there are several.
UNKNOWN_COLUMN = "unknown cell"


def _column(label: str) -> str:
    return UNKNOWN_COLUMN if label.startswith(UNKNOWN_PREFIX) else label


def _outcome_rows(result: OddsResult, keys: list[str], columns: list[str]) -> list[str]:
    rows: dict[tuple[tuple[str, str], ...], dict[str, Fraction]] = {}
    for o in result.outcomes:
        row = rows.setdefault(o.answers, {})
        row[_column(o.label)] = row.get(_column(o.label), Fraction(0)) + o.probability
    table = []
    for answers, d in sorted(rows.items(), key=lambda kv: _row_sort(kv[0], keys)):
        given = dict(answers)
        table.append([_answers_text(given.get(k)) for k in keys] + [(_short_fraction(d[c]) if c in d else "-") for c in columns])
    return _format_table(keys + columns, table)


def _format_table(header: list[str], table: list[list[str]]) -> list[str]:
    widths = [max([len(h)] + [len(r[i]) for r in table]) for i, h in enumerate(header)]
    out = ["  " + "  ".join(h.ljust(w) for h, w in zip(header, widths)).rstrip()]
    for r in table:
        out.append("  " + "  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
    return out


def _row_sort(answers: tuple[tuple[str, str], ...], keys: list[str]) -> list[Any]:
    given = dict(answers)
    out: list[Any] = []
    for k in keys:
        v = json.loads(given[k]) if k in given else None
        first = v[0] if isinstance(v, list) else v
        out.append((0, first) if isinstance(first, (int, float)) else (1, str(first)))
    return out


def _answers_text(encoded: str | None) -> str:
    if encoded is None:
        return "any"
    from paragraphs.odds.tree import values_label

    value = json.loads(encoded)
    return values_label(value if isinstance(value, list) else [value])


def _short_fraction(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)
