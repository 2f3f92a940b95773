"""Records built the wrong way by a plugin author, found by the eyes pass: a name where a
function goes, a string where a tuple of labels goes. Each is reported when the plugin is
loaded, naming the hook, the record and the field, and the plugin is skipped (like a hook
that yields something that is not a record); before, the first failed only in play
("code raised TypeError: 'str' object is not callable") and the second turned every
outcome branch of the content into an error listing the letters of the string."""

from __future__ import annotations

from paragraphs import hookimpl
from paragraphs.plugins import make_plugin_manager
from paragraphs.records import CheckKind, Command, Procedure


def weather(ctx, wind):
    return "storm" if ctx.roll("d6", "the weather turns") <= wind else "calm"


class NamedNotPassed:
    @hookimpl
    def paragraphs_register_procedures(self):
        yield Procedure(id="weather", title=None, function="weather", outcomes=("storm", "calm"))  # type: ignore[arg-type]


class OneStringOfOutcomes:
    @hookimpl
    def paragraphs_register_procedures(self):
        yield Procedure(id="weather", title=None, function=weather, outcomes="storm")  # type: ignore[arg-type]


class NoResolve:
    @hookimpl
    def paragraphs_register_check_kinds(self):
        yield CheckKind(id="listen", title=None, resolve=None)  # type: ignore[arg-type]


class CommandWithoutRun:  # run is optional: None is fine
    @hookimpl
    def paragraphs_register_commands(self):
        yield Command(id="hello", title=None, help="say hello", add_arguments=lambda p: None)


def reasons(*plugins: tuple[str, object]) -> dict[str, str]:
    host = make_plugin_manager(load_entrypoints=False, plugins=list(plugins))
    return {p.plugin: p.reason for p in host.problems if p.skipped}


def test_a_record_built_the_wrong_way_names_the_hook_the_record_and_the_field():
    found = reasons(("named", NamedNotPassed()), ("letters", OneStringOfOutcomes()), ("noresolve", NoResolve()), ("fine", CommandWithoutRun()))
    assert found == {
        "named": "paragraphs_register_procedures yielded Procedure 'weather': its function is str 'weather', not a function",
        "letters": "paragraphs_register_procedures yielded Procedure 'weather': its outcomes is the string 'storm', not a tuple (outcomes=('storm',))",
        "noresolve": "paragraphs_register_check_kinds yielded CheckKind 'listen': its resolve is None, not a function",
    }


class WrongArgument:
    @hookimpl
    def paragraphs_initial_state(self, title, options):  # the spec's first argument is `book`
        return None


def test_a_hook_implementation_with_an_argument_the_hook_does_not_pass_is_one_line():
    # found by the eyes pass: pluggy's three-line PluginValidationError was printed as is, in
    # the warning and again in the error of every command on the title
    (reason,) = reasons(("wrongarg", WrongArgument())).values()
    assert "\n" not in reason
    assert reason.startswith("implements paragraphs_initial_state(title, options), but the hook passes (book, options): 'title' is not one of them (")
    assert "test_author_record_shapes.py:" in reason
