"""Loading a title's content: read, validate, merge (with the user's overlays), compile, lint.

``load_book`` is the one entry point the engine and CLI use. It goes through the compiled
content cache first (see :mod:`paragraphs.pipeline.cache`), so a repeated command neither parses
YAML nor validates schemas; only on a miss does it import ruamel.yaml and jsonschema.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from paragraphs.foundation.dataclass_code import field, replace
# ``typing`` and ``pathlib`` are not imported at run time here (start-up time: a title
# whose content folder is a string, as the sample's, is walked with os)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

from paragraphs.book import model as m
from paragraphs.book.dice import DiceConventions
from paragraphs.foundation.digests import sha256
from paragraphs.foundation.errors import ContentError, UsageError
from paragraphs.pipeline.grammar import Grammar, code_stamp, grammar_for, title_versions
from paragraphs.foundation.problems import Problem, Severity, SourcePos, shown
from paragraphs.pluginhost.records import UnitType
from paragraphs.pluginhost.title_records import content_location

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # the standard decorator, its methods compiled once between runs (start-up time)
    from paragraphs.foundation.dataclass_code import dataclass

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from paragraphs.pluginhost.plugins import PluginHost
    from paragraphs.pipeline.yamlread import YamlDocument

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


def content_files(root: Traversable | str, *, overlay: bool = False) -> list[SourceFile]:
    """Every ``*.yaml`` file below ``root``, sorted by relative path. A folder on disk (a
    string or a ``Path``) is read with ``os`` (:func:`_folder_files`); another
    ``Traversable`` (a zipped install) is walked through its own interface."""
    if isinstance(root, (str, os.PathLike)):
        return _folder_files(os.fspath(root), overlay)
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

    if root.is_dir():  # (no links inside an archive, so no loops to cut)
        walk(root, "")
    return [SourceFile(_display(f"{root}/{rel}"), node.read_bytes(), overlay, rel) for rel, node in sorted(found)]


def _folder_files(root: str, overlay: bool) -> list[SourceFile]:
    """:func:`content_files` of a folder on disk: names starting with a dot skipped, folders
    followed through links (a link back to a folder being walked is a loop, cut)."""
    found: list[tuple[str, str]] = []

    def walk(folder: str, rel: str, above: frozenset[str]) -> None:
        # a link back to a folder being walked (``again -> .``, ``up/top -> ..``) is a loop:
        # followed, it read the same files to the system's link limit, and two such links
        # took 2**40 paths (a link to a sibling folder is still followed)
        real = os.path.realpath(folder)
        if real in above:
            return
        above = above | {real}
        with os.scandir(folder) as entries:
            children = list(entries)
        for child in children:
            name = child.name
            if name.startswith("."):
                continue
            if child.is_dir():
                walk(child.path, f"{rel}{name}/", above)
            elif name.endswith((".yaml", ".yml")):
                found.append((rel + name, child.path))

    if os.path.isdir(root):
        walk(root, "", frozenset())
    out = []
    for rel, path in sorted(found):
        with open(path, "rb") as fh:
            data = fh.read()
        out.append(SourceFile(_display(os.path.realpath(path)), data, overlay, rel))
    return out


def overlay_dirs(explicit: Sequence[str | os.PathLike[str]] = ()) -> list[Path]:
    """Overlay folders from ``--overlay`` and from ``$PARAGRAPHS_OVERLAY``.

    Raises:
        UsageError: a named overlay folder does not exist.
    """
    env = os.environ.get(OVERLAY_ENV, "")
    if not explicit and not env:
        return []  # (pathlib is imported only for overlays)
    from pathlib import Path

    dirs = [Path(p) for p in explicit]
    dirs += [Path(p) for p in env.split(os.pathsep) if p]
    for d in dirs:
        if d.exists() and not d.is_dir():
            raise UsageError(f"overlay {d} is a file: an overlay is a folder of content (the folder that holds it, or a new one)")
        if not d.is_dir():
            raise UsageError(f"overlay folder {d} does not exist")
    return dirs


def content_hash(files: Iterable[SourceFile], extra: str = "") -> str:
    digest = sha256(extra.encode())
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
    info = host.title(title)
    grammar = grammar_for(host, title)
    files = content_files(content_location(info.record)) + [f for d in overlay_dirs(overlays) for f in content_files(d, overlay=True)]
    key = content_hash(files, grammar.fingerprint() + title_versions(host, info))
    # The cache also depends on the code (an edited checkout never reads a stale entry);
    # the book's content hash, which saves record, does not (file times are not content).
    return _cached_or_compiled(host, title, files, key, grammar, cache_key_for(host, title, key), use_cache)


def cache_key_for(host: PluginHost, title: str, content_id: str) -> str:
    """The compiled cache's key of a book: its content hash and the state of the code."""
    return sha256((content_id + code_stamp(host.title(title))).encode()).hexdigest()


