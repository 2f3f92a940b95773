"""Registers the title ``testplugin`` with a two-paragraph book and one procedure."""

from importlib.resources import files

from paragraphs import hookimpl
from paragraphs.records import Procedure, Title


@hookimpl
def paragraphs_register_titles():
    yield Title(id="testplugin", name="Test Plugin", content=files("paragraphs_testplugin") / "content", package="paragraphs_testplugin")


def coin(ctx):
    return "heads" if ctx.roll("d6", "coin") <= 3 else "tails"


@hookimpl
def paragraphs_register_procedures():
    yield Procedure(id="coin", title="testplugin", function=coin, doc="Half and half.")
