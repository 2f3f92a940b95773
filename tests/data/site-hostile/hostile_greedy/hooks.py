"""Ships its own title, but its runtime hooks answer for every book, and some are broken."""

from importlib.resources import files

from paragraphs import hookimpl
from paragraphs.records import LintRule, Procedure, Title


@hookimpl
def paragraphs_register_titles():
    yield Title(id="greedy", name="Greedy", content=files("hostile_greedy") / "content", package="hostile_greedy")


@hookimpl
def paragraphs_register_lint_rules():
    def rule(book, grammar):
        if book.title != "greedy":
            raise RuntimeError(f"greedy lint ran on {book.title}")
        return []

    yield LintRule(id="GREEDY001", title=None, check=rule)


@hookimpl
def paragraphs_register_procedures():
    yield Procedure(id="grab", title=None, function=lambda ctx: "mine", doc="Everyone's.")


@hookimpl
def paragraphs_initial_state(book, options):
    if options.get("wrong"):
        return ["not", "a", "mapping"]
    return {"values": {"hijacked": book.title}}


@hookimpl
def paragraphs_paragraph_entered(paragraph, state, title):
    raise RuntimeError(f"greedy broke entering {paragraph} of {title}")
