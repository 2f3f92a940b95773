"""Plugin host: discovery through entry points, isolation of broken plugins, collisions."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from paragraphs import hookimpl
from paragraphs.errors import PluginError
from paragraphs.plugins import make_plugin_manager
from paragraphs.records import StepKind, Title

SITE = Path(__file__).parent / "data" / "site"
BROKEN = Path(__file__).parent / "data" / "site-broken"


@pytest.fixture
def fake_site(monkeypatch):
    """Put a folder holding two installed distributions on sys.path."""
    monkeypatch.syspath_prepend(str(SITE))
    monkeypatch.syspath_prepend(str(BROKEN))
    yield SITE
    for name in [m for m in sys.modules if m.startswith("paragraphs_testplugin")]:
        del sys.modules[name]


def test_entry_point_discovery_finds_an_installed_distribution(fake_site):
    host = make_plugin_manager()
    titles = host.titles()
    assert "testplugin" in titles and "sample" in titles
    info = titles["testplugin"].plugin
    assert (info.distribution, info.version, info.name) == ("paragraphs-testplugin", "0.3.0", "testplugin")
    assert list(titles) == sorted(titles)


def test_a_plugin_that_fails_to_import_is_reported_and_skipped(fake_site):
    host = make_plugin_manager()
    (problem,) = [p for p in host.problems if p.plugin == "broken"]
    assert "failed to import broken_plugin_does_not_exist.hooks" in problem.format()
    from paragraphs.api import open_title

    engine = open_title("testplugin", host=host, use_cache=False)  # the others keep working
    assert engine.resolve("1").status == "done"
    with pytest.raises(PluginError, match="broken"):
        make_plugin_manager(strict=True)


def test_blocked_plugins_are_not_loaded(fake_site):
    host = make_plugin_manager(blocked=["testplugin", "broken"])
    assert "testplugin" not in host.titles() and not host.problems


class TitleA:
    __name__ = "plugin-a"

    @hookimpl
    def paragraphs_register_titles(self):
        yield Title(id="dup", name="A", content=Path("."), package="a")


class TitleB:
    __name__ = "plugin-b"

    @hookimpl
    def paragraphs_register_titles(self):
        yield Title(id="dup", name="B", content=Path("."), package="b")


def test_two_plugins_registering_the_same_id_is_an_error_naming_both():
    with pytest.raises(PluginError) as err:
        make_plugin_manager(load_entrypoints=False, plugins=[TitleA(), TitleB()], strict=True)
    assert "'dup'" in str(err.value) and "plugin-a" in str(err.value) and "plugin-b" in str(err.value)
    host = make_plugin_manager(load_entrypoints=False, plugins=[TitleA(), TitleB()])
    assert "dup" not in host.titles()  # never first-wins: the title is disabled
    (problem,) = host.problems
    assert "plugin-a and plugin-b" in problem.reason and "disabled" in problem.reason


class Invalid:
    __name__ = "invalid"

    @hookimpl
    def paragraphs_register_steps(self):
        yield {"id": "not a record"}


class Raising:
    __name__ = "raising"

    @hookimpl
    def paragraphs_register_titles(self):
        raise ValueError("cannot find my content")


def test_invalid_registrations_are_reported_and_the_plugin_skipped():
    host = make_plugin_manager(load_entrypoints=False, plugins=[Invalid(), Raising()])
    reasons = {p.plugin: p.reason for p in host.problems}
    assert "yielded dict, expected StepKind" in reasons["invalid"]
    assert "ValueError: cannot find my content" in reasons["raising"]
    assert "sample" in host.titles()


class GlobalStep:
    __name__ = "global-step"

    @hookimpl
    def paragraphs_register_steps(self):
        yield StepKind(id="shout", title=None, schema={"type": "string"}, expand=lambda value: {"say": value})


class TitleStep:
    __name__ = "title-step"

    @hookimpl
    def paragraphs_register_steps(self):
        yield StepKind(id="shout", title="mine", schema={"type": "string"}, expand=lambda value: {"say": value})


def test_a_title_step_clashes_with_a_global_step_of_the_same_id():
    with pytest.raises(PluginError, match="global-step and title-step"):
        make_plugin_manager(load_entrypoints=False, plugins=[GlobalStep(), TitleStep()], strict=True)


def test_unknown_hooks_are_refused():
    class Typo:
        @hookimpl
        def paragraphs_register_tittles(self):
            return []

    host = make_plugin_manager(load_entrypoints=False, plugins=[("typo", Typo())])
    (problem,) = host.problems
    assert problem.plugin == "typo" and "paragraphs_register_tittles" in problem.reason
    assert "sample" in host.titles()  # everything else works
    with pytest.raises(PluginError, match="paragraphs_register_tittles"):
        make_plugin_manager(load_entrypoints=False, plugins=[Typo()], strict=True)


def test_there_is_no_global_plugin_manager():
    a = make_plugin_manager(load_entrypoints=False)
    b = make_plugin_manager(load_entrypoints=False)
    assert a.pm is not b.pm
