"""Every hook spec is documented like pytest's, and every hook is exercised here."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from paragraphs import hookimpl, hookspecs
from paragraphs.dice import ScriptedDice
from paragraphs.problems import Problem, Severity
from paragraphs.records import (
    CheckKind,
    Command,
    LintRule,
    Policy,
    PredicateKind,
    SchemaResource,
    StepKind,
    Table,
    TableRow,
    UnitType,
)

from helpers import compile_text, engine_for

SPECS = {name: fn for name, fn in inspect.getmembers(hookspecs, inspect.isfunction) if name.startswith("paragraphs_")}


def test_every_spec_is_documented():
    for name, fn in SPECS.items():
        doc = inspect.getdoc(fn) or ""
        assert doc, name
        params = list(inspect.signature(fn).parameters)
        if params:
            assert "Args:" in doc, name
            for p in params:
                assert re.search(rf"^\s+{p}:", doc, re.M), f"{name}: argument {p} undocumented"
        if name.startswith("paragraphs_register_") or fn.__annotations__.get("return") not in (None, "None"):
            assert "Returns:" in doc, name
        first = getattr(fn, "paragraphs_spec", {}).get("firstresult", False)
        assert ("Stops at first non-None result." in doc) == first, name


def test_every_hook_has_a_test():
    here = Path(__file__).read_text()
    for name in SPECS:
        assert f"def test_hook_{name.removeprefix('paragraphs_')}" in here, name


BOOK = """
paragraphs:
  - id: "1"
    steps:
      - shout: hello
      - if: {test: {coin: heads}, then: [{say: heads}], else: [{say: tails}]}
      - check: {kind: always, success: [{say: checked}]}
