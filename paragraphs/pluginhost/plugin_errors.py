"""Placing a failure of a plugin's own code: which hook, procedure or kind, and which line.

An exception raised inside a title plugin's function (a procedure, a check kind's
``resolve``, a lint rule, a step's ``expand``...) is a bug in that plugin, not in the
user's content. The author needs its name and the Python file and line where it was
raised; ``--debug`` (or ``PARAGRAPHS_DEBUG=1``) adds the whole traceback.
"""

from __future__ import annotations

import functools
import inspect
import os
import sysconfig
import types
from typing import TYPE_CHECKING, Any

from paragraphs.foundation.errors import PluginError
from paragraphs.foundation.problems import Problem, SourcePos, shown

if TYPE_CHECKING:
    from paragraphs.pipeline.grammar import Grammar
    from paragraphs.pluginhost.plugins import PluginHost

#: Environment variable that makes the command line print tracebacks.
DEBUG_ENV = "PARAGRAPHS_DEBUG"

# the core package: this module lives one level down, in paragraphs/pluginhost/
_CORE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_LIBRARY_DIRS = tuple(
    os.path.abspath(p) for p in {sysconfig.get_paths().get(k, "") for k in ("stdlib", "platstdlib", "purelib", "platlib")} if p
)

#: Record attributes holding plugin code, per registration, with how to name them.
_CALLABLES = {
    "procedures": ("procedure", ("function",)),
    "checks": ("check kind", ("resolve", "bounds", "prepare", "chances")),
    "steps": ("step kind", ("run", "expand", "refs")),
    "predicates": ("predicate kind", ("evaluate", "expand")),
    "lint_rules": ("lint rule", ("check",)),
}


def debug_enabled() -> bool:
    return os.environ.get(DEBUG_ENV, "") not in ("", "0")


def _underlying(fn: Any) -> Any:
    """The plain function a registered callable runs (through partials and decorators)."""
    while isinstance(fn, functools.partial):
        fn = fn.func
    return inspect.unwrap(fn) if callable(fn) else fn


def _record_code(grammar: Grammar | None) -> dict[Any, list[tuple[str, Any]]]:
    """Code object -> ``[("procedure 'patrol'", callable), ...]`` for every plugin function
    the grammar holds. Functions made by one factory (closures, bound methods of one class,
    partials of one function) share a code object: each keeps its own entry."""
    codes: dict[Any, list[tuple[str, Any]]] = {}
    if grammar is None:
        return codes
    for attr, (what, fields) in _CALLABLES.items():
        for rid, rec in getattr(grammar, attr, {}).items():
            for name in fields:
                fn = getattr(rec, name, None)
                code = getattr(_underlying(fn), "__code__", None) if callable(fn) else None
                if code is not None:
                    codes.setdefault(code, []).append((f"{what} {rid!r}" + ("" if name == fields[0] else f" ({name})"), fn))
    return codes


def _runs_in(frame: types.FrameType, fn: Any) -> bool:
    """Whether ``frame`` can be a call of ``fn`` rather than of another callable sharing its
    code: the closure's cells, the bound method's instance and the partial's arguments are
    the frame's own variables."""
    code = frame.f_code
    local = frame.f_locals
    bound: list[tuple[str, Any]] = []
    while isinstance(fn, functools.partial):
        target = _underlying(fn.func)
        names = getattr(getattr(target, "__code__", None), "co_varnames", ())
        skip = 1 if inspect.ismethod(fn.func) else 0
        bound += list(zip(names[skip:], fn.args))
        bound += list(fn.keywords.items())
        fn = fn.func
    if inspect.ismethod(fn) and code.co_varnames:
        bound.append((code.co_varnames[0], fn.__self__))
    plain = _underlying(fn)
    for name, cell in zip(code.co_freevars, getattr(plain, "__closure__", None) or ()):
        try:
            bound.append((name, cell.cell_contents))
        except ValueError:  # a cell not filled yet
            continue
    return all(name in local and local[name] is value for name, value in bound)


