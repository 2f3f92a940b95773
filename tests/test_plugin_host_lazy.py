"""A host built from the plugin index calls the plugins without a plugin manager (#9 item 7).

The index keeps what pluggy found of every installed plugin's hook implementations; a
command's host calls those (``PluginHost`` with ``described``) and makes a pluggy manager
only when asked for one. These tests hold it to what the full host does.
"""

from __future__ import annotations

from typing import Any

import pluggy
import pytest

from paragraphs.foundation import core_marker
from paragraphs.pluginhost.plugins import BUILTIN_PLUGINS, PluginHost, describe_implementations, make_plugin_manager
from paragraphs.pluginhost.records import Title


@pytest.mark.parametrize(
    "options",
    [{}, {"tryfirst": True}, {"trylast": True}, {"hookwrapper": True}, {"wrapper": True}, {"optionalhook": True}, {"specname": "paragraphs_roll"}],
)
def test_the_core_marker_leaves_what_pluggys_leaves(options: dict[str, Any]) -> None:
    def theirs() -> None: ...

    def ours() -> None: ...

    pluggy.HookimplMarker("paragraphs")(**options)(theirs)
    core_marker.hookimpl(**options)(ours)
    assert ours.paragraphs_impl == theirs.paragraphs_impl  # type: ignore[attr-defined]
    bare = core_marker.hookimpl(ours)
    assert bare is ours


class _Early:
    """A plugin whose roll hook runs before the others' (tryfirst), and one that runs last."""

    @staticmethod
    @pluggy.HookimplMarker("paragraphs")(tryfirst=True)
    def paragraphs_roll(die: Any, purpose: str, title: str) -> int | None:
        return None

    @staticmethod
    @pluggy.HookimplMarker("paragraphs")
    def paragraphs_register_titles() -> Any:
        yield Title(id="early", name="Early", content=__file__, package="paragraphs")  # type: ignore[arg-type]


class _Late:
    @staticmethod
    @pluggy.HookimplMarker("paragraphs")(trylast=True)
    def paragraphs_roll(die: Any, purpose: str) -> int | None:
        return 4

    @staticmethod
    @pluggy.HookimplMarker("paragraphs")
    def paragraphs_initial_state(book: Any, options: Any) -> Any:
        return {"late": True}


def _described_copy(full: PluginHost) -> PluginHost:
    """A host with the same plugins, described as the index describes them."""
    described = describe_implementations(full)
    assert described is not None
    lazy = PluginHost(None, described=described)
    for name in full.plugin_names():
        lazy._register(name, full.pm.get_plugin(name))
    return lazy


def test_implementations_come_in_pluggys_order() -> None:
    full = make_plugin_manager(load_entrypoints=False, plugins=[("late", _Late()), ("early", _Early())])
    lazy = _described_copy(full)
    assert lazy._pm is None
    for hook in ("paragraphs_roll", "paragraphs_initial_state", "paragraphs_register_titles", "paragraphs_paragraph_entered"):
        mine, first = lazy._implementations(hook)
        theirs, their_first = full._implementations(hook)
        assert [(i.plugin_name, i.function, tuple(i.argnames)) for i in mine] == [(i.plugin_name, i.function, tuple(i.argnames)) for i in theirs]
        assert first == their_first
    assert lazy._pm is None  # nothing above needed pluggy
    roll = lazy.title_hook("paragraphs_roll", "early")
    assert roll is not None and roll(die=None, purpose="x", title="early") == 4
    assert lazy.pm.has_plugin("late")  # made when asked for, with the same plugins


def test_a_host_from_the_index_registers_what_a_full_one_does() -> None:
    full = make_plugin_manager(load_entrypoints=False)
    described = describe_implementations(full)
    lazy = make_plugin_manager(only=set(), where={}, described=described)
    assert lazy._pm is None
    assert lazy.plugin_names() == list(BUILTIN_PLUGINS)
    for hook in ("paragraphs_register_titles", "paragraphs_register_procedures", "paragraphs_register_check_kinds", "paragraphs_register_lint_rules", "paragraphs_register_schemas"):
        assert [(p, r.id) for p, r in lazy.records_by_plugin(hook)] == [(p, r.id) for p, r in full.records_by_plugin(hook)]
    setup = lazy.title_hook("paragraphs_initial_state", "sample")
    assert setup is not None and setup(book=None, options={}) == {}
    assert lazy._pm is None


def test_described_is_only_for_an_index_s_plugins() -> None:
    with pytest.raises(ValueError):
        make_plugin_manager(described={"implementations": {}, "firstresult": []})


class _Bare:
    """A plugin object with its implementation set on the instance."""


def test_an_implementation_not_found_by_its_name_leaves_pluggy_to_call_it() -> None:
    def renamed() -> None:
        return None

    renamed.__name__ = "elsewhere"  # as a decorator might leave it
    plugin = _Bare()
    plugin.other_name = pluggy.HookimplMarker("paragraphs")(specname="paragraphs_register_units")(renamed)  # type: ignore[attr-defined]
    full = make_plugin_manager(load_entrypoints=False, plugins=[("renamed", plugin)])
    assert "renamed" in full.plugin_names()
    assert describe_implementations(full) is None  # the index then holds no description
