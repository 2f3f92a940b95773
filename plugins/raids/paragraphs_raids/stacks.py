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

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from paragraphs_raids.pickling import by_fields

BRITISH: Final = "british"
GERMAN: Final = "german"

#: Bruneval's factor names (rule 2.1); Dieppe's counters read fire, assault, movement.
ATTACK: Final = "attack"
DEFENCE: Final = "defence"


@dataclass(frozen=True, slots=True)
class Factors:
    """One side of a counter.

    Attributes:
        values: the counter's named combat factors, as the title calls them (Bruneval:
            ``attack``, ``defence``; Dieppe: ``fire``, ``assault``), in printed order.
        move: printed movement capacity; None when the title computes it (the German
            alert-level movement of Bruneval 8.2).
        points: stacking points of this side.
    """

    values: tuple[tuple[str, int], ...]
    move: int | None
    points: int
    # Bruneval's two factors, read once: combat and the German ordering read them for
    # every piece of every stack, many times a turn.
    attack: int = field(init=False, repr=False, compare=False)
    defence: int = field(init=False, repr=False, compare=False)
    # The factors by name, for Dieppe's fire and assault read as often.
    _by_name: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_name", dict(reversed(self.values)))  # the first of a repeated name, as before
        object.__setattr__(self, "attack", self.get(ATTACK))
        object.__setattr__(self, "defence", self.get(DEFENCE))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_fields(self)  # see paragraphs_raids.pickling

    @classmethod
    def of(cls, *, move: int | None, points: int, **values: int) -> Factors:
        """``Factors.of(fire=3, assault=4, move=3, points=2)``."""
        return cls(tuple(values.items()), move, points)

    def __getitem__(self, name: str) -> int:
        try:
            return self._by_name[name]
        except KeyError:
            raise KeyError(f"no factor {name!r} on this counter (it has: {', '.join(k for k, _ in self.values) or 'none'})") from None

    def get(self, name: str, default: int = 0) -> int:
        return self._by_name.get(name, default)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(k for k, _ in self.values)



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

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_fields(self)  # see paragraphs_raids.pickling


# In this compiled module rather than in a title's scenario: every game's set-up reads the
# kind, group and name of each of its counters (79 in Dieppe), natively when compiled.
@dataclass(frozen=True, slots=True)
class CounterSpec:
    """One counter of a raid game as its content lists it: its kind, group and display name."""

    id: str
    kind: UnitKind
    group: str
    name: str

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_fields(self)  # see paragraphs_raids.pickling


def sort_by_keys(pieces: list[Piece], keys: list[int]) -> None:
    """Sort ``pieces`` in place by ``keys`` (one int per piece, reordered along), smallest
    first and stable: ``pieces.sort(key=...)`` for the few pieces of a stack, written out
    so that compiled code compares ints instead of calling a key per piece."""
    for i in range(1, len(pieces)):
        p = pieces[i]
        k = keys[i]
        j = i
        while j > 0 and keys[j - 1] > k:  # after every piece of an equal key: stable
            pieces[j] = pieces[j - 1]
            keys[j] = keys[j - 1]
            j -= 1
        pieces[j] = p
        keys[j] = k


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

    # A plain class rather than a dataclass: ``reduced`` is a property (it keeps the
    # copied factors in step), which the compiled build (mypyc) accepts only when the
    # class body defines it; a dataclass field cannot share its name.
    __slots__ = ("id", "kind", "name", "group", "zone", "acted", "carrying", "side", "role", "factors", "points", "attack", "defence", "_reduced")

    def __init__(
        self,
        id: str,
        kind: UnitKind,
        name: str = "",
        group: str = "",
        zone: str = "",
        reduced: bool = False,
        acted: bool = False,
        carrying: list[str] | None = None,
    ) -> None:
        self.id = id
        self.kind = kind
        self.name = name
        self.group = group
        self.zone = zone
        self.acted = acted
        self.carrying: list[str] = [] if carrying is None else carrying
        # The kind's side and role, copied once: games read them millions of times, and
        # a piece never changes kind.
        self.side = kind.side
        self.role = kind.role
        # The side showing (factors, points, attack, defence), set by ``reduced``:
        # stacking points and factors are read for every piece of every stack many
        # times a turn, and only a hit or a board file ever flips a counter.
        # (the ``reduced`` setter's work, written out: every game makes all its pieces)
        self._reduced = reduced
        showing = self.factors = kind.reduced if reduced and kind.reduced is not None else kind.full
        self.points = showing.points
        self.attack = showing.attack
        self.defence = showing.defence

    @property
    def reduced(self) -> bool:
        """Showing its back."""
        return self._reduced

    @reduced.setter
    def reduced(self, value: bool) -> None:
        self._reduced = value
        kind = self.kind
        showing = self.factors = kind.reduced if value and kind.reduced is not None else kind.full
        self.points = showing.points
        self.attack = showing.attack
        self.defence = showing.defence

    def __repr__(self) -> str:
        return (
            f"Piece(id={self.id!r}, kind={self.kind!r}, name={self.name!r}, group={self.group!r}, zone={self.zone!r}, "
            f"reduced={self._reduced!r}, acted={self.acted!r}, carrying={self.carrying!r})"
        )

    def factor(self, name: str) -> int:
        """The named factor of the side showing (``fire``, ``assault``, ``attack``...)."""
        return self.factors[name]

    def label(self) -> str:
        return (self.name or self.id) + (" (reduced)" if self._reduced else "")


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


