"""A newcomer's title plugin, written from the docs, and each mistake its author made.

The plugin (``foghorn``: a check kind, a procedure, a counter, two questions and a choice)
is written into ``tmp_path`` as an installed distribution (a package beside its
``*.dist-info`` with the entry point) and the real command line runs on it in a fresh
process, found by entry-point discovery as a ``pip install`` would make it. Each test
makes one mistake and reads what the author is told: where it is (``path:line:col``),
what it is, in plain words, with a "did you mean" where one is obvious; never a
traceback, never silence.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

HOOKS = '''
"""Foghorn: a newcomer's title."""

from importlib.resources import files

from paragraphs import hookimpl
from paragraphs.records import CheckKind, Procedure, Title

TITLE = "foghorn"
VALUE = {"$ref": "https://paragraphs.dev/schemas/core/book.schema.json#/$defs/value"}


@hookimpl
def paragraphs_register_titles():
    yield Title(id=TITLE, name="Foghorn", content=files(__package__) / "content", package=__package__)


def listen(ctx, spec):
    total = ctx.roll("2d6", spec["purpose"])
    return "heard" if total > ctx.number(spec["fog"]) else "lost"


@hookimpl
def paragraphs_register_check_kinds():
    yield CheckKind(
        id="listen",
        title=TITLE,
        resolve=listen,
        outcomes=("heard", "lost"),
        schema={"type": "object", "required": ["fog"], "properties": {"fog": VALUE}, "additionalProperties": False},
    )


def tide(ctx, height):
    return "high" if ctx.roll("d6", "the tide") <= height else "low"


@hookimpl
def paragraphs_register_procedures():
    yield Procedure(id="tide", title=TITLE, function=tide, outcomes=("high", "low"))
'''

BOOK = '''
title:
  id: foghorn
  name: Foghorn
  sightings:
    - {id: boat, name: a boat in the fog}
  counters:
    - {name: fuel, initial: 2}
questions:
  - {key: wind, prompt: "How strong is the wind?", type: integer, min: 0, max: 3}
  - key: mood
    prompt: "How do you feel?"
    type: choice
    choices:
      - {id: calm, label: Calm}
      - {id: edgy, label: Edgy}
entry_points:
  - {paragraph: "1", source: start}
paragraphs:
  - id: "1"
    steps:
      - check:
          kind: listen
          purpose: hear the boat
          fog: {ask: wind}
          heard: [{mark_sighting: boat}, {goto: "2"}]
          lost: [{goto: "3"}]
  - id: "2"
    steps:
      - if:
          test: {sighting: boat}
          then: [{counter: {name: fuel, add: -1, reason: horn}}]
      - procedure:
          name: tide
          args: {height: 3}
          outcomes:
            high: [{say: "The boat floats in."}]
            low: [{say: "The boat runs aground."}]
  - id: "3"
    steps:
      - ask: {key: mood, store: mood}
      - choice:
          key: act
          prompt: "What now?"
          options:
            - {id: wait, label: Wait, do: [{goto: "2"}]}
            - {id: sleep, label: Sleep, do: [{no_event: null}]}
