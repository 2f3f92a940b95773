"""Two plugins (``census_sample``, ``census_patrol``) that extend one command, ``census``,
each for its own title, with the same option and a type function of their own: the index
cannot hold that type, and the command line must parse each title's option with the
declaration of the plugin it loaded, not with the other title's replayed copy."""

from paragraphs import hookimpl
from paragraphs.records import Command


def _positive(text):
    value = int(text)
    if value < 1:
        raise ValueError(text)
    return value


def _arguments(parser):
    parser.add_argument("--count", type=_positive, default=1, metavar="N")


def _run(args, host):
    print(f"{args.title} {args.count * 2}")  # arithmetic: a count parsed as text would fail
    return 0


class ForSample:
    @hookimpl
    def paragraphs_register_commands(self):
        yield Command(id="census-sample", title="sample", help="count things", add_arguments=_arguments, run=_run, extends="census")


class ForPatrol:
    @hookimpl
    def paragraphs_register_commands(self):
        yield Command(id="census-patrol", title="testplugin", help="count things", add_arguments=_arguments, run=_run, extends="census")


census_sample = ForSample()
census_patrol = ForPatrol()
