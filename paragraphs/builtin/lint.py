"""The core lint rules, registered as records so titles see them beside their own."""

from __future__ import annotations

from collections.abc import Iterator

from paragraphs import lint
from paragraphs.markers import hookimpl
from paragraphs.records import LintRule


@hookimpl
def paragraphs_register_lint_rules() -> Iterator[LintRule]:
    yield LintRule("REF001", None, lint.check_references, "References to paragraphs, retirement lists and entry points exist.")
    yield LintRule("REF002", None, lint.check_reachability, "Every paragraph is reachable from an entry point.")
    yield LintRule("ID003", None, lint.check_ids, "Paragraph ids match the title's id pattern.")
    yield LintRule("SIGHT001", None, lint.check_sightings, "Sightings are both set and tested, and declared.")
    yield LintRule("DICE001", None, lint.check_rolls, "Rolls cover every possible total once; checks can both succeed and fail.")
    yield LintRule("DICE006", None, lint.check_tables, "Tables cover their die's faces exactly once.")
    yield LintRule("CYCLE001", None, lint.check_cycles, "Cycles of paragraphs have a dice, sighting or hook exit.")
