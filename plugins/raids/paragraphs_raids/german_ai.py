"""German automatic play: priority lists with random tie-breaks, and walking toward a goal.

Bruneval rule 8.2 moves German units toward the first feasible goal of a priority list
(nearest British stack with the most stacking points, nearest British unit, nearest German
stack to join...), along the cheapest route, breaking equal situations with 1D6. Rule 9.1
orders German combats (stacks by modified attack, then single units) and picks targets
(most British stacking points, then a boat). Dieppe (9.3, 11.1) uses other keys with the
same machinery, so the keys and the list of priorities are parameters here; only the
mechanics (cheapest first, ties at random, step by step along equal routes) are fixed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final, TypeVar

from paragraphs_raids.dice import Roller, pick_at_random
from paragraphs_raids.stacks import Piece
from paragraphs_raids.zonemap import ZoneMap

T = TypeVar("T")


def best_with_random_ties(items: Sequence[T], key: Callable[[T], Any], roll: Roller, purpose: str) -> T | None:
    """The item with the smallest ``key``; equal keys are settled with a d6."""
    if not items:
        return None
    keys = [key(i) for i in items]
    best = min(keys)
    tied = [i for i, k in zip(items, keys, strict=True) if k == best]
    return pick_at_random(tied, roll, purpose)


def order_with_random_ties(items: Iterable[T], key: Callable[[T], Any], roll: Roller, purpose: str) -> list[T]:
    """Sort by ``key`` (smallest first); items with equal keys are put in random order."""
    listed = list(items)
    keys = [key(i) for i in listed]  # each key made once (German combat orders every turn)
    return _rolled_in_key_order(listed, keys, roll, purpose)


def _rolled_in_key_order(listed: list[T], keys: list[Any], roll: Roller, purpose: str) -> list[T]:
    """:func:`order_with_random_ties` once each item's key is known (``keys[i]`` of
    ``listed[i]``)."""
    # The items' indices sorted by key, stable, by insertion (a German turn orders a few
    # attackers): sorted(range(n), key=keys.__getitem__) was a keyword call into C.
    n = len(listed)
    ranked = list(range(n))
    for i in range(1, n):
        k = keys[i]
        j = i
        while j > 0 and keys[ranked[j - 1]] > k:  # after every equal key: stable
            ranked[j] = ranked[j - 1]
            j -= 1
        ranked[j] = i
    out: list[T] = []
    j = 0
    while j < n:
        # The next run of equal keys, in sorted order, rolled for one by one.
        first = keys[ranked[j]]
        tied = []
        while j < n and keys[ranked[j]] == first:
            tied.append(listed[ranked[j]])
            j += 1
        while tied:
            chosen = pick_at_random(tied, roll, purpose)
            out.append(chosen)
            tied.remove(chosen)
    return out


# Candidate, Priority and Attacker are plain classes with their __init__ written out rather
# than frozen dataclasses: the compiled build compiles a written __init__ (the fields are
# set natively), while a dataclass's generated __init__ stays interpreted and sets each
# field through object.__setattr__, and the Germans make dozens of these every turn. The
# fields are Final (read-only; the compiled build refuses a write at run time too);
# equality, hashing and repr are the values', as a frozen dataclass's.
class Candidate:
    """A zone a German unit could head for under one priority.

    Attributes:
        zone: the goal.
        cost: movement points of the cheapest route to it.
        points: stacking points there (ties go to the larger stack).
    """

    def __init__(self, zone: str, cost: int, points: int = 0) -> None:
        self.zone: Final = zone
        self.cost: Final = cost
        self.points: Final = points

    def _key(self) -> tuple[str, int, int]:
        return (self.zone, self.cost, self.points)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Candidate) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Candidate(zone={self.zone!r}, cost={self.cost}, points={self.points})"


class Priority:
    """One line of a movement priority list.

    Attributes:
        name: what the line says (shown in the journal).
        candidates: the goals it offers now; empty when the line is not feasible.
        enter: whether the mover may end in the goal (joining friends) or stops short of
            it (an enemy zone).
    """

    def __init__(self, name: str, candidates: Callable[[], list[Candidate]], enter: bool) -> None:
        self.name: Final = name
        self.candidates: Final = candidates
        self.enter: Final = enter

    def __repr__(self) -> str:
        return f"Priority(name={self.name!r}, enter={self.enter})"


def nearest_then_largest(c: Candidate) -> tuple[int, int]:
    """Bruneval 8.2: the nearest goal; among equally near ones, the most stacking points."""
    return (c.cost, -c.points)


def choose_goal(
    priorities: Sequence[Priority],
    roll: Roller,
    key: Callable[[Candidate], Any] = nearest_then_largest,
) -> tuple[Priority, Candidate] | None:
    """The goal of the first feasible priority; ties between goals are rolled for."""
    for priority in priorities:
        found = priority.candidates()
        if not found:
            continue
        goal = best_with_random_ties(found, key, roll, f"German goal ({priority.name}): equal choices")
        assert goal is not None
        return priority, goal
    return None


def walk_toward(
    zmap: ZoneMap,
    start: str,
    goal: str,
    allowance: int,
    roll: Roller,
    *,
    impassable: Iterable[str] = (),
    enter_goal: bool,
) -> list[str]:
    """The zones a unit enters, in order, going from ``start`` toward ``goal``.

    It follows a cheapest route; where several next zones are equally good, a d6 picks
    one (Bruneval 8.2 example: odd to one side, even to the other). It stops when the
    next connection costs more than the points left, or when the next zone is the goal
    and ``enter_goal`` is false (an enemy zone cannot be entered).
    """
    blocked = set(impassable)
    to_goal = zmap.costs_to(goal, impassable=blocked)

    def step_cost(here: str, nxt: str) -> int:
        cost = zmap.step_cost(here, nxt)
        assert cost is not None
        return cost

    return walk_along(
        start,
        goal,
        allowance,
        roll,
        next_zones=lambda here: zmap.next_steps(here, to_goal, impassable=blocked),
        step_cost=step_cost,
        enter_goal=enter_goal,
    )


def walk_along(
    start: str,
    goal: str,
    allowance: int,
    roll: Roller,
    *,
    next_zones: Callable[[str], Sequence[str]],
    step_cost: Callable[[str, str], int],
    enter_goal: bool,
) -> list[str]:
    """The walk of :func:`walk_toward` over routes a caller already knows.

    ``next_zones(here)`` gives the next zones of the cheapest routes from ``here`` toward
    ``goal`` in map order (empty where there are none, and at the goal); a title that
    keeps its own route table walks with it and rolls its ties exactly as
    :func:`walk_toward` does, so the same seed gives the same walk.
    """
    path: list[str] = []
    here = start
    left = allowance
    while here != goal:
        options = next_zones(here)
        if not options:
            break
        nxt = pick_at_random(options, roll, f"German route from {here}: equal routes") if len(options) > 1 else options[0]
        if nxt == goal and not enter_goal:
            break
        cost = step_cost(here, nxt)
        if cost > left:
            break
        left -= cost
        path.append(nxt)
        here = nxt
    return path


# --------------------------------------------------------------------------- combat priorities


class Attacker:
    """A German stack or single unit able to attack, as the combat priorities see it
    (a plain class: see Candidate).

    Attributes:
        zone: where it stands.
        is_stack: more than one unit able to fight there.
        value: its modified attack factor (front line + stack + officer).
        points: its stacking points (Dieppe orders by them).
    """

    def __init__(self, zone: str, is_stack: bool, value: int, points: int = 0) -> None:
        self.zone: Final = zone
        self.is_stack: Final = is_stack
        self.value: Final = value
        self.points: Final = points

    def _key(self) -> tuple[str, bool, int, int]:
        return (self.zone, self.is_stack, self.value, self.points)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Attacker) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Attacker(zone={self.zone!r}, is_stack={self.is_stack}, value={self.value}, points={self.points})"


def stacks_then_strongest(a: Attacker) -> tuple[int, int]:
    """Bruneval 9.1: stacks first, by modified attack (highest first), then single units."""
    return (0 if a.is_stack else 1, -a.value)


#: Above any modified attack: :func:`stacks_then_strongest` read as one int, singles after stacks.
_SINGLE: Final = 1 << 30


def order_stacks_then_strongest(attackers: list[Attacker], roll: Roller, purpose: str) -> list[Attacker]:
    """``order_with_random_ties(attackers, stacks_then_strongest, roll, purpose)``, the same
    order and the same dice (tests/test_german_ai.py compares the two), with each key read
    as one int made here: the key function was called through Python's generic call for
    every attacker, every German combat phase, and made a tuple each time."""
    keys: list[Any] = []
    for a in attackers:
        if not -_SINGLE < a.value < _SINGLE:  # (never for the factors of a raid: the plain key then)
            return order_with_random_ties(attackers, stacks_then_strongest, roll, purpose)
        keys.append((0 if a.is_stack else 2 * _SINGLE) - a.value)
    return _rolled_in_key_order(attackers, keys, roll, purpose)


def most_levels_first(a: Attacker) -> tuple[int]:
    """Dieppe 11.1: the stack with the most levels fires first (ties are rolled for)."""
    return (-a.points,)


def fewest_levels(points: Callable[[str], int]) -> Callable[[str], tuple[int]]:
    """Dieppe 11.1's target key: the adjacent British stack with the fewest levels."""

    def key(zone: str) -> tuple[int]:
        return (points(zone),)

    return key


