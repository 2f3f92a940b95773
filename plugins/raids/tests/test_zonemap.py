"""Zone maps: movement costs by line kind, radius by chosen kinds, searches that avoid zones."""

from __future__ import annotations

import pytest

from paragraphs_raids.zonemap import ALL_KINDS, MOVEMENT_KINDS, Connection, ConnectionKind, Zone, ZoneMap

S, D, R = ConnectionKind.SOLID, ConnectionKind.DASHED, ConnectionKind.RED_DASHED


def make(links: list[tuple[str, str, ConnectionKind]]) -> ZoneMap:
    names = sorted({z for a, b, _ in links for z in (a, b)})
    return ZoneMap([Zone(n, n, 0, 10) for n in names], [Connection(a, b, k) for a, b, k in links])


def test_solid_costs_one_and_dashed_two() -> None:
    m = make([("a", "b", S), ("b", "c", D)])
    assert m.path_costs("a") == {"a": 0, "b": 1, "c": 3}


def test_red_dashed_forbids_movement_but_counts_for_radius_and_combat() -> None:
    m = make([("a", "b", R)])
    assert m.step_cost("a", "b") is None
    assert "b" not in m.path_costs("a")
    assert m.radius("a", "b", ALL_KINDS) == 1
    assert m.radius("a", "b", MOVEMENT_KINDS) is None
    assert m.adjacent("a", "b")


def test_radius_counts_connections_not_points() -> None:
    m = make([("a", "b", D), ("b", "c", D), ("a", "x", R), ("x", "c", R)])
    assert m.radius("a", "c", MOVEMENT_KINDS) == 2
    assert m.radius("a", "c", ALL_KINDS) == 2
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
        ZoneMap([Zone("a", "a", 0, 10)], [Connection("a", "b", S)])


def test_tagged_keeps_content_order() -> None:
    m = ZoneMap([Zone("z", "z", 0, 10, frozenset({"beach"})), Zone("a", "a", 0, 10, frozenset({"beach"}))], [])
    assert m.tagged("beach") == ["z", "a"]
