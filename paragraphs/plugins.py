"""Building a plugin host: entry-point discovery, isolation of broken plugins, collisions.

There is no global plugin manager: every host is made by :func:`make_plugin_manager` and
handed to whatever needs it (engine, CLI, tests). Plugins are found through the
``paragraphs`` entry-point group. A plugin that fails to import, raises while registering,
or yields something that is not a record is reported and skipped; every other plugin keeps
working. Two plugins registering the same id is an error that names both.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import pluggy

from paragraphs import hookspecs, records
from paragraphs.errors import PluginError

ENTRY_POINT_GROUP = "paragraphs"

#: The core's own default hook implementations, registered like any plugin.
BUILTIN_PLUGINS = (
    "paragraphs.builtin.defaults",
    "paragraphs.builtin.checks",
    "paragraphs.builtin.lint",
    "paragraphs.builtin.sample",
)

#: Registration hook name -> the record type it must yield.
REGISTRATIONS: dict[str, type] = {
    "paragraphs_register_titles": records.Title,
    "paragraphs_register_schemas": records.SchemaResource,
    "paragraphs_register_tables": records.Table,
    "paragraphs_register_units": records.UnitType,
    "paragraphs_register_procedures": records.Procedure,
    "paragraphs_register_check_kinds": records.CheckKind,
    "paragraphs_register_steps": records.StepKind,
    "paragraphs_register_predicates": records.PredicateKind,
    "paragraphs_register_lint_rules": records.LintRule,
    "paragraphs_register_commands": records.Command,
    "paragraphs_register_policies": records.Policy,
    "paragraphs_register_session_verbs": records.SessionVerb,
    "paragraphs_register_sheet_sections": records.SheetSection,
}


@dataclass(frozen=True, slots=True)
class PluginProblem:
    """Why a plugin was skipped."""

    plugin: str
    reason: str

    def format(self) -> str:
        return f"plugin {self.plugin} skipped: {self.reason}"


class PluginInfo:
    """Where a registered plugin comes from (read from the distribution only when asked:
    parsing package metadata is slow, and most commands never need it)."""

    __slots__ = ("name", "_dist", "_distribution", "_version")

    def __init__(self, name: str, distribution: str = "", version: str = "", dist: Any = None) -> None:
        # ``dist`` is the entry point; its ``.dist`` reads the package metadata on demand
        self.name = name
        self._dist = dist
        self._distribution = distribution
        self._version = version

    @property
    def distribution(self) -> str:
        if not self._distribution and self._dist is not None:
            self._distribution = self._dist.dist.name or ""
        return self._distribution

    @property
    def version(self) -> str:
        if not self._version and self._dist is not None:
            self._version = self._dist.dist.version or ""
        return self._version

    def __repr__(self) -> str:
        return f"PluginInfo({self.name!r}, {self.distribution!r}, {self.version!r})"


@dataclass(frozen=True, slots=True)
class TitleInfo:
    """A title with the plugin and distribution that ship it."""

    record: records.Title
    plugin: PluginInfo

    @property
    def id(self) -> str:
        return self.record.id


class PluginHost:
    """A plugin manager plus everything its plugins registered, checked and indexed."""

    def __init__(self, pm: pluggy.PluginManager) -> None:
        self.pm = pm
        self.problems: list[PluginProblem] = []
        self.info: dict[str, PluginInfo] = {}
        # hook name -> list of (plugin name, record)
        self._records: dict[str, list[tuple[str, Any]]] = {name: [] for name in REGISTRATIONS}

    @property
    def hook(self) -> Any:
        return self.pm.hook

    # ------------------------------------------------------------------ lookups
    def titles(self) -> dict[str, TitleInfo]:
        """Every installed title by id."""
        out = {}
        for plugin, rec in self._records["paragraphs_register_titles"]:
            out[rec.id] = TitleInfo(rec, self.info.get(plugin, PluginInfo(plugin, "", "")))
        return dict(sorted(out.items()))

    def title(self, title_id: str) -> TitleInfo:
        from paragraphs.errors import UsageError

        titles = self.titles()
        if title_id not in titles:
            known = ", ".join(titles) or "none installed"
            raise UsageError(f"unknown title {title_id!r} (installed: {known})")
        return titles[title_id]

    def records(self, hook_name: str, title: str | None = None) -> list[Any]:
        """Records of one registration hook that apply to ``title`` (global ones too)."""
        return [
            rec
            for _, rec in self._records[hook_name]
            if title is None or getattr(rec, "title", None) in (None, title)
        ]

    def by_id(self, hook_name: str, title: str | None) -> dict[str, Any]:
        return {rec.id: rec for rec in self.records(hook_name, title)}

    def plugin_of(self, hook_name: str, record_id: str) -> str:
        for plugin, rec in self._records[hook_name]:
            if rec.id == record_id:
                return plugin
        return ""

    # ------------------------------------------------------------------ building
    def _admit(self, name: str, strict: bool) -> None:
        """Probe one plugin's registration hooks; keep it only if all of them succeed."""
        plugin = self.pm.get_plugin(name)
        others = [p for p in self.pm.get_plugins() if p is not plugin]
        gathered: dict[str, list[Any]] = {}
        try:
            for hook_name, record_type in REGISTRATIONS.items():
                caller = self.pm.subset_hook_caller(hook_name, remove_plugins=others)
                found: list[Any] = []
                for result in caller():
                    for rec in _iterate(result):
                        if not isinstance(rec, record_type):
                            raise PluginError(
                                f"{hook_name} yielded {type(rec).__name__}, "
                                f"expected {record_type.__name__}"
                            )
                        if not getattr(rec, "id", ""):
                            raise PluginError(f"{hook_name} yielded a record without an id")
                        found.append(rec)
                gathered[hook_name] = found
            self._check_collisions(name, gathered)
        except Exception as exc:  # a broken plugin must not take the others down
            self.pm.unregister(plugin)
            problem = PluginProblem(name, _reason(exc))
            if strict:
                raise PluginError(problem.format()) from exc
            self.problems.append(problem)
            return
        for hook_name, found in gathered.items():
            self._records[hook_name].extend((name, rec) for rec in found)

    def _check_collisions(self, name: str, gathered: dict[str, list[Any]]) -> None:
        for hook_name, found in gathered.items():
            seen: dict[str, list[tuple[str, Any]]] = {}
            for plugin, rec in self._records[hook_name]:
                seen.setdefault(rec.id, []).append((plugin, getattr(rec, "title", None)))
            mine: set[tuple[str, Any]] = set()
            for rec in found:
                rec_title = getattr(rec, "title", None)
                key = (rec.id, rec_title)
                if key in mine:
                    raise PluginError(f"registers {rec.id!r} twice in {hook_name}")
                mine.add(key)
                for plugin, other_title in seen.get(rec.id, []):
                    if rec_title is None or other_title is None or rec_title == other_title:
                        what = hook_name.removeprefix("paragraphs_register_").rstrip("s")
                        raise PluginError(
                            f"{what} id {rec.id!r} is registered by both "
                            f"{self._describe(plugin)} and {self._describe(name)}"
                        )

    def _describe(self, plugin: str) -> str:
        info = self.info.get(plugin)
        if info and info.distribution:
            return f"{plugin} ({info.distribution} {info.version})"
        return plugin


