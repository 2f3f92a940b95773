"""Shared fixtures: the installed scenario (compiled once per session)."""

from __future__ import annotations

import pytest

from paragraphs_dieppe.scenario import Scenario, load_scenario


@pytest.fixture(scope="session")
def scenario() -> Scenario:
    return load_scenario(use_cache=False)
