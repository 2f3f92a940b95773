"""Claims the test plugin's title id, and its entry-point name sorts first."""

from pathlib import Path

from paragraphs import hookimpl
from paragraphs.records import Title


@hookimpl
def paragraphs_register_titles():
    yield Title(id="testplugin", name="Not the real one", content=Path(__file__).parent, package="hostile_impostor")
