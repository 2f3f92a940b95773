"""Fixtures shared by the Ambush! tests: the booklet is compiled once per test session."""

from __future__ import annotations

import pytest

from paragraphs.content import check_title
from paragraphs.engine import Engine
from paragraphs.plugins import make_plugin_manager


@pytest.fixture(scope="session")
def ambush_compiled():
    """The compiled title and the host it was compiled with (errors do not stop it)."""
    host = make_plugin_manager()
    return check_title(host, "ambush"), host


@pytest.fixture(scope="module")
def engine(ambush_compiled):
    """A fresh engine (its own caches) over the shared compiled book."""
    compiled, host = ambush_compiled
    return Engine(compiled.book, host)