def _named(frame: types.FrameType, candidates: list[tuple[str, Any]]) -> str:
    """The record a frame of shared code belongs to (all of them, when its variables do
    not tell them apart: one function registered under several ids)."""
    if len(candidates) == 1:
        return candidates[0][0]
    fitting = [label for label, fn in candidates if _runs_in(frame, fn)] or [label for label, _ in candidates]
    labels = list(dict.fromkeys(fitting))
    return labels[0] if len(labels) == 1 else " or ".join(labels)


def plugin_packages(grammar: Grammar | None) -> set[str]:
    """Top-level packages of the plugins whose code the grammar holds (never the core)."""
    out: set[str] = set()
    if grammar is None:
        return out
    for attr, (_, fields) in _CALLABLES.items():
        for rec in getattr(grammar, attr, {}).values():
            for name in fields:
                module = getattr(_underlying(getattr(rec, name, None)), "__module__", None)
                if isinstance(module, str):
                    out.add(module.split(".")[0])
    out.discard("paragraphs")
    return out


def _in_plugin(frame: types.FrameType, packages: set[str]) -> bool:
    module = str(frame.f_globals.get("__name__", ""))
    if packages:
        return module.split(".")[0] in packages
    filename = os.path.abspath(frame.f_code.co_filename)
    # no grammar to ask: anything but the core, the standard library and installed libraries
    return not (filename.startswith(_CORE_DIR + os.sep) or any(filename.startswith(d + os.sep) for d in _LIBRARY_DIRS))


def raised_at(exc: BaseException, grammar: Grammar | None = None, owner: Any = None) -> SourcePos | None:
    """The innermost line of plugin code the exception passed through (where it was raised,
    or where the plugin called the library function that raised it).

    Plugin code is told apart by package: the packages of the grammar's functions, or of
    ``owner`` (the plugin function that was called).
    """
    packages = plugin_packages(grammar)
    module = getattr(_underlying(owner), "__module__", None)
    if isinstance(module, str) and module.split(".")[0] != "paragraphs":
        packages.add(module.split(".")[0])
    tb = exc.__traceback__
    found = None
    while tb is not None:
        if _in_plugin(tb.tb_frame, packages):
            found = SourcePos(os.path.abspath(tb.tb_frame.f_code.co_filename), tb.tb_lineno, 1)
        tb = tb.tb_next
    return found


def culprit(exc: BaseException, grammar: Grammar | None) -> str:
    """``procedure 'patrol'`` when a frame of the traceback is a registered record's code,
    else ``hook paragraphs_roll of mymodule`` for a plugin's hook implementation."""
    codes = _record_code(grammar)
    hook = ""
    tb = exc.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        if code in codes:
            return _named(tb.tb_frame, codes[code])
        if not hook and code.co_name.startswith("paragraphs_") and not os.path.abspath(code.co_filename).startswith(_CORE_DIR + os.sep):
            # a hook implementation (paragraphs_roll, paragraphs_initial_state...) of a plugin
            hook = f"hook {code.co_name} of {tb.tb_frame.f_globals.get('__name__', '?')}"
        tb = tb.tb_next
    return hook


#: The context's methods a plugin passes its own arguments to: an error they raise is the
#: plugin's mistake (a die it cannot read, a question key it misspelt), not the player's.
_PLUGIN_ARGUMENT_METHODS = frozenset({"roll", "number", "value", "answer", "check", "read_value"})

#: The functions that raise for the argument itself (the die's notation, the question's
#: key, a None for a number, an unknown check kind). A die the player gave that is no face
#: of it (``--dice 13`` for 2d6) is raised elsewhere, and stays the player's usage error.
_ARGUMENT_CHECKS = frozenset({"parse_die", "question", "number", "fail", "_content_value"})


