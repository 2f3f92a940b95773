"""A declarative index of the installed plugins, so a command imports only what it uses.

Building a plugin host imports every installed plugin and calls its registration hooks:
too slow for a ``read`` that needs one title, and a plugin that takes seconds to import
would tax every command. The index holds, as plain data, what the last full load found:
each entry-point plugin with its distribution, the titles it ships and whether its hooks
apply to every title; each title's name and version; each plugin command with its help
line and its option declarations, recorded as the ``add_argument`` calls it made (so
``--help`` and parsing need no plugin); and every problem found (a broken plugin is
still reported by ``titles`` without being imported again).

It is stored like the compiled cache (:mod:`paragraphs.foundation.private_files`): in
the same private folder, signed with the same per-user key, written atomically. It is JSON, so even a
planted file could run nothing; one that is corrupt, unsigned or of another format is
simply rebuilt. It is used only while it is fresh: the key lists every ``sys.path``
folder that holds distributions with the names of those distributions (an install, an
uninstall or an upgrade changes them) and the folders ``PYTHONPATH`` names (which
change what imports), and the index stamps (size and modification
time) every file its content came from: each plugin's ``entry_points.txt`` and
metadata, and the code of every module imported while the plugins registered (an
editable install changes no metadata when its code is edited), and the folders that hold
distributions themselves (a reinstall of the same version, adding an entry point, writes
its ``*.dist-info`` folder anew).

One index file per environment (interpreter and distributions), so two virtual
environments sharing the cache folder do not rebuild each other's.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterable
# ``typing`` is not imported at run time here: ``paragraphs --help``, ``--version`` and
# ``titles`` (and ``import paragraphs``) do without it (start-up time)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

#: 3: the folders that hold distributions are stamped too (an index of format 2 never
#: noticed a reinstall of the same version, so none is trusted).
FORMAT = 3

#: Index files start with this, then the MAC of the JSON body (keyed BLAKE2b, 32 bytes), then the body.
_MAGIC = b"PGINDEX1"

#: The parser calls a plugin's option declaration may make, and replayed from the index.
_CALLS = ("add_argument", "add_argument_group", "add_mutually_exclusive_group")
#: Argument types the index can name (any other is a function only the plugin has).
_TYPES: dict[str, Callable[[str], Any]] = {"int": int, "float": float, "str": str}
#: The registration hooks a plugin answering only with commands may implement and still
#: be loaded only when one of its commands is used.
_COMMANDS_HOOK = "paragraphs_register_commands"


class BadIndex(ValueError):
    """An index file whose content is not what this module writes (it is rebuilt)."""


class PluginIndex:
    """What the last full load of the plugins found, as plain data.

    Attributes:
        environment: the folders with distributions and their names (the freshness key).
        stamps: ``[path, size, mtime_ns]`` of every file the content came from.
        plugins: entry-point name -> ``value``, ``dist_dir``, ``distribution``,
            ``version``, ``titles`` (the ids it claims), ``everywhere`` (its hooks apply
            to every title), ``import_ms``.
        titles: title id -> ``name``, ``plugin``, ``distribution``, ``version``.
        commands: one mapping per plugin command: ``plugin``, ``id``, ``title``, ``help``,
            ``extends``, ``calls`` (the recorded option declarations), ``exact`` (false
            when a declaration used something only the plugin's code has, such as its own
            type function), ``error`` (why declaring failed, or None).
        problems: ``plugin``, ``reason``, ``skipped`` of every problem found.
        hooks: the hook implementations pluggy found (see
            :func:`paragraphs.pluginhost.plugins.describe_implementations`), so that a
            command's host calls them without a plugin manager; None when one is not
            an attribute of its plugin.
    """

    __slots__ = ("environment", "stamps", "plugins", "titles", "commands", "problems", "hooks")

    def __init__(
        self,
        environment: list[Any],
        stamps: list[list[Any]],
        plugins: dict[str, dict[str, Any]],
        titles: dict[str, dict[str, Any]],
        commands: list[dict[str, Any]],
        problems: list[dict[str, Any]],
        hooks: dict[str, Any] | None = None,
    ) -> None:
        self.environment = environment
        self.stamps = stamps
        self.plugins = plugins
        self.titles = titles
        self.commands = commands
        self.problems = problems
        self.hooks = hooks

    # ------------------------------------------------------------------ questions
    def plugins_for_title(self, title: str) -> set[str]:
        """The plugins a command on ``title`` needs: those claiming it (all of them, so a
        title two plugins claim is refused as in a full load) and those whose hooks apply
        to every title."""
        return {name for name, p in self.plugins.items() if title in p["titles"] or p["everywhere"]}

    def plugins_extending(self, command: str, title: str | None) -> set[str]:
        """The plugins whose commands extend ``command`` for ``title`` (or for any title)."""
        return {c["plugin"] for c in self.commands if c["extends"] == command and c["title"] in (None, title)}

    def plugin_of_command(self, command: str) -> str | None:
        for c in self.commands:
            if c["extends"] is None and c["id"] == command:
                return str(c["plugin"])
        return None

    # ------------------------------------------------------------------ storage form
    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, **{name: getattr(self, name) for name in self.__slots__}}

    @classmethod
    def from_json(cls, data: Any) -> PluginIndex:
        """Check the shape of a stored index (every field this module relies on)."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise BadIndex("not an index of this format")
        _expect(data.get("environment"), list, "environment")
        stamps = _expect(data.get("stamps"), list, "stamps")
        for s in stamps:
            if not (isinstance(s, list) and len(s) == 3 and isinstance(s[0], str) and all(isinstance(v, int) for v in s[1:])):
                raise BadIndex("a stamp is not [path, size, mtime_ns]")
        plugins = _expect(data.get("plugins"), dict, "plugins")
        for p in plugins.values():
            _fields(p, {"value": str, "dist_dir": str, "distribution": str, "version": str, "titles": list, "everywhere": bool, "import_ms": (int, float)})
        for t in _expect(data.get("titles"), dict, "titles").values():
            _fields(t, {"name": str, "plugin": str, "distribution": str, "version": str})
        for c in _expect(data.get("commands"), list, "commands"):
            _fields(c, {"plugin": str, "id": str, "help": str, "exact": bool})
            for key in ("title", "extends", "error"):
                if not isinstance(c.get(key), (str, type(None))):
                    raise BadIndex(f"command field {key} is not text")
            calls = c.get("calls")
            if calls is not None:
                _check_calls(calls)
        for p in _expect(data.get("problems"), list, "problems"):
            _fields(p, {"plugin": str, "reason": str, "skipped": bool})
        hooks = data.get("hooks")
        if hooks is not None:
            _check_hooks(hooks)
        return cls(data["environment"], stamps, plugins, data["titles"], data["commands"], data["problems"], hooks)


