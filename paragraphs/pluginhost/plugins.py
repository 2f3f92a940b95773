"""Building a plugin host: entry-point discovery, isolation of broken plugins, collisions.

There is no global plugin manager: every host is made by :func:`make_plugin_manager` and
handed to whatever needs it (engine, CLI, tests). Plugins are found through the
``paragraphs`` entry-point group. A plugin that fails to import (even by ``sys.exit``),
implements a hook that does not exist (a misspelt name), raises while registering, or
yields something that is not a record is reported and skipped; every other plugin keeps
working. Two plugins registering the same id is an error that names both; two plugins
claiming one title disable that title (never first-wins).

A plugin that ships titles is scoped to them: its title-free lint rules and procedures
apply to its own titles only, and its runtime hooks (initial state, rolls, notifications)
are called only for its titles, through :meth:`PluginHost.title_hook`, which reports an
exception or a wrong return value as that plugin's fault.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from types import ModuleType

from paragraphs.pluginhost import records
from paragraphs.foundation.errors import ParagraphsError, PluginError
from paragraphs.foundation.limits import safe_name
from paragraphs.pluginhost.record_shapes import shape_problem

# ``typing`` and pluggy are not imported at run time here: a host described by the plugin
# index calls its plugins without a plugin manager (start-up time; see PluginHost)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from dataclasses import dataclass
    from typing import Any

    import pluggy
else:  # the standard decorator, its methods compiled once between runs (start-up time)
    from paragraphs.foundation.dataclass_code import dataclass

ENTRY_POINT_GROUP = "paragraphs"

#: The core's own default hook implementations, registered like any plugin.
BUILTIN_PLUGINS = (
    "paragraphs.builtin.defaults",
    "paragraphs.builtin.checks",
    "paragraphs.builtin.lint",
    "paragraphs.builtin.sample",
)

#: Registration hooks whose title-free records, from a plugin that ships titles, apply to
#: that plugin's titles only.
TITLE_SCOPED = ("paragraphs_register_lint_rules", "paragraphs_register_procedures")

#: Registration hook name -> the name of the record type it must yield (in
#: :mod:`paragraphs.pluginhost.records`; a type is looked up only when a plugin yields a
#: record, so the records no plugin registers are never built).
RECORD_TYPES: dict[str, str] = {
    "paragraphs_register_titles": "Title",
    "paragraphs_register_schemas": "SchemaResource",
    "paragraphs_register_tables": "Table",
    "paragraphs_register_units": "UnitType",
    "paragraphs_register_procedures": "Procedure",
    "paragraphs_register_check_kinds": "CheckKind",
    "paragraphs_register_steps": "StepKind",
    "paragraphs_register_predicates": "PredicateKind",
    "paragraphs_register_lint_rules": "LintRule",
    "paragraphs_register_commands": "Command",
    "paragraphs_register_policies": "Policy",
    "paragraphs_register_session_verbs": "SessionVerb",
    "paragraphs_register_sheet_sections": "SheetSection",
    "paragraphs_register_id_lists": "IdList",
}


def __getattr__(name: str) -> Any:
    # ``REGISTRATIONS`` (hook name -> record type), as it was before the types were looked
    # up lazily: made on first use, which builds every record type
    if name == "REGISTRATIONS":
        return {hook: getattr(records, type_name) for hook, type_name in RECORD_TYPES.items()}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@dataclass(frozen=True, slots=True)
class PluginProblem:
    """Why a plugin was skipped."""

    plugin: str
    reason: str
    #: False for a problem that disables one thing of the plugin, not the whole plugin
    skipped: bool = True

    def format(self) -> str:
        return f"plugin {self.plugin} skipped: {self.reason}" if self.skipped else f"plugin {self.plugin}: {self.reason}"


class PluginInfo:
    """Where a registered plugin comes from (read from the distribution only when asked:
    parsing package metadata is slow, and most commands never need it)."""

    __slots__ = ("name", "_dist", "_distribution", "_version", "import_seconds")

    def __init__(self, name: str, distribution: str = "", version: str = "", dist: Any = None) -> None:
        # ``dist`` is the entry point; its ``.dist`` reads the package metadata on demand
        self.name = name
        self._dist = dist
        self._distribution = distribution
        self._version = version
        #: how long importing the plugin's module took (``titles --timings``)
        self.import_seconds = 0.0

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
    """A plugin manager plus everything its plugins registered, checked and indexed.

    A host built from the plugin index's description of the installed plugins' hook
    implementations (:func:`make_plugin_manager` with ``described``) makes its pluggy
    plugin manager only when something asks for it (:attr:`pm`, :attr:`hook`, a hook
    wrapper): the index was made by a full load, in which pluggy found and checked
    every implementation of these same plugins (their code unchanged since, or the index
    would be stale), so the host calls the implementations pluggy found, in pluggy's
    order, with the one caller of :meth:`title_hook`. Importing pluggy (with ``typing``
    and ``inspect``) is some 11 ms, a sixth of a ``paragraphs read``.
    """

    def __init__(self, pm: pluggy.PluginManager | None, *, described: Mapping[str, Any] | None = None) -> None:
        self._pm = pm
        #: the index's description (``PluginIndex.hooks``) when there is no manager yet
        self._described = described
        #: name -> plugin object, in registration order, of a host without a manager yet
        self._plugins: dict[str, object] = {}
        self.problems: list[PluginProblem] = []
        self.info: dict[str, PluginInfo] = {}
        # hook name -> list of (plugin name, record)
        self._records: dict[str, list[tuple[str, Any]]] = {name: [] for name in RECORD_TYPES}
        # (hook name, record id, record title) -> (file, line) of the ``yield`` that
        # registered it, for findings about a record made in code (a table's faces)
        self._yielded_at: dict[tuple[str, str, Any], tuple[str, int]] = {}
        # plugin name -> ids of the titles it ships (absent: it ships none)
        self._titles_of: dict[str, set[str]] = {}
        #: the installed entry points this host considered (loaded or not)
        self.entry_points: list[_EntryPoint] = []

    @property
    def pm(self) -> pluggy.PluginManager:
        """The pluggy plugin manager (made on first use by a host built from the index)."""
        if self._pm is None:
            pm = _new_manager()
            for name, plugin in self._plugins.items():
                pm.register(plugin, name=name)
            self._pm = pm
        return self._pm

    @property
    def hook(self) -> Any:
        return self.pm.hook

    def plugin_names(self) -> list[str]:
        """The names of the plugins registered (the broken ones left out)."""
        if self._pm is None:
            return list(self._plugins)
        return [name for name, plugin in self._pm.list_name_plugin() if plugin is not None]

    def _register(self, name: str, plugin: object) -> None:
        if self._pm is None:
            self._plugins[name] = plugin
        else:
            self._pm.register(plugin, name=name)

    def _unregister(self, name: str) -> None:
        self._plugins.pop(name, None)
        if self._pm is not None:
            self._pm.unregister(name=name)

    def _implementations(self, hook_name: str) -> tuple[list[Any], bool]:
        """The implementations of a hook in pluggy's order (the one that runs first is
        last), each with ``plugin_name``, ``function``, ``argnames``, ``wrapper`` and
        ``hookwrapper``; and whether the hook is ``firstresult``."""
        if self._pm is not None or self._described is None:
            caller = getattr(self.pm.hook, hook_name)
            return caller.get_hookimpls(), bool(caller.spec and caller.spec.opts.get("firstresult"))
        found = []
        for plugin_name, attribute, argnames, opts in self._described["implementations"].get(hook_name, ()):
            plugin = self._plugins.get(plugin_name)
            if plugin is not None:
                found.append(_Implementation(plugin_name, getattr(plugin, attribute), argnames, opts))
        return found, hook_name in self._described["firstresult"]

    # ------------------------------------------------------------------ lookups
    def titles(self) -> dict[str, TitleInfo]:
        """Every installed title by id."""
        out = {}
        for plugin, rec in self._records["paragraphs_register_titles"]:
            out[rec.id] = TitleInfo(rec, self.info.get(plugin, PluginInfo(plugin, "", "")))
        return dict(sorted(out.items()))

    def title(self, title_id: str) -> TitleInfo:
        from paragraphs.foundation.errors import UsageError

        titles = self.titles()
        if title_id not in titles:
            known = ", ".join(titles) or "none installed"
            raise UsageError(f"unknown title {title_id!r} (installed: {known}){unregistered_package(title_id)}")
        return titles[title_id]

    def records(self, hook_name: str, title: str | None = None) -> list[Any]:
        """Records of one registration hook that apply to ``title`` (global ones too)."""
        return [rec for _, rec in self.records_by_plugin(hook_name, title)]

    def records_by_plugin(self, hook_name: str, title: str | None = None) -> list[tuple[str, Any]]:
        """Like :meth:`records`, with the name of the plugin that registered each."""
        if title is None:
            return list(self._records[hook_name])
        scoped = hook_name in TITLE_SCOPED
        out = []
        for plugin, rec in self._records[hook_name]:
            rec_title = getattr(rec, "title", None)
            if rec_title == title or (rec_title is None and (not scoped or self.serves(plugin, title))):
                out.append((plugin, rec))
        return out

    def serves(self, plugin: str, title: str) -> bool:
        """Whether ``plugin``'s title-scoped hooks run for ``title``: it ships that title,
        or it ships no title at all (a tracing or house-rule plugin)."""
        shipped = self._titles_of.get(plugin)
        return not shipped or title in shipped

    def titles_claimed(self, plugin: str) -> set[str]:
        """The title ids ``plugin`` registers, a disabled one (claimed twice) included."""
        return set(self._titles_of.get(plugin, ()))

    def applies_everywhere(self, plugin: str) -> bool:
        """Whether ``plugin`` takes part in every title: it ships no title and implements
        a hook other than command registration (a house-rule or tracing plugin), or it
        ships titles and registers a record for no title in a hook that is not title
        scoped. Such a plugin is loaded for every title (see :mod:`paragraphs.pluginhost.index`)."""
        if plugin not in self._titles_of:
            obj = self.pm.get_plugin(plugin)
            hooks = {c.name for c in self.pm.get_hookcallers(obj) or ()} if obj is not None else set()
            return bool(hooks - {"paragraphs_register_commands"})
        return any(
            name == plugin and getattr(rec, "title", None) is None
            for hook_name, found in self._records.items()
            if hook_name not in TITLE_SCOPED and hook_name not in ("paragraphs_register_titles", "paragraphs_register_commands")
            for name, rec in found
        )

    def title_hook(
        self,
        hook_name: str,
        title: str,
        *,
        check: Callable[[Any, Mapping[str, Any]], str | None] | None = None,
    ) -> Callable[..., Any] | None:
        """A caller of a runtime hook for one title, or None when no plugin implements it.

        Only plugins that serve ``title`` are called (see :meth:`serves`). An exception in
        a plugin's implementation, or a result ``check`` refuses (it returns why), raises
        :class:`PluginError` naming the plugin. ``firstresult`` hooks return the first
        result that is not None; others return the list of results.
        """
        every, first = self._implementations(hook_name)
        impls = [i for i in every if self.serves(i.plugin_name, title)]
        if not impls:
            return None
        if any(i.hookwrapper or i.wrapper for i in impls):  # wrappers need pluggy's own call
            served = {i.plugin_name for i in impls}
            excluded = [plugin for name, plugin in self.pm.list_name_plugin() if plugin is not None and name not in served]
            return self.pm.subset_hook_caller(hook_name, remove_plugins=excluded)  # type: ignore[no-any-return]
        ordered = list(reversed(impls))  # pluggy's call order: last registered, tryfirst first

        def call(**kwargs: Any) -> Any:
            results = []
            for impl in ordered:
                try:
                    result = impl.function(*[kwargs[name] for name in impl.argnames])
                except ParagraphsError:
                    raise  # a rules or usage error the plugin means to report
                except Exception as exc:
                    from paragraphs.pluginhost.plugin_errors import raised_at, shown

                    where = raised_at(exc, None, owner=impl.function)
                    at = f" (hook {hook_name} at {shown(where.path)}:{where.line})" if where is not None else ""
                    raise PluginError(
                        f"plugin {self._describe(impl.plugin_name)} failed in {hook_name} "
                        f"for {title}: {_reason(exc)}{at}"
                    ) from exc
                if result is None:
                    continue
                why = check(result, kwargs) if check is not None else None
                if why:
                    from paragraphs.pluginhost.plugin_errors import code_pos, shown

                    where = code_pos(impl.function)
                    at = f" (hook at {shown(where.path)}:{where.line})" if where is not None else ""
                    raise PluginError(f"plugin {self._describe(impl.plugin_name)}: {hook_name} for {title} {why}{at}")
                if first:
                    return result
                results.append(result)
            return None if first else results

        return call

    def by_id(self, hook_name: str, title: str | None) -> dict[str, Any]:
        return {rec.id: rec for rec in self.records(hook_name, title)}

    def yielded_at(self, hook_name: str, record_id: str, title: str | None) -> tuple[str, int] | None:
        """The file and line of the ``yield`` that registered a record, when its hook is a
        generator (the usual form); None for a record returned in a list."""
        return self._yielded_at.get((hook_name, record_id, title))

    def plugin_of(self, hook_name: str, record_id: str) -> str:
        for plugin, rec in self._records[hook_name]:
            if rec.id == record_id:
                return plugin
        return ""

    # ------------------------------------------------------------------ building
    def _registration_results(self, name: str, hook_name: str) -> list[Any]:
        """What one plugin's implementations of a registration hook return (not None)."""
        if self._pm is None and self._described is not None:
            impls = [i for i in self._implementations(hook_name)[0] if i.plugin_name == name]
            if not any(i.hookwrapper or i.wrapper for i in impls):
                results = (i.function() for i in reversed(impls))  # pluggy's call order
                return [result for result in results if result is not None]
        plugin = self.pm.get_plugin(name)
        others = [p for p in self.pm.get_plugins() if p is not plugin]
        return self.pm.subset_hook_caller(hook_name, remove_plugins=others)()  # type: ignore[no-any-return]

    def _admit(self, name: str, strict: bool) -> None:
        """Probe one plugin's registration hooks; keep it only if all of them succeed."""
        gathered: dict[str, list[Any]] = {}
        yielded_at: dict[tuple[str, str, Any], tuple[str, int]] = {}
        try:
            for hook_name, type_name in RECORD_TYPES.items():
                found: list[Any] = []
                for result in self._registration_results(name, hook_name):
                    for rec, at in _iterate_at(result):
                        if not isinstance(rec, getattr(records, type_name)):
                            raise PluginError(
                                f"{hook_name} yielded {type(rec).__name__}, "
                                f"expected {type_name}"
                            )
                        if not getattr(rec, "id", ""):
                            raise PluginError(f"{hook_name} yielded a record without an id")
                        rec_id = str(getattr(rec, "id", ""))
                        wrong = shape_problem(rec)
                        if wrong:
                            raise PluginError(f"{hook_name} yielded {type_name} {rec_id!r}: {wrong}")
                        if type_name == "Title" and not safe_name(rec_id):
                            # title ids name cache files and documentation folders
                            raise PluginError(f"title id {rec_id!r} may only use letters, digits, - and _ (at most 64)")
                        found.append(rec)
                        if at is not None:
                            yielded_at[(hook_name, rec_id, getattr(rec, "title", None))] = at
                gathered[hook_name] = found
            self._check_collisions(name, gathered)
        except (Exception, SystemExit) as exc:  # a broken plugin must not take the others down
            self._unregister(name)
            from paragraphs.pluginhost.plugin_errors import registration_failure

            problem = PluginProblem(name, registration_failure(exc))
            if strict:
                raise PluginError(problem.format()) from exc
            self.problems.append(problem)
            return
        for hook_name, found in gathered.items():
            self._records[hook_name].extend((name, rec) for rec in found)
        self._yielded_at.update(yielded_at)
        shipped = {rec.id for rec in gathered.get("paragraphs_register_titles", ())}
        if shipped:
            self._titles_of[name] = shipped

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
                    if hook_name == "paragraphs_register_titles" or (rec_title is not None and rec_title == other_title):
                        continue  # settled by _settle_titles once every plugin is in
                    if rec_title is None or other_title is None:
                        what = hook_name.removeprefix("paragraphs_register_").rstrip("s")
                        raise PluginError(
                            f"{what} id {rec.id!r} is registered by both "
                            f"{self._describe(plugin)} and {self._describe(name)}"
                        )

    def _settle_titles(self, strict: bool) -> None:
        """Disable every title two plugins claim; drop title records only one side may own."""
        claims: dict[str, list[str]] = {}
        for plugin, rec in self._records["paragraphs_register_titles"]:
            claims.setdefault(rec.id, []).append(plugin)
        disabled = {tid for tid, owners in claims.items() if len(owners) > 1}
        for tid in sorted(disabled):
            names = " and ".join(self._describe(p) for p in claims[tid])
            problem = PluginProblem(", ".join(claims[tid]), f"title {tid!r} is claimed by both {names}; it is disabled until one of them is removed", skipped=False)
            if strict:
                raise PluginError(problem.format())
            self.problems.append(problem)
        owner = {tid: owners[0] for tid, owners in claims.items() if len(owners) == 1}
        for hook_name, found in self._records.items():
            kept: list[tuple[str, Any]] = []
            by_key: dict[tuple[str, str], list[str]] = {}
            for plugin, rec in found:
                rec_title = rec.id if hook_name == "paragraphs_register_titles" else getattr(rec, "title", None)
                if rec_title in disabled:
                    continue
                if rec_title is not None and hook_name != "paragraphs_register_titles":
                    by_key.setdefault((rec.id, rec_title), []).append(plugin)
                kept.append((plugin, rec))
            clashes = {key: plugins for key, plugins in by_key.items() if len(plugins) > 1}
            for (rid, rtitle), plugins in sorted(clashes.items()):
                what = hook_name.removeprefix("paragraphs_register_").rstrip("s")
                winner = owner.get(rtitle) if owner.get(rtitle) in plugins else None
                names = " and ".join(self._describe(p) for p in plugins)
                fate = f"the one of {winner} is kept" if winner else "none of them is used"
                problem = PluginProblem(", ".join(p for p in plugins if p != winner), f"{what} id {rid!r} of title {rtitle!r} is registered by both {names}; {fate}", skipped=False)
                if strict:
                    raise PluginError(problem.format())
                self.problems.append(problem)
                kept = [
                    (plugin, rec)
                    for plugin, rec in kept
                    if not (rec.id == rid and getattr(rec, "title", None) == rtitle and hook_name != "paragraphs_register_titles" and plugin != winner)
                ]
            self._records[hook_name] = kept

    def _describe(self, plugin: str) -> str:
        info = self.info.get(plugin)
        if info and info.distribution:
            return f"{plugin} ({info.distribution} {info.version})"
        return plugin


