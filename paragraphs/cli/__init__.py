"""The ``paragraphs`` command line.

Exit codes: 0 ok, 1 a content or rules problem, 2 a usage error. A user error prints one
line on stderr, never a traceback. Commands that output data take ``--json``.
Titles add commands (``simulate``, ``turn``) and options for core commands (``play
--mission``) through the ``paragraphs_register_commands`` hook; the core names no title.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from paragraphs.foundation.errors import ParagraphsError

PROG = "paragraphs"

#: An argument with a slash is a folder of content (``paragraphs.open_book``).
_TITLE_HELP = "an installed title's id, or a folder of content (any argument containing /, such as my-book/)"


class ArgumentParser(argparse.ArgumentParser):
    """argparse with one-line usage errors (exit 2)."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"{self.prog}: error: {message} (try --help)\n")
        raise SystemExit(2)


def _count(text: str) -> int:
    """A whole number of at least 1 (``--runs``, ``--steps``): anything else is a usage error."""
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
    p.add_argument("--session", metavar="NAME", default="default", help="session name (resumes it if it exists)")
    p.add_argument("--seed", type=int)
    p.add_argument("--dice", choices=("seeded", "physical"), help="roll for you (seeded), or ask for your own dice (physical); a resumed session keeps its mode unless this is given")
    p.add_argument("--auto", action="store_true", help="let a policy play")
    p.add_argument("--policy", metavar="ID")
    p.add_argument("--json", action="store_true")
    p.add_argument("--new", action="store_true", help="start the session afresh")
    _gaps_option(p)
    _common(p)