def _iterate(result: Any) -> Iterable[Any]:
    if result is None:
        return ()
    if isinstance(result, (list, tuple)) or hasattr(result, "__next__"):
        return result
    return (result,)


def _reason(exc: BaseException) -> str:
    text = str(exc) or type(exc).__name__
    if isinstance(exc, PluginError):
        return text
    return f"{type(exc).__name__}: {text}"


def make_plugin_manager(
    *,
    load_entrypoints: bool = True,
    plugins: Sequence[object | tuple[str, object]] = (),
    blocked: Iterable[str] = (),
    builtins: bool = True,
    strict: bool = False,
) -> PluginHost:
    """Build a plugin host.

    Args:
        load_entrypoints: discover installed plugins in the ``paragraphs`` group.
        plugins: extra plugin objects (modules, classes, instances), or ``(name, plugin)``.
        blocked: plugin names (entry-point names) not to load.
        builtins: register the core's own default plugins.
        strict: raise :class:`PluginError` on the first problem instead of skipping the
            plugin and recording it in ``host.problems``.

    Returns:
        The host, with every registration collected and checked.
    """
    pm = pluggy.PluginManager(ENTRY_POINT_GROUP)
    pm.add_hookspecs(hookspecs)
    host = PluginHost(pm)
    for name in blocked:
        pm.set_blocked(name)

    order: list[str] = []

    def add(name: str, plugin: object, info: PluginInfo) -> None:
        try:
            pm.register(plugin, name=name)
        except Exception as exc:
            problem = PluginProblem(name, _reason(exc))
            if strict:
                raise PluginError(problem.format()) from exc
            host.problems.append(problem)
            return
        host.info[name] = info
        order.append(name)

    if builtins:
        from paragraphs.__about__ import __version__

        for modname in BUILTIN_PLUGINS:
            add(modname, importlib.import_module(modname), PluginInfo(modname, "paragraphs-engine", __version__))

    if load_entrypoints:
        for ep in _entry_points():
            if pm.is_blocked(ep.name) or pm.has_plugin(ep.name):
                continue
            info = PluginInfo(ep.name, dist=ep)
            try:
                plugin = ep.load()
            except Exception as exc:
                problem = PluginProblem(ep.name, f"failed to import {ep.value}: {_reason(exc)}")
                if strict:
                    raise PluginError(problem.format()) from exc
                host.problems.append(problem)
                continue
            add(ep.name, plugin, info)

    for item in plugins:
        name, plugin = item if isinstance(item, tuple) else (_plugin_name(item), item)
        add(name, plugin, PluginInfo(name, "", ""))

    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        raise PluginError(str(exc)) from exc

    for name in order:
        if pm.has_plugin(name):
            host._admit(name, strict)
    return host