def unregistered_package(name: str) -> str:
    """`` (a package paragraphs_x is installed, but no ...)`` when the package a title of
    that name would live in can be imported though no entry point names it (a forgotten or
    misspelt entry point), else ``""``. Only asked when a title is not found."""
    import importlib.util

    module = f"paragraphs_{name}"
    if not module.isidentifier():
        return ""
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return ""
    if spec is None:
        return ""
    return (f" (a package {module} is installed, but no `paragraphs` entry point names it: "
            "declare one under [project.entry-points.paragraphs] in its pyproject.toml and install it again)")


def _iterate(result: Any) -> Iterable[Any]:
    if result is None:
        return ()
    if isinstance(result, (list, tuple)) or hasattr(result, "__next__"):
        return result
    return (result,)


def _iterate_at(result: Any) -> Iterator[tuple[Any, tuple[str, int] | None]]:
    """Each record of a registration hook's result with the (file, line) of the ``yield``
    that gave it: a suspended generator's frame stands at that yield."""
    frame_of = getattr(result, "gi_frame", None)
    if frame_of is None or not hasattr(result, "__next__"):
        for rec in _iterate(result):
            yield rec, None
        return
    while True:
        try:
            rec = next(result)
        except StopIteration:
            return
        frame = result.gi_frame
        yield rec, (frame.f_code.co_filename, frame.f_lineno) if frame is not None else None


