"""The default player's goal-directed searches give the answers of the raids layer's full
searches, on the Bruneval map with random blocked zones and marker weights."""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Collection, Mapping

import pytest

from paragraphs_bruneval.routefinding import FAR, cost_to_nearest, costs_toward, least_costs, ranked
from paragraphs_bruneval.scenario import load_scenario
from paragraphs_raids.zonemap import ZoneMap


@pytest.fixture(scope="module")
def zmap() -> ZoneMap:
    return load_scenario().zmap


def _boards(zmap: ZoneMap, count: int, seed: int):
    rng = random.Random(seed)
    ids = [z.id for z in zmap.zones]
    for _ in range(count):
        blocked = frozenset(rng.sample(ids, rng.randint(0, 20)))
        weights = {z: rng.randint(1, 3) for z in rng.sample(ids, rng.randint(0, 15))}
        yield blocked, weights, rng.choice(ids), rng.choice(ids), rng.sample(ids, rng.randint(1, 3))


def _walk(zmap: ZoneMap, start: str, target: str, to: Mapping[str, int], blocked: Collection[str], weights: Mapping[str, int]) -> list[str]:
    """The default player's way along a cheapest route: the first next step it may enter."""
    path, here = [], start
    while here != target:
        steps = [o for o in zmap.next_steps(here, to, impassable=blocked, surcharge=weights) if o not in blocked]
        if not steps:
            break
        here = steps[0]
        path.append(here)
    return path


def test_least_costs_bound_every_search(zmap: ZoneMap) -> None:
    least = least_costs(zmap)
    for blocked, _, start, _, _ in _boards(zmap, 50, 1):
        for zone, cost in zmap.path_costs(start, stop_in=blocked).items():
            assert least[start][zone] <= cost


def test_cost_to_nearest_is_the_full_search_minimum(zmap: ZoneMap) -> None:
    reached = 0
    for blocked, _, start, _, goals in _boards(zmap, 400, 2):
        full = zmap.path_costs(start, stop_in=blocked)
        expected = min(full.get(d, FAR) for d in goals)
        assert cost_to_nearest(zmap, start, goals, blocked) == expected, (start, goals, sorted(blocked))
        reached += expected < FAR
    assert reached > 100  # most boards leave a way


def test_costs_toward_gives_the_same_cost_and_route(zmap: ZoneMap) -> None:
    routes = 0
    for blocked, weights, start, target, _ in _boards(zmap, 400, 3):
        if start == target:
            continue
        full = zmap.costs_to(target, impassable=blocked, surcharge=weights)
        part = costs_toward(zmap, target, start, blocked, weights)
        assert part.get(start) == full.get(start), (start, target)
        if start not in full:
            continue
        least = least_costs(zmap)[start]
        for zone, cost in full.items():
            assert part.get(zone, FAR) >= cost  # never cheaper than the truth
            if cost + least.get(zone, FAR) <= full[start] and zone not in blocked:
                assert part[zone] == cost, (start, target, zone)
        path = _walk(zmap, start, target, full, blocked, weights)
        assert _walk(zmap, start, target, part, blocked, weights) == path
        routes += len(path) > 1
    assert routes > 50


def test_searches_leave_the_maps_lists_empty(zmap: ZoneMap) -> None:
    """The lists per estimate are the map's, kept between searches: one that stops early
    (a goal settled, the start's cost passed) empties those it left filled."""
    for blocked, weights, start, target, goals in _boards(zmap, 100, 4):
        cost_to_nearest(zmap, start, goals, blocked)
        if start not in blocked:
            costs_toward(zmap, target, start, blocked, weights)
        rm = ranked(zmap)
        assert len(rm._lists) == 1  # one set of lists, handed back by every search
        lists = rm._lists[0]
        assert lists and not any(lists), (start, target, goals)


def test_searches_in_two_threads_at_once_give_the_same_answers(zmap: ZoneMap) -> None:
    """Each search takes lists of its own from the map's pool: searches running at once in
    threads (a worker with several threads) never share them."""
    boards = list(_boards(zmap, 60, 5))
    expected = [cost_to_nearest(zmap, start, goals, blocked) for blocked, _, start, _, goals in boards]
    found: dict[int, list[int]] = {}

    def search(n: int) -> None:
        # (each thread its own order of boards: the two searches running at once differ)
        order = boards if n == 0 else boards[::-1]
        costs = [cost_to_nearest(zmap, start, goals, blocked) for _ in range(20) for blocked, _, start, _, goals in order]
        found[n] = costs if n == 0 else costs[::-1]

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as may be
    try:
        threads = [threading.Thread(target=search, args=(n,)) for n in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert found[0] == found[1] == expected * 20
