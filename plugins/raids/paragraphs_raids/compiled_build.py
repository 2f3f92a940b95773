"""Which compiled build a raid distribution comes from, and the check that keeps a
compiled title beside the raids layer of its own build.

The opt-in compiled build (``python3 tasks.py compiled``, ``plugins/build_compiled.py``)
compiles the raids layer and the titles in one mypyc run: a title's compiled code reads
the layer's classes as C structures laid out by that run, and calls into the layer's
shared library by name. Beside a pure layer it cannot even import; beside another build's
layer it may read the wrong fields. So each compiled wheel carries a stamp, the module
``<package>._compiled_build`` with the build's id in ``BUILD``, and a title checks it
first thing (its ``__init__``), before any of its compiled modules is imported: a mixed
install is refused with a message that says how to mend it, instead of a traceback from
deep inside a command (or worse). Pure installs carry no stamp and are never refused: a
pure title runs over either layer.
"""

from __future__ import annotations

import importlib

STAMP = "_compiled_build"
"""The stamp module's name inside each compiled package."""


class MixedBuild(ImportError):
    """A compiled title is installed beside a raids layer of another build (or a pure one)."""


def build_of(package: str) -> str | None:
    """The id of the compiled build ``package`` comes from; None for a pure install."""
    name = f"{package}.{STAMP}"
    try:
        stamp = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return None
        raise
    return str(stamp.BUILD)


def require_same_build(title_package: str, layer_package: str = "paragraphs_raids") -> None:
    """Refuse a compiled ``title_package`` whose raids layer is not of the same build.

    Raises:
        MixedBuild: the title is compiled and the layer is pure or from another build.
    """
    mine = build_of(title_package)
    if mine is None:
        return
    theirs = build_of(layer_package)
    if theirs == mine:
        return
    title = _distribution(title_package)
    layer = _distribution(layer_package)
    found = "pure Python" if theirs is None else f"from compiled build {theirs[:12]}"
    raise MixedBuild(
        f"{title} is compiled (build {mine[:12]}) but {layer} is {found}: a compiled title runs only beside the raids layer of the same build. "
        f"Install the three wheels of one build together (python3 tasks.py compiled makes them), or reinstall {title} pure (pip install --force-reinstall --no-deps plugins/{title_package.removeprefix('paragraphs_')})",
        name=title_package,
    )


def _distribution(package: str) -> str:
    """``paragraphs_dieppe`` -> ``paragraphs-dieppe`` (the distributions are named so)."""
    return package.replace("_", "-")