def _invalid_hookimpl(exc: BaseException, pm: Any, plugin: object) -> str | None:
    """pluggy's three-line refusal of a hook implementation whose arguments the hook does not
    pass, as one line with the implementation's place, or None for any other error."""
    import re

    import pluggy  # loaded already: this runs only where a plugin manager registers plugins

    if not isinstance(exc, pluggy.PluginValidationError):
        return None
    text = str(exc)
    hook = re.search(r"for hook '(\w+)'", text)
    extra = re.search(r"Argument\(s\) \{(.*)\} are declared in the hookimpl", text)
    caller = getattr(pm.hook, hook.group(1), None) if hook else None
    spec = getattr(caller, "spec", None)
    impl = getattr(plugin, hook.group(1), None) if hook else None
    if hook is None or extra is None or spec is None or impl is None:
        return " ".join(text.split())  # still one line
    from paragraphs.pluginhost.plugin_errors import code_pos, shown

    takes = ", ".join(_argnames(impl))
    where = code_pos(impl)
    at = f" ({shown(where.path)}:{where.line})" if where is not None else ""
    passes = ", ".join(spec.argnames)
    return f"implements {hook.group(1)}({takes}), but the hook passes ({passes}): {extra.group(1)} is not one of them{at}"


def _argnames(function: Any) -> list[str]:
    code = getattr(function, "__code__", None)
    names = list(code.co_varnames[: code.co_argcount]) if code is not None else []
    return names[1:] if names[:1] == ["self"] else names


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
    only: Iterable[str] | None = None,
    where: Mapping[str, str] | None = None,
    described: Mapping[str, Any] | None = None,
) -> PluginHost:
    """Build a plugin host.

    Args:
        load_entrypoints: discover installed plugins in the ``paragraphs`` group.
        plugins: extra plugin objects (modules, classes, instances), or ``(name, plugin)``.
        blocked: plugin names (entry-point names) not to load.
        builtins: register the core's own default plugins.
        strict: raise :class:`PluginError` on the first problem instead of skipping the
            plugin and recording it in ``host.problems``.
        only: load only these entry points (by name); None loads every one.
        where: entry-point name -> the ``*.dist-info`` folder that declares it, to find
            the plugins of ``only`` without reading every installed distribution (what
            each imports is read from that folder's ``entry_points.txt``, never from
            the caller).
        described: what the plugin index says of the hook implementations of every
            installed plugin (``PluginIndex.hooks``, found by pluggy in the full load that
            made the index, which also checked them): the host then calls them without a
            plugin manager, made only if asked for (see :class:`PluginHost`). Only with
            ``only`` and ``where`` from that same fresh index, and no ``plugins`` or
            ``blocked``.

    Returns:
        The host, with every registration collected and checked.
    """
    blocked = list(blocked)
    if described is not None and (only is None or where is None or plugins or blocked):
        raise ValueError("described is for the plugins of one index: with only and where, without plugins or blocked")
    pm = None if described is not None else _new_manager()
    host = PluginHost(pm, described=described)
    for name in blocked:
        pm.set_blocked(name)  # type: ignore[union-attr]

    order: list[str] = []

    def add(name: str, plugin: object, info: PluginInfo) -> None:
        if pm is None:  # pluggy checked this plugin in the full load that made the index
            host._register(name, plugin)
            host.info[name] = info
            order.append(name)
            return
        try:
            pm.register(plugin, name=name)
            _check_hook_names(pm, name, plugin)
        except Exception as exc:
            if pm.is_registered(plugin):
                pm.unregister(plugin)
            problem = PluginProblem(name, _invalid_hookimpl(exc, pm, plugin) or _reason(exc))
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
        wanted = None if only is None else set(only)
        found = _entry_points() if wanted is None or where is None else _entry_points_at(wanted, where)
        host.entry_points = found
        for ep in found:
            if ep.name in blocked or ep.name in host.plugin_names() or (wanted is not None and ep.name not in wanted):
                continue
            clash = _shadowing(ep) if isinstance(ep, _EntryPoint) else None
            if clash is not None:
                host.problems.append(clash)
            info = PluginInfo(ep.name, dist=ep)
            started = time.perf_counter()
            try:
                plugin = ep.load()
            except (Exception, SystemExit) as exc:  # sys.exit at import included
                from paragraphs.pluginhost.plugin_errors import import_failure

                problem = PluginProblem(ep.name, f"failed to import {ep.value}: {import_failure(ep.value, exc)}")
                if strict:
                    raise PluginError(problem.format()) from exc
                host.problems.append(problem)
                continue
            finally:
                info.import_seconds = time.perf_counter() - started
            add(ep.name, plugin, info)

    for item in plugins:
        name, plugin = item if isinstance(item, tuple) else (_plugin_name(item), item)
        add(name, plugin, PluginInfo(name, "", ""))

    for name in order:
        if name in host.plugin_names():
            host._admit(name, strict)
    host._settle_titles(strict)
    return host