def _expect(value: Any, kind: type, what: str) -> Any:
    if not isinstance(value, kind):
        raise BadIndex(f"{what} is not a {kind.__name__}")
    return value


def _fields(row: Any, kinds: dict[str, Any]) -> None:
    if not isinstance(row, dict):
        raise BadIndex("an entry is not a mapping")
    for key, kind in kinds.items():
        value = row.get(key)
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
            raise BadIndex(f"field {key} has the wrong type")


def _check_hooks(hooks: Any) -> None:
    _fields(hooks, {"implementations": dict, "firstresult": list})
    if not all(isinstance(name, str) for name in hooks["firstresult"]):
        raise BadIndex("a firstresult hook name is not text")
    for rows in hooks["implementations"].values():
        if not isinstance(rows, list):
            raise BadIndex("a hook's implementations are not a list")
        for row in rows:
            if not (isinstance(row, list) and len(row) == 4 and isinstance(row[0], str) and isinstance(row[1], str) and isinstance(row[2], list) and isinstance(row[3], dict)):
                raise BadIndex("a hook implementation is not [plugin, attribute, argnames, opts]")
            if not all(isinstance(a, str) for a in row[2]):
                raise BadIndex("a hook implementation's argument names are not text")


def _check_calls(calls: Any) -> None:
    if not isinstance(calls, list):
        raise BadIndex("calls is not a list")
    made = 1
    for call in calls:
        if not isinstance(call, dict) or call.get("call") not in _CALLS:
            raise BadIndex("a recorded call is not a parser call")
        on = call.get("on")
        if not isinstance(on, int) or isinstance(on, bool) or not 0 <= on < made:
            raise BadIndex("a recorded call is made on no known parser")
        if not isinstance(call.get("args"), list) or not all(isinstance(a, str) for a in call["args"]):
            raise BadIndex("a recorded call has arguments that are not text")
        if not isinstance(call.get("kwargs"), dict):
            raise BadIndex("a recorded call has no keyword mapping")
        for value in call["kwargs"].values():
            _decode(value)  # raises on anything this module does not write
        if call["call"] != "add_argument":
            made += 1


