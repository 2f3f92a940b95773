"""The bookkeeping of a raid board: stacks per zone, stacking points, placing and lifting.

Both raid titles keep their board the same way: the pieces of each zone in a list, top
first; units embarked in a boat leave the map and are listed under it (``aboard``); a
German stack is kept in the title's order after every change. :class:`RaidState` holds
that bookkeeping; a title's game state subclasses it and adds its own objectives.

What differs between titles is data: the zones where only boats count toward the limit
(Bruneval's embarkation zones; Dieppe's D/E zones count "4 x LCA"), the German order, and
which cargo counts in a boat's load.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, Final

from mypy_extensions import mypyc_attr

from paragraphs_raids.stacks import BRITISH, GERMAN, NO_IDS, NO_PIECES, Piece, reorganise_german
from paragraphs_raids.zonemap import ZoneMap

BOAT: Final = "boat"


# Titles subclass it in their own distributions (and tests subclass it): the compiled
# build (mypyc) lets interpreted classes subclass this one only when asked to.
@mypyc_attr(allow_interpreted_subclasses=True)
class RaidState:
    """Stacks on a zone map (mixed into a title's game state, which provides the fields).

    The state provides ``stacks`` (zone -> pieces, top first), ``pieces`` (id -> piece),
    ``aboard`` (boat id -> cargo ids), and the properties :attr:`zmap`,
    :attr:`boat_only_zones` and :attr:`german_key`.
    """

    stacks: dict[str, list[Piece]]
    pieces: dict[str, Piece]
    aboard: dict[str, list[str]]

    @property
    def zmap(self) -> ZoneMap:
        raise NotImplementedError

    @property
    def boat_only_zones(self) -> frozenset[str]:
        """Zones whose limit counts boats only."""
        return frozenset()

    @property
    def german_key(self) -> Callable[[Piece], Any]:
        """The sort key of a German stack (strongest on top)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ reading
    def stack(self, zone: str) -> list[Piece]:
        """The pieces in ``zone``, top first (the list itself: callers may reorder it)."""
        stack = self.stacks.get(zone)
        if stack is None:  # (setdefault would build an empty list on every call)
            stack = self.stacks[zone] = []
        return stack

    def side_in(self, zone: str) -> str | None:
        """``british``, ``german`` or None for an empty zone (the side of its top piece)."""
        for p in self.stacks.get(zone, NO_PIECES):
            return p.side
        return None

    def british_zones(self) -> set[str]:
        return self.zones_of_side(BRITISH)

    def german_zones(self) -> set[str]:
        return self.zones_of_side(GERMAN)

    def zones_of_side(self, side: str) -> set[str]:
        """The zones whose top piece is of ``side`` (:meth:`side_in`)."""
        # A loop that stops at the top piece: in the compiled build a comprehension's
        # ``s and s[0]`` tested each list's truth through Python's generic call, and the
        # sides' zones are read for every stack of the board several times a turn.
        zones: set[str] = set()
        for z, s in self.stacks.items():
            for p in s:
                if p.side == side:
                    zones.add(z)
                break
        return zones

    def zones_of_sides(self) -> tuple[set[str], set[str]]:
        """:meth:`british_zones` and :meth:`german_zones` in one pass over the stacks
        (German combat reads both every turn)."""
        british: set[str] = set()
        german: set[str] = set()
        for z, s in self.stacks.items():
            for p in s:
                side = p.side
                if side == BRITISH:
                    british.add(z)
                elif side == GERMAN:
                    german.add(z)
                break
        return british, german

    def on_map(self, side: str | None = None) -> Iterator[Piece]:
        # Two loops rather than one test per piece: games ask this hundreds of times a turn.
        if side is None:
            for s in self.stacks.values():
                yield from s
            return
        for s in self.stacks.values():
            for p in s:
                if p.side == side:
                    yield p

    def counts_for_stacking(self, zone: str, piece: Piece) -> bool:
        """Whether ``piece`` counts toward ``zone``'s limit (boat-only zones count boats)."""
        if zone in self.boat_only_zones:
            return piece.role == BOAT
        return True

    def points_in(self, zone: str, pieces: Iterable[Piece] | None = None) -> int:
        """Stacking points that count in ``zone`` (of ``pieces``, or of its stack)."""
        # A list either way (the stack's own, or the pieces given, most often a list):
        # the compiled build walks a list natively, an Iterable through Python's protocol.
        source: list[Piece]
        if pieces is None:
            source = self.stacks.get(zone, NO_PIECES)
        else:
            source = pieces if isinstance(pieces, list) else list(pieces)
        # Only boat-only zones leave pieces out (see counts_for_stacking); elsewhere every
        # piece counts, and this is asked for every zone a unit might stop in.
        if zone in self.boat_only_zones:
            return sum(p.points for p in source if self.counts_for_stacking(zone, p))
        # A plain loop: stacks hold a few pieces, and a generator costs more to start
        # than summing them.
        total = 0
        for p in source:
            total += p.points
        return total

    def room_for(self, zone: str, newcomers: Iterable[Piece]) -> bool:
        """Whether ``newcomers`` can stop in ``zone`` without breaking its stacking limit."""
        return self.points_in(zone) + self.points_in(zone, newcomers) <= self.zmap.zone(zone).stacking

    # Plain loops in these readings rather than comprehensions: they are asked for every
    # zone and boat a phase weighs, mostly of a few pieces or none.
    def boats_in(self, zone: str) -> list[Piece]:
        boats = []
        for p in self.stacks.get(zone, NO_PIECES):
            if p.role == BOAT:
                boats.append(p)
        return boats

    def cargo_points(self, boat: Piece, counts: Callable[[Piece], bool] = lambda p: True) -> int:
        """Stacking points embarked in ``boat`` of the cargo ``counts`` accepts."""
        total = 0
        pieces = self.pieces
        for c in self.aboard.get(boat.id, NO_IDS):
            p = pieces[c]
            if counts(p):
                total += p.points
        return total

    # ------------------------------------------------------------------ placing
    def place(self, piece: Piece, zone: str, *, top: bool = False) -> None:
        """Put a piece in ``zone`` (a German stack is then put in order)."""
        if piece.zone:
            self.lift(piece)
        piece.zone = zone
        stack = self.stack(zone)
        if top:
            stack.insert(0, piece)
        else:
            stack.append(piece)
        if piece.side == GERMAN and len(stack) > 1:
            reorganise_german(stack, self.german_key)

    def lift(self, piece: Piece) -> None:
        """Take a piece off the map (it keeps its id; where it goes is the caller's business)."""
        if piece.zone:
            stack = self.stacks.get(piece.zone)
            if stack is not None and piece in stack:
                stack.remove(piece)
            piece.zone = ""

    def move_pieces(self, pieces: Iterable[Piece], zone: str) -> None:
        """Place the pieces in ``zone`` one after another, as :meth:`place` would."""
        movers = list(pieces)
        if not movers:
            return
        for p in movers:
            if p.side != GERMAN:  # any other piece among them: one by one, as place would
                for q in movers:
                    self.place(q, zone)
                return
        # Germans only: the stack is sorted once after they all arrive. The sort is
        # stable, so equal pieces end in arrival order, as after one sort per piece.
        # (The zone's list read once: lifting never adds nor drops a zone's entry.)
        stack = self.stack(zone)
        for p in movers:
            if p.zone:
                self.lift(p)
            p.zone = zone
            stack.append(p)
        if len(stack) > 1:
            reorganise_german(stack, self.german_key)
