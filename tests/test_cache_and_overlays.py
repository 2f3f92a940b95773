"""The compiled-content cache and users' own content laid over a title."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from paragraphs import cache
from paragraphs.content import cache_key_for, check_title, load_book
from paragraphs.errors import ContentError, UsageError
from paragraphs.plugins import make_plugin_manager

from helpers import write

SITE = Path(__file__).parent / "data" / "site"

PROBE = """
import sys
from paragraphs.cli import main
code = main(["read", "testplugin", "1", "--dice", "1", "--json"])
print("MODULES", "ruamel.yaml" in sys.modules, "jsonschema" in sys.modules, code)
"""


def _probe(cache_dir: Path) -> str:
    env = dict(os.environ, PYTHONPATH=str(SITE), PARAGRAPHS_CACHE_DIR=str(cache_dir))
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, check=True).stdout
    return out.strip().splitlines()[-1]


def test_a_warm_run_imports_neither_ruamel_nor_jsonschema(tmp_path):
    assert _probe(tmp_path) == "MODULES True True 0"  # cold: parsed and validated
    assert _probe(tmp_path) == "MODULES False False 0"  # warm: from the cache


def test_a_corrupt_or_stale_cache_is_rebuilt_silently(tmp_path):
    _probe(tmp_path)
    (entry,) = list(tmp_path.glob("testplugin-*.pickle"))
    entry.write_bytes(b"not a pickle")
    assert _probe(tmp_path) == "MODULES True True 0"
    assert _probe(tmp_path) == "MODULES False False 0"


@pytest.fixture
def host(monkeypatch):
    monkeypatch.syspath_prepend(str(SITE))
    yield make_plugin_manager()
    for name in [m for m in sys.modules if m.startswith("paragraphs_testplugin")]:
        del sys.modules[name]


def test_the_cache_key_covers_overlays(host, tmp_path, monkeypatch):
    monkeypatch.setenv("PARAGRAPHS_CACHE_DIR", str(tmp_path / "cache"))
    plain = load_book(host, "testplugin")
    overlay = write(tmp_path / "mine" / "fix.yaml", """
        paragraphs:
          - id: "2"
            steps: [{say: "My own copy says something else."}]
        """).parent
    mine = load_book(host, "testplugin", [overlay])
    assert plain.content_hash != mine.content_hash
    assert load_book(host, "testplugin").content_hash == plain.content_hash
    assert cache.load("testplugin", cache_key_for(host, "testplugin", plain.content_hash)) is not None


def test_overlays_merge_by_id_and_keep_where_each_value_came_from(host, tmp_path):
    overlay = write(tmp_path / "mine" / "units.yaml", """
        units:
          - {id: scout, name: Scout, factors: {move: 6}}
        paragraphs:
          - id: "2"
            kind: found
          - id: "3"
            steps: [{say: "A paragraph only my copy has."}]
        entry_points:
          - {paragraph: "3", source: my card}
        """).parent
    book = load_book(host, "testplugin", [overlay], use_cache=False)
    assert book.paragraphs["2"].kind == "found" and book.paragraphs["2"].steps[0].text == "You found the second paragraph."
    assert "3" in book.paragraphs and book.units["scout"].factors == {"move": 6}
    where = book.provenance["paragraphs:2"]
    assert where["kind"].startswith(str(overlay / "units.yaml")) or "units.yaml" in where["kind"]
    assert "book.yaml" in where["steps"] and "units.yaml" in where["id"]


def test_overlays_are_validated_the_same_way(host, tmp_path):
    overlay = write(tmp_path / "bad" / "b.yaml", """
        paragraphs:
          - id: "2"
            steps: [{goto: "99"}]
        """).parent
    compiled = check_title(host, "testplugin", [overlay])
    assert [p.code for p in compiled.errors] == ["REF001"]
    assert "b.yaml:4:13" in compiled.errors[0].format()
    with pytest.raises(ContentError):
        load_book(host, "testplugin", [overlay], use_cache=False)


def test_the_overlay_environment_variable_and_missing_folders(host, tmp_path, monkeypatch):
    overlay = write(tmp_path / "env" / "o.yaml", 'paragraphs:\n  - id: "2"\n    kind: env\n    steps: []\n').parent
    monkeypatch.setenv("PARAGRAPHS_OVERLAY", str(overlay))
    assert load_book(host, "testplugin", use_cache=False).paragraphs["2"].kind == "env"
    monkeypatch.setenv("PARAGRAPHS_OVERLAY", str(tmp_path / "nowhere"))
    with pytest.raises(UsageError, match="does not exist"):
        load_book(host, "testplugin", use_cache=False)


def test_saves_record_the_content_hash(host, tmp_path):
    from paragraphs.api import open_title

    engine = open_title("testplugin", host=host, use_cache=False)
    state = engine.resolve("1", dice=__import__("paragraphs").ScriptedDice([2])).state
    assert state.content_hash == engine.book.content_hash
    from paragraphs.state import save_state

    save_state(state, tmp_path / "s.json")
    from paragraphs.state.savefile import read_save_record

    assert read_save_record(tmp_path / "s.json")["content_hash"] == engine.book.content_hash
