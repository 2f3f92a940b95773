"""The example title plugin ``testplugin``: a short night patrol.

It registers the title (its YAML content ships beside this module), a check kind of its
own (``stealth``), two procedures and a lint rule. The library's own tests install it,
and the guide "Writing a title plugin" shows it whole.
"""

from importlib.resources import files

from paragraphs import hookimpl
from paragraphs.model import Check, walk_steps
from paragraphs.problems import Problem, Severity
from paragraphs.records import CheckKind, LintRule, Procedure, Title

TITLE = "testplugin"

#: A number, or where to read one ({counter: noise}, {ask: cover}): the core's own
#: definition, named by its $id and resolved from the library's registry (offline).
VALUE = {"$ref": "https://paragraphs.dev/schemas/core/book.schema.json#/$defs/value"}


@hookimpl
def paragraphs_register_titles():
    yield Title(id=TITLE, name="Test Plugin", content=files(__package__) / "content", package=__package__)


def stealth(ctx, spec):
    """2d6 plus cover against the sentry's alertness: over it, he does not see you."""
    total = ctx.roll("2d6", spec["purpose"]) + ctx.number(spec.get("cover", 0))
    return "unseen" if total > ctx.number(spec["alertness"]) else "spotted"


@hookimpl
def paragraphs_register_check_kinds():
    yield CheckKind(
        id="stealth",
        title=TITLE,
        resolve=stealth,
        outcomes=("unseen", "spotted"),
        schema={
            "type": "object",
            "required": ["alertness"],
            "properties": {"alertness": VALUE, "cover": VALUE},
            "additionalProperties": False,
        },
        doc="Slip past a sentry: 2d6 plus cover must beat his alertness.",
    )


def coin(ctx):
    return "heads" if ctx.roll("d6", "coin") <= 3 else "tails"


def patrol(ctx, strength):
    """A d6 at or under the patrol's strength raises the alarm."""
    return "alarm" if ctx.roll("d6", "the patrol passes") <= strength else "quiet"


@hookimpl
def paragraphs_register_procedures():
    yield Procedure(id="coin", title=TITLE, function=coin, doc="Half and half.", outcomes=("heads", "tails"))
    yield Procedure(id="patrol", title=TITLE, function=patrol, doc="Does the patrol raise the alarm?", outcomes=("alarm", "quiet"))


def stealth_without_spotted(book, grammar):
    """A stealth check should say what happens when the sentry sees you."""
    for paragraph in book.paragraphs.values():
        for step in walk_steps(paragraph.steps):
            if isinstance(step, Check) and step.kind == "stealth" and "spotted" not in step.outcomes:
                yield Problem(step.pos, "TP001", f"{paragraph.id}: a stealth check without a spotted branch", Severity.WARNING)


@hookimpl
def paragraphs_register_lint_rules():
    yield LintRule(id="TP001", title=TITLE, check=stealth_without_spotted, doc=stealth_without_spotted.__doc__)
