"""Loading a title's content: read, validate, merge (with the user's overlays), compile, lint.

``load_book`` is the one entry point the engine and CLI use. It goes through the compiled
content cache first (see :mod:`paragraphs.cache`), so a repeated command neither parses
YAML nor validates schemas; only on a miss does it import ruamel.yaml and jsonschema.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from paragraphs import model as m
from paragraphs.dice import DiceConventions
from paragraphs.errors import ContentError, UsageError
from paragraphs.grammar import Grammar, code_stamp, grammar_for, title_versions
from paragraphs.problems import Problem, Severity, SourcePos
from paragraphs.records import UnitType

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from paragraphs.plugins import PluginHost
    from paragraphs.yamlread import YamlDocument

#: Environment variable naming overlay folders (``os.pathsep``-separated).
OVERLAY_ENV = "PARAGRAPHS_OVERLAY"

#: Collections keyed by something other than ``id``.
_KEYS = {"questions": "key", "entry_points": "paragraph", "cells": "key"}


@dataclass
class SourceFile:
    """One content file: where it is, how to show it, and its bytes.

    ``key`` names the file inside its content folder (stable wherever the command runs);
    ``display`` is how problems show it (relative to the working folder when inside it).
    """

    display: str
    data: bytes
    overlay: bool = False
    key: str = ""


@dataclass
class CompiledTitle:
    """The result of compiling: the book and every problem found on the way."""

    book: m.Book | None
    problems: list[Problem] = field(default_factory=list)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity is Severity.ERROR]


# --------------------------------------------------------------------------- files


def _display(path: str) -> str:
    """Absolute, so cached positions stay right from any folder (shown relative when printed)."""
    return os.path.abspath(path)


def content_files(root: Traversable, *, overlay: bool = False) -> list[SourceFile]:
    """Every ``*.yaml`` file below ``root``, sorted by relative path."""
    found: list[tuple[str, Traversable]] = []

    def walk(node: Traversable, rel: str) -> None:
        for child in node.iterdir():
            name = child.name
            if name.startswith("."):
                continue
            if child.is_dir():
                walk(child, f"{rel}{name}/")
            elif name.endswith((".yaml", ".yml")):
                found.append((rel + name, child))

    if root.is_dir():
        walk(root, "")
    out = []
    for rel, node in sorted(found):
        where = os.path.realpath(node) if isinstance(node, Path) else f"{root}/{rel}"
        out.append(SourceFile(_display(where), node.read_bytes(), overlay, rel))
    return out


def overlay_dirs(explicit: Sequence[str | os.PathLike[str]] = ()) -> list[Path]:
    """Overlay folders from ``--overlay`` and from ``$PARAGRAPHS_OVERLAY``.

    Raises:
        UsageError: a named overlay folder does not exist.
    """
    dirs = [Path(p) for p in explicit]
    env = os.environ.get(OVERLAY_ENV, "")
    dirs += [Path(p) for p in env.split(os.pathsep) if p]
    for d in dirs:
        if not d.is_dir():
            raise UsageError(f"overlay folder {d} does not exist")
    return dirs


def content_hash(files: Iterable[SourceFile], extra: str = "") -> str:
    digest = hashlib.sha256(extra.encode())
    for f in files:
        digest.update(b"\0" + (f.key or f.display).encode() + (b"\1" if f.overlay else b"\0") + f.data)
    return digest.hexdigest()


# --------------------------------------------------------------------------- loading


def load_book(
    host: PluginHost,
    title: str,
    overlays: Sequence[str | os.PathLike[str]] = (),
    *,
    use_cache: bool = True,
) -> m.Book:
    """Load a title's compiled book, from the cache when it is fresh.

    Raises:
        UsageError: the title is not installed, or an overlay folder is missing.
        ContentError: the content has errors (every one of them is in the exception).
    """
    from paragraphs import cache

    info = host.title(title)
    grammar = grammar_for(host, title)
    files = content_files(info.record.content) + [f for d in overlay_dirs(overlays) for f in content_files(d, overlay=True)]
    key = content_hash(files, grammar.fingerprint() + title_versions(host, info))
    # The cache also depends on the code (an edited checkout never reads a stale entry);
    # the book's content hash, which saves record, does not (file times are not content).
    cache_key = cache_key_for(host, title, key)
    if use_cache:
        book = cache.load(title, cache_key)
        if book is not None:
            return book
    compiled = compile_title(host, title, files, key, grammar)
    if compiled.errors or compiled.book is None:
        raise ContentError(compiled.errors or compiled.problems)
    if use_cache:
        cache.store(title, cache_key, compiled.book)
    return compiled.book


def cache_key_for(host: PluginHost, title: str, content_id: str) -> str:
    """The compiled cache's key of a book: its content hash and the state of the code."""
    return hashlib.sha256((content_id + code_stamp(host.title(title))).encode()).hexdigest()


