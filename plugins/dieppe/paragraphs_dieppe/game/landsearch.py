"""Land route searches that stop once they know enough (issue 14).

The raids layer's ``ZoneMap.path_costs`` and ``ZoneMap.costs_to`` search the whole map
every time. A German stack only needs the zones up to its nearest goal, and the British
player only the zones nearer its goal than the stack that walks there: on the Dieppe map
that is a third to two thirds of it. :func:`land_search` starts the raids layer's
:class:`~paragraphs_raids.zonemap.LevelSearch` (the map's own search, run one cost level
at a time, only as far as a question needs, and resumable) on the land lines of the
scenario's lookups. Every cost it answers is the one the whole
search gives, and the zones come in the same order (the order they were first reached),
so the dice the callers roll among equal choices fall the same way.
``tests/test_fast_paths.py`` compares it with the map's searches on random boards.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from paragraphs_raids.zonemap import FAR, LevelSearch

from paragraphs_dieppe.lookups import Lookups

__all__ = ["FAR", "LevelSearch", "land_search"]


def land_search(lookups: Lookups, origin: str, closed: Iterable[str] = (), stops: Collection[str] = (), weights: Mapping[str, int] | None = None) -> LevelSearch:
    """A land search from ``origin`` over the scenario's land lines (see :class:`LevelSearch`)."""
    return LevelSearch(lookups.names, lookups.order, lookups.land_lines, origin, closed, stops, weights)
