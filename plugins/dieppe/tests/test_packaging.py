"""Packaging: the entry point, the shipped content and schemas, a light start-up."""

from __future__ import annotations

import importlib.metadata
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from paragraphs_dieppe.resources import content_root, schema

PACKAGE = Path(__file__).resolve().parents[1] / "paragraphs_dieppe"


def test_one_entry_point_in_the_paragraphs_group() -> None:
    eps = [ep for ep in importlib.metadata.entry_points(group="paragraphs") if ep.name == "dieppe"]
    assert len(eps) == 1 and eps[0].value == "paragraphs_dieppe.hooks"
    assert eps[0].dist is not None and eps[0].dist.name == "paragraphs-dieppe"


def test_content_and_schemas_are_committed_symlinks() -> None:
    assert os.readlink(PACKAGE / "content") == "../../../content/dieppe"
    assert os.readlink(PACKAGE / "schemas") == "../../../schemas/dieppe"
    assert (content_root() / "title.yaml").is_file()


@pytest.mark.parametrize("name", ["collections", "board"])
def test_schemas_are_draft_2020_12_with_an_id(name: str) -> None:
    data = schema(name)
    assert data["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert data["$id"] == f"https://paragraphs.dev/schemas/dieppe/{name}.schema.json"
    Draft202012Validator.check_schema(data)


def test_start_up_does_not_import_the_game() -> None:
    code = (
        "import sys\n"
        "from paragraphs.plugins import make_plugin_manager\n"
        "make_plugin_manager()\n"
        "heavy = [m for m in sys.modules if m.startswith(('paragraphs_dieppe.game', 'paragraphs_dieppe.rules', 'paragraphs_dieppe.policy', 'paragraphs_dieppe.scenario'))]\n"
        "print(heavy)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "[]"


@pytest.mark.slow
def test_wheel_ships_content_and_schemas(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(tmp_path), str(PACKAGE.parent)],
        check=True,
    )
    (wheel,) = tmp_path.glob("paragraphs_dieppe-*.whl")
    # The ordinary wheel is pure Python: only plugins/build_compiled.py makes compiled ones.
    assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
    names = zipfile.ZipFile(wheel).namelist()
    for name in ("content/title.yaml", "content/map.yaml", "content/units.yaml", "schemas/board.schema.json", "schemas/collections.schema.json"):
        assert f"paragraphs_dieppe/{name}" in names