'''


def install(site: Path, *, hooks: str = HOOKS, book: str = BOOK, entry_points: str = "[paragraphs]\nfoghorn = paragraphs_foghorn.hooks\n") -> Path:
    """The plugin as pip would leave it in ``site``; returns its content file."""
    package = site / "paragraphs_foghorn"
    (package / "content").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "hooks.py").write_text(textwrap.dedent(hooks).lstrip(), encoding="utf-8")
    content = package / "content" / "book.yaml"
    content.write_text(textwrap.dedent(book).lstrip(), encoding="utf-8")
    dist = site / "paragraphs_foghorn-0.1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: paragraphs-foghorn\nVersion: 0.1.0\n", encoding="utf-8")
    (dist / "entry_points.txt").write_text(entry_points, encoding="utf-8")
    return content


def paragraphs(tmp_path: Path, *argv: str, site: Path | str | None = None, stdin: str | None = None) -> tuple[int, str]:
    """The command line in a fresh process with the plugin's site on the path: exit code, stdout+stderr."""
    env = dict(os.environ, PYTHONPATH=str(site or tmp_path / "site"), PARAGRAPHS_CACHE_DIR=str(tmp_path / "cache"), PARAGRAPHS_DATA_DIR=str(tmp_path / "data"))
    env.pop("PARAGRAPHS_NO_CACHE", None)
    done = subprocess.run([sys.executable, "-m", "paragraphs", *argv], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300, input=stdin)
    out = done.stdout + done.stderr
    assert "Traceback" not in out, out
    return done.returncode, out


def with_mistake(tmp_path: Path, old: str, new: str, *, in_hooks: bool = False) -> Path:
    """Install the plugin with ``old`` replaced by ``new`` once; returns the file changed."""
    text = HOOKS if in_hooks else BOOK
    assert text.count(old) == 1, old
    text = text.replace(old, new)
    content = install(tmp_path / "site", hooks=text if in_hooks else HOOKS, book=BOOK if in_hooks else text)
    return content.parent.parent / "hooks.py" if in_hooks else content


def line_of(path: Path, fragment: str, nth: int = 1) -> int:
    """The 1-based line of the ``nth`` occurrence of ``fragment`` in ``path``."""
    text = path.read_text(encoding="utf-8")
    at = -1
    for _ in range(nth):
        at = text.index(fragment, at + 1)
    return text[:at].count("\n") + 1


def test_the_plugin_as_written_is_clean(tmp_path):
    install(tmp_path / "site")
    code, out = paragraphs(tmp_path, "validate", "foghorn")
    assert code == 0 and "foghorn: ok: 3 paragraphs, 0 errors, 0 warnings, 0 info" in out, out
    code, out = paragraphs(tmp_path, "read", "foghorn", "2", "--dice", "2")
    assert code == 0 and "The boat floats in." in out, out


# ------------------------------------------------------------------ questions and counters


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ("min: 0, max: 3}", "min: 3, max: 0}", "QUESTION005 question 'wind' has min 3 above its max 0"),
        ("    choices:\n      - {id: calm, label: Calm}\n      - {id: edgy, label: Edgy}\n", "", "QUESTION005 question 'mood' is a choice with no choices"),
        ("{id: edgy, label: Edgy}", "{id: calm, label: Edgy}", "QUESTION005 question 'mood' gives the choice id 'calm' more than once"),
        ("{id: sleep, label: Sleep,", "{id: wait, label: Sleep,", "QUESTION005 question 'act' gives the choice id 'wait' more than once"),
        ("min: 0, max: 3}", "min: 0, max: 3, choices: [calm, gale]}", "QUESTION005 question 'wind' is an integer question with choices (calm, gale), which it never offers"),
        ("    type: choice\n", "    type: choice\n    min: 1\n", "QUESTION005 question 'mood' is a choice question with min/max, which only an integer question uses"),
    ],
    ids=["min above max", "choice without choices", "two choices one id", "two options one id", "choices on an integer", "min and max on a choice"],
)
def test_a_question_no_answer_can_satisfy_is_an_error(tmp_path, old, new, says):
    # before: validate said ok; read asked '[3-0]' or '[]', and odds of 3 raised a TypeError
    content = with_mistake(tmp_path, old, new)
    code, out = paragraphs(tmp_path, "validate", "foghorn")
    assert code == 1 and says in out, out
    assert f"{content.name}:" in out.split(says)[0].splitlines()[-1], out
    code, out = paragraphs(tmp_path, "odds", "foghorn", "3")
    assert code == 1 and says in out, out


@pytest.mark.parametrize(
    ("old", "new", "at"),
    [
        ("{counter: {name: fuel, add: -1", "{counter: {name: feul, add: -1", "{counter: {name: feul"),
        ("args: {height: 3}", "args: {height: {counter: feul}}", "args: {height: {counter: feul}}"),  # at the argument, not its step
        ("test: {sighting: boat}", "test: {counter: {name: feul, gt: 0}}", "- if:"),
    ],
    ids=["counter step", "counter value", "counter test"],
)
def test_a_misspelt_counter_is_an_error_with_a_suggestion(tmp_path, old, new, at):
    # before: validate said ok and the play made up a counter 'feul' at 0
    content = with_mistake(tmp_path, old, new)
    code, out = paragraphs(tmp_path, "validate", "foghorn")
    assert code == 1, out
    assert f"{content.name}:{line_of(content, at)}:" in out and "COUNTER001 counter 'feul' is not declared by the title (did you mean 'fuel'?)" in out, out
    code, out = paragraphs(tmp_path, "read", "foghorn", "2", "--dice", "2")
    assert code == 1 and "COUNTER001" in out, out


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ("    - {name: fuel, initial: 2}\n", "    - {name: fuel, initial: 2}\n    - {name: fuel, initial: 5}\n", "TITLE004 title.counters lists 'fuel' twice"),
        ("    - {id: boat, name: a boat in the fog}\n", "    - {id: boat, name: a boat in the fog}\n    - {id: boat, name: a rowing boat}\n", "TITLE004 title.sightings lists 'boat' twice"),
    ],
    ids=["counter", "sighting"],
)
def test_a_title_record_declaring_one_name_twice_is_an_error(tmp_path, old, new, says):
    # before: the second silently replaced the first (a counter began at 5, not 2)
    content = with_mistake(tmp_path, old, new)
    second = line_of(content, new.splitlines()[1])
    code, out = paragraphs(tmp_path, "validate", "foghorn")
    assert code == 1 and f"{content.name}:{second}:7: {says} (first at " in out, out


# ------------------------------------------------------------------ Python slips


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ("def listen(ctx, spec):", "def listen(spec):", "CheckKind 'listen': its resolve is listen(spec) ({hooks}:{line}), but it is called with 2 arguments (Context, Mapping[str, Any])"),
        ("def listen(ctx, spec):", "def listen(ctx, spec, fog):", "CheckKind 'listen': its resolve is listen(ctx, spec, fog) ({hooks}:{line}), but it is called with 2 arguments"),
        (
            "def tide(ctx, height):",
            '@hookimpl\ndef paragraphs_register_lint_rules():\n    from paragraphs.records import LintRule\n\n    yield LintRule(id="FH001", title=TITLE, check=lambda book: [])\n\n\ndef tide(ctx, height):',
            "LintRule 'FH001': its check is <lambda>(book) ({hooks}:{line}), but it is called with 2 arguments (Book, Any)",
        ),
    ],
    ids=["resolve without ctx", "resolve with one too many", "lint rule with one argument"],
)
def test_a_record_function_of_the_wrong_arity_is_refused_at_load_with_its_line(tmp_path, old, new, says):
    # before: validate said ok and play failed with "code raised TypeError: listen() takes 1
    # positional argument but 2 were given", naming neither the check kind nor its file
    hooks = with_mistake(tmp_path, old, new, in_hooks=True)
    line = line_of(hooks, "check=lambda" if "LintRule" in new else new)
    code, out = paragraphs(tmp_path, "validate", "foghorn")
    assert code == 2 and "plugin foghorn skipped" in out, out
    assert says.format(hooks="site/paragraphs_foghorn/hooks.py", line=line) in out, out  # relative to the working folder


@pytest.mark.parametrize(
    ("old", "new", "says", "col"),
    [
        ("from paragraphs.records import CheckKind, Procedure, Title", "from paragraphs.records import CheckKind, Procedure, Titel", "ImportError: cannot import name 'Titel' from 'paragraphs.pluginhost.records' (did you mean 'Title'?) at ", ""),
        ("from importlib.resources import files", "from importlib.resources import files\nimport foghorn_helpers", "ModuleNotFoundError: No module named 'foghorn_helpers' at ", ""),
        ('TITLE = "foghorn"', "TITLE = foghorn", "NameError: name 'foghorn' is not defined at ", ""),
        ("def tide(ctx, height):", "def tide(ctx, height)", "SyntaxError: expected ':' at ", ":22"),
    ],
    ids=["misspelt import", "missing module", "name error", "syntax error"],
)
def test_a_plugin_that_fails_to_import_names_its_file_and_line(tmp_path, old, new, says, col):
    # before: the reason alone ("No module named 'foghorn_helpers'"; "(hooks.py, line 34)"
    # without its folder; the records module's path instead of a suggestion)
    hooks = with_mistake(tmp_path, old, new, in_hooks=True)
    line = line_of(hooks, new.splitlines()[-1])
    code, out = paragraphs(tmp_path, "validate", "foghorn")
    assert code == 2, out
    assert f"plugin foghorn skipped: failed to import paragraphs_foghorn.hooks: {says}site/paragraphs_foghorn/hooks.py:{line}{col}\n" in out, out


# ------------------------------------------------------------------ YAML slips


@pytest.mark.parametrize(
    ("old", "new", "at", "says"),
    [
        ("  name: Foghorn", "\tname: Foghorn", ("\tname", 1), "a tab character: YAML indents with spaces only (replace the tab with spaces)"),
        ("      - procedure:", "     - procedure:", ("     - procedure:", 6), "this line, or the one above it, is not indented like the lines around it"),
        ("  name: Foghorn", " name: Foghorn", (" name: Foghorn", 2), "is not indented like the lines around it: the keys of one mapping, and the '- ' items of one list, start in the same column (the block it is in begins at line 1)"),
        ("      - ask: {key: mood", "      - say: Note: the fog lifts\n      - ask: {key: mood", ("say: Note", 18), "a ': ' inside a value: put the text in quotes if it holds ': '"),
        ("lost: [{goto: \"3\"}]", "lost: [{goto: \"3\"}", ("  - id: \"2\"", 3), "a [...] list is not closed with ']', or two of its items lack the ',' between them (it opens at line "),
        ("{id: boat, name: a boat in the fog}", "{id: boat name: a boat in the fog}", ("{id: boat name", 21), "a {...} mapping is not closed with '}', or two of its entries lack the ',' between them"),
        ("  name: Foghorn", "  name Foghorn", ("  sightings:", 3), "a key without its ':' (name: value)"),
        ("fog: {ask: wind}", "fog: *wind", ("fog: *wind", 16), "'*wind' is read as an alias (*name), and no anchor (&name) defines it: put the text in quotes"),
        ("  name: Foghorn", "  name: Foghorn\n  name: Fog", ("  name: Fog\n", 3), "YAML004 duplicate key 'name' (first at line 3): give it once"),
    ],
    ids=["tab", "list item indented less", "key indented less", "colon in a text", "list not closed", "comma left out", "colon left out", "star", "key twice"],
)
def test_yaml_slips_are_told_in_plain_words_at_their_place(tmp_path, old, new, at, says):
    # before: the parser's words ("found character '\t' that cannot start any token",
    # "expected <block end>, but found '<block sequence start>'", "mapping values are not
    # allowed here", "expected ',' or ']', but got '-'"); a duplicate key without the first
    content = with_mistake(tmp_path, old, new)
    code, out = paragraphs(tmp_path, "validate", "foghorn")
    assert code == 1, out
    (row,) = [r for r in out.splitlines() if " YAML00" in r]
    assert row.startswith(f"site/paragraphs_foghorn/content/{content.name}:{line_of(content, at[0])}:{at[1]}: ") and says in row, row


# ------------------------------------------------------------------ packaging slips


def test_two_distributions_declaring_one_entry_point_name_are_warned_of(tmp_path):
    # the author copied his pyproject.toml for a second title and kept the entry point's
    # name: before, the second distribution on sys.path was dropped without a word
    install(tmp_path / "site")
    other = tmp_path / "other"
    install(other, hooks=HOOKS.replace('TITLE = "foghorn"', 'TITLE = "foglamp"'), book=BOOK.replace("id: foghorn", "id: foglamp"))
    (other / "paragraphs_foghorn-0.1.0.dist-info").rename(other / "paragraphs_foglamp-0.2.0.dist-info")
    site = f"{tmp_path / 'site'}{os.pathsep}{other}"
    said = "warning: plugin foghorn: the entry point name 'foghorn' is declared by paragraphs_foghorn 0.1.0 (site) and by paragraphs_foglamp 0.2.0 (other); only the first is loaded"
    for _ in range(2):  # building the plugin index, then served by it
        code, out = paragraphs(tmp_path, "titles", site=site)
        assert code == 0 and said in out, out
        code, out = paragraphs(tmp_path, "validate", "foghorn", site=site)
        assert code == 0 and said in out, out
    code, out = paragraphs(tmp_path, "read", "sample", "2", "--dice", "3", "--answer", "storm=1", site=site)
    assert said not in out, out  # a command that does not use the plugin is not told


# ------------------------------------------------------------------ shapes and names


@pytest.mark.parametrize(
    ("old", "new", "at", "says"),
    [
        ('  - id: "2"', "  - id: 2", "id: 2", "SCHEMA001 2 is not of type 'string': YAML reads it as a number; write it in quotes (\"2\")"),
        ("      - ask: {key: mood", "      -\n      - ask: {key: mood", "      -\n", "SCHEMA001 None is not of type 'object': nothing is written here (a '-' or a key with nothing after it)"),
        ("    - {name: fuel, initial: 2}", "    fuel: {initial: 2}", "fuel: {initial", "SCHEMA001 {'fuel': {'initial': 2}} is not of type 'array': a mapping is given where a list goes (each item on a line of its own starting with '- ')"),
        ('heard: [{mark_sighting: boat}, {goto: "2"}]', 'heard: {goto: "2"}', "heard:", "is not of type 'array': a mapping is given where a list goes"),
        ("  sightings:", "  events: midnight\n  sightings:", "events:", "SCHEMA001 'midnight' is not of type 'array': one text where a list goes (write [midnight])"),
    ],
    ids=["a number for an id", "an empty step", "a map of counters", "a step for a list of steps", "a text for a list"],
)
def test_a_value_of_the_wrong_shape_says_what_was_probably_meant(tmp_path, old, new, at, says):
    # before: the schema's words alone ("2 is not of type 'string'")
    content = with_mistake(tmp_path, old, new)
    code, out = paragraphs(tmp_path, "validate", "foghorn")
    assert code == 1, out
    (row,) = [r for r in out.splitlines() if " SCHEMA001 " in r]
    assert f"{content.name}:{line_of(content, at)}:" in row and says in row, row
    if "fuel: {initial" in new:  # the counters left out: what follows from it is info, not a second error
        (follows,) = [r for r in out.splitlines() if " COUNTER001 " in r]
        assert follows.endswith("[info]") and "perhaps only a consequence of the record left out" in follows, out


def test_a_misspelt_sighting_suggests_the_declared_one(tmp_path):
    # before: "sighting baot is not declared by the title", with no suggestion
    content = with_mistake(tmp_path, "heard: [{mark_sighting: boat}", "heard: [{mark_sighting: baot}")
    code, out = paragraphs(tmp_path, "validate", "foghorn")
    line = line_of(content, "baot")
    assert f"{content.name}:{line}:19: SIGHT003 sighting baot is not declared by the title (did you mean 'boat'?) [warning]" in out, out
    assert "SIGHT002 sighting boat is tested but never set (did you mean 'baot'?) [warning]" in out, out


@pytest.mark.parametrize(
    ("value", "says"),
    [
        ("paragraphs_foghorn.hook", "failed to import paragraphs_foghorn.hook: ModuleNotFoundError: No module named 'paragraphs_foghorn.hook' (the entry point in the plugin's pyproject.toml names it: did you mean paragraphs_foghorn.hooks?)"),
        ("paragraphs_foghorn.hooks:plugin", "(the entry point names paragraphs_foghorn.hooks:plugin: name the module of the hooks alone, paragraphs_foghorn.hooks)"),
        ("paragraphs_foghorn", "the package paragraphs_foghorn implements no paragraphs hook (no function marked @hookimpl): did the entry point mean paragraphs_foghorn.hooks?"),
    ],
    ids=["a module misspelt", "an object that is not there", "the package instead of its hooks"],
)
def test_an_entry_point_naming_the_wrong_thing_says_what_it_probably_means(tmp_path, value, says):
    # before: the bare ModuleNotFoundError or AttributeError; and the package named instead of
    # its hooks module registered nothing, so 'validate foghorn' said that no entry point named
    # the package (one did)
    install(tmp_path / "site", entry_points=f"[paragraphs]\nfoghorn = {value}\n")
    code, out = paragraphs(tmp_path, "validate", "foghorn")
    assert code == 2 and "title 'foghorn' is not available: plugin foghorn skipped: " in out and says in out, out


@pytest.mark.parametrize(
    ("hook", "says"),
    [
        ("def paragraphs_initial_state(book, options):\n    return {'countres': {'fuel': 3}}", "paragraphs_initial_state for foghorn returned the field 'countres', which a set-up cannot set (did you mean 'counters'?) (hook at "),
        ("def paragraphs_roll(die, purpose, title):\n    return '3'", "paragraphs_roll for foghorn returned '3', which is not a face of d6 (hook at "),
    ],
    ids=["a misspelt state field", "a roll as text"],
)
def test_a_runtime_hook_returning_the_wrong_thing_names_its_line(tmp_path, hook, says):
    # before: no line, and no suggestion for the misspelt field
    hooks = with_mistake(tmp_path, "def tide(ctx, height):", f"@hookimpl\n{hook}\n\n\ndef tide(ctx, height):", in_hooks=True)
    code, out = paragraphs(tmp_path, "read", "foghorn", "2", "--dice", "2")
    line = line_of(hooks, hook.splitlines()[0]) - 1  # a decorated function starts at its @hookimpl
    assert code == 1 and f"plugin foghorn (paragraphs-foghorn 0.1.0): {says}site/paragraphs_foghorn/hooks.py:{line})" in out, out


def test_a_hook_waiting_for_a_misspelt_event_is_warned_of(tmp_path):
    # before: validate said ok, and the hook waited for an event nobody ever reports
    book = BOOK.replace("  sightings:", "  events: [midnight, dawn]\n  sightings:").replace(
        "      - check:\n          kind: listen", '      - hook: {event: midnigth, do: [{goto: "2"}]}\n      - hook: {event: tide_turns, do: [{goto: "3"}]}\n      - check:\n          kind: listen'
    )
    content = install(tmp_path / "site", book=book)
    code, out = paragraphs(tmp_path, "validate", "foghorn")
    line = line_of(content, "event: midnigth")
    assert code == 0 and f"{content.name}:{line}:9: EVENT001 event 'midnigth' is not declared by the title, one letter away from 'midnight'" in out, out
    assert "tide_turns" not in out, out  # an event of its own (reported by the player) is no slip


def test_a_misspelt_value_near_one_the_content_gives_is_warned_of(tmp_path):
    # before: validate said ok and the procedure got None for {value: hron}, blamed on the plugin
    content = with_mistake(tmp_path, "      - ask: {key: mood, store: mood}", "      - set: {horn: 1}\n      - procedure: {name: tide, args: {height: {value: hron}}}\n      - ask: {key: mood, store: mood}")
    code, out = paragraphs(tmp_path, "validate", "foghorn")
    line = line_of(content, "value: hron")
    col = content.read_text(encoding="utf-8").splitlines()[line - 1].index("{value: hron}") + 1  # the argument, not its step
    assert code == 0 and f"{content.name}:{line}:{col}: VALUE002 value 'hron' is given by nothing in the content, one letter away from 'horn' (did you mean 'horn'?) [warning]" in out, out


def test_odds_of_a_procedure_with_a_misspelt_argument_suggests_the_right_one(tmp_path):
    # before: "needs height", with no word about the 'heigth' given
    install(tmp_path / "site")
    code, out = paragraphs(tmp_path, "odds", "foghorn", "tide", "--arg", "heigth=3")
    assert code == 2 and "procedure 'tide' needs height (on the command line: --arg height=VALUE); 'heigth' is not one of its arguments (did you mean 'height'?)" in out, out


def test_content_written_beside_the_package_is_pointed_at(tmp_path):
    # the author kept content/ at the project's root, as the repository's own titles do
    # (content/<title>), while his Title record names the folder inside the package: before,
    # only "no *.yaml file below .../paragraphs_foghorn/content"
    project = tmp_path / "project"
    install(project)
    (project / "paragraphs_foghorn" / "content").rename(project / "content")
    code, out = paragraphs(tmp_path, "validate", "foghorn", site=project)
    assert code == 1 and "TITLE001 title 'foghorn' has no content" in out, out
    assert "YAML files are in project/content, outside the package: move that folder into project/paragraphs_foghorn (a wheel ships only the package)" in out, out


@pytest.mark.parametrize(
    ("old", "new", "says", "at"),
    [
        ('Title(id=TITLE, name="Foghorn", ', "Title(id=TITLE, ", "TypeError: Title.__init__() missing 1 required positional argument: 'name'", "Title(id=TITLE, content"),
        ("outcomes=(\"high\", \"low\"))", "outcome=(\"high\", \"low\"))", "TypeError: Procedure.__init__() got an unexpected keyword argument 'outcome' (did you mean 'outcomes'?)", "outcome=("),
    ],
    ids=["a record without its name", "a misspelt field"],
)
def test_a_record_that_cannot_be_built_names_its_line(tmp_path, old, new, says, at):
    # before: the TypeError alone, with no file or line
    hooks = with_mistake(tmp_path, old, new, in_hooks=True)
    code, out = paragraphs(tmp_path, "validate", "foghorn")
    assert code == 2 and f"plugin foghorn skipped: {says} at site/paragraphs_foghorn/hooks.py:{line_of(hooks, at)}\n" in out, out


@pytest.mark.parametrize(
    ("schema", "says"),
    [
        ('{"type": "object", "requried": ["fog"], "properties": {"fog": VALUE}}', "'requried' is not a JSON Schema keyword (did you mean 'required'?); a validator would ignore it"),
        ('{"fog": VALUE}', "'fog' is not a JSON Schema keyword (a property? write properties: {fog: ...}); a validator would ignore it"),
        ('{"type": "object", "properties": {"fog": {"tpye": "integer"}}}', "'tpye' is not a JSON Schema keyword (did you mean 'type'?) (at properties/fog); a validator would ignore it"),
    ],
    ids=["a misspelt keyword", "a property at the top", "a misspelt keyword inside"],
)
def test_a_check_kind_schema_with_a_word_json_schema_ignores_is_an_error(tmp_path, schema, says):
    # before: validate said ok; the schema checked nothing ('fgo: 3' or a missing fog passed,
    # and resolve then failed with a KeyError in play)
    hooks = with_mistake(tmp_path, 'schema={"type": "object", "required": ["fog"], "properties": {"fog": VALUE}, "additionalProperties": False},', f"schema={schema},", in_hooks=True)
    code, out = paragraphs(tmp_path, "validate", "foghorn")
    line = line_of(hooks, "def paragraphs_register_check_kinds") - 1  # the hook, at its @hookimpl
    assert code == 1 and f"site/paragraphs_foghorn/hooks.py:{line}:1: SCHEMA003 check kind 'listen': its schema is not a valid JSON Schema: {says}" in out, out


# ------------------------------------------------------------------ round 2


def test_a_misspelt_key_in_a_unit_record_is_an_error_with_a_suggestion(tmp_path):
    # before: the core unit schema allowed any key, so 'factor:' validated clean and the
    # unit was compiled with no factors at all
    content = with_mistake(tmp_path, "entry_points:", "units:\n  - id: dinghy\n    name: a dinghy\n    factor: {oars: 2}\nentry_points:")
    code, out = paragraphs(tmp_path, "validate", "foghorn")
    line = line_of(content, "factor:")
    assert code == 1 and f"{content.name}:{line}:5: SCHEMA001 unknown key 'factor' (did you mean 'factors'?)" in out, out


TABLES_IN_CODE = '''
@hookimpl
def paragraphs_register_tables():
    from paragraphs.records import Table, TableRow

    yield Table(id="drift", title=TITLE, name="Drift", die="d6", rows=(TableRow(1, 6, "ashore"),))
    yield Table(
        id="flotsam",
        title=TITLE,
        name="Flotsam",
        die="d6",
        rows=ROWS,
    )