def build_parser(host: Any) -> ArgumentParser:
    from paragraphs.__about__ import __version__

    parser = ArgumentParser(prog=PROG, description="Run, check and document programmed wargame books.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--debug", action="store_true", help="print the traceback of an error, anywhere on the line (also PARAGRAPHS_DEBUG=1)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=ArgumentParser)
    sub.required = True

    p = sub.add_parser("titles", help="list installed titles")
    p.add_argument("--json", action="store_true")
    p.add_argument("--timings", action="store_true", help="also list every plugin with the time its import took")

    p = sub.add_parser("validate", help="validate content (installed titles, or files and folders)")
    p.add_argument("targets", nargs="*", metavar="TITLE|PATH")
    p.add_argument("--json", action="store_true")
    p.add_argument("--strict", action="store_true", help="fail on warnings too")
    _common(p)

    p = sub.add_parser("read", help="resolve a paragraph and show what the player should do")
    p.add_argument("title", metavar="TITLE|DIR/", help=_TITLE_HELP)
    p.add_argument("paragraph")
    _resolution_options(p)
    p.add_argument("--spoilers", action="store_true", help="also show the ids of paragraphs passed through")
    _gaps_option(p)
    _common(p)

    p = sub.add_parser("odds", help="exact odds of a paragraph or a title procedure")
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

    # Titles may declare the same play option (the raid series' --optional, --no-events):
    # identical declarations are merged instead of failing every command at start-up.
    p = sub.add_parser("play", help="an interactive session (saved after every step), or an automatic game", conflict_handler="resolve")
    _play_options(p)
    for plugin, ext in host.records_by_plugin("paragraphs_register_commands"):
        if ext.extends == "play":
            # tried first on a scratch parser that refuses clashes: a title may not redeclare
            # a core option, while two titles' identical options still merge here
            heading = f"{ext.title or 'title'} options"
            _declare(host, plugin, ext, lambda: _scratch(_play_options).add_argument_group(heading), lambda: p.add_argument_group(heading))

    p = sub.add_parser("luck", help="how lucky the dice of a saved session were")
    p.add_argument("save", metavar="SAVE", help="a session save (a path, or TITLE-NAME of a saved session)")
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("sessions", help="list saved play sessions and where they are stored")
    p.add_argument("title", nargs="?", help="only the sessions of this title")
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("randomtest", help="seeded random playthroughs from every entry point, with coverage")
    p.add_argument("title", metavar="TITLE|DIR/", help=_TITLE_HELP)
    p.add_argument("--runs", type=_count, default=200)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--steps", type=_count, default=6, help="resolutions per playthrough")
    p.add_argument("--json", action="store_true")
    _common(p)

    p = sub.add_parser("graph", help="the reference graph of a title")
    p.add_argument("title", metavar="TITLE|DIR/", help=_TITLE_HELP)
    p.add_argument("--format", choices=("mermaid", "dot", "json"), default="mermaid")
    _common(p)

    p = sub.add_parser("docs", help="generate the rule reference")
    docs_sub = p.add_subparsers(dest="docs_command", metavar="ACTION", parser_class=ArgumentParser)
    docs_sub.required = True
    e = docs_sub.add_parser("export", help="write the rule reference as Markdown")
    e.add_argument("dir")
    e.add_argument("--spoilers", action="store_true", help="include paragraph text")
    e.add_argument("--title", action="append", default=[], metavar="TITLE|DIR/", help="only these titles, or books in these folders (repeatable)")
    _common(e)

    p = sub.add_parser("schemas", help="write each title's content schema (for editors) to DIR/<title>/book.schema.json, and the schemas the title registers (its collections, a raid title's board file) beside it")
    p.add_argument("dir")
    p.add_argument("titles", nargs="*", metavar="TITLE")

    p = sub.add_parser("gaps", help="list what the source does not give: unknown table cells and assumed values")
    p.add_argument("title")
    p.add_argument("--json", action="store_true")
    _common(p)
    # a title may narrow the listing with options of its own (a scenario, say)
    for ext in host.records("paragraphs_register_commands"):
        if ext.extends == "gaps":
            ext.add_arguments(p.add_argument_group(f"{ext.title or 'title'} options"))  # type: ignore[arg-type]

    p = sub.add_parser("template", help="write an overlay skeleton of a title's unknown cells and assumed values to DIR")
    p.add_argument("title")
    p.add_argument("dir")
    _common(p)

    p = sub.add_parser("ids", help="list the ids you type for a title: paragraphs, sightings, tables, units, and the title's own (a raid map's zones and counters)")
    p.add_argument("title", metavar="TITLE|DIR/", help=_TITLE_HELP)
    p.add_argument("--kind", action="append", default=[], metavar="LIST", help="only this list (repeatable; the listing names each list's word)")
    p.add_argument("--json", action="store_true")
    _common(p)

    p = sub.add_parser("table", help="show a title's table, or look a value up in it")
    p.add_argument("title", metavar="TITLE|DIR/", help=_TITLE_HELP)
    p.add_argument("table", nargs="?")
    p.add_argument("value", nargs="?", metavar="ROW", help="a die total, a row key or a range as written")
    p.add_argument("--column", help="the column of a table with columns")
    p.add_argument("--json", action="store_true")
    _common(p)

    commands = host.records("paragraphs_register_commands")
    for plugin, cmd in host.records_by_plugin("paragraphs_register_commands"):
        if cmd.extends is None:
            if cmd.id in sub.choices:  # the core command wins, always
                _problem(host, plugin, f"command {cmd.id!r} has the name of a core command; the core command is kept")
                continue
            if _declare(host, plugin, cmd, lambda: ArgumentParser(prog=f"{PROG} {cmd.id}"), lambda: sub.add_parser(cmd.id, help=cmd.help)):
                sub.choices[cmd.id].set_defaults(_title_command=cmd)
    # Commands no core command owns but titles extend (`simulate`, `turn`): the core makes
    # `NAME TITLE ...` and hands over to the extension of the title named. Options that
    # several titles declare alike are merged (conflict_handler="resolve").
    extended: dict[str, list[Any]] = {}
    for cmd in commands:
        if cmd.extends and cmd.extends not in sub.choices:
            extended.setdefault(cmd.extends, []).append(cmd)
    plugin_of = {id(rec): plugin for plugin, rec in host.records_by_plugin("paragraphs_register_commands")}
    for name, exts in sorted(extended.items()):
        titles = ", ".join(sorted(str(e.title) for e in exts))
        tp = sub.add_parser(name, help=f"{exts[0].help} (titles: {titles})", conflict_handler="resolve")
        tp.add_argument("title", help=f"one of: {titles}")
        _common(tp)
        for ext in exts:
            heading = f"{ext.title} options"
            _declare(host, plugin_of.get(id(ext), "?"), ext, lambda: _scratch(_common, resolve=True).add_argument_group(heading), lambda: tp.add_argument_group(heading))
        tp.set_defaults(_extension_of=name)
    return parser


def _scratch(options: Any, *, resolve: bool = False) -> ArgumentParser:
    parser = ArgumentParser(prog=PROG, conflict_handler="resolve" if resolve else "error")
    options(parser)
    return parser


def _problem(host: Any, plugin: str, reason: str) -> None:
    from paragraphs.pluginhost.plugins import PluginProblem

    host.problems.append(PluginProblem(plugin, reason, skipped=False))


def _declare(host: Any, plugin: str, cmd: Any, scratch: Any, target: Any) -> bool:
    """Let a plugin declare a command's options, first on a scratch parser: one that
    raises (or clashes with the core's options) is reported and left out, the rest works."""
    try:
        cmd.add_arguments(scratch())
    except (Exception, SystemExit) as exc:
        detail = str(exc) or type(exc).__name__
        _problem(host, plugin, f"command {cmd.id!r} left out: declaring its options failed ({type(exc).__name__}: {detail})")
        return False
    cmd.add_arguments(target())
    return True


def _run_extension(name: str, args: argparse.Namespace, host: Any) -> int:
    from paragraphs.foundation.errors import UsageError

    host.title(args.title)  # an unknown title is a one-line usage error
    for ext in host.records("paragraphs_register_commands", args.title):
        if ext.extends == name and ext.title == args.title and ext.run is not None:
            return int(ext.run(args, host) or 0)
    able = sorted({str(c.title) for c in host.records("paragraphs_register_commands") if c.extends == name and c.title})
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
    from paragraphs.pluginhost.plugins import make_plugin_manager

    args_list = list(sys.argv[1:] if argv is None else argv)
    # --debug is accepted anywhere on the line (an author adds it to the command that failed)
    debug = "--debug" in args_list
    args_list = [a for a in args_list if a != "--debug"]
    if args_list[:1] == ["--version"]:  # never depends on plugins: none is loaded
        from paragraphs.__about__ import __version__

        print(f"{PROG} {__version__}")
        return 0
    try:
        host = make_plugin_manager()
        parser = build_parser(host)
        for problem in host.problems:
            sys.stderr.write(f"{PROG}: warning: {problem.format()}\n")
        args = parser.parse_args(args_list)
        if getattr(args, "no_cache", False):
            import os

            os.environ["PARAGRAPHS_NO_CACHE"] = "1"
        return int(_dispatch(args, host) or 0)
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


def _os_error(exc: OSError) -> str:
    what = exc.strerror or str(exc) or type(exc).__name__
    names = [str(n) for n in (exc.filename, exc.filename2) if n is not None]
    return f"{' -> '.join(names)}: {what}" if names else what


def _dispatch(args: argparse.Namespace, host: Any) -> int:
    title_cmd = getattr(args, "_title_command", None)
    if title_cmd is not None:
        return title_cmd.run(args, host)
    extension_of = getattr(args, "_extension_of", None)
    if extension_of is not None:
        return _run_extension(extension_of, args, host)
    if args.command in ("play", "sessions"):
        from paragraphs.cli import play  # the session's terminal front end

        return getattr(play, f"cmd_{args.command}")(args, host)  # type: ignore[no-any-return]
    from paragraphs.cli import commands

    return getattr(commands, f"cmd_{args.command}")(args, host)