def load_folder(
    host: PluginHost,
    folder: str | os.PathLike[str],
    overlays: Sequence[str | os.PathLike[str]] = (),
    *,
    use_cache: bool = True,
) -> m.Book:
    """Load a book from a folder of content that no installed plugin ships.

    Every ``*.yaml`` file under the folder is read (JSON is YAML). Exactly one of them
    declares the ``title`` record; its id must not be an installed title's, and
    ``title.uses`` lists installed titles whose check kinds, steps, predicates,
    procedures and tables the book may use.

    Raises:
        UsageError: not a folder, no title record or more than one, an id that collides
            with an installed title, or ``uses`` naming a title that is not installed.
        ContentError: the content has errors (every one of them is in the exception).
    """
    from pathlib import Path

    root = Path(folder)
    if not root.is_dir():
        raise UsageError(f"{folder} is not a folder")
    files = content_files(root)
    if not files:
        raise UsageError(f"no *.yaml content files in {folder}")
    title, uses = _declared_title(files, str(folder))
    if title in host.titles():
        raise UsageError(f"the book in {folder} has title id {title!r}, which is an installed title: give it an id of its own")
    for used in uses:
        if used not in host.titles():
            raise UsageError(f"title.uses in {folder}: unknown title {used!r} (installed: {', '.join(sorted(host.titles()))})")
        host.title(used)  # a title whose plugin failed is a one-line usage error that says why
    grammar = grammar_for(host, title, uses)
    files += [f for d in overlay_dirs(overlays) for f in content_files(d, overlay=True)]
    versions = "; ".join(title_versions(host, host.title(u)) for u in uses) or title_versions_core()
    key = content_hash(files, grammar.fingerprint() + versions + "; uses " + ",".join(uses))
    # as for a title: the cache also depends on the code (the core's and the used titles')
    code = "".join(code_stamp(host.title(u)) for u in uses) or _core_code_stamp()
    return _cached_or_compiled(host, title, files, key, grammar, sha256((key + code).encode()).hexdigest(), use_cache)


def _cached_or_compiled(
    host: PluginHost, title: str, files: list[SourceFile], key: str, grammar: Grammar, cache_key: str, use_cache: bool
) -> m.Book:
    """The compiled book under ``cache_key`` if the cache holds it, else compiled now (and
    stored). A title and a folder of content differ only in how they make the key."""
    from paragraphs.pipeline import cache

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


def _core_code_stamp() -> str:
    from paragraphs.pipeline.grammar import _code_stamp

    return _code_stamp("paragraphs")


def title_versions_core() -> str:
    from paragraphs.__about__ import __version__

    return f"paragraphs-engine {__version__}"


def _declared_title(files: Sequence[SourceFile], where: str) -> tuple[str, tuple[str, ...]]:
    """The id and ``uses`` of the one ``title`` record among ``files``."""
    from paragraphs.pipeline.yamlread import YamlProblems, read_yaml

    found: list[tuple[str, Any]] = []
    for f in files:
        try:
            data = read_yaml(f.data.decode("utf-8"), f.display).data
        except (YamlProblems, UnicodeDecodeError) as exc:
            if isinstance(exc, YamlProblems):
                raise ContentError(exc.problems) from None
            raise ContentError([Problem(SourcePos(f.display, 1, 1), "YAML005", "file is not UTF-8 text")]) from None
        if isinstance(data, Mapping) and isinstance(data.get("title"), Mapping):
            found.append((f.display, data["title"]))
    if not found:
        raise UsageError(f"no title record in {where}: one file must declare `title: {{id: ..., name: ...}}`")
    if len(found) > 1:
        raise UsageError(f"{where} declares a title record {len(found)} times ({', '.join(shown(d) for d, _ in found)}); a book has exactly one")
    decl = found[0][1]
    title = decl.get("id")
    if not isinstance(title, str) or not title:
        raise UsageError(f"the title record in {shown(found[0][0])} has no id")
    uses = decl.get("uses")
    if uses is None:  # a book that borrows nothing
        uses = []
    if not isinstance(uses, list) or not all(isinstance(u, str) for u in uses):
        raise UsageError(f"title.uses in {shown(found[0][0])} must be a list of installed title ids")
    return title, tuple(uses)