def tide(ctx, height):'''


@pytest.mark.parametrize(
    ("rows", "says"),
    [
        ('(TableRow(1, 3, "a crate"), TableRow(4, 5, "a plank"))', "DICE006 table flotsam does not cover d6 faces exactly once (faces [6])"),
        ('(TableRow(None, None, "a crate", key="crate"),)', "TABLE007 table flotsam is rolled on a d6 but row(s) crate have a key, not a range"),
    ],
    ids=["a face left out", "a keyed row"],
)
def test_a_table_registered_in_code_is_reported_at_its_line(tmp_path, rows, says):
    # before: at 'foghorn:0:0' (the title's name, no file, no line)
    hooks = with_mistake(tmp_path, "def tide(ctx, height):", TABLES_IN_CODE.replace("ROWS", rows), in_hooks=True)
    code, out = paragraphs(tmp_path, "validate", "foghorn")
    line = line_of(hooks, "yield Table(\n")
    assert code == 1 and f"site/paragraphs_foghorn/hooks.py:{line}:5: {says}" in out, out


@pytest.mark.parametrize("command", ["read", "odds"])
def test_a_value_nothing_gives_stops_before_the_procedure_runs(tmp_path, command):
    # before: the procedure got height=None and the plugin's own TypeError ("'<=' not
    # supported between instances of 'int' and 'NoneType'") was reported, at its line
    content = with_mistake(tmp_path, "args: {height: 3}", "args: {height: {value: swell}}")
    code, out = paragraphs(tmp_path, command, "foghorn", "2", *(["--dice", "2"] if command == "read" else []))
    at = f"site/paragraphs_foghorn/content/{content.name}:{line_of(content, '- procedure:')}:9"
    said = (
        f"{at}: procedure 'tide' would get height=None: the value 'swell' is given by nothing "
        "(no step sets it, no set-up or answer gives it, no paragraph passes it)"
    )
    assert code == 1 and said in out and "TypeError" not in out, out


def test_a_counter_or_value_inside_a_procedures_args_is_placed_at_the_argument(tmp_path):
    # before: at the '- procedure:' line, two or more lines above the slip
    content = with_mistake(tmp_path, "          args: {height: 3}\n", "          args:\n            height: {counter: feul}\n")
    code, out = paragraphs(tmp_path, "validate", "foghorn")
    line = line_of(content, "height: {counter: feul}")
    assert f"{content.name}:{line}:21: COUNTER001 counter 'feul' is not declared by the title (did you mean 'fuel'?)" in out, out


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (("flotsm",), "foghorn has no table 'flotsm' (did you mean 'flotsam'?) (tables: drift, flotsam)"),
        (("flotsam", "--column", "reslt"), "table flotsam has no column 'reslt' (columns: none)"),
    ],
    ids=["a table", "a column of a table without columns"],
)
def test_a_misspelt_table_suggests_the_right_one(tmp_path, argv, says):
    # before: the tables listed, without a "did you mean"
    with_mistake(tmp_path, "def tide(ctx, height):", TABLES_IN_CODE.replace("ROWS", '(TableRow(1, 3, "a crate"), TableRow(4, 6, "a plank"))'), in_hooks=True)
    code, out = paragraphs(tmp_path, "table", "foghorn", *argv)
    assert code == 2 and says in out, out


def test_a_group_check_of_a_kind_without_success_and_failure_is_an_error(tmp_path):
    # before: validate said ok; play and odds gave 'failure' for certain, an outcome 'listen'
    # does not have, so neither 'heard' nor 'lost' ever ran (and no die was rolled)
    content = with_mistake(tmp_path, "          purpose: hear the boat\n", "          purpose: hear the boat\n          group: {subjects: 2, aggregate: any}\n")
    code, out = paragraphs(tmp_path, "validate", "foghorn")
    at = f"{content.name}:{line_of(content, 'group:')}:18"
    assert code == 1 and f"{at}: CHECK005 a group check counts its subjects' successes, but check kind 'listen' has no 'success' and 'failure' outcomes (it has heard, lost)" in out, out
    code, out = paragraphs(tmp_path, "odds", "foghorn", "1")
    assert code == 1 and "CHECK005" in out, out


def test_the_rule_reference_of_a_procedure_says_its_arguments_and_outcomes(tmp_path):
    # before: '## `tide`' then '*Rule section:* n/a. *Answers:* none.', under a line telling
    # to run 'odds foghorn PROCEDURE --answer key=value': nothing said that tide needs a
    # height, so the command the page gave stopped with "needs height"
    install(tmp_path / "site")
    code, out = paragraphs(tmp_path, "docs", "export", "site-src", "--title", "foghorn")
    assert code == 0, out
    page = (tmp_path / "site-src" / "rules" / "foghorn" / "procedures.md").read_text(encoding="utf-8")
    assert "*Arguments:* `height` (`--arg height=VALUE`). *Outcomes:* `high`, `low`." in page, page
    assert "`paragraphs odds foghorn PROCEDURE --arg NAME=VALUE --answer KEY=VALUE`" in page, page


def test_the_rule_reference_lists_a_check_kinds_keys_and_outcomes(tmp_path):
    # before: a table of id and meaning only ('`listen` |  |'): the author of the content
    # had to read the plugin's code to learn that a listen check takes fog and branches on
    # heard and lost
    install(tmp_path / "site")
    code, out = paragraphs(tmp_path, "docs", "export", "site-src", "--title", "foghorn")
    page = (tmp_path / "site-src" / "rules" / "foghorn" / "procedures.md").read_text(encoding="utf-8")
    assert code == 0 and "| `listen` |  | `fog`* | `heard`, `lost` |" in page, page


REFERENCED_KINDS = '''def sound(ctx, step):
    ctx.say("The horn sounds.")


