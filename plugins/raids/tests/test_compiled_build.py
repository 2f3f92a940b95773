"""The opt-in compiled build's configuration (mypyc through hatch-mypyc; docs/quickstart.md).

The build itself takes minutes and runs apart (``python3 tasks.py compiled``, which plays
the golden games with it); these checks are the cheap part that keeps it honest in every
test run: the hook stays off unless asked for, every module it lists exists, and no
extension module a build left beside the sources shadows them in this checkout.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

PLUGINS = Path(__file__).resolve().parents[2]
COMPILED = ("raids", "bruneval", "dieppe")


def hook(title: str) -> dict:
    project = tomllib.loads((PLUGINS / title / "pyproject.toml").read_text())
    return project["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]


@pytest.mark.parametrize("title", COMPILED)
def test_the_compiled_build_is_opt_in_and_lists_existing_modules(title: str) -> None:
    config = hook(title)
    assert config["enable-by-default"] is False
    for pattern in config["include"]:
        path = PLUGINS / title / pattern.strip("/")
        assert path.exists(), f"{title}: the mypyc hook lists {pattern}, which does not exist"
        assert path.is_dir() or path.suffix == ".py"


def test_no_extension_module_shadows_the_sources() -> None:
    # hatch-mypyc compiles in place: a build run in this checkout would leave modules that
    # Python imports instead of the .py files beside them.
    left = sorted(str(p.relative_to(PLUGINS)) for title in COMPILED for p in (PLUGINS / title).rglob("*") if p.suffix in (".so", ".pyd"))
    assert not left, f"extension modules beside the sources (delete them; build from a copy: python3 tasks.py compiled): {left}"
