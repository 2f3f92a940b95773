"""The core commands. Each ``cmd_<name>(args, host)`` returns an exit code."""

from __future__ import annotations

import argparse
import os
import sys
# ``typing`` is not imported at run time here: ``paragraphs --help``, ``--version`` and
# ``titles`` (and ``import paragraphs``) do without it (start-up time); nor is ``pathlib``
# for ``read`` (with urllib.parse and ipaddress, about 2 ms): the commands that name files
# import it themselves
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

from paragraphs.cli.terminal import emit_json, style, table
from paragraphs.foundation.errors import UsageError


def parse_answers(items: list[str]) -> dict[str, str]:
    """``["pc=5", "mover=vehicle"]`` -> ``{"pc": "5", "mover": "vehicle"}``."""
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"--answer takes KEY=VALUE, not {item!r}")
        key = key.strip()
        if key in out:  # the last one silently won
            raise UsageError(f"--answer {key} is given twice ({key}={out[key]} and {key}={value.strip()}): give it once")
        out[key] = value.strip()
    return out


def parse_procedure_args(items: list[str]) -> dict[str, Any]:
    """``["strength=2", "silent=true", "unit=GE 30"]`` -> ``{"strength": 2, "silent": True, "unit": "GE 30"}``.

    A procedure's arguments arrive as content's ``args:`` pass them: a whole number as an
    int, ``true``/``false`` as booleans, anything else as text.
    """
    out: dict[str, Any] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        key, raw = key.strip(), raw.strip()
        if not sep or not key.isidentifier():
            raise UsageError(f"--arg takes NAME=VALUE (NAME a Python identifier), not {item!r}")
        value: Any = raw
        if raw.lower() in ("true", "false"):
            value = raw.lower() == "true"
        else:
            try:
                value = int(raw)
            except ValueError:
                pass
        out[key] = value
    return out


def is_folder_argument(name: str) -> bool:
    """On the command line an argument containing ``/`` is a content folder, else a title id."""
    return "/" in name or (os.sep != "/" and os.sep in name)


def open_engine(args: argparse.Namespace, host: Any) -> Any:
    """The engine for ``args.title``: an installed title, or a folder of content (``my-book/``)."""
    engine = _open_book_or_title(args, host)
    # what a resolution does at a table cell the source does not give (read, play)
    engine.gaps = getattr(args, "gaps", None) or engine.gaps
    return engine


def _open_book_or_title(args: argparse.Namespace, host: Any) -> Any:
    from paragraphs.interpreter.api import open_book, open_title

    overlays = getattr(args, "overlay", []) or []
    if is_folder_argument(args.title):
        return open_book(args.title, host=host, overlays=overlays)
    try:
        return open_title(args.title, host=host, overlays=overlays)
    except UsageError:
        failed = failed_plugin(host, args.title)
        if failed:
            raise UsageError(failed) from None
        if os.path.isdir(args.title or "."):  # (as Path(args.title).is_dir())
            raise UsageError(f"{args.title!r} is not an installed title; to open the folder, write {args.title}/{_unregistered(args.title)}") from None
        raise


def _unregistered(name: str) -> str:
    from paragraphs.pluginhost.plugins import unregistered_package

    return unregistered_package(name)


def failed_plugin(host: Any, name: str) -> str:
    """Why ``name`` is not available when a plugin of that name failed to load, else ``""``."""
    for problem in getattr(host, "problems", ()):
        if plugin_of_title(problem.plugin, name):
            return f"title {name!r} is not available: {problem.format()}"
    return ""


def plugin_of_title(plugin: str, name: str) -> bool:
    """Whether a plugin (an entry point name or module) is, by its name, the one of title ``name``."""
    return plugin == name or plugin.split(".")[0] in (name, f"paragraphs_{name}")


def load_or_new_state(path: str | None, engine: Any) -> Any:
    if not path:  # (save files are imported only when a command has one)
        return engine.new_state()
    from paragraphs.state import load_state, save_exists

    # a missing save whose backup is there is never taken for a new game (SaveMissing)
    if save_exists(path):
        state = load_state(path, title=engine.book.title)
        changed = other_content(state, engine.book)
        if changed:
            sys.stderr.write(f"paragraphs: warning: {changed}\n")
        return state
    return engine.new_state()