def foggy(ctx, value):
    return bool(value)


SOUND = {
    "type": "object",
    "required": ["times"],
    "properties": {
        "times": {"type": "integer", "minimum": 1, "description": "how often the horn sounds"},
        "tone": {"enum": ["low", "high"], "description": "its pitch"},
    },
    "additionalProperties": False,
}


@hookimpl
def paragraphs_register_steps():
    from paragraphs.records import StepKind

    yield StepKind(id="sound", title=TITLE, schema=SOUND, run=sound, doc="The foghorn sounds.")


@hookimpl
def paragraphs_register_predicates():
    from paragraphs.records import PredicateKind

    yield PredicateKind(id="foggy", title=TITLE, schema={"type": "boolean", "description": "true when the fog is thick"}, evaluate=foggy)


def tide(ctx, height):'''


def test_the_rule_reference_shows_the_keys_of_a_step_kind_and_the_value_of_a_predicate(tmp_path):
    # before: '| `sound` | The foghorn sounds. |' and '| `foggy` |  |': that a sound step
    # needs times (an integer, 1 or more) and may give a tone, low or high, and that foggy
    # takes true or false, was in the plugin's code only
    with_mistake(tmp_path, "def tide(ctx, height):", REFERENCED_KINDS, in_hooks=True)
    code, out = paragraphs(tmp_path, "docs", "export", "site-src", "--title", "foghorn")
    page = (tmp_path / "site-src" / "rules" / "foghorn" / "procedures.md").read_text(encoding="utf-8")
    assert code == 0 and "### `sound`\n\nThe foghorn sounds.\n\nIts value is a mapping of these keys (no other):\n" in page, page
    assert "| `times` | yes | integer, 1 or more | how often the horn sounds |" in page, page
    assert "| `tone` | no | `low` / `high` | its pitch |" in page, page
    assert "### `foggy`\n\nIts value: boolean (true when the fog is thick).\n" in page, page


CHANCES = '''def listen_chances(ctx, spec):
    from fractions import Fraction

    heard = Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b > ctx.number(spec["fog"])), 36)
    return RESULT