def plugin_misuse(exc: BaseException, grammar: Grammar | None, where: str) -> PluginError | None:
    """``exc`` (a library error) as the plugin's error, named with the line of its code
    that called the context wrongly (``ctx.roll("2d", ...)``), or None when it is not
    that: raised by the plugin itself on purpose, or by the content the call ran.

    Before, "cannot read die '2d'" or "unknown answer key 'wnd'" came with no file or
    line, as a usage error of a command line that was right.
    """
    from paragraphs.foundation.errors import AnswerRefused, Refused

    if isinstance(exc, (AnswerRefused, Refused, PluginError)):
        return None
    packages = plugin_packages(grammar)
    frames = []
    tb = exc.__traceback__
    while tb is not None:
        frames.append((tb.tb_frame, tb.tb_lineno))
        tb = tb.tb_next
    inner = [i for i, (frame, _) in enumerate(frames) if _in_plugin(frame, packages)]
    if not inner or inner[-1] + 1 >= len(frames):
        return None  # no plugin code on the way, or the plugin raised it itself
    callee = frames[inner[-1] + 1][0]
    if callee.f_globals.get("__name__") != "paragraphs.interpreter.context" or callee.f_code.co_name not in _PLUGIN_ARGUMENT_METHODS:
        return None
    if frames[-1][0].f_code.co_name not in _ARGUMENT_CHECKS:
        return None  # raised for what the player gave (a die that is no face), not for the argument
    frame, line = frames[inner[-1]]
    who = culprit(exc, grammar) or "plugin code"
    text = str(exc)
    lead = "" if text.startswith(f"{where} ") or text.startswith(f"{where}:") else f"{where}: "
    return PluginError(f"{lead}{text} ({who}, at {shown(os.path.abspath(frame.f_code.co_filename))}:{line})")


def describe(exc: BaseException, grammar: Grammar | None, fallback: str = "plugin code") -> str:
    """One line: who raised what, and where (``procedure 'patrol' raised TypeError: ... at x.py:12``)."""
    who = culprit(exc, grammar) or fallback
    where = raised_at(exc, grammar)
    at = f" at {shown(where.path)}:{where.line}" if where is not None else ""
    return f"{who} raised {type(exc).__name__}: {exc}{_value_ref_hint(exc)}{at} (--debug or {DEBUG_ENV}=1 shows the traceback)"


#: What the content's value forms are compiled to (``{ask: wind}`` is an AnswerTo).
_VALUE_REFS = ("'AnswerTo'", "'ValueOf'", "'CounterOf'", "'SumOf'", "'Literal'")


def _value_ref_hint(exc: BaseException) -> str:
    """A TypeError on a value reference used as a number: the plugin read a check's key
    (or a procedure's) as it came, not through ``ctx.number``."""
    if isinstance(exc, TypeError) and any(name in str(exc) for name in _VALUE_REFS):
        return " (a value reference from the content: read it with ctx.number(...))"
    return ""


def undeclared_outcome(where: str, what: str, rid: str, function: Any, got: Any, outcomes: tuple[str, ...]) -> PluginError:
    """``nightraid 1: check kind 'listen' (hooks.py:17) returned 'quiet', which is not one
    of its outcomes (heard, silent)``: a label no content may branch on, so no step would
    run and nothing would be said. The plugin's fault, placed at the function's first line."""
    code = getattr(inspect.unwrap(function), "__code__", None) if callable(function) else None
    at = f" ({shown(os.path.abspath(code.co_filename))}:{code.co_firstlineno})" if code is not None else ""
    prefix = f"{where}: " if where else ""
    return PluginError(f"{prefix}{what} {rid!r}{at} returned {got!r}, which is not one of its outcomes ({', '.join(outcomes)})")


def chances_mistake(dist: Any) -> str | None:
    """Why a check kind's ``chances`` result is no probability distribution, or None.

    Exact odds branch on these chances as given: one left out, or given twice, showed
    the other outcome for certain (or at 100%) without a word.
    """
    from collections.abc import Mapping
    from fractions import Fraction

    if not isinstance(dist, Mapping):
        return f"gave {dist!r}, not a mapping of its outcomes to their chances"
    for label, p in dist.items():
        if isinstance(p, bool) or not isinstance(p, (int, float, Fraction)):
            return f"gave {p!r} as the chance of {label!r}, not a number (a fractions.Fraction)"
        if not 0 <= p <= 1:
            return f"gave the chance {_chance(p)} to {label!r}: a chance is between 0 and 1"
    total = sum((Fraction(p) for p in dist.values()), Fraction(0))
    if total == 1:
        return None
    shown_dist = "{" + ", ".join(f"{label!r}: {_chance(p)}" for label, p in dist.items()) + "}"
    if any(isinstance(p, float) for p in dist.values()) and abs(total - 1) < Fraction(1, 10**9):
        return f"gave floats ({shown_dist}), whose exact sum is not 1: give each chance as a fractions.Fraction"
    return f"gave chances summing to {_chance(total)}, not 1 ({shown_dist}): give every outcome's chance"