def other_content(state: Any, book: Any) -> str | None:
    """What to say of a save made with other content than ``book``'s (an upgrade of the
    title, or an overlay), naming what it holds that the content no longer has: a
    renamed sighting stays marked under its old name, and a removed paragraph's armed
    hook can never run. None for a save of this content."""
    if not state.content_hash or state.content_hash == book.content_hash:
        return None
    gone = [f"sighting {s!r}" for s in state.sightings if book.sightings and s not in book.sightings]
    gone += [f"counter {c!r}" for c in state.counters if book.counters and c not in book.counters]
    gone += [f"paragraph {p} (read)" for p in state.read_counts if p not in book.paragraphs]
    from paragraphs.companion.session import gone_hooks

    gone += [f"armed hook {h.get('id')!r} (paragraph {h.get('paragraph')})" for h in gone_hooks(book, state.hooks)]
    said = "the save was made with other content (an update or an overlay)"
    if not gone:
        return said
    shown = ", ".join(gone[:8]) + (f" and {len(gone) - 8} more" if len(gone) > 8 else "")
    return f"{said}; it holds what {book.title} no longer has: {shown}"


def dice_from_args(args: argparse.Namespace, state: Any) -> Any:
    from paragraphs.book.dice import ScriptedDice, SeededDice

    if getattr(args, "dice", None) is not None:
        try:
            values = [int(v) for v in str(args.dice).replace(" ", "").split(",") if v != ""]
        except ValueError:
            raise UsageError(f"--dice takes whole numbers separated by commas, not {args.dice!r}") from None
        return ScriptedDice(values)
    if getattr(args, "seed", None) is not None:
        if state.rng is not None:
            raise UsageError("--seed cannot be used with a state that already holds a PRNG position (it continues its own stream)")
        return SeededDice(args.seed)
    return SeededDice()


# --------------------------------------------------------------------------- titles


def cmd_titles(args: argparse.Namespace, host: Any) -> int:
    index = getattr(args, "_index", None)
    if index is not None and not getattr(args, "timings", False):  # no plugin imported
        rows = [{"id": tid, "name": t["name"], "version": t["version"], "distribution": t["distribution"]} for tid, t in sorted(index.titles.items())]
    else:
        rows = [
            {"id": t.id, "name": t.record.name, "version": t.plugin.version, "distribution": t.plugin.distribution}
            for t in host.titles().values()
        ]
    timings = _plugin_timings(host) if getattr(args, "timings", False) else None
    if args.json:
        emit_json(rows if timings is None else {"titles": rows, "plugins": timings})
    else:
        print(table(["id", "name", "version", "distribution"], [[r["id"], r["name"], r["version"], r["distribution"]] for r in rows]))
        if timings is not None:
            print()
            print(table(["plugin", "distribution", "import ms"], [[t["plugin"], t["distribution"], f"{t['import_ms']:.1f}"] for t in timings]))
    return 0


def _plugin_timings(host: Any) -> list[dict[str, Any]]:
    """Every loaded plugin with the time its import took, slowest first."""
    out = [
        {"plugin": name, "distribution": info.distribution, "import_ms": round(info.import_seconds * 1000, 1)}
        for name, info in host.info.items()
    ]
    return sorted(out, key=lambda row: (-row["import_ms"], row["plugin"]))


# --------------------------------------------------------------------------- validate


