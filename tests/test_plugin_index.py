"""The plugin index (issue #9 item 7, issue #10 item 5): a command imports only the plugins
it uses; titles, commands and their options come from a cached declarative index that
follows installs, upgrades and edits, and a damaged or planted index is rebuilt.

What a command imported is read from ``sys.modules`` in a fresh process (never timed).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from paragraphs.foundation.private_files import sign
from paragraphs.pluginhost import index as plugin_index
from paragraphs.pluginhost.index import PluginIndex

DATA = Path(__file__).parent / "data"
SITE = DATA / "site"  # paragraphs-testplugin: the title ``testplugin``
HOSTILE = DATA / "site-hostile"  # broken and misbehaving plugins, ``slow`` among them
LAZY = DATA / "site-lazy"  # ``tally`` (a command of its own) and ``watcher`` (every title)

#: Runs the command line in this process, then prints the modules it imported.
PROBE = """
import json, sys
from paragraphs.cli import main
try:
    code = main(sys.argv[1:])
except SystemExit as exc:
    code = exc.code
sys.stdout.flush()
print("\\nMODULES " + json.dumps(sorted(sys.modules)))
sys.exit(code)
"""


def run(tmp_path: Path, *argv: str, path: tuple[Path, ...] = (SITE, HOSTILE, LAZY)) -> tuple[int, str, str, set[str]]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(str(p) for p in path), PARAGRAPHS_CACHE_DIR=str(tmp_path / "cache"))
    env.pop("PARAGRAPHS_NO_CACHE", None)
    done = subprocess.run([sys.executable, "-c", PROBE, *argv], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    out, _, modules = done.stdout.rpartition("\nMODULES ")
    return done.returncode, out, done.stderr, set(json.loads(modules))


def plugin_modules(modules: set[str]) -> set[str]:
    """Modules of plugins (the test plugins' and any installed title's), not the core's."""
    return {m for m in modules if m.startswith(("hostile_", "lazy_", "paragraphs_"))}


def test_reading_a_title_imports_no_plugin_of_another(tmp_path):
    run(tmp_path, "titles")  # builds the index
    run(tmp_path, "read", "sample", "2", "--answer", "storm=1", "--dice", "5,5")  # compiles the book
    code, out, _, modules = run(tmp_path, "read", "sample", "2", "--answer", "storm=1", "--dice", "5,5", "--json")
    assert code == 0 and json.loads(out)["trail"][0] == "2"
    # only the plugin whose hooks apply to every title; the slow one costs nothing
    assert plugin_modules(modules) == {"lazy_watcher"}
    # the compiled book needs no YAML reader, no schema validation, no exact odds
    assert not {m for m in modules if m.split(".")[0] in ("ruamel", "jsonschema") or m.startswith("paragraphs.odds")}
    # nor what start-up used to pay for without using: OpenSSL (digests and the cache's MAC
    # come from Python's own modules), shutil (argparse's terminal width), exact fractions
    # (a die's range), and the records of commands and sessions no plugin of it registers
    assert not modules & {"hashlib", "_hashlib", "hmac", "shutil", "fractions", "paragraphs.pluginhost.front_records"}
    code, _, _, modules = run(tmp_path, "read", "greedy", "1")
    assert plugin_modules(modules) == {"lazy_watcher", "hostile_greedy", "hostile_greedy.hooks"}


def test_help_lists_plugin_commands_from_the_index_without_importing_them(tmp_path):
    run(tmp_path, "titles")
    code, out, _, modules = run(tmp_path, "--help")
    assert code == 0 and "tally" in out and "print a row of marks" in out
    assert not plugin_modules(modules)
    code, out, _, modules = run(tmp_path, "tally", "--help")
    assert code == 0 and "--count N" in out and "an even number of marks" in out and "{x,o}" in out
    assert not plugin_modules(modules)
    code, out, _, modules = run(tmp_path, "play", "--help")  # the titles' play options too
    assert code == 0 and "--session NAME" in out and not plugin_modules(modules)
    code, out, _, modules = run(tmp_path, "--version")
    assert code == 0 and out.startswith("paragraphs ") and not plugin_modules(modules)


def test_a_plugin_command_loads_its_plugin_and_parses_with_its_own_types(tmp_path):
    run(tmp_path, "titles")
    code, out, _, modules = run(tmp_path, "tally", "--count", "4", "--mark", "o")
    assert (code, out.strip()) == (0, "oooo")
    assert "lazy_tally" in modules and "hostile_slow" not in modules and "paragraphs_testplugin" not in modules
    code, _, err, _ = run(tmp_path, "tally", "--count", "3")  # the plugin's own type refuses it
    assert code == 2 and "expected an even number, not 3" in err


