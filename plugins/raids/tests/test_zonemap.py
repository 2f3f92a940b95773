"""Zone maps: movement costs by line kind, radius by chosen kinds, searches that avoid zones."""

from __future__ import annotations

import heapq
import random

import pytest

from paragraphs_raids.zonemap import Connection, Zone, ZoneMap

S, D, R = "solid", "dashed", "red_dashed"
#: Bruneval rule 8 as a land cost table (red dashed: no movement).
COSTS = {"land": {S: 1, D: 2, R: None}}
MOVEMENT_KINDS = frozenset({S, D})


def make(links: list[tuple[str, str, str]], costs: dict[str, dict[str, int | None]] | None = None) -> ZoneMap:
    names = sorted({z for a, b, _ in links for z in (a, b)})
    return ZoneMap([Zone(n, n, 0, 10) for n in names], [Connection(a, b, k) for a, b, k in links], costs or COSTS)


def test_solid_costs_one_and_dashed_two() -> None:
    m = make([("a", "b", S), ("b", "c", D)])
    assert m.path_costs("a") == {"a": 0, "b": 1, "c": 3}


def test_red_dashed_forbids_movement_but_counts_for_radius_and_combat() -> None:
    m = make([("a", "b", R)])
    assert m.step_cost("a", "b") is None
    assert "b" not in m.path_costs("a")
    assert m.radius("a", "b") == 1
    assert m.radius("a", "b", MOVEMENT_KINDS) is None
    assert m.adjacent("a", "b")


def test_radius_counts_connections_not_points() -> None:
    m = make([("a", "b", D), ("b", "c", D), ("a", "x", R), ("x", "c", R)])
    assert m.radius("a", "c", MOVEMENT_KINDS) == 2
    assert m.radius("a", "c") == 2
    assert m.radius("a", "c", frozenset({R})) == 2


def test_cheapest_of_two_lines_between_the_same_zones() -> None:
    m = make([("a", "b", D), ("a", "b", S)])
    assert m.step_cost("a", "b") == 1


def test_impassable_and_stop_in_zones() -> None:
    m = make([("a", "b", S), ("b", "c", S), ("a", "d", D), ("d", "c", D)])
    assert m.path_costs("a", impassable={"b"})["c"] == 4
    stopped = m.path_costs("a", stop_in={"b"})
    assert stopped["b"] == 1 and stopped["c"] == 4  # b is reached, never crossed


def test_costs_to_and_equal_next_steps() -> None:
    m = make([("s", "right", S), ("s", "left", S), ("right", "t", S), ("left", "t", S)])
    to = m.costs_to("t")
    assert to["s"] == 2
    # Equal routes come back in map (content) order: the caller rolls for them.
    assert m.next_steps("s", to) == ["left", "right"]


def test_surcharge_steers_around_a_zone() -> None:
    m = make([("s", "a", S), ("a", "t", S), ("s", "b", S), ("b", "c", S), ("c", "t", S)])
    plain = m.costs_to("t")
    assert m.next_steps("s", plain) == ["a"]
    weighted = m.costs_to("t", surcharge={"a": 5})
    assert weighted["s"] == 3
    assert m.next_steps("s", weighted, surcharge={"a": 5}) == ["b"]


def test_unknown_zone_in_a_connection_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown zone"):
        ZoneMap([Zone("a", "a", 0, 10)], [Connection("a", "b", S)], COSTS)


def test_tagged_keeps_content_order() -> None:
    m = ZoneMap([Zone("z", "z", 0, 10, frozenset({"beach"})), Zone("a", "a", 0, 10, frozenset({"beach"}))], [], COSTS)
    assert m.tagged("beach") == ["z", "a"]


# Dieppe rule 9: five kinds of line and three ways of moving (the plan's section 1.9).
DIEPPE_COSTS = {
    "land": {"yellow": 1, "yellow_dotted": 2},
    "sea": {"blue": 1},
    "landing": {"blue_dotted": 2},
}


def test_kinds_are_content_strings_with_one_cost_table_per_movement_mode() -> None:
    m = make([("ship", "sea2", "blue"), ("sea2", "beach", "blue_dotted"), ("beach", "town", "yellow"), ("town", "gz", "red_dotted")], DIEPPE_COSTS)
    assert m.path_costs("ship", mode="sea") == {"ship": 0, "sea2": 1}
    assert m.path_costs("sea2", mode="landing") == {"sea2": 0, "beach": 2}
    assert m.path_costs("beach") == {"beach": 0, "town": 1}  # land is the default mode
    assert m.step_cost("town", "gz") is None and m.adjacent("town", "gz")
    assert m.movable_kinds("sea") == {"blue"}
    assert m.radius("ship", "gz") == 4  # every kind counts for R unless a rule names some
    assert m.radius("ship", "gz", frozenset({"yellow"})) is None


