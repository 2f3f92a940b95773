"""The opt-in compiled build's configuration (one mypyc run: plugins/build_compiled.py,
plugins/compiled.toml; docs/quickstart.md).

The build itself takes minutes and runs apart (``python3 tasks.py compiled``, which plays
the golden games with it); these checks are the cheap part that keeps it honest in every
test run: every module the list names exists and belongs to its distribution, no
distribution's own build compiles anything (its wheels stay pure Python), the wheel
writer lists every file in RECORD, and no extension module a build left beside the
sources shadows them in this checkout.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import importlib.util
import io
import tomllib
import zipfile
from pathlib import Path

import pytest

PLUGINS = Path(__file__).resolve().parents[2]
COMPILED = ("raids", "bruneval", "dieppe")

_spec = importlib.util.spec_from_file_location("build_compiled", PLUGINS / "build_compiled.py")
assert _spec is not None and _spec.loader is not None
build_compiled = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build_compiled)


def test_the_list_names_the_three_raid_distributions() -> None:
    assert tuple(build_compiled.listed_files()) == COMPILED


@pytest.mark.parametrize("title", COMPILED)
def test_every_listed_module_exists_in_its_distribution(title: str) -> None:
    files = build_compiled.listed_files()[title]
    assert files, f"{title}: nothing listed"
    assert build_compiled.package_of(files) == f"paragraphs_{title}"
    for file in files:
        assert (PLUGINS / title / file).is_file() and file.endswith(".py") and not file.endswith("__init__.py"), file
    # A folder entry stands for its modules: the game and rules folders are compiled whole.
    if title != "raids":
        assert f"paragraphs_{title}/game/state.py" in files and f"paragraphs_{title}/policy.py" in files


@pytest.mark.parametrize("title", COMPILED)
def test_the_distributions_own_build_compiles_nothing(title: str) -> None:
    # The compiled build lives in build_compiled.py alone: no build hook in the
    # distribution's own configuration, so its wheels and editable installs stay pure.
    project = tomllib.loads((PLUGINS / title / "pyproject.toml").read_text())
    assert project["build-system"]["requires"] == ["hatchling>=1.21"]
    assert "hooks" not in project["tool"]["hatch"]["build"]["targets"]["wheel"]


def test_the_platform_wheel_adds_the_extensions_and_records_every_file(tmp_path: Path) -> None:
    pure = tmp_path / "paragraphs_x-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(pure, "w") as wheel:
        wheel.writestr("paragraphs_x/a.py", "A = 1\n")
        wheel.writestr("paragraphs_x-0.1.0.dist-info/WHEEL", "Wheel-Version: 1.0\nGenerator: hatchling\nRoot-Is-Purelib: true\nTag: py3-none-any\n")
        wheel.writestr("paragraphs_x-0.1.0.dist-info/RECORD", "paragraphs_x/a.py,sha256=old,6\n")
    out = tmp_path / "out"
    out.mkdir()
    extra = {"paragraphs_x__mypyc.so": b"\x7fELF lib", "paragraphs_x/a.so": b"\x7fELF shim"}
    made = build_compiled.platform_wheel(pure, extra, "cp311-cp311-linux_x86_64", out)
    assert made.name == "paragraphs_x-0.1.0-cp311-cp311-linux_x86_64.whl"
    with zipfile.ZipFile(made) as wheel:
        names = wheel.namelist()
        contents = {name: wheel.read(name) for name in names}
    assert sorted(names) == sorted(["paragraphs_x/a.py", "paragraphs_x-0.1.0.dist-info/WHEEL", "paragraphs_x__mypyc.so", "paragraphs_x/a.so", "paragraphs_x-0.1.0.dist-info/RECORD"])
    meta = contents["paragraphs_x-0.1.0.dist-info/WHEEL"].decode().splitlines()
    assert "Root-Is-Purelib: false" in meta and "Tag: cp311-cp311-linux_x86_64" in meta and "Tag: py3-none-any" not in meta
    rows = list(csv.reader(io.StringIO(contents["paragraphs_x-0.1.0.dist-info/RECORD"].decode())))
    assert sorted(row[0] for row in rows) == sorted(names)
    for name, digest, size in rows:
        if name.endswith("RECORD"):
            assert (digest, size) == ("", "")
            continue
        expected = base64.urlsafe_b64encode(hashlib.sha256(contents[name]).digest()).rstrip(b"=").decode()
        assert (digest, int(size)) == (f"sha256={expected}", len(contents[name])), name


def test_no_extension_module_shadows_the_sources() -> None:
    # A build run in this checkout would leave modules that Python imports instead of the
    # .py files beside them (build_compiled.py builds in a staged copy).
    left = sorted(str(p.relative_to(PLUGINS)) for title in COMPILED for p in (PLUGINS / title).rglob("*") if p.suffix in (".so", ".pyd"))
    assert not left, f"extension modules beside the sources (delete them; build from a copy: python3 tasks.py compiled): {left}"
