"""The state of a Dieppe game: the board (the raids layer's bookkeeping) and what the rules track.

Pieces on the map are in ``stacks`` (zone -> pieces, top first); units aboard an LCA are
off the map, listed in ``aboard`` under their LCA. The state also keeps the alarm track,
the face-down markers and revealed obstacles, the two containers, the action log of the
British phase, the objectives (Hess, telephone, prisoner, Flak, pillboxes, officers) and
the journal. Rule functions change it through small methods here, so every change of the
alarm (and the flip of every marker at 9, rule 7) happens in one place.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from paragraphs_raids.actions import ActionLog
from paragraphs_raids.alert import AlertTrack
from paragraphs_raids.cli import RaidChoices
from paragraphs_raids.dice import Roller, pick_at_random
from paragraphs_raids.journal import Journal
from paragraphs_raids.markers import ANY, ActivationMarkers, Container, MarkerBack
from paragraphs_raids.pickling import by_fields
from paragraphs_raids.stacks import BRITISH, GERMAN, Piece, factor, front_line, hit, sort_by_keys, strongest_on_top
from paragraphs_raids.state import RaidState
from paragraphs_raids.transport import hand_over
from paragraphs_raids.zonemap import LevelSearch, ZoneMap

from paragraphs_dieppe.lookups import Lookups, Params
from paragraphs_dieppe.scenario import Scenario

#: Roles that go under everything in a German stack (see :func:`german_order`).
UNDER_ALL: Final = frozenset({"hess", "officer"})


def german_order(piece: Piece) -> tuple[int, int, int]:
    """Rule 2.2: the Germans keep the highest FF on top, full strength before reduced; the
    Hess cannon never hold the front line against fire (ruling R39), so they go under
    everything, as do officers.

    The raids layer's ``strongest_on_top(factor("fire"), UNDER_ALL)`` written out: every
    German placing sorts its stack with it, so it saves the two calls per piece.
    """
    return (1 if piece.role in UNDER_ALL else 0, -piece.factors["fire"], 1 if piece.reduced else 0)


GERMAN_ORDER: Final = german_order


def german_rank(piece: Piece) -> int:
    """:func:`german_order` as one int that orders the same (the role bit above the fire
    factor, counted down from 4096, above the reduced bit; fire factors are small)."""
    return (1 << 24 if piece.role in UNDER_ALL else 0) + ((1 << 12) - piece.factors["fire"]) * 2 + (1 if piece.reduced else 0)


def sort_german(stack: list[Piece]) -> None:
    """``stack.sort(key=german_order)`` written out: a stable insertion sort on one int per
    piece, in place (tests/test_fast_paths.py compares the two). German stacks are a few
    pieces sorted after every placing and hit, and the key went through Python's generic
    call for each piece."""
    if len(stack) > 1:
        sort_by_keys(stack, [german_rank(p) for p in stack])
#: Ruling R48: officers and snipers hold the front line only when alone (rule 2.2 leaves
#: the British order to the player; this keeps both sides' fronts to fighting units).
LAST_RESORT: Final = ("officer", "sniper", "hess")
#: The British land force counted by the Newhaven deduction (ruling R42).
LANDING_FORCE: Final = frozenset({"commando", "mortar"})


@dataclass(frozen=True, slots=True)
class Options:
    """Choices made before the game: the optional rules of chapter 13 and the events."""

    bad_luck: bool = False
    alarm: bool = False
    vorwarts: bool = False
    events: bool = True
    difficulty: str | None = None

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_fields(self)  # see paragraphs_raids.pickling

    @classmethod
    def from_choices(cls, choices: RaidChoices, levels: dict[str, tuple[str, ...]]) -> Options:
        rules = set(choices.optional) | set(levels.get(choices.difficulty or "", ()))
        return cls("bad_luck" in rules, "alarm" in rules, "vorwarts" in rules, choices.events, choices.difficulty)

    @property
    def optional(self) -> list[str]:
        return [name for name, on in (("bad_luck", self.bad_luck), ("alarm", self.alarm), ("vorwarts", self.vorwarts)) if on]

    def to_json(self) -> dict[str, object]:
        """The raid series' shape: optional rules by name, level, events."""
        return {"optional": self.optional, "difficulty": self.difficulty, "events": self.events}


