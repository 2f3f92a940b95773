"""Observation: range, chance and the limits of section [8.0].

The chance starts from the side's code letter ([8.63]), loses 20 while a defending side
has not yet seen a commando (not below 5, L1896), adds the [8.64] modifiers and is held
between 5 and 95 (L1921). The roll succeeds at or under the chance ([8.0] procedure).
"""

from __future__ import annotations

from dataclasses import dataclass

from paragraphs.errors import ParagraphsError

from paragraphs_spi_commando.cells import Charts

MINIMUM, MAXIMUM = 5, 95
#: [8.64] rows for the terrain of the target's square.
TERRAIN_ROWS = {
    "woods": "target_in_woods_or_rubble",
    "rubble": "target_in_woods_or_rubble",
    "rough": "target_in_rough_crater_forest_dune",
    "crater": "target_in_rough_crater_forest_dune",
    "rough_crater": "target_in_rough_crater_forest_dune",
    "forest": "target_in_rough_crater_forest_dune",
    "dune": "target_in_rough_crater_forest_dune",
}


def observation_range(charts: Charts, weather: str, light: str) -> int | None:
    """Squares a man can observe in ``weather`` by ``light`` (``day``, ``dawn_dusk``,
    ``night``); ``None`` means unlimited ([8.13])."""
    value = charts.value("observation_range", weather, light)
    return None if value == "unlimited" else int(value)


def in_range(distance: int, limit: int | None) -> bool:
    """[8.12]: a man may try when the target is at or within the observation range."""
    return limit is None or distance <= limit


@dataclass(frozen=True, slots=True)
class Sighting:
    """What [8.64] looks at for one attempt."""

    distance: int = 0
    target_prone: bool = False
    target_terrain: str = "clear"
    target_inside_building: bool = False
    target_inside_hangar: bool = False
    observer_moved: bool = False
    target_moving: bool = False
    searchlight_near: bool = False
    searchlight_lit: bool = False

    def __post_init__(self) -> None:
        # a range typed as -3 once gave the chance of an adjacent target without a word
        if self.distance < 0:
            raise ParagraphsError(f"a range is a number of squares, 0 or more, not {self.distance}")


def base_chance(charts: Charts, code: str, *, defending: bool = False) -> int:
    """[8.63] by code letter; a defending side before its first sighting of a commando
    loses 20, down to 5 at least (L1896)."""
    chance = charts.number("observation_index", code)
    if defending:
        chance = max(chance - 20, MINIMUM)
    return chance


def modifiers(charts: Charts, s: Sighting, *, ruling_r11: str = "exclusive") -> list[tuple[str, int]]:
    """The [8.64] rows that apply, with their values. Ruling R11: at 50 squares or more
    only the -40 applies (``exclusive``) or both range rows do (``cumulative``)."""
    rows = []
    if s.target_prone:
        rows.append("target_prone")
    if s.target_terrain in TERRAIN_ROWS:
        rows.append(TERRAIN_ROWS[s.target_terrain])
    if s.target_inside_building:
        rows.append("target_inside_building")
    elif s.target_inside_hangar:
        rows.append("target_inside_hangar")
    if s.observer_moved:
        rows.append("observer_moved")
    if s.target_moving:
        rows.append("target_moving")
    if s.distance >= 50:
        rows += ["range_50"] if ruling_r11 == "exclusive" else ["range_30", "range_50"]
    elif s.distance >= 30:
        rows.append("range_30")
    if s.searchlight_near:
        rows.append("searchlight_near")
    if s.searchlight_lit:
        rows.append("searchlight_lit")
    return [(r, charts.number("observation_modifiers", r)) for r in rows]


def observation_chance(charts: Charts, code: str, s: Sighting, *, defending: bool = False, ruling_r11: str = "exclusive", lighting: int = 0) -> int:
    """The chance (5-95) that one attempt observes the target ([8.7], [8.63], [8.64]);
    ``lighting`` is the optional rules' +30 or -30 of a lit area ([33.26], [33.27],
    [34.11]), added before the chance is held between 5 and 95."""
    total = base_chance(charts, code, defending=defending) + sum(v for _, v in modifiers(charts, s, ruling_r11=ruling_r11)) + lighting
    return min(max(total, MINIMUM), MAXIMUM)


def observed(chance: int, roll: int) -> bool:
    """The d100 (1-100) observes at or under the chance."""
    if not 1 <= roll <= 100:
        raise ParagraphsError(f"a d100 reads 1-100, not {roll}")
    return roll <= chance


@dataclass
class ObserverLedger:
    """One man's observation limits ([8.31], [8.32], [8.34], [8.36], [8.85]).

    ``held`` are the enemy men he observes now; ``new_this_turn`` those he observed
    this game-turn; ``phase_successes`` his successes this phase; ``attempted`` the
    enemy men he tried this phase.
    """

    held: set[str]
    new_this_turn: int = 0
    phase_successes: int = 0
    attempted: set[str] | None = None
    attempts_in_observation_phase: int = 0

    def refusal(self, target: str, *, phase: str) -> str | None:
        """Why the man may not try to observe ``target`` now, or None when he may."""
        if target in self.held:
            return "he already observes that man"
        if phase == "observation" and self.attempts_in_observation_phase >= 1:
            return "one attempt per man in the Observation Phase ([8.31])"
        if target in (self.attempted or set()):
            return "one attempt at a given enemy man per phase ([8.36])"
        if phase != "observation" and self.phase_successes >= 1:
            return "one success per task execution phase ([8.32])"
        if self.new_this_turn >= 2:
            return "two new observations a game-turn at most ([8.85])"
        if len(self.held) >= 3:
            return "three men observed at a time at most ([8.34])"
        return None

    def record(self, target: str, success: bool, *, phase: str) -> None:
        if self.attempted is None:
            self.attempted = set()
        self.attempted.add(target)
        if phase == "observation":
            self.attempts_in_observation_phase += 1
        if success:
            self.held.add(target)
            self.new_this_turn += 1
            self.phase_successes += 1

    def new_phase(self) -> None:
        self.phase_successes = 0
        self.attempted = set()

    def new_turn(self) -> None:
        self.new_phase()
        self.new_this_turn = 0
        self.attempts_in_observation_phase = 0

    def lapse(self, target: str, *, in_range: bool, in_los: bool) -> bool:
        """Bookkeeping ([8.84]): the observation lapses only when the target is out of
        range or out of sight then; return whether it lapsed."""
        if target in self.held and not (in_range and in_los):
            self.held.discard(target)
            return True
        return False


def range_from_ruler(inches: float) -> int:
    """Addenda (L2180): a quarter inch of ruler is one square of range."""
    return int(inches * 4)