def check_title(host: PluginHost, title: str, overlays: Sequence[str | os.PathLike[str]] = ()) -> CompiledTitle:
    """Compile without the cache and return the book (if any) and every problem."""
    info = host.title(title)
    grammar = grammar_for(host, title)
    files = content_files(content_location(info.record)) + [f for d in overlay_dirs(overlays) for f in content_files(d, overlay=True)]
    key = content_hash(files, grammar.fingerprint() + title_versions(host, info))
    return compile_title(host, title, files, key, grammar)


def check_path(host: PluginHost, path: Path) -> CompiledTitle:
    """Validate a content file or folder that is not (necessarily) an installed title.

    The grammar is the one of the title the files declare (``title: {id: ...}``) when it
    is installed, else the core grammar alone.
    """
    from paragraphs.pipeline.yamlread import YamlProblems, read_yaml

    if path.is_dir():
        files = content_files(path)
    elif path.is_file():
        files = [SourceFile(_display(str(path)), path.read_bytes())]
    else:
        raise UsageError(f"no such file or folder: {path}")
    title = "__path__"
    uses: tuple[str, ...] = ()
    not_installed: list[Problem] = []
    for f in files:
        try:
            doc = read_yaml(f.data.decode("utf-8"), f.display)
        except (YamlProblems, UnicodeDecodeError):
            continue
        data = doc.data
        if isinstance(data, Mapping) and isinstance(data.get("title"), Mapping) and data["title"].get("id"):
            title = str(data["title"]["id"])
            found = data["title"].get("uses")
            if isinstance(found, list):
                from paragraphs.pipeline.validation import did_you_mean as _did_you_mean

                uses = tuple(str(u) for u in found if str(u) in host.titles())
                # said here, as `read` on the folder refuses it: dropping it would validate clean
                not_installed = [
                    Problem(doc.pos(("title", "uses", i)), "TITLE003", f"title.uses names {u!r}, which is not an installed title{_did_you_mean(u, host.titles())} (installed: {', '.join(sorted(host.titles()))})")
                    for i, u in enumerate(found)
                    if str(u) not in host.titles()
                ]
    if title not in host.titles():
        grammar = grammar_for(host, "__core_only__" if title == "__path__" else title, uses)
    else:
        grammar = grammar_for(host, title)
    compiled = compile_title(host, title, files, content_hash(files), grammar, standalone=path.is_file())
    if not_installed:
        compiled.problems[:] = sorted(set(compiled.problems + not_installed))
    return compiled


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
    from paragraphs.pipeline.validation import CORE_BOOK_ID, build_title_schema, make_validator, validate_document
    from paragraphs.pipeline.yamlread import YamlProblems, read_yaml

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
    grammar = _schemas_that_resolve(host, grammar, problems)
    collections = _registered_collections(host, title, collections, grammar, problems)
    schema = build_title_schema(
        title,
        {k: v.schema for k, v in grammar.steps.items()},
        {k: v.schema for k, v in grammar.predicates.items()},
        collections,
        checks=grammar.checks,
        procedures=grammar.procedures,
    )
    resources = [s.contents for s in grammar.schemas if s.id not in (CORE_BOOK_ID,)]
    validator = make_validator(schema, resources)
    overlay_validator = make_validator(schema, resources, lenient=True) if any(o for _, o in docs) else None
    known_collections = _collection_names(grammar, collections)

    def elsewhere(code: str, rid: str) -> str:  # the "registered for another title" hint
        return grammar.registered_elsewhere(code, rid, title)

    readable = []
    skipped = _Skipped()
    for doc, overlay in docs:
        if doc.data is None:
            continue
        found = validate_document(overlay_validator if overlay else validator, doc, elsewhere) + _misspelt_collections(doc, known_collections)
        problems.extend(found)
        # A record with a schema error is left out; the file's other records are still
        # compiled and checked (every error of the skipped record is reported above).
        for p in found:
            skipped.add(doc, p)
        if isinstance(doc.data, Mapping) and not skipped.whole(doc):
            readable.append((doc, overlay))

    merged = _merge(readable, problems, skipped, {f.display: _overlay_root(f) for f in files if f.overlay})
    if info is not None:
        problems.extend(_content_of_title(host, title, files, merged))
    schema_findings = len(problems)
    book = _assemble(title, merged, key, grammar, problems, _tables_registered_at(host, grammar))
    if book is not None:
        from paragraphs.pipeline.lint import run_lint

        problems.extend(run_lint(book, grammar, standalone=standalone))
        problems.extend(_procedure_questions(host, grammar, book))
        problems.extend(_session_verbs(host, grammar, book))
    if skipped:
        problems[schema_findings:] = skipped.consequences(problems[schema_findings:])
    return CompiledTitle(book, sorted(set(problems)))