def _chance(p: Any) -> str:
    return repr(p) if isinstance(p, float) else str(p)


def bad_chances(where: str, rid: str, function: Any, why: str) -> PluginError:
    """``foghorn 1: check kind 'listen': its chances (hooks.py:17) gave ...``."""
    code = getattr(inspect.unwrap(function), "__code__", None) if callable(function) else None
    at = f" ({shown(os.path.abspath(code.co_filename))}:{code.co_firstlineno})" if code is not None else ""
    prefix = f"{where}: " if where else ""
    return PluginError(f"{prefix}check kind {rid!r}: its chances{at} {why}")


def plugin_problem(exc: BaseException, grammar: Grammar | None, fallback: str, pos: SourcePos | None = None, owner: Any = None) -> Problem:
    """A PLUGIN001 problem placed at the plugin's line (or ``pos`` when none is known)."""
    where = raised_at(exc, grammar, owner) or pos or SourcePos("<plugin>", 1, 1)
    who = culprit(exc, grammar) or fallback
    return Problem(where, "PLUGIN001", f"{who} raised {type(exc).__name__}: {exc}")


def registration_pos(host: PluginHost, hook_name: str, record_id: str) -> SourcePos | None:
    """The file and first line of the hook implementation that registered ``record_id``."""
    plugin = host.plugin_of(hook_name, record_id)
    caller = getattr(host.pm.hook, hook_name, None)
    if caller is None:
        return None
    for impl in caller.get_hookimpls():
        if impl.plugin_name == plugin:
            return code_pos(impl.function)
    return None


def record_pos(host: PluginHost, hook_name: str, record_id: str, title: str | None) -> SourcePos | None:
    """Where a plugin registered a record in code: its ``yield`` (file, line and the column
    where the statement starts), else the first line of the hook that returned it."""
    found = host.yielded_at(hook_name, record_id, title)
    if found is None:
        return registration_pos(host, hook_name, record_id)
    import linecache

    path, line = found
    text = linecache.getline(path, line)
    return SourcePos(os.path.abspath(path), line, len(text) - len(text.lstrip()) + 1)


def code_pos(fn: Any) -> SourcePos | None:
    """Where a Python function is defined."""
    try:
        target = inspect.unwrap(fn)
        path = inspect.getsourcefile(target) or inspect.getfile(target)
        line = target.__code__.co_firstlineno
    except (TypeError, AttributeError, OSError):
        return None
    return SourcePos(os.path.abspath(path), line, 1)


def import_failure(target: str, exc: BaseException) -> str:
    """Why the plugin module ``target`` (an entry point's value) could not be imported,
    with the file and line of the plugin's code where it failed.

    Before, the reason alone ("No module named 'x'", "cannot import name 'Titel' from
    'paragraphs.pluginhost.records' (.../records.py)") left the author to search his files
    for the line; a syntax error named its file without its folder.
    """
    if isinstance(exc, SyntaxError) and exc.filename:
        where = f"{shown(os.path.abspath(exc.filename))}:{exc.lineno or 0}:{exc.offset or 0}"
        return f"{type(exc).__name__}: {exc.msg} at {where}"
    reason = f"{type(exc).__name__}: {_without_path(exc)}{_import_hint(exc)}{_entry_point_hint(target, exc)}"
    package = target.split(":")[0].split(".")[0]
    line = None
    tb = exc.__traceback__
    while tb is not None:  # the innermost frame of the plugin's own package
        if str(tb.tb_frame.f_globals.get("__name__", "")).split(".")[0] == package:
            line = f"{shown(os.path.abspath(tb.tb_frame.f_code.co_filename))}:{tb.tb_lineno}"
        tb = tb.tb_next
    return f"{reason} at {line}" if line else reason


