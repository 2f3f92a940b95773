"""German automatic play: priorities, random ties, walking toward a goal (Bruneval 8.2, 9.1)."""

from __future__ import annotations

from paragraphs_raids.dice import ScriptedRoller
from paragraphs_raids.german_ai import (
    Attacker,
    Candidate,
    Priority,
    best_with_random_ties,
    choose_goal,
    most_points_then_boat,
    order_with_random_ties,
    stacks_then_strongest,
    walk_toward,
)
from paragraphs_raids.zonemap import Connection, Zone, ZoneMap

S = "solid"
COSTS = {"land": {"solid": 1, "dashed": 2}}


def example_map() -> ZoneMap:
    """Rule 8.2 example: 685/1 has two 2 PM routes to the paratroopers, right and left."""
    zones = [Zone(z, z, 0, 10) for z in ("start", "right", "left", "rodney")]
    links = [("start", "right"), ("start", "left"), ("right", "rodney"), ("left", "rodney")]
    return ZoneMap(zones, [Connection(a, b, S) for a, b in links], COSTS)


def test_rule_8_2_example_even_die_goes_left_and_stops_short_of_the_paratroopers() -> None:
    roll = ScriptedRoller([4])
    path = walk_toward(example_map(), "start", "rodney", 2, roll, impassable={"rodney"}, enter_goal=False)
    assert path == ["left"]
    assert roll.used == 1


def test_odd_die_goes_right() -> None:
    assert walk_toward(example_map(), "start", "rodney", 2, ScriptedRoller([1]), impassable={"rodney"}, enter_goal=False) == ["right"]


def test_not_enough_points_for_a_dashed_line() -> None:
    m = ZoneMap([Zone("a", "a", 0, 10), Zone("b", "b", 0, 10)], [Connection("a", "b", "dashed")], COSTS)
    assert walk_toward(m, "a", "b", 1, ScriptedRoller([]), enter_goal=True) == []
    assert walk_toward(m, "a", "b", 2, ScriptedRoller([]), enter_goal=True) == ["b"]


def test_first_feasible_priority_and_nearest_then_largest() -> None:
    empty = Priority("british stack", lambda: [], enter=False)
    friends = Priority("german stack", lambda: [Candidate("far", 3, 9), Candidate("near", 1, 2), Candidate("near2", 1, 4)], enter=True)
    chosen = choose_goal([empty, friends], ScriptedRoller([]))
    assert chosen is not None and chosen[0] is friends and chosen[1].zone == "near2"
    assert choose_goal([empty], ScriptedRoller([])) is None


def test_equal_goals_are_rolled_for() -> None:
    p = Priority("x", lambda: [Candidate("a", 2, 4), Candidate("b", 2, 4)], enter=False)
    assert choose_goal([p], ScriptedRoller([2]))[1].zone == "b"  # type: ignore[index]


def test_rule_9_1_order_stacks_by_value_then_single_units() -> None:
    """The stack of 685/1 (3 + 2 = 5) fights before the stack at 3 + 1 = 4, then units."""
    attackers = [Attacker("unit", False, 3), Attacker("stack4", True, 4), Attacker("stack5", True, 5)]
    order = order_with_random_ties(attackers, stacks_then_strongest, ScriptedRoller([]), "order")
    assert [a.zone for a in order] == ["stack5", "stack4", "unit"]


def test_equal_values_are_ordered_by_dice() -> None:
    order = order_with_random_ties(["a", "b", "c"], lambda a: 0, ScriptedRoller([3, 2]), "order")
    assert order == ["c", "b", "a"]


def test_target_with_most_points_first_then_a_boat() -> None:
    """Rule 9.1 example: the zone with 4 British stacking points before the one with 3;
    between equal zones, the one holding a boat."""
    points = {"with_officer": 3, "two_full": 4, "boats": 3}
    key = most_points_then_boat(points.__getitem__, lambda z: z == "boats")
    assert best_with_random_ties(list(points), key, ScriptedRoller([]), "target") == "two_full"
    del points["two_full"]
    assert best_with_random_ties(list(points), key, ScriptedRoller([]), "target") == "boats"


