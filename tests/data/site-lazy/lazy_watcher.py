"""A plugin that ships no title and watches every title's paragraphs (a tracing or
house-rule plugin): it takes part in every title, so it is loaded for each of them."""

from paragraphs import hookimpl

ENTERED = []


@hookimpl
def paragraphs_paragraph_entered(paragraph, state, title):
    ENTERED.append((title, paragraph))
