"""Wheels built from the repository, installed in a fresh virtualenv outside it, find every
title with its content and schemas; the editable install used for development does too."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
from importlib.resources import files
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_editable_install_finds_content_and_schemas():
    assert (files("paragraphs") / "schemas" / "book.schema.json").is_file()
    assert (files("paragraphs") / "sample" / "title.yaml").is_file()
    for package in ("paragraphs_ambush", "paragraphs_bruneval", "paragraphs_dieppe", "paragraphs_spi_commando"):
        try:
            root = files(package)
        except ModuleNotFoundError:
            continue
        assert (root / "content").is_dir() and any(p.name.endswith(".yaml") for p in (root / "content").iterdir())
        assert (root / "schemas").is_dir()


@pytest.mark.slow
def test_wheels_installed_in_a_fresh_virtualenv_find_every_title(tmp_path):
    dist = tmp_path / "dist"
    projects = [ROOT] + sorted(p.parent for p in (ROOT / "plugins").glob("*/pyproject.toml")) + [ROOT / "tests" / "data" / "testplugin"]
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(dist), *map(str, projects)], check=True, cwd=tmp_path)
    wheels = sorted(dist.glob("*.whl"))
    assert len(wheels) == len(projects)

    env_dir = tmp_path / "env"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", *map(str, wheels)], check=True, cwd=tmp_path)

    clean = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    clean["PARAGRAPHS_CACHE_DIR"] = str(tmp_path / "cache")

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(env_dir / "bin" / "paragraphs"), *args], capture_output=True, text=True, cwd=tmp_path, env=clean)

    titles = json.loads(cli("titles", "--json").stdout)
    installed = {t["id"]: t for t in titles}
    assert {"sample", "testplugin"} <= set(installed)
    for plugin in (ROOT / "plugins").glob("*/pyproject.toml"):
        title = plugin.parent.name
        if (plugin.parent / f"paragraphs_{title}" / "content").exists():
            assert title in installed, title
            # distribution names use dashes where package and title ids use underscores
            assert installed[title]["distribution"] == f"paragraphs-{title}".replace("_", "-")
    proc = cli("validate", "--json")
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr
    assert all(entry["errors"] == 0 for entry in json.loads(proc.stdout))
    read = json.loads(cli("read", "testplugin", "1", "--dice", "1", "--json").stdout)
    assert read["trail"] == ["1", "2"]
    where = subprocess.run([str(python), "-c", "import paragraphs; print(paragraphs.__file__)"], capture_output=True, text=True, cwd=tmp_path, env=clean).stdout
    assert str(env_dir) in where and str(ROOT) not in where