def _procedure_questions(host: PluginHost, grammar: Grammar, book: m.Book) -> list[Problem]:
    """PROC003: a procedure of this title listing (in ``questions``) a key the content does
    not declare: shown in help and the rule reference, it is no key an ``--answer`` gives.
    A warning, at the plugin's ``yield`` of the record: a procedure may define a question
    of its own in code."""
    from paragraphs.pipeline.validation import did_you_mean
    from paragraphs.pluginhost.plugin_errors import record_pos

    out = []
    for proc in grammar.procedures.values():
        if proc.title != book.title:
            continue
        for key in proc.questions:
            if key not in book.questions:
                pos = record_pos(host, "paragraphs_register_procedures", proc.id, proc.title) or SourcePos(book.title, 0, 0)
                said = f"procedure {proc.id!r} lists the question {key!r}, which the content does not declare{did_you_mean(key, book.questions)}"
                out.append(Problem(pos, "PROC003", said, Severity.WARNING))
    return out


def _is_file(path: Any) -> bool:
    try:
        return bool(path.is_file()) if hasattr(path, "is_file") else os.path.isfile(os.fspath(path))
    except (OSError, TypeError):
        return False


def _parent_name(path: Any) -> str:
    parent = getattr(path, "parent", None)
    return str(getattr(parent, "name", "") or os.path.basename(os.path.dirname(os.fspath(path))))