def _new_manager() -> pluggy.PluginManager:
    import pluggy

    from paragraphs.pluginhost import hookspecs

    pm = pluggy.PluginManager(ENTRY_POINT_GROUP)
    pm.add_hookspecs(hookspecs)
    return pm


class _Implementation:
    """A hook implementation the plugin index describes, as pluggy's ``HookImpl`` has it."""

    __slots__ = ("plugin_name", "function", "argnames", "wrapper", "hookwrapper")

    def __init__(self, plugin_name: str, function: Callable[..., Any], argnames: Sequence[str], opts: Mapping[str, Any]) -> None:
        self.plugin_name = plugin_name
        self.function = function
        self.argnames = tuple(argnames)
        self.wrapper = bool(opts.get("wrapper"))
        self.hookwrapper = bool(opts.get("hookwrapper"))


def describe_implementations(host: PluginHost) -> dict[str, Any] | None:
    """What the plugin index keeps of a host's hook implementations (see :class:`PluginHost`):
    ``implementations``, hook name -> ``[plugin, attribute, argnames, opts]`` in pluggy's
    order, and ``firstresult``, the hooks that stop at the first result. None when an
    implementation cannot be found again by its name in its plugin (only pluggy can call
    it then: commands build a plugin manager, as without the index)."""
    implementations: dict[str, list[list[Any]]] = {}
    firstresult = []
    for hook_name, caller in sorted(vars(host.pm.hook).items()):
        if not hook_name.startswith("paragraphs_"):
            continue
        if caller.spec is not None and caller.spec.opts.get("firstresult"):
            firstresult.append(hook_name)
        rows = []
        for impl in caller.get_hookimpls():
            # the attribute pluggy found it under: the hook's name, or with ``specname``
            # the function's own (only these are looked up: a plugin object's other
            # attributes may be properties, which must not run here)
            attribute = impl.function.__name__ if impl.opts.get("specname") else hook_name
            if not _same_function(getattr(impl.plugin, attribute, None), impl.function):
                return None
            rows.append([impl.plugin_name, attribute, list(impl.argnames), dict(impl.opts)])
        if rows:
            implementations[hook_name] = rows
    return {"implementations": implementations, "firstresult": firstresult}