class _EntryPoint:
    """One ``paragraphs`` entry point found on ``sys.path`` (see :func:`_entry_points`)."""

    __slots__ = ("name", "value", "_dist_dir")

    def __init__(self, name: str, value: str, dist_dir: str) -> None:
        self.name = name
        self.value = value
        self._dist_dir = dist_dir

    def load(self) -> Any:
        module, _, attr = self.value.partition(":")
        obj = importlib.import_module(module.strip())
        for part in attr.strip().split(".") if attr else ():
            obj = getattr(obj, part)
        return obj

    @property
    def dist(self) -> Any:
        import importlib.metadata

        return importlib.metadata.Distribution.at(self._dist_dir)


def _entry_points() -> list[_EntryPoint]:
    """The ``paragraphs`` entry points of every distribution on ``sys.path``, by name.

    This reads ``entry_points.txt`` of each ``*.dist-info`` folder directly, as
    :func:`importlib.metadata.entry_points` does, without importing the email parser
    that module needs for package metadata (a large part of a cached command's start-up).
    The distribution's name and version are read from its metadata only when asked.
    """
    import os
    import sys

    found: dict[str, _EntryPoint] = {}
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        for name in sorted(names):
            if not name.endswith((".dist-info", ".egg-info")):
                continue
            dist_dir = os.path.join(entry or ".", name)
            try:
                with open(os.path.join(dist_dir, "entry_points.txt"), encoding="utf-8") as fh:
                    text = fh.read()
            except OSError:
                continue
            for ep_name, value in _group(text, ENTRY_POINT_GROUP):
                found.setdefault(ep_name, _EntryPoint(ep_name, value, dist_dir))
    return [found[k] for k in sorted(found)]


def _group(text: str, group: str) -> list[tuple[str, str]]:
    out = []
    current = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = line[1:-1].strip()
            continue
        if current == group and "=" in line:
            name, _, value = line.partition("=")
            out.append((name.strip(), value.strip()))
    return out


def _plugin_name(plugin: object) -> str:
    if isinstance(plugin, ModuleType):
        return plugin.__name__
    return getattr(plugin, "__name__", None) or f"{type(plugin).__name__}@{id(plugin):x}"
