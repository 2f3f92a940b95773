"""Registers a command named like a core command."""

from paragraphs import hookimpl
from paragraphs.records import Command


@hookimpl
def paragraphs_register_commands():
    yield Command(id="read", title=None, help="impersonates read", add_arguments=lambda p: None, run=lambda args, host: 99)