def listen(ctx, spec):'''


@pytest.mark.parametrize(
    ("result", "says"),
    [
        ('{"heard": heard}', "gave chances summing to 11/12, not 1 ({'heard': 11/12}): give every outcome's chance"),
        ('{"heard": heard, "lost": heard}', "gave chances summing to 11/6, not 1 ({'heard': 11/12, 'lost': 11/12}): give every outcome's chance"),
        ('{"heard": float(heard), "lost": float(1 - heard)}', "gave floats ({'heard': 0.9166666666666666, 'lost': 0.08333333333333333}), whose exact sum is not 1: give each chance as a fractions.Fraction"),
        ("[heard, 1 - heard]", "gave [Fraction(11, 12), Fraction(1, 12)], not a mapping of its outcomes to their chances"),
        ('{"heard": heard + 1, "lost": -heard}', "gave the chance 23/12 to 'heard': a chance is between 0 and 1"),
    ],
    ids=["an outcome left out", "one chance given twice", "floats", "a list", "below 0"],
)
def test_chances_that_are_not_a_distribution_are_the_plugins_error(tmp_path, result, says):
    # before: odds showed '1 -> 2; listen heard' for certain (an outcome left out), 'heard
    # 1/1 (100%)' (one chance given twice), or "check kind 'listen' returned
    # Fraction(1, 1), which is not one of its outcomes" (a list)
    hooks = HOOKS.replace("def listen(ctx, spec):", CHANCES.replace("RESULT", result)).replace("        resolve=listen,\n", "        resolve=listen,\n        chances=listen_chances,\n")
    install(tmp_path / "site", hooks=hooks)
    code, out = paragraphs(tmp_path, "odds", "foghorn", "1", "--answer", "wind=3")
    line = line_of(tmp_path / "site" / "paragraphs_foghorn" / "hooks.py", "def listen_chances")
    assert code == 1 and f"foghorn 1: check kind 'listen': its chances (site/paragraphs_foghorn/hooks.py:{line}) " in out and says in out, out


def test_a_template_with_nothing_to_write_leaves_no_folder_behind(tmp_path):
    # before: "nothing to write", and an empty folder 'skeleton' made all the same
    install(tmp_path / "site")
    code, out = paragraphs(tmp_path, "template", "foghorn", "skeleton")
    assert code == 0 and "foghorn has no unknown cells and no assumed values: nothing to write" in out, out
    assert not (tmp_path / "skeleton").exists()


def test_a_misspelt_id_list_suggests_the_right_one(tmp_path):
    # before: the lists, without a "did you mean"
    install(tmp_path / "site")
    code, out = paragraphs(tmp_path, "ids", "foghorn", "--kind", "sigthings")
    assert code == 2 and "foghorn has no list of 'sigthings' ids (did you mean 'sightings'?) (lists: paragraphs, entry_points, sightings, state_counters)" in out, out


def test_ids_takes_a_comma_list_of_kinds_as_its_help_calls_it(tmp_path):
    # '--kind LIST': before, 'tables,units' was read as one list's name and refused
    install(tmp_path / "site")
    code, out = paragraphs(tmp_path, "ids", "foghorn", "--kind", "sightings,state_counters")
    assert code == 0 and "Sightings (1; --kind sightings)" in out and "Counters of the state (1; --kind state_counters)" in out and "Paragraphs" not in out, out


def _upgraded(book: str) -> str:
    """Version 0.2 of the content: the sighting 'boat' renamed 'skiff', paragraph 2 now '20'."""
    return book.replace("boat, name", "skiff, name").replace("sighting: boat", "sighting: skiff").replace('goto: "2"', 'goto: "20"').replace('  - id: "2"', '  - id: "20"')


def test_a_save_made_before_an_upgrade_names_what_the_content_no_longer_has(tmp_path):
    # before: "the save was made with other content (an update or an overlay)" on every
    # read, and nothing at all when a play session was resumed; the player could not tell
    # that the boat he had marked was no longer the sighting the paragraphs test
    hook = '      - hook: {event: dawn, do: [{goto: "3"}]}\n'
    content = install(tmp_path / "site", book=BOOK.replace("      - check:\n", hook + "      - check:\n"))
    code, out = paragraphs(tmp_path, "read", "foghorn", "1", "--state", "save.json", "--dice", "6,6", "--answer", "wind=1")
    assert code == 0 and "Paragraphs: 1 > 2" in out, out
    code, out = paragraphs(tmp_path, "play", "foghorn", "--session", "s1", "--dice", "physical", stdin="1\n6\n1\n3\nquit\n")
    assert code == 0 and "Paragraphs: 1 > 2" in out, out
    content.write_text(textwrap.dedent(_upgraded(BOOK)).lstrip(), encoding="utf-8")
    said = "the save was made with other content (an update or an overlay); it holds what foghorn no longer has: sighting 'boat', paragraph 2 (read), armed hook '1#1' (paragraph 1)"
    code, out = paragraphs(tmp_path, "read", "foghorn", "20", "--state", "save.json", "--dice", "2")
    assert code == 0 and f"paragraphs: warning: {said}" in out, out
    code, out = paragraphs(tmp_path, "play", "foghorn", "--session", "s1", "--dice", "physical", stdin="quit\n")
    # a session drops the hook that can never run and says so (the next test); the warning names the rest
    assert code == 0 and f"paragraphs: warning: {said.removesuffix(', armed hook ' + repr('1#1') + ' (paragraph 1)')}\n" in out, out
    assert "note: armed hook '1#1' (when dawn (1)) dropped" in out, out


def test_a_resumed_session_drops_an_armed_hook_the_content_no_longer_has_and_says_so(tmp_path):
    # before: the resume warned of "armed hook '1#2' (paragraph 1)" and kept it, and every
    # `event dawn` then stopped on "armed hook '1#2' is not in the content any more": the
    # hook still in the content never ran either, and only undo was left to the player
    dawn = '      - hook: {event: dawn, do: [{say: "Dawn breaks."}]}\n'
    horn = '      - hook: {event: dawn, do: [{say: "A horn answers."}]}\n'
    content = install(tmp_path / "site", book=BOOK.replace("      - check:\n", dawn + horn + "      - check:\n"))
    code, out = paragraphs(tmp_path, "play", "foghorn", "--session", "s1", "--dice", "physical", stdin="1\n6\n1\n3\nquit\n")
    assert code == 0 and "Paragraphs: 1 > 2" in out, out
    content.write_text(textwrap.dedent(BOOK.replace("      - check:\n", dawn + "      - check:\n")).lstrip(), encoding="utf-8")
    code, out = paragraphs(tmp_path, "play", "foghorn", "--session", "s1", stdin="event dawn\nquit\n")
    assert code == 0 and "note: armed hook '1#2' (when dawn (1)) dropped: foghorn no longer has it, so it could never run (undo puts it back)" in out, out
    assert "Dawn breaks." in out and "error" not in out and "A horn answers." not in out, out
    code, out = paragraphs(tmp_path, "play", "foghorn", "--session", "s1", stdin="undo\nundo\nquit\n")
    assert code == 0 and "dropped" not in out.split("> ")[0], out  # said once: the drop is in the log
    assert out.count("undid 1 step(s)") == 2, out


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (("odds", "foghorn", "tidee"), "'tidee' is neither a paragraph of foghorn nor one of its procedures (did you mean 'tide'?) (procedures: tide)"),
        (("table", "foghorn", "flotsam"), "foghorn has no table 'flotsam' (tables: none)"),
    ],
    ids=["odds of a misspelt procedure", "a table of a title without tables"],
)
def test_a_name_the_title_does_not_have_is_said_plainly(tmp_path, argv, says):
    # before: no suggestion for 'tidee'; "(tables: )" for a title without tables
    install(tmp_path / "site")
    code, out = paragraphs(tmp_path, *argv)
    assert code == 2 and says in out, out


def test_a_plugins_own_test_finds_chances_that_disagree_with_resolve(tmp_path):
    # before: nothing a plugin's author could call ("the core's tests check that for its
    # own kinds", with private parts): chances written '>=' where resolve says '>' made
    # every odds of a listen check wrong without a word
    hooks = HOOKS.replace("def listen(ctx, spec):", CHANCES.replace("> ctx.number", ">= ctx.number").replace("RESULT", '{"heard": heard, "lost": 1 - heard}'))
    install(tmp_path / "site", hooks=hooks.replace("        resolve=listen,\n", "        resolve=listen,\n        chances=listen_chances,\n"))
    (tmp_path / "test_foghorn.py").write_text(textwrap.dedent("""
        import paragraphs
        from paragraphs.testing import assert_chances_agree

        def test_listen_chances(make_engine):
            engine = make_engine("foghorn")
            assert_chances_agree(engine, "listen", {"fog": {"ask": "wind"}}, answers={"wind": 3})
    """), encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(tmp_path / "site"), PARAGRAPHS_CACHE_DIR=str(tmp_path / "cache"), PARAGRAPHS_DATA_DIR=str(tmp_path / "data"))
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_foghorn.py"], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    said = "check kind 'listen' with {'fog': {'ask': 'wind'}}: its chances give {heard: 35/36, lost: 1/36}, its resolve over every face gives {heard: 11/12, lost: 1/12}"
    assert done.returncode == 1 and said in done.stdout, done.stdout + done.stderr


def test_a_plugins_own_test_tries_every_answer_and_names_the_one_that_disagrees(tmp_path):
    # before: one call per combination of answers; a chances function wrong for one wind
    # only (2, where it counts a total of 2 as heard) passed every call its author wrote
    wrong_at_2 = CHANCES.replace('> ctx.number(spec["fog"])', '> ctx.number(spec["fog"]) - (ctx.number(spec["fog"]) == 2)')
    hooks = HOOKS.replace("def listen(ctx, spec):", wrong_at_2.replace("RESULT", '{"heard": heard, "lost": 1 - heard}'))
    install(tmp_path / "site", hooks=hooks.replace("        resolve=listen,\n", "        resolve=listen,\n        chances=listen_chances,\n"))
    (tmp_path / "test_foghorn.py").write_text(textwrap.dedent("""
        from paragraphs.testing import assert_chances_agree

        def test_one_wind(make_engine):
            assert_chances_agree(make_engine("foghorn"), "listen", {"fog": {"ask": "wind"}}, answers={"wind": 3})

        def test_every_wind(make_engine):
            assert_chances_agree(make_engine("foghorn"), "listen", {"fog": {"ask": "wind"}})
    """), encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(tmp_path / "site"), PARAGRAPHS_CACHE_DIR=str(tmp_path / "cache"), PARAGRAPHS_DATA_DIR=str(tmp_path / "data"))
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_foghorn.py"], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    said = "check kind 'listen' with {'fog': {'ask': 'wind'}}: its chances give {heard: 1}, its resolve over every face gives {heard: 35/36, lost: 1/36} (answers: wind=2)"
    assert done.returncode == 1 and said in done.stdout and "1 failed, 1 passed" in done.stdout, done.stdout + done.stderr
    assert "test_every_wind" in done.stdout.split("short test summary")[-1], done.stdout


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ('ctx.roll("2d6", spec["purpose"])', 'ctx.roll("2d", spec["purpose"])', "cannot read die '2d': write d6, d10, 2d6, d100, 2d6-2 or 2d6-2 min 0"),
        ('ctx.number(spec["fog"])', 'ctx.number(spec.get("fogg"))', "no value (None) where a number is needed"),
        ('ctx.number(spec["fog"])', 'ctx.answer("wnd")', "unknown answer key 'wnd' for foghorn (did you mean 'wind'?)"),
    ],
    ids=["a die that cannot be read", "None for a number", "a misspelt question"],
)
def test_a_library_call_the_plugin_got_wrong_names_the_plugins_line(tmp_path, old, new, says):
    # before: the library's words alone ("cannot read die '2d'", "the value None is not
    # known here", "unknown answer key 'wnd'"), with no file or line, and the first and
    # last as usage errors of the command line (exit 2) though the command line was right
    hooks = with_mistake(tmp_path, old, new, in_hooks=True)
    code, out = paragraphs(tmp_path, "read", "foghorn", "1", "--dice", "6,6", "--answer", "wind=1")
    line = line_of(hooks, new)
    assert code == 1 and says in out and f"(check kind 'listen', at site/paragraphs_foghorn/hooks.py:{line})" in out, out


def test_a_value_reference_compared_as_a_number_gets_a_hint(tmp_path):
    # before: "'>' not supported between instances of 'int' and 'AnswerTo'", nothing on why
    with_mistake(tmp_path, 'ctx.number(spec["fog"])', 'spec["fog"]', in_hooks=True)
    code, out = paragraphs(tmp_path, "read", "foghorn", "1", "--dice", "6,6", "--answer", "wind=1")
    assert code == 1 and "'>' not supported between instances of 'int' and 'AnswerTo' (a value reference from the content: read it with ctx.number(...))" in out, out


STEP_KIND = '''def sound(ctx, step):
    ctx.say("The horn sounds.")
    return RETURN


