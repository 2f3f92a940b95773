"""The compiled cache loads only what this user wrote (issue #10 item 3)."""

from __future__ import annotations

import dataclasses
import os
import pickle
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from paragraphs import cache
from paragraphs.foundation import dataclass_code

SITE = Path(__file__).parent / "data" / "site"

READ = """
import sys
from paragraphs.cli import main
code = main(["read", "testplugin", "1", "--dice", "1", "--json"])
print("MODULES", "ruamel.yaml" in sys.modules, code)
"""


def _read(cache_dir: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(SITE), PARAGRAPHS_CACHE_DIR=str(cache_dir))
    return subprocess.run([sys.executable, "-c", READ], capture_output=True, text=True, env=env, timeout=120)


class _Planted:
    """Unpickling this writes a marker file: what a planted entry would do to the victim."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (Path.write_text, (self.marker, "pwned"))


def _plant(cache_dir: Path, marker: Path) -> None:
    entries = list(cache_dir.glob("testplugin-*.pickle"))
    assert entries, "the first run should have cached the book"
    for entry in entries:
        os.chmod(entry, 0o600)
        entry.write_bytes(pickle.dumps(_Planted(marker)))


def test_folder_and_files_are_private_and_a_warm_run_uses_them(tmp_path):
    folder = tmp_path / "cache"
    assert _read(folder).stdout.split()[-2:] == ["True", "0"]
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    files = list(folder.iterdir())
    # the compiled books, the signing key, the plugin index (paragraphs.plugin_index) and
    # the record classes' compiled methods (paragraphs.foundation.dataclass_code)
    assert {f.name for f in files if not f.name.endswith(".pickle") and not f.name.startswith("plugins-")} == {"key", dataclass_code.FILE}
    assert any(f.name.startswith("plugins-") and f.name.endswith(".json") for f in files)
    assert all(stat.S_IMODE(f.stat().st_mode) == 0o600 for f in files)
    warm = _read(folder)
    assert warm.stdout.split()[-2:] == ["False", "0"] and warm.stderr == ""


def test_a_planted_unsigned_entry_is_never_unpickled_and_is_rebuilt_quietly(tmp_path):
    folder, marker = tmp_path / "cache", tmp_path / "marker"
    _read(folder)
    _plant(folder, marker)
    again = _read(folder)
    assert not marker.exists()
    assert again.returncode == 0 and again.stderr == ""  # rebuilt, not reported
    assert _read(folder).stdout.split()[-2:] == ["False", "0"]  # and the rebuilt entry is used


@pytest.mark.parametrize("spoil", ["world-writable", "foreign-owned"])
def test_an_untrusted_folder_is_ignored_with_one_warning(tmp_path, spoil):
    folder, marker = tmp_path / "cache", tmp_path / "marker"
    _read(folder)
    # the signed entry there would load; spoil the folder: whoever can write there could swap it
    if spoil == "world-writable":
        os.chmod(folder, 0o777)
    else:
        if os.getuid() != 0:
            pytest.skip("giving a folder away needs root")  # pragma: no cover
        os.chown(folder, 65534, 65534)
    run = _read(folder)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split()[-2:] == ["True", "0"]  # compiled afresh, the cache was not read
    warnings = [line for line in run.stderr.splitlines() if "cache" in line]
    assert len(warnings) == 1, run.stderr
    assert "ignoring the compiled-content cache" in warnings[0]
    assert ("others can write" if spoil == "world-writable" else "belongs to user id 65534") in warnings[0]
    assert not marker.exists()


def test_a_group_writable_entry_is_ignored(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("PARAGRAPHS_CACHE_DIR", str(folder))
    book = _Book()
    cache.store("demo", "k" * 64, book)
    (entry,) = folder.glob("demo-*.pickle")
    assert cache.load("demo", "k" * 64) is not None
    os.chmod(entry, 0o664)
    cache._warned.clear()
    assert cache.load("demo", "k" * 64) is None


def test_a_failed_write_leaves_no_temporary_file_and_says_so_once(tmp_path, monkeypatch, capsys):
    folder = tmp_path / "cache"
    monkeypatch.setenv("PARAGRAPHS_CACHE_DIR", str(folder))
    cache._warned.clear()

    def refuse(src, dst):  # type: ignore[no-untyped-def]
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(cache.os, "replace", refuse)
    cache.store("demo", "a" * 64, _Book())
    cache.store("demo", "b" * 64, _Book())
    assert [p.name for p in folder.iterdir()] == ["key"]
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "No space left on device" in err[0]


def test_an_unwritable_cache_says_so_once(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("PARAGRAPHS_CACHE_DIR", str(blocker / "cache"))
    cache._warned.clear()
    for _ in range(3):
        cache.store("demo", "a" * 64, _Book())
        assert cache.load("demo", "a" * 64) is None
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "cannot create the compiled-content cache" in err[0]


@pytest.mark.parametrize("title", ["../escape", "a/b", "..", ".hidden", "x" * 200, ""])
def test_a_title_id_that_is_not_a_plain_name_is_never_a_cache_file(tmp_path, monkeypatch, title):
    folder = tmp_path / "deep" / "cache"
    monkeypatch.setenv("PARAGRAPHS_CACHE_DIR", str(folder))
    cache.store(title, "a" * 64, _Book())
    assert cache.load(title, "a" * 64) is None
    written = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert written == []


@dataclasses.dataclass
class _Book:
    """The smallest thing the cache stores: a dataclass with paragraphs."""

    paragraphs: dict[str, object] = dataclasses.field(default_factory=lambda: {"1": "one"})