# --------------------------------------------------------------------------- freshness


def environment() -> list[Any]:
    """The freshness key: this format, Python, the core's version, every folder on
    ``sys.path`` that holds distributions, with their names (``name-version.dist-info``:
    installing, removing or upgrading one renames or adds a folder here), and the folders
    ``PYTHONPATH`` names.

    Folders without distributions (the current folder, say) are left out, so running
    from another folder does not make a new index; but those of ``PYTHONPATH`` are kept
    whatever they hold: a plugin's code found only there (its distribution installed
    elsewhere) imports with it and fails without it, and an index kept across the change
    showed a plugin that no longer imports, or hid one that now does.
    """
    from paragraphs.__about__ import __version__

    listing: list[Any] = []
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        dists = sorted(n for n in names if n.endswith((".dist-info", ".egg-info")))
        if dists:
            listing.append([os.path.abspath(entry or "."), dists])
    return [FORMAT, sys.version, __version__, listing, _python_path()]


def _python_path() -> list[str]:
    """The folders ``PYTHONPATH`` puts on ``sys.path``, in order (an earlier one shadows a
    later one); none when Python ignores the environment (``-E``, ``-I``)."""
    if sys.flags.ignore_environment:
        return []
    return [os.path.abspath(entry) for entry in os.environ.get("PYTHONPATH", "").split(os.pathsep) if entry]


def _stamp(path: str) -> list[Any] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return [path, st.st_size, st.st_mtime_ns]


def _folder_stamps(env: list[Any]) -> list[list[Any]]:
    """The stamps of the folders that hold distributions. A reinstall of the same version
    keeps every name in :func:`environment`, and a distribution that declared no
    ``paragraphs`` entry point had no file stamped; but pip writes its ``*.dist-info``
    folder anew, which changes the folder that holds it (one ``stat`` per folder)."""
    return [s for s in (_stamp(folder) for folder, _ in env[3]) if s is not None]


def _fresh(index: PluginIndex, env: list[Any]) -> bool:
    if index.environment != env:
        return False
    for path, size, mtime in index.stamps:
        if _stamp(path) != [path, size, mtime]:
            return False
    return True


# --------------------------------------------------------------------------- storage


def _file_name(env: list[Any]) -> str:
    from paragraphs.foundation.digests import sha256

    return "plugins-" + sha256(json.dumps(env).encode()).hexdigest()[:24] + ".json"


def load(build: Callable[[], PluginIndex]) -> PluginIndex | None:
    """The fresh index of this environment: read from the cache folder when it is there
    and trusted, else made by ``build`` (a full load of the plugins) and stored.

    Returns None when the cache is turned off (``PARAGRAPHS_NO_CACHE``), or the index
    alone (``PARAGRAPHS_NO_PLUGIN_INDEX=1``, which ``benchmarks/cli_startup.py`` uses to
    compare): the caller then loads every plugin, as a command did before the index.
    """
    from paragraphs.foundation import private_files as private

    if not private.enabled() or os.environ.get("PARAGRAPHS_NO_PLUGIN_INDEX", "") in ("1", "true", "yes"):
        return None
    env = environment()
    name = _file_name(env)
    folder = private.trusted_dir(create=False)
    if folder is not None:
        found = _read(folder, name, env)
        if found is not None:
            return found
    index = build()
    index.environment = env
    index.stamps.extend(_folder_stamps(env))
    store(index, name)
    return index


def _read(folder: Any, name: str, env: list[Any]) -> PluginIndex | None:
    """The stored index if it is ours (owner, mode and signature), well formed and fresh."""
    from paragraphs.foundation import private_files as private

    data = private.read_private(os.path.join(folder, name))
    if data is None:
        return None
    body = private.signed_body(data, _MAGIC, private.secret(folder, create=False))
    if body is None:
        return None
    try:
        index = PluginIndex.from_json(json.loads(body))
    except (ValueError, RecursionError):  # BadIndex and JSONDecodeError are ValueErrors
        return None
    return index if _fresh(index, env) else None