def test_two_titles_extending_one_command_each_parse_with_their_own_declaration(tmp_path):
    run(tmp_path, "titles")
    for _ in range(2):  # whichever of the two the index lists last
        code, out, err, _ = run(tmp_path, "census", "sample", "--count", "4", path=(LAZY,))
        assert (code, out.strip()) == (0, "sample 8"), err
    code, _, err, _ = run(tmp_path, "census", "sample", "--count", "0", path=(LAZY,))
    assert code == 2 and "--count" in err


def test_broken_plugins_are_reported_from_the_index_and_when_used(tmp_path):
    run(tmp_path, "titles")
    code, out, err, modules = run(tmp_path, "titles", "--json")
    assert code == 0 and "greedy" in [row["id"] for row in json.loads(out)]
    for name in ("typo", "exits", "options", "readcmd"):
        assert f"plugin {name}" in err, err
    assert not plugin_modules(modules)  # said from the index, nothing imported again
    code, _, err, _ = run(tmp_path, "read", "exits", "1")
    assert code == 2 and "title 'exits' is not available: plugin exits skipped: failed to import hostile_exits" in err
    # said once, as the error of the command for that title: no warning saying it first
    assert err.count("plugin exits skipped") == 1 and "warning: plugin exits" not in err, err
    assert "warning: plugin typo skipped" in err  # another title's broken plugin is still said
    code, _, err, _ = run(tmp_path, "read", "greedy", "1")  # a command for another title
    assert "warning: plugin exits skipped: failed to import hostile_exits" in err
    code, out, _, _ = run(tmp_path, "titles", "--timings", "--json")
    timed = {row["plugin"] for row in json.loads(out)["plugins"]}
    assert {"slow", "tally", "watcher"} <= timed


def test_a_title_whose_plugin_was_skipped_is_said_once_with_and_without_the_index(tmp_path, monkeypatch):
    for no_index in ("", "1"):
        monkeypatch.setenv("PARAGRAPHS_NO_PLUGIN_INDEX", no_index)
        run(tmp_path, "titles")
        for line in (("read", "exits", "1"), ("validate", "exits"), ("board", "exits", "--state", "x.json", "--svg", "x.svg")):
            code, out, err, _ = run(tmp_path, *line)
            said = [row for row in err.splitlines() if "plugin exits" in row]
            assert (code, out, len(said)) == (2, "", 1), (no_index, line, err)
            # the line of the plugin's module that left (tests/test_newcomer_plugin.py: import faults)
            exits = DATA / "site-hostile" / "hostile_exits.py"
            assert said[0] == f"paragraphs: error: title 'exits' is not available: plugin exits skipped: failed to import hostile_exits: SystemExit: 3 at {exits}:5", (no_index, line, err)
        for line in (("titles",), ("validate",)):  # across titles: the broken plugin is reported
            code, _, err, _ = run(tmp_path, *line)
            assert "warning: plugin exits skipped: failed to import hostile_exits" in err, (no_index, line, err)


def _titles(tmp_path: Path, site: Path) -> dict[str, dict[str, str]]:
    code, out, err, _ = run(tmp_path, "titles", "--json", path=(site,))
    assert code == 0, err
    return {row["id"]: row for row in json.loads(out)}


def test_the_index_follows_installs_uninstalls_upgrades_and_edits(tmp_path):
    site = tmp_path / "site"
    shutil.copytree(SITE, site, symlinks=False, ignore=shutil.ignore_patterns("__pycache__"))
    dist = site / "paragraphs_testplugin-0.3.0.dist-info"
    assert _titles(tmp_path, site)["testplugin"]["version"] == "0.3.0"
    aside = tmp_path / "aside"
    dist.rename(aside)  # uninstalled
    assert "testplugin" not in _titles(tmp_path, site)
    aside.rename(dist)  # installed again
    assert "testplugin" in _titles(tmp_path, site)
    upgraded = site / "paragraphs_testplugin-0.4.0.dist-info"
    dist.rename(upgraded)
    (upgraded / "METADATA").write_text((upgraded / "METADATA").read_text().replace("0.3.0", "0.4.0"))
    assert _titles(tmp_path, site)["testplugin"]["version"] == "0.4.0"
    # an editable install: only the plugin's code changes
    hooks = site / "paragraphs_testplugin" / "hooks.py"
    hooks.write_text(hooks.read_text().replace('name="Test Plugin"', 'name="Test Plugin, edited"'))
    assert _titles(tmp_path, site)["testplugin"]["name"] == "Test Plugin, edited"
    # the metadata edited in place (a version bump without a new folder)
    (upgraded / "METADATA").write_text((upgraded / "METADATA").read_text().replace("0.4.0", "0.4.1"))
    assert _titles(tmp_path, site)["testplugin"]["version"] == "0.4.1"