def check_title(host: PluginHost, title: str, overlays: Sequence[str | os.PathLike[str]] = ()) -> CompiledTitle:
    """Compile without the cache and return the book (if any) and every problem."""
    info = host.title(title)
    grammar = grammar_for(host, title)
    files = content_files(info.record.content) + [f for d in overlay_dirs(overlays) for f in content_files(d, overlay=True)]
    key = content_hash(files, grammar.fingerprint() + title_versions(host, info))
    return compile_title(host, title, files, key, grammar)


def check_path(host: PluginHost, path: Path) -> CompiledTitle:
    """Validate a content file or folder that is not (necessarily) an installed title.

    The grammar is the one of the title the files declare (``title: {id: ...}``) when it
    is installed, else the core grammar alone.
    """
    from paragraphs.yamlread import YamlProblems, read_yaml

    if path.is_dir():
        files = content_files(path)
    elif path.is_file():
        files = [SourceFile(_display(str(path)), path.read_bytes())]
    else:
        raise UsageError(f"no such file or folder: {path}")
    title = "__path__"
    for f in files:
        try:
            data = read_yaml(f.data.decode("utf-8"), f.display).data
        except (YamlProblems, UnicodeDecodeError):
            continue
        if isinstance(data, Mapping) and isinstance(data.get("title"), Mapping) and data["title"].get("id"):
            title = str(data["title"]["id"])
    if title not in host.titles():
        grammar = grammar_for(host, "__core_only__")
    else:
        grammar = grammar_for(host, title)
    return compile_title(host, title, files, content_hash(files), grammar, standalone=path.is_file())


def compile_title(
    host: PluginHost,
    title: str,
    files: Sequence[SourceFile],
    key: str,
    grammar: Grammar,
    *,
    standalone: bool = False,
) -> CompiledTitle:
    """Read, validate, merge, compile and lint; every problem is collected."""
    from paragraphs.validation import CORE_BOOK_ID, build_title_schema, make_validator, validate_document
    from paragraphs.yamlread import YamlProblems, read_yaml

    problems: list[Problem] = []
    docs: list[tuple[YamlDocument, bool]] = []
    for f in files:
        try:
            text = f.data.decode("utf-8")
        except UnicodeDecodeError:
            problems.append(Problem(SourcePos(f.display, 1, 1), "YAML005", "file is not UTF-8 text"))
            continue
        try:
            docs.append((read_yaml(text, f.display), f.overlay))
        except YamlProblems as exc:
            problems.extend(exc.problems)

    info = host.titles().get(title)
    collections = info.record.collections_schema if info else None
    schema = build_title_schema(
        title,
        {k: v.schema for k, v in grammar.steps.items()},
        {k: v.schema for k, v in grammar.predicates.items()},
        collections,
    )
    resources = [s.contents for s in grammar.schemas if s.id not in (CORE_BOOK_ID,)]
    validator = make_validator(schema, resources)
    overlay_validator = make_validator(schema, resources, lenient=True) if any(o for _, o in docs) else None
    valid_docs = []
    for doc, overlay in docs:
        if doc.data is None:
            continue
        found = validate_document(overlay_validator if overlay else validator, doc)
        problems.extend(found)
        if not found:
            valid_docs.append((doc, overlay))

    merged = _merge(valid_docs, problems)
    book = _assemble(title, merged, key, grammar, problems)
    if book is not None:
        from paragraphs.lint import run_lint

        problems.extend(run_lint(book, grammar, standalone=standalone))
    return CompiledTitle(book, sorted(set(problems)))


# --------------------------------------------------------------------------- merging


@dataclass
class _Record:
    data: dict[str, Any]
    # field -> (document, JSON path of the record in it)
    origin: dict[str, tuple[YamlDocument, tuple[str | int, ...]]]
    where: tuple[YamlDocument, tuple[str | int, ...]]

    def pos(self, rel: tuple[str | int, ...]) -> SourcePos:
        if rel and rel[0] in self.origin:
            doc, at = self.origin[str(rel[0])]
        else:
            doc, at = self.where
        return doc.pos(at + tuple(rel))


@dataclass
class _Merged:
    title: _Record | None = None
    collections: dict[str, dict[str, _Record]] = field(default_factory=dict)


def _merge(docs: Sequence[tuple[YamlDocument, bool]], problems: list[Problem]) -> _Merged:
    merged = _Merged()
    for doc, overlay in docs:
        for coll, value in doc.data.items():
            if coll == "title":
                rec = _Record(dict(value), {k: (doc, ("title",)) for k in value}, (doc, ("title",)))
                if merged.title is None:
                    merged.title = rec
                elif overlay:
                    _overlay_fields(merged.title, rec)
                else:
                    problems.append(Problem(doc.pos(("title",)), "ID002", f"title is declared twice (first at {merged.title.pos(())})"))
                continue
            bucket = merged.collections.setdefault(coll, {})
            key_field = _KEYS.get(coll, "id")
            for i, item in enumerate(value):
                at = (coll, i)
                key = str(item.get("id", item.get(key_field)))
                rec = _Record(dict(item), {k: (doc, at) for k in item}, (doc, at))
                if key in bucket:
                    if overlay:
                        _overlay_fields(bucket[key], rec)
                    else:
                        problems.append(Problem(doc.pos(at), "ID001", f"{coll} record {key!r} is defined twice (first at {bucket[key].pos(())})"))
                    continue
                bucket[key] = rec
    return merged