def cmd_validate(args: argparse.Namespace, host: Any) -> int:
    from pathlib import Path

    from paragraphs.pipeline.content import check_path, check_title
    from paragraphs.foundation.problems import Severity

    targets = args.targets or list(host.titles())
    report = []
    failed = False
    for target in targets:
        if target in host.titles() and not is_folder_argument(target):
            compiled = check_title(host, target, args.overlay)
        else:
            if not target.strip():
                raise UsageError("validate takes a title, a file or a folder, not an empty name")
            path = Path(target)
            why = "" if is_folder_argument(target) else failed_plugin(host, target)
            if why:
                raise UsageError(why)  # never a folder that happens to have the title's name
            if path.is_dir() and not is_folder_argument(target):
                raise UsageError(f"{target!r} is not an installed title; to validate the folder, write {target}/{_unregistered(target)}")
            if not path.exists():
                raise UsageError(f"{target!r} is neither an installed title nor a file or folder{_unregistered(target)}")
            if not (path.is_file() or path.is_dir()):
                raise UsageError(f"{target!r} is not a regular file or folder")
            compiled = check_path(host, path)
        counts = {s: sum(1 for p in compiled.problems if p.severity is s) for s in Severity}
        failed |= counts[Severity.ERROR] > 0 or (args.strict and counts[Severity.WARNING] > 0)
        report.append((target, compiled, counts))
    if args.json:
        emit_json(
            [
                {
                    "target": target,
                    "errors": counts[Severity.ERROR],
                    "warnings": counts[Severity.WARNING],
                    "info": counts[Severity.INFO],
                    "paragraphs": len(compiled.book.paragraphs) if compiled.book else 0,
                    "problems": [p.to_json() for p in compiled.problems],
                    "gaps": _gap_counts(compiled.book),
                }
                for target, compiled, counts in report
            ]
        )
        return 1 if failed else 0
    colours = {Severity.ERROR: "red", Severity.WARNING: "yellow", Severity.INFO: "dim"}
    for target, compiled, counts in report:
        for p in compiled.problems:
            print(f"{p.pos}: {style(p.code, colours[p.severity])} {p.message}" + (f" ({p.json_path})" if p.json_path else "") + ("" if p.severity is Severity.ERROR else f" [{p.severity.value}]"))
        n = len(compiled.book.paragraphs) if compiled.book else 0
        verdict = style("ok", "green") if counts[Severity.ERROR] == 0 else style("failed", "red")
        print(f"{target}: {verdict}: {n} paragraphs, {counts[Severity.ERROR]} errors, {counts[Severity.WARNING]} warnings, {counts[Severity.INFO]} info")
        if compiled.book is not None:
            from paragraphs.audits.gaps import census

            # the command to type names what was validated: a folder by its path (its title id,
            # or the placeholder of a book that failed, is no installed title), a file not at all
            listed = compiled.book.title if target in host.titles() and not is_folder_argument(target) else target if Path(target).is_dir() else None
            print(style(f"{target}: gaps: {census(compiled.book)}" + (f" (paragraphs gaps {listed})" if listed else ""), "dim"))
    return 1 if failed else 0


def _gap_counts(book: Any) -> dict[str, int] | None:
    if book is None:
        return None
    from paragraphs.audits.gaps import UNKNOWN_CELL, find_gaps

    gaps = find_gaps(book)
    unknown = sum(1 for g in gaps if g.kind == UNKNOWN_CELL)
    return {"unknown_cells": unknown, "assumed": len(gaps) - unknown, "filled_by_overlay": len(book.meta.get("filled_cells") or {})}


# --------------------------------------------------------------------------- gaps and template


def cmd_gaps(args: argparse.Namespace, host: Any) -> int:
    # a title that extends `gaps` (its own options) lists them itself, and calls
    # list_gaps for the plain listing
    for ext in host.records("paragraphs_register_commands", args.title):
        if ext.extends == "gaps" and ext.title == args.title and ext.run is not None:
            return int(ext.run(args, host) or 0)
    return list_gaps(args, host)


def list_gaps(args: argparse.Namespace, host: Any) -> int:
    """The core listing of ``gaps``: every unknown cell and assumed value of the title."""
    from paragraphs.audits.gaps import census, find_gaps

    engine = open_engine(args, host)
    gaps = find_gaps(engine.book)
    if args.json:
        emit_json({"title": engine.book.title, "gaps": [g.to_json() for g in gaps], "filled_by_overlay": dict(engine.book.meta.get("filled_cells") or {})})
        return 0
    if gaps:
        print(table(["kind", "id", "reason", "source", "where"], [[g.kind, g.id, g.reason, g.source, g.where] for g in gaps]))
    print(f"{engine.book.title}: {census(engine.book)}")
    return 0


