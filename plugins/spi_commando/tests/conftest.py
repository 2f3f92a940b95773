"""Fixtures for the SPI Commando tests: the installed plugin host and the title's charts."""

from __future__ import annotations

import pytest

from paragraphs.plugins import PluginHost, make_plugin_manager


@pytest.fixture(scope="session")
def host() -> PluginHost:
    return make_plugin_manager()