def most_points_then_boat(points: Callable[[str], int], has_boat: Callable[[str], bool]) -> Callable[[str], tuple[int, int]]:
    """Bruneval 9.1's target key: the zone with the most British stacking points, then a
    zone holding a boat (Dieppe 11.1 would rank the fewest levels first instead)."""

    def key(zone: str) -> tuple[int, int]:
        return (-points(zone), 0 if has_boat(zone) else 1)

    return key



# --------------------------------------------------------------------------- moving stacks


def next_to_move(ready: dict[str, list[Piece]], order: dict[str, int]) -> str | None:
    """The zone whose movers go next: the most stacking points first, then map order.

    Bruneval 8.2 (ruling) and Dieppe 9.3 ("the largest stack moves first") both move the
    German stacks in this order; None when nobody is ready.
    """
    # One pass keeping the best zone, as min() over the zones with the key (-points, map
    # rank) would (ranks differ, so no two keys are equal): asked before every German
    # move, it made a function and a generator per zone, then a key tuple. Typed dicts
    # and lists: the compiled build reads them natively.
    first: str | None = None
    best_points = 0
    best_rank = 0
    for zone, movers in ready.items():
        points = 0
        for p in movers:
            points += p.points
        rank = order[zone]
        if first is None or points > best_points or (points == best_points and rank < best_rank):
            first, best_points, best_rank = zone, points, rank
    return first


def surplus(movers: Sequence[Piece], over: int, key: Callable[[Piece], Any]) -> list[Piece]:
    """The arriving units to leave behind so that ``over`` surplus points disappear.

    The movers are sorted by ``key`` (strongest first, e.g. ``strongest_on_top``) and the
    weakest are dropped one by one, as few as needed (Bruneval 8.2; Dieppe 9.3: the
    smallest FF stays behind). Returns them weakest first; empty when ``over`` <= 0.
    """
    staying = sorted(movers, key=key)
    left: list[Piece] = []
    while staying and over > 0:
        piece = staying.pop()
        left.append(piece)
        over -= piece.points
    return left
