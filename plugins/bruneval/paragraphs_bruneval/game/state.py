"""The state of a game of Raid sur Bruneval: where every counter is, the tracks, the objectives.

Stacks are lists of pieces per zone, top first. Units embarked in an LCA leave the map and
are listed under the boat (rule 11). Objects a unit carries (captured radar operators, the
dismantled Würzburg) are listed on the unit (rule 10). The rules (``paragraphs_bruneval.rules``)
read and change this state; the policy only acts through :mod:`paragraphs_bruneval.game.actions`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from paragraphs_raids.alert import AlertTrack
from paragraphs_raids.state import RaidState
from paragraphs_raids.dice import Roller
from paragraphs_raids.journal import Journal
from paragraphs_raids.markers import ActivationMarkers, MarkerBack
from paragraphs_raids.pickling import by_fields
from paragraphs_raids.stacks import BRITISH, Piece, attack_factor, strongest_on_top
from paragraphs_raids.transport import hand_over
from paragraphs_raids.zonemap import ZoneMap

from paragraphs_bruneval.lookups import Lookups, Params
from paragraphs_bruneval.scenario import Scenario

WURZBURG: Final = "wurzburg"
#: The group of optional rule 18's Commandos (their points never load a boat).
COMMANDOS = "commandos"
#: Rule 2.3: the highest attack factor on top of a German stack; radar operators last.
GERMAN_ORDER: Final = strongest_on_top(attack_factor, ("radar_operator",))
#: Rules 2.3 and 9: officers and radar operators hold the front line only when alone.
LAST_RESORT: Final = ("officer", "radar_operator")


@dataclass(frozen=True, slots=True)
class Options:
    """Choices made before the game (rule 3.3: the optional rule; and the events)."""

    commando: bool = False
    events: bool = True

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_fields(self)  # see paragraphs_raids.pickling

    def to_json(self) -> dict[str, object]:
        """The raid series' shape: optional rules by name, level, events."""
        return {"optional": ["commando"] if self.commando else [], "difficulty": None, "events": self.events}


@dataclass
class Wurzburg:
    """The radar objective (rule 10).

    Attributes:
        status: ``intact`` (in zone W), ``dismantled`` (carried or lying somewhere),
            ``embarked`` (in an LCA or gone with one).
        zone: where it lies when nobody carries it.
        carrier: id of the unit carrying it.
    """

    status: str = "intact"
    zone: str | None = None
    carrier: str | None = None