def _output_folder(text: str, command: str) -> Path:
    """The folder a command writes into: an empty name is refused (``Path("")`` is the
    working folder, so ``docs export ""`` once wrote 75 pages where the user stood)."""
    from pathlib import Path

    if not text.strip():
        raise UsageError(f"{command} writes into a folder: name it (. for this one), not an empty name")
    return Path(text)


def cmd_template(args: argparse.Namespace, host: Any) -> int:
    from pathlib import Path

    from paragraphs.audits.gaps import overlay_template

    folder = _output_folder(args.dir, "template")
    engine = open_engine(args, host)
    written = overlay_template(engine.book, folder)
    for path in written:
        print(f"wrote {path}")
    if not written:
        print(f"{engine.book.title} has no unknown cells and no assumed values: nothing to write")
    return 0


# --------------------------------------------------------------------------- ids


def core_id_lists(book: Any) -> list[tuple[str, str, list[tuple[str, str]]]]:
    """What every book has, as (list id, heading, [(id, what it is)]); paragraphs show
    only their kind (their text would be a spoiler)."""
    lists = [
        ("paragraphs", "Paragraphs", [(p.id, p.kind) for p in book.paragraphs.values()]),
        ("entry_points", "Paragraphs entered from outside the book", [(e.paragraph, e.source) for e in book.entry_points]),
        ("sightings", "Sightings", [(s.id, s.name) for s in book.sightings.values()]),
        ("tables", "Tables", [(t.id, t.name + (f" ({t.die})" if t.die else "")) for t in book.tables.values() if t.title in (None, book.title)]),
        ("units", "Unit types", [(u.id, u.name) for u in book.units.values() if u.title in (None, book.title)]),
        ("tracks", "Tracks of the state", [(t.name, "") for t in book.tracks.values()]),
        ("state_counters", "Counters of the state", [(name, f"starts at {value}") for name, value in book.counters.items()]),
    ]
    return [(lid, heading, entries) for lid, heading, entries in lists if entries]


def id_lists(host: Any, book: Any) -> list[tuple[str, str, list[tuple[str, str]]]]:
    """The core's lists, then the title's (``paragraphs_register_id_lists``)."""
    lists = core_id_lists(book)
    for rec in host.records("paragraphs_register_id_lists", book.title):
        lists.append((rec.id, rec.name, _entries(rec, book)))
    return lists


def _entries(rec: Any, book: Any) -> list[tuple[str, str]]:
    """An id list's entries; the plugin's bug (it raises, or gives no pairs) is one line
    naming its code, where it was a traceback."""
    from paragraphs.foundation.errors import ParagraphsError, PluginError
    from paragraphs.pluginhost.plugin_errors import DEBUG_ENV, code_pos, raised_at, shown

    try:
        found = list(rec.entries(book))
    except ParagraphsError:
        raise
    except Exception as exc:
        where = raised_at(exc, None, owner=rec.entries)
        at = f" at {shown(where.path)}:{where.line}" if where is not None else ""
        raise PluginError(f"id list {rec.id!r} raised {type(exc).__name__}: {exc}{at} (--debug or {DEBUG_ENV}=1 shows the traceback)") from exc
    out = []
    for item in found:
        if not isinstance(item, (tuple, list)) or len(item) != 2:
            where = code_pos(rec.entries)
            at = f" ({shown(where.path)}:{where.line})" if where is not None else ""
            shown_item = repr(item) if len(repr(item)) <= 40 else repr(item)[:37] + "..."
            raise PluginError(f"id list {rec.id!r}{at} gave {shown_item}, not a pair (id, what it is): yield pairs, or a mapping's .items()")
        out.append((str(item[0]), str(item[1])))
    return out