"""


class Everything:
    """An inline plugin implementing every registration hook."""

    __name__ = "everything"
    seen: list[str] = []

    @hookimpl
    def paragraphs_register_schemas(self):
        yield SchemaResource(id="https://example.org/x.schema.json", contents={"$id": "https://example.org/x.schema.json", "type": "object"})

    @hookimpl
    def paragraphs_register_tables(self):
        yield Table(id="loot", title=None, name="Loot", die="d6", rows=(TableRow(1, 3, "nothing"), TableRow(4, 6, "a key")))

    @hookimpl
    def paragraphs_register_units(self):
        yield UnitType(id="scout", title=None, name="Scout", factors={"move": 5}, assumed={"move": "not printed"})

    @hookimpl
    def paragraphs_register_steps(self):
        yield StepKind(id="shout", title=None, schema={"type": "string"}, run=lambda ctx, step: ctx.say(step.args.upper()))

    @hookimpl
    def paragraphs_register_predicates(self):
        yield PredicateKind(id="coin", title=None, schema={"enum": ["heads", "tails"]}, evaluate=lambda ctx, args: ("heads" if ctx.roll("d6", "coin") <= 3 else "tails") == args)

    @hookimpl
    def paragraphs_register_check_kinds(self):
        yield CheckKind(id="always", title=None, resolve=lambda ctx, spec: "success")

    @hookimpl
    def paragraphs_register_lint_rules(self):
        def rule(book, grammar):
            for par in book.paragraphs.values():
                if par.id == "1":
                    yield Problem(par.pos, "TEST001", "paragraph one is special", Severity.WARNING)

        yield LintRule(id="TEST001", title=None, check=rule)

    @hookimpl
    def paragraphs_register_commands(self):
        yield Command(id="hello", title=None, help="say hello", add_arguments=lambda p: p.add_argument("--name"), run=lambda args, host: print(f"hello {args.name}") or 0)

    @hookimpl
    def paragraphs_register_policies(self):
        yield Policy(id="lazy", title=None, factory=lambda: "lazy player")

    @hookimpl
    def paragraphs_initial_state(self, book, options):
        if book.title == "t":
            return {"values": {"level": options.get("level", 3)}}
        return None

    @hookimpl
    def paragraphs_paragraph_entered(self, paragraph, state, title):
        Everything.seen.append(f"entered {paragraph}")

    @hookimpl
    def paragraphs_resolution_finished(self, resolution, title):
        Everything.seen.append(f"finished {resolution.status}")


@pytest.fixture
def engine():
    Everything.seen = []
    return engine_for(BOOK, plugins=(Everything(),))


def test_hook_register_titles():
    from paragraphs.plugins import make_plugin_manager

    assert "sample" in make_plugin_manager(load_entrypoints=False).titles()


def test_hook_register_schemas(engine):
    ids = [s.id for s in engine.grammar.schemas]
    assert "https://example.org/x.schema.json" in ids and "https://paragraphs.dev/schemas/core/book.schema.json" in ids


def test_hook_register_tables(engine):
    assert engine.book.tables["loot"].lookup(5).result == "a key"


def test_hook_register_units(engine):
    assert engine.book.units["scout"].factors["move"] == 5


def test_hook_register_steps(engine):
    r = engine.resolve("1", dice=ScriptedDice([1]))
    assert r.instructions[0].text == "HELLO"


def test_hook_register_predicates(engine):
    assert [i.text for i in engine.resolve("1", dice=ScriptedDice([5])).instructions][1] == "tails"


def test_hook_register_check_kinds(engine):
    assert [i.text for i in engine.resolve("1", dice=ScriptedDice([1])).instructions][-1] == "checked"


def test_hook_register_procedures():
    from paragraphs.records import Procedure

    class P:
        @hookimpl
        def paragraphs_register_procedures(self):
            yield Procedure(id="flip", title=None, function=lambda ctx: "up")

    assert "flip" in engine_for("paragraphs: []", plugins=(P(),)).grammar.procedures


def test_hook_register_lint_rules():
    compiled, _ = compile_text(BOOK, plugins=(Everything(),))
    assert any(p.code == "TEST001" for p in compiled.problems)


def test_hook_register_commands(capsys):
    from paragraphs.cli import build_parser
    from paragraphs.plugins import make_plugin_manager

    host = make_plugin_manager(load_entrypoints=False, plugins=[Everything()])
    args = build_parser(host).parse_args(["hello", "--name", "you"])
    assert args._title_command.run(args, host) == 0
    assert capsys.readouterr().out == "hello you\n"


def test_hook_register_id_lists():
    from paragraphs.cli.commands import id_lists
    from paragraphs.records import IdList

    class Ids:
        @hookimpl
        def paragraphs_register_id_lists(self):
            yield IdList("crates", "t", "Crates on the map", lambda book: [("c1", f"a crate of {book.title}")])
            yield IdList("barrels", "other", "Another title's barrels", lambda book: [("b1", "")])

    eng = engine_for(BOOK, plugins=(Everything(), Ids()))
    lists = {lid: (heading, entries) for lid, heading, entries in id_lists(eng.host, eng.book)}
    assert lists["crates"] == ("Crates on the map", [("c1", "a crate of t")])
    assert "barrels" not in lists  # another title's list
    assert lists["paragraphs"][1][0][0] == "1"


def test_hook_register_policies(engine):
    (policy,) = [p for p in engine.host.records("paragraphs_register_policies") if p.id == "lazy"]
    assert policy.factory() == "lazy player"


def test_hook_roll():
    class Loaded:
        @hookimpl
        def paragraphs_roll(self, die, purpose, title):
            return die.low if purpose == "coin" else None

    eng = engine_for(BOOK, plugins=(Everything(), Loaded()))
    assert [i.text for i in eng.resolve("1", dice=ScriptedDice([])).instructions][1] == "heads"


def test_hook_initial_state(engine):
    assert engine.new_state().values["level"] == 3
    assert engine.new_state(level=5).values["level"] == 5


def test_hook_paragraph_entered(engine):
    engine.resolve("1", dice=ScriptedDice([1]))
    assert Everything.seen[0] == "entered 1"


def test_hook_resolution_finished(engine):
    engine.resolve("1", dice=ScriptedDice([]))
    engine.resolve("1", dice=ScriptedDice([1]))
    assert [s for s in Everything.seen if s.startswith("finished")] == ["finished needs_answers", "finished done"]


def test_hook_register_session_verbs():
    from paragraphs.records import Procedure, SessionVerb, VerbArgument
    from paragraphs.session import Session

    class V:
        @hookimpl
        def paragraphs_register_procedures(self):
            yield Procedure(id="greet", title=None, function=lambda ctx, who: f"hello {who}")

        @hookimpl
        def paragraphs_register_session_verbs(self):
            yield SessionVerb(id="greet", title=None, help="greet someone", procedure="greet", arguments=(VerbArgument("who", rest=True),))

    eng = engine_for("paragraphs: []", plugins=(V(),))
    session = Session(eng, eng.new_state())
    assert "hello the whole crew" in session.send("greet the whole crew").text
    assert session.state.journal[-1]["procedure"] == "greet" and session.state.journal[-1]["args"] == {"who": "the whole crew"}


def test_hook_register_sheet_sections():
    from paragraphs.records import SheetSection
    from paragraphs.session import Session

    class S:
        @hookimpl
        def paragraphs_register_sheet_sections(self):
            yield SheetSection(
                "crates",
                None,
                lambda state, book: [f"Crates: {state.values.get('crates', 0)}"],
                lambda state, book: {"crates": state.values.get("crates", 0)},
                ("crates",),
                lambda state, book, paragraph: ["paragraph 1 again?"] if paragraph == "1" else [],
            )

    eng = engine_for(BOOK, plugins=(Everything(), S()))
    state = eng.new_state()
    state.values["crates"] = 3
    session = Session(eng, state)
    sheet = session.sheet()
    assert "  Crates: 3" in sheet and "crates: 3" not in sheet
    assert session.sheet_data()["sections"] == {"crates": {"crates": 3}}
    assert session.send("1").lines[0] == "warning: paragraph 1 again?"
