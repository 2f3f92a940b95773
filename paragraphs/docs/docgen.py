"""The rule reference and the library's reference pages, generated as Markdown.

Everything here is pure: functions take a plugin host (or nothing) and return Markdown
text, so the output is tested without MkDocs. :mod:`paragraphs.docs.mkdocs_plugin` and
``paragraphs docs export`` put the pages on disk or into a site.

Spoilers: paragraph ids, kinds and the reference graph are shown; the text of a
paragraph (its instructions) appears only with ``spoilers=True``.
"""

from __future__ import annotations

import inspect
import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from paragraphs.book import model as m

if TYPE_CHECKING:
    from paragraphs.pluginhost.plugins import PluginHost


def _esc(text: Any) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _table(headers: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(_esc(c) for c in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- hooks and API


def hook_reference() -> str:
    """Every hook spec with its signature and docstring, grouped as in hookspecs.py."""
    from paragraphs.pluginhost import hookspecs

    out = [
        "# Hook reference\n",
        markdown_doc(inspect.getdoc(hookspecs) or ""),
        "\nImplement a hook by decorating a function of your plugin module with "
        "`@paragraphs.hookimpl` and giving it the hook's name.\n",
    ]
    for name, fn in inspect.getmembers(hookspecs, inspect.isfunction):
        if not name.startswith("paragraphs_"):
            continue
        opts = getattr(fn, "paragraphs_spec", {})
        kind = " *(firstresult)*" if opts.get("firstresult") else ""
        out.append(f"\n## `{name}`{kind}\n\n```python\n{name}{inspect.signature(fn)}\n```\n\n{markdown_doc(inspect.getdoc(fn) or '')}\n")
    return "\n".join(out)


#: Classes a plugin meets besides ``paragraphs.__all__``: what hooks yield and receive.
#: Each is shown under the short path plugins import it from (a compatibility module the
#: core itself never imports), and read from the module that defines it.
_PLUGIN_CLASSES = (
    ("paragraphs.context", "paragraphs.interpreter.context", ("Context", "RollRecord", "Instruction")),
    ("paragraphs.engine", "paragraphs.interpreter.engine", ("Resolution",)),
    ("paragraphs.problems", "paragraphs.foundation.problems", ("Problem", "SourcePos", "Severity")),
    ("paragraphs.plugins", "paragraphs.pluginhost.plugins", ("PluginHost", "TitleInfo")),
)

_ROLE = re.compile(r":(?:class|func|meth|data|mod|attr|exc|obj):`~?([^`]+)`")
_SECTION = re.compile(r"^(Args|Arguments|Attributes|Returns|Raises|Yields|Fields|Example|Examples):\s*$")


def markdown_doc(doc: str) -> str:
    """A docstring as Markdown: Sphinx roles become code, Google sections become lists."""
    doc = _ROLE.sub(lambda mt: f"`{mt.group(1)}`", doc)
    out: list[str] = []
    section = None
    for line in doc.splitlines():
        head = _SECTION.match(line)
        if head:
            section = head.group(1)
            out += ["", f"**{section}:**", ""]
            continue
        if section and section not in ("Example", "Examples"):
            if not line.strip():
                out.append("")
                continue
            if line.startswith("    ") and not line.startswith("        "):
                name, sep, rest = line.strip().partition(": ")
                if sep and " " not in name.strip("*"):
                    out.append(f"* `{name}`: {rest}")
                else:
                    out.append(f"* {line.strip()}")
                continue
            if line.startswith("        ") and out:
                out[-1] += " " + line.strip()
                continue
            section = None
        if section in ("Example", "Examples") and line.startswith("    "):
            line = line[4:]
        out.append(line)
    return "\n".join(out).replace(">>> ", "    >>> ")


def _fields(cls: Any) -> str:
    """A table of a dataclass's fields: name, type, default."""
    import dataclasses

    if not dataclasses.is_dataclass(cls):
        return ""
    rows = []
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING:
            default = f"`{f.default!r}`"
        elif f.default_factory is not dataclasses.MISSING:
            default = f"`{f.default_factory()!r}`"
        else:
            default = "required"
        kind = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", str(f.type))
        rows.append((f"`{f.name}`", f"`{kind}`", default))
    return "\n" + _table(["field", "type", "default"], rows)


def _class_section(name: str, obj: Any, level: str = "##") -> list[str]:
    doc = markdown_doc(inspect.getdoc(obj) or "")
    try:
        sig = str(inspect.signature(obj))
    except (TypeError, ValueError):
        sig = "(...)"
    out = [f"\n{level} class `{name}`\n\n```python\n{name}{sig}\n```\n\n{doc}\n{_fields(obj)}"]
    for meth_name, meth in inspect.getmembers(obj, lambda o: inspect.isfunction(o) or isinstance(o, property)):
        if meth_name.startswith("_"):
            continue
        if isinstance(meth, property):
            fget = meth.fget
            if fget is None or fget.__qualname__.split(".")[0] != obj.__name__:
                continue
            out.append(f"\n{level}# `{name}.{meth_name}` (property)\n\n{markdown_doc(inspect.getdoc(fget) or '')}\n")
            continue
        if meth.__qualname__.split(".")[0] != obj.__name__:
            continue
        mdoc = markdown_doc(inspect.getdoc(meth) or "")
        out.append(f"\n{level}# `{name}.{meth_name}`\n\n```python\n{meth_name}{inspect.signature(meth)}\n```\n\n{mdoc}\n")
    return out


def api_reference() -> str:
    """The public API (``paragraphs.__all__``), every record a hook yields
    (:mod:`paragraphs.records`) and the classes plugin code receives, with their fields."""
    import dataclasses
    import importlib

    import paragraphs
    from paragraphs.pluginhost import records

    out = ["# API reference\n", markdown_doc(inspect.getdoc(paragraphs) or ""), ""]
    for name in paragraphs.__all__:
        if name.startswith("__"):
            continue
        obj = getattr(paragraphs, name)
        if inspect.isclass(obj):
            out += _class_section(name, obj)
        elif callable(obj):
            doc = markdown_doc(inspect.getdoc(obj) or "")
            out.append(f"\n## `{name}`\n\n```python\n{name}{inspect.signature(obj)}\n```\n\n{doc}\n")
    out.append("\n# Records (`paragraphs.records`)\n\n" + markdown_doc(inspect.getdoc(records) or "") + "\n")
    for name in sorted(records.__all__):  # (defined in modules by concern, imported from records)
        obj = getattr(records, name)
        if inspect.isclass(obj) and dataclasses.is_dataclass(obj):
            out += _class_section(f"paragraphs.records.{name}", obj)
    out.append("\n# What plugin code receives\n\nThe context a procedure, check kind, step or predicate runs with, what a resolution returns, and the problems a lint rule yields.\n")
    for public_path, module_name, names in _PLUGIN_CLASSES:
        module = importlib.import_module(module_name)
        for name in names:
            out += _class_section(f"{public_path}.{name}", getattr(module, name))
    return "\n".join(out)


def problem_codes_table() -> str:
    """Every core problem code with its severity and meaning (see :mod:`paragraphs.pipeline.problem_codes`)."""
    from paragraphs.pipeline.problem_codes import problem_codes

    return _table(["code", "severity", "finding"], [(f"`{code}`", sev, text) for code, (sev, text) in problem_codes().items()])


# --------------------------------------------------------------------------- content format


def content_format() -> str:
    """The content grammar, generated from the core JSON Schema, and every problem code."""
    from paragraphs.pipeline.validation import core_schema

    schema = core_schema("book")
    defs = schema["$defs"]
    out = [
        "# Content format\n",
        schema.get("description", ""),
        "\nEvery content file is YAML. A title's files are merged by record id; a user's overlay "
        "folder is merged over them the same way. Point an editor at the schema with a first line "
        "`# yaml-language-server: $schema=<path to schemas/<title>/book.schema.json>`.\n",
        "## Collections\n",
        _table(["collection", "records"], [(k, _describe(v, defs)) for k, v in schema["properties"].items()]),
        "\n## Steps\n\nEvery step is a mapping with exactly one key.\n",
        _table(["step", "what it does", "value"], [(f"`{k}`", defs[f"step_{k}"].get("description", ""), _describe(defs[f"step_{k}"], defs)) for k in defs["core_step"]["properties"]]),
        "\n## Predicates\n\n`true`, `false`, or a mapping with one key:\n",
        _table(["predicate", "value"], [(f"`{k}`", _describe(defs[f"predicate_{k}"], defs)) for k in defs["core_predicate"]["oneOf"][1]["properties"]]),
        "\n## Values\n\n" + defs["value"]["description"] + " An integer, `{value: name}` (a track or flag), "
        "`{counter: name}`, `{ask: key}` or an inline question, or `{sum: [...]}`.\n",
        "\n## Paragraphs\n",
        _table(["field", "meaning"], [(k, v.get("description", _describe(v, defs))) for k, v in defs["paragraph"]["properties"].items()]),
        "\n## The title record\n\nOne file of a title (or of a book opened from a folder) declares it under `title:`.\n",
        _table(["field", "meaning"], [(f"`{k}`", v.get("description") or _describe(v, defs)) for k, v in defs["title"]["properties"].items()]),
        "\n## Built-in check kinds\n\n" + _check_kinds_text(),
        "\n## Problem codes\n\nEvery problem prints as `path:line:col: CODE message`. "
        "Findings inside a paragraph or table marked `damaged` or `assumed` are lowered to info. "
        "Titles add codes of their own, listed on their pages.\n\n" + problem_codes_table(),
    ]
    return "\n".join(out)


def _check_kinds_text() -> str:
    """The core's check kinds: their keys, outcomes and the comparison rules."""
    from paragraphs.builtin import checks

    kinds = list(checks.paragraphs_register_check_kinds())
    rows = []
    for kind in kinds:
        rows.append(_check_kind_row(kind))
    return (
        markdown_doc(inspect.getdoc(checks) or "")
        + "\n\nBesides its own keys (`*` = required) a check takes `kind`, `purpose` (what the roll is for, "
        "shown with it) and `group` (the same check for several subjects: `{subjects: N, aggregate: any|all}`; "
        "the group succeeds when any or all of them do, so its outcomes are `success` and `failure` and only a kind "
        "with those two may be grouped), and one step list per outcome. "
        "A key that is neither is an error (with a suggestion), so a misspelt outcome never passes silently.\n\n"
        + _table(["kind", "what it does", "keys", "outcomes"], rows)
    )


def _describe(node: Any, defs: dict[str, Any]) -> str:
    if not isinstance(node, dict):
        return ""
    if "$ref" in node:
        return node["$ref"].rsplit("/", 1)[-1].replace("_", " ")
    if "$dynamicRef" in node:
        return node["$dynamicRef"].lstrip("#")
    if node.get("type") == "object" and node.get("properties"):
        keys = ", ".join(f"`{k}`" + ("*" if k in node.get("required", ()) else "") for k in node["properties"])
        return f"mapping: {keys}"
    for key in ("oneOf", "anyOf"):
        if key in node:
            return " or ".join(_describe(n, defs) for n in node[key])
    if "enum" in node:
        return " / ".join(f"`{v}`" for v in node["enum"])
    if "const" in node:
        return f"`{node['const']}`"
    kind = node.get("type")
    if kind == "array":
        return f"list of {_describe(node.get('items', {}), defs)}"
    if kind == "object" and node.get("properties"):
        keys = ", ".join(f"`{k}`" + ("*" if k in node.get("required", ()) else "") for k in node["properties"])
        return f"mapping: {keys}"
    return str(kind or "any")


# --------------------------------------------------------------------------- rule reference


def title_pages(host: PluginHost, title: str, *, spoilers: bool = False, overlays: Sequence[Any] = ()) -> dict[str, str]:
    """The rule reference of one title (or of a book in a folder, ``my-book/``): relative path -> Markdown."""
    from paragraphs.pipeline.graph import distinct_edges, sorted_ids

    source = title
    engine = _open(host, source, overlays)
    book, grammar = engine.book, engine.grammar
    title = book.title
    info = None if _is_folder(source) else host.title(source)
    origin = f"from `{info.plugin.distribution or info.plugin.name}` {info.plugin.version}" if info else f"from the folder `{source}`"
    pages: dict[str, str] = {}

    conv = book.conventions
    head = [
        f"# {book.name}\n",
        (book.meta.get("doc") or (info.record.doc if info else "") or "").strip(),
        f"\n*Title id `{title}`, {origin}.*\n",
        "## Dice\n",
        f"A d10 shows {conv.d10[0]}-{conv.d10[1]}" + (f" (a 0 on your die reads {conv.d10_zero})" if conv.d10_zero is not None else "")
        + f"; a d100 shows {conv.d100[0]:02d}-{conv.d100[1]}" + (f" (00 on your dice reads {conv.d100_zero})" if conv.d100_zero is not None else "")
        + f"; halving rounds {'down' if conv.rounding == 'floor' else 'up'} unless a step says otherwise."
        + (f" *Assumed:* {book.meta['dice_assumed']}" if book.meta.get("dice_assumed") else ""),
    ]
    if book.tracks:
        head += ["\n## Tracks\n", _table(["track", "question", "starts at"], [(t.name, t.question.prompt if t.question else "", t.initial if t.initial is not None else "") for t in book.tracks.values()])]
    if book.counters:
        head += ["\n## Counters\n", _table(["counter", "starts at"], list(book.counters.items()))]
    if book.sightings:
        head += ["\n## Sightings\n", ", ".join(f"`{s}`" for s in book.sightings) + "\n"]
    pages[f"{title}/index.md"] = "\n".join(head)

    pages[f"{title}/tables.md"] = _tables_page(book)
    pages[f"{title}/units.md"] = _units_page(book)
    pages[f"{title}/procedures.md"] = _procedures_page(book, grammar)
    pages[f"{title}/questions.md"] = "# Questions\n\nWhat the engine may ask the player, by answer key.\n\n" + _table(
        ["key", "question", "answers"], [(f"`{q.key}`", q.prompt, q.describe_domain() if q.domain_size() < 40 else f"{q.domain_size()} choices") for q in sorted(book.questions.values(), key=lambda q: q.key)]
    )
    for coll, records in sorted(book.data.items()):
        pages[f"{title}/{coll}.md"] = _collection_page(coll, records)

    edges = distinct_edges(book, grammar)
    out_refs: dict[str, list[str]] = {}
    in_refs: Counter[str] = Counter()
    for a, b in edges:
        out_refs.setdefault(a, []).append(b)
        in_refs[b] += 1
    kinds = Counter(p.kind for p in book.paragraphs.values())
    entries = {ep.paragraph: ep for ep in book.entry_points}
    index = [
        "# Paragraph index\n",
        f"{len(book.paragraphs)} paragraphs, {len(edges)} distinct references between them, {len(book.entry_points)} entry points. "
        + ("Paragraph text is shown (spoilers on)." if spoilers else "Paragraph text is hidden: ids, kinds and references are not spoilers."),
        "\n## Kinds\n",
        _table(["kind", "paragraphs"], sorted(kinds.items())),
        "\n## Graph of kinds\n\nHow paragraphs of each kind refer to others; the number on an arrow counts the references.\n",
        "![Graph of paragraph kinds](graph.svg)\n",
        "\n## Paragraphs\n",
    ]
    rows = []
    for pid in sorted_ids(book.paragraphs):
        par = book.paragraphs[pid]
        flags = []
        if par.marks:
            flags.append("marks " + ", ".join(par.marks))
        if par.damaged:
            flags.append("damaged in the source")
        if pid in entries:
            flags.append("entry: " + entries[pid].source + (" (assumed)" if entries[pid].assumed else ""))
        row = [f"<a id=\"p{pid}\"></a>{pid}", par.kind, ", ".join(f"[{t}](#p{t})" for t in out_refs.get(pid, [])), in_refs.get(pid, 0), "; ".join(flags)]
        if spoilers:
            row.append(" / ".join(s.text for s in m.walk_steps(par.steps) if isinstance(s, (m.Say, m.Note)))[:300])
        rows.append(row)
    headers = ["id", "kind", "refers to", "referred by", "notes"] + (["text"] if spoilers else [])
    index.append(_table(headers, rows))
    pages[f"{title}/paragraphs.md"] = "\n".join(index)
    pages[f"{title}/graph.svg"] = kind_graph_svg(book, edges)
    return pages


def _is_folder(name: str) -> bool:
    return "/" in name


def _open(host: PluginHost, name: str, overlays: Sequence[Any]) -> Any:
    """An installed title's engine, or that of a book in a folder (``my-book/``)."""
    from paragraphs.interpreter.api import open_book, open_title

    if _is_folder(name):
        return open_book(name, host=host, overlays=overlays)
    return open_title(name, host=host, overlays=overlays)


def _tables_page(book: m.Book) -> str:
    out = ["# Tables\n", "Values as printed. A cell is a value, `prohibited`, `none`, `derived` (with its rule) or `unknown` (with why): the source's gaps are said, never filled in.\n"]
    for t in book.tables.values():
        out.append(f"\n## {t.name}\n\n*`{t.id}`*" + (f", rolled on a {t.die}" if t.die else "") + (f"; source: {t.source}" if t.source else "") + "\n")
        if t.doc:
            out.append(t.doc + "\n")
        if t.columns:
            rows = [[r.name] + [t.cell(r, c).words() for c in t.columns] for r in t.rows]
            out.append(_table(["roll" if t.die else "row", *t.columns], rows))
        else:
            out.append(_table(["roll" if t.die else "row", "result"], [[r.name, t.cell(r).words()] for r in t.rows]))
        for k, v in t.flags.items():
            out.append(f"\n> **{k}**: {v}\n")
    return "\n".join(out)


def _units_page(book: m.Book) -> str:
    out = ["# Units\n"]
    if not book.units:
        return out[0] + "\nThis title declares no unit types.\n"
    keys = sorted({k for u in book.units.values() for k in u.factors})
    rows = []
    for u in book.units.values():
        rows.append([u.id, u.name] + [f"{u.factors.get(k, '')}" + (" (assumed)" if k in u.assumed else "") for k in keys])
    out.append(_table(["id", "name", *keys], rows))
    assumed = [(u.id, k, why) for u in book.units.values() for k, why in u.assumed.items()]
    if assumed:
        out.append("\n## Assumed values\n\nThe source does not print these; lay your own counters over them with `--overlay`.\n")
        out.append(_table(["unit", "field", "why"], assumed))
    return "\n".join(out)


def _procedures_page(book: m.Book, grammar: Any) -> str:
    out = ["# Procedures and rules\n"]
    procs = [p for p in grammar.procedures.values() if p.title == book.title]
    if procs:
        takes_args = any(_procedure_arguments(p.function) for p in procs)
        usage = " PROCEDURE --arg NAME=VALUE --answer KEY=VALUE" if takes_args else " PROCEDURE --answer KEY=VALUE"
        out.append(f"\nRules written as code. `paragraphs odds {book.title}{usage}` gives their exact odds.\n")
        for p in sorted(procs, key=lambda p: p.id):
            q = ", ".join(f"`{k}`" for k in p.questions) or "none"
            outcomes = f" *Outcomes:* {', '.join(f'`{o}`' for o in p.outcomes)}." if p.outcomes else ""
            out.append(f"\n## `{p.id}`\n\n{p.doc}\n\n*Rule section:* {p.section or 'n/a'}. *Answers:* {q}.{_procedure_arguments(p.function)}{outcomes}\n")
    kinds = sorted((r for r in grammar.checks.values() if r.title == book.title), key=lambda r: r.id)
    if kinds:  # what content needs to write a check of each: its keys (* required) and outcomes
        out.append("\n## Check kinds\n")
        out.append(_table(["id", "meaning", "keys", "outcomes"], [_check_kind_row(k) for k in kinds]))
    for label, records in (("Steps", grammar.steps), ("Predicates", grammar.predicates)):
        own = [r for r in records.values() if r.title == book.title]
        if own:  # what content writes as the value of each: its keys or its type
            out.append(f"\n## {label}\n")
            for r in sorted(own, key=lambda r: r.id):
                out.append(f"### `{r.id}`\n\n" + (f"{r.doc}\n\n" if r.doc else "") + _value_text(r.schema, r.id))
    return "\n".join(out)


def _value_text(schema: Any, kind: str) -> str:
    """What a step or predicate kind's schema asks of its value, for the rule reference:
    a table of the keys of a mapping (required or not, type or values, description), else
    the value's type and description."""
    node = schema if isinstance(schema, Mapping) else {}
    props = node.get("properties")
    if not isinstance(props, Mapping) or not props:
        described = _value_shape(node) if node else "any"
        if described == "null":
            described = f"none (`{kind}:` alone)"
        said = f" ({node['description']})" if node.get("description") else ""
        return f"Its value: {described}{said}.\n"
    required = set(node.get("required", ()))
    closed = " (no other)" if node.get("additionalProperties") is False else " (others allowed)"
    rows = [(f"`{k}`", "yes" if k in required else "no", _value_shape(v), v.get("description", "") if isinstance(v, Mapping) else "") for k, v in props.items()]
    return f"Its value is a mapping of these keys{closed}:\n\n" + _table(["key", "required", "value", "description"], rows)


def _value_shape(node: Any) -> str:
    """A schema node in a few words (:func:`_describe`), with the bounds of a number."""
    shape = _describe(node, {})
    if not isinstance(node, Mapping):
        return shape
    low, high = node.get("minimum"), node.get("maximum")
    if low is not None and high is not None:
        return f"{shape}, {low} to {high}"
    if low is not None:
        return f"{shape}, {low} or more"
    if high is not None:
        return f"{shape}, {high} or less"
    return shape


def _check_kind_row(kind: Any) -> tuple[str, str, str, str]:
    """A check kind's id, doc, keys (``*`` = required) and outcomes, for a reference table."""
    schema = kind.schema or {}
    props = schema.get("properties", {})
    required = set(schema.get("required", ()))
    keys = ", ".join(f"`{k}`" + ("*" if k in required else "") for k in props)
    return (f"`{kind.id}`", kind.doc, keys, ", ".join(f"`{o}`" for o in kind.outcomes))


def _procedure_arguments(function: Any) -> str:
    """`` *Arguments:* `height` (`--arg height=VALUE`).``: what content passes in ``args`` and
    ``odds`` takes as ``--arg`` (without them the page's own odds command stops on "needs")."""
    try:
        params = list(inspect.signature(function).parameters.values())[1:]  # after ctx
    except (TypeError, ValueError):
        return ""
    named = [p for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    if not named:
        return ""
    listed = ", ".join(f"`{p.name}`" + ("" if p.default is p.empty else " (optional)") for p in named)
    needed = " ".join(f"--arg {p.name}=VALUE" for p in named if p.default is p.empty)
    return f" *Arguments:* {listed}" + (f" (`{needed}`)." if needed else ".")


def _collection_page(name: str, records: Mapping[str, Any]) -> str:
    out = [f"# {name.replace('_', ' ').capitalize()}\n"]
    for rid, rec in records.items():
        out.append(f"\n## {rec.get('name', rid)} (`{rid}`)\n")
        rows = [(k, json.dumps(v, ensure_ascii=False) if not isinstance(v, str) else v) for k, v in rec.items() if k not in ("id", "name")]
        out.append(_table(["field", "value"], rows))
    return "\n".join(out)


def kind_graph_svg(book: m.Book, edges: list[tuple[str, str]]) -> str:
    """An SVG picture of the graph of paragraph kinds (kinds on a circle, counted arrows).

    Kinds, not paragraphs: a booklet's hundreds of paragraphs make an unreadable picture,
    and kinds are not spoilers.
    """
    import math
    from html import escape

    counts: Counter[tuple[str, str]] = Counter()
    sizes: Counter[str] = Counter(p.kind for p in book.paragraphs.values())
    for a, b in edges:
        if a in book.paragraphs and b in book.paragraphs:
            counts[(book.paragraphs[a].kind, book.paragraphs[b].kind)] += 1
    kinds = sorted(sizes)
    width = height = 640
    cx = cy = 320
    radius = 230 if len(kinds) > 1 else 0
    pos = {k: (cx + radius * math.cos(2 * math.pi * i / len(kinds) - math.pi / 2), cy + radius * math.sin(2 * math.pi * i / len(kinds) - math.pi / 2)) for i, k in enumerate(kinds)}
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#555"/></marker></defs>',
    ]
    for (a, b), n in sorted(counts.items()):
        (x1, y1), (x2, y2) = pos[a], pos[b]
        if a == b:
            out.append(f'<circle cx="{x1:.0f}" cy="{y1 - 34:.0f}" r="14" fill="none" stroke="#888"/><text x="{x1 + 16:.0f}" y="{y1 - 44:.0f}" fill="#333">{n}</text>')
            continue
        dx, dy = x2 - x1, y2 - y1
        length = math.hypot(dx, dy) or 1
        sx, sy = x1 + dx / length * 24, y1 + dy / length * 24
        ex, ey = x2 - dx / length * 26, y2 - dy / length * 26
        stroke = 0.8 + min(4.0, math.log1p(n))
        out.append(f'<line x1="{sx:.0f}" y1="{sy:.0f}" x2="{ex:.0f}" y2="{ey:.0f}" stroke="#888" stroke-width="{stroke:.1f}" marker-end="url(#arrow)"/>')
        out.append(f'<text x="{(sx + ex) / 2 + 4:.0f}" y="{(sy + ey) / 2 - 4:.0f}" fill="#333">{n}</text>')
    for k in kinds:
        x, y = pos[k]
        r = 18 + min(12, math.sqrt(sizes[k]))
        out.append(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{r:.0f}" fill="#dfe9f5" stroke="#3b6ea5"/>')
        out.append(f'<text x="{x:.0f}" y="{y + 4:.0f}" text-anchor="middle">{escape(k)} ({sizes[k]})</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------- all pages


def all_pages(host: PluginHost, *, titles: Sequence[str] | None = None, spoilers: bool = False, overlays: Sequence[Any] = ()) -> dict[str, str]:
    """Every generated page: relative path -> Markdown."""
    pages = {
        "reference/hooks.md": hook_reference(),
        "reference/api.md": api_reference(),
        "reference/content-format.md": content_format(),
    }
    chosen = list(titles) if titles else list(host.titles())
    listing = ["# Rule reference\n", "Generated from each installed title's content and plugin.\n"]
    for title in chosen:
        if _is_folder(title):
            book = _open(host, title, overlays).book
            tid, name = book.title, book.name
        else:
            tid, name = title, host.title(title).record.name
        listing.append(f"* [{name}]({tid}/index.md): tables, units, procedures, questions, paragraph index")
        for rel, text in title_pages(host, title, spoilers=spoilers, overlays=overlays).items():
            pages[f"rules/{rel}"] = text
    pages["rules/index.md"] = "\n".join(listing) + "\n"
    return pages


def export_reference(host: PluginHost, out: Path, *, titles: Sequence[str] | None = None, spoilers: bool = False, overlays: Sequence[Any] = ()) -> list[Path]:
    """Write every generated page under ``out``; returns the files written.

    Every target is checked before the first page is written (a title's folder that is a
    file, a page that is a folder or read-only, a folder that takes no new file): one that
    cannot be written stops the export with nothing written, where the pages of the titles
    before it were once written over first.

    Raises:
        UsageError: a page name that would land outside ``out``.
        SaveError: a target that cannot be written (one line; nothing was written).
    """
    from paragraphs.foundation.errors import UsageError
    from paragraphs.state.savefile import check_files_writable

    pages = []
    for rel, text in all_pages(host, titles=titles, spoilers=spoilers, overlays=overlays).items():
        # page names come from title ids and collection names: never write outside ``out``
        parts = rel.split("/")
        if rel.startswith("/") or any(part in ("", ".", "..") or "\\" in part for part in parts):
            raise UsageError(f"refusing to write page {rel!r} outside {out}")
        pages.append((out / rel, text))
    check_files_writable((target for target, _ in pages), "the page")
    written = []
    for target, text in pages:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        written.append(target)
    return written