#: Reads one factor of a piece: combat, German ordering and surplus take one.
FactorSelector = Callable[[Piece], int]


def factor(name: str) -> FactorSelector:
    """A selector for the named factor (``factor("fire")`` for Dieppe 11.1)."""

    def select(piece: Piece) -> int:
        return piece.factors[name]

    select.__name__ = f"factor_{name}"
    return select


def attack_factor(piece: Piece) -> int:
    """Bruneval's attack factor (the default selector of the attacker)."""
    return piece.attack


def defence_factor(piece: Piece) -> int:
    """Bruneval's defence factor (the default selector of the defender)."""
    return piece.defence


def strongest_on_top(select: FactorSelector = attack_factor, last: Iterable[str] = ()) -> Callable[[Piece], tuple[int, int, int]]:
    """A sort key putting the highest ``select`` factor on top, full strength before reduced.

    Roles in ``last`` go under everything (Bruneval's radar operators, rule 2.3, never
    hold the front line while other units are there). Bruneval sorts on the attack factor
    (rule 2.3), Dieppe on FF (rule 2.2).
    """
    roles = frozenset(last)
    # Every German placing sorts its stack with this key: the piece's own copies of its
    # role and side showing are read directly (False/True order as 0/1 would), and
    # Bruneval's attack factor without a call.
    if select is attack_factor:
        return _StrongestAttackOnTop(roles)  # (the key as a class reorganise_german knows)
    else:

        def key(piece: Piece) -> tuple[int, int, int]:
            return (piece.role in roles, -select(piece), piece._reduced)

    return key


class _StrongestAttackOnTop:
    """:func:`strongest_on_top`'s key on the attack factor (Bruneval's German order): a
    class, so that :func:`reorganise_german` knows it and sorts without calling it."""

    def __init__(self, roles: frozenset[str]) -> None:
        self.roles = roles

    def __call__(self, piece: Piece) -> tuple[int, int, int]:
        return (piece.role in self.roles, -piece.attack, piece._reduced)


def reorganise_german(stack: list[Piece], key: Callable[[Piece], Any]) -> None:
    """Reorganise a German stack in place after a combat or a move, by ``key``.

    The sort is stable, so equal pieces keep their order.
    """
    if isinstance(key, _StrongestAttackOnTop):
        # Every German placing and combat sorts a stack of a few pieces: a stable
        # insertion sort comparing the key's terms directly gives the order of
        # ``stack.sort(key=key)`` without a call and a tuple per piece (tests/test_stacks.py).
        roles = key.roles
        for i in range(1, len(stack)):
            piece = stack[i]
            j = i - 1
            while j >= 0 and _attack_key_below(piece, stack[j], roles):
                stack[j + 1] = stack[j]
                j -= 1
            stack[j + 1] = piece
        return
    stack.sort(key=key)


def _attack_key_below(a: Piece, b: Piece, roles: frozenset[str]) -> bool:
    """Whether ``a``'s key is below ``b``'s under :class:`_StrongestAttackOnTop`."""
    a_last = a.role in roles
    b_last = b.role in roles
    if a_last != b_last:
        return b_last
    if a.attack != b.attack:
        return a.attack > b.attack
    return a._reduced < b._reduced


#: An empty stack to read where a zone has none: ``stacks.get(zone, NO_PIECES)``. Typed
#: as a list, the compiled build walks what it gets natively, where ``get(zone, ())`` gave
#: a list or a tuple, walked through Python's iterator protocol. Only ever read.
NO_PIECES: Final[list[Piece]] = []
#: The same for lists of piece ids (``aboard.get(boat_id, NO_IDS)``).
NO_IDS: Final[list[str]] = []


def front_line(stack: Sequence[Piece], last_resort: Collection[str]) -> Piece | None:
    """The piece on the front line: the top piece whose role is not in ``last_resort``.

    Such roles only hold the front line when nothing else is in the zone (Bruneval 2.3 and
    9: officers and radar operators defend themselves when alone; Dieppe 2.2 names
    officers and snipers). Each title passes its own roles.
    """
    # (The roles read as given, a tuple of two or so, rather than made into a set per call.)
    pieces: list[Piece] = stack if isinstance(stack, list) else list(stack)
    for piece in pieces:
        if piece.role not in last_resort:
            return piece
    return pieces[0] if pieces else None


def apply_losses(stack: Sequence[Piece], losses: int, start: int = 0) -> list[tuple[Piece, bool]]:
    """Apply ``losses`` hits to a stack, from the piece at ``start`` downwards.

    Each hit falls on the current piece (:func:`hit`); once that piece is eliminated the
    next hit falls on the piece under it (Dieppe's mortar: two losses eliminate a full
    unit, or a reduced unit and then the unit under it). The caller removes the
    eliminated pieces.

    Returns:
        ``(piece, eliminated)`` for each piece hit, in order.
    """
    out: list[tuple[Piece, bool]] = []
    index = start
    left = losses
    while left > 0 and index < len(stack):
        piece = stack[index]
        gone = hit(piece)
        left -= 1
        if out and out[-1][0] is piece:
            out[-1] = (piece, gone)
        else:
            out.append((piece, gone))
        if gone:
            index += 1
    return out


def hit(piece: Piece) -> bool:
    """Apply one hit: flip a full unit to its back, eliminate a reduced one.

    Units without a reduced side (officers, boats, radar operators) are eliminated at
    once. Returns True when the piece is eliminated.
    """
    if not piece.reduced and piece.kind.reduced is not None:
        piece.reduced = True
        return False
    return True
