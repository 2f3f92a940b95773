"""A plugin that ships no title and adds one command, ``tally``, whose option uses a type
function of its own (the plugin index cannot hold it, so the command line parses that
command again with the plugin loaded)."""

import argparse

from paragraphs import hookimpl
from paragraphs.records import Command


def _even(text):
    value = int(text)
    if value % 2:
        raise argparse.ArgumentTypeError(f"expected an even number, not {value}")
    return value


def _arguments(parser):
    group = parser.add_argument_group("tally options")
    group.add_argument("--count", type=_even, default=2, metavar="N", help="an even number of marks")
    group.add_argument("--mark", choices=("x", "o"), default="x")


def _run(args, host):
    print(args.mark * args.count)
    return 0


@hookimpl
def paragraphs_register_commands():
    yield Command(id="tally", title=None, help="print a row of marks", add_arguments=_arguments, run=_run)