def _without_path(exc: BaseException) -> str:
    """An ImportError's text less the path of the library module it names (noise to the author)."""
    text = str(exc) or type(exc).__name__
    path = getattr(exc, "path", None) if isinstance(exc, ImportError) else None
    return text.replace(f" ({path})", "") if path else text


def _import_hint(exc: BaseException) -> str:
    """`` (did you mean 'Title'?)`` for ``from paragraphs.records import Titel``."""
    import re
    import sys

    if not isinstance(exc, ImportError) or isinstance(exc, ModuleNotFoundError) or not exc.name:
        return ""
    missing = re.match(r"cannot import name '([^']+)'", str(exc))
    module = sys.modules.get(exc.name)
    if not missing or module is None:
        return ""
    import difflib  # (the pipeline's did_you_mean is a layer above the plugin host)

    close = difflib.get_close_matches(missing.group(1), [n for n in dir(module) if not n.startswith("_")], n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _entry_point_hint(target: str, exc: BaseException) -> str:
    """When the entry point itself names what is not there (``paragraphs_foghorn.hook``,
    ``paragraphs_foghorn.hooks:plugin``), say so and what it probably means."""
    import importlib.util
    import pkgutil

    module, _, attr = target.partition(":")
    module = module.strip()
    if isinstance(exc, ModuleNotFoundError) and exc.name == module:
        parent, _, leaf = module.rpartition(".")
        try:
            spec = importlib.util.find_spec(parent) if parent else None
        except (ImportError, ValueError):
            spec = None
        found = [m.name for m in pkgutil.iter_modules(spec.submodule_search_locations or [])] if spec is not None else []
        import difflib

        close = difflib.get_close_matches(leaf, found, n=1, cutoff=0.6)
        better = f": did you mean {parent}.{close[0]}?" if close else ""
        return f" (the entry point in the plugin's pyproject.toml names it{better})"
    if attr and isinstance(exc, AttributeError) and getattr(exc, "name", None) == attr.strip().split(".")[0]:
        return f" (the entry point names {target}: name the module of the hooks alone, {module})"
    return ""


def registration_failure(exc: BaseException) -> str:
    """Why a plugin's registration hooks failed, with the line of the plugin's own code
    that raised (``Title(id=TITLE)`` without its name: "TypeError: Title.__init__()
    missing 1 required positional argument: 'name'" named no file)."""
    reason = str(exc) or type(exc).__name__
    if isinstance(exc, PluginError):
        return reason
    stdlib = tuple(os.path.abspath(p) for p in {sysconfig.get_paths().get(k, "") for k in ("stdlib", "platstdlib")} if p)
    line = None
    tb = exc.__traceback__
    while tb is not None:  # the innermost frame of neither the core, the standard library nor pluggy
        path = tb.tb_frame.f_code.co_filename
        module = str(tb.tb_frame.f_globals.get("__name__", "")).split(".")[0]
        full = os.path.abspath(path)
        mine = not path.startswith("<") and not full.startswith(_CORE_DIR + os.sep) and module != "pluggy"
        if mine and not any(full.startswith(d + os.sep) and os.sep + "site-packages" + os.sep not in full[len(d):] for d in stdlib):
            line = f"{shown(full)}:{tb.tb_lineno}"
        tb = tb.tb_next
    text = f"{type(exc).__name__}: {reason}{_field_hint(exc)}"
    return f"{text} at {line}" if line else text


def _field_hint(exc: BaseException) -> str:
    """`` (did you mean 'outcomes'?)`` for ``Procedure(..., outcome=...)``."""
    import difflib
    import re

    found = re.search(r"(\w+)\.__init__\(\) got an unexpected keyword argument '(\w+)'", str(exc)) if isinstance(exc, TypeError) else None
    if not found:
        return ""
    from paragraphs.pluginhost import records

    record = getattr(records, found.group(1), None) if found.group(1) in records.__all__ else None
    fields = list(getattr(record, "__dataclass_fields__", {}))
    close = difflib.get_close_matches(found.group(2), fields, n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else (f" (its fields: {', '.join(fields)})" if fields else "")