def _same_function(found: Any, function: Any) -> bool:
    return found is function or (found is not None and callable(found) and found == function)


def _check_hook_names(pm: pluggy.PluginManager, name: str, plugin: object) -> None:
    """Refuse a plugin implementing a ``paragraphs_`` hook that has no spec (a misspelt name)."""
    from paragraphs.pluginhost import hookspecs

    for caller in pm.get_hookcallers(plugin) or ():
        if not caller.has_spec():
            import difflib  # only for the hint

            known = [n for n in dir(hookspecs) if n.startswith("paragraphs_")]
            close = difflib.get_close_matches(caller.name, known, n=1)
            hint = f" (did you mean {close[0]}?)" if close else ""
            raise PluginError(f"implements {caller.name}, which is not a paragraphs hook{hint}")
    # a function named as a hook but not marked: pluggy passes it over without a word, and
    # the plugin would register nothing (a title never listed) with no reason given
    marked = {caller.name for caller in pm.get_hookcallers(plugin) or ()}
    for attr in dir(hookspecs):
        if attr.startswith("paragraphs_") and attr not in marked:
            function = getattr(plugin, attr, None)
            if callable(function) and pm.parse_hookimpl_opts(plugin, attr) is None:
                from paragraphs.pluginhost.plugin_errors import code_pos, shown

                where = code_pos(function)
                at = f" ({shown(where.path)}:{where.line})" if where is not None else ""
                raise PluginError(f"{attr} is not marked with @hookimpl (from paragraphs import hookimpl), so it is never called{at}")
    if not marked and hasattr(plugin, "__path__"):  # a package (a plain module may register nothing on purpose)
        raise PluginError(_no_hooks(plugin))


