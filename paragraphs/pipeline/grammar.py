"""What the plugins registered for one title: its step, predicate and check kinds and more."""

from __future__ import annotations

import json
from collections.abc import Sequence
# ``typing`` is not imported at run time here (start-up time)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

from paragraphs.foundation.digests import sha256

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # the standard decorator, its methods compiled once between runs (start-up time)
    from paragraphs.foundation.dataclass_code import dataclass

if TYPE_CHECKING:
    from paragraphs.pluginhost.records import (
        CheckKind,
        LintRule,
        PredicateKind,
        Procedure,
        SchemaResource,
        StepKind,
        Table,
        UnitType,
    )
    from paragraphs.pluginhost.plugins import PluginHost, TitleInfo


@dataclass(frozen=True)
class Grammar:
    """Every registration that applies to one title (its own and the global ones)."""

    title: str
    steps: dict[str, StepKind]
    predicates: dict[str, PredicateKind]
    checks: dict[str, CheckKind]
    procedures: dict[str, Procedure]
    lint_rules: dict[str, LintRule]
    tables: dict[str, Table]
    units: dict[str, UnitType]
    schemas: list[SchemaResource]
    #: What plugins register for other title ids, for the "unknown ..." problems' hint:
    #: problem code (:data:`REGISTERED_FOR_TITLES`) -> id -> ((plugin, title id), ...).
    #: Left out of :meth:`fingerprint`: content naming an id the title lacks never
    #: compiles, so nothing cached is built from it, and other titles' plugins must not
    #: make this title's compiled cache stale.
    elsewhere: dict[str, dict[str, tuple[tuple[str, str], ...]]]

    def registered_elsewhere(self, code: str, rid: str, title: str) -> str:
        """`` (plugin watch registers check kind 'listen' for title 'wtch', not 'watch')``
        for an id the content names that a plugin registers for another title id only (a
        typo in the record's ``title``, a folder not listing it in ``uses``), else ``""``:
        "unknown check kind 'listen' (known: ...)" alone points nowhere."""
        what = REGISTERED_FOR_TITLES.get(code, ("", ""))[1]
        others = [(plugin, other) for plugin, other in self.elsewhere.get(code, {}).get(rid, ()) if other != title]
        if not others:
            return ""
        return " (" + "; ".join(f"plugin {plugin} registers {what} {rid!r} for title {other!r}, not {title!r}" for plugin, other in others) + ")"

    def fingerprint(self) -> str:
        """A hash of everything in the grammar that shapes compiled content."""
        parts: list[Any] = [
            sorted((k, v.schema, v.step_lists, v.expand is not None) for k, v in self.steps.items()),
            sorted((k, v.schema) for k, v in self.predicates.items()),
            sorted((k, v.outcomes, v.schema) for k, v in self.checks.items()),
            sorted(self.procedures),
            sorted(self.lint_rules),
            sorted(s.id for s in self.schemas),
            [s.contents for s in sorted(self.schemas, key=lambda s: s.id)],
        ]
        text = json.dumps(parts, sort_keys=True, default=str)
        return sha256(text.encode()).hexdigest()


#: The problems of an id the content names and the title lacks, which a plugin may have
#: registered for another title id: code -> (registration hook, what the id names).
REGISTERED_FOR_TITLES = {"CHECK001": ("paragraphs_register_check_kinds", "check kind"), "PROC001": ("paragraphs_register_procedures", "procedure")}


def _registered_for_other_titles(host: PluginHost, hook: str, own: dict[str, Any]) -> dict[str, tuple[tuple[str, str], ...]]:
    """The ids of ``hook``'s records for a title id, that the grammar (``own``) lacks."""
    found: dict[str, set[tuple[str, str]]] = {}
    for plugin, rec in host.records_by_plugin(hook):
        if rec.title is not None and rec.id not in own:
            found.setdefault(rec.id, set()).add((plugin, str(rec.title)))
    return {rid: tuple(sorted(pairs)) for rid, pairs in found.items()}


def grammar_for(host: PluginHost, title: str, uses: Sequence[str] = ()) -> Grammar:
    """The registrations for ``title``: global ones, its own, and those of the installed
    titles it ``uses`` (a book opened from a folder borrows their kinds this way)."""

    def pick(hook: str) -> dict[str, Any]:
        out = host.by_id(hook, title)
        for used in uses:
            for rid, rec in host.by_id(hook, used).items():
                out.setdefault(rid, rec)
        return out

    schemas = {s.id: s for s in host.records("paragraphs_register_schemas", title)}
    for used in uses:
        for s in host.records("paragraphs_register_schemas", used):
            schemas.setdefault(s.id, s)
    checks = pick("paragraphs_register_check_kinds")
    procedures = pick("paragraphs_register_procedures")
    own = {"CHECK001": checks, "PROC001": procedures}
    return Grammar(
        title=title,
        steps=pick("paragraphs_register_steps"),
        predicates=pick("paragraphs_register_predicates"),
        checks=checks,
        procedures=procedures,
        lint_rules=pick("paragraphs_register_lint_rules"),
        tables=pick("paragraphs_register_tables"),
        units=pick("paragraphs_register_units"),
        schemas=list(schemas.values()),
        elsewhere={code: _registered_for_other_titles(host, hook, own[code]) for code, (hook, _) in REGISTERED_FOR_TITLES.items()},
    )


def title_versions(host: PluginHost, info: TitleInfo) -> str:
    """What else shapes compiled content: the library's and the title plugin's versions."""
    from paragraphs.__about__ import __version__

    import sys

    package = info.record.package.split(".")[0]
    module = sys.modules.get(package)
    version = getattr(module, "__version__", "") if module else ""
    return f"paragraphs-engine {__version__}; {package} {version}"


def code_stamp(info: TitleInfo) -> str:
    """The state of the core's and the title plugin's code files, for the compiled cache
    only: a save's content hash must not change when a file is merely touched."""
    package = info.record.package.split(".")[0]
    # the core's own titles (the sample book) live in the core: one walk of it is enough
    return _code_stamp("paragraphs") + ("" if package == "paragraphs" else _code_stamp(package))


def _code_stamp(package: str) -> str:
    """Sizes and modification times of a package's Python files (cheap: no reading)."""
    import os
    import sys

    module = sys.modules.get(package)  # imported already, as a rule: no need to find it
    folders = getattr(module, "__path__", None)
    if folders is None:
        import importlib.util

        spec = importlib.util.find_spec(package)
        folders = spec.submodule_search_locations if spec is not None else None
    if not folders:
        return ""
    parts = []
    for root in folders:
        for dirpath, dirs, names in os.walk(root):
            dirs[:] = [d for d in dirs if d != "__pycache__"]  # bytecode only: never listed
            for name in sorted(names):
                if name.endswith(".py"):
                    st = os.stat(os.path.join(dirpath, name))
                    parts.append(f"{name}:{st.st_size}:{st.st_mtime_ns}")
    return sha256("|".join(sorted(parts)).encode()).hexdigest()[:16]