def store(index: PluginIndex, name: str) -> None:
    """Write the index atomically (0600 in the private folder); a failure is not an error
    for the user: the next command rebuilds it (the cache warns once that it cannot write)."""
    from paragraphs.foundation import private_files as private

    found = private.signing_folder()
    if found is None:
        return
    folder, secret = found
    body = json.dumps(index.to_json(), sort_keys=True).encode()
    try:
        private.write_signed(folder, name, _MAGIC, secret, body)
    except OSError as exc:
        private.warn_once(f"unwritable:{folder}", f"cannot write the plugin index in {folder} ({exc.strerror or exc}); "
                    "every command loads every plugin")


# --------------------------------------------------------------------------- building


def from_host(host: Any, modules_before: Iterable[str] = ()) -> PluginIndex:
    """The index of a host that loaded every installed plugin.

    ``modules_before`` are the modules imported before the host was built: every module
    imported since (the plugins' code and what they import while registering) is stamped.
    """
    from paragraphs.pluginhost.plugins import BUILTIN_PLUGINS, describe_implementations

    plugins: dict[str, dict[str, Any]] = {}
    eps = getattr(host, "entry_points", [])
    for ep in eps:
        info = host.info.get(ep.name)
        if info is None or not host.pm.has_plugin(ep.name):
            continue  # failed or skipped: its problem is in the index, its titles are not
        plugins[ep.name] = {
            "value": ep.value,
            "dist_dir": ep.dist_dir,
            "distribution": info.distribution,
            "version": info.version,
            "titles": sorted(host.titles_claimed(ep.name)),
            "everywhere": host.applies_everywhere(ep.name),
            "import_ms": round(info.import_seconds * 1000, 1),
        }
    titles = {
        tid: {"name": t.record.name, "plugin": t.plugin.name, "distribution": t.plugin.distribution, "version": t.plugin.version}
        for tid, t in host.titles().items()
    }
    commands = []
    for plugin, cmd in host.records_by_plugin(_COMMANDS_HOOK):
        row: dict[str, Any] = {"plugin": plugin, "id": cmd.id, "title": cmd.title, "help": cmd.help, "extends": cmd.extends, "calls": None, "exact": True, "error": None}
        try:
            row["calls"], row["exact"] = record_declarations(cmd.add_arguments)
        except (Exception, SystemExit) as exc:
            row["error"] = f"{type(exc).__name__}: {str(exc) or type(exc).__name__}"
        commands.append(row)
    problems = [{"plugin": p.plugin, "reason": p.reason, "skipped": p.skipped} for p in host.problems]
    stamps = _stamps(host, eps, set(modules_before), BUILTIN_PLUGINS)
    return PluginIndex([], stamps, plugins, titles, commands, problems, describe_implementations(host))


def _stamps(host: Any, eps: list[Any], before: set[str], builtins: Iterable[str]) -> list[list[Any]]:
    """Every file the index's content came from (see the module's docstring)."""
    import importlib.util
    import sysconfig

    stdlib = tuple(os.path.join(os.path.realpath(sysconfig.get_paths()[k]), "") for k in ("stdlib", "platstdlib"))
    paths: set[str] = set()
    for ep in eps:
        for meta in ("entry_points.txt", "METADATA", "PKG-INFO"):
            paths.add(os.path.join(ep.dist_dir, meta))
    tops = {ep.value.partition(":")[0].strip().split(".")[0] for ep in eps}
    names = [name for name in list(sys.modules) if name not in before or name.split(".")[0] in tops]
    # the core modules whose code decides what the index says (the hook specs and markers:
    # which implementations pluggy accepts, and how they are called)
    core = ["paragraphs.__about__", "paragraphs.pluginhost.records", "paragraphs.pluginhost.plugins", "paragraphs.pluginhost.hookspecs", "paragraphs.foundation.core_marker", __name__]
    names += [*builtins, *core]
    for ep in eps:  # a plugin that failed to import left no module behind: stamp its file
        module = ep.value.partition(":")[0].strip()
        if module not in sys.modules:
            try:
                spec = importlib.util.find_spec(module)
            except (Exception, SystemExit):
                spec = None
            if spec is not None and spec.origin:
                paths.add(spec.origin)
    for name in names:
        file = getattr(sys.modules.get(name), "__file__", None)
        if isinstance(file, str) and not os.path.realpath(file).startswith(stdlib):
            paths.add(file)
    return [s for s in (_stamp(p) for p in sorted(paths)) if s is not None]


