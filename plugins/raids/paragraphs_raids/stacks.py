"""Units, pieces and stacks: stacking points, the front line, reorganisation.

A counter has a full-strength front and a back (reduced, eliminated, or an objective
achieved). Each side of a counter has its factors and its stacking points; what the
points are (two for a full infantry unit, one for a machine gun...) is title data, so
:class:`Factors` carries them (Bruneval rule 2.3, Dieppe rule 2.2).

A stack is the list of pieces in one zone, top first. The piece on top is the *front
line*: its factor is used in combat and it takes the result. German stacks are kept with
the highest attack factor on top (Bruneval 2.3 and 9; Dieppe's "highest FF"); the British
player arranges his own stacks, so the caller passes the order it wants.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

BRITISH = "british"
GERMAN = "german"


@dataclass(frozen=True, slots=True)
class Factors:
    """One side of a counter.

    Attributes:
        attack: attack factor.
        defence: defence factor.
        move: printed movement capacity; None when the title computes it (the German
            alert-level movement of Bruneval 8.2).
        points: stacking points of this side.
    """

    attack: int
    defence: int
    move: int | None
    points: int


@dataclass(frozen=True, slots=True)
class UnitKind:
    """A kind of counter.

    Attributes:
        id: stable id (``paratrooper``, ``machine_gun``).
        side: ``british`` or ``german``.
        role: what the title does with it (``infantry``, ``officer``, ``radar_operator``,
            ``machine_gun``, ``pillbox``, ``boat``...).
        full: the front of the counter.
        reduced: the back when it is a reduced unit; None when a hit eliminates it
            (officers, boats, radar operators).
        infantry: whether its stacking points add to a stack's combat value.
        mobile: whether it ever moves by itself (machine guns and pillboxes do not).
    """

    id: str
    side: str
    role: str
    full: Factors
    reduced: Factors | None = None
    infantry: bool = False
    mobile: bool = True


@dataclass(slots=True, eq=False)
class Piece:
    """A counter on the board (mutable: it is reduced, moves, takes actions).

    Attributes:
        id: counter id (``685-1``).
        kind: its :class:`UnitKind`.
        name: display name (``685/1``).
        group: the group it belongs to (``drake``, ``garrison``), or "".
        zone: where it stands ("" when off the map).
        reduced: showing its back.
        acted: carries an action-done marker this phase.
        carrying: objects it carries (a prisoner, a dismantled radar).
    """

    id: str
    kind: UnitKind
    name: str = ""
    group: str = ""
    zone: str = ""
    reduced: bool = False
    acted: bool = False
    carrying: list[str] = field(default_factory=list)

    @property
    def side(self) -> str:
        return self.kind.side

    @property
    def factors(self) -> Factors:
        if self.reduced and self.kind.reduced is not None:
            return self.kind.reduced
        return self.kind.full

    @property
    def attack(self) -> int:
        return self.factors.attack

    @property
    def defence(self) -> int:
        return self.factors.defence

    @property
    def points(self) -> int:
        return self.factors.points

    @property
    def role(self) -> str:
        return self.kind.role

    def label(self) -> str:
        return (self.name or self.id) + (" (reduced)" if self.reduced else "")


def stack_points(pieces: Iterable[Piece]) -> int:
    """Stacking points of a stack (rule 2.3): the sum of each piece's current side."""
    return sum(p.points for p in pieces)


def fits(pieces: Iterable[Piece], limit: int) -> bool:
    """Whether the pieces respect a zone's stacking limit."""
    return stack_points(pieces) <= limit


def bonus_points(pieces: Iterable[Piece], front: Piece, counts: Callable[[Piece], bool]) -> int:
    """Stacking points that add to the front line's value: pieces other than ``front``
    that have not acted and that ``counts`` accepts (infantry; LCAs under an option)."""
    return sum(p.points for p in pieces if p is not front and not p.acted and counts(p))


def german_order(piece: Piece) -> tuple[int, int, int]:
    """Sort key putting the highest attack factor on top; full strength before reduced.

    Pieces that never take the front line while others are present (radar operators,
    Bruneval 2.3) go under everything.
    """
    return (1 if piece.role == "radar_operator" else 0, -piece.attack, 1 if piece.reduced else 0)


def reorganise_german(stack: list[Piece]) -> None:
    """Reorganise a German stack in place after a combat or a move (rule 9).

    The sort is stable, so equal pieces keep their order.
    """
    stack.sort(key=german_order)


def front_line(stack: Sequence[Piece], last_resort: Iterable[str] = ("officer", "radar_operator")) -> Piece | None:
    """The piece on the front line: the top piece that is not a last-resort role.

    Officers and radar operators only hold the front line when nothing else is in the
    zone (Bruneval 2.3 and 9: they defend themselves when alone).
    """
    roles = set(last_resort)
    for piece in stack:
        if piece.role not in roles:
            return piece
    return stack[0] if stack else None


def hit(piece: Piece) -> bool:
    """Apply one hit: flip a full unit to its back, eliminate a reduced one.

    Units without a reduced side (officers, boats, radar operators) are eliminated at
    once. Returns True when the piece is eliminated.
    """
    if not piece.reduced and piece.kind.reduced is not None:
        piece.reduced = True
        return False
    return True