def cmd_ids(args: argparse.Namespace, host: Any) -> int:
    engine = open_engine(args, host)
    book = engine.book
    lists = id_lists(host, book)
    known = [lid for lid, _, _ in lists]
    # `--kind LIST`, repeatable: a comma-separated list is taken too
    wanted = [k.strip() for given in args.kind or [] for k in given.split(",") if k.strip()]
    unknown = [k for k in wanted if k not in known]
    if unknown:
        from paragraphs.pipeline.validation import did_you_mean

        raise UsageError(f"{book.title} has no list of {unknown[0]!r} ids{did_you_mean(unknown[0], known)} (lists: {', '.join(known) or 'none'})")
    chosen = [entry for entry in lists if not wanted or entry[0] in wanted]
    if args.json:
        emit_json({"title": book.title, "lists": [{"id": lid, "name": heading, "ids": [{"id": i, "about": about} for i, about in entries]} for lid, heading, entries in chosen]})
        return 0
    for lid, heading, entries in chosen:
        print(style(f"{heading} ({len(entries)}; --kind {lid})", "bold"))
        print(table(["id", "what it is"], [[i, about] for i, about in entries]))
    if not chosen:
        print(f"{book.title} has no ids to list")
    return 0


# --------------------------------------------------------------------------- read


def cmd_read(args: argparse.Namespace, host: Any) -> int:
    engine = open_engine(args, host)
    if not args.state:
        return _read(args, engine)
    from paragraphs.state import hold_save
    from paragraphs.state.outputs import refuse_missing_folder

    refuse_missing_folder(args.state, "--state")  # before the lock file is made beside it
    # The save is locked from loading to saving: a second command waits, then says so.
    with hold_save(args.state):
        return _read(args, engine)


def _read(args: argparse.Namespace, engine: Any) -> int:
    from paragraphs.book.dice import ScriptedDice

    state = load_or_new_state(args.state, engine)
    dice = dice_from_args(args, state)
    result = engine.resolve(args.paragraph, state, parse_answers(args.answer), dice=dice)
    if isinstance(dice, ScriptedDice) and result.done and dice.unused:
        raise UsageError(f"{dice.unused} of the --dice values were not needed ({len(dice.values)} given, {dice.used} used); nothing was saved")
    tracks = tuple(engine.book.tracks)
    # Everything that can fail is done before the save is written.
    payload = result.to_json(tracks) if args.json else None
    if result.done and args.state:
        from paragraphs.state import save_state

        save_state(result.state, args.state)
    if payload is not None:
        emit_json(payload)
    else:
        print_resolution(result, engine, spoilers=args.spoilers)
    if not result.done:
        # the questions are printed (or in the JSON); the exit says the paragraph is not resolved
        raise UsageError(unanswered(result, saved=bool(args.state)))
    return 0


def unanswered(result: Any, *, saved: bool) -> str:
    """The one line of a ``read`` that stopped at questions: what to add to the line."""
    wanted = []
    for q in result.questions:
        if q.key.startswith("roll."):
            wanted.append(f"the next die ({q.describe_domain()}) to --dice")
        else:
            wanted.append(f"--answer {q.key}=... ({q.describe_domain()})")
    kept = "nothing was saved" if saved else "nothing was kept"
    return f"{result.start} is not resolved: add {' and '.join(wanted)} and read it again ({kept})"


def print_resolution(result: Any, engine: Any, *, spoilers: bool = False) -> None:
    if result.status == "needs_answers":
        for q in result.questions:
            domain = q.describe_domain()
            print(f"{style('?', 'yellow', 'bold')} {q.prompt} [{domain}]  (--answer {q.key}=...)" if not q.key.startswith("roll.") else f"{style('?', 'yellow', 'bold')} roll {q.prompt} [{domain}]  (add it to --dice)")
        return
    trail = result.trail
    if trail:
        print(style("Paragraphs: " + " > ".join(trail), "dim"))
    for ins in result.instructions:
        tag = f"[{ins.paragraph}] " if len(set(i.paragraph for i in result.instructions)) > 1 else ""
        colour = {"no_event": "dim", "counter": "green", "note": "cyan", "hook": "magenta"}.get(ins.kind)
        text = f"{tag}{ins.text}"
        print(style(text, colour) if colour else text)
    for roll in result.rolls:
        mod = f" -> {roll.total}" if roll.total != roll.value else ""
        print(style(f"  rolled {roll.die}: {roll.value}{mod} ({roll.purpose})", "dim"))


# --------------------------------------------------------------------------- odds


