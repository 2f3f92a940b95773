"""A command and a play extension whose option declarations raise."""

from paragraphs import hookimpl
from paragraphs.records import Command


def _explode(parser):
    raise RuntimeError("no options today")


def _clash(parser):
    parser.add_argument("--seed")  # play has --seed already


@hookimpl
def paragraphs_register_commands():
    yield Command(id="explode", title=None, help="never declared", add_arguments=_explode, run=lambda args, host: 0)
    yield Command(id="clash", title=None, help="extends play badly", add_arguments=_clash, extends="play")