@hookimpl
def paragraphs_register_steps():
    from paragraphs.records import StepKind

    yield StepKind(id="sound", title=TITLE, schema={"type": "object"}, run=RUN)


def tide(ctx, height):'''


@pytest.mark.parametrize(
    ("returns", "says"),
    [
        ("2", "step kind 'sound' ({hooks}:1) returned 2, not a paragraph id: ids are text ('2')"),
        ('"20"', "step kind 'sound' ({hooks}:1) returned '20', and foghorn has no paragraph 20"),
    ],
    ids=["a number", "an id the book lacks"],
)
def test_a_step_kind_jumping_nowhere_names_itself_and_the_step(tmp_path, returns, says):
    # before: "foghorn : no paragraph 2" (the paragraph '2' exists: the id was the number 2),
    # naming neither the step kind, nor its code, nor the step in the content
    hooks = HOOKS.replace("def tide(ctx, height):", STEP_KIND.replace("RETURN", returns).replace("RUN", "sound"))
    content = install(tmp_path / "site", hooks=hooks, book=BOOK.replace("      - ask: {key: mood, store: mood}", "      - sound: {}\n      - ask: {key: mood, store: mood}"))
    code, out = paragraphs(tmp_path, "read", "foghorn", "3")
    hooks_file = "site/paragraphs_foghorn/hooks.py"
    step_at = f"site/paragraphs_foghorn/content/{content.name}:{line_of(content, '- sound:')}:9"
    said = says.format(hooks=hooks_file).replace(":1)", f":{line_of(content.parent.parent / 'hooks.py', 'def sound')})")
    assert code == 1 and f"foghorn 3: {said} (the step at {step_at})" in out, out


def test_a_step_kind_that_can_neither_run_nor_expand_is_refused_at_load(tmp_path):
    # before: validate said ok, and play stopped at the step with "step 'sound' cannot run"
    hooks = HOOKS.replace("def tide(ctx, height):", STEP_KIND.replace("RETURN", "None").replace(", run=RUN", ""))
    install(tmp_path / "site", hooks=hooks)
    code, out = paragraphs(tmp_path, "validate", "foghorn")
    assert code == 2 and "StepKind 'sound': it has neither run nor expand, so the step could never do anything" in out, out


LINT_RULE = '''def fog_lint(book, grammar):
    from paragraphs.problems import Problem, Severity

    yield Problem(PROBLEM)


