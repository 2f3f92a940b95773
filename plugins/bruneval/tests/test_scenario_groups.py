"""The scenario's counters by side, by role and by group: one grouping, three lookups."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from paragraphs_bruneval.scenario import CounterSpec, Scenario, counter_ids_by, load_scenario


@pytest.fixture(scope="module")
def scenario() -> Scenario:
    return load_scenario(use_cache=False)


def by_hand(scenario: Scenario, key: Callable[[CounterSpec], str]) -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for c in scenario.counters.values():
        out.setdefault(key(c), []).append(c.id)
    return {k: tuple(ids) for k, ids in out.items()}


def test_each_lookup_gives_the_ids_in_content_order(scenario: Scenario) -> None:
    for key, lookup in (
        (lambda c: c.kind.side, scenario.counters_of_side),
        (lambda c: c.kind.role, scenario.counters_of_role),
        (lambda c: c.group, scenario.counters_of_group),
    ):
        expected = by_hand(scenario, key)
        assert counter_ids_by(scenario.counters.values(), key) == expected
        assert len(expected) > 1
        for name, ids in expected.items():
            assert lookup(name) == ids
        assert lookup("nobody") == ()
    assert scenario.group_counters("nobody") == []
    officers = scenario.counters_of_role("officer")
    assert officers and all(scenario.counters[c].kind.role == "officer" for c in officers)