# A native class in the compiled build: the raids layer's RaidState is compiled in the
# same mypyc run (plugins/compiled.toml), so the game's compiled code reads the state's
# fields straight from the object instead of through the generic attribute look-up.
@dataclass
class GameState(RaidState):
    """Everything on and off the map (see the module docstring)."""

    scenario: Scenario
    roll: Roller
    options: Options = field(default_factory=Options)
    journal: Journal = field(default_factory=Journal)
    turn: int = 1
    phase: str = "A"
    alarm: AlertTrack = field(default_factory=lambda: AlertTrack(maximum=9))
    pieces: dict[str, Piece] = field(default_factory=dict)
    stacks: dict[str, list[Piece]] = field(default_factory=dict)
    aboard: dict[str, list[str]] = field(default_factory=dict)
    markers: ActivationMarkers = field(default_factory=ActivationMarkers)
    obstacles: dict[str, str] = field(default_factory=dict)
    garrison: Container = field(default_factory=lambda: Container((), str))
    reinforcements: Container = field(default_factory=lambda: Container((), str))
    delayed: list[tuple[int, int]] = field(default_factory=list)
    log: ActionLog = field(default_factory=lambda: ActionLog(per_unit=2, distinct=True, closes=True))
    telephones: set[str] = field(default_factory=set)
    telephone_cut: bool = False
    hess_killed: int = 0
    hess_last_turn: int | None = None
    flak_killed: int = 0
    pillboxes_killed: int = 0
    officers_killed: list[str] = field(default_factory=list)
    prisoner: str | None = None
    prisoner_taken: bool = False
    lost: list[str] = field(default_factory=list)
    late: dict[str, int] = field(default_factory=dict)
    off_course: dict[str, str] = field(default_factory=dict)
    reembarked: set[str] = field(default_factory=set)
    stuck: set[str] = field(default_factory=set)
    first_infantry_back: set[str] = field(default_factory=set)
    flipped_all: bool = False
    #: Ruling R21 ``phase_start``: the infantry stacked with an officer when the British
    #: phase began, who alone have his +1 MP in it (game/officers.py); None under
    #: ``move_start``, where the stack each move starts from decides.
    officer_led: frozenset[str] | None = None
    # Choices the rules leave to the British player, asked when a front end plugs them in
    # (the interactive game, ``turn --dice physical``); left None, the program decides:
    #: zone -> what the face-down marker there shows, when the program does not know it.
    ask_marker: Callable[[str], MarkerBack | None] | None = field(default=None, repr=False, compare=False)
    #: (zone, stack) -> the unit the player puts on top after a German fire (rule 2.2).
    british_reorganise: Callable[[str, list[Piece]], Piece | None] | None = field(default=None, repr=False, compare=False)
    #: (commandos, germans) -> whether the assault goes on for another round (rule 11.2).
    keep_going: Callable[[Sequence[Piece], Sequence[Piece]], bool] | None = field(default=None, repr=False, compare=False)
    #: the assaulting units -> the order of the British column (rule 11.2).
    british_column: Callable[[Sequence[Piece]], list[Piece]] | None = field(default=None, repr=False, compare=False)
    #: the last German of an assault -> whether the commandos take him prisoner (rule 12).
    take_prisoner: Callable[[Piece], bool] | None = field(default=None, repr=False, compare=False)
    #: Counts every placing and lifting (``place``, ``lift``, ``move_pieces``; the only
    #: ways pieces enter or leave a zone).
    board_version: int = field(default=0, repr=False, compare=False)
    #: Counts the placings and liftings that change which side a zone is (it empties, is
    #: filled, or gets a top piece of the other side): the zones per side depend on
    #: nothing else, and most moves leave them as they were. The zones per side below are
    #: worked out again only when it has moved (a game asks for them about two hundred
    #: times, between a few dozen moves).
    sides_version: int = field(default=0, repr=False, compare=False)
    _zones_seen: int = field(default=-1, repr=False, compare=False)
    _zones_of_stacks: dict[str, list[Piece]] | None = field(default=None, repr=False, compare=False)
    _british_zones: tuple[str, ...] = field(default=(), repr=False, compare=False)
    _german_zones: tuple[str, ...] = field(default=(), repr=False, compare=False)
    #: ``lost`` as a set, for :meth:`is_lost`: made again whenever ``lost`` has grown or
    #: been replaced (pieces are only ever added to it, by ``eliminate``).
    _lost_seen: int = field(default=-1, repr=False, compare=False)
    _lost_list: list[str] | None = field(default=None, repr=False, compare=False)
    _lost_ids: set[str] = field(default_factory=set, repr=False, compare=False)
    #: Route searches made during this game, each kept while the board it was made for
    #: holds: the British player's from a goal, by (goal, German zones, marker zones,
    #: obstacles), with their weights (policy.py), and the Germans' from a zone, by (zone,
    #: zones avoided, British zones) (game/german.py). Kept with the game, not in the
    #: process: a process-wide table outlived the games, so a series paid for every
    #: search again at exit and the garbage collector went over them all game after game.
    toward: dict[tuple[str, tuple[str, ...], tuple[str, ...], tuple[tuple[str, str], ...]], tuple[dict[str, int], LevelSearch]] = field(default_factory=dict, repr=False, compare=False)
    searches_from: dict[tuple[str, frozenset[str], frozenset[str]], LevelSearch] = field(default_factory=dict, repr=False, compare=False)
    # The scenario's parts a game reads on most actions, kept as plain fields: the
    # scenario is an interpreted class, so in the compiled build every
    # ``g.scenario.lookups`` went through Python's generic attribute look-up. Set by
    # :meth:`use_scenario`, the one way to give the state a scenario (tests of a ruling
    # call it again with a changed scenario).
    lookups: Lookups = field(init=False, repr=False, compare=False)
    params: Params = field(init=False, repr=False, compare=False)
    map: ZoneMap = field(init=False, repr=False, compare=False)
    boat_only: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.use_scenario(self.scenario)

    def use_scenario(self, scenario: Scenario) -> None:
        """Play on ``scenario`` from now on, with the parts of it kept above."""
        self.scenario = scenario
        self.lookups = scenario.lookups
        self.params = scenario.params
        self.map = scenario.zmap
        self.boat_only = scenario.boat_only_zones

    # ------------------------------------------------------------------ RaidState
    @property
    def alert(self) -> AlertTrack:
        """The alarm track under the raid series' shared name (templates and pictures read it)."""
        return self.alarm

    # RaidState declares these two as properties (a field of the same name could not
    # replace them), so they hand out the fields kept by use_scenario.
    @property
    def zmap(self) -> ZoneMap:
        return self.map

    @property
    def boat_only_zones(self) -> frozenset[str]:
        return self.boat_only

    @property
    def german_key(self) -> Callable[[Piece], Any]:
        return GERMAN_ORDER

    def points_in(self, zone: str, pieces: Iterable[Piece] | None = None) -> int:
        """Levels that count in ``zone``; a prisoner's level counts with his escort (rule 12)."""
        # A list either way (a stack, or the pieces given, usually a list already): the
        # compiled build indexes a list natively (about two hundred calls a game).
        source: list[Piece]
        if pieces is None:
            stack = self.stacks.get(zone)
            if stack is None:
                return 0
            source = stack
        else:
            source = pieces if isinstance(pieces, list) else list(pieces)
        if zone in self.boat_only:
            return sum(p.points for p in source if p.kind.role == "boat")
        total = 0
        for p in source:
            total += p.points
            if p.carrying:
                total += sum(self.pieces[c].points for c in p.carrying)
        return total

    def pieces_of(self, side: str) -> list[Piece]:
        """The pieces of ``side`` on the map, zone by zone (a list: games ask it every phase).

        Only the zones whose stack is ``side``'s are read: between two actions a zone
        never holds both sides (rules 1.2 and 2.2; ``check_stacking`` checks it).
        """
        stacks = self.stacks
        return [p for z in self.zones_of(side) for p in stacks[z]]

    # ------------------------------------------------------------------ reading
    def log_line(self, text: str) -> None:
        self.journal.log(self.turn, self.phase, text)

    def front(self, zone: str) -> Piece | None:
        """The front line of the stack in ``zone`` (rule 2.2)."""
        return front_line(self.stack(zone), LAST_RESORT)

    def cargo(self, lca: Piece) -> list[Piece]:
        ids = self.aboard.get(lca.id)  # (a list, iterated natively; not .get(id, ()))
        if ids is None:
            return []
        pieces = self.pieces
        return [pieces[c] for c in ids]

    def cargo_levels(self, lca: Piece) -> int:
        return sum(p.points + sum(self.pieces[c].points for c in p.carrying) for p in self.cargo(lca))

    def british_land_units(self) -> list[Piece]:
        """Surviving British units other than LCAs, on the map or aboard."""
        out = [p for p in self.pieces_of(BRITISH) if p.role != "boat"]
        for ids in self.aboard.values():
            out += [self.pieces[c] for c in ids]
        return out

    def zones_of(self, side: str) -> tuple[str, ...]:
        """Zones whose stack is ``side``'s, in the order the stacks were first made (the
        order German tie-breaks roll over). Read-only: it is kept until the board changes."""
        if self._zones_seen != self.sides_version or self._zones_of_stacks is not self.stacks:
            british: list[str] = []
            german: list[str] = []
            for z, s in self.stacks.items():
                if s:
                    if s[0].side == BRITISH:
                        british.append(z)
                    else:
                        german.append(z)
            self._british_zones = tuple(british)
            self._german_zones = tuple(german)
            self._zones_seen = self.sides_version
            self._zones_of_stacks = self.stacks
        if side == BRITISH:
            return self._british_zones
        return self._german_zones if side == GERMAN else ()

    def is_lost(self, piece_id: str) -> bool:
        """``piece_id in self.lost``, read from a set: the rules ask it of every unit of an
        assault round, an arrival and a German fire, and the list grows to dozens."""
        lost = self.lost
        if self._lost_seen != len(lost) or self._lost_list is not lost:
            self._lost_ids = set(lost)
            self._lost_seen = len(lost)
            self._lost_list = lost
        return piece_id in self._lost_ids

    def side_in(self, zone: str) -> str | None:
        """The raids layer's ``side_in`` (the side of the top piece, None for an empty
        zone) on the list itself: its loop over ``stacks.get(zone, ())`` went through
        Python's iteration protocol, some two hundred times a game."""
        stack = self.stacks.get(zone)
        return stack[0].side if stack else None

    def stack(self, zone: str) -> list[Piece]:
        """The raids layer's ``stack`` (an empty zone gets its list, at the end of
        ``stacks``), without building a spare empty list on every call."""
        found = self.stacks.get(zone)
        if found is None:
            found = self.stacks[zone] = []
        return found

    # ------------------------------------------------------------------ placing
    # RaidState.place and RaidState.lift written out (a game places and lifts some 300
    # times, and each went through four calls); the same steps in the same order.
    def place(self, piece: Piece, zone: str, *, top: bool = False) -> None:
        stacks = self.stacks
        if piece.zone:
            self.lift(piece)
        self.board_version += 1
        piece.zone = zone
        stack = stacks.get(zone)
        if stack is None:
            stack = stacks[zone] = []
        before = stack[0].side if stack else ""
        if top:
            stack.insert(0, piece)
        else:
            stack.append(piece)
        if piece.side == GERMAN and len(stack) > 1:
            sort_german(stack)  # reorganise_german with the German order
        if stack[0].side != before:
            self.sides_version += 1

    def lift(self, piece: Piece) -> None:
        self.board_version += 1
        if piece.zone:
            stack = self.stacks.get(piece.zone)
            if stack is not None and piece in stack:
                before = stack[0].side
                stack.remove(piece)
                if (stack[0].side if stack else "") != before:
                    self.sides_version += 1
            piece.zone = ""

    def move_pieces(self, pieces: Iterable[Piece], zone: str) -> None:
        # Counted here too, in case the raids layer moves them without place and lift.
        RaidState.move_pieces(self, pieces, zone)
        self.board_version += 1
        self.sides_version += 1

    def letter(self, zone: str) -> str:
        return self.lookups.letters[zone]

    # ------------------------------------------------------------------ alarm (rule 7)
    def alarm_event(self, event: str) -> int:
        """Raise the alarm for one occurrence of ``event``; at 9, every marker is revealed."""
        added = self.alarm.happen(event, at_once=True)
        if added and self.journal.enabled:
            self.log_line(f"alarm +{added} ({event.replace('_', ' ')}): level {self.alarm.level}")
        if self.alarm.level >= self.params.flip_all_at_alarm:
            self.flip_all("the alarm reaches 9")
        return added

    def flip_all(self, why: str) -> None:
        """Rules 7 and 12 (ruling R18): every face-down marker is revealed, the alarm goes to 9."""
        if self.flipped_all:
            return
        self.flipped_all = True
        self.alarm.set_level(self.params.flip_all_at_alarm)
        self.log_line(f"{why}: every A and B marker is turned over, alarm 9")
        for zone in list(self.markers):
            self.reveal(zone)

    # ------------------------------------------------------------------ markers (rule 10)
    def reveal(self, zone: str) -> list[Piece]:
        """Turn the marker of ``zone`` over: place its garrison units or its obstacle.

        Returns the German units placed (empty for an obstacle).
        """
        back = self.markers.reveal(zone)
        if back is None and self.ask_marker is not None:
            # the player's own marker: he says what it shows
            back = self.ask_marker(zone)
        if back is None:
            return []
        if back.obstacle:
            self.obstacles[zone] = back.obstacle
            self.log_line(f"marker in {zone} turned over: {back.obstacle}")
            return []
        letter = self.letter(zone)
        wanted = list(back.units)
        if self.options.bad_luck and letter not in self.first_infantry_back and any(t == "infantry" for t, _ in wanted):
            # Optional rule Bad luck! (R44): twice the infantry, within the limit.
            self.first_infantry_back.add(letter)
            wanted = [(t, n * 2 if t == "infantry" else n) for t, n in wanted]
        placed: list[Piece] = []
        limit = self.params.side_stacking
        pieces = self.pieces
        left = self.garrison.left
        for unit_type, n in wanted:
            # Container.of_type with the garrison's type (a counter's role) read directly,
            # once per type: each draw below takes its unit out of this list too.
            ids = list(left) if unit_type == ANY else [c for c in left if pieces[c].role == unit_type]
            for _ in range(n):
                if not ids:
                    break
                nxt = pieces[ids[0]]
                if self.points_in(zone) + nxt.points > limit:
                    break
                # Container.draw of one unit, without looking the type up a second time.
                drawn = pick_at_random(ids, self.roll, f"garrison for {zone}: {unit_type}")
                left.remove(drawn)
                ids.remove(drawn)
                piece = self.pieces[drawn]
                self.place(piece, zone)
                placed.append(piece)
        if self.journal.enabled:
            self.log_line(f"marker in {zone} turned over: {back.describe()}" + (f"; placed {', '.join(p.label() for p in placed)}" if placed else "; nobody left to place"))
        event = {"A": "first_a_marker", "B": "first_b_marker"}.get(letter)
        if placed and event:
            self.alarm_event(event)
        return placed

    # ------------------------------------------------------------------ losses
    def eliminate(self, piece: Piece, companions: Sequence[Piece] = ()) -> None:
        """Take an eliminated piece off the game (an LCA takes its cargo with it, R8/R38).

        ``companions`` are the units with it off the map (an assault's commandos): a
        prisoner it escorted goes to one of them, as he would to a unit of its zone.
        """
        zone = piece.zone
        self.lift(piece)
        self.lost.append(piece.id)
        if piece.id in ("lovat", "mills-roberts"):
            self.officers_killed.append(piece.id)
        role = piece.role
        if role == "flak":
            self.flak_killed += 1
        elif role == "pillbox":
            self.pillboxes_killed += 1
        elif role == "hess":
            self.hess_killed += 1
            if self.hess_killed >= 2:
                self.hess_last_turn = self.turn
        if role == "boat":
            for cid in self.aboard.pop(piece.id, []):
                self.lift(self.pieces[cid])
                self.eliminate(self.pieces[cid])
        if piece.carrying:
            self._hand_over(piece, zone, companions)
        if piece.id == self.prisoner:
            self.prisoner = None

    def _hand_over(self, escort: Piece, zone: str, companions: Sequence[Piece] = ()) -> None:
        carried = list(escort.carrying)
        escort.carrying.clear()
        # Rule 12: the prisoner is lost only when left alone (R40: another commando with
        # the escort takes him, in its zone or in the assault it fell in).
        around = self.stack(zone) if zone else [p for p in companions if p.id not in self.lost]
        other = hand_over(around, escort, lambda p: p.role == "commando")
        if other is not None:
            other.carrying += carried
            self.log_line(f"{other.label()} takes over the prisoner")
        else:
            self.prisoner = None
            self.log_line("the prisoner is left alone and lost")

    def take_loss(self, piece: Piece, companions: Sequence[Piece] = ()) -> bool:
        """One loss (rule 11.1): flip a full unit, eliminate a reduced one. True if eliminated.

        ``companions``: as for :meth:`eliminate` (a stack on the move is off the map).
        """
        gone = hit(piece)
        if gone:
            self.eliminate(piece, companions)
        elif piece.side == GERMAN and piece.zone:
            sort_german(self.stack(piece.zone))
        return gone
