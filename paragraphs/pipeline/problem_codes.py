"""Every problem code the core reports, with its severity and meaning: the documented table.

The lint codes are documented where they are checked (the table in :mod:`paragraphs.pipeline.lint`'s
docstring); the codes of reading, schema validation, compiling and plugin code are listed
here. :func:`problem_codes` joins both, the content-format reference page prints it, and a
test checks that every code the core's source can emit is in it, so the table cannot drift.
Titles document their own codes (``BRU001``...) on their pages.
"""

from __future__ import annotations

import re

#: Codes found before the lint runs: reading, schema validation, merging and compiling.
READING_CODES: dict[str, tuple[str, str]] = {
    "YAML001": ("error", "the file is not valid YAML (the message says what the parser expected)"),
    "YAML002": ("error", "a YAML tag or a merge key (`<<`) is used; content is plain data"),
    "YAML003": ("error", "a mapping key is not a plain scalar"),
    "YAML004": ("error", "a key appears twice in one mapping"),
    "YAML005": ("error", "the file is not UTF-8 text"),
    "YAML006": ("error", "values are nested more than 64 levels deep (a hostile or generated file; nothing past the limit is read)"),
    "YAML007": ("error", "the file expands to more than 100,000 values, aliases included (an alias repeats what it names: a few hundred bytes could otherwise build gigabytes)"),
    "YAML008": ("error", "the file is larger than 4 MiB of text (split it)"),
    "SCHEMA001": ("error", "the content breaks the schema: an unknown key (with a \"did you mean\"), a value of the wrong type, a missing key, an unknown collection one letter away from a known one; the record is left out and the others are still checked"),
    "SCHEMA002": ("error", "a plugin's schema `$ref`s a schema nobody registered (reported at the hook that registered it; nothing is fetched from the network)"),
    "TITLE001": ("error", "an installed title has no content: no `*.yaml` file below the folder its `Title` record names (reported at the hook that registered it)"),
    "TITLE002": ("error", "the content's `title` record has another id than the plugin's `Title` record (what the plugin registers for its id would not apply)"),
    "SCHEMA003": ("error", "a plugin's schema is not a valid JSON Schema (draft 2020-12), such as `required` given as a string, or holds a key JSON Schema does not know (`requried`, a property outside `properties`), which a validator would ignore; reported at the hook that registered it"),
    "TITLE004": ("error", "the title record lists one counter, track, sighting or event twice (the second would silently replace the first)"),
    "TITLE003": ("error", "a folder's `title.uses` names a title that is not installed"),
    "ID001": ("error", "two records of one collection have the same id (in one overlay folder too: neither silently wins), or a table or unit in content has the id of one a plugin registers in code"),
    "ID002": ("error", "a title record is declared twice"),
    "ID004": ("error", "the title's `id_pattern` is not in the safe form (no groups, at most two open-ended repeats) or is not a regular expression"),
    "ID005": ("error", "a collection name uses something other than letters, digits, `-` and `_` (it names a page of the rule reference)"),
    "CHECK001": ("error", "a check names a check kind nobody registered (with a \"did you mean\")"),
    "CHECK002": ("error", "a check (from a title step that expands) has an outcome its kind does not declare"),
    "CHECK003": ("error", "a check breaks its kind's schema: an unknown key or outcome (`spoted:`), a missing key, a value of the wrong type"),
    "CHECK004": ("warning", "a check key its kind's schema does not name, close to one of the kind's outcomes (`unsen:` for `unseen`), where the kind allows other keys: probably a misspelt outcome, whose steps never run"),
    "CHECK005": ("error", "a group check (`group:`) of a kind whose outcomes are not `success` and `failure`: the group's result is one of those two, so the kind's own branches would never run"),
    "PROC001": ("error", "a step calls a procedure nobody registered (with a \"did you mean\")"),
    "PROC002": ("error", "a procedure call branches on an outcome the procedure does not declare (`alarn:`)"),
    "PROC003": ("warning", "a title's procedure lists in `questions` a key the content does not declare (with a \"did you mean\"): help and the rule reference show a key no `--answer` gives; reported at the plugin's `yield` of the procedure"),
    "VERB001": ("error", "a title's session verb performs a procedure nobody registers, or passes an argument its procedure does not take (with a \"did you mean\"); reported at the plugin's `yield` of the verb"),
    "QUESTION001": ("error", "a question key is defined again with another domain"),
    "QUESTION002": ("error", "a question key is used but never defined"),
    "QUESTION003": ("error", "an `ask` predicate tests a question that is not yes/no without `equals`"),
    "QUESTION004": ("error", "the `equals` answer of an `ask` predicate is not in the question's domain"),
    "STEP001": ("error", "a step kind nobody registered (from a title step that expands)"),
    "PRED001": ("error", "a predicate kind nobody registered (from a title predicate that expands)"),
    "VALUE001": ("error", "a value is a mapping that is none of the value forms"),
    "DICE004": ("error", "a die range cannot be read (`3-`), or runs backwards; or a die has more faces (or a roll more dice) than the library bounds"),
    "PLUGIN001": ("error", "a plugin's own code raised while the content was checked (a lint rule, a step's `expand`...); reported at the plugin's Python file and line"),
}

_ROW = re.compile(r"^\|\s*([A-Z]+\d{3})\s*\|\s*(\w+)\s*\|\s*(.+?)\s*\|\s*$")


def lint_codes() -> dict[str, tuple[str, str]]:
    """The lint codes, read from the table in :mod:`paragraphs.pipeline.lint`'s docstring."""
    from paragraphs.pipeline import lint

    out = {}
    for line in (lint.__doc__ or "").splitlines():
        match = _ROW.match(line.strip())
        if match:
            out[match.group(1)] = (match.group(2), match.group(3))
    return out


def problem_codes() -> dict[str, tuple[str, str]]:
    """Every core problem code -> (severity, meaning), sorted by code."""
    codes = {**READING_CODES, **lint_codes()}
    return dict(sorted(codes.items(), key=lambda kv: (re.sub(r"\d+", "", kv[0]), kv[0])))
