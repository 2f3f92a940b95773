"""Markers: action-done markers and the hidden activation markers.

Action done (Bruneval 2.2 and 6; Dieppe 6): a unit or stack that took its action gets a
"DONE" marker (British) or "Alles gemacht" (German); all are removed at the end of the
turn. A marked piece still defends, but its stacking points no longer add to anyone's
combat value (Bruneval 9).

Activation markers (Bruneval 2.2, 3.1 and 12; Dieppe 3.1 and 10) lie face down in the
activation zones. Their back shows how many garrison units appear when the zone is
activated; a marker is used once and then removed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from paragraphs_raids.stacks import Piece


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
        hidden: zone id -> the number its back shows, or None when the caller does not
            know it (a companion board where the player has not looked).
    """

    hidden: dict[str, int | None] = field(default_factory=dict)

    def __contains__(self, zone: str) -> bool:
        return zone in self.hidden

    def __iter__(self) -> Iterator[str]:
        return iter(self.hidden)

    def __len__(self) -> int:
        return len(self.hidden)

    def reveal(self, zone: str) -> int | None:
        """Flip and remove the marker of ``zone`` (activation happens once per zone).

        Returns:
            The number of units it shows (None when unknown).

        Raises:
            KeyError: no marker lies in ``zone``.
        """
        return self.hidden.pop(zone)

    @classmethod
    def deal(
        cls,
        zones: Mapping[str, Iterable[str]],
        pools: Mapping[str, Iterable[int]],
        pick_index: Callable[[int, str], int],
    ) -> ActivationMarkers:
        """Place markers face down at random (Bruneval 3.1; Dieppe 3.1).

        Args:
            zones: marker letter (``A``, ``B``) -> the zones that take one.
            pools: marker letter -> the values shown on the backs of that letter's markers.
            pick_index: given a pool size and a purpose, an index chosen at random (the
                caller rolls through its roller, so dealing is reproducible and journaled).

        Markers left in a pool are set aside. A zone gets nothing once its pool is empty.
        """
        hidden: dict[str, int | None] = {}
        for letter, zone_ids in zones.items():
            pool = list(pools.get(letter, ()))
            for zid in zone_ids:
                if not pool:
                    break
                hidden[zid] = pool.pop(pick_index(len(pool), f"marker {letter} for {zid}"))
        return cls(hidden)
