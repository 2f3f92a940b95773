"""Raid board bookkeeping: moving several pieces at once keeps the order one by one gives."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from paragraphs_raids.stacks import Factors, Piece, UnitKind, attack_factor, strongest_on_top
from paragraphs_raids.state import RaidState
from paragraphs_raids.zonemap import Connection, Zone, ZoneMap

ZMAP = ZoneMap([Zone(z, z, 0, 99) for z in "abc"], [Connection("a", "b", "solid"), Connection("b", "c", "solid")], {"land": {"solid": 1}})
ON_TOP = strongest_on_top(attack_factor, ("radar_operator",))


@dataclass
class Board(RaidState):
    stacks: dict[str, list[Piece]] = field(default_factory=dict)
    pieces: dict[str, Piece] = field(default_factory=dict)
    aboard: dict[str, list[str]] = field(default_factory=dict)

    @property
    def zmap(self) -> ZoneMap:
        return ZMAP

    @property
    def german_key(self) -> Any:
        return ON_TOP


def kind(side: str, attack: int, role: str = "infantry") -> UnitKind:
    return UnitKind(f"{side}-{role}-{attack}", side, role, Factors.of(attack=attack, defence=1, move=2, points=2), Factors.of(attack=max(attack - 1, 0), defence=1, move=1, points=1))


def board(rng: random.Random, side_of: Any) -> Board:
    b = Board()
    for i in range(rng.randint(0, 12)):
        p = Piece(f"p{i}", kind(side_of(rng), rng.randint(0, 3), rng.choice(("infantry", "infantry", "radar_operator"))), reduced=rng.random() < 0.3)
        b.pieces[p.id] = p
        b.place(p, rng.choice("abc"))
    return b


@pytest.mark.parametrize("seed", range(30))
def test_moving_pieces_at_once_orders_the_stack_as_placing_them_one_by_one(seed: int) -> None:
    # German stacks are sorted once after all arrive instead of after each (equal pieces
    # stay in arrival order either way); mixed or British moves go one by one.
    for side_of in (lambda r: "german", lambda r: r.choice(("german", "british"))):
        rng = random.Random(seed)
        batched, single = board(rng, side_of), board(random.Random(seed), side_of)
        for _ in range(5):
            ids = rng.sample(sorted(batched.pieces), rng.randint(0, len(batched.pieces)))
            zone = rng.choice("abc")
            batched.move_pieces([batched.pieces[i] for i in ids], zone)
            for i in ids:
                single.place(single.pieces[i], zone)
            assert {z: [p.id for p in s] for z, s in batched.stacks.items()} == {z: [p.id for p in s] for z, s in single.stacks.items()}
            assert list(batched.stacks) == list(single.stacks)  # zones first used in the same order


@pytest.mark.parametrize("seed", range(10))
def test_zones_of_sides_is_both_readings_in_one_pass(seed: int) -> None:
    rng = random.Random(seed)
    b = board(rng, lambda r: r.choice(("german", "british")))
    b.stacks.setdefault("c", [])  # an empty zone belongs to neither side
    assert b.zones_of_sides() == (b.british_zones(), b.german_zones())
    # Each side's zones, read with a loop stopping at the top piece, against the plain reading.
    for side, found in (("british", b.british_zones()), ("german", b.german_zones())):
        assert found == {z for z, s in b.stacks.items() if s and s[0].side == side}