# --------------------------------------------------------------------------- option declarations


#: Stands for a keyword argument the index cannot hold (a function of the plugin's own).
_INEXACT = {"$inexact": True}


def record_declarations(add_arguments: Callable[[Any], None]) -> tuple[list[dict[str, Any]], bool]:
    """Run a command's option declaration on a scratch parser and record its calls.

    Returns the calls (replayed by :func:`replay`) and whether they are exact: false when
    an argument uses a type or action only the plugin's code has, which the replay leaves
    out (the command line then loads the plugin before parsing that command for real).
    """
    import argparse

    calls: list[dict[str, Any]] = []
    exact = [True]
    add_arguments(_Recorder(argparse.ArgumentParser(add_help=False), 0, calls, exact))  # type: ignore[arg-type]
    return calls, exact[0]


class _Recorder:
    """A parser (or argument group) that records the declaration calls made on it."""

    def __init__(self, target: Any, number: int, calls: list[dict[str, Any]], exact: list[bool]) -> None:
        self._target = target
        self._number = number
        self._calls = calls
        self._exact = exact

    def _record(self, call: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        encoded = {}
        for key, value in kwargs.items():
            enc = _encode(value)
            if enc is _INEXACT:
                self._exact[0] = False
            encoded[key] = enc
        texts = [a for a in args if isinstance(a, str)]
        if len(texts) != len(args):
            self._exact[0] = False
        self._calls.append({"on": self._number, "call": call, "args": texts, "kwargs": encoded})

    def add_argument(self, *args: Any, **kwargs: Any) -> Any:
        result = self._target.add_argument(*args, **kwargs)
        self._record("add_argument", args, kwargs)
        return result

    def _group(self, call: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> _Recorder:
        group = getattr(self._target, call)(*args, **kwargs)
        self._record(call, args, kwargs)
        number = sum(1 for c in self._calls if c["call"] != "add_argument")  # the parser is 0
        return _Recorder(group, number, self._calls, self._exact)

    def add_argument_group(self, *args: Any, **kwargs: Any) -> _Recorder:
        return self._group("add_argument_group", args, kwargs)

    def add_mutually_exclusive_group(self, *args: Any, **kwargs: Any) -> _Recorder:
        return self._group("add_mutually_exclusive_group", args, kwargs)

    def __getattr__(self, name: str) -> Any:
        # anything else (set_defaults, a custom call): the index cannot replay it
        self._exact[0] = False
        return getattr(self._target, name)


def _encode(value: Any) -> Any:
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple, range)):
        items = [_encode(v) for v in value]
        if any(i is _INEXACT for i in items):
            return _INEXACT
        return {"$tuple": items} if isinstance(value, tuple) else items
    for name, kind in _TYPES.items():
        if value is kind:
            return {"$type": name}
    return _INEXACT


def _decode(value: Any) -> Any:
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, list):
        return [_decode(v) for v in value]
    if isinstance(value, dict) and len(value) == 1:
        if "$tuple" in value and isinstance(value["$tuple"], list):
            return tuple(_decode(v) for v in value["$tuple"])
        if value.get("$type") in _TYPES:
            return _TYPES[value["$type"]]
        if value == _INEXACT:
            return _INEXACT
    raise BadIndex("a recorded value is not one the index writes")


def replay(calls: list[dict[str, Any]], target: Any) -> None:
    """Make the recorded declaration calls on ``target`` (a parser or argument group);
    values the index could not hold are left out."""
    made = [target]
    for call in calls:
        kwargs = {k: v for k, v in ((k, _decode(v)) for k, v in call["kwargs"].items()) if v is not _INEXACT}
        result = getattr(made[call["on"]], call["call"])(*call["args"], **kwargs)
        if call["call"] != "add_argument":
            made.append(result)
