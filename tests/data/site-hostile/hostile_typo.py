"""Misspells a hook name."""

from paragraphs import hookimpl


@hookimpl
def paragraphs_register_tittles():
    return []