def _sorted_then_rolled(items: list[Attacker], roll: ScriptedRoller) -> list[Attacker]:
    """order_with_random_ties as first written: sort, then roll the run of equal keys."""
    from paragraphs_raids.dice import pick_at_random

    rest = sorted(items, key=stacks_then_strongest)
    out: list[Attacker] = []
    while rest:
        first = stacks_then_strongest(rest[0])
        tied = [i for i in rest if stacks_then_strongest(i) == first]
        while tied:
            chosen = pick_at_random(tied, roll, "order")
            out.append(chosen)
            tied.remove(chosen)
            rest.remove(chosen)
    return out


def test_ordering_with_random_ties_reads_each_key_once_and_orders_as_before() -> None:
    import random

    rng = random.Random(5)
    for _ in range(200):
        items = [Attacker(f"z{i}", rng.random() < 0.5, rng.randint(1, 4)) for i in range(rng.randint(0, 7))]
        dice = [rng.randint(1, 6) for _ in range(60)]
        assert order_with_random_ties(items, stacks_then_strongest, ScriptedRoller(dice), "order") == _sorted_then_rolled(items, ScriptedRoller(dice))


def test_ordering_stacks_then_strongest_on_int_keys_is_the_plain_ordering() -> None:
    """order_stacks_then_strongest (the key read as one int) orders as
    order_with_random_ties with stacks_then_strongest: the same order and the same dice."""
    import random

    from paragraphs_raids.german_ai import order_stacks_then_strongest

    rng = random.Random(8)
    for _ in range(300):
        items = [Attacker(f"z{i}", rng.random() < 0.5, rng.randint(-2, 9)) for i in range(rng.randint(0, 8))]
        dice = [rng.randint(1, 6) for _ in range(80)]
        plain, fast = ScriptedRoller(dice), ScriptedRoller(dice)
        assert order_stacks_then_strongest(items, fast, "order") == order_with_random_ties(items, stacks_then_strongest, plain, "order")
        assert fast.used == plain.used
    huge = [Attacker("a", False, 1 << 40), Attacker("b", True, 3)]  # beyond the int keys: the plain key
    assert order_stacks_then_strongest(huge, ScriptedRoller([]), "order") == [huge[1], huge[0]]


def test_next_to_move_is_the_most_points_then_map_order() -> None:
    import random

    from paragraphs_raids.german_ai import next_to_move
    from paragraphs_raids.stacks import Factors, Piece, UnitKind

    kinds = [UnitKind(f"k{n}", "german", "infantry", Factors.of(attack=1, defence=1, move=None, points=n)) for n in range(4)]
    rng = random.Random(7)
    order = dict(zip((f"z{i}" for i in range(8)), rng.sample(range(8), 8), strict=True))
    assert next_to_move({}, order) is None
    for _ in range(200):
        ready = {z: [Piece(f"{z}-{j}", rng.choice(kinds)) for j in range(rng.randint(1, 3))] for z in rng.sample(sorted(order), rng.randint(1, 8))}
        expected = min(ready, key=lambda z: (-sum(p.points for p in ready[z]), order[z]))
        assert next_to_move(ready, order) == expected


def test_candidates_and_attackers_are_values_made_by_a_written_init() -> None:
    """Plain classes (a dataclass's generated __init__ stays interpreted in the compiled
    build), equal, hashed and shown by their values as the frozen dataclasses were."""
    for cls in (Candidate, Priority, Attacker):
        code = getattr(cls.__init__, "__code__", None)
        assert code is None or code.co_filename.endswith("german_ai.py"), cls
    c = Candidate("z1", 3, 4)
    assert c == Candidate("z1", 3, 4) and hash(c) == hash(Candidate("z1", 3, 4)) and c != Candidate("z1", 3) and c != Candidate("z2", 3, 4)
    assert Candidate("z1", 3) == Candidate("z1", 3, 0) and repr(c) == "Candidate(zone='z1', cost=3, points=4)"
    a = Attacker("s", True, 5, 2)
    assert a == Attacker("s", True, 5, 2) and hash(a) == hash(Attacker("s", True, 5, 2)) and a != Attacker("s", False, 5, 2)
    assert repr(a) == "Attacker(zone='s', is_stack=True, value=5, points=2)"
    p = Priority("nearest", lambda: [c], enter=False)
    assert p.candidates() == [c] and not p.enter and repr(p) == "Priority(name='nearest', enter=False)"