def test_an_unknown_movement_mode_is_named() -> None:
    with pytest.raises(KeyError, match="no movement mode 'air'"):
        make([("a", "b", S)]).path_costs("a", mode="air")


def test_a_line_that_can_be_crossed_costs_at_least_one_point() -> None:
    free: dict[str, dict[str, int | None]] = {"land": {S: 0}}
    with pytest.raises(ValueError, match="costs 0"):
        make([("a", "b", S)], free)


def test_a_negative_surcharge_is_refused() -> None:
    with pytest.raises(ValueError, match="cannot be negative"):
        make([("a", "b", S)]).costs_to("b", surcharge={"a": -1})


def _heap_search(m: ZoneMap, origin: str, closed: set[str], stops: set[str], weights: dict[str, int]) -> list[tuple[str, int]]:
    """The textbook search the zone map once ran (a heap of (cost, map rank, zone)): the
    reference for costs *and* for the order in which zones are first reached."""
    dist = {origin: 0}
    heap = [(0, m.order[origin], origin)]
    while heap:
        d, _, zone = heapq.heappop(heap)
        if d > dist[zone]:
            continue
        if zone != origin:
            if zone in stops:
                continue
            d += weights.get(zone, 0)
        for other, cost in m.steps(zone).items():
            if other in closed:
                continue
            if d + cost < dist.get(other, 1 << 30):
                dist[other] = d + cost
                heapq.heappush(heap, (d + cost, m.order[other], other))
    return list(dist.items())


@pytest.mark.parametrize("seed", range(40))
def test_searches_match_the_heap_search_in_costs_and_order(seed: int) -> None:
    # Callers roll among equal zones in the order a search returns them, so the order
    # is part of the answer: random maps, blocked zones, stops and surcharges.
    rng = random.Random(seed)
    names = [f"z{i}" for i in range(rng.randint(2, 30))]
    links = [(rng.choice(names), rng.choice(names), rng.choice((S, S, D, R))) for _ in range(rng.randint(1, 3 * len(names)))]
    m = ZoneMap([Zone(n, n, 0, 10) for n in names], [Connection(a, b, k) for a, b, k in links if a != b], COSTS)
    for _ in range(10):
        origin = rng.choice(names)
        blocked = set(rng.sample(names, rng.randint(0, len(names) // 3)))
        stops = set(rng.sample(names, rng.randint(0, len(names) // 3)))
        weights = {z: rng.randint(0, 5) for z in rng.sample(names, rng.randint(0, len(names) // 2))}
        assert list(m.path_costs(origin, impassable=blocked, stop_in=stops).items()) == _heap_search(m, origin, blocked - {origin}, stops, {})
        # Backwards: impassable zones are reached but never left; the target never is.
        assert list(m.costs_to(origin, impassable=blocked, surcharge=weights).items()) == _heap_search(m, origin, set(), blocked - {origin}, weights)


def test_step_lists_are_the_steps_of_every_zone() -> None:
    m = make([("a", "b", S), ("b", "c", D), ("a", "c", R), ("c", "d", S)])
    table = m.step_lists()
    assert set(table) == {"a", "b", "c", "d"}
    for zone, lines in table.items():
        assert lines == tuple(m.steps(zone).items())
    with pytest.raises(KeyError, match="no movement mode"):
        m.step_lists("air")


@pytest.mark.parametrize("seed", range(10))
def test_in_order_is_the_sort_by_map_rank(seed: int) -> None:
    # Ranks sorted and read back as ids, against the plain sort by rank (repeats kept).
    rng = random.Random(seed)
    names = [f"z{i}" for i in range(rng.randint(1, 30))]
    rng.shuffle(names)
    m = ZoneMap([Zone(n, n, 0, 10) for n in names], [], COSTS)
    for _ in range(20):
        zones = [rng.choice(names) for _ in range(rng.randint(0, 12))]
        assert m.in_order(zones) == sorted(zones, key=m.order.__getitem__)
        assert m.in_order(set(zones)) == sorted(set(zones), key=m.order.__getitem__)
