"""A compiled title beside a raids layer of another build, or a pure one, is refused at
import with a message that says how to mend the install (paragraphs_raids.compiled_build).

Found by trying the compiled build as a user would: after ``pip install`` of the pure
raids layer over the compiled wheels, ``play dieppe --auto`` ended in a traceback
(``No module named 'paragraphs_raids__mypyc'``, from deep inside the command). A real
compiled build takes minutes, so these tests give a pure package the stamp a compiled
wheel carries (``_compiled_build.py``) in a folder put first on the path: the check reads
only the stamps, before any compiled module is imported.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from paragraphs_raids import compiled_build
from paragraphs_raids.compiled_build import MixedBuild, build_of, require_same_build

PLUGINS = Path(__file__).resolve().parents[2]

_spec = importlib.util.spec_from_file_location("build_compiled", PLUGINS / "build_compiled.py")
assert _spec is not None and _spec.loader is not None
build_compiled = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build_compiled)


def _package(root: Path, name: str, build: str | None) -> None:
    (root / name).mkdir(parents=True)
    (root / name / "__init__.py").write_text("")
    if build is not None:
        (root / name / f"{compiled_build.STAMP}.py").write_bytes(build_compiled.stamp_module(build))


@pytest.fixture()
def fake(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    for name in [m for m in sys.modules if m.startswith(("fake_title", "fake_layer"))]:
        del sys.modules[name]


def test_the_script_and_the_check_name_the_stamp_alike() -> None:
    assert build_compiled.STAMP == compiled_build.STAMP


def test_a_pure_title_is_never_refused(fake: Path) -> None:
    _package(fake, "fake_title", None)
    _package(fake, "fake_layer", "b" * 64)
    assert build_of("fake_title") is None
    require_same_build("fake_title", "fake_layer")


def test_a_compiled_title_beside_its_own_build_passes(fake: Path) -> None:
    _package(fake, "fake_title", "a" * 64)
    _package(fake, "fake_layer", "a" * 64)
    assert build_of("fake_layer") == "a" * 64
    require_same_build("fake_title", "fake_layer")


@pytest.mark.parametrize(("layer", "said"), [(None, "fake-layer is pure Python"), ("b" * 64, "fake-layer is from compiled build bbbbbbbbbbbb")])
def test_a_compiled_title_beside_another_layer_is_refused(fake: Path, layer: str | None, said: str) -> None:
    _package(fake, "fake_title", "a" * 64)
    _package(fake, "fake_layer", layer)
    with pytest.raises(MixedBuild) as caught:
        require_same_build("fake_title", "fake_layer")
    message = str(caught.value)
    assert message.startswith(f"fake-title is compiled (build aaaaaaaaaaaa) but {said}: ")
    assert "Install the three wheels of one build together" in message and "pip install --force-reinstall --no-deps plugins/" in message
    assert isinstance(caught.value, ImportError)  # the plugin host reports a plugin that cannot be imported


def test_a_broken_import_inside_a_stamp_is_not_read_as_a_pure_install(fake: Path) -> None:
    _package(fake, "fake_title", None)
    (fake / "fake_title" / f"{compiled_build.STAMP}.py").write_text("import fake_missing_module\n")
    with pytest.raises(ModuleNotFoundError):
        build_of("fake_title")


def test_the_build_stamp_follows_the_sources_and_the_platform() -> None:
    groups = build_compiled.listed_files()
    first = build_compiled.build_stamp(groups, "cp311-cp311-linux_x86_64")
    assert first == build_compiled.build_stamp(groups, "cp311-cp311-linux_x86_64")
    assert len(first) == 64
    assert first != build_compiled.build_stamp(groups, "cp312-cp312-linux_x86_64")
    fewer = {name: files[:-1] if name == "raids" else files for name, files in groups.items()}
    assert first != build_compiled.build_stamp(fewer, "cp311-cp311-linux_x86_64")


def _overlay(tmp_path: Path, title: str, title_build: str, layer_build: str | None) -> dict[str, str]:
    """A copy of the title's package stamped as compiled (and of the layer's, stamped when
    ``layer_build`` is given) in a folder first on PYTHONPATH."""
    overlay = tmp_path / "overlay"
    shutil.copytree(PLUGINS / title / f"paragraphs_{title}", overlay / f"paragraphs_{title}", ignore=shutil.ignore_patterns("__pycache__"))
    (overlay / f"paragraphs_{title}" / f"{compiled_build.STAMP}.py").write_bytes(build_compiled.stamp_module(title_build))
    if layer_build is not None:
        shutil.copytree(PLUGINS / "raids" / "paragraphs_raids", overlay / "paragraphs_raids", ignore=shutil.ignore_patterns("__pycache__"))
        (overlay / "paragraphs_raids" / f"{compiled_build.STAMP}.py").write_bytes(build_compiled.stamp_module(layer_build))
    env = dict(os.environ, PARAGRAPHS_CACHE_DIR=str(tmp_path / "cache"), PYTHONPATH=os.pathsep.join([str(overlay), *sys.path]))
    env.pop("PARAGRAPHS_NO_CACHE", None)
    return env


@pytest.mark.parametrize("title", ["bruneval", "dieppe"])
@pytest.mark.parametrize("layer_build", [None, "b" * 64])
def test_a_mixed_install_gets_one_line_and_no_traceback(tmp_path: Path, title: str, layer_build: str | None) -> None:
    env = _overlay(tmp_path, title, "a" * 64, layer_build)
    done = subprocess.run([sys.executable, "-m", "paragraphs", "play", title, "--auto", "--seed", "1"], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 2 and not done.stdout, done
    assert "Traceback" not in done.stderr, done.stderr
    # Run against a real compiled build (tasks.py compiled), the other title is compiled
    # too and refused beside the overlaid layer of "another build": warned about once.
    other = "dieppe" if title == "bruneval" else "bruneval"
    *warned, line = done.stderr.strip().splitlines()
    assert all(w.startswith(f"paragraphs: warning: plugin {other} skipped: ") and "MixedBuild" in w for w in warned), done.stderr
    assert len(warned) <= (0 if layer_build is None else 1), done.stderr
    assert line.startswith(f"paragraphs: error: title '{title}' is not available: plugin {title} skipped: ")
    assert f"paragraphs-{title} is compiled (build aaaaaaaaaaaa) but paragraphs-raids is " in line


@pytest.mark.parametrize("title", ["bruneval", "dieppe"])
def test_a_title_and_layer_of_one_build_play(tmp_path: Path, title: str) -> None:
    env = _overlay(tmp_path, title, "a" * 64, "a" * 64)
    done = subprocess.run([sys.executable, "-m", "paragraphs", "play", title, "--auto", "--seed", "1", "--json"], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and done.stdout.startswith("{"), done.stderr