def _no_hooks(plugin: object) -> str:
    """Why a package implementing no hook at all is refused: an entry point naming the
    package (``paragraphs_foghorn``) instead of its hooks module registered nothing, and
    the title's command then said no entry point named the package."""
    import pkgutil

    module = getattr(plugin, "__name__", type(plugin).__name__)
    inside = [m.name for m in pkgutil.iter_modules(getattr(plugin, "__path__", None) or [])]
    hint = f": did the entry point mean {module}.hooks?" if "hooks" in inside else ""
    return f"the package {module} implements no paragraphs hook (no function marked @hookimpl){hint}"


class _EntryPoint:
    """One ``paragraphs`` entry point found on ``sys.path`` (see :func:`_entry_points`)."""

    __slots__ = ("name", "value", "_dist_dir", "shadowed")

    def __init__(self, name: str, value: str, dist_dir: str) -> None:
        self.name = name
        self.value = value
        self._dist_dir = dist_dir
        #: folders of other distributions declaring the same name, later on sys.path (never loaded)
        self.shadowed: list[str] = []

    @property
    def dist_dir(self) -> str:
        return self._dist_dir

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
                first = found.setdefault(ep_name, _EntryPoint(ep_name, value, dist_dir))
                if os.path.abspath(first.dist_dir) != os.path.abspath(dist_dir) and dist_dir not in first.shadowed:
                    first.shadowed.append(dist_dir)
    return [found[k] for k in sorted(found)]