@hookimpl
def paragraphs_register_lint_rules():
    from paragraphs.records import LintRule

    yield LintRule(id="FH001", title=TITLE, check=fog_lint)


def tide(ctx, height):'''


@pytest.mark.parametrize(
    ("problem", "says"),
    [
        ('None, "FH001", "fog everywhere"', "lint rule 'FH001' yielded a Problem whose pos is None, not a SourcePos (give it step.pos or paragraph.pos)"),
        ('book.paragraphs["1"].pos, "FH001", "fog everywhere", "warning"', "lint rule 'FH001' yielded a Problem whose severity is 'warning', not a Severity (Severity.WARNING)"),
    ],
    ids=["no position", "a severity as text"],
)
def test_a_lint_rule_yielding_a_malformed_problem_is_named_at_its_line(tmp_path, problem, says):
    # before: a traceback ('NoneType' object has no attribute 'path'; 'str' object has no
    # attribute 'value'), from validate and from every read of the title
    hooks = with_mistake(tmp_path, "def tide(ctx, height):", LINT_RULE.replace("PROBLEM", problem), in_hooks=True)
    line = line_of(hooks, "def fog_lint")
    for argv in (("validate", "foghorn"), ("read", "foghorn", "2", "--dice", "3")):
        code, out = paragraphs(tmp_path, *argv)
        assert code == 1 and f"site/paragraphs_foghorn/hooks.py:{line}:1: PLUGIN001 {says}" in out, out


def test_a_lint_rule_yielding_a_code_it_does_not_declare_is_the_plugins_error_at_the_yield(tmp_path):
    # before: the finding was reported as given, "FH01 fog everywhere", a code no rule has
    # (the rule's id is FH001), which the author's users would then look up in vain
    hooks = with_mistake(tmp_path, "def tide(ctx, height):", LINT_RULE.replace("PROBLEM", 'book.paragraphs["1"].pos, "FH01", "fog everywhere"'), in_hooks=True)
    line = line_of(hooks, "yield Problem(")
    for argv in (("validate", "foghorn"), ("read", "foghorn", "2", "--dice", "3")):
        code, out = paragraphs(tmp_path, *argv)
        said = f"site/paragraphs_foghorn/hooks.py:{line}:5: PLUGIN001 lint rule 'FH001' yielded the code 'FH01', which it does not declare (did you mean 'FH001'?); it may yield its id, or the codes it lists in LintRule(codes=...)"
        assert code == 1 and said in out, out
        assert "FH01 fog everywhere" not in out


def test_a_lint_rule_yields_the_codes_it_declares(tmp_path):
    rule = LINT_RULE.replace("PROBLEM", 'book.paragraphs["1"].pos, "FH002", "fog everywhere", Severity.WARNING')
    rule = rule.replace('LintRule(id="FH001", title=TITLE, check=fog_lint)', 'LintRule(id="FH001", title=TITLE, check=fog_lint, codes=("FH001", "FH002"))')
    hooks = with_mistake(tmp_path, "def tide(ctx, height):", rule, in_hooks=True)
    content = hooks.parent / "content" / "book.yaml"
    at = line_of(content, '- id: "1"')
    code, out = paragraphs(tmp_path, "validate", "foghorn")
    assert code == 0 and f"site/paragraphs_foghorn/content/book.yaml:{at}:" in out and "FH002 fog everywhere" in out, out
    assert "PLUGIN001" not in out


@pytest.mark.parametrize(("returns", "shown"), [('"no"', "'no'"), ("None", "None")], ids=["a text", "nothing (a forgotten return)"])
def test_a_predicate_kind_that_answers_no_yes_or_no_is_the_plugins_error(tmp_path, returns, shown):
    # before: 'no' read as true (any text is), None as false, without a word: the fuel
    # was spent on a foggy test that said "no"
    hooks = with_mistake(tmp_path, "def tide(ctx, height):", f'''def foggy(ctx, value):
    return {returns}


@hookimpl
def paragraphs_register_predicates():
    from paragraphs.records import PredicateKind

    yield PredicateKind(id="foggy", title=TITLE, schema={{"type": "boolean"}}, evaluate=foggy)