def test_an_entry_point_added_by_a_reinstall_of_the_same_version_is_seen(tmp_path):
    """An author who forgot the entry point adds it and runs ``pip install -e .`` again:
    the distribution keeps its name and version, pip writes its ``*.dist-info`` folder anew,
    and the title must appear (the index had no file of that distribution to stamp)."""
    site = tmp_path / "site"
    shutil.copytree(SITE, site, symlinks=False, ignore=shutil.ignore_patterns("__pycache__"))
    dist = site / "paragraphs_testplugin-0.3.0.dist-info"
    declared = (dist / "entry_points.txt").read_text()
    (dist / "entry_points.txt").unlink()  # installed without the entry point
    assert "testplugin" not in _titles(tmp_path, site)
    shutil.rmtree(dist)  # reinstalled, as pip does: the folder removed and written again
    dist.mkdir()
    shutil.copy(SITE / dist.name / "METADATA", dist / "METADATA")
    (dist / "entry_points.txt").write_text(declared)
    assert "testplugin" in _titles(tmp_path, site)


def test_the_index_follows_pythonpath(tmp_path):
    """A plugin whose distribution is installed in one folder and whose code is found only
    through ``PYTHONPATH`` imports or not as ``PYTHONPATH`` changes: the index is keyed on
    it, so the plugin appears when its code is put on the path and goes when it is taken
    off (the index once kept whichever it had seen first)."""
    meta, code = tmp_path / "meta", tmp_path / "code"
    shutil.copytree(SITE / "paragraphs_testplugin-0.3.0.dist-info", meta / "paragraphs_testplugin-0.3.0.dist-info")
    shutil.copytree(SITE / "paragraphs_testplugin", code / "paragraphs_testplugin", ignore=shutil.ignore_patterns("__pycache__"))
    assert "testplugin" not in _titles(tmp_path, meta)
    code_, out, err, _ = run(tmp_path, "titles", "--json", path=(meta, code))
    assert code_ == 0 and "testplugin" in {row["id"] for row in json.loads(out)}, err
    assert "testplugin" not in _titles(tmp_path, meta)  # taken off again
    code_, _, err, _ = run(tmp_path, "read", "testplugin", "1", "--dice", "3", path=(meta,))
    assert code_ == 2 and "failed to import paragraphs_testplugin" in err, err


# --------------------------------------------------------------------------- damaged and planted index files


