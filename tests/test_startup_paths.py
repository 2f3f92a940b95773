"""Folders kept as strings on the start-up path (issue #9 item 7), the same for users.

A ``paragraphs read`` of the sample does without ``pathlib``: the sample's ``Title``
holds its folder as a string (made a ``Path`` when read), the loader walks it with ``os``
and the private cache folder is a string inside. What users see must not change.
"""

from __future__ import annotations

import os
import pickle
from dataclasses import replace
from pathlib import Path

import pytest

from paragraphs.foundation import private_files
from paragraphs.pipeline.content import content_files
from paragraphs.pluginhost.records import Title
from paragraphs.pluginhost.title_records import content_location

SAMPLE = Path(__file__).resolve().parents[1] / "paragraphs" / "sample"


def test_a_title_given_a_string_folder_reads_as_a_path() -> None:
    title = Title(id="t", name="T", content=str(SAMPLE), package="paragraphs")  # type: ignore[arg-type]
    assert content_location(title) == str(SAMPLE)  # the loader's view: as given
    assert title.content == SAMPLE and isinstance(title.content, Path)  # the user's view
    assert content_location(title) == SAMPLE  # made once, then kept


def test_a_lazy_title_compares_pickles_and_replaces_as_before() -> None:
    lazy = Title(id="t", name="T", content=str(SAMPLE), package="paragraphs", doc="d")  # type: ignore[arg-type]
    eager = Title(id="t", name="T", content=SAMPLE, package="paragraphs", doc="d")
    assert lazy == eager and hash(lazy) == hash(eager) and repr(lazy) == repr(eager)
    assert pickle.loads(pickle.dumps(lazy)) == eager
    moved = replace(eager, content=str(SAMPLE / "sub"))  # type: ignore[arg-type]
    assert moved.content == SAMPLE / "sub"
    with pytest.raises(AttributeError):
        eager.content = SAMPLE  # type: ignore[misc]  # still frozen


def test_the_sample_title_is_a_path_for_users() -> None:
    from paragraphs.pluginhost.plugins import make_plugin_manager

    record = make_plugin_manager(load_entrypoints=False).title("sample").record
    assert isinstance(record.content, Path) and record.content == SAMPLE


def test_a_folder_given_as_a_string_reads_the_same_files(tmp_path: Path) -> None:
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "two.yml").write_text("b: 2\n")
    (tmp_path / "a.yaml").write_text("a: 1\n")
    (tmp_path / ".hidden.yaml").write_text("h: 1\n")
    (tmp_path / "notes.txt").write_text("not content\n")
    (tmp_path / "linked").symlink_to(tmp_path / "b", target_is_directory=True)
    for root in (SAMPLE, tmp_path):
        assert content_files(str(root)) == content_files(root), root
    # ``linked`` leads to the sibling ``b``, no loop: it is read as a folder of its own (only a
    # link back to a folder being walked is cut, tests/test_open_book.py)
    assert [f.key for f in content_files(str(tmp_path))] == ["a.yaml", "b/two.yml", "linked/two.yml"]


@pytest.mark.parametrize("given", ["/tmp/cache", "/tmp//cache/", "rel/./x/", "a/../b", "//net/x", "."])
def test_the_cache_folder_is_named_as_pathlib_names_it(monkeypatch: pytest.MonkeyPatch, given: str) -> None:
    monkeypatch.setenv("PARAGRAPHS_CACHE_DIR", given)
    assert private_files.cache_folder() == str(Path(given))
    assert private_files.cache_dir() == Path(given)
    monkeypatch.delenv("PARAGRAPHS_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", given)
    assert private_files.cache_folder() == str(Path(given) / "paragraphs") == os.fspath(private_files.cache_dir())