def tide(ctx, height):''', in_hooks=True)
    content = hooks.parent / "content" / "book.yaml"
    content.write_text(content.read_text(encoding="utf-8").replace("test: {sighting: boat}", "test: {foggy: true}"), encoding="utf-8")
    code, out = paragraphs(tmp_path, "read", "foghorn", "2", "--dice", "3")
    at = f"site/paragraphs_foghorn/content/book.yaml:{line_of(content, 'test: {foggy')}:17"
    said = f"foghorn 2: predicate kind 'foggy' (site/paragraphs_foghorn/hooks.py:{line_of(hooks, 'def foggy')}) returned {shown}, not True or False (the test at {at})"
    assert code == 1 and said in out, out


def test_a_folder_book_using_a_misspelt_title_suggests_it(tmp_path):
    # before: "which is not an installed title (installed: ..., foghorn, ...)", no suggestion
    install(tmp_path / "site")
    (tmp_path / "mybook").mkdir()
    (tmp_path / "mybook" / "book.yaml").write_text('title: {id: my-fog, name: My Fog, uses: [foghron]}\nentry_points:\n  - {paragraph: "1", source: start}\nparagraphs:\n  - {id: "1", steps: [{say: "Fog."}]}\n', encoding="utf-8")
    code, out = paragraphs(tmp_path, "validate", "mybook/")
    assert code == 1 and "mybook/book.yaml:1:42: TITLE003 title.uses names 'foghron', which is not an installed title (did you mean 'foghorn'?) (installed: " in out, out


def test_a_procedure_listing_a_question_the_content_lacks_is_warned_of(tmp_path):
    # before: validate said ok, and the rule reference printed '*Answers:* `wnd`', a key no
    # --answer could give
    hooks = with_mistake(tmp_path, 'function=tide, outcomes=("high", "low"))', 'function=tide, questions=("wnd",), outcomes=("high", "low"))', in_hooks=True)
    code, out = paragraphs(tmp_path, "validate", "foghorn")
    at = f"site/paragraphs_foghorn/hooks.py:{line_of(hooks, 'yield Procedure(')}:5"
    assert code == 0 and f"{at}: PROC003 procedure 'tide' lists the question 'wnd', which the content does not declare (did you mean 'wind'?) [warning]" in out, out


def test_a_title_naming_its_content_file_instead_of_its_folder_is_told_so(tmp_path):
    # before: "no *.yaml file below .../content/book.yaml (the content folder ...)", though
    # the very file named is a YAML file
    with_mistake(tmp_path, 'content=files(__package__) / "content"', 'content=files(__package__) / "content" / "book.yaml"', in_hooks=True)
    code, out = paragraphs(tmp_path, "validate", "foghorn")
    assert code == 1 and "TITLE001 title 'foghorn' has no content" in out and '; it names a file: give the folder that holds the YAML, files(__package__) / "content")' in out, out


COMMAND = '''def horn_args(parser):
    parser.add_argument("title")
    parser.add_argument("--times", type=int, default=1)


def horn_run(args, host):
    BODY


@hookimpl
def paragraphs_register_commands():
    from paragraphs.records import Command

    yield Command(id="horn", title=TITLE, help="Sound the horn", add_arguments=horn_args, run=horn_runEXTRA)


def tide(ctx, height):'''


def test_a_plugin_command_that_raises_is_one_line_naming_its_line(tmp_path):
    # before: the whole traceback of "AttributeError: 'Namespace' object has no attribute 'tims'"
    hooks = with_mistake(tmp_path, "def tide(ctx, height):", COMMAND.replace("BODY", 'print("HOOT" * args.tims)\n    return 0').replace("EXTRA", ""), in_hooks=True)
    code, out = paragraphs(tmp_path, "horn", "foghorn")
    line = line_of(hooks, 'print("HOOT" * args.tims)')
    assert code == 1 and f"paragraphs: error: command 'horn' raised AttributeError: 'Namespace' object has no attribute 'tims' at site/paragraphs_foghorn/hooks.py:{line} (--debug or PARAGRAPHS_DEBUG=1 shows the traceback)" in out, out
    code, out = paragraphs(tmp_path, "horn", "foghorn", "--times", "2")  # (the misspelt name is the test's, not the command line's)
    assert code == 1, out


def test_a_command_extending_a_misspelt_core_command_is_warned_of(tmp_path):
    # before: extends="reed" silently made a command 'paragraphs reed TITLE' of its own,
    # and 'read' never got the options
    install(tmp_path / "site", hooks=HOOKS.replace("def tide(ctx, height):", COMMAND.replace("BODY", "return 0").replace("EXTRA", ', extends="reed"')))
    code, out = paragraphs(tmp_path, "read", "foghorn", "2", "--dice", "3")
    said = "command 'horn' extends 'reed', which is no core command: it makes a command 'reed' of its own (did you mean 'read'?)"
    assert code == 0 and said in out, out


ID_LIST = '''def boats(book):
    BODY


@hookimpl
def paragraphs_register_id_lists():
    from paragraphs.records import IdList

    yield IdList(id="boats", title=TITLE, name="Boats in the fog", entries=boats)


def tide(ctx, height):'''


@pytest.mark.parametrize(
    ("body", "says", "at"),
    [
        ('return ["skiff", "dinghy"]', "id list 'boats' ({hooks}:{line}) gave 'skiff', not a pair (id, what it is): yield pairs, or a mapping's .items()", "def boats"),
        ("return book.boats", "id list 'boats' raised AttributeError: 'Book' object has no attribute 'boats' at {hooks}:{line}", "return book.boats"),
    ],
    ids=["ids without what they are", "a book attribute that is not there"],
)
def test_an_id_list_that_cannot_be_listed_is_one_line(tmp_path, body, says, at):
    # before: a traceback ("too many values to unpack (expected 2)"; the AttributeError)
    hooks = with_mistake(tmp_path, "def tide(ctx, height):", ID_LIST.replace("BODY", body), in_hooks=True)
    for argv in (("ids", "foghorn"), ("ids", "foghorn", "--kind", "boats", "--json")):
        code, out = paragraphs(tmp_path, *argv)
        assert code == 1 and says.format(hooks="site/paragraphs_foghorn/hooks.py", line=line_of(hooks, at)) in out, out


VERB = '''@hookimpl
def paragraphs_register_session_verbs():
    from paragraphs.records import SessionVerb, VerbArgument

    yield SessionVerb(id="wait", title=TITLE, help="wait for the tide", procedure=PROC, arguments=(VerbArgument(name=ARG, help="how high", type="integer"),))


def tide(ctx, height):'''


@pytest.mark.parametrize(
    ("proc", "arg", "says"),
    [
        ('"tidee"', '"height"', "VERB001 session verb 'wait' performs the procedure 'tidee', which foghorn does not register (did you mean 'tide'?)"),
        ('"tide"', '"heigth"', "VERB001 session verb 'wait' passes 'heigth', which procedure 'tide' does not take (did you mean 'height'?)"),
    ],
    ids=["a misspelt procedure", "a misspelt argument"],
)
def test_a_session_verb_that_could_never_run_is_an_error(tmp_path, proc, arg, says):
    # before: validate said ok; in play, 'wait 3' said "no procedure 'tidee'" or "code raised
    # TypeError: tide() got an unexpected keyword argument 'heigth'"
    hooks = with_mistake(tmp_path, "def tide(ctx, height):", VERB.replace("PROC", proc).replace("ARG", arg), in_hooks=True)
    code, out = paragraphs(tmp_path, "validate", "foghorn")
    at = f"site/paragraphs_foghorn/hooks.py:{line_of(hooks, 'yield SessionVerb(')}:5"
    assert code == 1 and f"{at}: {says}" in out, out


def test_a_collections_schema_nobody_registers_is_said_once_at_the_title(tmp_path):
    # before: SCHEMA002 at line 1 of every content file, and none of the content read
    # ("failed: 0 paragraphs"), with no word of where the schema was named or how to register it
    hooks = with_mistake(tmp_path, "package=__package__)", 'package=__package__, collections_schema="https://foghorn.example/boats.schema.json")', in_hooks=True)
    code, out = paragraphs(tmp_path, "validate", "foghorn")
    at = f"site/paragraphs_foghorn/hooks.py:{line_of(hooks, 'def paragraphs_register_titles') - 1}:1"
    said = "SCHEMA002 title 'foghorn': its collections_schema https://foghorn.example/boats.schema.json is not a registered schema (register it with paragraphs_register_schemas; nothing is fetched from the network)"
    assert code == 1 and f"{at}: {said}" in out and out.count("SCHEMA002") == 1 and "3 paragraphs" in out, out


def test_a_die_the_player_gives_that_is_no_face_stays_the_players_usage_error(tmp_path):
    # 88307a8 blamed '--dice 13' for a 2d6 on the plugin's ctx.roll line (exit 1): the die
    # is the command line's, whichever code rolls it
    install(tmp_path / "site")
    code, out = paragraphs(tmp_path, "read", "foghorn", "1", "--dice", "13", "--answer", "wind=1")
    assert code == 2 and "13 is not a face of 2d6 (2-12)" in out and "hooks.py" not in out, out