def _overlay_fields(base: _Record, over: _Record) -> None:
    for k, v in over.data.items():
        base.data[k] = v
        base.origin[k] = over.origin[k]


# --------------------------------------------------------------------------- assembling


def _assemble(title: str, merged: _Merged, key: str, grammar: Grammar, problems: list[Problem]) -> m.Book | None:
    from paragraphs.compiler import Compiler, make_question
    from paragraphs.tables import apply_cell_overlays, build_table

    decl: dict[str, Any] = merged.title.data if merged.title else {"id": title, "name": title}
    questions: dict[str, m.Question] = {}
    tracks: dict[str, m.Track] = {}
    for i, t in enumerate(decl.get("tracks") or ()):
        body = {k: v for k, v in t.items() if k not in ("name", "initial", "key")}
        qkey = str(t.get("key", t["name"]))
        q = make_question(qkey, {"prompt": t.get("prompt", t["name"]), **body}, m.INTEGER, merged.title.pos(("tracks", i)) if merged.title else SourcePos("<none>"))
        questions[qkey] = q
        tracks[str(t["name"])] = m.Track(str(t["name"]), q, t.get("initial"))
    for rec in merged.collections.get("questions", {}).values():
        q = make_question(str(rec.data["key"]), rec.data, m.YESNO, rec.pos(()))
        questions[q.key] = q
    declared = tuple(sorted(questions))

    compiler = Compiler(
        title,
        grammar.steps,
        grammar.predicates,
        grammar.checks,
        set(grammar.procedures),
        questions,
    )
    paragraphs: dict[str, m.Paragraph] = {}
    provenance: dict[str, dict[str, str]] = {}
    for pid, rec in merged.collections.get("paragraphs", {}).items():
        paragraphs[pid] = compiler.paragraph(rec.data, (), rec.pos)
        if any(doc is not rec.where[0] for doc, _ in rec.origin.values()):
            provenance[f"paragraphs:{pid}"] = {k: str(rec.pos((k,))) for k in rec.data}
    problems.extend(compiler.problems)

    entry_points = tuple(
        m.EntryPoint(str(r.data["paragraph"]), str(r.data["source"]), r.data.get("assumed"), r.pos(()))
        for r in merged.collections.get("entry_points", {}).values()
    )
    tables: dict[str, Any] = dict(grammar.tables)
    unknown_at: dict[str, str] = {}
    for tid, rec in merged.collections.get("tables", {}).items():
        tables[tid] = build_table(title, tid, rec.data, rec.pos, problems, unknown_at)
        _note_provenance(provenance, "tables", tid, rec)
    units: dict[str, Any] = dict(grammar.units)
    for uid, rec in merged.collections.get("units", {}).items():
        units[uid] = UnitType(
            id=uid,
            title=title,
            name=str(rec.data.get("name", uid)),
            factors=dict(rec.data.get("factors") or {}),
            doc=str(rec.data.get("doc", "")),
            assumed=dict(rec.data.get("assumed") or {}),
        )
        _note_provenance(provenance, "units", uid, rec)

    data: dict[str, dict[str, Any]] = {}
    for coll, bucket in merged.collections.items():
        if coll in ("paragraphs", "questions", "entry_points", "tables", "units", "cells"):
            continue
        data[coll] = {rid: rec.data for rid, rec in bucket.items()}
        for rid, rec in bucket.items():
            _note_provenance(provenance, coll, rid, rec)
    cell_records = {key: (rec.data, rec.pos(())) for key, rec in merged.collections.get("cells", {}).items()}
    filled_cells = apply_cell_overlays(tables, data, cell_records, problems)

    counters = {str(c["name"]): int(c.get("initial", 0)) for c in decl.get("counters") or ()}
    sightings = {str(s["id"]): m.SightingDecl(str(s["id"]), str(s.get("name", "")), s.get("assumed")) for s in decl.get("sightings") or ()}
    meta = {
        "doc": decl.get("doc", ""),
        "id_pattern": decl.get("id_pattern"),
        "id_prefixes": tuple(decl.get("id_prefixes") or ("T",)),
        "events": tuple(decl.get("events") or ()),
        "dice_assumed": (decl.get("dice") or {}).get("assumed"),
        "declared_questions": declared,
        "filled_cells": filled_cells,
        "unknown_cells_at": unknown_at,
    }
    return m.Book(
        title=title,
        name=str(decl.get("name", title)),
        paragraphs=paragraphs,
        questions=questions,
        entry_points=entry_points,
        tracks=tracks,
        counters=counters,
        sightings=sightings,
        conventions=DiceConventions.from_mapping(decl.get("dice")),
        tables=tables,
        units=units,
        data=data,
        content_hash=key,
        provenance=provenance,
        meta=meta,
    )


def _note_provenance(provenance: dict[str, dict[str, str]], coll: str, rid: str, rec: _Record) -> None:
    provenance[f"{coll}:{rid}"] = {k: str(rec.pos((k,))) for k in rec.data}
