"""The ``paragraphs`` command line.

Exit codes: 0 ok, 1 a content or rules problem, 2 a usage error. A user error prints one
line on stderr, never a traceback. Commands that output data take ``--json``.
Titles add commands (``simulate``, ``turn``) and options for core commands (``play
--mission``) through the ``paragraphs_register_commands`` hook; the core names no title.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
# ``typing`` is not imported at run time here: ``paragraphs --help``, ``--version`` and
# ``titles`` (and ``import paragraphs``) do without it (start-up time); nor is argparse
# when this module is imported, but in main() (see paragraphs.cli.parser)
TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from typing import Any

    from paragraphs.cli.parser import ArgumentParser

from paragraphs.foundation.errors import ParagraphsError

PROG = "paragraphs"

#: An argument with a slash is a folder of content (``paragraphs.open_book``).
_TITLE_HELP = "an installed title's id, or a folder of content (any argument containing /, such as my-book/)"


def __getattr__(name: str) -> Any:
    # ``ArgumentParser`` lives in paragraphs.cli.parser (argparse is imported in main())
    if name == "ArgumentParser":
        from paragraphs.cli.parser import ArgumentParser

        return ArgumentParser
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _count(text: str) -> int:
    """A whole number of at least 1 (``--runs``, ``--steps``): anything else is a usage error."""
    import argparse

    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1, not {value}")
    return value


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--overlay", action="append", default=[], metavar="DIR", help="lay your own content folder over the title's (repeatable; also $PARAGRAPHS_OVERLAY)")
    parser.add_argument("--no-cache", action="store_true", help="do not read or write the compiled-content cache")


def _play_options(p: argparse.ArgumentParser) -> None:
    """The core options of ``play`` (also laid on a scratch parser to try a title's own)."""
    p.add_argument("title", metavar="TITLE|DIR/", help=_TITLE_HELP)
    p.add_argument("--session", metavar="NAME", default="default", help="session name (resumes it if it exists), or a path ending in .json")
    p.add_argument("--seed", type=int)
    p.add_argument("--dice", choices=("seeded", "physical"), help="roll for you (seeded), or ask for your own dice (physical); a resumed session keeps its mode unless this is given")
    p.add_argument("--auto", action="store_true", help="let a policy play")
    p.add_argument("--policy", metavar="ID")
    p.add_argument("--json", action="store_true")
    p.add_argument("--new", action="store_true", help="start the session afresh")
    _gaps_option(p)
    _common(p)


class CommandSpec:
    """A plugin command as the parser needs it: from a loaded plugin's record, or from the
    plugin index (its option declarations replayed, the plugin not imported)."""

    __slots__ = ("plugin", "id", "title", "help", "extends", "declare", "exact", "error", "record")

    def __init__(self, plugin: str, id: str, title: str | None, help: str, extends: str | None, declare: Any, *, exact: bool = True, error: str | None = None, record: Any = None) -> None:
        self.plugin = plugin
        self.id = id
        self.title = title
        self.help = help
        self.extends = extends
        self.declare = declare
        self.exact = exact
        self.error = error
        self.record = record


def specs_from_host(host: Any) -> list[CommandSpec]:
    return [
        CommandSpec(plugin, cmd.id, cmd.title, cmd.help, cmd.extends, cmd.add_arguments, record=cmd)
        for plugin, cmd in host.records_by_plugin("paragraphs_register_commands")
    ]


def specs_from_index(index: Any, *, besides: Any = None) -> list[CommandSpec]:
    """The index's commands; with ``besides`` (a host), the commands of the plugins that
    host loaded come from their records instead (their real declarations)."""
    from paragraphs.pluginhost.index import replay

    loaded = set() if besides is None else set(besides.plugin_names())
    specs = []
    for c in index.commands:
        if c["plugin"] in loaded:
            continue
        calls = c["calls"]
        specs.append(CommandSpec(c["plugin"], c["id"], c["title"], c["help"], c["extends"], lambda p, calls=calls: replay(calls or [], p), exact=c["exact"], error=c["error"]))
    # the real declarations last: where titles' options merge (conflict_handler="resolve"),
    # the last declaration of an option wins, and a replayed one may lack its type function
    return specs + (specs_from_host(besides) if besides is not None else [])


def build_parser(host: Any, *, help_for: str | None = None) -> ArgumentParser:
    """The whole parser, with the commands of every plugin ``host`` loaded (``help_for``:
    see :func:`_build`)."""
    return _build(specs_from_host(host), host.problems, only=None, whole=True, help_for=help_for)


def _build(specs: list[CommandSpec], problems: list[Any], *, only: str | None, whole: bool = False, help_for: str | None = None) -> ArgumentParser:
    """The parser. With ``only``, just that command is made (the one on the command line:
    making every sub-parser is a large part of a short command's start-up); without it,
    every command, with its arguments when ``whole`` else only its help line (what the
    top-level ``--help`` and a misspelt command need).

    ``help_for`` is the title a ``--help`` line names (:func:`_help_title`): the options
    titles add to a command are then declared for that title only, so ``play bruneval
    --help`` lists Bruneval's options in Bruneval's words, not every title's under the
    heading of whichever declared a shared option first."""
    # the titles each command is extended by, named in its help whatever ``help_for`` keeps
    extended_by: dict[str, list[str]] = {}
    for spec in specs:
        if spec.extends:
            extended_by.setdefault(spec.extends, []).append(str(spec.title))
    if help_for is not None:
        specs = [s for s in specs if not (s.extends and s.title and s.title != help_for)]
    from paragraphs.__about__ import __version__
    from paragraphs.cli.parser import ArgumentParser

    parser = ArgumentParser(prog=PROG, description="Run, check and document programmed wargame books.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--debug", action="store_true", help="print the traceback of an error, anywhere on the line (also PARAGRAPHS_DEBUG=1)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=ArgumentParser)
    sub.required = True

    def add(name: str, help: str, fill: Any, **kwargs: Any) -> None:
        if only is not None and name != only:
            return
        p = sub.add_parser(name, help=help, **kwargs)
        if whole or only == name:
            fill(p)

    add("titles", "list installed titles", _titles_options)
    add("validate", "validate content (installed titles, or files and folders)", _validate_options)
    add("read", "resolve a paragraph and show what the player should do", _read_options)
    add("odds", "exact odds of a paragraph or a title procedure", _odds_options)

    # Titles may declare the same play option (the raid series' --optional, --no-events):
    # identical declarations are merged instead of failing every command at start-up.
    def play(p: argparse.ArgumentParser) -> None:
        _play_options(p)
        owners: dict[str, tuple[str, Any, set[str]]] = {}
        words: dict[str, dict[str, str | None]] = {}
        for spec in specs:
            if spec.extends == "play":
                # tried first on a scratch parser that refuses clashes: a title may not redeclare
                # a core option, while two titles' identical options still merge here
                heading = f"{spec.title or 'title'} options"
                before = set(p._actions)  # the actions themselves: an id could be reused by a merged option
                _declare(problems, spec, lambda: _scratch(_play_options).add_argument_group(heading), lambda: p.add_argument_group(heading))
                _record_owners(p, before, spec, owners)
                _note_words(p, before, spec, words)
        p.set_defaults(_title_options=owners)
        _show_shared(p, words, "play")

    add("play", "an interactive session (saved after every step), or an automatic game", play, conflict_handler="resolve")
    add("luck", "how lucky the dice of a saved session were", _luck_options)
    add("sessions", "list saved play sessions and where they are stored", _sessions_options)
    add("randomtest", "seeded random playthroughs from every entry point, with coverage", _randomtest_options)
    add("graph", "the reference graph of a title", _graph_options)
    add("docs", "generate the rule reference", _docs_options)
    add("schemas", "write each title's content schema (for editors) to DIR/<title>/book.schema.json, and the schemas the title registers (its collections, a raid title's board file) beside it", _schemas_options)

    def gaps(p: argparse.ArgumentParser) -> None:
        _gaps_options(p)
        # a title may narrow the listing with options of its own (a scenario, say)
        owners: dict[str, tuple[str, Any, set[str]]] = {}
        words: dict[str, dict[str, str | None]] = {}
        for spec in specs:
            if spec.extends == "gaps":
                heading = f"{spec.title or 'title'} options"
                before = set(p._actions)
                _declare(problems, spec, lambda: _scratch(_gaps_options).add_argument_group(heading), lambda: p.add_argument_group(heading))
                _record_owners(p, before, spec, owners)
                _note_words(p, before, spec, words)
        p.set_defaults(_title_options=owners)  # `gaps dieppe --scenario 45` was silently the whole list
        _show_shared(p, words, "gaps")

    add("gaps", "list what the source does not give: unknown table cells and assumed values", gaps)
    add("template", "write an overlay skeleton of a title's unknown cells and assumed values to DIR", _template_options)
    add("ids", "list the ids you type for a title: paragraphs, sightings, tables, units, and the title's own (a raid map's zones and counters)", _ids_options)
    add("table", "show a title's table, or look a value up in it", _table_options)
    core = set(CORE_COMMANDS)

    for spec in specs:
        if spec.extends is None:
            if spec.id in core:  # the core command wins, always
                _problem(problems, spec.plugin, f"command {spec.id!r} has the name of a core command; the core command is kept")
                continue
            if only is not None and spec.id != only:
                continue
            if not (whole or only == spec.id):
                sub.add_parser(spec.id, help=spec.help)
                continue
            if _declare(problems, spec, lambda: ArgumentParser(prog=f"{PROG} {spec.id}"), lambda: sub.add_parser(spec.id, help=spec.help)):
                if spec.record is not None:
                    sub.choices[spec.id].set_defaults(_title_command=spec.record)
                else:
                    sub.choices[spec.id].set_defaults(_plugin_command=(spec.plugin, spec.id))
    # Commands no core command owns but titles extend (`simulate`, `turn`): the core makes
    # `NAME TITLE ...` and hands over to the extension of the title named. Options that
    # several titles declare alike are merged (conflict_handler="resolve").
    extended: dict[str, list[CommandSpec]] = {}
    for spec in specs:
        if spec.extends and spec.extends not in core and spec.extends not in sub.choices:
            extended.setdefault(spec.extends, []).append(spec)
            near = _one_slip_from(spec.extends, core)
            if near:  # `extends="reed"`: a command of its own, and `read` never got the options
                _problem(problems, spec.plugin, f"command {spec.id!r} extends {spec.extends!r}, which is no core command: it makes a command {spec.extends!r} of its own (did you mean {near!r}?)")
    for name, exts in sorted(extended.items()):
        if only is not None and name != only:
            continue
        titles = ", ".join(sorted(set(extended_by[name])))
        tp = sub.add_parser(name, help=f"{exts[0].help} (titles: {titles})", conflict_handler="resolve")
        tp.set_defaults(_extension_of=name)
        if not (whole or only == name):
            continue
        tp.add_argument("title", help=f"one of: {titles}")
        _common(tp)
        shared: dict[str, dict[str, str | None]] = {}
        for ext in exts:
            heading = f"{ext.title} options"
            before = set(tp._actions)
            _declare(problems, ext, lambda: _scratch(_common, resolve=True).add_argument_group(heading), lambda: tp.add_argument_group(heading))
            _note_words(tp, before, ext, shared)
        _show_shared(tp, shared, name)
    return parser


#: The core's own commands, in the order ``--help`` lists them.
CORE_COMMANDS = ("titles", "validate", "read", "odds", "play", "luck", "sessions", "randomtest", "graph", "docs", "schemas", "gaps", "template", "ids", "table")


def _titles_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true")
    p.add_argument("--timings", action="store_true", help="also list every plugin with the time its import took")


def _validate_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("targets", nargs="*", metavar="TITLE|PATH")
    p.add_argument("--json", action="store_true")
    p.add_argument("--strict", action="store_true", help="fail on warnings too")
    _common(p)


def _read_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("title", metavar="TITLE|DIR/", help=_TITLE_HELP)
    p.add_argument("paragraph")
    _resolution_options(p)
    p.add_argument("--spoilers", action="store_true", help="also show the ids of paragraphs passed through")
    _gaps_option(p)
    _common(p)


def _odds_options(p: argparse.ArgumentParser) -> None:
    import argparse

    p.add_argument("title", metavar="TITLE|DIR/", help=_TITLE_HELP)
    p.add_argument("target", metavar="TARGET", help="a paragraph id, or a procedure the title registers")
    p.add_argument("--state", metavar="FILE")
    p.add_argument("--answer", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--arg", action="append", default=[], metavar="KEY=VALUE", help="an argument of the procedure TARGET (a number, true, false or text), as content's args: pass it")
    p.add_argument("--json", action="store_true")
    p.add_argument("--depth", type=int, metavar="N", help="stop each branch on the N-th paragraph entered after TARGET (a frontier leaf)")
    p.add_argument("--budget", type=int, metavar="NODES", help="most nodes to compute (default 500; 40000 for a procedure); past it, frontier leaves")
    p.add_argument("--all", action="store_true", help="show the whole tree (the display is folded to 40 lines or the terminal's height)")
    p.add_argument("--spoilers", action="store_true", help="also show what happens in the paragraphs further on")
    p.add_argument("--cap", type=int, help=argparse.SUPPRESS)
    p.add_argument("--detail", choices=("trail", "end"), help=argparse.SUPPRESS)
    _common(p)


def _luck_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("save", metavar="SAVE", help="a session save (a path, or TITLE-NAME of a saved session)")
    p.add_argument("--json", action="store_true")


def _sessions_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("title", nargs="?", help="only the sessions of this title")
    p.add_argument("--json", action="store_true")


def _randomtest_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("title", metavar="TITLE|DIR/", help=_TITLE_HELP)
    p.add_argument("--runs", type=_count, default=200)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--steps", type=_count, default=6, help="resolutions per playthrough")
    p.add_argument("--json", action="store_true")
    _common(p)


def _graph_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("title", metavar="TITLE|DIR/", help=_TITLE_HELP)
    p.add_argument("--format", choices=("mermaid", "dot", "json"), default="mermaid")
    _common(p)


def _docs_options(p: argparse.ArgumentParser) -> None:
    from paragraphs.cli.parser import ArgumentParser

    docs_sub = p.add_subparsers(dest="docs_command", metavar="ACTION", parser_class=ArgumentParser)
    docs_sub.required = True
    e = docs_sub.add_parser("export", help="write the rule reference as Markdown")
    e.add_argument("dir")
    e.add_argument("--spoilers", action="store_true", help="include paragraph text")
    e.add_argument("--title", action="append", default=[], metavar="TITLE|DIR/", help="only these titles, or books in these folders (repeatable)")
    _common(e)


def _schemas_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("dir")
    p.add_argument("titles", nargs="*", metavar="TITLE")


def _gaps_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("title")
    p.add_argument("--json", action="store_true")
    _common(p)


def _template_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("title")
    p.add_argument("dir")
    _common(p)


def _ids_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("title", metavar="TITLE|DIR/", help=_TITLE_HELP)
    p.add_argument("--kind", action="append", default=[], metavar="LIST", help="only these lists (repeatable, or comma-separated: sightings,tables; the listing names each list's word)")
    p.add_argument("--json", action="store_true")
    _common(p)


def _table_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("title", metavar="TITLE|DIR/", help=_TITLE_HELP)
    p.add_argument("table", nargs="?")
    p.add_argument("value", nargs="?", metavar="ROW", help="a die total, a row key or a range as written")
    p.add_argument("--column", help="the column of a table with columns")
    p.add_argument("--json", action="store_true")
    _common(p)


def _scratch(options: Any, *, resolve: bool = False) -> ArgumentParser:
    from paragraphs.cli.parser import ArgumentParser

    parser = ArgumentParser(prog=PROG, conflict_handler="resolve" if resolve else "error")
    options(parser)
    return parser


def _one_slip_from(word: str, names: Any) -> str | None:
    """The name ``word`` is one letter away from (changed, added, dropped, two swapped)."""
    for name in sorted(names):
        if len(word) >= 3 and abs(len(word) - len(name)) <= 1 and word != name:
            if len(word) == len(name):
                diff = [i for i in range(len(word)) if word[i] != name[i]]
                if len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1 and word[diff[0]] == name[diff[1]] and word[diff[1]] == name[diff[0]]):
                    return str(name)
            else:
                short, long = (word, name) if len(word) < len(name) else (name, word)
                if any(long[:i] + long[i + 1 :] == short for i in range(len(long))):
                    return str(name)
    return None


def _problem(problems: list[Any], plugin: str, reason: str) -> None:
    from paragraphs.pluginhost.plugins import PluginProblem

    problems.append(PluginProblem(plugin, reason, skipped=False))


def _declare(problems: list[Any], spec: CommandSpec, scratch: Any, target: Any) -> bool:
    """Let a plugin declare a command's options, first on a scratch parser: one that
    raises (or clashes with the core's options) is reported and left out, the rest works."""
    if spec.error is not None:  # it raised when the index recorded it
        _problem(problems, spec.plugin, f"command {spec.id!r} left out: declaring its options failed ({spec.error})")
        return False
    try:
        spec.declare(scratch())
    except (Exception, SystemExit) as exc:
        detail = str(exc) or type(exc).__name__
        _problem(problems, spec.plugin, f"command {spec.id!r} left out: declaring its options failed ({type(exc).__name__}: {detail})")
        return False
    spec.declare(target())
    return True


def _run_plugin_command(cmd: Any, name: str, args: argparse.Namespace, host: Any) -> Any:
    """Run a plugin's command; its own bug is one line naming the line of its code (with
    --debug, the traceback), never a traceback alone. Errors the library raises on purpose,
    and a file the user named that cannot be read, are said as for any command."""
    from paragraphs.foundation.errors import ParagraphsError, PluginError

    try:
        return cmd.run(args, host)
    except (ParagraphsError, OSError, RecursionError):
        raise
    except Exception as exc:
        from paragraphs.pluginhost.plugin_errors import DEBUG_ENV, raised_at, shown

        where = raised_at(exc, None, owner=cmd.run)
        at = f" at {shown(where.path)}:{where.line}" if where is not None else ""
        raise PluginError(f"command {name!r} raised {type(exc).__name__}: {exc}{at} (--debug or {DEBUG_ENV}=1 shows the traceback)") from exc


def _run_extension(name: str, args: argparse.Namespace, host: Any) -> int:
    from paragraphs.foundation.errors import UsageError

    host.title(args.title)  # an unknown title is a one-line usage error
    for ext in host.records("paragraphs_register_commands", args.title):
        if ext.extends == name and ext.title == args.title and ext.run is not None:
            return int(_run_plugin_command(ext, name, args, host) or 0)
    # the plugin index knows every plugin's commands; the host may have loaded only the
    # named title's plugin (then its records alone would name no title with the command)
    index = getattr(args, "_index", None)
    declared = index.commands if index is not None else [{"extends": c.extends, "title": c.title} for c in host.records("paragraphs_register_commands")]
    able = sorted({str(c["title"]) for c in declared if c["extends"] == name and c["title"]})
    raise UsageError(f"title {args.title!r} has no {name} command (titles with one: {', '.join(able)})")


def _gaps_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--gaps",
        choices=("ask", "refuse"),
        default="ask",
        help="at a table cell the source does not give: ask for it (or stop with needs_answers on its cell.* key), or refuse with a one-line error naming the key",
    )


def _resolution_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--state", metavar="FILE", help="load this save and write the new state back to it")
    dice = p.add_mutually_exclusive_group()
    dice.add_argument("--seed", type=int, help="seed the dice (not with a state that already has a PRNG)")
    dice.add_argument("--dice", metavar="V,V,...", help="the rolls to use, in order (your physical dice)")
    p.add_argument("--answer", action="append", default=[], metavar="KEY=VALUE", help="answer a question (repeatable)")
    p.add_argument("--json", action="store_true")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit code."""
    if argv is None:  # the process is the command line (not a caller running it in-process)
        _hold_collector()
    args_list = list(sys.argv[1:] if argv is None else argv)
    # --debug is accepted anywhere on the line (an author adds it to the command that failed)
    debug = "--debug" in args_list
    args_list = [a for a in args_list if a != "--debug"]
    if args_list[:1] == ["--version"]:  # never depends on plugins: none is loaded
        from paragraphs.__about__ import __version__

        print(f"{PROG} {__version__}")
        return 0
    try:
        return _run(args_list)
    except ParagraphsError as exc:
        from paragraphs.pluginhost.plugin_errors import debug_enabled

        if debug or debug_enabled():
            import traceback

            traceback.print_exception(exc, file=sys.stderr)
        sys.stderr.write(f"{PROG}: error: {exc}\n")
        return exc.exit_code
    except KeyboardInterrupt:
        sys.stderr.write("\n")
        return 130
    except BrokenPipeError:
        return 0
    except OSError as exc:  # a path the user named cannot be read or written: one line
        sys.stderr.write(f"{PROG}: error: {_os_error(exc)}\n")
        return 1
    except RecursionError:  # data nested deeper than Python recurses (a hostile save or board)
        sys.stderr.write(f"{PROG}: error: the input is nested too deeply to read\n")
        return 1


def _hold_collector() -> None:
    """Keep the cyclic garbage collector out of start-up and of the exit.

    Starting a command builds tens of thousands of objects that live as long as the
    process (modules, classes, plugin records): the collector would walk them again and
    again while they are made, and once more as the interpreter exits, a tenth of a short
    command's time. So it is off until the command itself runs (:func:`_release_collector`),
    and at exit what is left is frozen (no collection walks it: the process ends and the
    system takes its memory back). Only for the command line: a program that calls
    :func:`main` keeps its own collector settings.
    """
    global _collector_held
    import atexit
    import gc

    if gc.isenabled():
        gc.disable()
        _collector_held = True
    atexit.register(gc.freeze)


def _release_collector() -> None:
    """Collect again from here on; what start-up built is frozen (it lives until the exit)."""
    global _collector_held
    if _collector_held:
        import gc

        _collector_held = False
        gc.freeze()
        gc.enable()


#: Whether :func:`_hold_collector` turned the collector off (turned on again before a command runs).
_collector_held = False


#: Core commands that work on the one installed title named by their ``title`` argument:
#: they load that title's plugins only (and those whose hooks apply to every title).
_ONE_TITLE = frozenset({"read", "odds", "play", "randomtest", "graph", "gaps", "template", "ids", "table"})


def _run(args_list: list[str]) -> int:
    """Parse with the plugin index, load only the plugins the command uses, run it.

    Without an index (the cache is off) every plugin is loaded, as before there was one.
    """
    from paragraphs.pluginhost import index as plugin_index

    full: Any = None

    def build() -> Any:  # a full load, kept for this command, and the index made from it
        nonlocal full
        from paragraphs.pluginhost.plugins import make_plugin_manager

        before = set(sys.modules)
        full = make_plugin_manager()
        index = plugin_index.from_host(full, before)
        found: list[Any] = []
        _build(specs_from_index(index), found, only=None, whole=True)  # clashes, core names
        index.problems += [{"plugin": p.plugin, "reason": p.reason, "skipped": p.skipped} for p in found]
        return index

    index = plugin_index.load(build)
    if index is None:
        from paragraphs.pluginhost.plugins import make_plugin_manager

        host = full or make_plugin_manager()
        specs = specs_from_host(host)  # made once: the parser is built from them too
        parser = _build(specs, host.problems, only=None, whole=True, help_for=_help_title(args_list, _first_word(args_list), specs))
        said = [(p.plugin, p.reason, p.skipped) for p in host.problems]
        try:
            args = parser.parse_args(args_list)
        except SystemExit:  # --help, or a line argparse refuses: the problems still said
            _warn(said)
            raise
        _warn_or_refuse(args, host, said)
        return _start(args, host)
    chosen = _chosen_command(args_list, index)
    problems: list[Any] = []
    specs = specs_from_index(index)
    help_for = _help_title(args_list, chosen, specs)
    args = _build(specs, problems, only=chosen, help_for=help_for).parse_args(args_list)  # --help ends here
    args._index = index
    stored = [(p["plugin"], p["reason"], p["skipped"]) for p in index.problems]
    needed = _needed_plugins(args, index)
    if needed is None:
        host = full or _load(index, None)
    elif args.command == "titles":  # listed from the index, every problem with it
        _warn(stored + [(p.plugin, p.reason, p.skipped) for p in problems])
        return _start(args, full)
    else:
        host = full or _load(index, needed)
        if any(not s.exact for s in specs_from_index(index) if s.plugin in needed and chosen in (s.id, s.extends)):
            # a declaration the index could not hold (a type function of the plugin's own):
            # parse again with the real declarations of the plugins now loaded
            problems = []
            args = _build(specs_from_index(index, besides=host), problems, only=chosen).parse_args(args_list)
            args._index = index
        # a whole plugin that is broken is said on every command, as without an index;
        # the rest (a command left out, a disabled title) where it matters
        # and a distribution whose entry point another one's hides, for the plugin used
        from paragraphs.pluginhost.plugins import SHADOWED

        stored = [row for row in stored if row[2] or (row[0] in needed and row[1].startswith(SHADOWED))]
    _warn_or_refuse(args, host, stored + [(p.plugin, p.reason, p.skipped) for p in host.problems + problems])
    return _start(args, host)


def _load(index: Any, needed: set[str] | None) -> Any:
    from paragraphs.pluginhost.plugins import make_plugin_manager

    if needed is None:
        return make_plugin_manager()
    # the index's description of the plugins' hook implementations: no plugin manager is
    # made unless a hook needs pluggy's own call (see PluginHost)
    return make_plugin_manager(only=needed, where={name: p["dist_dir"] for name, p in index.plugins.items()}, described=index.hooks)


def _warn(problems: list[tuple[str, str, bool]]) -> None:
    """Each plugin problem once, as ``PluginProblem.format`` words it."""
    said = set()
    for plugin, reason, skipped in problems:
        line = _problem_line(plugin, reason, skipped)
        if line not in said:
            said.add(line)
            sys.stderr.write(f"{PROG}: warning: {line}\n")


def _problem_line(plugin: str, reason: str, skipped: bool) -> str:
    return f"plugin {plugin} skipped: {reason}" if skipped else f"plugin {plugin}: {reason}"


def _warn_or_refuse(args: argparse.Namespace, host: Any, problems: list[tuple[str, str, bool]]) -> None:
    """Say the plugins' problems; a command for a title whose own plugin failed stops here
    with that problem as its one error line (a warning first would say it twice)."""
    from paragraphs.cli.commands import is_folder_argument, plugin_of_title
    from paragraphs.foundation.errors import UsageError

    for name in _titles_named(args) if problems else ():
        # the title's own plugin by its name, or every plugin claiming it (a title two
        # plugins claim is disabled: the problem names both, "a, b")
        own = [row for row in problems if any(plugin_of_title(p, name) or name in host.titles_claimed(p) for p in row[0].split(", "))]
        # (the installed titles only when a problem names this one: start-up time)
        if own and not is_folder_argument(name) and name not in host.titles():
            _warn([row for row in problems if row not in own])
            raise UsageError(f"title {name!r} is not available: {_problem_line(*own[0])}")
    _warn(problems)


def _titles_named(args: argparse.Namespace) -> list[str]:
    """The installed titles (or folders) a command works on: its title argument, or
    validate's targets. Commands across titles (``titles``, ``sessions``...) name none."""
    if args.command == "validate":
        return [t for t in args.targets if isinstance(t, str)]
    title = getattr(args, "title", None)
    one_title = args.command in _ONE_TITLE or getattr(args, "_extension_of", None) is not None
    return [title] if one_title and isinstance(title, str) and title else []


def _start(args: argparse.Namespace, host: Any) -> int:
    if args.command in _ONE_TITLE:
        # these open an engine first thing: its code (engine, content loader, content
        # model: hundreds of classes and functions) is imported while the collector is
        # still held, as the rest of start-up is, not collected again and again as it loads
        import paragraphs.interpreter.api  # noqa: F401
    _release_collector()
    if getattr(args, "no_cache", False):
        import os

        os.environ["PARAGRAPHS_NO_CACHE"] = "1"
    return int(_dispatch(args, host) or 0)


def _chosen_command(args_list: list[str], index: Any) -> str | None:
    """The command on the line, when it is a known one and no top-level ``--help`` comes
    first (the top level has no option taking a value, so it is the first word)."""
    for arg in args_list:
        if arg in ("-h", "--help"):
            return None
        if not arg.startswith("-"):
            known = set(CORE_COMMANDS) | {c["id"] for c in index.commands if c["extends"] is None} | {c["extends"] for c in index.commands if c["extends"]}
            return arg if arg in known else None
    return None


def _first_word(args_list: list[str]) -> str | None:
    """The command on the line (the first word not an option), known or not."""
    return next((arg for arg in args_list if not arg.startswith("-")), None)


def _help_title(args_list: list[str], command: str | None, specs: list[CommandSpec]) -> str | None:
    """The title a ``COMMAND TITLE ... --help`` line names, when titles add options to
    that command: the first word after the command that is one of those titles. None
    without ``--help`` (a parse that runs a command always sees every title's options,
    so that one another title owns is refused by name: :func:`_refuse_foreign_options`)."""
    if command is None or not any(arg in ("-h", "--help") for arg in args_list):
        return None
    titles = {s.title for s in specs if s.extends == command and s.title}
    words = args_list[args_list.index(command) + 1 :]
    return next((word for word in words if word in titles), None)


def _needed_plugins(args: argparse.Namespace, index: Any) -> set[str] | None:
    """The entry points a command needs (None: every one)."""
    command = args.command
    if command == "titles" and not args.timings:
        return set()  # listed from the index
    own = index.plugin_of_command(command) if command not in CORE_COMMANDS else None
    if own is not None:  # a plugin's own command: that plugin (and those in every title)
        return {own} | {name for name, p in index.plugins.items() if p["everywhere"]}
    title = getattr(args, "title", None)
    one_title = command in _ONE_TITLE or getattr(args, "_extension_of", None) is not None
    if one_title and isinstance(title, str) and title in index.titles and "/" not in title and os.sep not in title:
        return index.plugins_for_title(title) | index.plugins_extending(command, title)
    return None  # every plugin: a command across titles, a folder, an unknown title


def _os_error(exc: OSError) -> str:
    what = exc.strerror or str(exc) or type(exc).__name__
    names = [str(n) for n in (exc.filename, exc.filename2) if n is not None]
    return f"{' -> '.join(names)}: {what}" if names else what


def _refuse_foreign_options(args: argparse.Namespace) -> None:
    """An option that only other titles declare (``play dieppe --mission 22``) is an error:
    the titles' options share one parser, and ignoring it would let the player believe it
    was used."""
    from paragraphs.foundation.errors import UsageError

    title = getattr(args, "title", None)
    for dest, (option, default, titles) in sorted(getattr(args, "_title_options", {}).items()):
        if title not in titles and getattr(args, dest, default) != default:
            raise UsageError(f"{option} is an option of {args.command} {', '.join(sorted(titles))}, not of {args.command} {title}")


def _note_words(p: argparse.ArgumentParser, before: set[Any], spec: Any, words: dict[str, dict[str, str | None]]) -> None:
    """Note each title's help of the options ``spec`` just added to ``p`` (read by
    :func:`_show_shared`)."""
    for action in p._actions:
        if action not in before and action.option_strings:
            words.setdefault(action.dest, {})[str(spec.title)] = action.help


def _show_shared(p: argparse.ArgumentParser, words: dict[str, dict[str, str | None]], command: str) -> None:
    """An option several titles declare is merged into one, which argparse shows under
    the heading and in the words of the last title that declared it: show it instead
    under a heading naming every title that takes it, and where their words differ,
    send the reader to each title's own help (``COMMAND TITLE --help`` lists only that
    title's options, in its words: :func:`_help_title`)."""
    groups: dict[tuple[str, ...], Any] = {}
    for action in list(p._actions):
        said = words.get(action.dest)
        if not action.option_strings or said is None or len(said) < 2:
            continue
        titles = tuple(sorted(said))
        for group in p._action_groups:
            if action in group._group_actions:
                group._group_actions.remove(action)
        if titles not in groups:
            names = f"{', '.join(titles[:-1])} and {titles[-1]}"
            groups[titles] = p.add_argument_group(f"options of {names}")
        groups[titles]._group_actions.append(action)
        if len(set(said.values())) > 1:
            action.help = f"its words differ by title: see `{command} TITLE --help`"


def _record_owners(p: argparse.ArgumentParser, before: set[Any], spec: Any, owners: dict[str, tuple[str, Any, set[str]]]) -> None:
    """Note which titles declared the options ``spec`` just added to ``p`` (read by
    :func:`_refuse_foreign_options`)."""
    if not spec.title:
        return
    for action in p._actions:
        if action not in before and action.option_strings:
            # the last declaration's default is the parser's (merged options)
            titles = owners.get(action.dest, ("", None, set()))[2] | {str(spec.title)}
            owners[action.dest] = (action.option_strings[0], action.default, titles)


def _dispatch(args: argparse.Namespace, host: Any) -> int:
    _refuse_foreign_options(args)  # play and gaps record which titles own their options
    title_cmd = getattr(args, "_title_command", None)
    plugin_cmd = getattr(args, "_plugin_command", None)
    if plugin_cmd is not None:  # parsed from the index: the plugin's record, now loaded
        for plugin, cmd in host.records_by_plugin("paragraphs_register_commands"):
            if (plugin, cmd.id) == tuple(plugin_cmd) and cmd.extends is None:
                title_cmd = cmd
        if title_cmd is None:
            from paragraphs.foundation.errors import UsageError

            raise UsageError(f"command {args.command!r} is not available: its plugin {plugin_cmd[0]} did not load")
    if title_cmd is not None:
        return _run_plugin_command(title_cmd, title_cmd.id, args, host)
    extension_of = getattr(args, "_extension_of", None)
    if extension_of is not None:
        return _run_extension(extension_of, args, host)
    if args.command in ("play", "sessions"):
        from paragraphs.cli import play  # the session's terminal front end

        return getattr(play, f"cmd_{args.command}")(args, host)  # type: ignore[no-any-return]
    from paragraphs.cli import commands

    return getattr(commands, f"cmd_{args.command}")(args, host)