def cmd_odds(args: argparse.Namespace, host: Any) -> int:
    import warnings

    from paragraphs.foundation.errors import UnknownParagraph
    from paragraphs.odds import paragraph_odds, procedure_odds
    from paragraphs.odds.render import DEFAULT_LINES, render

    for flag, value in (("--cap", args.cap), ("--detail", args.detail)):
        if value is not None:
            print(f"warning: {flag} is deprecated and ignored (odds are a tree bounded by --budget; see --depth)", file=sys.stderr)
    engine = open_engine(args, host)
    state = load_or_new_state(args.state, engine)
    answers = parse_answers(args.answer)
    try:
        engine.book.resolve_id(args.target)
        is_paragraph = True
    except UnknownParagraph:
        is_paragraph = False
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # said once above, in CLI words
        if is_paragraph:
            if args.arg:
                raise UsageError(f"--arg is for a procedure's arguments; {args.target} is a paragraph (give answers with --answer)")
            result = paragraph_odds(engine, args.target, state, answers, depth=args.depth, budget=args.budget, spoilers=args.spoilers)
        elif args.target in engine.grammar.procedures:
            call = parse_procedure_args(args.arg)
            result = procedure_odds(engine, args.target, state, answers, args=call, depth=args.depth, budget=args.budget, spoilers=args.spoilers)
        else:
            from paragraphs.pipeline.validation import did_you_mean

            procs = ", ".join(sorted(engine.grammar.procedures)) or "none"
            near = did_you_mean(args.target, engine.grammar.procedures)
            raise UsageError(f"{args.target!r} is neither a paragraph of {args.title} nor one of its procedures{near} (procedures: {procs})")
    if args.json:
        emit_json(result.to_json())
        return 0
    lines: int | None = None
    if not args.all:
        lines = DEFAULT_LINES
        if sys.stdout.isatty():
            import shutil

            lines = max(10, shutil.get_terminal_size((80, DEFAULT_LINES + 2)).lines - 2)
    print(render(result, lines=lines, title=engine.book.title))
    return 0


# --------------------------------------------------------------------------- graph


def cmd_graph(args: argparse.Namespace, host: Any) -> int:
    from paragraphs.pipeline import graph

    engine = open_engine(args, host)
    if args.format == "json":
        emit_json(graph.to_json(engine.book, engine.grammar))
    elif args.format == "dot":
        sys.stdout.write(graph.to_dot(engine.book, engine.grammar))
    else:
        sys.stdout.write(graph.to_mermaid(engine.book, engine.grammar))
    return 0


# --------------------------------------------------------------------------- randomtest


def cmd_randomtest(args: argparse.Namespace, host: Any) -> int:
    from paragraphs.tools.randomtest import random_test

    engine = open_engine(args, host)
    report = random_test(engine, runs=args.runs, seed=args.seed, steps=args.steps, name=args.title)
    if args.json:
        emit_json(report.to_json())
    else:
        print(report.format())
    return 1 if report.failures else 0


# --------------------------------------------------------------------------- luck (play and sessions: paragraphs.cli.play)


def cmd_luck(args: argparse.Namespace, host: Any) -> int:
    from pathlib import Path

    from paragraphs.audits.luck import luck_report
    from paragraphs.companion.session import has_path_separator, sessions_dir
    from paragraphs.state import load_state

    path = Path(args.save)
    # a session by name (never a name with a path separator: a path of sessions' sub-folders)
    if not path.exists() and not has_path_separator(args.save) and (sessions_dir() / f"{args.save}.json").exists():
        path = sessions_dir() / f"{args.save}.json"
    if not path.exists():
        raise UsageError(f"no save {args.save!r} (a file, or a saved session listed by `paragraphs sessions` as TITLE-NAME)")
    report = luck_report(load_state(path).journal)
    if args.json:
        emit_json(report.to_json())
    else:
        print(report.text())
    return 0


# --------------------------------------------------------------------------- docs