#: How a shadowed entry point's warning begins (the index keeps it for the commands that load that plugin).
SHADOWED = "the entry point name "


def _shadowing(ep: _EntryPoint) -> PluginProblem | None:
    """A warning for an entry point name two distributions declare: only the first on
    ``sys.path`` is loaded, and the other's plugin was dropped without a word (the author
    saw the other distribution's title, or an old copy of his own)."""
    if not ep.shadowed:
        return None
    import os

    from paragraphs.foundation.problems import shown

    def named(dist_dir: str) -> str:
        stem = os.path.basename(dist_dir).rsplit(".", 1)[0]  # name-version.dist-info
        return f"{stem.replace('-', ' ', 1)} ({shown(os.path.dirname(os.path.abspath(dist_dir)))})"

    others = ", ".join(named(d) for d in ep.shadowed)
    return PluginProblem(
        ep.name,
        f"{SHADOWED}{ep.name!r} is declared by {named(ep.dist_dir)} and by {others}; only the first is loaded: rename one entry point, or uninstall one distribution",
        skipped=False,
    )


def _entry_points_at(names: set[str], where: Mapping[str, str]) -> list[_EntryPoint]:
    """The entry points ``names``, each read from the folder ``where`` says declares it
    (one that no longer declares it, or a folder not in a ``sys.path`` folder, is left
    out: ``where`` only chooses among the installed distributions)."""
    import os
    import sys

    on_path = {os.path.abspath(entry or ".") for entry in sys.path}
    found = []
    for name in sorted(names):
        dist_dir = where.get(name)
        if not dist_dir or os.path.dirname(os.path.abspath(dist_dir)) not in on_path:
            continue
        try:
            with open(os.path.join(dist_dir, "entry_points.txt"), encoding="utf-8") as fh:
                text = fh.read()
        except OSError:
            continue
        for ep_name, value in _group(text, ENTRY_POINT_GROUP):
            if ep_name == name:
                found.append(_EntryPoint(ep_name, value, dist_dir))
                break
    return found


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