def _session_verbs(host: PluginHost, grammar: Grammar, book: m.Book) -> list[Problem]:
    """VERB001: a session verb of this title that performs a procedure nobody registers,
    or passes an argument its procedure does not take; it validated clean, and the verb
    failed only when a player typed it ("code raised TypeError: ... unexpected keyword
    argument"). At the plugin's ``yield`` of the verb."""
    import inspect

    from paragraphs.pipeline.validation import did_you_mean
    from paragraphs.pluginhost.plugin_errors import record_pos

    out = []
    for verb in host.records("paragraphs_register_session_verbs", book.title):
        if verb.title != book.title:
            continue
        pos = record_pos(host, "paragraphs_register_session_verbs", verb.id, verb.title) or SourcePos(book.title, 0, 0)
        proc = grammar.procedures.get(verb.procedure)
        if proc is None:
            said = f"session verb {verb.id!r} performs the procedure {verb.procedure!r}, which {book.title} does not register{did_you_mean(verb.procedure, grammar.procedures)}"
            out.append(Problem(pos, "VERB001", said))
            continue
        try:
            params = list(inspect.signature(proc.function).parameters.values())[1:]  # after ctx
        except (TypeError, ValueError):
            continue  # a builtin or compiled function: nothing to check against
        if any(p.kind is p.VAR_KEYWORD for p in params):
            continue
        takes = [p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
        for arg in verb.arguments:
            if arg.name not in takes:
                said = f"session verb {verb.id!r} passes {arg.name!r}, which procedure {proc.id!r} does not take{did_you_mean(arg.name, takes)}"
                out.append(Problem(pos, "VERB001", said))
    return out


def _left_outside(folder: Any) -> str:
    """``; YAML files are in ../content, outside the package: ...`` when the content was
    written beside the package instead of inside it (a wheel ships only the package, and
    the Title record names the folder inside it)."""
    try:
        here = os.path.abspath(os.fspath(folder))
    except TypeError:
        return ""
    name, package = os.path.basename(here), os.path.dirname(here)
    for beside in (os.path.dirname(package), os.path.dirname(os.path.dirname(package))):
        candidate = os.path.join(beside, name)
        if candidate != here and os.path.isdir(candidate) and any(n.endswith(".yaml") for _, _, names in os.walk(candidate) for n in names):
            return f"; YAML files are in {shown(candidate)}, outside the package: move that folder into {shown(package)} (a wheel ships only the package)"
    return ""


def _content_of_title(host: PluginHost, title: str, files: Sequence[SourceFile], merged: _Merged) -> list[Problem]:
    """An installed title's content exists and is the title its plugin registers.

    A misspelt content folder used to validate as an empty book ("ok: 0 paragraphs"), and
    a title record whose id differs from the plugin's ``Title`` id only showed as unknown
    check kinds and procedures (they are registered for the plugin's id).
    """
    from paragraphs.pluginhost.plugin_errors import registration_pos

    hook = registration_pos(host, "paragraphs_register_titles", title) or SourcePos("<plugin>", 1, 1)
    if not any(not f.overlay for f in files):
        folder = host.title(title).record.content
        relative = isinstance(folder, (str, os.PathLike)) and not os.path.isabs(folder)
        hint = '; a relative folder is read from the working folder: give files(__package__) / "content"' if relative else _left_outside(folder)
        if not relative and _is_file(folder):
            hint = f'; it names a file: give the folder that holds the YAML, files(__package__) / "{_parent_name(folder)}"'

        return [Problem(hook, "TITLE001", f"title {title!r} has no content: no *.yaml file below {folder} (the content folder its Title record names{hint})")]
    declared = merged.title.data.get("id") if merged.title else None
    if merged.title is not None and declared != title:
        return [
            Problem(
                merged.title.pos(("id",)),
                "TITLE002",
                f"the content's title record is {declared!r}, but its plugin registers the title as {title!r} ({hook}); "
                "the check kinds, procedures and tables registered for the plugin's id do not apply to other ids",
            )
        ]
    return []


def _tables_registered_at(host: PluginHost, grammar: Grammar) -> dict[str, SourcePos]:
    """Where the plugin's code registers each of the title's tables (the line of its
    ``yield``), so a finding about one is placed in the plugin's file, not at ``TITLE:0:0``."""
    from paragraphs.pluginhost.plugin_errors import record_pos

    out = {}
    for tid, table in grammar.tables.items():
        at = record_pos(host, "paragraphs_register_tables", tid, getattr(table, "title", None))
        if at is not None:
            out[tid] = at
    return out


def _registered_collections(host: PluginHost, title: str, collections: str | None, grammar: Grammar, problems: list[Problem]) -> str | None:
    """The title's ``collections_schema`` when a plugin registers it; else None, said once
    at the title's registration. Before, every content file failed at its line 1 on the
    unresolvable reference (SCHEMA002) and none of the content was read."""
    if not collections or collections.rstrip("#") in {s.id.rstrip("#") for s in grammar.schemas}:
        return collections
    from paragraphs.pluginhost.plugin_errors import registration_pos

    pos = registration_pos(host, "paragraphs_register_titles", title) or SourcePos("<plugin>", 1, 1)
    said = f"title {title!r}: its collections_schema {collections} is not a registered schema (register it with paragraphs_register_schemas; nothing is fetched from the network)"
    problems.append(Problem(pos, "SCHEMA002", said))
    return None


def _schemas_that_resolve(host: PluginHost, grammar: Grammar, problems: list[Problem]) -> Grammar:
    """The grammar with every kind's schema checked first.

    A schema that ``$ref``s a schema nobody registered is reported (SCHEMA002) at the
    plugin hook that registered it, and only that reference is then left unchecked
    (instead of a traceback, or a download attempt, while validating).
    """
    from dataclasses import replace as evolve

    from paragraphs.pluginhost.plugin_errors import registration_pos
    from paragraphs.pipeline.validation import schema_mistake, unresolved_refs, without_refs

    known = [s.id for s in grammar.schemas]

    def checked(hook: str, what: str, rid: str, schema: Mapping[str, Any]) -> Mapping[str, Any]:
        mistake = schema_mistake(schema) if schema else None
        if mistake:
            pos = registration_pos(host, hook, rid) or SourcePos("<plugin>", 1, 1)
            problems.append(Problem(pos, "SCHEMA003", f"{what} {rid!r}: its schema is not a valid JSON Schema: {mistake}"))
            return {}  # reported once here, instead of as nonsense on every use in the content
        missing = unresolved_refs(schema, known)
        if not missing:
            return schema
        pos = registration_pos(host, hook, rid) or SourcePos("<plugin>", 1, 1)
        problems.append(
            Problem(
                pos,
                "SCHEMA002",
                f"{what} {rid!r}: its schema refers to {missing[0]}, which is not a registered schema "
                "(register it with paragraphs_register_schemas; nothing is fetched from the network)",
            )
        )
        return dict(without_refs(schema, missing))

    def fix(records: Mapping[str, Any], hook: str, what: str) -> dict[str, Any]:
        out = {}
        for rid, rec in records.items():
            schema = checked(hook, what, rid, rec.schema or {})
            out[rid] = rec if schema is rec.schema or not rec.schema else evolve(rec, schema=schema)
        return out

    for res in grammar.schemas:
        checked("paragraphs_register_schemas", "schema", res.id, res.contents)
    return evolve(
        grammar,
        checks=fix(grammar.checks, "paragraphs_register_check_kinds", "check kind"),
        steps=fix(grammar.steps, "paragraphs_register_steps", "step kind"),
        predicates=fix(grammar.predicates, "paragraphs_register_predicates", "predicate kind"),
    )


def _collection_names(grammar: Grammar, collections: str | None) -> set[str]:
    """The top-level keys the core and the title's collections schema name."""
    from paragraphs.pipeline.validation import core_schema

    names = set(core_schema()["properties"])
    for res in grammar.schemas:
        if res.id == collections and isinstance(res.contents.get("properties"), Mapping):
            names |= set(res.contents["properties"])
    return names


def _misspelt_collections(doc: YamlDocument, known: set[str]) -> list[Problem]:
    """A title may keep collections of its own, but one a letter away from a known name
    (``paragrahps:``) is a typo that would silently hide its records."""
    from paragraphs.pipeline.validation import did_you_mean

    if not isinstance(doc.data, Mapping):
        return []
    out = []
    for key in doc.data:
        if key in known:
            continue
        hint = did_you_mean(key, sorted(known))
        if hint:
            out.append(Problem(doc.key_pos((key,)), "SCHEMA001", f"unknown collection {key!r}{hint}", json_path=f"$.{key}"))
    return out


#: Findings that relate records to each other, which a record left out can cause.
_CROSS_RECORD = ("REF002", "REF005", "SIGHT", "QUESTION002", "COUNTER001")
# (as text: compiled on first use by re's cache, not at every start-up)
_MISSING_PARAGRAPH = r"paragraph (\S+), which does not exist"
_SUBJECT = r"(?:paragraph|sighting|question|counter) '?([^\s',]+)'?"


class _Skipped:
    """Records left out for their schema errors, and what they would have given the others."""

    def __init__(self) -> None:
        self.paths: set[tuple[int, tuple[str | int, ...]]] = set()
        self.ids: set[str] = set()
        self.words: dict[str, SourcePos] = {}  # value written in a left-out record -> where

    def __bool__(self) -> bool:
        return bool(self.paths)

    def add(self, doc: YamlDocument, problem: Problem) -> None:
        at = _record_path(problem.json_path)
        key = (id(doc), at)
        if key in self.paths:
            return
        self.paths.add(key)
        data: Any = doc.data
        for part in at:
            try:
                data = data[part]
            except (KeyError, IndexError, TypeError):
                return
        items = data if isinstance(data, list) and len(at) == 1 else [data]
        for item in items:
            if isinstance(item, Mapping):
                for k in ("id", "key", "paragraph"):
                    if isinstance(item.get(k), (str, int)):
                        self.ids.add(str(item[k]))
        found: set[str] = set(self.ids)
        _scalars(data, found)
        for word in found:
            self.words.setdefault(word, doc.pos(at))

    def whole(self, doc: YamlDocument) -> bool:
        return (id(doc), ()) in self.paths

    def has(self, doc: YamlDocument, at: tuple[str | int, ...]) -> bool:
        return (id(doc), at) in self.paths or (id(doc), at[:1]) in self.paths or (id(doc), ()) in self.paths

    def consequences(self, found: Sequence[Problem]) -> list[Problem]:
        """Drop references to a left-out record; lower findings that may only follow from one."""
        out = []
        for p in found:
            missing = re.search(_MISSING_PARAGRAPH, p.message) if p.code.startswith("REF") else None
            if missing and missing.group(1) in self.ids:
                continue  # the paragraph exists; it was left out for its own errors
            subject = re.search(_SUBJECT, p.message)
            cause = self.words.get(subject.group(1)) if subject else None
            if p.code == "REF005" and self.words:
                cause = min(self.words.values())
            if p.code.startswith(_CROSS_RECORD) and cause is not None:
                note = f"perhaps only a consequence of the record left out at {cause}"
                out.append(replace(p, severity=Severity.INFO, message=f"{p.message} ({note})"))
                continue
            out.append(p)
        return out


def _record_path(json_path: str) -> tuple[str | int, ...]:
    """``$.paragraphs[3].steps[0]`` -> ``("paragraphs", 3)``; ``$.title.doc`` -> ``("title",)``."""
    match = re.match(r"^\$\.([^.\[]+)(?:\[(\d+)\])?", json_path)
    if not match:
        return ()
    return (match.group(1), int(match.group(2))) if match.group(2) is not None else (match.group(1),)


def _scalars(data: Any, into: set[str]) -> None:
    if isinstance(data, Mapping):
        into.update(str(k) for k in data)  # a name written as a key ({fuel: {initial: 2}})
        for v in data.values():
            _scalars(v, into)
    elif isinstance(data, list):
        for v in data:
            _scalars(v, into)
    elif isinstance(data, (str, int)) and not isinstance(data, bool):
        into.add(str(data))


# --------------------------------------------------------------------------- merging


def _overlay_root(f: SourceFile) -> str:
    """The overlay folder a file came from (its path less its name inside the folder)."""
    if f.key and f.display.endswith(f.key):
        return f.display[: -len(f.key)]
    return f.display


@dataclass
class _Record:
    """One record of the content as merged from its files, with where each field came from."""

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
    """The title record and the collections of a book's files, overlays laid over."""

    title: _Record | None = None
    collections: dict[str, dict[str, _Record]] = field(default_factory=dict)


def _merge(
    docs: Sequence[tuple[YamlDocument, bool]],
    problems: list[Problem],
    skipped: _Skipped | None = None,
    roots: Mapping[str, str] | None = None,
) -> _Merged:
    from paragraphs.foundation.limits import safe_name

    merged = _Merged()
    overlaid: dict[tuple[str, str, str], SourcePos] = {}  # (overlay folder, collection, id) -> first
    for doc, overlay in docs:
        for coll, value in doc.data.items():
            if skipped is not None and skipped.has(doc, (coll,)):
                continue
            if not safe_name(coll):  # collections become page names in `docs export`
                problems.append(Problem(doc.pos((coll,)), "ID005", f"collection name {coll!r} may only use letters, digits, - and _ (at most 64)"))
                continue
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
                if skipped is not None and skipped.has(doc, at):
                    continue
                key = str(item.get("id", item.get(key_field)))
                rec = _Record(dict(item), {k: (doc, at) for k in item}, (doc, at))
                if overlay:  # one overlay giving one record twice: neither silently wins
                    mark = ((roots or {}).get(doc.path, doc.path), coll, key)
                    if mark in overlaid:
                        problems.append(Problem(doc.pos(at), "ID001", f"{coll} record {key!r} is given twice in one overlay (first at {overlaid[mark]})"))
                        continue
                    overlaid[mark] = doc.pos(at)
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


def _given_twice(what: str, rid: str, rec: _Record, hook: str) -> Problem:
    """A content record with the id of one a plugin registers in code: the content's would
    be used and the code's lost without a word (collisions are errors, neither wins quietly)."""
    return Problem(rec.pos(()), "ID001", f"{what} {rid!r} is given here and also registered in code ({hook}): give it in one place")


def _assemble(title: str, merged: _Merged, key: str, grammar: Grammar, problems: list[Problem], registered_at: Mapping[str, SourcePos]) -> m.Book | None:
    from paragraphs.pipeline.compiler import Compiler, make_question
    from paragraphs.pipeline.tables import apply_cell_overlays, build_table

    decl: dict[str, Any] = merged.title.data if merged.title else {"id": title, "name": title}
    if merged.title is not None:
        problems.extend(_declared_twice(merged.title))
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
        [s.contents for s in grammar.schemas],
        elsewhere=lambda code, rid: grammar.registered_elsewhere(code, rid, title),
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
    tables_at: dict[str, SourcePos] = dict(registered_at)  # where each table is, for the lint's findings
    for tid, rec in merged.collections.get("tables", {}).items():
        if tid in grammar.tables:
            problems.append(_given_twice("table", tid, rec, "paragraphs_register_tables"))
        tables[tid] = build_table(title, tid, rec.data, rec.pos, problems, unknown_at)
        tables_at[tid] = rec.pos(())
        _note_provenance(provenance, "tables", tid, rec)
    units: dict[str, Any] = dict(grammar.units)
    for uid, rec in merged.collections.get("units", {}).items():
        if uid in grammar.units:
            problems.append(_given_twice("unit", uid, rec, "paragraphs_register_units"))
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
    filled_rows: dict[str, Any] = {}
    filled_cells = apply_cell_overlays(tables, data, cell_records, problems, paragraphs, filled_rows)

    counters = {str(c["name"]): int(c.get("initial", 0)) for c in decl.get("counters") or ()}
    sightings = {str(s["id"]): m.SightingDecl(str(s["id"]), str(s.get("name", "")), s.get("assumed")) for s in decl.get("sightings") or ()}
    id_pattern = decl.get("id_pattern")
    if id_pattern:
        from paragraphs.foundation.limits import id_pattern_problem

        why = id_pattern_problem(str(id_pattern))
        if why:
            where = merged.title.pos(("id_pattern",)) if merged.title else SourcePos("<none>")
            problems.append(Problem(where, "ID004", why))
            id_pattern = None
    meta = {
        "doc": decl.get("doc", ""),
        "id_pattern": id_pattern,
        "id_prefixes": tuple(decl.get("id_prefixes") or ("T",)),
        "events": tuple(decl.get("events") or ()),
        "dice_assumed": (decl.get("dice") or {}).get("assumed"),
        "declared_questions": declared,
        "filled_cells": filled_cells,
        "unknown_cells_at": unknown_at,
        "tables_at": tables_at,
        "row_cells": filled_rows,
        "uses": tuple(str(u) for u in decl.get("uses") or ()),
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


#: The title record's lists of declarations, and the field naming each entry.
_DECLARATIONS = {"counters": "name", "tracks": "name", "sightings": "id", "events": None}


def _declared_twice(title: _Record) -> Iterator[Problem]:
    """A counter, track, sighting or event the title lists twice: the second silently
    replaced the first (its initial value, its name), so say where both are."""
    for list_name, key in _DECLARATIONS.items():
        first: dict[str, SourcePos] = {}
        for i, entry in enumerate(title.data.get(list_name) or ()):
            name = entry.get(key) if key and isinstance(entry, Mapping) else entry
            if not isinstance(name, (str, int)):
                continue
            here = title.pos((list_name, i))
            if str(name) in first:
                yield Problem(here, "TITLE004", f"title.{list_name} lists {str(name)!r} twice (first at {first[str(name)]}): give it once")
            else:
                first[str(name)] = here


def _note_provenance(provenance: dict[str, dict[str, str]], coll: str, rid: str, rec: _Record) -> None:
    provenance[f"{coll}:{rid}"] = {k: str(rec.pos((k,))) for k in rec.data}