def cmd_docs(args: argparse.Namespace, host: Any) -> int:
    from pathlib import Path

    from paragraphs.docs.docgen import export_reference

    written = export_reference(host, _output_folder(args.dir, "docs export"), titles=args.title or None, spoilers=args.spoilers, overlays=args.overlay)
    print(f"wrote {len(written)} pages to {args.dir}")
    return 0


# --------------------------------------------------------------------------- schemas


def cmd_schemas(args: argparse.Namespace, host: Any) -> int:
    import json

    from paragraphs.pipeline.grammar import grammar_for
    from paragraphs.pipeline.validation import build_title_schema
    from paragraphs.state.savefile import check_files_writable

    out = _output_folder(args.dir, "schemas")
    files: list[tuple[Any, str]] = []  # every file first: one that cannot be written stops them all
    for title in args.titles or list(host.titles()):
        info = host.title(title)
        grammar = grammar_for(host, title)
        schema = build_title_schema(
            title,
            {k: v.schema for k, v in grammar.steps.items()},
            {k: v.schema for k, v in grammar.predicates.items()},
            info.record.collections_schema,
            checks=grammar.checks,  # an editor then flags a misspelt outcome or key too
            procedures=grammar.procedures,
        )
        files.append((out / title / "book.schema.json", json.dumps(schema, indent=2) + "\n"))
        # the title's own schemas (its collections, a raid title's board file), by $id name
        for resource in host.records("paragraphs_register_schemas", title):
            name = str(resource.id).rstrip("/").rsplit("/", 1)[-1]
            if resource.title != title or not name.endswith(".json") or name == "book.schema.json":
                continue
            files.append((out / title / name, json.dumps(resource.contents, indent=2, ensure_ascii=False) + "\n"))
    check_files_writable((target for target, _ in files), "the schema")
    for target, text in files:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        print(f"wrote {target}")
    return 0


# --------------------------------------------------------------------------- table


def cmd_table(args: argparse.Namespace, host: Any) -> int:
    engine = open_engine(args, host)
    tables = engine.book.tables
    if not args.table:
        rows = [[t.id, t.name, t.die or "", "; ".join(f"{k}: {v}" for k, v in t.flags.items())] for t in tables.values()]
        if args.json:
            emit_json([{"id": t.id, "name": t.name, "die": t.die, "flags": dict(t.flags)} for t in tables.values()])
        else:
            print(table(["id", "name", "die", "flags"], rows))
        return 0
    from paragraphs.pipeline.validation import did_you_mean

    if args.table not in tables:
        raise UsageError(f"{args.title} has no table {args.table!r}{did_you_mean(args.table, tables)} (tables: {', '.join(tables) or 'none'})")
    t = tables[args.table]
    if args.column is not None and args.column not in t.columns:
        raise UsageError(f"table {t.id} has no column {args.column!r}{did_you_mean(args.column, t.columns)} (columns: {', '.join(t.columns) or 'none'})")
    rows_in = list(t.rows)
    if args.value is not None:
        try:
            rows_in = [t.row(args.value)]
        except KeyError:
            raise UsageError(f"table {t.id} has no row {args.value} (rows: {', '.join(r.name for r in t.rows)})") from None
    columns = [args.column] if args.column is not None else list(t.columns) or [None]
    rows_out = [(r, [(c, t.cell(r, c)) for c in columns]) for r in rows_in]
    if args.json:
        emit_json(
            {
                "id": t.id,
                "name": t.name,
                "die": t.die,
                "flags": dict(t.flags),
                "rows": [
                    {"row": r.name, "cells": [{"column": c or "result", "key": t.cell_key(r, c), "kind": cell.kind, "words": cell.words(), "cell": cell.to_json()} for c, cell in cells]}
                    for r, cells in rows_out
                ],
            }
        )
    else:
        print(style(t.name, "bold") + (f" ({t.die})" if t.die else "") + (f"; {t.source}" if t.source else ""))
        head = ["roll" if t.die else "row"] + [c or "result" for c in columns]
        print(table(head, [[r.name] + [cell.words() + ("" if cell.known else f" [{t.cell_key(r, c)}]") for c, cell in cells] for r, cells in rows_out]))
        for k, v in t.flags.items():
            print(style(f"  note: {k}: {v}", "dim"))
    return 0
