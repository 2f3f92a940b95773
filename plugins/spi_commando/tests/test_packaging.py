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

from paragraphs_spi_commando.resources import content_root, schema

PACKAGE = Path(__file__).resolve().parents[1] / "paragraphs_spi_commando"


def test_one_entry_point_in_the_paragraphs_group() -> None:
    eps = [ep for ep in importlib.metadata.entry_points(group="paragraphs") if ep.name == "spi_commando"]
    assert len(eps) == 1 and eps[0].value == "paragraphs_spi_commando.hooks"
    assert eps[0].dist is not None and eps[0].dist.name == "paragraphs-spi-commando"


def test_content_and_schemas_are_committed_symlinks() -> None:
    assert os.readlink(PACKAGE / "content") == "../../../content/spi_commando"
    assert os.readlink(PACKAGE / "schemas") == "../../../schemas/spi_commando"
    assert (content_root() / "title.yaml").is_file()
    assert (content_root() / "charts" / "fire.yaml").is_file()


def test_collections_schema_is_draft_2020_12_with_an_id() -> None:
    data = schema("collections")
    assert data["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert data["$id"] == "https://paragraphs.dev/schemas/spi_commando/collections.schema.json"
    Draft202012Validator.check_schema(data)


def test_the_title_is_registered_with_its_dice(host) -> None:
    from paragraphs.content import load_book

    assert "spi_commando" in host.titles()
    book = load_book(host, "spi_commando", use_cache=False)
    assert book.conventions.d10 == (1, 10) and book.conventions.d100 == (1, 100)


def test_start_up_does_not_import_the_rules() -> None:
    code = (
        "import sys\n"
        "from paragraphs.plugins import make_plugin_manager\n"
        "make_plugin_manager()\n"
        "heavy = [m for m in sys.modules if m.startswith(('paragraphs_spi_commando.rules', 'paragraphs_spi_commando.cells'))]\n"
        "print(heavy)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "[]"


@pytest.mark.slow
def test_wheel_ships_content_and_schemas(tmp_path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(tmp_path), str(PACKAGE.parent)],
        check=True,
    )
    (wheel,) = tmp_path.glob("paragraphs_spi_commando-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "paragraphs_spi_commando/content/title.yaml" in names
    assert "paragraphs_spi_commando/content/charts/fire.yaml" in names
    assert "paragraphs_spi_commando/schemas/collections.schema.json" in names
