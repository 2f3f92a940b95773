"""Markers: action-done markers and the hidden activation markers.

Action done (Bruneval 2.2 and 6; Dieppe 6): a unit or stack that took its action gets a
"DONE" marker (British) or "Alles gemacht" (German). When they come off is the title's
sequence of play: Bruneval lifts both sides' at the end of the turn (phase F), Dieppe
lifts the British ones in phase C and the German ones in phase E. A marked piece still
defends, but its stacking points no longer add to anyone's combat value (Bruneval 9).

Activation markers (Bruneval 2.2, 3.1 and 12; Dieppe 3.1 and 10) lie face down in the
activation zones. Their back (:class:`MarkerBack`) shows the units that appear when the
zone is activated: a number of garrison units of any type (Bruneval: 1x or 3x), units by
type (Dieppe: infantry, MG, officer), or an obstacle (Dieppe: mines, barbed wire). A
marker is used once and then removed. The garrison units come out of a
:class:`Container`, by type, in order or at random.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from paragraphs_raids.dice import Roller, pick_at_random
from paragraphs_raids.pickling import by_fields
from paragraphs_raids.stacks import Piece

#: The type of a back that asks for units of any type (Bruneval's "1x" and "3x").
ANY: Final = "any"


@dataclass(frozen=True, slots=True)
class MarkerBack:
    """What the back of an activation marker shows.

    Attributes:
        units: (unit type, how many) in printed order; type :data:`ANY` for any unit.
        obstacle: an obstacle left on the map instead of units (``mines``, ``wire``).
    """

    units: tuple[tuple[str, int], ...] = ()
    obstacle: str | None = None

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_fields(self)  # see paragraphs_raids.pickling

    @classmethod
    def count(cls, n: int) -> MarkerBack:
        """A back showing ``n`` units of any type (Bruneval 2.2)."""
        return cls(((ANY, n),))

    @property
    def total(self) -> int:
        """How many units the back calls for."""
        return sum(n for _, n in self.units)

    def describe(self) -> str:
        if self.obstacle:
            return self.obstacle
        return ", ".join(f"{n}x" if t == ANY else f"{t} x{n}" for t, n in self.units) or "nothing"


class Container:
    """Counters set aside to be drawn later (a garrison, reinforcements), by type.

    Args:
        pieces: counter ids, in content order.
        type_of: the type of a counter (its unit kind, its role...).

    Bruneval draws its garrison in content order (its rule 3.2 ruling); Dieppe draws
    at random by type (rules 3.1 and 8), which :meth:`draw` does when given a roller.
    A type that has run out places nobody (Dieppe ruling R5, Bruneval 3.2).
    """

    def __init__(self, pieces: Iterable[str], type_of: Callable[[str], str]) -> None:
        self.left: list[str] = list(pieces)
        self.type_of = type_of

    def __len__(self) -> int:
        return len(self.left)

    def __iter__(self) -> Iterator[str]:
        return iter(self.left)

    def of_type(self, unit_type: str) -> list[str]:
        return [c for c in self.left if unit_type == ANY or self.type_of(c) == unit_type]

    def draw(self, unit_type: str, n: int, roll: Roller | None = None, purpose: str = "draw") -> list[str]:
        """Take up to ``n`` counters of ``unit_type`` out (fewer when it runs out).

        Without ``roll`` the first ones in content order; with it, each one at random
        among those of the type left (a d6 read as :func:`pick_at_random` does).
        """
        out: list[str] = []
        for _ in range(n):
            choices = self.of_type(unit_type)
            if not choices:
                break
            chosen = choices[0] if roll is None else pick_at_random(choices, roll, f"{purpose}: {unit_type}")
            self.left.remove(chosen)
            out.append(chosen)
        return out

    def draw_back(self, back: MarkerBack, roll: Roller | None = None, purpose: str = "draw") -> list[str]:
        """Every unit a marker's back calls for, type by type."""
        out: list[str] = []
        for unit_type, n in back.units:
            out += self.draw(unit_type, n, roll, purpose)
        return out


def mark_done(pieces: Iterable[Piece]) -> None:
    """Put an action-done marker on each piece."""
    for p in pieces:
        p.acted = True


def clear_done(pieces: Iterable[Piece]) -> None:
    """Remove every action-done marker (end of turn)."""
    for p in pieces:
        p.acted = False


@dataclass
class ActivationMarkers:
    """The activation markers still face down on the map.

    Attributes:
        hidden: zone id -> what its back shows, or None when the caller does not know it
            (a companion board where the player has not looked).
    """

    hidden: dict[str, MarkerBack | None] = field(default_factory=dict)

    def __contains__(self, zone: str) -> bool:
        return zone in self.hidden

    def __iter__(self) -> Iterator[str]:
        return iter(self.hidden)

    def __len__(self) -> int:
        return len(self.hidden)

    def reveal(self, zone: str) -> MarkerBack | None:
        """Flip and remove the marker of ``zone`` (activation happens once per zone).

        Returns:
            What its back shows (None when unknown).

        Raises:
            KeyError: no marker lies in ``zone``.
        """
        return self.hidden.pop(zone)

    @classmethod
    def deal(
        cls,
        zones: Mapping[str, Iterable[str]],
        pools: Mapping[str, Sequence[MarkerBack]],
        pick_index: Callable[[int, str], int],
    ) -> ActivationMarkers:
        """Place markers face down at random (Bruneval 3.1; Dieppe 3.1).

        Args:
            zones: marker letter (``A``, ``B``) -> the zones that take one.
            pools: marker letter -> the backs of that letter's markers.
            pick_index: given a pool size and a purpose, an index chosen at random (the
                caller rolls through its roller, so dealing is reproducible and journaled).

        Markers left in a pool are set aside. A zone gets nothing once its pool is empty.
        """
        hidden: dict[str, MarkerBack | None] = {}
        for letter, zone_ids in zones.items():
            pool = list(pools.get(letter, ()))
            for zid in zone_ids:
                if not pool:
                    break
                hidden[zid] = pool.pop(pick_index(len(pool), f"marker {letter} for {zid}"))
        return cls(hidden)

    @classmethod
    def deal_with_roller(cls, zones: Mapping[str, Iterable[str]], pools: Mapping[str, Sequence[MarkerBack]], roll: Roller, purpose: str = "set-up") -> ActivationMarkers:
        """:meth:`deal`, each pick rolled with a d6 through ``roll`` (journaled).

        Written out rather than calling :meth:`deal` with a picking closure: every game's
        set-up deals a marker per zone, and the closure was a generic Python call per
        marker in compiled code (Dieppe's tests/test_fast_paths.py compares the two)."""
        hidden: dict[str, MarkerBack | None] = {}
        for letter, zone_ids in zones.items():
            pool = list(pools.get(letter, ()))
            for zid in zone_ids:
                if not pool:
                    break
                hidden[zid] = pool.pop(pick_at_random(list(range(len(pool))), roll, f"{purpose}: marker {letter} for {zid}"))
        return cls(hidden)