def _index(titles: dict[str, str]) -> PluginIndex:
    rows = {tid: {"name": name, "plugin": "p", "distribution": "d", "version": "1"} for tid, name in titles.items()}
    return PluginIndex([], [], {}, rows, [], [])


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("PARAGRAPHS_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("PARAGRAPHS_NO_CACHE", raising=False)
    return tmp_path / "cache"


def _stored(folder: Path) -> Path:
    (path,) = folder.glob("plugins-*.json")
    return path


def test_a_fresh_index_is_read_not_rebuilt(folder):
    builds = []
    plugin_index.load(lambda: builds.append(1) or _index({"one": "One"}))
    again = plugin_index.load(lambda: builds.append(1) or _index({"two": "Two"}))
    assert builds == [1] and again is not None and list(again.titles) == ["one"]
    assert (os.stat(_stored(folder)).st_mode & 0o777) == 0o600


def test_a_damaged_index_is_rebuilt_without_a_traceback(folder):
    plugin_index.load(lambda: _index({"one": "One"}))
    path = _stored(folder)
    good = path.read_bytes()
    secret = (folder / "key").read_bytes()

    def signed(body: object) -> bytes:
        data = json.dumps(body).encode()
        return b"PGINDEX1" + sign(secret, data) + data

    valid = json.loads(good[40:])
    damaged = [
        b"",
        b"garbage",
        good[:-7],  # truncated
        good[:8] + bytes(32) + good[40:],  # a signature that does not match (planted)
        signed({**valid, "format": 99}),
        signed({**valid, "titles": {"x": {"name": 3}}}),
        signed({**valid, "commands": [{"plugin": "p", "id": "c", "help": "", "exact": True, "title": None, "extends": None, "error": None, "calls": [{"on": 0, "call": "exec", "args": [], "kwargs": {}}]}]}),
        signed({**valid, "commands": [{"plugin": "p", "id": "c", "help": "", "exact": True, "title": None, "extends": None, "error": None, "calls": [{"on": 5, "call": "add_argument", "args": ["--x"], "kwargs": {}}]}]}),
        signed({**valid, "commands": [{"plugin": "p", "id": "c", "help": "", "exact": True, "title": None, "extends": None, "error": None, "calls": [{"on": 0, "call": "add_argument", "args": ["--x"], "kwargs": {"type": {"$type": "eval"}}}]}]}),
        signed({**valid, "stamps": [["/x", "big", 1]]}),
        signed([1, 2, 3]),
        b"PGINDEX1" + sign(secret, b"[" * 100000) + b"[" * 100000,  # nested past recursion
    ]
    for n, data in enumerate(damaged):
        path.write_bytes(data)
        rebuilt = plugin_index.load(lambda: _index({f"fresh{n}": "Fresh"}))
        assert rebuilt is not None and list(rebuilt.titles) == [f"fresh{n}"], n
        assert _stored(folder).read_bytes()[:8] == b"PGINDEX1"


def test_an_index_others_can_write_or_a_link_is_not_trusted(folder, tmp_path, capsys):
    plugin_index.load(lambda: _index({"one": "One"}))
    path = _stored(folder)
    path.chmod(0o666)
    assert list(plugin_index.load(lambda: _index({"two": "Two"})).titles) == ["two"]
    assert "others can write to it" in capsys.readouterr().err
    assert (os.stat(_stored(folder)).st_mode & 0o777) == 0o600  # replaced by a private one
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_bytes(path.read_bytes())
    path.unlink()
    path.symlink_to(elsewhere)
    assert list(plugin_index.load(lambda: _index({"three": "Three"})).titles) == ["three"]


def test_the_index_only_chooses_among_installed_distributions(tmp_path, monkeypatch):
    from paragraphs.pluginhost.plugins import make_plugin_manager

    planted = tmp_path / "planted-1.0.dist-info"
    planted.mkdir()
    (planted / "entry_points.txt").write_text("[paragraphs]\nwatcher = lazy_never_imported\n")
    monkeypatch.syspath_prepend(str(LAZY))
    host = make_plugin_manager(only={"watcher"}, where={"watcher": str(planted)})  # not on sys.path
    assert "watcher" not in host.info and "lazy_never_imported" not in sys.modules
    host = make_plugin_manager(only={"watcher"}, where={"watcher": str(LAZY / "paragraphs_lazy-1.0.dist-info")})
    assert "watcher" in host.info
    sys.modules.pop("lazy_watcher", None)


def test_without_the_cache_there_is_no_index(folder, monkeypatch):
    monkeypatch.setenv("PARAGRAPHS_NO_CACHE", "1")
    assert plugin_index.load(lambda: _index({"one": "One"})) is None
    assert not folder.exists() or not list(folder.glob("plugins-*.json"))


def test_option_declarations_are_recorded_and_replayed_exactly():
    import argparse

    def declare(p):
        p.add_argument("--n", type=int, choices=range(1, 4), metavar="N", help="a number")
        group = p.add_argument_group("pair").add_mutually_exclusive_group()
        group.add_argument("--pair", nargs=2, metavar=("A", "B"))
        group.add_argument("--flag", action="store_true")

    calls, exact = plugin_index.record_declarations(declare)
    assert exact
    calls = json.loads(json.dumps(calls))  # as stored
    real, replayed = argparse.ArgumentParser(prog="x"), argparse.ArgumentParser(prog="x")
    declare(real)
    plugin_index.replay(calls, replayed)
    assert real.format_help() == replayed.format_help()
    line = ["--n", "3", "--pair", "a", "b"]
    assert real.parse_args(line) == replayed.parse_args(line)
    _, exact = plugin_index.record_declarations(lambda p: p.add_argument("--x", type=lambda s: s))
    assert not exact


def test_a_loaded_plugins_real_option_wins_over_a_replayed_one_it_merges_with():
    """Two titles extend one command with the same option; the index could not hold its
    type: the title's own plugin, loaded, must parse it (not the other's replayed copy)."""
    from paragraphs import hookimpl
    from paragraphs.cli import _build, specs_from_index
    from paragraphs.pluginhost.plugins import make_plugin_manager
    from paragraphs.records import Command

    def counted(text: str) -> int:
        return int(text)

    def options(p):  # type: ignore[no-untyped-def]
        p.add_argument("--games", type=counted, default=1)

    class Mine:
        @hookimpl
        def paragraphs_register_commands(self):  # type: ignore[no-untyped-def]
            yield Command(id="mine-sim", title="sample", help="simulate", add_arguments=options, run=lambda args, host: 0, extends="simulate")

    calls, exact = plugin_index.record_declarations(options)
    assert not exact
    other = {"plugin": "other", "id": "other-sim", "title": "other", "help": "simulate", "extends": "simulate", "calls": calls, "exact": exact, "error": None}
    index = PluginIndex([], [], {}, {}, [other], [])
    host = make_plugin_manager(load_entrypoints=False, plugins=[("mine", Mine())])
    args = _build(specs_from_index(index, besides=host), [], only="simulate").parse_args(["simulate", "sample", "--games", "3"])
    assert args.games == 3