# A native class in the compiled build: the raids layer's RaidState is compiled in the
# same mypyc run (plugins/compiled.toml), so the game's compiled code reads the state's
# fields straight from the object instead of through the generic attribute look-up.
@dataclass
class GameState(RaidState):
    """Everything on and off the map (see the module docstring); the stacks' bookkeeping
    is the raid layer's :class:`~paragraphs_raids.state.RaidState`."""

    scenario: Scenario
    roll: Roller
    options: Options = field(default_factory=Options)
    journal: Journal = field(default_factory=Journal)
    turn: int = 1
    phase: str = "A"
    alert: AlertTrack = field(default_factory=lambda: AlertTrack(maximum=6))
    pieces: dict[str, Piece] = field(default_factory=dict)
    stacks: dict[str, list[Piece]] = field(default_factory=dict)
    markers: ActivationMarkers = field(default_factory=ActivationMarkers)
    garrison_pool: list[str] = field(default_factory=list)
    reinforcement_pool: list[str] = field(default_factory=list)
    holds_post: frozenset[str] = frozenset()
    eliminated: list[str] = field(default_factory=list)
    aboard: dict[str, list[str]] = field(default_factory=dict)
    sailed: list[str] = field(default_factory=list)
    wurzburg: Wurzburg = field(default_factory=Wurzburg)
    villa_destroyed: bool = False
    dismantling_turns: int = 0
    in_w_at_start: set[str] = field(default_factory=set)
    boats_arrived: bool = False
    boat_modifier: int = 0
    events_used: set[str] = field(default_factory=set)
    late_entries: dict[str, int] = field(default_factory=dict)
    lost_groups: set[str] = field(default_factory=set)
    dropped_groups: set[str] = field(default_factory=set)
    capacity: dict[str, int] = field(default_factory=dict)
    boats_fought: set[str] = field(default_factory=set)
    #: Check the stacking limits after every phase (tests, ``simulate --check``).
    check_stacking: bool = False
    #: How the British player orders a stack for combat (the policy may set it, rule 9).
    british_front: Callable[[Sequence[Piece], bool], Piece] | None = None
    #: Rule 2.3: after a combat the British player may reorganise the stacks involved.
    #: Given a zone and its British stack (top first), returns the unit to put on top,
    #: or None to leave it (a companion asks the player; None: nobody is asked).
    british_reorganise: Callable[[str, list[Piece]], Piece | None] | None = None
    #: What a flipped marker shows when the program does not know its back (the player's
    #: own face-down markers): a companion asks; None leaves the placing to the player.
    ask_marker: Callable[[str], MarkerBack | None] | None = None
    #: The scenario's map, kept on the state: every rule reads it at every step, and the
    #: scenario is an interpreted object (each of its attributes a dictionary look-up).
    map: ZoneMap = field(init=False, repr=False, compare=False)
    #: The scenario's answers a game reads on most steps (its compiled lookups) and its
    #: fixed numbers, taken from it once: plain attributes, read compiled straight from
    #: the object and interpreted without a call. Replace the scenario with
    #: :meth:`use_scenario`, which takes them again.
    lookups: Lookups = field(init=False, repr=False, compare=False)
    params: Params = field(init=False, repr=False, compare=False)
    #: The zones of the radar (W) and of the Villa ("" when the map has none: test maps).
    wurzburg_zone: str = field(init=False, repr=False, compare=False)
    villa_zone: str = field(init=False, repr=False, compare=False)
    #: Side (None: all) -> (how many pieces there were, its pieces): see :meth:`pieces_of_side`.
    _side_pieces: dict[str | None, tuple[int, list[Piece]]] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._take_from_scenario()

    def use_scenario(self, scenario: Scenario) -> None:
        """Play on with ``scenario`` (tests of a ruling replace the scenario so)."""
        self.scenario = scenario
        self._take_from_scenario()

    def _take_from_scenario(self) -> None:
        scenario = self.scenario
        self.map = scenario.zmap
        lookups = self.lookups = scenario.lookups
        self.params = lookups.params
        self.wurzburg_zone = lookups.wurzburg_zone or ""
        self.villa_zone = lookups.villa_zone or ""

    # ------------------------------------------------------------------ shortcuts
    @property
    def zmap(self) -> ZoneMap:
        return self.map

    def ruling(self, ruling_id: str) -> str:
        """``scenario.ruling(ruling_id)``."""
        return self.lookups.rulings[ruling_id]

    def log(self, text: str) -> None:
        """Journal a line for the current turn and phase (with the rolls made for it)."""
        self.journal.log(self.turn, self.phase, text)

    @property
    def boat_only_zones(self) -> frozenset[str]:
        """Embarkation zones count only boats toward their limit (rule 1.4, assumed)."""
        return self.lookups.boat_only_zones

    @property
    def german_key(self) -> Callable[[Piece], Any]:
        return GERMAN_ORDER

    # ------------------------------------------------------------------ losses
    def eliminate(self, piece: Piece, why: str) -> None:
        """Remove a piece for good; what it carried or carried aboard follows the rules.

        Rule 10: a dismantled Würzburg whose carrier is gone stays in the zone; a prisoner
        passes to another British unit in the zone able to escort it, or is lost with no VP.
        A boat takes the units aboard it down with it (ruling: they cannot get ashore).
        """
        zone = piece.zone
        self.lift(piece)
        self.eliminated.append(piece.id)
        if self.journal.enabled:  # (a series keeps no journal: no words to build)
            self.log(f"{piece.label()} is eliminated ({why}).")
        for obj in list(piece.carrying):
            self._drop(obj, zone, piece)
        piece.carrying.clear()
        for cargo_id in self.aboard.pop(piece.id, []):
            cargo = self.pieces[cargo_id]
            self.eliminated.append(cargo_id)
            self.log(f"{cargo.label()} goes down with {piece.label()}.")
            for obj in cargo.carrying:
                if obj == WURZBURG:
                    self.wurzburg = Wurzburg("lost")
            cargo.carrying.clear()

    def _drop(self, obj: str, zone: str, carrier: Piece) -> None:
        from paragraphs_bruneval.rules.objectives import can_carry_radar, can_escort_prisoner

        if obj == WURZBURG:
            heir = next((p for p in self.stacks.get(zone, ()) if can_carry_radar(p) and p is not carrier), None)
            if heir is not None:
                heir.carrying.append(WURZBURG)
                self.wurzburg = Wurzburg("dismantled", None, heir.id)
                self.log(f"{heir.label()} takes over the dismantled Würzburg.")
            else:
                self.wurzburg = Wurzburg("dismantled", zone, None)
                self.log(f"The dismantled Würzburg is left in {zone}.")
            return
        heir = hand_over(self.stacks.get(zone, ()), carrier, can_escort_prisoner)
        if heir is not None:
            heir.carrying.append(obj)
            self.log(f"{heir.label()} now escorts the prisoner {self.pieces[obj].label()}.")
        else:
            self.eliminated.append(obj)
            self.log(f"The prisoner {self.pieces[obj].label()} is lost with his escort (no VP).")

    # ------------------------------------------------------------------ queries
    def cargo_points(self, boat: Piece, counts: Callable[[Piece], bool] = lambda p: p.group != COMMANDOS) -> int:
        """Stacking points embarked in ``boat`` (Commandos do not count, rule 14 and 18)."""
        return RaidState.cargo_points(self, boat, counts)

    def zones_of_side(self, side: str) -> set[str]:
        """The zones whose top piece is of ``side`` (:meth:`RaidState.zones_of_side`),
        found from that side's pieces rather than from every entry of the board.

        The board keeps an entry for every zone anybody has stood in (about 34 by
        mid-game, half of them empty, see :meth:`RaidState.lift`), each read through a
        dictionary; a side's pieces are a list (26 British, 36 German), and a piece is on
        the map exactly when it has a zone, standing then in that zone's stack. German
        combat, German movement and the player ask this several times a turn
        (tests/test_fast_paths.py holds it to the plain reading).
        """
        zones: set[str] = set()
        stacks = self.stacks
        for p in self.pieces_of_side(side):
            zone = p.zone
            if zone and stacks[zone][0] is p:
                zones.add(zone)
        return zones

    def pieces_of_side(self, side: str | None = None) -> list[Piece]:
        """The pieces of ``side`` (None: every piece), on the map or not, in the order of
        :attr:`pieces`.

        Kept for the game once made (the set-up makes every piece before play starts);
        made again if pieces were added since (a count of them is kept with the list).
        A list is walked natively in the compiled build, the dictionary's values each
        through a call.
        """
        pieces = self.pieces
        kept = self._side_pieces.get(side)
        if kept is None or kept[0] != len(pieces):
            listed = [p for p in pieces.values() if side is None or p.side == side]
            kept = self._side_pieces[side] = (len(pieces), listed)
        return kept[1]

    def officers(self) -> list[Piece]:
        return [p for p in self.on_map(BRITISH) if p.role == "officer"]

    def group_alive(self, group: str) -> list[Piece]:
        return [p for p in self.on_map(BRITISH) if p.group == group]
